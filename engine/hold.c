/* A hull's hold: the space of a body's hull that its outline does not
 * fill. This keeps what the hold is (its openings to the outside) and what
 * is in it (water, and the mass that water adds to the body); the buoyancy
 * module moves the water (buoyancy/flood.c). */
#include <math.h>
#include <string.h>
#include "flotsam/fl_hold.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_world.h"
#include "body_state.h"
#include "fail.h"

/* Room for `need` openings. */
static bool reserve_openings(fl_world *w, fl_hold *c, int need)
{
    fl_vec2 *grown = fl_world_grow(w, c->openings, &c->opening_capacity, need, 2 * sizeof *grown);
    if (!grown)
        return false;
    c->openings = grown;
    return true;
}

static bool add_opening(fl_world *w, fl_hold *c, fl_vec2 a, fl_vec2 z)
{
    if (!reserve_openings(w, c, c->opening_count + 1))
        return false;
    FL_ASSERT(c->opening_count < c->opening_capacity);
    c->openings[2 * c->opening_count] = a;
    c->openings[2 * c->opening_count + 1] = z;
    c->opening_count++;
    return true;
}

/* The parts of [0, 1] along the hull edge a -> z that no outline edge lies
 * on, added as openings. An outline edge lies on it when both its ends are
 * on the edge's line (to rounding, `tol`); the parameters it covers are
 * cut out of what is left. */
static bool open_uncovered(fl_world *w, const fl_body *b, fl_vec2 a, fl_vec2 z, double tol)
{
    fl_vec2 d = fl_sub(z, a);
    double len2 = fl_dot(d, d);
    if (!(len2 > 0.0))
        return true;
    double len = sqrt(len2);
    /* What is left, as up to MAX_GAPS intervals sorted along the edge. */
    enum { MAX_GAPS = 64 };
    double lo[MAX_GAPS], hi[MAX_GAPS];
    int gaps = 1;
    lo[0] = 0.0;
    hi[0] = 1.0;
    for (int i = 0; i < b->vert_count && gaps > 0; i++) {
        fl_vec2 p = b->verts[i], q = b->verts[(i + 1) % b->vert_count];
        if (fabs(fl_cross(d, fl_sub(p, a))) > tol * len || fabs(fl_cross(d, fl_sub(q, a))) > tol * len)
            continue;
        double s = fl_dot(fl_sub(p, a), d) / len2, e = fl_dot(fl_sub(q, a), d) / len2;
        if (s > e) {
            double t = s;
            s = e;
            e = t;
        }
        /* Cut [s, e] out of every gap. */
        int kept = 0;
        double nlo[MAX_GAPS], nhi[MAX_GAPS];
        for (int k = 0; k < gaps; k++) {
            if (e <= lo[k] || s >= hi[k]) {
                nlo[kept] = lo[k], nhi[kept++] = hi[k];
                continue;
            }
            if (s > lo[k] && kept < MAX_GAPS)
                nlo[kept] = lo[k], nhi[kept++] = s;
            if (e < hi[k] && kept < MAX_GAPS)
                nlo[kept] = e, nhi[kept++] = hi[k];
        }
        gaps = kept;
        memcpy(lo, nlo, sizeof lo[0] * (size_t)kept);
        memcpy(hi, nhi, sizeof hi[0] * (size_t)kept);
    }
    for (int k = 0; k < gaps; k++)
        if ((hi[k] - lo[k]) * len > tol &&
            !add_opening(w, b->hold, fl_add(a, fl_scale(d, lo[k])), fl_add(a, fl_scale(d, hi[k]))))
            return false;
    return true;
}

static fl_status hold_fail(fl_body_def_part *part, fl_body_def_part which, fl_status st)
{
    if (part)
        *part = which;
    return st;
}

fl_status hold_check_def(const fl_body_def *def, double room, fl_body_def_part *part,
                         fl_error *err)
{
    if (!isfinite(def->water) || !isfinite(def->water_density) || def->water < 0.0 ||
        def->water_density < 0.0 || (def->water > 0.0 && !(def->water_density > 0.0)))
        return hold_fail(part, FL_BODY_DEF_WATER,
                         fail_with(err, FL_EINVAL, "water in a hold needs an area >= 0 and a density > 0"));
    if (room < 0.0)
        return hold_fail(part, FL_BODY_DEF_HULL,
                         fail_with(err, FL_EINVAL, "the hull's area is %g m^2 less than the "
                                 "outline's: it cannot be the outline of a hold", -room));
    if (def->water > room)
        return hold_fail(part, FL_BODY_DEF_WATER,
                         fail_with(err, FL_EINVAL, "%g m^2 of water does not fit in the hold (%g m^2)",
                                 def->water, room));
    if (!def->openings)
        return FL_OK;
    if (def->opening_count < 0)
        return hold_fail(part, FL_BODY_DEF_OPENINGS,
                         fail_with(err, FL_EINVAL, "a negative number of openings"));
    for (int k = 0; k < def->opening_count; k++) {
        fl_vec2 a = def->openings[2 * k], z = def->openings[2 * k + 1];
        if (!isfinite(a.x) || !isfinite(a.y) || !isfinite(z.x) || !isfinite(z.y))
            return hold_fail(part, FL_BODY_DEF_OPENINGS,
                             fail_with(err, FL_EINVAL, "opening %d's ends must be finite", k));
        if (a.x == z.x && a.y == z.y)
            return hold_fail(part, FL_BODY_DEF_OPENINGS,
                             fail_with(err, FL_EINVAL, "opening %d's ends are the same point", k));
    }
    return FL_OK;
}

fl_status hold_make_openings(fl_world *w, fl_body *b, const fl_body_def *def, fl_vec2 centroid,
                             fl_error *err)
{
    fl_hold *c = b->hold;
    FL_ASSERT(w && c && def);
    c->openings = NULL;
    c->opening_count = c->opening_capacity = 0;
    c->water = c->water_density = c->carried_mass = c->carried_inertia = 0.0;
    fl_status st = hold_check_def(
        def, b->hull_area - fabs(fl_polygon_signed_area(b->verts, b->vert_count)), NULL, err);
    if (st != FL_OK)
        return st;
    if (def->water > 0.0) {
        c->water = def->water;
        c->water_density = def->water_density;
    }
    if (def->openings) {
        for (int k = 0; k < def->opening_count; k++)
            if (!add_opening(w, c, fl_sub(def->openings[2 * k], centroid),
                             fl_sub(def->openings[2 * k + 1], centroid)))
                return fail_with(err, FL_ENOMEM, "out of memory adding a body");
        return FL_OK;
    }
    double tol = 1e-9 * fmax(b->hull_radius, 1e-300);
    for (int i = 0; i < b->hull_count; i++)
        if (!open_uncovered(w, b, b->hull[i], b->hull[(i + 1) % b->hull_count], tol))
            return fail_with(err, FL_ENOMEM, "out of memory adding a body");
    return FL_OK;
}

void hold_carry(fl_body *b, double mass, double inertia)
{
    fl_hold *c = b->hold;
    /* water has no negative mass (NaN is let by: a pose that blew up, which
     * the step does not promise against, carries it here) */
    FL_ASSERT(c && !(mass < 0.0) && !(inertia < 0.0));
    if (b->is_static || (mass == c->carried_mass && inertia == c->carried_inertia))
        return;
    /* From the body's own, never by differences: a large load come and
     * gone must leave the body as it was. The water turns with the hull:
     * their angular momentum is kept as the moment of inertia changes. */
    double before = b->inertia;
    b->mass = c->own_mass + mass;
    b->inertia = c->own_inertia + inertia;
    b->spin *= before / b->inertia;
    b->inv_mass = 1.0 / b->mass;
    b->inv_inertia = 1.0 / b->inertia;
    c->carried_mass = mass;
    c->carried_inertia = inertia;
    FL_ASSERT(!(b->mass <= 0.0) && !(b->inertia <= 0.0));
}

bool hold_settle(fl_body *b, fl_vec2 g, fl_hold_water *out)
{
    fl_hold *c = b->hold;
    FL_ASSERT(c); /* only a body with a hold settles its water */
    double mass = 0.0, inertia = 0.0;
    bool wet = body_hold_water(b, g, out);
    if (wet) {
        c->water = out->area; /* never more than the hold's room */
        mass = c->water_density * out->area;
        inertia = mass * fl_dot(out->centroid, out->centroid);
    }
    hold_carry(b, mass, inertia);
    return wet;
}

bool fl_body_has_hold(fl_body_id id)
{
    const fl_body *b = body_get(id);
    return b && b->hold != NULL;
}

double fl_body_water(fl_body_id id, double *density)
{
    const fl_hold *c = NULL;
    const fl_body *b = body_get(id);
    if (b)
        c = b->hold;
    if (density)
        *density = c ? c->water_density : 0.0;
    return c ? c->water : 0.0;
}

const fl_vec2 *fl_body_openings(fl_body_id id, int *count)
{
    const fl_hold *c = NULL;
    const fl_body *b = body_get(id);
    if (b)
        c = b->hold;
    if (count)
        *count = c ? c->opening_count : 0;
    return c ? c->openings : NULL;
}

fl_status fl_body_set_water(fl_body_id id, double area, double density)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!b->hold || !isfinite(area) || area < 0.0 || !isfinite(density) ||
        (area > 0.0 && !(density > 0.0)))
        return FL_EINVAL;
    b->hold->water = area;
    b->hold->water_density = area > 0.0 ? density : 0.0;
    fl_hold_water in;
    hold_settle(b, fl_world_gravity(id.world), &in);
    return FL_OK;
}

fl_status fl_body_add_opening(fl_body_id id, fl_vec2 a, fl_vec2 z)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!b->hold || !isfinite(a.x) || !isfinite(a.y) || !isfinite(z.x) || !isfinite(z.y) ||
        (a.x == z.x && a.y == z.y))
        return FL_EINVAL;
    fl_vec2 la = fl_unrotate(b->rot, fl_sub(a, b->position));
    fl_vec2 lz = fl_unrotate(b->rot, fl_sub(z, b->position));
    return add_opening(id.world, b->hold, la, lz) ? FL_OK : FL_ENOMEM;
}
