#include <string.h>
#include "fl_buoyancy.h"

struct fl_buoyancy {
    fl_world *world;
    fl_fluid_def *fluids;
    int fluid_count, fluid_capacity;
    /* records[body * fluid_count + fluid], for `measured` bodies */
    fl_submerged *records;
    int record_capacity;
    int measured;
    uint64_t revision;        /* the world's body list when measured */
    uint64_t sized_for;       /* ... and when most_points was found */
    int most_points;          /* the largest fluid outline in the world */
    int *offsets;             /* where each record's polygon starts in `pool` */
    int offset_capacity;
    fl_vec2 *pool;            /* submerged polygons, world coordinates */
    int pool_count, pool_capacity;
    fl_vec2 *scratch;         /* three clipping buffers of scratch_size each */
    int scratch_size, scratch_capacity;
};

static void on_before_update(const fl_event *ev, void *user)
{
    /* Out of memory leaves the step without buoyancy rather than crashing;
     * the next step retries. */
    (void)fl_buoyancy_apply(user, ev->time, ev->dt);
}

fl_buoyancy *fl_buoyancy_create(fl_world *w, fl_error *err)
{
    fl_buoyancy *b = fl_world_alloc(w, sizeof *b);
    if (!b) {
        fl_fail(err, FL_ENOMEM, "out of memory creating the buoyancy module");
        return NULL;
    }
    memset(b, 0, sizeof *b);
    b->world = w;
    if (fl_world_on(w, FL_EVENT_BEFORE_UPDATE, on_before_update, b) != FL_OK) {
        fl_world_free(w, b);
        fl_fail(err, FL_ENOMEM, "out of memory registering the buoyancy hook");
        return NULL;
    }
    return b;
}

void fl_buoyancy_destroy(fl_buoyancy *b)
{
    if (!b)
        return;
    fl_world *w = b->world;
    fl_world_off(w, FL_EVENT_BEFORE_UPDATE, on_before_update, b);
    fl_world_free(w, b->fluids);
    fl_world_free(w, b->records);
    fl_world_free(w, b->offsets);
    fl_world_free(w, b->pool);
    fl_world_free(w, b->scratch);
    fl_world_free(w, b);
}

int fl_buoyancy_add_fluid(fl_buoyancy *b, const fl_fluid_def *def, fl_error *err)
{
    fl_status st = fl_fluid_check(def, err);
    if (st != FL_OK)
        return st;
    fl_fluid_def *grown = fl_world_grow(b->world, b->fluids, &b->fluid_capacity,
                                        b->fluid_count + 1, sizeof *b->fluids);
    if (!grown)
        return fl_fail(err, FL_ENOMEM, "out of memory adding a fluid");
    b->fluids = grown;
    b->fluids[b->fluid_count] = *def;
    b->measured = 0; /* the record layout depends on the fluid count */
    return b->fluid_count++;
}

int fl_buoyancy_fluid_count(const fl_buoyancy *b) { return b->fluid_count; }

const fl_fluid_def *fl_buoyancy_fluid(const fl_buoyancy *b, int index)
{
    return (index >= 0 && index < b->fluid_count) ? &b->fluids[index] : NULL;
}

fl_status fl_buoyancy_set_fluid(fl_buoyancy *b, int index, const fl_fluid_def *def, fl_error *err)
{
    if (index < 0 || index >= b->fluid_count)
        return fl_fail(err, FL_EINVAL, "no fluid %d", index);
    fl_status st = fl_fluid_check(def, err);
    if (st == FL_OK)
        b->fluids[index] = *def;
    return st;
}

/* Clipping one n-gon against four half-planes grows it at most this much. */
static int clip_room(int n)
{
    for (int i = 0; i < 4; i++)
        n = FL_CLIP_MAX_OUT(n);
    return n;
}

/* Makes room for the records, their offsets and the clipping buffers. */
static fl_status reserve(fl_buoyancy *b, int bodies)
{
    fl_world *w = b->world;
    int need = bodies * b->fluid_count;
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
            int n = fl_world_body(w, i)->hull_count;
            most = n > most ? n : most;
        }
        b->most_points = most;
        b->sized_for = fl_world_revision(w);
    }
    int size = clip_room(b->most_points);
    fl_vec2 *s = fl_world_grow(w, b->scratch, &b->scratch_capacity, 3 * size, sizeof *s);
    if (!s)
        return FL_ENOMEM;
    b->scratch = s;
    b->scratch_size = size;
    return FL_OK;
}

/* Copies a submerged polygon into the pool, shifted back to world space. */
static fl_status keep_polygon(fl_buoyancy *b, const fl_vec2 *poly, int n, fl_vec2 at, int *offset)
{
    fl_vec2 *p = fl_world_grow(b->world, b->pool, &b->pool_capacity, b->pool_count + n, sizeof *p);
    if (!p)
        return FL_ENOMEM;
    b->pool = p;
    *offset = b->pool_count;
    for (int i = 0; i < n; i++)
        p[b->pool_count++] = fl_add(poly[i], at);
    return FL_OK;
}

/* Where a box lies against a half-plane: 1 wholly inside (touching counts
 * as inside, as in clipping), -1 wholly outside, 0 across the line. */
static int box_side(fl_halfplane h, fl_vec2 lo, fl_vec2 hi)
{
    fl_vec2 n = h.normal;
    double near = n.x * (n.x >= 0.0 ? lo.x : hi.x) + n.y * (n.y >= 0.0 ? lo.y : hi.y);
    double far = n.x * (n.x >= 0.0 ? hi.x : lo.x) + n.y * (n.y >= 0.0 ? hi.y : lo.y);
    return near >= h.offset ? 1 : far < h.offset ? -1 : 0;
}

/* The body's fluid outline about its centre of mass, in world orientation,
 * and the box around it. */
typedef struct outline {
    const fl_vec2 *v;
    int count;
    fl_vec2 lo, hi;
} outline;

/* Clips the outline against one fluid and records the result. Only the
 * half-planes that cut the outline's box are clipped against: a body wholly
 * under water keeps its whole outline (area and centroid known from its
 * shape), one wholly out of the fluid gets nothing. */
static fl_status measure_one(fl_buoyancy *b, const fl_body *body, const outline *o,
                             const fl_fluid_def *f, double t, fl_submerged *rec, int *offset)
{
    *rec = (fl_submerged){0.0, body->position, NULL, 0};
    *offset = 0;
    fl_halfplane planes[4];
    fl_fluid_halfplanes(f, body->position, t, planes);
    int cuts[4], ncut = 0;
    for (int i = 0; i < 4; i++) {
        int side = box_side(planes[i], o->lo, o->hi);
        if (side < 0)
            return FL_OK;
        if (side == 0)
            cuts[ncut++] = i;
    }
    fl_vec2 *buf[2] = {b->scratch + b->scratch_size, b->scratch + 2 * b->scratch_size};
    const fl_vec2 *cur = o->v;
    int n = o->count;
    for (int i = 0; i < ncut && n > 0; i++) {
        n = fl_clip_halfplane(cur, n, planes[cuts[i]], buf[i & 1]);
        cur = buf[i & 1];
    }
    fl_vec2 c;
    double area;
    if (ncut == 0) {
        area = body->hull_area;
        c = fl_rotate(body->rot, body->hull_centroid);
    } else {
        area = fl_polygon_area_centroid(cur, n, &c);
    }
    if (area <= 0.0)
        return FL_OK;
    rec->area = area;
    rec->centroid = fl_add(body->position, c);
    rec->count = n;
    return keep_polygon(b, cur, n, body->position, offset);
}

fl_status fl_buoyancy_measure(fl_buoyancy *b, double t)
{
    fl_world *w = b->world;
    int count = fl_world_body_count(w);
    b->measured = 0;
    b->pool_count = 0;
    fl_status st = reserve(b, count);
    if (st != FL_OK)
        return st;
    for (int i = 0; i < count; i++) {
        const fl_body *body = fl_world_body(w, i);
        fl_submerged *recs = b->records + (size_t)i * b->fluid_count;
        int *offs = b->offsets + (size_t)i * b->fluid_count;
        bool wet = !body->is_static && !body->removed;
        outline o = {b->scratch, body->hull_count, {INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
        if (wet)
            for (int k = 0; k < body->hull_count; k++) {
                fl_vec2 p = fl_rotate(body->rot, body->hull[k]);
                b->scratch[k] = p;
                o.lo = fl_v2(fl_min(o.lo.x, p.x), fl_min(o.lo.y, p.y));
                o.hi = fl_v2(fl_max(o.hi.x, p.x), fl_max(o.hi.y, p.y));
            }
        for (int f = 0; f < b->fluid_count; f++) {
            recs[f] = (fl_submerged){0.0, body->position, NULL, 0};
            offs[f] = 0;
            if (wet && (st = measure_one(b, body, &o, &b->fluids[f], t, &recs[f], &offs[f])) != FL_OK)
                return st;
        }
    }
    /* The pool may have moved while it grew: point into it only now. */
    for (int r = 0; r < count * b->fluid_count; r++)
        b->records[r].polygon = b->records[r].count ? b->pool + b->offsets[r] : NULL;
    b->measured = count;
    b->revision = fl_world_revision(w);
    return FL_OK;
}

/* (1 - exp(-x)) / x, the mean of exp(-s) over s in [0, x]; 1 at x = 0. */
static double decay_mean(double x) { return x > 1e-12 ? -expm1(-x) / x : 1.0; }

static void push(const fl_buoyancy *b, fl_body *body, const fl_submerged *recs, fl_vec2 g, double dt)
{
    /* Rates of exponential decay summed over fluids, so that overlapping
     * fluids together still decay exactly and never overshoot. */
    double lin_rate = 0.0, ang_rate = 0.0;
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        lin_rate += fl->linear_drag * fl->density * recs[f].area * body->inv_mass;
        ang_rate += fl->angular_drag * recs[f].area / body->hull_area;
    }
    double lin_k = decay_mean(lin_rate * dt);
    double ang_k = decay_mean(ang_rate * dt);
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        double a = recs[f].area;
        if (a <= 0.0)
            continue;
        double m = fl->density * a; /* displaced mass */
        fl_vec2 lift = fl_scale(g, -m);
        fl_vec2 drag = fl_scale(fl_sub(fl->current, body->velocity), fl->linear_drag * m * lin_k);
        fl_body_apply_force(body, recs[f].centroid, fl_add(lift, drag));
    }
    fl_body_apply_torque(body, -body->inertia * body->spin * ang_rate * ang_k);
}

fl_status fl_buoyancy_apply(fl_buoyancy *b, double t, double dt)
{
    fl_status st = fl_buoyancy_measure(b, t);
    if (st != FL_OK)
        return st;
    fl_world *w = b->world;
    fl_vec2 g = fl_world_gravity(w);
    for (int i = 0; i < b->measured; i++) {
        fl_body *body = fl_world_body(w, i);
        if (!body->is_static && !body->removed)
            push(b, body, b->records + (size_t)i * b->fluid_count, g, dt);
    }
    return FL_OK;
}

const fl_submerged *fl_buoyancy_submerged(const fl_buoyancy *b, int body_index, int fluid_index)
{
    if (body_index < 0 || body_index >= b->measured || fluid_index < 0 ||
        fluid_index >= b->fluid_count || b->revision != fl_world_revision(b->world))
        return NULL;
    return &b->records[(size_t)body_index * b->fluid_count + fluid_index];
}

double fl_buoyancy_body_area(const fl_buoyancy *b, int body_index, fl_vec2 *centroid)
{
    double area = 0.0, cx = 0.0, cy = 0.0;
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_submerged *s = fl_buoyancy_submerged(b, body_index, f);
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
