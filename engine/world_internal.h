/* The world's insides, shared by the engine's own files only. */
#ifndef FL_WORLD_INTERNAL_H
#define FL_WORLD_INTERNAL_H

#include <stdbool.h>
#include "fl_world.h"

struct fl_world {
    fl_allocator allocator;
    fl_vec2 gravity;
    int iterations;
    fl_body **bodies;      /* in the order they were added */
    int body_count, body_capacity;
    fl_body **pending;     /* added during a step, joining when it ends */
    int pending_count, pending_capacity;
    int removed_count;     /* bodies marked removed during the step */
    bool in_step;
    uint64_t step;
    double time;
    /* time = time_base + steps_at_dt * last_dt: a product, not a running
     * sum, so that 600 steps of 1/60 s make exactly 10 s. */
    double time_base, last_dt;
    uint64_t steps_at_dt;
    fl_hook_list hooks[FL_EVENT_TYPE_COUNT];
};

void fl_hook_list_free(fl_world *w, fl_hook_list *list);

/* Builds a body in memory from the world's allocator (not yet in the world). */
fl_status fl_body_create(fl_world *w, const fl_body_def *def, fl_body **out, fl_error *err);
void fl_body_destroy(fl_world *w, fl_body *b);

#endif
