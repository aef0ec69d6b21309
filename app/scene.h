/* Scene files (format "flotsam-scene 1"): the parsed description of a world,
 * plain data with no engine objects, so that a scene can be checked, built,
 * written back or compared without simulating anything. */
#ifndef FL_SCENE_H
#define FL_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "flotsam/flotsam.h"

#define SCENE_MAX_POINTS 64
#define SCENE_NAME_MAX 64

typedef struct scene_error {
    int line, column; /* 1-based; column counts characters (UTF-8 code points) */
    char message[200];
} scene_error;

typedef enum scene_shape { SCENE_BOX, SCENE_NGON, SCENE_POLYGON } scene_shape;

typedef struct scene_body {
    int line;                     /* where the statement starts */
    char name[SCENE_NAME_MAX];    /* "" when none was given */
    scene_shape shape;
    fl_vec2 at;
    fl_vec2 size;                 /* box */
    int sides;                    /* ngon */
    double radius;                /* ngon */
    fl_vec2 points[SCENE_MAX_POINTS]; /* polygon: offsets from `at` */
    int point_count;
    fl_vec2 hull[SCENE_MAX_POINTS];   /* polygon: optional fluid outline */
    int hull_count;                   /* 0: none */
    double density;               /* 0 when not given (allowed for static bodies) */
    double angle;                 /* radians */
    fl_vec2 velocity;
    double spin;
    double friction;              /* default 0.4 */
    double restitution;           /* default 0 */
    bool has_color;
    uint32_t color;               /* 0xRRGGBB */
    bool is_static;
    uint32_t category;            /* collision bits this body has; default 1 */
    uint32_t mask;                /* ... and collides with; default all */
    bool sensor;                  /* flag: reports overlaps, no response */
} scene_body;

typedef struct scene_fluid {
    int line;
    char name[SCENE_NAME_MAX];
    double density, surface, left, right, bottom;
    double linear_drag;           /* default 0.5 */
    double angular_drag;          /* default 1.0 */
    fl_vec2 current;              /* default 0,0 */
    double wave_amplitude;        /* default 0 */
    double wave_length;           /* default 10 */
    double wave_speed;            /* default 0 */
} scene_fluid;

typedef struct scene_rope {
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
} scene_rope;

typedef struct scene {
    /* world */
    fl_vec2 gravity;              /* default 0,9.81 */
    double rate;                  /* steps per second, default 60 */
    int iterations;               /* default 10 */
    /* view */
    bool has_view;
    fl_vec2 view_center;
    double view_width;
    /* contents, in file order */
    scene_fluid *fluids;
    int fluid_count;
    scene_body *bodies;
    int body_count;
    scene_rope *ropes;
    int rope_count;
} scene;

/* Parses scene text (`len` bytes, need not be NUL-terminated). On success
 * fills *out and returns true; on the first error fills *err, leaves *out
 * empty (nothing half-loaded) and returns false. */
bool scene_parse(const char *text, size_t len, scene *out, scene_error *err);

/* Reads and parses a file. A file that cannot be read is reported at line 0,
 * column 0 with the system's reason. */
bool scene_load_file(const char *path, scene *out, scene_error *err);

void scene_free(scene *s);

#endif
