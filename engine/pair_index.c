/* Contacts indexed by the pair of parts they join: the contacts whose body
 * a is the same are chained, newest first, from a head per body. A body
 * meets a few others, so a chain is short; the heads take 4 bytes a body
 * and stay in cache where a hash table over the pairs would not, and adding
 * a contact writes its own link in order. The index is only looked up,
 * never walked in full, so no chain order reaches the results. */
#include <string.h>
#include "world_state.h"

bool same_pair(const fl_contact *o, const fl_contact *c)
{
    return o->id_a == c->id_a && o->part_a == c->part_a && o->id_b == c->id_b &&
           o->part_b == c->part_b;
}

fl_status pair_index_reset(fl_world *w, pair_index *index, int n)
{
    FL_ASSERT(n >= 0);
    int bodies = w->body_count;
    int *head = fl_world_grow(w, index->head, &index->head_capacity, bodies, sizeof *head);
    if (!head)
        return FL_ENOMEM;
    index->head = head;
    int *next = fl_world_grow(w, index->next, &index->next_capacity, n, sizeof *next);
    if (!next)
        return FL_ENOMEM;
    index->next = next;
    index->heads = bodies;
    index->valid = false;
    memset(head, 0, sizeof *head * (size_t)bodies);
    return FL_OK;
}

void pair_index_add(pair_index *index, const fl_contact *c, int i)
{
    FL_ASSERT(c->index_a >= 0 && c->index_a < index->heads && i >= 0 && i < index->next_capacity);
    index->next[i] = index->head[c->index_a];
    index->head[c->index_a] = i + 1;
}

int pair_index_find(const pair_index *index, const fl_contact *items, const fl_contact *c)
{
    /* A body added since the list was indexed has no contact in it. */
    if (c->index_a >= index->heads)
        return -1;
    for (int slot = index->head[c->index_a]; slot; slot = index->next[slot - 1])
        if (same_pair(&items[slot - 1], c))
            return slot - 1;
    return -1;
}

void pair_index_free(fl_world *w, pair_index *index)
{
    fl_world_free(w, index->head);
    fl_world_free(w, index->next);
    *index = (pair_index){0};
}
