/* The harbor scene on Chipmunk2D 7, the benchmark's peer: the same tank and
 * bodies, and the benchmark's buoyancy and drag applied from each body's
 * velocity-update callback with flotsam's own clipping code. Compiled only
 * when Chipmunk was found (FLOTSAM_HAVE_CHIPMUNK); otherwise building fails
 * with a message saying so. */
#ifndef CHIPMUNK_HARBOR_H
#define CHIPMUNK_HARBOR_H

#include <stdbool.h>
#include <stddef.h>
#include "harbor.h"

typedef struct chipmunk_harbor chipmunk_harbor;

/* True when this build has Chipmunk. */
bool chipmunk_harbor_available(void);
/* "chipmunk 7.0.3", or "chipmunk (not built)". */
const char *chipmunk_harbor_engine(void);

/* Creates and frees one space with stdout caught, so that the banner a
 * debug build of Chipmunk prints on its first space (on stdout) does not mix
 * with the caller's output; call it before the first build. Sets
 * *assertions when the banner says the library runs its debug checks.
 * Returns false when the banner could not be caught (or no Chipmunk). */
bool chipmunk_harbor_probe(bool *assertions);

/* The solver settings used: iterations, spatial index, collision slop and
 * bias (fraction of overlap left after one second). */
typedef struct chipmunk_harbor_settings {
    int iterations;
    const char *spatial_index;
    double collision_slop;
    double collision_bias;
    double shape_friction; /* per shape; a pair gets the product */
} chipmunk_harbor_settings;

/* Builds the scene (which must outlive the result); NULL with a message in
 * err on failure or when Chipmunk is not built in. */
chipmunk_harbor *chipmunk_harbor_build(const harbor_scene *scene, char *err, size_t err_size);
void chipmunk_harbor_destroy(chipmunk_harbor *h);

chipmunk_harbor_settings chipmunk_harbor_get_settings(const chipmunk_harbor *h);

/* Takes `steps` steps of HARBOR_DT; adds their wall time (CLOCK_MONOTONIC). */
void chipmunk_harbor_run(chipmunk_harbor *h, long steps);
double chipmunk_harbor_elapsed_ms(const chipmunk_harbor *h);

/* The same measurements as flotsam_harbor_measure. */
harbor_stats chipmunk_harbor_measure(const chipmunk_harbor *h);

#endif
