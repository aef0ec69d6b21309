/* The step's scratch memory: a few blocks the world keeps between steps,
 * out of which each step takes its arrays in turn and which it lets go of
 * all at once when the next step begins. A group of arrays that finds no
 * room in the blocks gets a new block, at least as big as all the others
 * together, and keeps it: a warmed-up step allocates nothing, and growing
 * never moves or frees memory a step has already touched (a big world's
 * first steps would otherwise touch their pages afresh at every growth). */
#ifndef FL_ARENA_H
#define FL_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include "flotsam/fl_types.h"

typedef struct fl_world fl_world;

/* The most blocks the arena keeps: past ARENA_JOIN at a step's start,
 * they become one. */
#define ARENA_BLOCKS 16
#define ARENA_JOIN 8

typedef struct step_arena {
    void *block[ARENA_BLOCKS]; /* as allocated; kept between steps */
    size_t size[ARENA_BLOCKS]; /* bytes usable in each from its first cache line */
    int blocks;
    int current;            /* the block the next array comes from */
    char *at, *end;         /* where in it, and where its room ends */
    bool measuring;         /* takes count their bytes and hand out nothing */
    size_t measured;
} step_arena;

/* Begins a step: all the blocks are free again. FL_ENOMEM only when the
 * blocks, too many, could not be made one; the arena stays sound. */
fl_status arena_begin(fl_world *w, step_arena *a);
/* Makes the next `bytes` (as measured) take-able from one block: the
 * current one, a later one, or a new one. FL_ENOMEM: nothing taken. */
fl_status arena_room(fl_world *w, step_arena *a, size_t bytes);
/* count elements of elem_size bytes, on a cache line of their own; NULL
 * while measuring. There must be room (arena_room). */
void *arena_take(step_arena *a, int count, size_t elem_size);
/* Starts measuring what the takes that follow need ... */
void arena_measure(step_arena *a);
/* ... and stops, returning it (SIZE_MAX: more than memory holds). */
size_t arena_measured(step_arena *a);
void arena_free(fl_world *w, step_arena *a);

#endif
