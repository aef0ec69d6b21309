/* Modules: what works on a world through its hooks and belongs to it, as
 * the buoyancy module does. A world destroys its modules when it is
 * destroyed, last registered first, and fl_world_clone gives the copy a
 * copy of each. */
#ifndef FL_MODULE_H
#define FL_MODULE_H

#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_world fl_world;

/* What a world needs to know of a kind of module. */
typedef struct fl_module_class {
    const char *name;
    /* Frees the module. Called by fl_world_destroy while the world still
     * stands, so it may unregister its hooks and free what it took from
     * the world's allocator. */
    void (*destroy)(void *module);
    /* Makes the module's copy on `copy`, a clone of its world taken
     * between steps, and registers it there (fl_world_add_module), as
     * creating a module on a new world does. FL_ENOMEM (and err set) when
     * out of memory. NULL: the copy goes without this module. */
    fl_status (*clone)(const void *module, fl_world *copy, fl_error *err);
} fl_module_class;

/* Gives `module`, of class `cls`, to the world: from now on the world
 * destroys it and clones it. FL_EINVAL for a NULL class, module or
 * destroy function, or a module already given; FL_ENOMEM when out of
 * memory (the module is then still the caller's). */
FL_API fl_status fl_world_add_module(fl_world *w, const fl_module_class *cls, void *module);
/* Takes `module` back from the world without destroying it (what a
 * module's own destroy function calls first); FL_ENOTFOUND when the world
 * does not hold it. */
FL_API fl_status fl_world_remove_module(fl_world *w, const void *module);
/* The first module of class `cls` the world holds, in the order they were
 * given; NULL when there is none. */
FL_API void *fl_world_find_module(const fl_world *w, const fl_module_class *cls);

#ifdef __cplusplus
}
#endif

#endif
