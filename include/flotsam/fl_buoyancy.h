/* Buoyancy: a beforeUpdate hook that, each step, clips every dynamic body's
 * fluid outline against every fluid (Sutherland–Hodgman, one half-plane at a
 * time), measures the submerged polygon (shoelace area A and centroid C_b)
 * and applies, for each fluid:
 *   - the buoyant force -density * A * gravity at C_b; on a wave, the part
 *     is cut by the wave's own surface, and the wave's dynamic pressure
 *     integrated over the part's boundary is added, with its moment
 *     (linear wave theory: fl_fluid.h, docs/physics.md "Waves");
 *   - linear drag towards the water's velocity, the fluid's current (on a
 *     wave, plus its orbital velocity at C_b), k_lin * density * A per unit
 *     relative velocity, at C_b;
 *   - angular drag, k_ang * (A / A_hull) per unit spin, times the inertia.
 * The drags become the body's damping for the step (fl_body_add_velocity_term):
 * the velocity update solves dv/dt = F/m + g - rate (v - current) in closed
 * form, so no density ratio or step makes them overshoot, and a body's
 * terminal speed in a fluid is the drag law's, (F/m + g) / rate, at any
 * step. The same for spin under angular drag. The linear drag's moment
 * about the centre of mass (it acts at C_b) is added as a torque. */
#ifndef FL_BUOYANCY_H
#define FL_BUOYANCY_H

#include "flotsam/fl_fluid.h"
#include "flotsam/fl_world.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One body in one fluid, as measured at the last step (or measure call).
 * The step's own pass measures area and centre only; the polygon is kept by
 * fl_buoyancy_measure, for drawing (area and centre come out the same). */
typedef struct fl_submerged {
    double area;            /* submerged area, m^2 */
    fl_vec2 centroid;       /* centre of buoyancy C_b, world (undefined if area is 0) */
    const fl_vec2 *polygon; /* submerged polygon, world coordinates; NULL after a step
                             * (before any dry hold is taken out of it) */
    int count;              /* its vertex count (0 when not submerged or not kept) */
    double waterline;       /* where the surface cuts the fluid outline: its length, m */
    double waterline_moment; /* its second moment about the centre of mass's foot, m^3 */
    /* On a wave: the wave's dynamic pressure integrated over the submerged
     * part's boundary, N, and its moment about the centre of mass, N m
     * (both 0 in still water); the hydrostatic part is the buoyant force
     * at the centroid. And the water's velocity at the centre of buoyancy
     * (the current, plus the wave's orbital velocity), m/s. */
    fl_vec2 wave_force;
    double wave_moment;
    fl_vec2 flow;
} fl_submerged;

/* What the buoyancy pass of the last step applied to a body in one fluid
 * (fl_buoyancy_apply, as the hook runs it): the buoyant force, acting at
 * `at`, the centre of buoyancy as it was measured then, and the linear
 * drag as its mean force over the step were nothing else acting (the drag
 * itself is applied as damping, exact over the step).
 * fl_buoyancy_measure leaves them as they are. */
typedef struct fl_buoyancy_push {
    fl_vec2 at;
    fl_vec2 lift;           /* -density * A * gravity (on a wave, + wave_force), N */
    fl_vec2 drag;           /* towards the water's velocity (fl_submerged.flow), N */
} fl_buoyancy_push;

/* ... and in all, over every fluid: the force and the torque about the
 * centre of mass that were added to the body (the lifts, and the moments of
 * lift and drag), and the damping rates the drags became
 * (fl_body_add_velocity_term). */
typedef struct fl_buoyancy_total {
    fl_vec2 force;          /* N */
    double torque;          /* N m */
    double damping;         /* 1/s, of the velocity relative to the currents */
    double angular_damping; /* 1/s, of the spin */
} fl_buoyancy_total;

/* The buoyancy module floods a hold: water flows in through an opening
 * under the surface outside at the speed of an orifice, sqrt(2 g head),
 * narrowed by this coefficient of discharge (a sharp-edged orifice's vena
 * contracta). */
#define FL_DISCHARGE_COEFFICIENT 0.61

typedef struct fl_buoyancy fl_buoyancy;

/* A fluid of a buoyancy module, addressed by an id as bodies are
 * (fl_body_id says how): it goes stale when the fluid is removed, and a
 * stale id is an assert in debug builds and otherwise does nothing
 * (FL_ESTALE, NULL). The fluids' places in the module's list
 * (fl_fluid_index) move down when an earlier one leaves. */
typedef struct fl_fluid_id {
    fl_buoyancy *module;
    int32_t index;        /* the slot, not the fluid's place in the list */
    uint32_t generation;  /* 0 in the null id only */
} fl_fluid_id;

#ifdef __cplusplus
#define FL_NULL_FLUID (fl_fluid_id{})
#else
#define FL_NULL_FLUID ((fl_fluid_id){0})
#endif
static inline bool fl_fluid_is_null(fl_fluid_id f) { return f.module == 0; }
static inline bool fl_fluid_id_equal(fl_fluid_id a, fl_fluid_id b)
{
    return a.module == b.module && a.index == b.index && a.generation == b.generation;
}

/* Creates the module, registers its hook on w's beforeUpdate and gives it
 * to the world (fl_module.h): fl_world_destroy destroys it, and
 * fl_world_clone gives the copy its own, with the same fluids. */
FL_API fl_buoyancy *fl_buoyancy_create(fl_world *w, fl_error *err);
/* Takes the module out of its world, unregisters the hook and frees
 * everything; only before its world is destroyed (which destroys it). */
FL_API void fl_buoyancy_destroy(fl_buoyancy *b);
/* The world's first buoyancy module (the one a clone's copy of a module
 * is found by), or NULL. */
FL_API fl_buoyancy *fl_buoyancy_of(const fl_world *w);
/* The world the module works on. */
FL_API fl_world *fl_buoyancy_world(const fl_buoyancy *b);

/* Adds a fluid (checked with fl_fluid_check) at the end of the list; its
 * id in *out when out is not NULL. */
FL_API fl_status fl_buoyancy_add_fluid(fl_buoyancy *b, const fl_fluid_def *def, fl_fluid_id *out,
                                       fl_error *err);
/* Removes a fluid of b: its id goes stale, later fluids move down one
 * place, and what the last measure and pass reported is gone until the
 * next step. FL_ESTALE for a stale id or one of another module. */
FL_API fl_status fl_buoyancy_remove_fluid(fl_buoyancy *b, fl_fluid_id f);
FL_API int fl_buoyancy_fluid_count(const fl_buoyancy *b);
/* The fluid at place `index` of the list (0 to fl_buoyancy_fluid_count -
 * 1, in the order they were added), or the null id. */
FL_API fl_fluid_id fl_buoyancy_fluid_at(const fl_buoyancy *b, int index);
/* The definition of the fluid at place `index`, or NULL (valid as
 * fl_buoyancy_fluid's is). */
FL_API const fl_fluid_def *fl_buoyancy_fluid_def(const fl_buoyancy *b, int index);
/* Whether the id names a fluid now (never asserts); its place in its
 * module's list (-1 for a stale id); the fluid with f's slot and
 * generation in module b (the copy of f's module on a clone of its world),
 * or the null id. */
FL_API bool fl_fluid_is_valid(fl_fluid_id f);
FL_API int fl_fluid_index(fl_fluid_id f);
FL_API fl_fluid_id fl_fluid_in(const fl_buoyancy *b, fl_fluid_id f);
/* The fluid f of b, or NULL; valid until a fluid is added or removed (the
 * list may move). */
FL_API const fl_fluid_def *fl_buoyancy_fluid(const fl_buoyancy *b, fl_fluid_id f);
FL_API fl_status fl_buoyancy_set_fluid(fl_buoyancy *b, fl_fluid_id f, const fl_fluid_def *def,
                                       fl_error *err);

/* Measures every body against every fluid at time t, keeping the submerged
 * polygons, without applying any force. */
FL_API fl_status fl_buoyancy_measure(fl_buoyancy *b, double t);
/* Measures at time t and applies the forces for a step of dt, body by body
 * in one pass (what the hook does); keeps no polygons. */
FL_API fl_status fl_buoyancy_apply(fl_buoyancy *b, double t, double dt);

/* The last measurement of `body` in `fluid`; NULL if the world or the
 * fluids changed since. It and its
 * polygon are valid until the next measure or apply (the next step). */
FL_API const fl_submerged *fl_buoyancy_submerged(const fl_buoyancy *b, fl_body_id body, fl_fluid_id fluid);
/* What the last fl_buoyancy_apply applied to `body` in `fluid`, and in
 * all; NULL when it applied nothing to it (the body
 * was dry, or static, or the pass failed), when the fluids changed,
 * or when bodies joined or left the world since. The report is valid until
 * the next apply (the next step). */
FL_API const fl_buoyancy_push *fl_buoyancy_applied(const fl_buoyancy *b, fl_body_id body, fl_fluid_id fluid);
FL_API const fl_buoyancy_total *fl_buoyancy_applied_total(const fl_buoyancy *b, fl_body_id body);
/* Makes `to` report what `from` applied in its last pass, for a module on a
 * copy of from's world (fl_world_clone) with the same fluids: what a
 * picture of the copy shows. Changes nothing any step computes. FL_ENOMEM
 * (nothing reported) when out of memory. */
FL_API fl_status fl_buoyancy_copy_applied(fl_buoyancy *to, const fl_buoyancy *from);

/* Total submerged area of a body over all fluids, and its combined centre of
 * buoyancy (area-weighted); returns 0 and leaves *centroid unset if dry. */
FL_API double fl_buoyancy_body_area(const fl_buoyancy *b, fl_body_id body, fl_vec2 *centroid);

/* How a body floats, from the last fl_buoyancy_measure (same body list), in
 * the fluid it is most in: what a naval architect reads off a hull. */
typedef struct fl_hydrostatics {
    fl_fluid_id fluid;      /* that fluid, or the null id: the body is in none */
    double area;            /* submerged area in it, m^2 */
    double fraction;        /* ... as a part of the fluid outline's area */
    fl_vec2 center;         /* the centre of buoyancy B, world */
    double draft;           /* depth of the outline's lowest point below the surface, m */
    double waterline;       /* length of the outline where the surface cuts it, m */
    double bm;              /* metacentric radius: the waterline's second moment about
                             * its own centre over the submerged area, m */
    double bg;              /* height of the centre of mass G above B, m (G: the
                             * body's and its hold's water's together) */
    double gm;              /* GM solid: the metacentric height BM - BG from the
                             * current waterline, m, the water in its hold (if
                             * any) taken as a fixed weight at its centroid;
                             * > 0 rights a small heel, < 0 grows it */
    double free_surface;    /* the free-surface correction of the hold's water:
                             * its density over the fluid's times the second
                             * moment of its surface about its own centre, over
                             * the submerged area, m (0: no water) */
    double gm_fluid;        /* GM fluid = gm - free_surface: the water moving to
                             * the low side as it heels, m */
    bool floating;          /* the surface cuts it (waterline > 0): GM applies */
} fl_hydrostatics;

/* Fills *out for `body` at time t, the measure's time. On a
 * wave, the area and centre of buoyancy are the measure's, under the wave
 * itself; the waterline is where that cut the outline, measured along x;
 * the draft is read against the surface's tangent under the body. False
 * when the body list changed since the measure, or the index is out of
 * range. */
FL_API bool fl_buoyancy_hydrostatics(const fl_buoyancy *b, fl_body_id body, double t,
                                     fl_hydrostatics *out);

#ifdef __cplusplus
}
#endif

#endif
