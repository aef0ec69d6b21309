/* The step's scratch: the arrays a step works in and drops when it ends,
 * all taken from the world's arena (arena.h), in the order the stages run.
 *
 * Each stage lists its arrays in a take function (integrate_take,
 * collision_take_parts, collision_take_pairs, solver_take), which
 * step_take runs twice: once to measure, once, after making room, to take.
 * The step begins by letting go of last step's and taking what the bodies
 * and their parts need (step_begin); the pairs' arrays are taken once the
 * broad phase has counted them, the solver's once the narrow phase has
 * counted the contacts. A warmed-up step finds room for all of it in the
 * arena's blocks and allocates nothing.
 *
 * Out of memory, wherever it comes, the step degrades in one way, in
 * fl_world_step (world.c): no contacts this step, bodies moved by their
 * velocities alone, and fl_world_last_step_status says FL_ENOMEM. */
#ifndef FL_STEP_CONTEXT_H
#define FL_STEP_CONTEXT_H

#include "flotsam/fl_types.h"

typedef struct fl_world fl_world;

/* A stage's arrays for n of what it counts, taken from the world's arena
 * (or, while the arena measures, counted). */
typedef void step_take_fn(fl_world *w, int n);

/* Lets go of last step's scratch and takes the bodies' and parts' arrays
 * (what take_bodies lists: the driver's, which knows the stages). */
fl_status step_begin(fl_world *w, step_take_fn *take_bodies);
/* Takes fn's arrays for n, making room for them first. */
fl_status step_take(fl_world *w, step_take_fn *fn, int n);

/* The take functions, each in the file of the stage that uses them. */
void integrate_take(fl_world *w, int unused);
void collision_take_parts(fl_world *w, int unused);
void collision_take_pairs(fl_world *w, int unused);
void solver_take(fl_world *w, int n);

#endif
