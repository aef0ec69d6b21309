/* A body as the engine stores it: private to the library (the engine, the
 * buoyancy module). Everyone else goes through fl_body.h's functions. */
#ifndef FL_BODY_STATE_H
#define FL_BODY_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "flotsam/fl_body.h"
#include "fail.h"
#include "prefetch.h"

typedef struct fl_body fl_body;

struct fl_body {
    /* Laid out in groups of 64 bytes (a cache line's size; a body starts
     * on a 16-byte boundary, so a group may straddle two lines): what
     * every pass reads and writes first; then what integration and
     * buoyancy read; then what placing the collision parts reads; then the
     * fluid outline that buoyancy reads; then the rest. Its velocity is
     * not here: it is the body's row of the world's motions, where the
     * solver works on it (body_twist). */
    int index;            /* position in the world's body list; -1 - k while
                             k-th in the queue of bodies added during a step */
    bool is_static;
    bool removed;         /* removal requested during a step */
    bool sensor;          /* reports overlaps, takes no collision response */
    bool damped;          /* velocity terms are set for this step (term) */
    fl_vec2 position;     /* centre of mass, world */
    fl_rot rot;           /* cos and sin of angle, kept in step with it */
    double angle;
    fl_vec2 force;        /* accumulated until the end of the step */
    /* line 1 */
    double torque;
    double inv_mass, inv_inertia; /* 0 and 0 for a static body */
    double inertia;       /* about the centre of mass; 0 for a static body */
    double mass;          /* 0 for a static body */
    double hull_radius;   /* largest distance of a fluid outline point from it */
    fl_vec2 hull_centroid; /* of the fluid outline, about the centre of mass */
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
    double density;
    double area;          /* of the outline */
    fl_vec2 *verts;       /* outline about the centre of mass, positive winding */
    void *user;
    void *block;          /* the allocation the body sits in */
    /* line 4 */
    /* The velocity kept between steps is the one the last step moved the
     * body by, half a step behind the time it stands at (leapfrog). A body
     * whose velocity was given (made, or set) has it at its own time, and
     * its first step kicks it by half a step's forces (integrate.c). */
    bool half_kick;
    bool mass_stated;     /* its def gave a mass (fl_body_def.mass) */
    bool center_stated;   /* ... and a centre of mass (has_center) */
    /* This step's velocity terms (fl_body_add_velocity_term), while
     * `damped`: their place in the world's list (body_term). */
    int32_t term;
    /* Mass a module loads on it (fl_body_carry), and its own without:
     * NULL while it has never carried any. carry.c. */
    struct body_load *carry;
    int32_t slot;         /* its id's slot and generation (body_id) */
    uint32_t generation;
};

/* A velocity and a spin: a body's (body_twist), or a change of one. */
typedef struct fl_twist {
    fl_vec2 v;
    double w;
} fl_twist;

/* Body b's velocity (v) and spin (w), to read or change: its row of w's
 * motions, the array the solver works on (world_state.h), or its place in
 * the queue while it waits to join. motions.c. */
fl_twist *body_twist(const fl_world *w, const fl_body *b);
static inline fl_vec2 body_velocity(const fl_world *w, const fl_body *b)
{
    return body_twist(w, b)->v;
}
static inline double body_spin(const fl_world *w, const fl_body *b)
{
    return body_twist(w, b)->w;
}

/* A body's velocity terms this step, summed (fl_body_add_velocity_term):
 * dv/dt = F/m + g + pull - damping v, dw/dt = T/I - angular_damping w, and
 * an implicit stiffness, per mass and per moment of inertia, along
 * `stiff_axis` (a unit vector). Kept in a list of the world's, for the
 * bodies that have them this step only. */
typedef struct body_term {
    double damping, angular_damping;
    fl_vec2 pull;         /* the sum of rate * toward over the calls */
    double stiffness, angular_stiffness;
    fl_vec2 stiff_axis;
    bool stiff_whole;     /* all of it at the step's end (fl_velocity_term.whole) */
    /* How the damped step answers a steady force, against an undamped one
     * (set by the velocity update, read by the solver): contacts and ropes
     * act through the same map, so the damping and stiffness leave every
     * equilibrium, held or free, where it was. */
    double response, angular_response;
} body_term;

typedef struct body_load {
    double mass, inertia;         /* carried, kg and kg m^2 about the centre of mass */
    double own_mass, own_inertia; /* the body's without it */
} body_load;

/* Gives the body's mass and moment of inertia about its centre of mass
 * what it carries now (kg, kg m^2), in place of the last, keeping its
 * angular momentum. FL_ENOMEM the first time only (body_carry_reserve
 * takes that memory ahead). carry.c. */
fl_status body_carry(fl_world *w, fl_body *b, double mass, double inertia);
fl_status body_carry_reserve(fl_world *w, fl_body *b);

/* The body id names, or NULL for a stale or null id: an assert in debug
 * builds (body_find never asserts). world.c. */
fl_body *body_get(fl_body_id id);
fl_body *body_find(fl_body_id id);
/* The id of body b of world w. */
static inline fl_body_id body_id(const fl_world *w, const fl_body *b)
{
    fl_body_id id = {(fl_world *)w, b->slot, b->generation};
    return id;
}
/* Body `index` of w's list (0 to fl_world_body_count - 1), and the list. */
fl_body *body_at(const fl_world *w, int index);
fl_body *const *world_bodies(const fl_world *w);
/* What the public calls of the same names do, on the body itself, for the
 * library's own modules. body.c, body_access.c. */
void body_apply_force(fl_body *b, fl_vec2 point, fl_vec2 force);
void body_add_damping(fl_world *w, fl_body *b, double rate, fl_vec2 toward, double angular_rate);
void body_take_stiffness_whole(fl_world *w, fl_body *b);
void body_add_stiffness(fl_world *w, fl_body *b, double linear, fl_vec2 axis, double angular);
void body_clear_damping(fl_body *b);
/* The terms of a damped body (in w's list). body_access.c. */
body_term *body_term_of(const fl_world *w, const fl_body *b);
/* Room in w's list for the terms of `bodies` bodies. FL_ENOMEM. */
fl_status body_terms_reserve(fl_world *w, int bodies);
/* The body's row in the world's column `column` (fl_module.h): NULL for
 * a body removed during this step or a column not there. columns.c. */
void *body_row(const fl_world *w, const fl_body *b, int column);
/* Whether the body's hull is its outline (given or not): a body whose
 * hull is more holds something in it. body.c. */
bool body_hull_is_outline(const fl_body *b);

/* Every pass over the bodies reads the first two groups first: pose and
 * forces in the first 64 bytes, then what integration and buoyancy read. */
#if UINTPTR_MAX > 0xffffffffu /* the layout is planned for 8-byte pointers */
_Static_assert(offsetof(struct fl_body, torque) == 64, "fl_body: line 1 starts at torque");
_Static_assert(offsetof(struct fl_body, radius) == 128, "fl_body: line 2 starts at radius");
_Static_assert(offsetof(struct fl_body, hull) == 192, "fl_body: line 3 starts at hull");
_Static_assert(offsetof(struct fl_body, half_kick) == 256, "fl_body: line 4 starts at half_kick");
#endif

/* World position of the local point p: the inline form of
 * fl_body_world_point, for the engine's own passes. */
static inline fl_vec2 body_world_point(const fl_body *b, fl_vec2 p)
{
    return fl_add(b->position, fl_rotate(b->rot, p));
}

static inline fl_vec2 body_point_velocity(const fl_world *w, const fl_body *b, fl_vec2 p)
{
    const fl_twist *t = body_twist(w, b);
    return fl_add(t->v, fl_cross_sv(t->w, fl_sub(p, b->position)));
}

/* Asks the processor to start loading what a pass over the bodies reads
 * first of b (its first two cache lines: pose, forces and masses): a pass that calls this FL_PREFETCH_AHEAD bodies ahead waits for
 * memory once, not once per body. Keep such helpers this small: GCC counts
 * a prefetch as free of side effects, so a bigger helper that it does not
 * inline early is taken for a pure function and its calls for dead code. */
#define FL_PREFETCH_AHEAD 6

static inline void body_prefetch(const fl_body *b)
{
    FL_PREFETCH(b, 0);
    FL_PREFETCH(&b->torque, 0);
}

#endif
