/* Columns: the data a module keeps for every body, held by the world in
 * rows named by the bodies' slots (ids.h), so that a row stays where it
 * is while its body lives and nothing moves when another body goes. The
 * world makes a body's rows as it is added, frees them as it is removed,
 * and frees a module's columns with the module. */
#include <string.h>
#include "world_state.h"

static fl_column *column_at(const fl_world *w, int column)
{
    if (column < 0 || column >= w->column_count || !w->columns[column].cls)
        return NULL;
    return &w->columns[column];
}

static void *row_at(const fl_column *c, int32_t slot)
{
    FL_ASSERT(slot >= 0 && slot < c->capacity);
    return c->rows + c->cls->size * (size_t)slot;
}

/* Room in c for a row at `slot`, the new rows zeroed. */
static bool reserve_row(fl_world *w, fl_column *c, int32_t slot)
{
    if (slot < c->capacity)
        return true;
    int before = c->capacity;
    unsigned char *grown = fl_world_grow(w, c->rows, &c->capacity, slot + 1, c->cls->size);
    if (!grown)
        return false;
    c->rows = grown;
    memset(c->rows + c->cls->size * (size_t)before, 0,
           c->cls->size * (size_t)(c->capacity - before));
    return true;
}

/* Frees the row at `slot` (its class's remove) and zeroes it. */
static void clear_row(fl_column *c, int32_t slot)
{
    if (slot >= c->capacity)
        return;
    void *row = row_at(c, slot);
    if (c->cls->remove)
        c->cls->remove(c->module, row);
    memset(row, 0, c->cls->size);
}

/* A new column for module in w: its number, or -1 (out of memory). */
static int new_column(fl_world *w, void *module, const fl_column_class *cls)
{
    fl_column *grown = fl_world_grow(w, w->columns, &w->column_capacity, w->column_count + 1,
                                     sizeof *w->columns);
    if (!grown)
        return -1;
    w->columns = grown;
    w->columns[w->column_count] = (fl_column){cls, module, NULL, 0};
    return w->column_count++;
}

static bool holds_module(const fl_world *w, const void *module)
{
    for (int i = 0; i < w->module_count; i++)
        if (w->modules[i].module == module)
            return true;
    return false;
}

/* Frees column k's rows and the column itself (its number is not given
 * again). */
static void drop_column(fl_world *w, int k)
{
    fl_column *c = &w->columns[k];
    FL_ASSERT(c->cls);
    for (int32_t s = 0; s < c->capacity; s++)
        clear_row(c, s);
    fl_world_free(w, c->rows);
    *c = (fl_column){NULL, NULL, NULL, 0};
}

static int refuse(fl_error *err, fl_status st, const char *why)
{
    fail_with(err, st, "%s", why);
    return -1;
}

int fl_world_add_column(fl_world *w, void *module, const fl_column_class *cls, fl_error *err)
{
    FL_ASSERT(w != NULL);
    if (!cls || cls->size == 0 || !module || !holds_module(w, module))
        return refuse(err, FL_EINVAL, "a column needs a row size and a module its world holds");
    FL_ASSERT(!w->in_step); /* rows are made for the bodies listed now */
    int k = new_column(w, module, cls);
    if (k < 0)
        return refuse(err, FL_ENOMEM, "out of memory adding a column");
    fl_column *c = &w->columns[k];
    for (int i = 0; i < w->body_count; i++) {
        const fl_body *b = w->bodies[i];
        if (b->removed)
            continue;
        if (!reserve_row(w, c, b->slot)) {
            drop_column(w, k);
            return refuse(err, FL_ENOMEM, "out of memory adding a column");
        }
        if (cls->add && cls->add(module, body_id(w, b), row_at(c, b->slot), err) != FL_OK) {
            drop_column(w, k);
            return -1;
        }
    }
    return k;
}

int fl_world_clone_column(fl_world *copy, void *module, const fl_world *from, int column,
                          fl_error *err)
{
    FL_ASSERT(copy != NULL && from != NULL && copy != from);
    const fl_column *src = column_at(from, column);
    if (!src || !module || !holds_module(copy, module))
        return refuse(err, FL_EINVAL, "no such column to copy, or a module the copy does not hold");
    int k = new_column(copy, module, src->cls);
    if (k < 0)
        return refuse(err, FL_ENOMEM, "out of memory copying a column");
    fl_column *c = &copy->columns[k];
    /* A clone keeps every body in its slot (engine/clone.c). */
    for (int i = 0; i < copy->body_count; i++) {
        int32_t s = copy->bodies[i]->slot;
        if (s >= src->capacity)
            continue; /* a row never made: still zero */
        if (!reserve_row(copy, c, s)) {
            drop_column(copy, k);
            return refuse(err, FL_ENOMEM, "out of memory copying a column");
        }
        const void *row = row_at(src, s);
        fl_status st = FL_OK;
        if (c->cls->copy)
            st = c->cls->copy(module, row_at(c, s), row, err);
        else
            memcpy(row_at(c, s), row, c->cls->size);
        if (st != FL_OK) {
            drop_column(copy, k);
            return -1;
        }
    }
    return k;
}

void *fl_body_row(fl_body_id id, int column)
{
    const fl_body *b = body_get(id);
    if (!b)
        return NULL;
    fl_column *c = column_at(id.world, column);
    if (!c)
        return NULL;
    /* rows are made as bodies are added; an added body has its row */
    FL_ASSERT(b->slot < c->capacity);
    return row_at(c, b->slot);
}

void *body_row(const fl_world *w, const fl_body *b, int column)
{
    const fl_column *c = column_at(w, column);
    if (!c || b->removed || b->slot >= c->capacity)
        return NULL;
    return row_at(c, b->slot);
}

fl_status columns_add_body(fl_world *w, const fl_body *b, fl_error *err)
{
    fl_body_id id = body_id(w, b);
    for (int k = 0; k < w->column_count; k++) {
        fl_column *c = &w->columns[k];
        if (!c->cls)
            continue;
        fl_status st = FL_OK;
        if (!reserve_row(w, c, b->slot))
            st = fail_with(err, FL_ENOMEM, "out of memory adding a body");
        else if (c->cls->add)
            st = c->cls->add(c->module, id, row_at(c, b->slot), err);
        if (st != FL_OK) {
            /* The rows made so far are freed; the one refused is left as
             * its `add` left it, and zeroed. */
            for (int j = 0; j < k; j++)
                if (w->columns[j].cls)
                    clear_row(&w->columns[j], b->slot);
            if (b->slot < c->capacity)
                memset(row_at(c, b->slot), 0, c->cls->size);
            return st;
        }
    }
    return FL_OK;
}

void columns_remove_body(fl_world *w, int32_t slot)
{
    for (int k = 0; k < w->column_count; k++)
        if (w->columns[k].cls)
            clear_row(&w->columns[k], slot);
}

void columns_drop(fl_world *w, const void *module)
{
    for (int k = 0; k < w->column_count; k++)
        if (w->columns[k].cls && w->columns[k].module == module)
            drop_column(w, k);
}

void columns_free(fl_world *w)
{
    /* Every module's columns went with it (modules_destroy). */
    for (int k = 0; k < w->column_count; k++)
        FL_ASSERT(!w->columns[k].cls);
    fl_world_free(w, w->columns);
    w->columns = NULL;
    w->column_count = w->column_capacity = 0;
}
