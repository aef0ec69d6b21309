/* Time and tasks: the clock the profile reads, and the runner that shares a
 * stage's work out (fl_world_set_task_runner), or runs it in turn. */
#include <time.h>
#include "world_state.h"

double clock_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

void fl_world_set_profile(fl_world *w, fl_profile *profile)
{
    FL_ASSERT(w != NULL);
    w->profile = profile;
}

void fl_world_set_task_runner(fl_world *w, fl_task_runner run, void *runner_ctx)
{
    FL_ASSERT(w != NULL);
    w->runner = run;
    w->runner_ctx = run ? runner_ctx : NULL;
}

void run_tasks(fl_world *w, fl_task_fn fn, void *ctx, int count)
{
    FL_ASSERT(fn != NULL && count >= 0);
    if (w->runner) {
        w->runner(w->runner_ctx, fn, ctx, count);
        return;
    }
    for (int i = 0; i < count; i++)
        fn(ctx, i);
}
