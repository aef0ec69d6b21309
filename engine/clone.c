/* A world copied between steps, bit for bit in everything that the steps
 * to come read: the bodies (each with its shape block and what it carries), the
 * joints and their warm-start impulses, the contacts of the last step and
 * theirs, the sweep order of the parts, the counters. What a step rebuilds
 * from those (proxies, boxes, pairs, the solver's rows, the contact index)
 * starts empty and is made again by the first step, the same as it would
 * have been. Stepped alike, the copy and the original stay equal. */
#include <string.h>
#include "world_state.h"

/* A copy of n bytes at p from w's allocator, or NULL (also for n == 0). */
static void *copy_bytes(fl_world *w, const void *p, size_t n)
{
    if (!p || n == 0)
        return NULL;
    void *q = fl_world_alloc(w, n);
    if (q)
        memcpy(q, p, n);
    return q;
}

/* Moves a pointer into `from`'s block to the same place in `to`'s. */
#define MOVED(ptr, from, to) ((void *)((char *)(to) + ((const char *)(ptr) - (const char *)(from))))

static const char *furthest(const char *end, const void *start, size_t bytes)
{
    const char *e = (const char *)start + bytes;
    return e > end ? e : end;
}

static fl_body *clone_body(fl_world *w, const fl_body *b)
{
    /* The body's arrays all follow it in its block: copy up to the last. */
    int part_verts = b->part_start[b->part_count];
    const char *end = (const char *)(b + 1);
    end = furthest(end, b->part_start, sizeof(int) * (size_t)(b->part_count + 1));
    end = furthest(end, b->verts, sizeof(fl_vec2) * (size_t)b->vert_count);
    end = furthest(end, b->hull, sizeof(fl_vec2) * (size_t)b->hull_count);
    end = furthest(end, b->part_verts, sizeof(fl_vec2) * (size_t)part_verts);
    end = furthest(end, b->part_normals, sizeof(fl_vec2) * (size_t)part_verts);
    size_t size = (size_t)(end - (const char *)b);
    FL_ASSERT(b->part_count >= 1 && part_verts >= 3);
    void *block = fl_world_alloc(w, size + 15);
    if (!block)
        return NULL;
    fl_body *c = (fl_body *)(((uintptr_t)block + 15) & ~(uintptr_t)15);
    memcpy(c, b, size);
    c->block = block;
    c->part_start = MOVED(b->part_start, b, c);
    c->verts = MOVED(b->verts, b, c);
    c->hull = MOVED(b->hull, b, c);
    c->part_verts = MOVED(b->part_verts, b, c);
    c->part_normals = MOVED(b->part_normals, b, c);
    c->carry = NULL;
    if (b->carry) {
        c->carry = copy_bytes(w, b->carry, sizeof *b->carry);
        if (!c->carry) {
            fl_world_free(w, block);
            return NULL;
        }
    }
    return c;
}

/* Everything a step makes again from scratch: left empty in the copy. */
#define FORGET(array, capacity)                                                                   \
    do {                                                                                          \
        (array) = NULL;                                                                           \
        (capacity) = 0;                                                                           \
    } while (0)

static void forget_scratch(fl_world *c)
{
    FORGET(c->pending, c->pending_capacity);
    c->pending_count = 0;
    memset(c->hooks, 0, sizeof c->hooks);
    FORGET(c->modules, c->module_capacity);
    c->module_count = 0;
    FORGET(c->columns, c->column_capacity); /* each module copies its own */
    c->column_count = 0;
    c->profile = NULL;
    c->runner = NULL;
    c->runner_ctx = NULL;
    FORGET(c->next_slots, c->next_slot_capacity);
    FORGET(c->covers, c->cover_capacity);
    FORGET(c->cover_solid, c->cover_solid_capacity);
    c->cover_solid_count = 0;
    c->covers_valid = false;
    int *order = c->broadphase.order;
    int order_count = c->broadphase.order_count, order_capacity = c->broadphase.order_capacity;
    memset(&c->broadphase, 0, sizeof c->broadphase);
    c->broadphase.order = order; /* replaced by its copy below */
    c->broadphase.order_count = order_count;
    c->broadphase.order_capacity = order_capacity;
    memset(&c->prev_index, 0, sizeof c->prev_index);
    memset(&c->next_index, 0, sizeof c->next_index);
    memset(&c->previous, 0, sizeof c->previous);
    /* The step's scratch: the copy takes its own from an arena of its own. */
    memset(&c->arena, 0, sizeof c->arena);
    c->proxies = NULL;
    c->materials = NULL;
    c->geom = NULL;
    c->cover_order = NULL;
    c->manifolds = NULL;
    c->motions = NULL; /* copied below */
    c->motion_block = NULL;
    c->motion_capacity = 0;
    c->positions = NULL;
    c->kicks = NULL;
    c->sub = NULL;
    c->rows = NULL;
    c->impulses = NULL;
    c->row_steps = NULL;
    c->bounces = NULL;
    c->row_order = NULL;
    c->wide = NULL;
    c->wide_impulses = NULL;
    c->wide_lanes = NULL;
    c->colours = NULL;
    c->colour_scratch = NULL;
    c->touched = NULL;
    c->support = NULL;
    c->support_up = NULL;
    c->support_count = 0;
    memset(c->events, 0, sizeof c->events);
}

static fl_body *moved_body(const fl_world *w, fl_world *c, const fl_body *b)
{
    if (!b)
        return NULL;
    FL_ASSERT(b == &w->ground || (b->index >= 0 && b->index < c->body_count));
    return b == &w->ground ? &c->ground : c->bodies[b->index];
}

static bool clone_joints(const fl_world *w, fl_world *c)
{
    c->joints = copy_bytes(c, w->joints, sizeof *w->joints * (size_t)w->joint_capacity);
    int n = c->joint_count;
    c->joint_count = 0;
    if (w->joint_capacity > 0 && !c->joints)
        return false;
    for (int i = 0; i < n; i++) {
        fl_joint *j = copy_bytes(c, w->joints[i], sizeof *w->joints[i]);
        if (!j)
            return false;
        j->a = moved_body(w, c, w->joints[i]->a);
        j->b = moved_body(w, c, w->joints[i]->b);
        j->body_b = moved_body(w, c, w->joints[i]->body_b);
        j->self.world = c;
        ids_set(&c->joint_ids, j->self.index, j);
        c->joints[c->joint_count++] = j;
    }
    return true;
}

fl_world *fl_world_clone(const fl_world *w, fl_error *err)
{
    FL_ASSERT(w != NULL);
    if (w->in_step) {
        fail_with(err, FL_EINVAL, "a world cannot be copied during its step");
        return NULL;
    }
    fl_world *c = w->allocator.alloc(sizeof *c, w->allocator.user);
    if (!c) {
        fail_with(err, FL_ENOMEM, "out of memory copying a world");
        return NULL;
    }
    memcpy(c, w, sizeof *c);
    forget_scratch(c);
    /* From here on c owns only what has been copied into it. */
    int bodies = c->body_count;
    c->body_count = 0;
    c->joint_count = w->joint_count;
    c->bodies = copy_bytes(c, w->bodies, sizeof *w->bodies * (size_t)w->body_capacity);
    c->joints = NULL;
    /* The id tables as they stand: the copy's bodies and joints take the
     * same slots and generations (fl_body_in). */
    bool ids_ok = ids_copy(c, &c->body_ids, &w->body_ids) == FL_OK;
    ids_ok = ids_copy(c, &c->joint_ids, &w->joint_ids) == FL_OK && ids_ok;
    c->slots = copy_bytes(c, w->slots, sizeof *w->slots * (size_t)w->slot_capacity);
    c->broadphase.order = copy_bytes(c, w->broadphase.order,
                                     sizeof(int) * (size_t)w->broadphase.order_capacity);
    c->contacts.items = copy_bytes(c, w->contacts.items,
                                   sizeof *w->contacts.items * (size_t)w->contacts.capacity);
    /* Velocity terms given before the step to come (the bodies keep their
     * places in the list). */
    c->terms = copy_bytes(c, w->terms, sizeof *w->terms * (size_t)w->term_count);
    c->term_capacity = c->terms ? w->term_count : 0;
    if (!c->terms)
        c->term_count = 0;
    bool ok = ids_ok && motions_copy(w, c) == FL_OK && (c->terms || w->term_count == 0) && (c->bodies || w->body_capacity == 0) && (c->slots || w->slot_capacity == 0) &&
              (c->broadphase.order || w->broadphase.order_capacity == 0) &&
              (c->contacts.items || w->contacts.capacity == 0);
    if (!ok) {
        c->term_count = 0;
        c->body_capacity = c->slot_capacity = c->broadphase.order_capacity = 0;
        c->contacts.capacity = c->contacts.count = 0;
    }
    for (int i = 0; ok && i < bodies; i++) {
        fl_body *b = clone_body(c, w->bodies[i]);
        ok = b != NULL;
        if (ok) {
            ids_set(&c->body_ids, b->slot, b);
            c->bodies[c->body_count++] = b;
        }
    }
    if (ok) {
        for (int i = 0; i < c->contacts.count; i++) {
            fl_contact *k = &c->contacts.items[i];
            FL_ASSERT(k->index_a >= 0 && k->index_a < k->index_b && k->index_b < c->body_count);
            k->a = c->bodies[k->index_a];
            k->b = c->bodies[k->index_b];
        }
        ok = clone_joints(w, c);
    } else {
        c->joint_count = 0;
    }
    if (!ok) {
        c->contacts.count = 0;
        fl_world_destroy(c);
        fail_with(err, FL_ENOMEM, "out of memory copying a world");
        return NULL;
    }
    FL_ASSERT(c->body_count == w->body_count && c->joint_count == w->joint_count);
    /* The modules last: their copies work on the copied bodies. */
    if (modules_clone(w, c, err) != FL_OK) {
        fl_world_destroy(c);
        return NULL;
    }
    return c;
}
