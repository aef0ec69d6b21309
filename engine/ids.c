/* Tables of ids (ids.h). */
#include <string.h>
#include "ids.h"
#include "fail.h"

void ids_init(id_table *t)
{
    memset(t, 0, sizeof *t);
    t->free_head = -1;
}

void ids_free(fl_world *w, id_table *t)
{
    fl_world_free(w, t->slots);
    ids_init(t);
}

fl_status ids_take(fl_world *w, id_table *t, void *item, int32_t *index, uint32_t *generation)
{
    FL_ASSERT(item != NULL);
    int32_t i = t->free_head;
    if (i >= 0) {
        t->free_head = t->slots[i].next_free;
    } else {
        id_slot *grown = fl_world_grow(w, t->slots, &t->capacity, t->count + 1, sizeof *t->slots);
        if (!grown)
            return FL_ENOMEM;
        t->slots = grown;
        i = t->count++;
        t->slots[i].generation = 1; /* 0 is the null id's */
    }
    t->slots[i].item = item;
    t->slots[i].next_free = -1;
    *index = i;
    *generation = t->slots[i].generation;
    return FL_OK;
}

void ids_release(id_table *t, int32_t index)
{
    FL_ASSERT(index >= 0 && index < t->count && t->slots[index].item != NULL);
    id_slot *s = &t->slots[index];
    s->item = NULL;
    if (++s->generation == 0) /* after 2^32 - 1 bodies in one slot */
        s->generation = 1;
    s->next_free = t->free_head;
    t->free_head = index;
}

fl_status ids_copy(fl_world *w, id_table *c, const id_table *t)
{
    *c = *t;
    c->slots = NULL;
    if (t->capacity == 0)
        return FL_OK;
    c->slots = fl_world_alloc(w, sizeof *t->slots * (size_t)t->capacity);
    if (!c->slots) {
        ids_init(c);
        return FL_ENOMEM;
    }
    memcpy(c->slots, t->slots, sizeof *t->slots * (size_t)t->count);
    return FL_OK;
}
