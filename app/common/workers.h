/* Worker threads for the engine's tasks (fl_task_runner): the thread that
 * steps the world runs tasks too, and `extra` more threads help it. */
#ifndef FL_WORKERS_H
#define FL_WORKERS_H

#include "flotsam/flotsam.h"

typedef struct workers workers;

/* NULL if the threads cannot be started (then run the world without). */
workers *workers_start(int extra);
void workers_stop(workers *w);

/* An fl_task_runner; runner_ctx is the workers. */
void workers_run(void *runner_ctx, fl_task_fn fn, void *ctx, int count);

#endif
