/* The buoyancy module: its fluids, the beforeUpdate hook that measures and
 * pushes every body in one pass, and what it reports of the last pass. */
#include <math.h>
#include <string.h>
#include "hold_overlap.h"
#include "module.h"
#include "push.h"

static void on_before_update(const fl_event *ev, void *user)
{
    /* Out of memory leaves the step without buoyancy rather than crashing;
     * the next step retries. */
    (void)fl_buoyancy_apply(user, ev->time, ev->dt);
}

/* After the step, the closed tanks' levels for where the bodies now stand,
 * so that what is read, drawn or saved between steps agrees with them
 * (the next step's pass starts from these, already the answer). */
static void on_after_update(const fl_event *ev, void *user)
{
    (void)ev;
    fl_buoyancy *b = user;
    if (b->scratch_size > 0 && b->level_capacity >= b->fluid_count &&
        b->level_order_capacity >= b->fluid_count && b->sized_for == fl_world_revision(b->world))
        buoyancy_levels(b);
}

static void free_module(void *module);
static fl_status clone_module(const void *module, fl_world *copy, fl_error *err);

static const fl_module_class buoyancy_class = {"buoyancy", free_module, clone_module};

/* The module on w, its hook registered and the world holding it, without
 * its column of holds yet. */
static fl_buoyancy *make_module(fl_world *w, fl_error *err)
{
    FL_ASSERT(w != NULL);
    fl_buoyancy *b = fl_world_alloc(w, sizeof *b);
    if (!b) {
        fail_with(err, FL_ENOMEM, "out of memory creating the buoyancy module");
        return NULL;
    }
    memset(b, 0, sizeof *b);
    b->world = w;
    b->hold_column = -1;
    ids_init(&b->slots);
    if (fl_world_on(w, FL_EVENT_BEFORE_UPDATE, on_before_update, b) != FL_OK ||
        fl_world_on(w, FL_EVENT_AFTER_UPDATE, on_after_update, b) != FL_OK) {
        fl_world_off(w, FL_EVENT_BEFORE_UPDATE, on_before_update, b);
        fl_world_free(w, b);
        fail_with(err, FL_ENOMEM, "out of memory registering the buoyancy hooks");
        return NULL;
    }
    if (fl_world_add_module(w, &buoyancy_class, b) != FL_OK) {
        free_module(b);
        fail_with(err, FL_ENOMEM, "out of memory giving the buoyancy module to its world");
        return NULL;
    }
    return b;
}

fl_buoyancy *fl_buoyancy_create(fl_world *w, fl_error *err)
{
    fl_buoyancy *b = make_module(w, err);
    if (!b)
        return NULL;
    /* The holds of the bodies there already are made now. */
    b->hold_column = fl_world_add_column(w, b, &hold_column_class, err);
    if (b->hold_column < 0) {
        fl_buoyancy_destroy(b);
        return NULL;
    }
    return b;
}

/* Unregisters the hook and frees everything (the world's module list no
 * longer holds it). */
static void free_module(void *module)
{
    fl_buoyancy *b = module;
    FL_ASSERT(b && b->world);
    fl_world *w = b->world;
    fl_world_off(w, FL_EVENT_BEFORE_UPDATE, on_before_update, b);
    fl_world_off(w, FL_EVENT_AFTER_UPDATE, on_after_update, b);
    fl_world_free(w, b->fluids);
    fluid_ids_free(b);
    fl_world_free(w, b->records);
    fl_world_free(w, b->offsets);
    fl_world_free(w, b->pool);
    fl_world_free(w, b->scratch);
    fl_world_free(w, b->pushes);
    fl_world_free(w, b->totals);
    fl_world_free(w, b->stamps);
    fl_world_free(w, b->vessels);
    fl_world_free(w, b->hold_buf);
    fl_world_free(w, b->cargo);
    fl_world_free(w, b->rates);
    fl_world_free(w, b->level_order);
    fl_world_free(w, b->levels);
    fl_world_free(w, b);
}

void fl_buoyancy_destroy(fl_buoyancy *b)
{
    if (!b)
        return;
    fl_world_remove_module(b->world, b);
    free_module(b);
}

fl_buoyancy *fl_buoyancy_of(const fl_world *w)
{
    FL_ASSERT(w);
    return fl_world_find_module(w, &buoyancy_class);
}

/* The copy on a clone of the world: the same fluids, and what the last
 * pass pushed (what a picture of the copy shows); what the passes measure
 * is found again by the copy's first step, as it would be here. */
static fl_status clone_module(const void *module, fl_world *copy, fl_error *err)
{
    const fl_buoyancy *from = module;
    FL_ASSERT(from && copy && from->world != copy);
    fl_buoyancy *b = make_module(copy, err);
    if (!b)
        return FL_ENOMEM;
    /* Its holds are copies of these, water and openings with them. */
    b->hold_column = fl_world_clone_column(copy, b, from->world, from->hold_column, err);
    if (b->hold_column < 0)
        return FL_ENOMEM; /* the column is there to copy: only memory fails */
    fl_fluid_def *f = fl_world_grow(copy, NULL, &b->fluid_capacity, from->fluid_count,
                                    sizeof *f);
    if (from->fluid_count > 0 && !f)
        return fail_with(err, FL_ENOMEM, "out of memory copying the fluids");
    if (from->fluid_count > 0) /* none: the copy has no list to copy from */
        memcpy(f, from->fluids, sizeof *f * (size_t)from->fluid_count);
    b->fluids = f;
    b->fluid_count = from->fluid_count;
    if (fluid_ids_copy(b, from) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory copying the fluids");
    if (fl_buoyancy_copy_applied(b, from) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory copying what the buoyancy pushed");
    return FL_OK;
}

fl_status fl_buoyancy_add_fluid(fl_buoyancy *b, const fl_fluid_def *def, fl_fluid_id *out,
                                fl_error *err)
{
    FL_ASSERT(b != NULL && def != NULL);
    fl_status st = fl_fluid_check(def, err);
    if (st != FL_OK)
        return st;
    /* def may be one of this module's own fluids (fl_buoyancy_fluid), and
     * the list may move as it grows: copied first. */
    fl_fluid_def copy = *def;
    fl_fluid_def *grown = fl_world_grow(b->world, b->fluids, &b->fluid_capacity,
                                        b->fluid_count + 1, sizeof *b->fluids);
    if (grown)
        b->fluids = grown;
    if (!grown || fluid_take_slot(b) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory adding a fluid");
    FL_ASSERT(b->fluid_count < b->fluid_capacity);
    copy.water = NAN; /* a closed tank's, found at the next pass (level.c) */
    b->fluids[b->fluid_count] = copy;
    fl_fluid_resolve_wave_speed(&b->fluids[b->fluid_count], fl_length(fl_world_gravity(b->world)));
    b->measured = 0; /* the record layout depends on the fluid count */
    b->pass++;       /* ... and so does that of the pushes */
    b->fluid_count++;
    if (out)
        *out = fl_buoyancy_fluid_at(b, b->fluid_count - 1);
    return FL_OK;
}

int fl_buoyancy_fluid_count(const fl_buoyancy *b)
{
    FL_ASSERT(b);
    return b->fluid_count;
}

const fl_fluid_def *fl_buoyancy_fluid(const fl_buoyancy *b, fl_fluid_id f)
{
    FL_ASSERT(b != NULL);
    int index = fluid_place(b, f);
    return index >= 0 ? &b->fluids[index] : NULL;
}

fl_status fl_buoyancy_set_fluid(fl_buoyancy *b, fl_fluid_id f, const fl_fluid_def *def,
                                fl_error *err)
{
    FL_ASSERT(b != NULL && def != NULL);
    int index = fluid_place(b, f);
    if (index < 0)
        return fail_with(err, FL_ESTALE, "no such fluid (a stale id)");
    fl_status st = fl_fluid_check(def, err);
    if (st == FL_OK) {
        b->fluids[index] = *def;
        b->fluids[index].water = NAN; /* found again (level.c) */
        fl_fluid_resolve_wave_speed(&b->fluids[index], fl_length(fl_world_gravity(b->world)));
    }
    return st;
}

/* Makes room for the records, their offsets and the clipping buffers. */
static fl_status reserve(fl_buoyancy *b, int bodies)
{
    fl_world *w = b->world;
    /* ... and two more bodies', for what lies ahead of a body (push_ahead). */
    int need = (bodies + 2) * b->fluid_count;
    fl_submerged *r = fl_world_grow(w, b->records, &b->record_capacity, need, sizeof *r);
    if (!r)
        return FL_ENOMEM;
    b->records = r;
    int *o = fl_world_grow(w, b->offsets, &b->offset_capacity, need, sizeof *o);
    if (!o)
        return FL_ENOMEM;
    b->offsets = o;
    /* The largest outline only changes with the body list. */
    if (b->sized_for != fl_world_revision(w) || b->scratch_size == 0) {
        int most = 3;
        for (int i = 0; i < bodies; i++) {
            int n = body_at(w, i)->hull_count;
            most = n > most ? n : most;
        }
        b->most_points = most;
        b->sized_for = fl_world_revision(w);
    }
    int size = submerge_room(b->most_points);
    fl_vec2 *s = fl_world_grow(w, b->scratch, &b->scratch_capacity, 3 * size, sizeof *s);
    if (!s)
        return FL_ENOMEM;
    b->scratch = s;
    b->scratch_size = size;
    int *order = fl_world_grow(w, b->level_order, &b->level_order_capacity, b->fluid_count,
                               sizeof *order);
    if (!order)
        return FL_ENOMEM;
    b->level_order = order;
    struct fluid_level *levels = fl_world_grow(w, b->levels, &b->level_capacity, b->fluid_count,
                                               sizeof *levels);
    if (!levels)
        return FL_ENOMEM;
    b->levels = levels;
    /* a record and an offset for every body and fluid, and the two ahead */
    FL_ASSERT(b->record_capacity >= need && b->offset_capacity >= need);
    return FL_OK;
}

/* Makes room for what an apply pass records of its pushes. A new body list
 * or a new array starts with every body unstamped. */
static fl_status reserve_pushes(fl_buoyancy *b, int bodies)
{
    fl_world *w = b->world;
    fl_buoyancy_push *p = fl_world_grow(w, b->pushes, &b->push_capacity,
                                        bodies * b->fluid_count, sizeof *p);
    if (!p)
        return FL_ENOMEM;
    b->pushes = p;
    fl_buoyancy_total *t = fl_world_grow(w, b->totals, &b->total_capacity, bodies, sizeof *t);
    if (!t)
        return FL_ENOMEM;
    b->totals = t;
    uint64_t *s = fl_world_grow(w, b->stamps, &b->stamp_capacity, bodies, sizeof *s);
    if (!s)
        return FL_ENOMEM;
    if (s != b->stamps || b->pushed_revision != fl_world_revision(w) || bodies > b->stamped) {
        memset(s, 0, sizeof *s * (size_t)b->stamp_capacity);
        b->stamped = b->stamp_capacity;
    }
    b->stamps = s;
    b->pushed_revision = fl_world_revision(w);
    FL_ASSERT(b->push_capacity >= bodies * b->fluid_count && b->total_capacity >= bodies &&
              b->stamped >= bodies);
    return FL_OK;
}

/* Copies a submerged polygon into the pool, in world coordinates. */
static fl_status keep_polygon(fl_buoyancy *b, const fl_body *body, const submerged_part *part,
                              int *offset)
{
    int n = part->kind == SUBMERGE_WHOLE ? body->hull_count : part->count;
    fl_vec2 *p = fl_world_grow(b->world, b->pool, &b->pool_capacity, b->pool_count + n, sizeof *p);
    if (!p)
        return FL_ENOMEM;
    b->pool = p;
    *offset = b->pool_count;
    if (part->kind == SUBMERGE_WHOLE)
        submerge_world_outline(body, p + b->pool_count);
    else
        for (int i = 0; i < n; i++)
            p[b->pool_count + i] = fl_add(part->polygon[i], body->position);
    b->pool_count += n;
    return FL_OK;
}

/* Starts a pass over the bodies: records for every body and fluid. */
static fl_status begin_pass(fl_buoyancy *b)
{
    FL_ASSERT(b && b->world && b->fluid_count >= 0);
    b->measured = 0;
    b->pool_count = 0;
    fl_status st = reserve(b, fl_world_body_count(b->world));
    if (st != FL_OK)
        return st;
    /* The closed tanks' levels for the bodies as they stand, then the
     * waves' speeds on the depths that leaves (the world's gravity may
     * have changed too). */
    buoyancy_levels(b);
    for (int f = 0; f < b->fluid_count; f++)
        fl_fluid_resolve_wave_speed(&b->fluids[f], fl_length(fl_world_gravity(b->world)));
    return buoyancy_find_vessels(b);
}

static void end_pass(fl_buoyancy *b)
{
    b->measured = fl_world_body_count(b->world);
    b->revision = fl_world_revision(b->world);
}

fl_status fl_buoyancy_measure(fl_buoyancy *b, double t)
{
    FL_ASSERT(b != NULL);
    fl_status st = begin_pass(b);
    if (st != FL_OK)
        return st;
    fl_world *w = b->world;
    int count = fl_world_body_count(w);
    for (int i = 0; i < count; i++) {
        const fl_body *body = body_at(w, i);
        fl_submerged *recs = b->records + (size_t)i * b->fluid_count;
        int *offs = b->offsets + (size_t)i * b->fluid_count;
        for (int f = 0; f < b->fluid_count; f++) {
            submerged_part part = measure_body(b, body, f, t, 0.0, true, &recs[f]);
            offs[f] = 0;
            if (part.kind != SUBMERGE_NONE) {
                if ((st = keep_polygon(b, body, &part, &offs[f])) != FL_OK)
                    return st;
                recs[f].count = b->pool_count - offs[f];
            }
        }
    }
    FL_ASSERT(b->pool_count <= b->pool_capacity);
    /* The pool may have moved while it grew: point into it only now. */
    for (int r = 0; r < count * b->fluid_count; r++)
        b->records[r].polygon = b->records[r].count ? b->pool + b->offsets[r] : NULL;
    end_pass(b);
    return FL_OK;
}

/* Asks for the body's line with its fluid outline's measures, besides
 * body_prefetch's. */
static inline void prefetch_measures(const fl_body *b)
{
    FL_PREFETCH(&b->hull, 0);
}

/* Asks for the fluid outline of a body whose measures are in. */
static inline void prefetch_hull(const fl_body *b)
{
    FL_PREFETCH(b->hull, 0);
    FL_PREFETCH((const char *)b->hull + 64, 0);
}

fl_status fl_buoyancy_apply(fl_buoyancy *b, double t, double dt)
{
    FL_ASSERT(b != NULL);
    /* A new pass retires the last one's report, even if this one fails. */
    b->pass++;
    fl_status st = begin_pass(b);
    if (st == FL_OK)
        st = reserve_pushes(b, fl_world_body_count(b->world));
    if (st != FL_OK)
        return st;
    fl_world *w = b->world;
    /* The holds first: the water in them is part of the mass the lift
     * and the drags act on. */
    if (b->vessel_count > 0)
        buoyancy_flood(b, t, dt);
    fl_vec2 g = fl_world_gravity(w);
    double gl = fl_length(g);
    fl_vec2 down = gl > 0.0 ? fl_scale(g, 1.0 / gl) : fl_v2(0.0, 1.0);
    fl_body *const *bodies = world_bodies(w);
    int count = fl_world_body_count(w);
    /* One pass: each body is measured and pushed while it is in cache. The
     * submerged polygons are not kept (fl_buoyancy_measure keeps them). */
    for (int i = 0; i < count; i++) {
        if (i + FL_PREFETCH_AHEAD < count) {
            body_prefetch(bodies[i + FL_PREFETCH_AHEAD]);
            prefetch_measures(bodies[i + FL_PREFETCH_AHEAD]);
        }
        if (i + FL_PREFETCH_AHEAD / 2 < count)
            prefetch_hull(bodies[i + FL_PREFETCH_AHEAD / 2]);
        fl_body *body = bodies[i];
        fl_submerged *recs = b->records + (size_t)i * b->fluid_count;
        bool any = false;
        for (int f = 0; f < b->fluid_count; f++)
            any = measure_body(b, body, f, t, dt, false, &recs[f]).area > 0.0 || any;
        fl_buoyancy_push *pushes = b->pushes + (size_t)i * b->fluid_count;
        double waterline = 0.0, displaced = 0.0;
        for (int f = 0; f < b->fluid_count; f++) {
            waterline += recs[f].waterline;
            displaced += b->fluids[f].density * recs[f].area;
        }
        /* Dry, or wholly under: the step may cross a kink of the lift. */
        bool pushed = waterline == 0.0 && buoyancy_may_cross(b, body, any, displaced, g, dt) &&
                      buoyancy_push_ahead(b, body, recs, any, displaced, g, t, dt, pushes,
                                          &b->totals[i]);
        if (any && !pushed) {
            double heave, roll;
            push_body(b, body, recs, g, dt, pushes, &b->totals[i], &heave, &roll);
            buoyancy_stiffen(w, body, down, heave, roll);
            pushed = true;
        }
        if (pushed)
            b->stamps[i] = b->pass;
    }
    end_pass(b);
    return FL_OK;
}

fl_world *fl_buoyancy_world(const fl_buoyancy *b)
{
    FL_ASSERT(b != NULL);
    return b->world;
}

int buoyancy_body_index(const fl_buoyancy *b, fl_body_id id)
{
    FL_ASSERT(b != NULL);
    const fl_body *body = body_get(id);
    FL_ASSERT(!body || id.world == b->world);
    return body && id.world == b->world ? body->index : -1;
}

const fl_submerged *fl_buoyancy_submerged(const fl_buoyancy *b, fl_body_id body, fl_fluid_id fluid)
{
    return buoyancy_submerged_at(b, buoyancy_body_index(b, body), fluid_place(b, fluid));
}

const fl_submerged *buoyancy_submerged_at(const fl_buoyancy *b, int body_index, int fluid_index)
{
    FL_ASSERT(b != NULL);
    FL_ASSERT((size_t)b->measured * (size_t)b->fluid_count <= (size_t)b->record_capacity);
    if (body_index < 0 || body_index >= b->measured || fluid_index < 0 ||
        fluid_index >= b->fluid_count || b->revision != fl_world_revision(b->world))
        return NULL;
    return &b->records[(size_t)body_index * b->fluid_count + fluid_index];
}

double fl_buoyancy_body_area(const fl_buoyancy *b, fl_body_id body, fl_vec2 *centroid)
{
    int body_index = buoyancy_body_index(b, body);
    double area = 0.0, cx = 0.0, cy = 0.0;
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_submerged *s = buoyancy_submerged_at(b, body_index, f);
        if (!s || s->area <= 0.0)
            continue;
        area += s->area;
        cx += s->area * s->centroid.x;
        cy += s->area * s->centroid.y;
    }
    if (area > 0.0 && centroid)
        *centroid = fl_v2(cx / area, cy / area);
    return area;
}

/* Body i's pushes from the last apply pass, if it pushed the body and the
 * body list is the same. */
static bool pushed(const fl_buoyancy *b, int body_index)
{
    return body_index >= 0 && body_index < b->stamped &&
           body_index < fl_world_body_count(b->world) && b->pass > 0 &&
           b->stamps[body_index] == b->pass && b->pushed_revision == fl_world_revision(b->world);
}

const fl_buoyancy_push *fl_buoyancy_applied(const fl_buoyancy *b, fl_body_id body, fl_fluid_id fluid)
{
    int body_index = buoyancy_body_index(b, body), fluid_index = fluid_place(b, fluid);
    if (!pushed(b, body_index) || fluid_index < 0 || fluid_index >= b->fluid_count)
        return NULL;
    return &b->pushes[(size_t)body_index * b->fluid_count + fluid_index];
}

const fl_buoyancy_total *fl_buoyancy_applied_total(const fl_buoyancy *b, fl_body_id body)
{
    int body_index = buoyancy_body_index(b, body);
    return pushed(b, body_index) ? &b->totals[body_index] : NULL;
}

fl_status fl_buoyancy_copy_applied(fl_buoyancy *to, const fl_buoyancy *from)
{
    FL_ASSERT(to != NULL && from != NULL);
    int bodies = fl_world_body_count(from->world);
    if (from->pass == 0 || from->pushed_revision != fl_world_revision(from->world) ||
        to->fluid_count != from->fluid_count || fl_world_body_count(to->world) != bodies)
        return FL_OK; /* nothing current to report */
    if (reserve_pushes(to, bodies) != FL_OK)
        return FL_ENOMEM;
    int n = bodies < from->stamped ? bodies : from->stamped;
    if (n == 0)
        return FL_OK; /* nothing to copy, and maybe no arrays to copy from */
    memcpy(to->pushes, from->pushes, sizeof *to->pushes * (size_t)n * (size_t)from->fluid_count);
    memcpy(to->totals, from->totals, sizeof *to->totals * (size_t)n);
    to->pass = from->pass;
    for (int i = 0; i < n; i++)
        to->stamps[i] = from->stamps[i];
    return FL_OK;
}
