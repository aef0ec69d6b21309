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

/* Takes from block i from its start on. */
static void enter(step_arena *a, int i)
{
    a->current = i;
    a->at = first_line(a->block[i]);
    a->end = a->at + a->size[i];
}

static size_t total(const step_arena *a)
{
    size_t t = 0;
    for (int i = 0; i < a->blocks; i++)
        t = sum(t, a->size[i]);
    return t;
}

/* The one place the arena grows: a block of `bytes` from its first cache
 * line on, added last; its size checked, so that no sum overflows. */
static fl_status add_block(fl_world *w, step_arena *a, size_t bytes)
{
    size_t size = sum(bytes, LINE - 1);
    void *block = size == SIZE_MAX || a->blocks == ARENA_BLOCKS ? NULL : fl_world_alloc(w, size);
    if (!block)
        return FL_ENOMEM;
    a->block[a->blocks] = block;
    a->size[a->blocks++] = bytes;
    return FL_OK;
}

static void free_blocks(fl_world *w, step_arena *a)
{
    for (int i = 0; i < a->blocks; i++)
        fl_world_free(w, a->block[i]);
    a->blocks = 0;
}

fl_status arena_begin(fl_world *w, step_arena *a)
{
    a->measuring = false;
    a->at = a->end = NULL;
    a->current = 0;
    if (a->blocks > ARENA_JOIN) {
        /* Many growths (a world growing for long): one block of them all. */
        size_t all = total(a);
        free_blocks(w, a);
        if (add_block(w, a, all) != FL_OK)
            return FL_ENOMEM;
    }
    if (a->blocks > 0)
        enter(a, 0);
    return FL_OK;
}

fl_status arena_room(fl_world *w, step_arena *a, size_t bytes)
{
    FL_ASSERT(!a->measuring);
    if (bytes == 0)
        return FL_OK;
    while (!a->at || bytes > (size_t)(a->end - a->at)) {
        if (a->at && a->current + 1 < a->blocks) {
            enter(a, a->current + 1);
            continue;
        }
        /* None left with room: a new one, twice what is wanted (as
         * fl_world_grow doubles an array) and at least all the others
         * together, so that a world whose scratch keeps growing adds few. */
        size_t want = sum(bytes, bytes), all = total(a);
        if (add_block(w, a, want > all ? want : all) != FL_OK)
            return FL_ENOMEM;
        enter(a, a->blocks - 1);
    }
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
    FL_ASSERT((uintptr_t)a->at % LINE == 0); /* passes over motions and rows rely on their lines */
    void *p = a->at;
    a->at += bytes;
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
    free_blocks(w, a);
    *a = (step_arena){0};
}
