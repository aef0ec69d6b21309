/* The world: bodies, gravity and the fixed step. */
#ifndef FL_WORLD_H
#define FL_WORLD_H

#include <stdint.h>
#include "flotsam/fl_body.h"
#include "flotsam/fl_contact.h"
#include "flotsam/fl_events.h"
#include "flotsam/fl_module.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_world_def {
    fl_vec2 gravity;        /* m/s^2; y points down, so (0, 9.81) is Earth's */
    int iterations;         /* constraint solver passes per substep */
    fl_allocator allocator; /* zeroed: the C library's */
    /* Substeps of the constraint solver per step, 1 to FL_MAX_SUBSTEPS (0,
     * as a definition made without fl_world_def_default has it: 1).
     * Bodies held by contacts or joints take the step's forces in equal
     * shares and move between substeps; the collision stage still runs
     * once a step. More substeps let a heavy body rest on a much lighter
     * one (the passes alone cannot carry a large mass ratio) at about the
     * cost of as many more passes. */
    int substeps;
} fl_world_def;

#define FL_MAX_SUBSTEPS 64

/* gravity (0, 9.81), 10 iterations, 1 substep, the C library's allocator. */
FL_API fl_world_def fl_world_def_default(void);

FL_API fl_world *fl_world_create(const fl_world_def *def, fl_error *err);
/* A copy of a world between steps (FL_EINVAL during one): its bodies, joints,
 * contacts, counters and modules (fl_module.h: the buoyancy module's copy
 * is fl_buoyancy_of(copy)), so that the copy, stepped as the original is,
 * stays equal to it bit for bit. Hooks that are not a module's are not
 * copied: add them again. The copy's bodies and joints are its own, at the
 * same indices, with the same ids and user pointers. */
FL_API fl_world *fl_world_clone(const fl_world *w, fl_error *err);
/* Destroys the world, its modules first (fl_module.h), then its bodies
 * and joints: every handle into it is then gone. */
FL_API void fl_world_destroy(fl_world *w);

/* Adds a body. Bad input (fewer than 3 points, a self-intersecting or
 * zero-area outline, density <= 0 for a dynamic body, non-finite numbers)
 * fails with FL_EINVAL and a message. A body added during a step joins the
 * world when the step ends. */
FL_API fl_status fl_world_add_body(fl_world *w, const fl_body_def *def, fl_body_id *out, fl_error *err);
/* Removes and frees a body of w; later bodies move down one index, and its
 * id goes stale at once (FL_ESTALE for a stale id or one of another
 * world). During a step the body leaves as the step ends. Its contacts and
 * joints go with it, without a collisionEnd event. */
FL_API fl_status fl_world_remove_body(fl_world *w, fl_body_id b);

FL_API int fl_world_body_count(const fl_world *w);
/* The body at place `index` of the list (0 to fl_world_body_count - 1, in
 * the order they joined), or the null id. */
FL_API fl_body_id fl_world_body(const fl_world *w, int index);

/* The contacts found by the last step (touching or about to), in a fixed
 * order; valid until the next step. */
FL_API int fl_world_contact_count(const fl_world *w);
/* Contact `index` (0 to fl_world_contact_count - 1) of the last step, as
 * its solve left it, into *out; false (and *out untouched) for an index out
 * of range. */
FL_API bool fl_world_contact(const fl_world *w, int index, fl_contact_data *out);

FL_API fl_vec2 fl_world_gravity(const fl_world *w);
FL_API void fl_world_set_gravity(fl_world *w, fl_vec2 g);
FL_API uint64_t fl_world_step_count(const fl_world *w);
/* A number that changes whenever bodies join or leave the world, so that
 * data kept per body index can tell when it is stale. */
FL_API uint64_t fl_world_revision(const fl_world *w);
FL_API double fl_world_time(const fl_world *w);

/* One fixed leapfrog step, kick then drift (a dt that is not finite and
 * > 0 does nothing; a body's stiffness, fl_body_add_velocity_term, is taken by
 * the average-acceleration rule, docs/physics.md):
 *   beforeUpdate hooks; v += (F/m + g) dt, w += (T/I) dt;
 *   x += v dt, angle += w dt; forces cleared; afterUpdate hooks. */
FL_API void fl_world_step(fl_world *w, double dt);
/* FL_OK, or FL_ENOMEM when the last step found no memory for its scratch:
 * it ran without contacts (none found or kept, no collision events) and
 * moved the bodies by their velocities alone; the next step tries again. */
FL_API fl_status fl_world_last_step_status(const fl_world *w);

/* Work a step may share out among threads. A runner calls fn(ctx, 0) ..
 * fn(ctx, count - 1), in any order and on any threads, and returns once all
 * have returned. The engine hands it only tasks that touch nothing in
 * common, so a step gives the same result, bit for bit, whatever the runner
 * does with them (and with no runner at all: then they run one after the
 * other, on the stepping thread). Today the contact solver of a big world
 * (a few thousand contacts or more) gives it the two halves of its rows. */
typedef void (*fl_task_fn)(void *ctx, int index);
typedef void (*fl_task_runner)(void *runner_ctx, fl_task_fn fn, void *ctx, int count);
/* NULL: no runner. Not copied by fl_world_clone. */
FL_API void fl_world_set_task_runner(fl_world *w, fl_task_runner run, void *runner_ctx);

/* Wall time spent in each stage of the steps taken while a profile is set,
 * in milliseconds, summed over steps (the caller zeroes it). Timing reads a
 * clock but never changes what the step computes. */
typedef struct fl_profile {
    double hooks;        /* beforeUpdate and afterUpdate hooks (buoyancy) */
    double broad_phase;  /* world geometry, boxes, sweep and prune */
    double narrow_phase; /* manifolds, contact matching, collision events */
    double solver;       /* contacts and joints, velocities and positions */
    double integration;  /* velocities from forces, positions from velocities */
    uint64_t steps;
} fl_profile;

/* Starts (profile != NULL) or stops adding stage times to *profile. */
FL_API void fl_world_set_profile(fl_world *w, fl_profile *profile);

/* Memory through the world's allocator (for modules built on the engine). */
FL_API void *fl_world_alloc(fl_world *w, size_t size);
FL_API void *fl_world_realloc(fl_world *w, void *ptr, size_t size);
FL_API void fl_world_free(fl_world *w, void *ptr);
/* Makes `array` (*capacity items of elem_size bytes) hold at least `need`
 * items, doubling through the world's allocator. Returns the array to use
 * from now on, or NULL when out of memory (the old array is then intact). */
FL_API void *fl_world_grow(fl_world *w, void *array, int *capacity, int need, size_t elem_size);

#ifdef __cplusplus
}
#endif

#endif
