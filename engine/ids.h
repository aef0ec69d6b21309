/* Tables of ids: the slots that bodies' and joints' ids name (fl_body_id).
 * A slot holds its item while the item lives; when the item goes, the
 * slot's generation moves on and the slot waits on a free list for the
 * next item, so that an old id never names the new item. */
#ifndef FL_IDS_H
#define FL_IDS_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_world.h"

typedef struct id_slot {
    void *item;           /* NULL while free */
    uint32_t generation;  /* of the item in it, or of the next one while free */
    int32_t next_free;    /* while free: the next free slot, or -1 */
} id_slot;

typedef struct id_table {
    id_slot *slots;
    int count, capacity;  /* slots used so far, and room */
    int32_t free_head;    /* -1: none free */
} id_table;

/* An empty table. */
void ids_init(id_table *t);
void ids_free(fl_world *w, id_table *t);
/* A slot for item: *index and *generation name it. FL_ENOMEM. */
fl_status ids_take(fl_world *w, id_table *t, void *item, int32_t *index, uint32_t *generation);
/* Frees the slot (its id goes stale). */
void ids_release(id_table *t, int32_t index);
/* The item the slot and generation name, or NULL. */
static inline void *ids_get(const id_table *t, int32_t index, uint32_t generation)
{
    if (index < 0 || index >= t->count)
        return 0;
    const id_slot *s = &t->slots[index];
    return s->generation == generation ? s->item : 0;
}
/* A copy of t into c, allocated from w, its items still the original's
 * (the caller moves them over with ids_set). FL_ENOMEM. */
fl_status ids_copy(fl_world *w, id_table *c, const id_table *t);
static inline void ids_set(id_table *t, int32_t index, void *item) { t->slots[index].item = item; }

#endif
