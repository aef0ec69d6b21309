/* The sandbox's controls as data: each has a group, a name, the key that
 * does the same, and what it reads and changes of the sandbox. The panel
 * (panel.cpp) draws them; another front end can draw the same table. A
 * control and its key call the same function, so that clicking one does
 * to the world exactly what pressing the other does. Plain C: the panel's
 * C++ sees the sandbox only through these. */
#ifndef FL_SANDBOX_CONTROLS_H
#define FL_SANDBOX_CONTROLS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sandbox sandbox;

typedef enum control_kind {
    CONTROL_ACTION, /* a button: run() */
    CONTROL_TOGGLE, /* a check box: get() is 0 or 1, set() takes either */
    CONTROL_VALUE,  /* a slider and a typed value in [min, max] (unit) */
    CONTROL_CHOICE  /* one of `choices`: get() and set() its index */
} control_kind;

typedef struct control {
    const char *group; /* the heading it is shown under */
    const char *name;
    const char *key;   /* the shortcut that does the same ("" for none) */
    const char *help;  /* a sentence: what it does */
    control_kind kind;
    double min, max;   /* CONTROL_VALUE: its range ... */
    bool log;          /* ... on a logarithmic slider */
    const char *unit;  /* ... its unit ("" for a pure number) */
    const char *format; /* ... as printf shows it */
    const char *const *choices; /* CONTROL_CHOICE: the names, `max` + 1 of them */
    double (*get)(const sandbox *sb);
    void (*set)(sandbox *sb, double v);
    void (*run)(sandbox *sb);
    bool (*usable)(const sandbox *sb); /* NULL: always */
} control;

/* The table, in the order shown. */
const control *sandbox_controls(int *count);
/* Whether control c can be used now. */
bool control_usable(const control *c, const sandbox *sb);
/* The HUD's lines when the view is too narrow for them (sandbox_place_hud),
 * for the panel to show at its top; 0 when they are over the world. */
#define PANEL_READING_LINES 6
#define PANEL_READING_MAX 96
int sandbox_panel_readings(const sandbox *sb, char lines[PANEL_READING_LINES][PANEL_READING_MAX]);
/* Whether the window reads typed text for itself (the picker's filter),
 * so that a control's box done with its text must not stop SDL's. */
bool sandbox_reads_text(const sandbox *sb);

#ifdef __cplusplus
}
#endif

#endif
