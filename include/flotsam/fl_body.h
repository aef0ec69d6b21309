/* Rigid polygon bodies. The struct is public for reading; change a body
 * through the functions here or fl_world's, so that derived data stays true. */
#ifndef FL_BODY_H
#define FL_BODY_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a body is made from. Points are offsets from `origin`, in either
 * winding; the body's position is its centre of mass, wherever that falls. */
typedef struct fl_body_def {
    const fl_vec2 *points; /* the outline: 3 to 256 points, a simple polygon */
    int point_count;
    const fl_vec2 *hull;   /* optional outline that displaces fluid; NULL: points */
    int hull_count;
    fl_vec2 origin;        /* world position of the points' (0, 0) */
    double angle;          /* radians */
    fl_vec2 velocity;      /* of the centre of mass */
    double spin;           /* rad/s */
    double density;        /* kg/m^2; required > 0 unless is_static */
    bool is_static;
    double friction;
    double restitution;
    uint32_t category;     /* collision filter: this body's category bits */
    uint32_t mask;         /* ... and the categories it collides with */
    bool sensor;           /* reports overlaps, takes no collision response */
    void *user;
} fl_body_def;

/* The defaults of the scene format: friction 0.4, restitution 0, no hull,
 * category 1, mask all bits, not a sensor. */
fl_body_def fl_body_def_default(void);

typedef struct fl_body {
    /* Laid out by cache line (the world aligns bodies to 64 bytes): what
     * every pass reads and writes first; then what integration and
     * buoyancy read; then what placing the collision parts reads; then the
     * fluid outline that buoyancy reads; then the rest. */
    int index;            /* position in the world's body list */
    bool is_static;
    bool removed;         /* removal requested during a step */
    bool sensor;          /* reports overlaps, takes no collision response */
    fl_vec2 position;     /* centre of mass, world */
    fl_rot rot;           /* cos and sin of angle, kept in step with it */
    fl_vec2 velocity;
    double spin;
    /* line 1 */
    double angle;
    fl_vec2 force;        /* accumulated until the end of the step */
    double torque;
    double inv_mass, inv_inertia; /* 0 and 0 for a static body */
    double hull_radius;   /* largest distance of a fluid outline point from it */
    double inertia;       /* about the centre of mass; 0 for a static body */
    /* line 2 */
    double radius;        /* largest distance of a vertex from the centre of mass */
    /* Collision shape: convex parts about the centre of mass, each in
     * positive winding; part k is part_verts[part_start[k] .. part_start[k+1]),
     * and part_normals[i] is the outward unit normal of the edge from
     * vertex i to the next vertex of the same part. */
    fl_vec2 *part_verts;
    fl_vec2 *part_normals;
    int *part_start;
    int part_count;
    uint32_t category, mask; /* collision filter */
    uint32_t id;          /* unique in its world, never reused */
    double friction, restitution;
    /* line 3 */
    fl_vec2 *hull;        /* fluid outline about the centre of mass (== verts if none) */
    int hull_count;
    int vert_count;
    double hull_area;
    fl_vec2 hull_centroid; /* of the fluid outline, about the centre of mass */
    double mass;          /* 0 for a static body */
    double density;
    double area;          /* of the outline */
    /* line 4 */
    fl_vec2 *verts;       /* outline about the centre of mass, positive winding */
    void *user;
    void *block;          /* the allocation the body sits in */
} fl_body;

/* Accumulates `force` (N) acting at the world point `point`: its torque is the
 * cross product of the point's offset from the centre of mass with the force. */
void fl_body_apply_force(fl_body *b, fl_vec2 point, fl_vec2 force);
/* Accumulates a force at the centre of mass (no torque), and a pure torque. */
void fl_body_apply_central_force(fl_body *b, fl_vec2 force);
void fl_body_apply_torque(fl_body *b, double torque);
/* Drops the force and torque accumulated so far (the step does this as it
 * ends). */
void fl_body_clear_forces(fl_body *b);

/* The body's id: unique in its world and never reused. */
uint32_t fl_body_id(const fl_body *b);
/* Its rotation, the cosine and sine of its angle. */
fl_rot fl_body_rot(const fl_body *b);

/* Moves and turns a body (its centre of mass to `position`). */
void fl_body_set_transform(fl_body *b, fl_vec2 position, double angle);

/* World position of the local point `p` (an offset from the centre of mass). */
static inline fl_vec2 fl_body_world_point(const fl_body *b, fl_vec2 p)
{
    return fl_add(b->position, fl_rotate(b->rot, p));
}

/* Asks the processor to start loading what a pass over the bodies reads
 * first of b (its first two cache lines: pose, velocities, forces and
 * masses): a pass that calls this FL_PREFETCH_AHEAD bodies ahead waits for
 * memory once, not once per body. Keep such helpers this small: GCC counts
 * a prefetch as free of side effects, so a bigger helper that it does not
 * inline early is taken for a pure function and its calls for dead code. */
#define FL_PREFETCH_AHEAD 6

static inline void fl_body_prefetch(const fl_body *b)
{
    FL_PREFETCH(b, 0);
    FL_PREFETCH(&b->angle, 0);
}

/* Velocity of the material point at world position `p`. */
static inline fl_vec2 fl_body_point_velocity(const fl_body *b, fl_vec2 p)
{
    return fl_add(b->velocity, fl_cross_sv(b->spin, fl_sub(p, b->position)));
}

#ifdef __cplusplus
}
#endif

#endif
