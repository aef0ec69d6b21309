#include "step_context.h"
#include "world_state.h"

fl_status step_take(fl_world *w, step_take_fn *fn, int n)
{
    arena_measure(&w->arena);
    fn(w, n);
    if (arena_room(w, &w->arena, arena_measured(&w->arena)) != FL_OK)
        return FL_ENOMEM;
    fn(w, n);
    return FL_OK;
}

fl_status step_begin(fl_world *w, step_take_fn *take_bodies)
{
    if (arena_begin(w, &w->arena) != FL_OK)
        return FL_ENOMEM;
    return step_take(w, take_bodies, 0);
}
