/* The modules a world holds: kept in the order they were given, destroyed
 * last first with the world, and copied with it. */
#include "world_state.h"

fl_status fl_world_add_module(fl_world *w, const fl_module_class *cls, void *module)
{
    FL_ASSERT(w != NULL);
    if (!cls || !cls->destroy || !module)
        return FL_EINVAL;
    for (int i = 0; i < w->module_count; i++)
        if (w->modules[i].module == module)
            return FL_EINVAL;
    fl_module_entry *grown = fl_world_grow(w, w->modules, &w->module_capacity,
                                           w->module_count + 1, sizeof *w->modules);
    if (!grown)
        return FL_ENOMEM;
    w->modules = grown;
    FL_ASSERT(w->module_count < w->module_capacity);
    w->modules[w->module_count++] = (fl_module_entry){cls, module};
    return FL_OK;
}

fl_status fl_world_remove_module(fl_world *w, const void *module)
{
    FL_ASSERT(w != NULL);
    for (int i = 0; i < w->module_count; i++) {
        if (w->modules[i].module == module) {
            columns_drop(w, module); /* its columns go with it */
            for (int k = i + 1; k < w->module_count; k++)
                w->modules[k - 1] = w->modules[k];
            w->module_count--;
            return FL_OK;
        }
    }
    return FL_ENOTFOUND;
}

void *fl_world_find_module(const fl_world *w, const fl_module_class *cls)
{
    FL_ASSERT(w != NULL);
    for (int i = 0; i < w->module_count; i++)
        if (w->modules[i].cls == cls)
            return w->modules[i].module;
    return NULL;
}

void modules_destroy(fl_world *w)
{
    /* Each is taken off the list before its destroy runs, so that one
     * that removes itself finds nothing left to remove. */
    while (w->module_count > 0) {
        fl_module_entry e = w->modules[--w->module_count];
        FL_ASSERT(e.cls && e.cls->destroy && e.module); /* fl_world_add_module refuses others */
        columns_drop(w, e.module);
        e.cls->destroy(e.module);
    }
    fl_world_free(w, w->modules);
    w->modules = NULL;
    w->module_capacity = 0;
}

fl_status modules_clone(const fl_world *w, fl_world *copy, fl_error *err)
{
    for (int i = 0; i < w->module_count; i++) {
        const fl_module_entry *e = &w->modules[i];
        if (!e->cls->clone)
            continue;
        fl_status st = e->cls->clone(e->module, copy, err);
        if (st != FL_OK)
            return st;
    }
    return FL_OK;
}
