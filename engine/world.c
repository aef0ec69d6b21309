#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "step_context.h"
#include "world_state.h"



fl_world_def fl_world_def_default(void)
{
    fl_world_def d;
    memset(&d, 0, sizeof d);
    d.gravity = fl_v2(0.0, 9.81);
    d.iterations = 10;
    d.substeps = 1;
    return d;
}

fl_world *fl_world_create(const fl_world_def *def, fl_error *err)
{
    FL_ASSERT(def);
    fl_allocator a = def->allocator;
    if (!a.alloc || !a.realloc || !a.free) {
        if (a.alloc || a.realloc || a.free) {
            fail_with(err, FL_EINVAL, "an allocator needs all of alloc, realloc and free");
            return NULL;
        }
        a = default_allocator();
    }
    if (!isfinite(def->gravity.x) || !isfinite(def->gravity.y) || def->iterations < 1 ||
        def->substeps < 0 || def->substeps > FL_MAX_SUBSTEPS) {
        fail_with(err, FL_EINVAL, "gravity must be finite, iterations >= 1 and substeps 0 to 64");
        return NULL;
    }
    fl_world *w = a.alloc(sizeof *w, a.user);
    if (!w) {
        fail_with(err, FL_ENOMEM, "out of memory creating a world");
        return NULL;
    }
    memset(w, 0, sizeof *w);
    w->allocator = a;
    w->gravity = def->gravity;
    w->iterations = def->iterations;
    w->substeps = def->substeps > 0 ? def->substeps : 1;
    FL_ASSERT(w->substeps >= 1 && w->substeps <= FL_MAX_SUBSTEPS);
    ids_init(&w->body_ids);
    ids_init(&w->joint_ids);
    /* The ground's motion and its twin, before any body's (motions.c). */
    if (motions_reserve(w, 0) != FL_OK) {
        a.free(w, a.user);
        fail_with(err, FL_ENOMEM, "out of memory creating a world");
        return NULL;
    }
    return w;
}

void fl_world_destroy(fl_world *w)
{
    if (!w)
        return;
    FL_ASSERT(!w->in_step); /* a hook may not destroy the world it is called from */
    /* The modules first, while the world they work on still stands. */
    modules_destroy(w);
    columns_free(w);
    for (int i = 0; i < w->body_count; i++)
        body_destroy(w, w->bodies[i]);
    for (int i = 0; i < w->pending_count; i++)
        body_destroy(w, w->pending[i].body);
    fl_world_free(w, w->bodies);
    fl_world_free(w, w->pending);
    motions_free(w);
    ids_free(w, &w->body_ids);
    fl_world_free(w, w->terms);
    ids_free(w, &w->joint_ids);
    for (int t = 0; t < FL_EVENT_TYPE_COUNT; t++)
        hook_list_free(w, &w->hooks[t]);
    joints_free(w);
    collision_free(w);
    arena_free(w, &w->arena);
    w->allocator.free(w, w->allocator.user);
}

/* Body b joins the end of the list, moving at t. */
static fl_status append(fl_world *w, fl_body *b, fl_twist t)
{
    fl_body **grown = fl_world_grow(w, w->bodies, &w->body_capacity, w->body_count + 1,
                                    sizeof *w->bodies);
    if (!grown)
        return FL_ENOMEM;
    w->bodies = grown;
    if (motions_reserve(w, w->body_count + 1) != FL_OK)
        return FL_ENOMEM;
    FL_ASSERT(w->body_count < w->body_capacity && b->index < 0);
    b->index = w->body_count;
    w->bodies[w->body_count++] = b;
    motion_start(w, b->index, t);
    w->shapes_changed = true;
    w->revision++;
    return FL_OK;
}

/* The queue from place k on, each body told its place (body_twist). */
static void queue_renumber(fl_world *w, int k)
{
    for (; k < w->pending_count; k++)
        w->pending[k].body->index = -1 - k;
}


fl_status fl_world_add_body(fl_world *w, const fl_body_def *def, fl_body_id *out, fl_error *err)
{
    FL_ASSERT(w != NULL);
    fl_body *b;
    fl_status st = body_create(w, def, &b, err);
    if (st != FL_OK)
        return st;
    if (ids_take(w, &w->body_ids, b, &b->slot, &b->generation) != FL_OK) {
        body_destroy(w, b);
        return fail_with(err, FL_ENOMEM, "out of memory adding a body");
    }
    b->id = w->next_body_id++;
    /* The modules' rows, once the body has its id and serial. */
    st = columns_add_body(w, b, err);
    if (st != FL_OK) {
        ids_release(&w->body_ids, b->slot);
        body_destroy(w, b);
        return st;
    }
    fl_twist t = {def->velocity, def->spin}; /* body_create found them finite */
    if (w->in_step) {
        struct pending_body *grown = fl_world_grow(w, w->pending, &w->pending_capacity,
                                                   w->pending_count + 1, sizeof *w->pending);
        st = grown ? FL_OK : FL_ENOMEM;
        if (grown)
            w->pending = grown;
    } else {
        st = append(w, b, t);
    }
    if (st != FL_OK) {
        columns_remove_body(w, b->slot);
        ids_release(&w->body_ids, b->slot);
        body_destroy(w, b);
        return fail_with(err, st, "out of memory adding a body");
    }
    if (w->in_step) {
        FL_ASSERT(w->pending_count < w->pending_capacity);
        if (def->is_static)
            t = (fl_twist){{0.0, 0.0}, 0.0};
        w->pending[w->pending_count] = (struct pending_body){b, t};
        b->index = -1 - w->pending_count++;
    }
    if (out)
        *out = body_id(w, b);
    return FL_OK;
}

/* Frees the bodies marked removed (and their joints) and closes the gaps,
 * keeping order. */
static void sweep_removed(fl_world *w)
{
    FL_ASSERT(!w->in_step && w->removed_count > 0); /* the step's passes index the list */
    joints_sweep(w);
    contacts_forget_removed(w);
    w->shapes_changed = true;
    w->revision++;
    int kept = 0;
    for (int i = 0; i < w->body_count; i++) {
        fl_body *b = w->bodies[i];
        if (b->removed) {
            body_destroy(w, b);
            continue;
        }
        motion_move(w, i, kept);
        b->index = kept;
        w->bodies[kept++] = b;
    }
    FL_ASSERT(w->body_count - kept == w->removed_count);
    w->body_count = kept;
    w->removed_count = 0;
    contacts_reindex(w);
}

fl_status fl_world_remove_body(fl_world *w, fl_body_id id)
{
    FL_ASSERT(w != NULL);
    fl_body *b = body_get(id);
    if (!b || id.world != w)
        return FL_ESTALE;
    /* The modules' rows go at once, with the id: the slot may be taken
     * again before the body leaves the list. */
    columns_remove_body(w, id.index);
    ids_release(&w->body_ids, id.index);
    if (b->index < 0) {
        /* Still pending: it never joined, so it leaves at once. */
        int k = -1 - b->index;
        FL_ASSERT(k < w->pending_count && w->pending[k].body == b);
        memmove(&w->pending[k], &w->pending[k + 1],
                sizeof *w->pending * (size_t)(w->pending_count - k - 1));
        w->pending_count--;
        queue_renumber(w, k);
        body_destroy(w, b);
        return FL_OK;
    }
    /* a body of this world, at its place in the list */
    FL_ASSERT(b->index < w->body_count && w->bodies[b->index] == b);
    b->removed = true;
    w->removed_count++;
    if (!w->in_step)
        sweep_removed(w);
    return FL_OK;
}


/* Debug builds check after every step that each body sits at its index and
 * none is left marked removed. */
static void check_bodies(const fl_world *w)
{
#ifndef NDEBUG
    FL_ASSERT(!w->in_step && w->removed_count == 0 && w->joints_removed == 0);
    FL_ASSERT(w->body_count <= w->body_capacity && w->joint_count <= w->joint_capacity);
    for (int i = 0; i < w->body_count; i++)
        FL_ASSERT(w->bodies[i]->index == i && !w->bodies[i]->removed &&
                  w->bodies[i]->id < w->next_body_id &&
                  body_find(body_id(w, w->bodies[i])) == w->bodies[i]);
    for (int i = 0; i < w->joint_count; i++)
        FL_ASSERT(w->joints[i]->index == i && !w->joints[i]->removed &&
                  joint_find(w->joints[i]->self) == w->joints[i]);
#else
    (void)w;
#endif
}

/* Bodies added or removed during the step take effect now. */
static void settle_changes(fl_world *w)
{
    if (w->removed_count > 0)
        sweep_removed(w);
    else if (w->joints_removed > 0)
        joints_sweep(w);
    for (int i = 0; i < w->pending_count; i++) {
        fl_body *b = w->pending[i].body;
        fl_twist t = w->pending[i].vel;
        b->index = -1; /* leaving the queue */
        if (append(w, b, t) != FL_OK) {
            /* Out of memory: what could not join stays queued for the
             * next step rather than being lost. */
            memmove(w->pending, w->pending + i, sizeof *w->pending * (size_t)(w->pending_count - i));
            w->pending_count -= i;
            queue_renumber(w, 0);
            return;
        }
    }
    w->pending_count = 0;
}

/* The step's first arrays: the bodies', then their parts' (step_context.h). */
static void take_bodies(fl_world *w, int unused)
{
    integrate_take(w, unused);
    collision_take_parts(w, unused);
}

void fl_world_step(fl_world *w, double dt)
{
    FL_ASSERT(w != NULL);
    if (!(dt > 0.0) || !isfinite(dt))
        return;
    FL_ASSERT(!w->in_step); /* a hook may not step the world it is called from */
    fl_event ev = {FL_EVENT_BEFORE_UPDATE, w, w->step + 1, w->time, dt, NULL, 0};
    double mark = w->profile ? clock_ms() : 0.0;
    w->in_step = true;
    /* A place for every body's velocity terms, so that the hooks' never
     * run out (without it, one that finds no memory is dropped). */
    (void)body_terms_reserve(w, w->body_count + w->pending_count);
    world_trigger(w, &ev);
    FL_LAP(w, hooks, mark);
    /* The step's scratch (step_context.h). Out of memory for it, here or
     * in a later stage, the step still runs, in one way: without contacts
     * (none found, none kept for the next step, no collision events) and
     * without the solver, bodies moved by their velocities alone. The
     * next step tries again. */
    fl_status st = step_begin(w, take_bodies);
    integrate_velocities(w, dt, st == FL_OK);
    FL_LAP(w, integration, mark);
    if (st == FL_OK)
        st = collision_stage(w, dt);
    if (st == FL_OK)
        st = step_take(w, solver_take, w->contacts.count);
    if (st == FL_OK)
        solver_run(w, dt);
    else
        contacts_drop(w);
    w->last_step_status = st;
    mark = w->profile ? clock_ms() : 0.0;
    integrate_positions(w, dt, st == FL_OK);
    FL_LAP(w, integration, mark);
    collision_events(w, dt);
    w->step++;
    if (dt != w->last_dt) {
        w->time_base = w->time;
        w->last_dt = dt;
        w->steps_at_dt = 0;
    }
    w->steps_at_dt++;
    w->time = w->time_base + (double)w->steps_at_dt * dt;
    ev.type = FL_EVENT_AFTER_UPDATE;
    ev.time = w->time;
    world_trigger(w, &ev);
    FL_LAP(w, hooks, mark);
    if (w->profile)
        w->profile->steps++;
    w->in_step = false;
    settle_changes(w);
    check_bodies(w);
}
