/* The collision stage of a step: world geometry of every convex part, the
 * broad phase, the narrow phase, contacts carried over from the last step
 * (for warm starting), and the collision events. */
#include <limits.h>
#include "arena.h"
#include "step_context.h"
#include "world_state.h"

/* Extra reach of every box beyond what the motion over one step needs. */
#define SPECULATIVE_BASE (4.0 * FL_LINEAR_SLOP)

void collision_take_parts(fl_world *w, int unused)
{
    (void)unused;
    /* The totals change only with the body list. */
    if (w->shapes_changed) {
        w->part_total = w->part_vertex_total = 0;
        for (int i = 0; i < w->body_count; i++) {
            w->part_total += w->bodies[i]->part_count;
            w->part_vertex_total += w->bodies[i]->part_start[w->bodies[i]->part_count];
        }
    }
    int parts = w->part_total;
    /* every body has a part, and every part at least three vertices */
    FL_ASSERT(parts >= w->body_count && w->part_vertex_total >= 3 * parts);
    w->materials = arena_take(&w->arena, parts, sizeof *w->materials);
    w->proxies = arena_take(&w->arena, parts, sizeof *w->proxies);
    w->geom = arena_take(&w->arena, 2 * w->part_vertex_total, sizeof *w->geom);
    w->broadphase.boxes = arena_take(&w->arena, parts, sizeof *w->broadphase.boxes);
    w->broadphase.scratch = arena_take(&w->arena, parts, sizeof *w->broadphase.scratch);
    /* for the steps that find the covers again (cover.c): the unmovable
     * parts and a sort buffer */
    w->cover_order = arena_take(&w->arena, 2 * parts + 1, sizeof *w->cover_order);
}

/* The slots, last step's sweep order, and the next step's: kept between
 * steps, so grown here rather than taken from the step's arena. */
static fl_status grow_slots(fl_world *w)
{
    int parts = w->part_total;
    fl_part_ref *sl = fl_world_grow(w, w->slots, &w->slot_capacity, parts, sizeof *sl);
    if (!sl)
        return FL_ENOMEM;
    w->slots = sl;
    sl = fl_world_grow(w, w->next_slots, &w->next_slot_capacity, parts, sizeof *sl);
    if (!sl)
        return FL_ENOMEM;
    w->next_slots = sl;
    w->proxy_count = parts;
    return FL_OK;
}

/* Proxies are stored in the order of last step's sweep, so that the narrow
 * phase, which takes the pairs in sweep order, reads them (and their
 * geometry) nearly in storage order. When the bodies change, the order
 * starts again from the body list. */
static void reset_slots(fl_world *w)
{
    int k = 0;
    for (int i = 0; i < w->body_count; i++)
        for (int part = 0; part < w->bodies[i]->part_count; part++, k++)
            w->slots[k] = (fl_part_ref){i, part, k};
    FL_ASSERT(k == w->proxy_count);
}

/* After the sweep: proxy i of the next step is the part the sweep put i-th. */
static void follow_sweep(fl_world *w)
{
    const int *order = w->broadphase.order;
    FL_ASSERT(w->broadphase.order_count == w->proxy_count);
    for (int i = 0; i < w->proxy_count; i++)
        w->next_slots[i] = w->slots[order[i]];
    FL_SWAP(fl_part_ref *, w->slots, w->next_slots);
    FL_SWAP(int, w->slot_capacity, w->next_slot_capacity);
    broadphase_renumber(&w->broadphase);
}

/* Moves every part into world space and boxes it, fattened by how far the
 * body can move in one step, so that the narrow phase sees contacts coming. */
static fl_status build_proxies(fl_world *w, double dt)
{
    if (grow_slots(w) != FL_OK)
        return FL_ENOMEM;
    if (w->shapes_changed)
        reset_slots(w);
    int n_slots = w->proxy_count, v = 0;
    for (int k = 0; k < n_slots; k++) {
        /* The body's fields a few ahead, then (once those are in) where
         * its parts lie, nearer. */
        if (k + FL_PREFETCH_AHEAD < n_slots) {
            int ahead = w->slots[k + FL_PREFETCH_AHEAD].body;
            body_prefetch_shape(w->bodies[ahead]);
            FL_PREFETCH(&w->motions[ahead], 0);
        }
        if (k + FL_PREFETCH_AHEAD / 2 < n_slots)
            body_prefetch_parts(w->bodies[w->slots[k + FL_PREFETCH_AHEAD / 2].body]);
        fl_part_ref ref = w->slots[k];
        const fl_body *b = w->bodies[ref.body];
        w->materials[k] = (fl_material){b->id, b->sensor, b->friction, b->restitution};
        const fl_twist *vel = &w->motions[ref.body].vel; /* kicked this step */
        double reach = (fl_length(vel->v) + fabs(vel->w) * b->radius) * dt;
        double margin = SPECULATIVE_BASE + reach;
        fl_proxy *p = &w->proxies[k];
        int first = b->part_start[ref.part], n = b->part_start[ref.part + 1] - first;
        /* A part's vertices and then its normals, side by side: the
         * narrow phase reads them together. */
        fl_vec2 *verts = w->geom + 2 * v, *normals = verts + n;
        fl_aabb box = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
        for (int j = 0; j < n; j++) {
            fl_vec2 q = body_world_point(b, b->part_verts[first + j]);
            verts[j] = q;
            normals[j] = fl_rotate(b->rot, b->part_normals[first + j]);
            box.lo = fl_v2(fl_min(box.lo.x, q.x), fl_min(box.lo.y, q.y));
            box.hi = fl_v2(fl_max(box.hi.x, q.x), fl_max(box.hi.y, q.y));
        }
        p->box.lo = fl_v2(box.lo.x - margin, box.lo.y - margin);
        p->box.hi = fl_v2(box.hi.x + margin, box.hi.y + margin);
        p->key = ref.key;
        p->margin = margin;
        p->first = v;
        p->count = n;
        p->body = ref.body;
        p->part = ref.part;
        p->category = b->category;
        p->mask = b->mask;
        p->is_static = b->is_static || b->removed;
        v += n;
    }
    FL_ASSERT(v == w->part_vertex_total); /* the geometry cache holds them all */
    return FL_OK;
}

static fl_poly proxy_poly(const fl_world *w, const fl_proxy *p)
{
    const fl_vec2 *verts = w->geom + 2 * p->first;
    return (fl_poly){verts, verts + p->count, p->count};
}

/* Last step's contacts are normally indexed already (as they were found);
 * after bodies left, or a step that ran out of memory, index them anew. */
static fl_status index_previous(fl_world *w)
{
    if (w->prev_index.valid)
        return FL_OK;
    fl_status st = pair_index_reset(w, &w->prev_index, w->previous.count);
    if (st != FL_OK)
        return st;
    for (int i = 0; i < w->previous.count; i++)
        pair_index_add(&w->prev_index, &w->previous.items[i], i);
    w->prev_index.valid = true;
    return FL_OK;
}

/* The contact of last step that c continues, or NULL. Pairs come out of
 * the broad phase in nearly the same order every step, so the one after
 * the last match (*guess) usually is it, found without the index and read
 * in order; the index answers the rest. */
static fl_contact *find_previous(fl_world *w, const fl_contact *c, int *guess)
{
    fl_contact *items = w->previous.items;
    if (*guess < w->previous.count && same_pair(&items[*guess], c))
        return &items[(*guess)++];
    int i = pair_index_find(&w->prev_index, items, c);
    if (i < 0)
        return NULL;
    *guess = i + 1;
    return &items[i];
}

/* Starts the new contact from the manifold and the one it continues. */
static void fill_contact(fl_contact *c, const fl_manifold *m, const fl_contact *old)
{
    FL_ASSERT(m->count >= 1 && m->count <= 2); /* empty manifolds make no contact */
    c->normal = m->normal;
    c->count = m->count;
    double deepest = INFINITY;
    for (int i = 0; i < m->count; i++) {
        fl_contact_point *cp = &c->points[i];
        /* The solver's fields are its own to set when it prepares. */
        cp->point = m->points[i].point;
        cp->separation = m->points[i].separation;
        cp->id = m->points[i].id;
        cp->normal_impulse = cp->tangent_impulse = cp->impact = 0.0;
        cp->start_normal = cp->start_tangent = 0.0;
        deepest = fl_min(deepest, cp->separation);
        for (int j = 0; old && j < old->count; j++) {
            if (old->points[j].id == cp->id) {
                cp->normal_impulse = old->points[j].start_normal;
                cp->tangent_impulse = old->points[j].start_tangent;
                cp->impact = old->points[j].impact;
            }
        }
    }
    /* A little hysteresis: resting bodies hover within the slop. */
    c->touching = deepest < FL_LINEAR_SLOP;
}

/* Room for the reports was taken with the pairs (collision_take_pairs). */
static void note_event(fl_world *w, int type, const fl_contact *c)
{
    int e = type - FL_EVENT_COLLISION_START;
    FL_ASSERT(e >= 0 && e < 3);
    if (w->hooks[type].count == 0)
        return;
    event_list *l = &w->events[e];
    FL_ASSERT(l->count < l->capacity);
    l->refs[l->count++] = c;
}

/* Last step's touching contacts that no new contact continues have ended. */
static void end_unmatched(fl_world *w)
{
    for (int i = 0; i < w->previous.count; i++) {
        const fl_contact *o = &w->previous.items[i];
        if (o->touching && !o->matched)
            note_event(w, FL_EVENT_COLLISION_END, o);
    }
}

/* With a task runner, the manifolds of a crowd's pairs are found first, in
 * chunks that may run at once (each pair's manifold depends on its two
 * parts alone), and then taken in order as without one. A few pairs are
 * not worth the handing out. */
#define SHARED_PAIRS 4096
#define PAIR_CHUNKS 8

typedef struct manifold_job {
    const fl_world *w;
    fl_manifold *out;
} manifold_job;

static void pair_manifold(const fl_world *w, int k, fl_manifold *m)
{
    const fl_proxy_pair *pp = &w->broadphase.pairs[k];
    const fl_proxy *pa = &w->proxies[pp->a], *pb = &w->proxies[pp->b];
    fl_poly a = proxy_poly(w, pa), b = proxy_poly(w, pb);
    collide_parts(&a, cover_edges(w, pa), &b, cover_edges(w, pb), pa->margin + pb->margin, m);
}

static void manifold_chunk(void *ctx, int index)
{
    const manifold_job *job = ctx;
    int n = job->w->broadphase.pair_count;
    int from = (int)((long long)n * index / PAIR_CHUNKS);
    int to = (int)((long long)n * (index + 1) / PAIR_CHUNKS);
    for (int k = from; k < to; k++)
        pair_manifold(job->w, k, &job->out[k]);
}

/* Whether the pairs' manifolds are shared out among the runner's threads
 * (taken one by one otherwise: no runner, or few pairs). */
static bool shares_manifolds(const fl_world *w)
{
    return w->runner && w->broadphase.pair_count >= SHARED_PAIRS;
}

void collision_take_pairs(fl_world *w, int unused)
{
    (void)unused;
    int pairs = w->broadphase.pair_count;
    w->manifolds = shares_manifolds(w) ? arena_take(&w->arena, pairs, sizeof *w->manifolds) : NULL;
    /* A pair makes at most one contact, which starts, goes on or ends;
     * last step's contacts end at most once each. (An int's worth at the
     * most: more than that no arena holds, and the step runs out of
     * memory.) */
    int most = pairs > INT_MAX - w->previous.count ? INT_MAX : pairs + w->previous.count;
    for (int e = 0; e < 3; e++) {
        event_list *l = &w->events[e];
        bool heard = w->hooks[FL_EVENT_COLLISION_START + e].count > 0;
        l->capacity = heard ? most : 0;
        l->refs = heard ? arena_take(&w->arena, most, sizeof *l->refs) : NULL;
        l->data = heard ? arena_take(&w->arena, most, sizeof *l->data) : NULL;
    }
}

/* Every pair's manifold, shared out among the runner's threads; NULL when
 * the pairs are taken one by one instead. */
static const fl_manifold *shared_manifolds(fl_world *w)
{
    if (!shares_manifolds(w))
        return NULL;
    manifold_job job = {w, w->manifolds};
    run_tasks(w, manifold_chunk, &job, PAIR_CHUNKS);
    return w->manifolds;
}

static fl_status narrow_phase(fl_world *w)
{
    contact_list *cur = &w->contacts;
    /* Room for every pair up front: the events point into this array. */
    fl_contact *room = fl_world_grow(w, cur->items, &cur->capacity, w->broadphase.pair_count,
                                     sizeof *room);
    if (!room)
        return FL_ENOMEM;
    cur->items = room;
    /* ... and the index of this step's contacts, for the next step. */
    if (pair_index_reset(w, &w->next_index, w->broadphase.pair_count) != FL_OK)
        return FL_ENOMEM;
    int guess = 0;
    /* Only collisionEnd asks which of last step's contacts went unmatched:
     * without a listener, last step's list is only read, never written. */
    bool ends = w->hooks[FL_EVENT_COLLISION_END].count > 0;
    const fl_manifold *found = shared_manifolds(w);
    for (int k = 0; k < w->broadphase.pair_count; k++) {
        const fl_proxy_pair *pp = &w->broadphase.pairs[k];
        const fl_proxy *pa = &w->proxies[pp->a], *pb = &w->proxies[pp->b];
        fl_manifold mine;
        if (!found)
            pair_manifold(w, k, &mine);
        const fl_manifold *mp = found ? &found[k] : &mine;
        if (mp->count == 0)
            continue;
        fl_contact *c = &cur->items[cur->count++];
        const fl_material *ma = &w->materials[pp->a], *mb = &w->materials[pp->b];
        /* Field by field: zeroing the whole record costs more than the rest
         * of this loop. */
        c->a = w->bodies[pa->body];
        c->b = w->bodies[pb->body];
        c->index_a = pa->body;
        c->index_b = pb->body;
        FL_ASSERT(c->index_a < c->index_b); /* the broad phase orders each pair */
        c->part_a = pa->part;
        c->part_b = pb->part;
        c->id_a = ma->id;
        c->id_b = mb->id;
        c->matched = false;
        c->friction = sqrt(ma->friction * mb->friction);
        c->restitution = fl_max(ma->restitution, mb->restitution);
        c->sensor = ma->sensor || mb->sensor;
        fl_contact *match = find_previous(w, c, &guess);
        if (match && ends)
            match->matched = true;
        fill_contact(c, mp, match);
        pair_index_add(&w->next_index, c, cur->count - 1);
        bool was = match && match->touching;
        if (c->touching)
            note_event(w, was ? FL_EVENT_COLLISION_ACTIVE : FL_EVENT_COLLISION_START, c);
        if (!c->touching && was)
            note_event(w, FL_EVENT_COLLISION_END, match);
    }
    FL_ASSERT(cur->count <= w->broadphase.pair_count);
    w->next_index.valid = true;
    if (ends)
        end_unmatched(w);
    return FL_OK;
}

void contact_report(const fl_world *w, const fl_contact *c, fl_contact_data *out)
{
    *out = (fl_contact_data){body_id(w, c->a), body_id(w, c->b), c->index_a, c->index_b, c->part_a, c->part_b,
                             c->normal, c->friction, c->restitution, c->count, c->touching,
                             c->sensor, {{{0.0, 0.0}, 0.0, 0.0, 0.0, 0}, {{0.0, 0.0}, 0.0, 0.0, 0.0, 0}}};
    for (int i = 0; i < c->count; i++) {
        const fl_contact_point *p = &c->points[i];
        out->points[i] = (fl_contact_data_point){p->point, p->separation, p->normal_impulse,
                                                 p->tangent_impulse, p->id};
    }
}

void collision_events(fl_world *w, double dt)
{
    for (int e = 0; e < 3; e++) {
        event_list *l = &w->events[e];
        if (l->count == 0)
            continue;
        FL_ASSERT(l->count <= l->capacity);
        for (int i = 0; i < l->count; i++)
            contact_report(w, l->refs[i], &l->data[i]);
        fl_event ev = {FL_EVENT_COLLISION_START + e, w, w->step + 1, w->time, dt, l->data, l->count};
        world_trigger(w, &ev);
    }
}

fl_status collision_stage(fl_world *w, double dt)
{
    FL_ASSERT(w->in_step && dt > 0.0);
    /* Last step's contacts become the previous ones; their buffer is reused. */
    FL_SWAP(contact_list, w->previous, w->contacts);
    w->contacts.count = 0;
    FL_SWAP(pair_index, w->prev_index, w->next_index);
    for (int e = 0; e < 3; e++)
        w->events[e].count = 0;

    double mark = w->profile ? clock_ms() : 0.0;
    fl_status st = build_proxies(w, dt);
    if (st == FL_OK)
        st = cover_update(w);
    if (st == FL_OK)
        st = broadphase_update(w, &w->broadphase, w->proxies, w->proxy_count, w->shapes_changed);
    if (st == FL_OK)
        follow_sweep(w);
    if (st == FL_OK)
        st = index_previous(w);
    if (st == FL_OK)
        st = step_take(w, collision_take_pairs, 0);
    FL_LAP(w, broad_phase, mark);
    if (st == FL_OK)
        st = narrow_phase(w);
    FL_LAP(w, narrow_phase, mark);
    if (st != FL_OK)
        return st;
    w->shapes_changed = false;
#ifndef NDEBUG
    /* every contact joins two distinct bodies of the list, lower index
     * first, by at most two points */
    for (int i = 0; i < w->contacts.count; i++) {
        const fl_contact *c = &w->contacts.items[i];
        FL_ASSERT(c->count >= 0 && c->count <= 2);
        FL_ASSERT(c->index_a >= 0 && c->index_a < c->index_b && c->index_b < w->body_count);
        FL_ASSERT(c->a == w->bodies[c->index_a] && c->b == w->bodies[c->index_b]);
    }
    for (int e = 0; e < 3; e++)
        FL_ASSERT(w->events[e].count <= w->events[e].capacity);
#endif
    return FL_OK;
}

void contacts_drop(fl_world *w)
{
    w->contacts.count = 0;
    w->next_index.valid = false;
    for (int e = 0; e < 3; e++)
        w->events[e].count = 0; /* they may point at contacts just dropped */
}

void contacts_forget_removed(fl_world *w)
{
    FL_ASSERT(!w->in_step);
    contact_list *l = &w->contacts;
    int kept = 0;
    for (int i = 0; i < l->count; i++)
        if (!l->items[i].a->removed && !l->items[i].b->removed)
            l->items[kept++] = l->items[i];
    if (kept < l->count)
        w->next_index.valid = false; /* its places moved */
    l->count = kept;
    /* Last step's list is only read while the next step is matched against
     * it, which starts by replacing it with this one. */
    w->previous.count = 0;
}

void contacts_reindex(fl_world *w)
{
    /* The index chains contacts by body index: renumbered bodies, even
     * ones that took no contact with them, leave it pointing astray. */
    w->next_index.valid = false;
    for (int i = 0; i < w->contacts.count; i++) {
        w->contacts.items[i].index_a = w->contacts.items[i].a->index;
        w->contacts.items[i].index_b = w->contacts.items[i].b->index;
        /* closing up keeps the bodies' order, and so each pair's */
        FL_ASSERT(w->contacts.items[i].index_a >= 0 &&
                  w->contacts.items[i].index_a < w->contacts.items[i].index_b);
    }
}

void collision_free(fl_world *w)
{
    fl_world_free(w, w->slots);
    fl_world_free(w, w->next_slots);
    pair_index_free(w, &w->prev_index);
    pair_index_free(w, &w->next_index);
    fl_world_free(w, w->contacts.items);
    fl_world_free(w, w->previous.items);
    broadphase_free(w, &w->broadphase);
    cover_free(w);
}
