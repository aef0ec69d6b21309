/* The ids of a buoyancy module's fluids (fl_fluid_id): slots and
 * generations from a table of ids as the world keeps for bodies (ids.h),
 * each fluid's kept beside it in the list, which is searched for an id, as
 * a module holds a handful of fluids. */
#include <string.h>
#include "module.h"
#include "fail.h"

int fluid_find(const fl_buoyancy *b, fl_fluid_id f)
{
    if (f.module != b)
        return -1;
    for (int i = 0; i < b->fluid_count; i++)
        if (b->fluid_ids[i].slot == f.index && b->fluid_ids[i].generation == f.generation)
            return i;
    return -1;
}

int fluid_place(const fl_buoyancy *b, fl_fluid_id f)
{
    int i = fluid_find(b, f);
    FL_ASSERT(i >= 0 && "a stale or null fluid id, or one of another module");
    return i;
}

fl_status fluid_take_slot(fl_buoyancy *b)
{
    fluid_slot *ids = fl_world_grow(b->world, b->fluid_ids, &b->fluid_id_capacity,
                                    b->fluid_count + 1, sizeof *ids);
    if (!ids)
        return FL_ENOMEM;
    b->fluid_ids = ids;
    /* The table's items are only a mark that a slot is taken: the place of
     * its fluid is found in the list. */
    fluid_slot *s = &ids[b->fluid_count];
    return ids_take(b->world, &b->slots, b, &s->slot, &s->generation);
}

fl_status fl_buoyancy_remove_fluid(fl_buoyancy *b, fl_fluid_id f)
{
    FL_ASSERT(b != NULL);
    int i = fluid_place(b, f);
    if (i < 0)
        return FL_ESTALE;
    ids_release(&b->slots, f.index);
    int after = b->fluid_count - i - 1;
    memmove(&b->fluids[i], &b->fluids[i + 1], sizeof *b->fluids * (size_t)after);
    memmove(&b->fluid_ids[i], &b->fluid_ids[i + 1], sizeof *b->fluid_ids * (size_t)after);
    b->fluid_count--;
    b->measured = 0; /* the records and pushes were laid out by fluid */
    b->pass++;
    return FL_OK;
}

fl_fluid_id fl_buoyancy_fluid_at(const fl_buoyancy *b, int index)
{
    FL_ASSERT(b != NULL);
    if (index < 0 || index >= b->fluid_count)
        return FL_NULL_FLUID;
    fl_fluid_id f = {(fl_buoyancy *)b, b->fluid_ids[index].slot, b->fluid_ids[index].generation};
    return f;
}

const fl_fluid_def *fl_buoyancy_fluid_def(const fl_buoyancy *b, int index)
{
    FL_ASSERT(b != NULL);
    return index >= 0 && index < b->fluid_count ? &b->fluids[index] : NULL;
}

bool fl_fluid_is_valid(fl_fluid_id f) { return f.module && fluid_find(f.module, f) >= 0; }

int fl_fluid_index(fl_fluid_id f)
{
    FL_ASSERT(f.module != NULL);
    return f.module ? fluid_place(f.module, f) : -1;
}

fl_fluid_id fl_fluid_in(const fl_buoyancy *b, fl_fluid_id f)
{
    FL_ASSERT(b != NULL);
    f.module = (fl_buoyancy *)b;
    return fluid_find(b, f) >= 0 ? f : FL_NULL_FLUID;
}

fl_status fluid_ids_copy(fl_buoyancy *b, const fl_buoyancy *from)
{
    int n = from->fluid_count;
    fluid_slot *ids = n > 0 ? fl_world_grow(b->world, NULL, &b->fluid_id_capacity, n, sizeof *ids)
                            : NULL;
    b->fluid_ids = ids;
    if ((n > 0 && !ids) || ids_copy(b->world, &b->slots, &from->slots) != FL_OK)
        return FL_ENOMEM;
    if (n > 0)
        memcpy(ids, from->fluid_ids, sizeof *ids * (size_t)n);
    for (int i = 0; i < n; i++) /* the copy's slots are taken by the copy */
        ids_set(&b->slots, ids[i].slot, b);
    return FL_OK;
}

void fluid_ids_free(fl_buoyancy *b)
{
    fl_world_free(b->world, b->fluid_ids);
    ids_free(b->world, &b->slots);
}
