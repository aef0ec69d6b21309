#include "world_state.h"

fl_status fl_world_on(fl_world *w, fl_event_type type, fl_event_fn fn, void *user)
{
    FL_ASSERT(w != NULL);
    if ((unsigned)type >= FL_EVENT_TYPE_COUNT || !fn)
        return FL_EINVAL;
    fl_hook_list *list = &w->hooks[type];
    fl_hook *grown = fl_world_grow(w, list->hooks, &list->capacity, list->count + 1,
                                   sizeof *list->hooks);
    if (!grown)
        return FL_ENOMEM;
    list->hooks = grown;
    FL_ASSERT(list->count < list->capacity);
    list->hooks[list->count++] = (fl_hook){fn, user, 1};
    return FL_OK;
}

/* Drops the hooks marked dead, keeping the others in order. */
static void compact(fl_hook_list *list)
{
    FL_ASSERT(list->depth == 0); /* a trigger in progress indexes the list */
    int kept = 0;
    for (int i = 0; i < list->count; i++)
        if (list->hooks[i].alive)
            list->hooks[kept++] = list->hooks[i];
    FL_ASSERT(list->count - kept == list->dead); /* each dead hook was counted once */
    list->count = kept;
    list->dead = 0;
}

fl_status fl_world_off(fl_world *w, fl_event_type type, fl_event_fn fn, void *user)
{
    FL_ASSERT(w != NULL);
    if ((unsigned)type >= FL_EVENT_TYPE_COUNT)
        return FL_EINVAL;
    fl_hook_list *list = &w->hooks[type];
    for (int i = 0; i < list->count; i++) {
        fl_hook *h = &list->hooks[i];
        if (h->alive && h->fn == fn && h->user == user) {
            h->alive = 0;
            list->dead++;
            /* While a trigger walks the list, entries must keep their places. */
            if (list->depth == 0)
                compact(list);
            return FL_OK;
        }
    }
    return FL_ENOTFOUND;
}

void world_trigger(fl_world *w, const fl_event *event)
{
    FL_ASSERT(w && event && event->world == w);
    if ((unsigned)event->type >= FL_EVENT_TYPE_COUNT)
        return;
    fl_hook_list *list = &w->hooks[event->type];
    /* Hooks added by a callback first run at the next trigger; the array may
     * move when it grows, so it is indexed afresh each time. */
    int n = list->count;
    list->depth++;
    for (int i = 0; i < n; i++) {
        fl_hook h = list->hooks[i];
        if (h.alive)
            h.fn(event, h.user);
    }
    list->depth--;
    FL_ASSERT(list->depth >= 0);
    if (list->depth == 0 && list->dead > 0)
        compact(list);
}

void hook_list_free(fl_world *w, fl_hook_list *list)
{
    fl_world_free(w, list->hooks);
    *list = (fl_hook_list){0};
}
