/* The world's memory: every allocation of the engine goes through the
 * world's allocator (fl_world_alloc, fl_world_grow: fl_world.h), the C
 * library's unless the world was given one. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include "world_state.h"

static void *default_alloc(size_t size, void *user)
{
    (void)user;
    return malloc(size);
}
static void *default_realloc(void *ptr, size_t size, void *user)
{
    (void)user;
    return realloc(ptr, size);
}
static void default_free(void *ptr, void *user)
{
    (void)user;
    free(ptr);
}

fl_allocator default_allocator(void)
{
    fl_allocator a = {default_alloc, default_realloc, default_free, NULL};
    return a;
}

void *fl_world_alloc(fl_world *w, size_t size) { return w->allocator.alloc(size, w->allocator.user); }
void *fl_world_realloc(fl_world *w, void *ptr, size_t size)
{
    FL_ASSERT(w != NULL);
    return w->allocator.realloc(ptr, size, w->allocator.user);
}
void fl_world_free(fl_world *w, void *ptr)
{
    FL_ASSERT(w != NULL);
    if (ptr)
        w->allocator.free(ptr, w->allocator.user);
}

void *fl_world_grow(fl_world *w, void *array, int *capacity, int need, size_t elem_size)
{
    FL_ASSERT(w != NULL && capacity != NULL && *capacity >= 0);
    if (need <= *capacity && array)
        return array;
    if (need < 0 || elem_size == 0)
        return NULL;
    /* Doubles, up to the most an int counts; none of it may overflow. */
    int cap = *capacity > 0 ? *capacity : 8;
    while (cap < need)
        cap = cap > INT_MAX / 2 ? INT_MAX : 2 * cap;
    if ((size_t)cap > SIZE_MAX / elem_size)
        return NULL;
    void *p = fl_world_realloc(w, array, (size_t)cap * elem_size);
    if (p)
        *capacity = cap;
    FL_ASSERT(!p || *capacity >= need);
    return p;
}
