/* Narrow phase: contact manifolds between convex polygons by the separating
 * axis test and reference-face clipping. */
#ifndef FL_COLLIDE_H
#define FL_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Distances below which touching shapes count as resting, in metres. */
#define FL_LINEAR_SLOP 0.005

typedef struct fl_aabb {
    fl_vec2 lo, hi;
} fl_aabb;

/* A convex polygon in world space, positive winding, with the outward unit
 * normal of the edge from v[i] to v[i + 1]. */
typedef struct fl_poly {
    const fl_vec2 *v;
    const fl_vec2 *n;
    int count;
} fl_poly;

typedef struct fl_manifold_point {
    fl_vec2 point;      /* world, midway between the two surfaces */
    double separation;  /* < 0 where the shapes overlap */
    uint32_t id;        /* names the features that meet; stable while they do */
} fl_manifold_point;

typedef struct fl_manifold {
    fl_vec2 normal;     /* unit, pointing from A to B */
    int count;          /* 0, 1 or 2 points */
    fl_manifold_point points[2];
} fl_manifold;

/* The contact points of A and B whose separation is at most `margin` (a
 * positive margin gives speculative points for shapes about to touch).
 * Face against face gives two points, a corner against a face one. */
FL_API void fl_collide_polygons(const fl_poly *a, const fl_poly *b, double margin, fl_manifold *m);

#ifdef __cplusplus
}
#endif

#endif
