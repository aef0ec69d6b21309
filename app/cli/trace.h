/* --trace FILE.csv: what `run` and `replay` write of every body at every
 * K-th step, for a spreadsheet or a plot. */
#ifndef FL_TRACE_H
#define FL_TRACE_H

#include <stdbool.h>
#include <stdio.h>
#include "flotsam/flotsam.h"

typedef struct trace {
    fl_out_file out;        /* written beside the file until the run is done */
    long every;
    long rows;
} trace;

/* Opens the file (fl_out_open) and writes the header; false with a message. */
bool trace_open(trace *t, const char *path, long every, char *err, size_t err_size);
/* Whether the step after `done` steps is traced (0, K, 2K...). */
bool trace_due(const trace *t, long done);
/* After `done` steps: a row per body when the step is traced (s measured
 * then: fl_buoyancy_measure). */
bool trace_step(trace *t, fl_sim *s, long done, char *err, size_t err_size);
/* Puts the file in place (ok) or drops it; false with a message. */
bool trace_close(trace *t, bool ok, char *err, size_t err_size);

#endif
