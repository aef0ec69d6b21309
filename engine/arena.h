/* The step's scratch memory: one block the world keeps between steps, out
 * of which each step takes its arrays in turn and which it lets go of all
 * at once when the next step begins. A step that needs more than the block
 * holds gets a spill block for the rest, and the next step's block is made
 * big enough for all of it: a warmed-up step allocates nothing. */
#ifndef FL_ARENA_H
#define FL_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include "flotsam/fl_types.h"

typedef struct fl_world fl_world;

/* Spill blocks one step may take (one a group of arrays, arena_room). */
#define ARENA_SPILLS 4

typedef struct step_arena {
    void *block;            /* the block, as allocated; kept between steps */
    size_t capacity;        /* bytes usable in it from its first cache line */
    void *spill[ARENA_SPILLS]; /* this step's spill blocks */
    int spills;
    char *at, *end;         /* where the next array goes, and where room ends */
    size_t taken;           /* bytes taken this step, spills included */
    size_t most;            /* the most a step has taken */
    bool measuring;         /* takes count their bytes and hand out nothing */
    size_t measured;
} step_arena;

/* Begins a step: frees last step's spills and makes the block hold `need`
 * bytes and at least what the most demanding step took, with half again to
 * spare when it has to grow. FL_ENOMEM leaves the arena empty but sound. */
fl_status arena_begin(fl_world *w, step_arena *a, size_t need);
/* Makes the next `bytes` (as measured) take-able from one block: the
 * block's room, or a spill block. FL_ENOMEM: nothing taken. */
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
