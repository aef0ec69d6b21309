/* The harbor scene on flotsam: an fl_world with the buoyancy module, built
 * from a harbor_scene, stepped with wall-clock timing of the steps only. */
#ifndef FLOTSAM_HARBOR_H
#define FLOTSAM_HARBOR_H

#include "flotsam/flotsam.h"
#include "harbor.h"

typedef struct flotsam_harbor {
    fl_world *world;
    fl_buoyancy *buoyancy;
    const harbor_scene *scene;
    int first_dynamic;   /* bodies before this index are the tank */
    fl_profile profile;  /* stage times of the timed steps, ms summed */
    double elapsed_ms;   /* wall time of the timed steps */
    long steps;          /* timed steps so far */
} flotsam_harbor;

/* How the world solves: `iterations` passes in each of `substeps`
 * substeps; 0 for either: the world's default, as every scene has it. */
typedef struct flotsam_harbor_solver {
    int iterations, substeps;
} flotsam_harbor_solver;
#define FLOTSAM_HARBOR_DEFAULT ((flotsam_harbor_solver){0, 0})

/* Builds the scene (which must outlive h) in a new world that solves as
 * `solver` says and whose memory comes from `allocator` (NULL: the C
 * library's). On failure returns the status, fills err and leaves nothing
 * to destroy. */
fl_status flotsam_harbor_build(flotsam_harbor *h, const harbor_scene *scene,
                               flotsam_harbor_solver solver, const fl_allocator *allocator,
                               fl_error *err);
void flotsam_harbor_destroy(flotsam_harbor *h);

/* Takes `steps` steps of HARBOR_DT, adding their wall time (CLOCK_MONOTONIC)
 * to h->elapsed_ms and their stage split to h->profile. */
void flotsam_harbor_run(flotsam_harbor *h, long steps);

/* Measures the state now: submerged fractions from a fresh buoyancy
 * measurement (no forces applied), positions, NaN, bodies out of the tank,
 * and the dynamic bodies' vertex count. */
harbor_stats flotsam_harbor_measure(flotsam_harbor *h);

/* The buoyancy pass alone, timed on the world as it stands between steps:
 * the median of `calls` passes (at most 99) in ms, each after touching
 * `evict_bytes` of other memory (0: back to back, so its data stays in
 * cache). The forces the passes add are cleared again, leaving the world
 * as it was. Returns a negative time when out of memory (the world is then
 * left as it was all the same). */
double flotsam_harbor_time_buoyancy(flotsam_harbor *h, size_t evict_bytes, int calls);

#endif
