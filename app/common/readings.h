/* What can be read off a body as it floats, by name: the one list the
 * trace, the --plot chart, the window's inspector and its live plot all
 * take their numbers from. No SDL, no Cairo. */
#ifndef FL_READINGS_H
#define FL_READINGS_H

#include <stdbool.h>
#include "flotsam/flotsam.h"

typedef enum reading {
    READ_DRAFT,          /* m: the lowest point's depth below the surface (NAN: dry) */
    READ_HEEL,           /* deg: the angle within +-180 */
    READ_VERTICAL_SPEED, /* m/s, up */
    READ_KINETIC,        /* J: translation and spin */
    READ_TOTAL,          /* J: kinetic, gravity's (height above y = 0), buoyancy potential */
    READ_SUBMERGED,      /* the fraction under (0: dry) */
    READ_GM,             /* m: GM solid, the hold's water (if any) a fixed weight
                            (NAN: the surface does not cut it) */
    READ_GM_FLUID,       /* m: GM fluid, less the water's free-surface correction */
    READ_X,
    READ_Y,
    READ_COUNT
} reading;

/* Its name as a chart's axis or the HUD says it ("draft (m)"). */
const char *reading_label(reading r);
/* The reading a --quantity name ("draft", "vertical-speed"...) means, or
 * -1 (total energy has no name there). */
int reading_named(const char *name);
/* The names --quantity takes, for its messages. */
const char *reading_names_known(void);

/* Reading r of body b of s, whose hydrostatics hs were measured now. */
double reading_value(const fl_sim *s, fl_body_id b, const fl_hydrostatics *hs, reading r);

/* The ropes tied to b, pulling up (N; negative: holding it down), and how
 * many of them are taut (*taut, may be NULL): for a body hanging still, its
 * apparent weight, what a spring balance on its rope would read. */
double reading_rope_pull(const fl_sim *s, fl_body_id b, int *taut);

/* The body called `name` in s, or (name NULL) the first that moves; NULL
 * when there is none. */
fl_body_id reading_body(const fl_sim *s, const char *name);

/* GM as every view of it names it (the inspector, the stability panel,
 * `flotsam stability`'s booklet): "GM solid S m, fluid F m" where a free
 * surface (water in a hold, a slack tank) tells them apart, else "GM S m";
 * signed, to 3 decimals. */
void reading_gm_text(char *out, size_t size, double solid, double fluid, bool free_surface);

#endif
