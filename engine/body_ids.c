/* Finding bodies: by id (the world's table of slots, ids.h) and by place
 * in the world's list. */
#include "world_state.h"

fl_body *body_find(fl_body_id id)
{
    return id.world ? ids_get(&id.world->body_ids, id.index, id.generation) : NULL;
}

fl_body *body_get(fl_body_id id)
{
    fl_body *b = body_find(id);
    FL_ASSERT(b != NULL && "a stale or null body id");
    return b;
}

bool fl_body_is_valid(fl_body_id id) { return body_find(id) != NULL; }

fl_body_id fl_body_in(const fl_world *w, fl_body_id id)
{
    FL_ASSERT(w != NULL);
    const fl_body *b = ids_get(&w->body_ids, id.index, id.generation);
    return b ? body_id(w, b) : FL_NULL_BODY;
}

int fl_world_body_count(const fl_world *w)
{
    FL_ASSERT(w != NULL);
    return w->body_count;
}
fl_body *body_at(const fl_world *w, int index)
{
    FL_ASSERT(w != NULL);
    return (index >= 0 && index < w->body_count) ? w->bodies[index] : NULL;
}
fl_body_id fl_world_body(const fl_world *w, int index)
{
    const fl_body *b = body_at(w, index);
    return b ? body_id(w, b) : FL_NULL_BODY;
}
fl_body *const *world_bodies(const fl_world *w) { return w->bodies; }
