#include <stdint.h>
#include "arena.h"
#include "fail.h"
#include "flotsam/fl_world.h"

#define LINE 64

/* a + b, or SIZE_MAX where that does not fit: sizes saturate, and a
 * saturated size is one no allocation can meet. */
static size_t sum(size_t a, size_t b) { return a > SIZE_MAX - b ? SIZE_MAX : a + b; }

/* count elements of elem_size bytes, rounded up to whole cache lines. */
static size_t lines_for(int count, size_t elem_size)
{
    if (count <= 0)
        return 0;
    if (elem_size > (SIZE_MAX - LINE) / (size_t)count)
        return SIZE_MAX;
    return ((size_t)count * elem_size + LINE - 1) & ~(size_t)(LINE - 1);
}

static char *first_line(void *block) { return (char *)(((uintptr_t)block + LINE - 1) & ~(uintptr_t)(LINE - 1)); }

/* A block holding `bytes` from its first cache line, or NULL. */
static void *line_block(fl_world *w, size_t bytes)
{
    size_t size = sum(bytes, LINE - 1);
    return size == SIZE_MAX ? NULL : fl_world_alloc(w, size);
}

static void free_spills(fl_world *w, step_arena *a)
{
    for (int i = 0; i < a->spills; i++)
        fl_world_free(w, a->spill[i]);
    a->spills = 0;
}

fl_status arena_begin(fl_world *w, step_arena *a, size_t need)
{
    free_spills(w, a);
    a->at = a->end = NULL;
    a->taken = 0;
    a->measuring = false;
    if (need < a->most)
        need = a->most;
    if (need > a->capacity) {
        /* The one place the block grows: half again to spare, so that a
         * world whose piles and pairs grow for a while reallocates a few
         * times, not each step. Nothing in it is in use: the old block
         * goes first, and nothing is copied. */
        size_t want = sum(need, need / 2);
        fl_world_free(w, a->block);
        a->capacity = 0;
        a->block = line_block(w, want);
        if (!a->block)
            return FL_ENOMEM;
        a->capacity = want;
    }
    if (a->block) {
        a->at = first_line(a->block);
        a->end = a->at + a->capacity;
    }
    return FL_OK;
}

fl_status arena_room(fl_world *w, step_arena *a, size_t bytes)
{
    FL_ASSERT(!a->measuring);
    if (bytes == 0 || (a->at && bytes <= (size_t)(a->end - a->at)))
        return FL_OK;
    FL_ASSERT(a->spills < ARENA_SPILLS);
    void *spill = a->spills < ARENA_SPILLS ? line_block(w, bytes) : NULL;
    if (!spill)
        return FL_ENOMEM;
    a->spill[a->spills++] = spill;
    /* What the block had left goes unused this step: counted, so that the
     * next step's block holds everything this one took without spilling. */
    if (a->at)
        a->taken = sum(a->taken, (size_t)(a->end - a->at));
    a->at = first_line(spill);
    a->end = a->at + bytes;
    return FL_OK;
}

void *arena_take(step_arena *a, int count, size_t elem_size)
{
    size_t bytes = lines_for(count, elem_size);
    if (a->measuring) {
        a->measured = sum(a->measured, bytes);
        return NULL;
    }
    if (bytes == 0)
        return NULL;
    FL_ASSERT(a->at && bytes <= (size_t)(a->end - a->at));
    void *p = a->at;
    a->at += bytes;
    a->taken += bytes;
    if (a->taken > a->most)
        a->most = a->taken;
    return p;
}

void arena_measure(step_arena *a)
{
    a->measuring = true;
    a->measured = 0;
}

size_t arena_measured(step_arena *a)
{
    a->measuring = false;
    return a->measured;
}

void arena_free(fl_world *w, step_arena *a)
{
    free_spills(w, a);
    fl_world_free(w, a->block);
    *a = (step_arena){0};
}
