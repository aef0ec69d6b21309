/* Modules: what works on a world through its hooks and belongs to it, as
 * the buoyancy module does. A world destroys its modules when it is
 * destroyed, last registered first, and fl_world_clone gives the copy a
 * copy of each. A module may keep data of its own for every body in
 * columns that the world holds: a row a body, made as the body is added,
 * freed as it is removed, and copied with it. */
#ifndef FL_MODULE_H
#define FL_MODULE_H

#include <stddef.h>
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"
#include "flotsam/fl_body.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_world fl_world;

/* What a world needs to know of a kind of module. */
typedef struct fl_module_class {
    const char *name;
    /* Frees the module. Called by fl_world_destroy while the world still
     * stands (and its bodies with it), so it may unregister its hooks and
     * free what it took from the world's allocator; its columns are gone
     * by then. */
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
 * module's own destroy function calls first), and frees its columns' rows
 * (their class's remove) and the columns; FL_ENOTFOUND when the world
 * does not hold it. */
FL_API fl_status fl_world_remove_module(fl_world *w, const void *module);
/* The first module of class `cls` the world holds, in the order they were
 * given; NULL when there is none. */
FL_API void *fl_world_find_module(const fl_world *w, const fl_module_class *cls);

/* ---- columns: a module's data for every body ---- */

/* What a world needs to know of a column. Rows start zeroed. */
typedef struct fl_column_class {
    size_t size;          /* bytes a row holds, > 0 */
    /* Fills the row of `body`, just added (or already there when the
     * column is added). An error refuses the body: fl_world_add_body
     * returns it. NULL: the row stays zeroed. */
    fl_status (*add)(void *module, fl_body_id body, void *row, fl_error *err);
    /* Frees what the row holds, as its body is removed or the column goes
     * with its module. NULL: nothing to free. */
    void (*remove)(void *module, void *row);
    /* Makes `row` (of the module's copy on a clone of the world) a copy
     * of `from`, the same body's row in the original. NULL: its bytes are
     * copied. */
    fl_status (*copy)(void *module, void *row, const void *from, fl_error *err);
} fl_column_class;

/* Gives `module`, which the world holds (fl_world_add_module), a column of
 * class `cls`: a row for every body, now and to come. Returns the
 * column's number (>= 0; it names the column until its module goes), or
 * -1 with *err: FL_EINVAL for a module the world does not hold or a row
 * of no size, FL_ENOMEM, or what `add` said of a body already there. */
FL_API int fl_world_add_column(fl_world *w, void *module, const fl_column_class *cls,
                               fl_error *err);
/* The same on `copy`, a clone of `from` taken between steps, for the
 * module's copy there: each row a copy of the same body's row in `from`'s
 * column `column` (by the class's `copy`). What a module's clone function
 * calls. Returns the number, or -1 with *err. */
FL_API int fl_world_clone_column(fl_world *copy, void *module, const fl_world *from, int column,
                                 fl_error *err);
/* The row of body b in column `column` of its world; NULL for a stale id
 * (an assert in debug builds) or a column that is not there. A row stays
 * where it is until its body is removed. */
FL_API void *fl_body_row(fl_body_id b, int column);

#ifdef __cplusplus
}
#endif

#endif
