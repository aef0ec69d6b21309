#include <stdint.h>
#include <string.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_polygon.h"
#include "world_state.h"

fl_body_def fl_body_def_default(void)
{
    fl_body_def d;
    memset(&d, 0, sizeof d);
    d.friction = 0.4;
    d.restitution = 0.0;
    d.category = 1;
    d.mask = 0xffffffffu;
    return d;
}

#define BODY_ALIGN 16
/* body_state.h lays a body out in groups of 64 bytes, hot fields first. */
_Static_assert(sizeof(fl_body) <= 6 * 64, "a body is a few cache lines");

static bool finite_vec(fl_vec2 v) { return isfinite(v.x) && isfinite(v.y); }

static fl_status check_outline(const fl_vec2 *p, int n, const char *what, fl_error *err)
{
    if (!p || n < 3 || n > FL_DECOMPOSE_MAX)
        return fail_with(err, FL_EINVAL, "%s needs 3 to %d points", what, FL_DECOMPOSE_MAX);
    for (int i = 0; i < n; i++)
        if (!finite_vec(p[i]))
            return fail_with(err, FL_EINVAL, "%s point %d is not finite", what, i);
    if (!fl_polygon_is_simple(p, n))
        return fail_with(err, FL_EINVAL, "%s must be a simple polygon with non-zero area", what);
    return FL_OK;
}

/* Copies n points less `shift`, reversed if needed so the winding is positive. */
static void copy_outline(fl_vec2 *dst, const fl_vec2 *src, int n, fl_vec2 shift)
{
    bool reverse = fl_polygon_signed_area(src, n) < 0.0;
    for (int i = 0; i < n; i++)
        dst[i] = fl_sub(src[reverse ? n - 1 - i : i], shift);
}

/* The collision parts of an outline already about its centre of mass and in
 * positive winding: the outline itself when convex, else convex pieces. */
typedef struct parts {
    fl_vec2 verts[3 * (FL_DECOMPOSE_MAX - 2)];
    int start[FL_DECOMPOSE_MAX];
    int count;
    bool is_outline;      /* the one part is the outline itself */
} parts;

static fl_status split_parts(const fl_vec2 *v, int n, parts *p, fl_error *err)
{
    if (fl_polygon_is_convex(v, n)) {
        for (int i = 0; i < n; i++)
            p->verts[i] = v[i];
        p->start[0] = 0;
        p->start[1] = n;
        p->count = 1;
        p->is_outline = true;
        return FL_OK;
    }
    p->is_outline = false;
    p->count = fl_convex_decompose(v, n, p->verts, p->start);
    if (p->count < 1)
        return fail_with(err, FL_EINVAL, "the outline could not be split into convex parts");
    /* the pieces fit the arrays they were written to: n - 2 triangles at most */
    FL_ASSERT(p->count < FL_DECOMPOSE_MAX && p->start[0] == 0 &&
              p->start[p->count] <= 3 * (n - 2));
    return FL_OK;
}

/* Copies the parts into the body and gives every edge its outward normal. */
static void set_parts(fl_body *b, const parts *p)
{
    b->part_count = p->count;
    for (int k = 0; k <= p->count; k++)
        b->part_start[k] = p->start[k];
    for (int k = 0; k < p->count; k++)
        FL_ASSERT(p->start[k + 1] - p->start[k] >= 3); /* every part is a polygon */
    for (int k = 0; k < p->count; k++) {
        int first = p->start[k], n = p->start[k + 1] - first;
        for (int i = 0; i < n; i++) {
            fl_vec2 a = p->verts[first + i], c = p->verts[first + (i + 1) % n];
            fl_vec2 e = fl_sub(c, a);
            double len = fl_length(e);
            /* Positive winding: the outside is on the right of each edge. */
            b->part_verts[first + i] = a;
            b->part_normals[first + i] = fl_v2(e.y / len, -e.x / len);
        }
    }
}

static fl_status fail_at(fl_body_def_part *part, fl_body_def_part which, fl_status st)
{
    if (part)
        *part = which;
    return st;
}

static fl_status check_def(const fl_body_def *def, fl_body_def_part *part, fl_error *err)
{
    if (check_outline(def->points, def->point_count, "outline", err) != FL_OK)
        return fail_at(part, FL_BODY_DEF_POINTS, FL_EINVAL);
    if (def->hull && check_outline(def->hull, def->hull_count, "hull", err) != FL_OK)
        return fail_at(part, FL_BODY_DEF_HULL, FL_EINVAL);
    if (!finite_vec(def->origin) || !isfinite(def->angle) || !finite_vec(def->velocity) ||
        !isfinite(def->spin))
        return fail_at(part, FL_BODY_DEF_MOTION,
                       fail_with(err, FL_EINVAL, "body placement and motion must be finite"));
    if (!(def->mass >= 0.0 && isfinite(def->mass)) || (def->has_center && !finite_vec(def->center)))
        return fail_at(part, FL_BODY_DEF_DENSITY,
                       fail_with(err, FL_EINVAL, "a body's mass must be finite and >= 0, and its "
                                 "centre of mass finite"));
    if (!def->is_static && !(def->density > 0.0 && isfinite(def->density)) && !(def->mass > 0.0))
        return fail_at(part, FL_BODY_DEF_DENSITY,
                       fail_with(err, FL_EINVAL, "a dynamic body needs a finite density > 0 "
                                 "(or a mass)"));
    if (!isfinite(def->friction) || !isfinite(def->restitution) || def->friction < 0.0 ||
        def->restitution < 0.0 || def->restitution > 1.0)
        return fail_at(part, FL_BODY_DEF_SURFACE,
                       fail_with(err, FL_EINVAL, "friction must be >= 0 and restitution within 0..1"));
    return FL_OK;
}

fl_vec2 fl_body_def_center(const fl_body_def *def)
{
    FL_ASSERT(def);
    if (def->has_center)
        return def->center;
    if (!def->points || def->point_count < 3)
        return fl_v2(0.0, 0.0);
    return fl_polygon_mass_props(def->points, def->point_count).centroid;
}

/* What a dynamic body weighs: its mass, its moment of inertia about its
 * centre of mass, and its density (the mean, when the mass is stated). */
typedef struct weight {
    double mass, inertia, density;
} weight;

static weight weight_of(const fl_body_def *def, const fl_mass_props *mp, fl_vec2 center)
{
    bool stated = def->mass > 0.0;
    double density = stated ? def->mass / mp->area : def->density;
    double mass = stated ? def->mass : def->density * mp->area;
    fl_vec2 d = fl_sub(center, mp->centroid);
    return (weight){mass, density * mp->inertia + mass * fl_dot(d, d), density};
}

/* Checks def, then gives its outline about the centre of mass in positive
 * winding (outline), its mass properties (*mp: the outline's area and
 * polar second moment about its centroid, and the centre of mass, as an
 * offset from def's origin, in place of the centroid) and its weight (*wt,
 * for a dynamic body): what body_create works out before allocating. */
static fl_status prepare_outline(const fl_body_def *def, fl_mass_props *mp, weight *wt,
                                 fl_vec2 *outline, fl_body_def_part *part, fl_error *err)
{
    fl_status st = check_def(def, part, err);
    if (st != FL_OK)
        return st;
    int n = def->point_count;
    *mp = fl_polygon_mass_props(def->points, n);
    fl_vec2 center = def->has_center ? def->center : mp->centroid;
    *wt = (weight){0.0, 0.0, def->density};
    if (!def->is_static)
        *wt = weight_of(def, mp, center);
    mp->centroid = center;
    copy_outline(outline, def->points, n, mp->centroid);
    /* Points apart only at the scale of rounding can meet once moved to the
     * centre of mass; an edge needs a length for its normal. */
    for (int i = 0; i < n; i++)
        if (outline[i].x == outline[(i + 1) % n].x && outline[i].y == outline[(i + 1) % n].y)
            return fail_at(part, FL_BODY_DEF_POINTS,
                           fail_with(err, FL_EINVAL, "outline points %d and %d are too close together",
                                   i, (i + 1) % n));
    if (!def->is_static) {
        double mass = wt->mass, inertia = wt->inertia;
        if (!(mass > 0.0 && isfinite(mass) && inertia > 0.0 && isfinite(inertia) &&
              isfinite(1.0 / mass) && isfinite(1.0 / inertia)))
            return fail_at(part, FL_BODY_DEF_POINTS,
                           fail_with(err, FL_EINVAL,
                                   "mass %g and moment of inertia %g must be finite and > 0", mass,
                                   inertia));
    }
    return FL_OK;
}

/* A hull of its own (hull[0..m), about the centre of mass, positive
 * winding; not the outline) must split into convex pieces, as the
 * buoyancy module keeps it, and hold at least the outline's area. `p` is
 * room to split it in. */
static fl_status check_hull(const fl_vec2 *hull, int m, const fl_vec2 *outline, int n, parts *p,
                            fl_body_def_part *part, fl_error *err)
{
    if (fl_polygon_same(hull, m, outline, n))
        return FL_OK;
    if (split_parts(hull, m, p, err) != FL_OK)
        return fail_at(part, FL_BODY_DEF_HULL, FL_EINVAL);
    double room = fabs(fl_polygon_signed_area(hull, m)) - fabs(fl_polygon_signed_area(outline, n));
    if (room < 0.0)
        return fail_at(part, FL_BODY_DEF_HULL,
                       fail_with(err, FL_EINVAL, "the hull's area is %g m^2 less than the "
                                 "outline's: it cannot be the outline of a hold", -room));
    return FL_OK;
}

fl_status body_create(fl_world *w, const fl_body_def *def, fl_body **out, fl_error *err)
{
    FL_ASSERT(w && def && out);
    /* Everything is worked out about the centre of mass before allocating. */
    fl_mass_props mp;
    weight wt;
    int n = def->point_count;
    fl_vec2 outline[FL_DECOMPOSE_MAX];
    parts split; /* 13 KiB of stack, once per body added */
    parts *p = &split;
    fl_status st = prepare_outline(def, &mp, &wt, outline, NULL, err);
    if (st != FL_OK)
        return st;
    st = split_parts(outline, n, p, err);
    if (st != FL_OK)
        return st;

    int hull_count = def->hull ? def->hull_count : 0;
    int part_verts = p->start[p->count];
    /* A convex outline is its own single part: its vertices are shared. */
    bool own_parts = !p->is_outline;
    /* The parts' bounds first, just after the body's fields (placing the
     * parts reads them with the vertices and normals), rounded up so the
     * points that follow stay aligned. */
    size_t starts = (sizeof(int) * (size_t)(p->count + 1) + sizeof(fl_vec2) - 1) /
                    sizeof(fl_vec2) * sizeof(fl_vec2);
    size_t size = sizeof(fl_body) + starts +
                  sizeof(fl_vec2) * (size_t)(n + hull_count + (own_parts ? 2 : 1) * part_verts);
    /* On the allocator's 16-byte boundary: a 64-byte one cost 63 bytes of
     * slack a body (about 6% of a box's memory in a step) and measured no
     * faster on the harbor benchmark. */
    void *block = fl_world_alloc(w, size + BODY_ALIGN - 1);
    if (!block)
        return fail_with(err, FL_ENOMEM, "out of memory adding a body");
    fl_body *b = (fl_body *)(((uintptr_t)block + BODY_ALIGN - 1) & ~(uintptr_t)(BODY_ALIGN - 1));
    memset(b, 0, sizeof *b);
    b->block = block;
    b->part_start = (int *)(b + 1);
    b->verts = (fl_vec2 *)((char *)(b + 1) + starts);
    b->vert_count = n;
    for (int i = 0; i < n; i++)
        b->verts[i] = outline[i];
    b->hull = b->verts + n;
    b->part_verts = own_parts ? b->hull + hull_count : b->verts;
    b->part_normals = b->hull + hull_count + (own_parts ? part_verts : 0);
    FL_ASSERT((uintptr_t)b % BODY_ALIGN == 0); /* its doubles and vectors stay aligned */
    set_parts(b, p);

    if (hull_count) {
        b->hull_count = hull_count;
        copy_outline(b->hull, def->hull, hull_count, mp.centroid);
        b->hull_area = fabs(fl_polygon_signed_area(b->hull, hull_count));
    } else {
        b->hull = b->verts;
        b->hull_count = n;
        b->hull_area = mp.area;
    }
    for (int i = 0; i < n; i++)
        b->radius = fmax(b->radius, fl_length(b->verts[i]));
    for (int i = 0; i < b->hull_count; i++)
        b->hull_radius = fmax(b->hull_radius, fl_length(b->hull[i]));
    fl_polygon_area_centroid(b->hull, b->hull_count, &b->hull_centroid);
    if (hull_count) {
        st = check_hull(b->hull, hull_count, b->verts, n, p, NULL, err);
        if (st != FL_OK) {
            fl_world_free(w, block);
            return st;
        }
    }

    b->index = -1;
    b->is_static = def->is_static;
    b->area = mp.area;
    b->density = wt.density;
    if (!def->is_static) {
        b->mass_stated = def->mass > 0.0;
        b->center_stated = def->has_center;
        b->mass = wt.mass;
        b->inv_mass = 1.0 / b->mass;
        b->inertia = wt.inertia;
        b->inv_inertia = 1.0 / b->inertia;
        /* prepare_outline refused the defs that make these 0 or infinite */
        FL_ASSERT(b->mass > 0.0 && b->inertia > 0.0 && isfinite(b->inv_mass) &&
                  isfinite(b->inv_inertia));
    }
    b->friction = def->friction;
    b->restitution = def->restitution;
    b->category = def->category;
    b->mask = def->mask;
    b->sensor = def->sensor;
    b->user = def->user;
    b->angle = def->angle;
    b->rot = fl_rot_from(def->angle);
    b->position = fl_add(def->origin, fl_rotate(b->rot, mp.centroid));
    /* Its velocity, def's, is its motion's (world.c). */
    b->half_kick = !def->is_static;
    *out = b;
    return FL_OK;
}

void body_destroy(fl_world *w, fl_body *b)
{
    FL_ASSERT(w && b && b->block);
    fl_world_free(w, b->carry);
    fl_world_free(w, b->block);
}

bool body_hull_is_outline(const fl_body *b)
{
    return b->hull == b->verts || fl_polygon_same(b->hull, b->hull_count, b->verts, b->vert_count);
}

static bool finite2(fl_vec2 v) { return isfinite(v.x) && isfinite(v.y); }

void body_apply_force(fl_body *b, fl_vec2 point, fl_vec2 force)
{
    b->force = fl_add(b->force, force);
    b->torque += fl_cross(fl_sub(point, b->position), force);
}

fl_status fl_body_apply_force(fl_body_id id, fl_vec2 point, fl_vec2 force)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!finite2(point) || !finite2(force))
        return FL_EINVAL;
    body_apply_force(b, point, force);
    return FL_OK;
}

fl_status fl_body_apply_impulse(fl_body_id id, fl_vec2 point, fl_vec2 impulse)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!finite2(point) || !finite2(impulse))
        return FL_EINVAL;
    if (!b->is_static) {
        fl_twist *t = body_twist(id.world, b);
        t->v = fl_add(t->v, fl_scale(impulse, b->inv_mass));
        t->w += fl_cross(fl_sub(point, b->position), impulse) * b->inv_inertia;
    }
    return FL_OK;
}

fl_status fl_body_apply_central_force(fl_body_id id, fl_vec2 force)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!finite2(force))
        return FL_EINVAL;
    b->force = fl_add(b->force, force);
    return FL_OK;
}

fl_status fl_body_apply_torque(fl_body_id id, double torque)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!isfinite(torque))
        return FL_EINVAL;
    b->torque += torque;
    return FL_OK;
}

fl_status fl_body_clear_forces(fl_body_id id)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    b->force = fl_v2(0.0, 0.0);
    b->torque = 0.0;
    if (b->damped)
        body_clear_damping(b);
    return FL_OK;
}

fl_status fl_body_set_transform(fl_body_id id, fl_vec2 position, double angle)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!finite2(position) || !isfinite(angle))
        return FL_EINVAL;
    b->position = position;
    b->angle = angle;
    b->rot = fl_rot_from(angle);
    return FL_OK;
}

fl_status fl_body_def_check(const fl_body_def *def, fl_body_def_part *part, fl_error *err)
{
    FL_ASSERT(def);
    fl_body_def_part spare;
    if (!part)
        part = &spare;
    *part = FL_BODY_DEF_OK;
    fl_mass_props mp;
    weight wt;
    fl_vec2 outline[FL_DECOMPOSE_MAX], hull[FL_DECOMPOSE_MAX];
    parts split; /* as body_create */
    fl_status st = prepare_outline(def, &mp, &wt, outline, part, err);
    if (st != FL_OK)
        return st;
    int n = def->point_count;
    if (split_parts(outline, n, &split, err) != FL_OK)
        return fail_at(part, FL_BODY_DEF_POINTS, FL_EINVAL);
    if (!def->hull)
        return FL_OK;
    int m = def->hull_count;
    copy_outline(hull, def->hull, m, mp.centroid);
    return check_hull(hull, m, outline, n, &split, part, err);
}
