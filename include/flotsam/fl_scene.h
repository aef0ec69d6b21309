/* Scene files (format "flotsam-scene 1", docs/scene-format.md): the parsed
 * description of a world, plain data with no engine objects, so that a scene
 * can be checked, built, written back or compared without simulating
 * anything. fl_sim.h builds a world from one and writes a world back. */
#ifndef FL_SCENE_H
#define FL_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FL_SCENE_MAX_POINTS 64
#define FL_SCENE_NAME_MAX 64
#define FL_SCENE_DEFAULT_RATE 60.0 /* steps per second */

typedef struct fl_scene_error {
    int line, column; /* 1-based; column counts characters (UTF-8 code points) */
    char message[200];
    /* Reading (or building) ran out of memory: no fault of the text. The
     * message says what for, and reading stopped there. */
    bool out_of_memory;
} fl_scene_error;

typedef enum fl_scene_shape { FL_SCENE_BOX, FL_SCENE_NGON, FL_SCENE_POLYGON } fl_scene_shape;

typedef struct fl_scene_body {
    int line;                     /* where the statement starts */
    char name[FL_SCENE_NAME_MAX];    /* "" when none was given */
    fl_scene_shape shape;
    fl_vec2 at;
    fl_vec2 size;                 /* box */
    int sides;                    /* ngon */
    double radius;                /* ngon */
    /* The outlines: arrays the body points at, not in it. A scene's (or a
     * replay's) own bodies point into what it keeps (freed with it); a body
     * built to hand to the library points at the caller's arrays (a
     * fl_scene_body_room will do), which the library copies where it keeps
     * the body. */
    const fl_vec2 *points;        /* polygon: point_count offsets from `at` */
    int point_count;
    const fl_vec2 *hull;          /* polygon: optional fluid outline */
    int hull_count;               /* 0: none */
    /* polygon with a hull: its hold's openings, 2 ends each (offsets from
     * `at`), when has_openings (none given: the default, wherever the
     * hull's boundary is not the outline's; [] seals the hold) */
    const fl_vec2 *openings;
    int opening_count;            /* openings, each 2 points */
    bool has_openings;
    double water;                 /* m^2 in the hold at the start; default 0 */
    double water_density;         /* its kg/m^2; 0: the first fluid's (1000 without one) */
    double density;               /* 0 when not given (allowed for static bodies) */
    double mass;                  /* kg; 0 when not given (density * area) */
    bool has_cg;                  /* cg given: the centre of mass, an offset */
    fl_vec2 cg;                   /* from `at` (else the outline's centroid) */
    double angle;                 /* radians */
    fl_vec2 velocity;
    double spin;
    double friction;              /* default: fl_body_def_default()'s */
    double restitution;           /* default: fl_body_def_default()'s */
    bool has_color;
    uint32_t color;               /* 0xRRGGBB */
    bool is_static;
    uint32_t category;            /* collision bits this body has; default 1 */
    uint32_t mask;                /* ... and collides with; default all */
    bool sensor;                  /* flag: reports overlaps, no response */
} fl_scene_body;

/* Room for the outlines of one body built outside a scene, as long as any
 * may be. */
typedef struct fl_scene_body_room {
    fl_vec2 points[FL_SCENE_MAX_POINTS];
    fl_vec2 hull[FL_SCENE_MAX_POINTS];
    fl_vec2 openings[FL_SCENE_MAX_POINTS];
} fl_scene_body_room;

/* Where a scene or a replay keeps its bodies' outlines (private). */
typedef struct fl_scene_store fl_scene_store;

typedef struct fl_scene_fluid {
    int line;
    char name[FL_SCENE_NAME_MAX];
    double density, surface, left, right, bottom;
    /* defaults for the rest: fl_fluid_def_default()'s */
    double linear_drag;
    double angular_drag;
    fl_vec2 current;
    double wave_amplitude;
    double wave_length;
    double wave_speed;
    bool wave_speed_given;  /* wave-speed= was given; else the dispersion relation's */
    bool closed;            /* a closed tank (fl_fluid_def.closed) */
} fl_scene_fluid;

typedef struct fl_scene_rope {
    int line;
    int a;                        /* body index */
    int b;                        /* body index, or -1 for the world */
    fl_vec2 anchor_a;             /* offset from a's centre; default 0,0 */
    fl_vec2 anchor_b;             /* offset from b's centre, or a world point */
    bool has_length;
    double length;                /* when !has_length: the anchors' distance at start */
    bool has_stiffness;
    double stiffness;             /* N/m; absent: rigid */
    double damping;               /* N s/m; default 0 */
} fl_scene_rope;

/* A part of a named loading condition of a body: an `item` (a mass at a
 * point) or a `tank` (an outline holding a liquid to a fill); or a
 * `compartment` of its hull (an outline, named, that damage opens to the
 * sea). What the naval-architecture commands take with --condition and
 * --damage; the world is built without the conditions, and with the
 * compartments of a body that has a hold (fl_buoyancy_add_compartment). */
#define FL_SCENE_TANK_POINTS 16
typedef enum fl_scene_item_kind {
    FL_SCENE_ITEM,
    FL_SCENE_TANK,
    FL_SCENE_COMPARTMENT
} fl_scene_item_kind;

typedef struct fl_scene_item {
    int line;
    fl_scene_item_kind kind;
    char condition[FL_SCENE_NAME_MAX]; /* item, tank: its condition's name */
    int body;                       /* its body's index (a body named above it) */
    char name[FL_SCENE_NAME_MAX];   /* "" when none was given (a compartment has one) */
    double mass;                    /* item: kg */
    fl_vec2 at;                     /* item: an offset from the body's `at` */
    fl_vec2 points[FL_SCENE_TANK_POINTS]; /* tank, compartment: offsets from the body's `at` */
    int point_count;
    double fill;                    /* tank: the share of its area the liquid fills, 0..1 */
    double density;                 /* tank: the liquid's, kg/m^2; compartment: its water's
                                     * (0: the first fluid's) */
    double water;                   /* compartment: m^2 of water in it at the start */
} fl_scene_item;

/* A timed event of a scripted scene (`at t=2s spawn box ...`): what happens
 * before the world takes step `step`. */
typedef enum fl_scene_event_kind {
    FL_SCENE_SPAWN,               /* adds `body` */
    FL_SCENE_REMOVE,              /* removes the body named `name` */
    FL_SCENE_FLUID,               /* changes the fluid named `name` */
    FL_SCENE_PUSH                 /* gives the body named `name` an impulse */
} fl_scene_event_kind;

typedef struct fl_scene_event {
    int line;
    fl_scene_event_kind kind;
    uint64_t step;                /* from step=N, or t=T s as the step nearest T * rate */
    char name[FL_SCENE_NAME_MAX]; /* REMOVE, FLUID, PUSH */
    fl_scene_body body;           /* SPAWN */
    bool has_surface, has_density;
    double surface, density;      /* FLUID */
    fl_vec2 impulse;              /* PUSH: N s, world */
    fl_vec2 at;                   /* PUSH: where, as an offset from the centre of mass in
                                   * the body's frame; default 0,0 */
} fl_scene_event;

typedef struct fl_scene {
    /* world */
    fl_vec2 gravity;              /* default: fl_world_def_default()'s */
    double rate;                  /* steps per second, default FL_SCENE_DEFAULT_RATE */
    int iterations;               /* default: fl_world_def_default()'s */
    int substeps;                 /* default: fl_world_def_default()'s */
    /* view */
    bool has_view;
    fl_vec2 view_center;
    double view_width;
    /* contents, in file order */
    fl_scene_fluid *fluids;
    int fluid_count;
    fl_scene_body *bodies;
    int body_count;
    fl_scene_rope *ropes;
    int rope_count;
    fl_scene_event *events;       /* in step order (file order within a step) */
    int event_count;
    fl_scene_item *items;         /* the loading conditions' parts, in file order */
    int item_count;
    fl_scene_store *store;        /* the outlines its bodies and spawns point at */
} fl_scene;

/* Parses scene text (`len` bytes, need not be NUL-terminated). On success
 * fills *out and returns true; on the first error fills *err, leaves *out
 * empty (nothing half-loaded) and returns false. */
FL_API bool fl_scene_parse(const char *text, size_t len, fl_scene *out, fl_scene_error *err);

/* Reads and parses a file. A file that cannot be read is reported at line 0,
 * column 0 with the system's reason. */
FL_API bool fl_scene_load_file(const char *path, fl_scene *out, fl_scene_error *err);

/* The most problems fl_scene_parse_all reports: the last says that reading
 * stops there. */
#define FL_SCENE_MAX_ERRORS 100

/* Gets each problem fl_scene_parse_all finds. */
typedef void (*fl_scene_error_fn)(void *ctx, const fl_scene_error *err);

/* fl_scene_parse, reading on past its errors: a statement with a problem is
 * dropped and reading goes on at the next statement, so that one pass finds
 * every problem it can. It stops early only where the rest cannot be read
 * (text that is not clean UTF-8, a missing or wrong header) and after
 * FL_SCENE_MAX_ERRORS problems. each (may be NULL) gets every problem, in
 * order of line and column; *err (may be NULL) gets the one fl_scene_parse
 * reports. Returns the number of problems: 0 when *out is filled, else *out
 * is left empty. */
FL_API int fl_scene_parse_all(const char *text, size_t len, fl_scene *out, fl_scene_error_fn each,
                              void *ctx, fl_scene_error *err);

/* fl_scene_load_file, reporting as fl_scene_parse_all does (a file that
 * cannot be read is its one problem). */
FL_API int fl_scene_load_file_all(const char *path, fl_scene *out, fl_scene_error_fn each,
                                  void *ctx, fl_scene_error *err);

/* The largest file fl_read_text_file reads (64 MiB): a scene or a replay is
 * far smaller, and anything larger is refused instead of read on without
 * end (a device, a stream). */
#define FL_TEXT_FILE_MAX ((size_t)64 << 20)

/* Reads a whole file (a scene, a replay) into *text (malloc'd; free it),
 * *len bytes. A file that cannot be read, or holds more than
 * FL_TEXT_FILE_MAX bytes, is reported at line 0, column 0 with the reason. */
FL_API bool fl_read_text_file(const char *path, char **text, size_t *len, fl_scene_error *err);

/* fl_read_text_file from an open stream (standard input, say), to its end
 * or to the cap; f is not closed. */
FL_API bool fl_read_text_stream(FILE *f, char **text, size_t *len, fl_scene_error *err);

FL_API void fl_scene_free(fl_scene *s);

/* A copy of `from` with arrays of its own; FL_ENOMEM (and *to empty) when
 * out of memory. */
FL_API fl_status fl_scene_copy(fl_scene *to, const fl_scene *from);

/* The outline of a scene body in its own frame (offsets from `at`); out
 * needs room for FL_SCENE_MAX_POINTS points. Returns the point count. */
FL_API int fl_scene_body_outline(const fl_scene_body *b, fl_vec2 *out);

/* A body as a scene line gives it before its fields: the library's
 * defaults (fl_body_def_default's friction, restitution, collision bits),
 * a box (shape 0) with everything else zero. A program that adds bodies
 * (fl_sim_add_body, a spawn) starts from it and sets the rest. */
FL_API fl_scene_body fl_scene_body_default(void);

/* A name a scene can give a body or fluid: 1 to 63 letters, digits, '_'
 * and '-', and not `world` (the word ropes use for the world). */
FL_API bool fl_scene_name_valid(const char *name);

/* Formats an error as "FILE:LINE:COLUMN: message" ("FILE: message" for an
 * error at line 0, such as a file that cannot be read) into buf. */
FL_API void fl_scene_error_format(const fl_scene_error *err, const char *file, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
