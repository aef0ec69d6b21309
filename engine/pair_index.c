/* Contacts indexed by the pair of parts they join: open addressing, each
 * slot holding a contact's place in its list + 1 (0: empty). The index is
 * only looked up, never walked, so no hash order reaches the results. */
#include <string.h>
#include "world_internal.h"

/* A part's key: its body's id and its index in the body. */
static uint64_t part_key(uint32_t id, int part) { return (uint64_t)id << 8 | (uint64_t)(unsigned)part; }

static uint32_t hash_pair(uint64_t a, uint64_t b)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull + (a << 6));
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return (uint32_t)h;
}

static uint32_t contact_hash(const fl_contact *c)
{
    return hash_pair(part_key(c->id_a, c->part_a), part_key(c->id_b, c->part_b));
}

bool fl_same_pair(const fl_contact *o, const fl_contact *c)
{
    return o->id_a == c->id_a && o->part_a == c->part_a && o->id_b == c->id_b &&
           o->part_b == c->part_b;
}

fl_status fl_pair_index_reset(fl_world *w, pair_index *index, int n)
{
    int size = 16;
    while (size < 2 * n)
        size *= 2;
    int *slots = fl_world_grow(w, index->slots, &index->capacity, size, sizeof *slots);
    if (!slots)
        return FL_ENOMEM;
    index->slots = slots;
    index->mask = (uint32_t)size - 1u;
    index->valid = false;
    memset(slots, 0, sizeof *slots * (size_t)size);
    return FL_OK;
}

void fl_pair_index_add(pair_index *index, const fl_contact *c, int i)
{
    uint32_t h = contact_hash(c);
    while (index->slots[h & index->mask])
        h++;
    index->slots[h & index->mask] = i + 1;
}

int fl_pair_index_find(const pair_index *index, const fl_contact *items, const fl_contact *c)
{
    for (uint32_t h = contact_hash(c);; h++) {
        int slot = index->slots[h & index->mask];
        if (!slot)
            return -1;
        if (fl_same_pair(&items[slot - 1], c))
            return slot - 1;
    }
}

void fl_pair_index_free(fl_world *w, pair_index *index)
{
    fl_world_free(w, index->slots);
    *index = (pair_index){0};
}
