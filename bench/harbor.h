/* The harbor benchmark scene (docs/harbor-benchmark.md), generated as
 * plain data that any engine can build: the tank's static boxes, and for each
 * floating body its outline about its centroid, its density and its start
 * position. Nothing here depends on an engine. */
#ifndef HARBOR_H
#define HARBOR_H

#include <stdbool.h>
#include <stdint.h>

#define HARBOR_MAX_BODIES 100000
#define HARBOR_DT (1.0 / 60.0)
#define HARBOR_ITERATIONS 10
#define HARBOR_GRAVITY 9.81
#define HARBOR_SURFACE 8.0       /* water surface, y (down is +y) */
#define HARBOR_FLOOR_TOP 14.0    /* top of the floor: the water's bottom */
#define HARBOR_WATER_DENSITY 1000.0
#define HARBOR_LINEAR_DRAG 0.5   /* per unit density ratio, 1/s */
#define HARBOR_ANGULAR_DRAG 1.0  /* 1/s */
#define HARBOR_FRICTION 0.4
#define HARBOR_RESTITUTION 0.0

typedef struct harbor_vec2 {
    double x, y;
} harbor_vec2;

/* An axis-aligned static box: left <= x <= right, top <= y <= bottom. */
typedef struct harbor_box {
    double left, right, top, bottom;
} harbor_box;

enum harbor_kind { HARBOR_BOX = 0, HARBOR_REGULAR = 1, HARBOR_IRREGULAR = 2 };

typedef struct harbor_body {
    harbor_vec2 position; /* the centroid, world */
    double density;       /* kg/m^2 */
    int kind;             /* enum harbor_kind */
    int first_vertex;     /* into harbor_scene.vertices */
    int vertex_count;     /* 4, 5..8, or 3..6 */
} harbor_body;

typedef struct harbor_scene {
    int body_count;          /* N */
    int cols;                /* ceil(N / 8) */
    double width;            /* W: the water spans 0 <= x <= W */
    harbor_box tank[3];      /* floor, left wall, right wall */
    harbor_body *bodies;
    harbor_vec2 *vertices;   /* every body's outline about its centroid,
                              * counter-clockwise in a y-up frame */
    int vertex_count;        /* total over all bodies */
} harbor_scene;

/* xorshift32 with the scene's draw: one generator step per call, in [0, 1). */
typedef struct harbor_rng {
    uint32_t s;
} harbor_rng;

harbor_rng harbor_rng_seed(void); /* s = 12345 */
double harbor_rand(harbor_rng *r);

/* Generates the scene for n bodies (1 .. HARBOR_MAX_BODIES). Returns false
 * (and leaves *out empty) on bad n or when out of memory. */
bool harbor_generate(harbor_scene *out, int n);
void harbor_free(harbor_scene *sc);

/* What is measured after a run, the same for every engine. */
typedef struct harbor_stats {
    int bodies;
    int below_surface;              /* centroid y > surface */
    double mean_submerged_fraction; /* A / A_body averaged over bodies */
    bool nan;                       /* any position or angle not finite */
    int outside;                    /* x outside [0, W] or y > floor top */
    long vertices;                  /* total polygon vertices, dynamic bodies */
} harbor_stats;

/* Accumulates one body into stats (call harbor_stats_finish at the end). */
void harbor_stats_add(harbor_stats *st, const harbor_scene *sc, double x, double y, double angle,
                      double submerged_fraction);
void harbor_stats_finish(harbor_stats *st);

/* The median of v[0 .. n) (n >= 1), which it sorts in place. */
double harbor_median(double *v, long n);

#endif
