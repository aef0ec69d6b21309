/* The world's motions: each body's velocity and spin, kept between steps
 * in the one array the solver works on (fl_motion), row i for body i of
 * the list, then the ground's row, then room for the solver's twins of the
 * unmovable ones (split.c). The velocity update kicks the rows where they
 * stand, the solver's passes change them there, and the drift reads them
 * there: a step copies no velocity in or out. The array starts on a cache
 * line, so that each row is one line. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "world_state.h"

#define LINE 64

/* (A copy of a body, such as the buoyancy module's ghost of one moved
 * ahead, reads the body's own.) */
fl_twist *body_twist(const fl_world *w, const fl_body *b)
{
    FL_ASSERT(w && b && b != &w->ground); /* the ground's motion is the solver's */
    fl_world *mw = (fl_world *)w;
    if (b->index >= 0) {
        FL_ASSERT(b->index < w->body_count && w->bodies[b->index]->id == b->id);
        return &mw->motions[b->index].vel;
    }
    int k = -1 - b->index; /* waiting in the queue (world.c) */
    FL_ASSERT(k < w->pending_count && w->pending[k].body->id == b->id);
    return &mw->pending[k].vel;
}

/* Rows for the bodies, the ground and a twin of each. */
static int rows_for(int bodies)
{
    return 2 * (bodies + 1);
}

/* A block of `rows` motions from w's allocator, its first row on a cache
 * line: the block in *block, the rows returned (NULL: out of memory). */
static fl_motion *take_rows(fl_world *w, int rows, void **block)
{
    if (rows <= 0 || (size_t)rows > (SIZE_MAX - LINE) / sizeof(fl_motion))
        return NULL;
    *block = fl_world_alloc(w, (size_t)rows * sizeof(fl_motion) + LINE - 1);
    if (!*block)
        return NULL;
    return (fl_motion *)(((uintptr_t)*block + LINE - 1) & ~(uintptr_t)(LINE - 1));
}

fl_status motions_reserve(fl_world *w, int bodies)
{
    FL_ASSERT(w && bodies >= 0);
    if (bodies > INT_MAX / 2 - 1)
        return FL_ENOMEM;
    int need = rows_for(bodies);
    if (need <= w->motion_capacity)
        return FL_OK;
    int cap = w->motion_capacity > 0 ? w->motion_capacity : need;
    while (cap < need)
        cap = cap > INT_MAX / 2 ? INT_MAX : 2 * cap;
    void *block;
    fl_motion *rows = take_rows(w, cap, &block);
    if (!rows)
        return FL_ENOMEM;
    if (w->motions) /* the bodies' rows; the ground's and the twins' are the step's */
        memcpy(rows, w->motions, sizeof *rows * (size_t)w->body_count);
    fl_world_free(w, w->motion_block);
    w->motions = rows;
    w->motion_block = block;
    w->motion_capacity = cap;
    return FL_OK;
}

void motion_start(fl_world *w, int i, fl_twist t)
{
    FL_ASSERT(i >= 0 && i < w->body_count && rows_for(w->body_count) <= w->motion_capacity);
    const fl_body *b = w->bodies[i];
    if (b->is_static)
        t = (fl_twist){{0.0, 0.0}, 0.0};
    w->motions[i] = (fl_motion){t, {{0.0, 0.0}, 0.0}, b->inv_mass, b->inv_inertia};
}

void motion_move(fl_world *w, int i, int to)
{
    FL_ASSERT(0 <= to && to <= i && i < w->body_count);
    w->motions[to] = w->motions[i];
}

fl_status motions_copy(const fl_world *w, fl_world *c)
{
    c->motions = NULL;
    c->motion_block = NULL;
    c->motion_capacity = 0;
    if (!w->motions)
        return FL_OK;
    void *block;
    fl_motion *rows = take_rows(c, w->motion_capacity, &block);
    if (!rows)
        return FL_ENOMEM;
    memcpy(rows, w->motions, sizeof *rows * (size_t)w->body_count);
    c->motions = rows;
    c->motion_block = block;
    c->motion_capacity = w->motion_capacity;
    return FL_OK;
}

void motions_free(fl_world *w)
{
    fl_world_free(w, w->motion_block);
    w->motions = NULL;
    w->motion_block = NULL;
    w->motion_capacity = 0;
}
