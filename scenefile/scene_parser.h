/* Private to the scene parser: the state shared by its files, and what they
 * call across them. Statements, fields and whole files are read in
 * scene_parse.c, field values in scene_values.c, and the names that ropes
 * refer to are kept in scene_names.c. The lexical layer is in scene_lex.c. */
#ifndef FL_SCENE_PARSER_H
#define FL_SCENE_PARSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flotsam/flotsam.h"
#include "scene_lex.h"

/* ---- statements and fields ------------------------------------------------ */

typedef enum stmt_kind {
    K_NONE, K_WORLD, K_VIEW, K_FLUID, K_BOX, K_NGON, K_POLYGON, K_ROPE, K_ITEM, K_TANK, K_COMPARTMENT, K_COUNT
} stmt_kind;

typedef enum field_id {
    F_GRAVITY, F_RATE, F_ITERATIONS, F_SUBSTEPS,
    F_CENTER, F_WIDTH,
    F_NAME, F_DENSITY, F_MASS, F_CG,
    F_SURFACE, F_LEFT, F_RIGHT, F_BOTTOM, F_LINEAR_DRAG, F_ANGULAR_DRAG, F_CURRENT,
    F_WAVE_AMPLITUDE, F_WAVE_LENGTH, F_WAVE_SPEED, F_CLOSED,
    F_AT, F_SIZE, F_SIDES, F_RADIUS, F_POINTS, F_HULL, F_OPENINGS, F_WATER, F_WATER_DENSITY,
    F_ANGLE, F_VELOCITY, F_SPIN, F_FRICTION, F_RESTITUTION, F_COLOR, F_STATIC,
    F_CATEGORY, F_MASK, F_SENSOR,
    F_A, F_B, F_ANCHOR_A, F_ANCHOR_B, F_LENGTH, F_STIFFNESS, F_DAMPING,
    F_CONDITION, F_BODY, F_FILL,
    F_COUNT
} field_id;

/* Each field's spelling, for reading it and for messages (scene_report.c). */
extern const char *const scene_field_names[F_COUNT];

/* ---- problems (scene_report.c) ---------------------------------------------- */

/* Every problem a reader finds, kept in the order found to be reported in
 * order of line and column once the whole text is read. The scene parser
 * and the replay reader each keep one. */
typedef struct scene_problems {
    fl_scene_error *list;
    int count, capacity;
    bool full;                      /* no more are kept: reading stops */
    bool lost;                      /* one found could not be kept (no memory) ... */
    fl_scene_error lost_one;        /* ... this one, reported last */
} scene_problems;

/* Keeps a copy of *e. The FL_SCENE_MAX_ERRORS-th says instead that
 * reading stops there; false once the list is full (then, or out of
 * memory). */
bool scene_problems_add(scene_problems *ps, const fl_scene_error *e);

/* How many were found, the one lost included. */
int scene_problems_count(const scene_problems *ps);

/* The first found (the one lost when none was kept), or NULL for none. */
const fl_scene_error *scene_problems_first(const scene_problems *ps);

/* Gives each problem to each, in order of line and column (then as found),
 * the one lost last. */
void scene_problems_report(const scene_problems *ps, fl_scene_error_fn each, void *ctx);

void scene_problems_free(scene_problems *ps);

/* ---- parser state ------------------------------------------------------------ */

/* The statement being read: it may go on over continuation lines. */
typedef struct pending {
    stmt_kind kind;
    scene_pos where;                /* its keyword */
    uint64_t seen;                  /* fields given so far */
    scene_pos value_pos[F_COUNT];
    fl_scene_body body;             /* its outlines in `room` until kept */
    fl_scene_body_room room;
    fl_scene_fluid fluid;
    fl_scene_rope rope;
    char rope_a[FL_SCENE_NAME_MAX], rope_b[FL_SCENE_NAME_MAX];
    fl_scene_item item;
    char item_body[FL_SCENE_NAME_MAX];
    int event;                      /* >= 0: the body is that event's spawn */
} pending;

/* What an event needs once the whole file is read: its time (the rate may
 * come later), and where its name was, for messages. */
typedef struct event_ref {
    bool timed;                     /* t= (else step=) */
    double time;
    scene_pos when_pos, name_pos;
    scene_pos surface_pos;          /* a fluid event's surface= value */
} event_ref;

/* A rope's body names, resolved once the whole file is read. */
typedef struct rope_ref {
    char a[FL_SCENE_NAME_MAX], b[FL_SCENE_NAME_MAX];
    scene_pos a_pos, b_pos;
} rope_ref;

/* A body of the scene, a fluid, or a body an event spawns. */
typedef enum name_kind { NAME_BODY, NAME_FLUID, NAME_SPAWN, NAME_KINDS } name_kind;

/* Open-addressing hash set of the names used so far. A slot holds
 * 1 + NAME_KINDS * index + kind, or 0 when empty; the text lives in the
 * scene. */
typedef struct name_table {
    size_t *slots;
    size_t capacity, count;
} name_table;

typedef struct parser {
    fl_scene sc;
    int fluid_capacity, body_capacity, rope_capacity, item_capacity;
    rope_ref *refs;                 /* one per rope */
    event_ref *event_refs;          /* one per event */
    int event_capacity;
    name_table names;
    bool has_header;
    int world_line, view_line;      /* 0 until seen */
    pending cur;
    fl_scene_error *err;            /* the problem being reported */
    /* Every problem found: a statement with one is dropped, and reading
     * goes on at the next. */
    scene_problems problems;
    bool skipping;                  /* the statement being read is dropped */
    bool stopped;                   /* the rest cannot be read */
} parser;

/* Fills p->err with a position and a printf-formatted message; returns false
 * (scene_report.c). */
bool scene_fail(parser *p, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);

/* scene_fail for memory that could not be had (for what fmt says):
 * reading stops there (scene_set_no_memory). */
bool scene_fail_no_memory(parser *p, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);

/* Keeps the problem in p->err in the list; stops reading once the list is
 * full (FL_SCENE_MAX_ERRORS) or out of memory (scene_report.c). */
void scene_record(parser *p);

/* ---- values (scene_values.c) ------------------------------------------------ */

/* Every length, speed, density and so on in a scene lies within +-SCENE_BIG,
 * and sizes and densities are at least SCENE_SMALL: far beyond anything
 * physical either way, and near enough that no mass, moment of inertia or
 * step can overflow or underflow. */
#define SCENE_BIG 1e9
#define SCENE_SMALL 1e-6

/* ANY and the signs: within +-SCENE_BIG; SCALE: from SCENE_SMALL to SCENE_BIG. */
typedef enum limit { ANY, POSITIVE, NON_NEGATIVE, SCALE } limit;

/* Each reader returns false, with the message in p->err, when the value is
 * malformed or out of range. */
bool scene_read_number(parser *p, const scene_token *t, double *out);

/* A number with a range condition; the message names the field. */
bool scene_read_real(parser *p, const scene_token *t, field_id f, limit lim, double *out);

bool scene_read_integer(parser *p, const scene_token *t, field_id f, int lo, int hi, int *out);

/* Collision bits: a whole number from 0 to 4294967295 (32 bits). */
bool scene_read_bits(parser *p, const scene_token *t, field_id f, uint32_t *out);

/* Radians, or degrees with the suffix `deg`. */
bool scene_read_angle(parser *p, const scene_token *t, double *out);

/* `x,y`: exactly one comma, a number on each side. */
bool scene_read_point(parser *p, const scene_token *t, fl_vec2 *out);

/* `#rrggbb`. */
bool scene_read_color(parser *p, const scene_token *t, uint32_t *out);

/* A name's spelling (letters, digits, '_', '-'; 1..63 characters). The word
 * `world` is checked by the callers, since a rope's `b` may be `world`. */
bool scene_read_name(parser *p, const scene_token *t, char out[FL_SCENE_NAME_MAX]);

/* A point list `[x,y x,y ...]` that outlines a simple polygon of 3 to
 * SCENE_MAX_POINTS points, for `what` ("polygon" or "hull"). */
bool scene_read_outline(parser *p, const scene_token *t, const char *what, fl_vec2 *pts,
                        int *count);

/* A list of a hold's openings `[x,y x,y ...]`, 2 ends each ([] for none). */
bool scene_read_openings(parser *p, const scene_token *t, fl_vec2 *pts, int *count);

/* ---- names (scene_names.c) --------------------------------------------------- */

/* A name for a new body or fluid: well spelt, not `world`, not yet used. */
bool scene_read_new_name(parser *p, const scene_token *t, char out[FL_SCENE_NAME_MAX]);

/* Records a name already stored at sc's `kind` array, entry `index`; false
 * when out of memory. */
bool scene_add_name(parser *p, const char *name, name_kind kind, int index);

/* The index of the body `name` names, for a loading condition's part
 * (`what`, at `at`): one of the scene's bodies, named above, that moves;
 * false after failing. */
bool scene_item_body(parser *p, const char *name, scene_pos at, const char *what, int *index);

/* Whether every point of pts[0..n) (offsets from the body's `at`) lies in
 * body b's hull (its outline when it has none), its boundary included
 * (scene_geometry.c). */
bool scene_inside_hull(const fl_scene_body *b, const fl_vec2 *pts, int n);
/* Whether the world gives body b a hold (a hull more than its outline). */
bool scene_body_has_hold(const fl_scene_body *b);

/* Sets each rope's body indices from the names in p->refs; false after
 * recording each name that names no body. */
bool scene_resolve_ropes(parser *p);

/* What `name` names (a name_kind), or -1. */
int scene_name_kind(const parser *p, const char *name);

/* A new statement of `kind` at `where` (scene_parse.c); the keyword a token
 * is, or K_NONE. */
bool scene_begin_statement(parser *p, stmt_kind kind, scene_pos where);
stmt_kind scene_keyword_of(const scene_token *tok);

/* ---- geometry (scene_geometry.c) ---------------------------------------------- */

/* False, with the message at the field at fault, when the world would
 * refuse the body just read (p->cur). */
bool scene_check_body(parser *p);

/* ---- events (scene_events.c) --------------------------------------------------- */

/* `at` starting a line: reads the event from the cursor; for a spawn, begins
 * the body statement whose fields follow (on this line and indented ones). */
bool scene_start_event(parser *p, scene_cursor *c, const scene_token *at);
/* A spawn's body, read: into its event. */
bool scene_finish_spawn(parser *p);
/* Once the whole file is read (each problem recorded): steps from times, names checked, events in
 * step order. */
bool scene_finish_events(parser *p);

/* Makes room for one more element in an array of `*capacity` elements. */
bool scene_reserve(void **array, int *capacity, int count, size_t size);

#endif
