/* What a program asks of a hull's hold and tells it (fl_hold.h): the
 * checks of a hold's def, its openings and water set and read, and the
 * water laid level and carried by the body. */
#include <math.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_world.h"
#include "fail.h"
#include "module.h"

static fl_status refuse(fl_hold_def_part *part, fl_hold_def_part which, fl_status st)
{
    if (part)
        *part = which;
    return st;
}

/* What fl_hold_def_check refuses in a def for a hold of `room` m^2
 * (negative: no hold). */
static fl_status check_hold(const fl_hold_def *def, double room, fl_hold_def_part *part,
                            fl_error *err)
{
    if (part)
        *part = FL_HOLD_DEF_OK;
    if (room < 0.0 && !def->openings && def->water == 0.0)
        return FL_OK; /* no hold, and nothing for one */
    if (room < 0.0)
        return refuse(part, def->openings ? FL_HOLD_DEF_OPENINGS : FL_HOLD_DEF_WATER,
                      fail_with(err, FL_EINVAL, "only a body with a hull of its own has a hold "
                                                "(openings, water)"));
    if (!isfinite(def->water) || !isfinite(def->water_density) || def->water < 0.0 ||
        def->water_density < 0.0 || (def->water > 0.0 && !(def->water_density > 0.0)))
        return refuse(part, FL_HOLD_DEF_WATER,
                      fail_with(err, FL_EINVAL, "water in a hold needs an area >= 0 and a density > 0"));
    if (def->water > room)
        return refuse(part, FL_HOLD_DEF_WATER,
                      fail_with(err, FL_EINVAL, "%g m^2 of water does not fit in the hold (%g m^2)",
                                def->water, room));
    if (!def->openings)
        return FL_OK;
    if (def->opening_count < 0)
        return refuse(part, FL_HOLD_DEF_OPENINGS,
                      fail_with(err, FL_EINVAL, "a negative number of openings"));
    for (int k = 0; k < def->opening_count; k++) {
        fl_vec2 a = def->openings[2 * k], z = def->openings[2 * k + 1];
        if (!isfinite(a.x) || !isfinite(a.y) || !isfinite(z.x) || !isfinite(z.y))
            return refuse(part, FL_HOLD_DEF_OPENINGS,
                          fail_with(err, FL_EINVAL, "opening %d's ends must be finite", k));
        if (a.x == z.x && a.y == z.y)
            return refuse(part, FL_HOLD_DEF_OPENINGS,
                          fail_with(err, FL_EINVAL, "opening %d's ends are the same point", k));
    }
    return FL_OK;
}

/* src[0..n) less shift, in positive winding: a def's polygon as a body
 * keeps it. */
static void centre(fl_vec2 *dst, const fl_vec2 *src, int n, fl_vec2 shift)
{
    bool reverse = fl_polygon_signed_area(src, n) < 0.0;
    for (int i = 0; i < n; i++)
        dst[i] = fl_sub(src[reverse ? n - 1 - i : i], shift);
}

double fl_hold_def_room(const fl_body_def *body)
{
    FL_ASSERT(body);
    double room = -1.0;
    int n = body->point_count, m = body->hull_count;
    if (body->hull && n >= 3 && m >= 3 && n <= FL_DECOMPOSE_MAX && m <= FL_DECOMPOSE_MAX) {
        /* As the body keeps them: about the centre of mass, positive winding. */
        fl_vec2 outline[FL_DECOMPOSE_MAX], hull[FL_DECOMPOSE_MAX];
        fl_vec2 c = fl_polygon_mass_props(body->points, n).centroid;
        centre(outline, body->points, n, c);
        centre(hull, body->hull, m, c);
        if (!fl_polygon_same(hull, m, outline, n))
            room = fabs(fl_polygon_signed_area(hull, m)) - fabs(fl_polygon_signed_area(outline, n));
    }
    return room;
}

fl_status fl_hold_def_check(const fl_body_def *body, const fl_hold_def *hold,
                            fl_hold_def_part *part, fl_error *err)
{
    FL_ASSERT(body && hold);
    return check_hold(hold, fl_hold_def_room(body), part, err);
}

/* The room of the body's hold, m^2. */static double room_of(const fl_body *body)
{
    return body->hull_area - fabs(fl_polygon_signed_area(body->verts, body->vert_count));
}
bool hold_weigh(fl_hold *c, const fl_body *body, fl_vec2 g, fl_hold_water *out, fl_vec2 *moment,
                double *mass, double *inertia)
{
    FL_ASSERT(c); /* only a body with a hold weighs its water */
    *mass = 0.0;
    *inertia = 0.0;
    bool wet = hold_water(c, body, g, out);
    if (wet) {
        c->water = out->area; /* never more than the hold's room */
        *mass = c->water_density * out->area;
        *inertia = *mass * fl_dot(out->centroid, out->centroid);
    }
    fl_vec2 m = {0.0, 0.0};
    double gl = fl_length(g);
    if (c->compartment_count > 0 && gl > 0.0)
        compartments_weigh(c, body, fl_scale(g, 1.0 / gl), mass, inertia, &m);
    if (moment)
        *moment = m;
    return wet;
}

bool hold_settle(fl_world *w, fl_hold *c, fl_body *body, fl_vec2 g, fl_hold_water *out,
                 fl_vec2 *moment)
{
    double mass, inertia;
    bool wet = hold_weigh(c, body, g, out, moment, &mass, &inertia);
    /* body_carry's memory was taken with the hold */
    fl_status st = body_carry(w, body, mass, inertia);
    FL_ASSERT(st == FL_OK);
    (void)st;
    return wet;
}

/* The body id names and its hold, or NULL (FL_ESTALE or FL_EINVAL in *st). */static fl_hold *hold_at(const fl_buoyancy *b, fl_body_id id, fl_body **body, fl_status *st)
{
    FL_ASSERT(b != NULL);
    *body = body_get(id);
    if (!*body || id.world != b->world) {
        FL_ASSERT(!*body); /* a body of another world */
        *st = FL_ESTALE;
        return NULL;
    }
    fl_hold *c = hold_of(b, *body);
    *st = c ? FL_OK : FL_EINVAL;
    return c;
}

/* ... saying why not in err. */
static fl_hold *hold_to_change(const fl_buoyancy *b, fl_body_id id, fl_body **body, fl_status *st,
                               fl_error *err)
{
    fl_hold *c = hold_at(b, id, body, st);
    if (!c)
        fail_with(err, *st, *st == FL_ESTALE ? "no such body" : "the body has no hold");
    return c;
}

/* Lays the water again after a change, keeping the body's spin. */
static void settle_keeping_spin(fl_buoyancy *b, fl_hold *c, fl_body *body)
{
    double spin = body_spin(b->world, body);
    fl_hold_water in;
    hold_settle(b->world, c, body, fl_world_gravity(b->world), &in, NULL);
    body_twist(b->world, body)->w = spin;
}

fl_status fl_buoyancy_set_hold(fl_buoyancy *b, fl_body_id id, const fl_hold_def *def,
                               fl_error *err)
{
    FL_ASSERT(def != NULL);
    fl_body *body;
    fl_status st;
    fl_hold *c = hold_to_change(b, id, &body, &st, err);
    if (!c)
        return st;
    st = check_hold(def, room_of(body), NULL, err);
    if (st != FL_OK)
        return st;
    if (def->openings) {
        c->opening_count = 0;
        for (int k = 0; k < def->opening_count; k++)
            if (!hold_add_opening(b->world, c, def->openings[2 * k], def->openings[2 * k + 1]))
                return fail_with(err, FL_ENOMEM, "out of memory giving a hold its openings");
        if (!hold_sort_openings(b->world, c, body))
            return fail_with(err, FL_ENOMEM, "out of memory giving a hold its openings");
    }
    c->water = def->water;
    c->water_density = def->water > 0.0 ? def->water_density : 0.0;
    /* The velocity and spin were given with the water aboard. */
    settle_keeping_spin(b, c, body);
    return FL_OK;
}

bool fl_buoyancy_has_hold(const fl_buoyancy *b, fl_body_id id)
{
    fl_body *body;
    fl_status st;
    return hold_at(b, id, &body, &st) != NULL;
}

double fl_buoyancy_water(const fl_buoyancy *b, fl_body_id id, double *density)
{
    fl_body *body;
    fl_status st;
    const fl_hold *c = hold_at(b, id, &body, &st);
    if (density)
        *density = c ? c->water_density : 0.0;
    return c ? c->water : 0.0;
}

const fl_vec2 *fl_buoyancy_openings(const fl_buoyancy *b, fl_body_id id, int *count)
{
    fl_body *body;
    fl_status st;
    const fl_hold *c = hold_at(b, id, &body, &st);
    if (count)
        *count = c ? c->opening_count : 0;
    return c ? c->openings : NULL;
}

fl_status fl_buoyancy_set_water(fl_buoyancy *b, fl_body_id id, double area, double density)
{
    fl_body *body;
    fl_status st;
    fl_hold *c = hold_at(b, id, &body, &st);
    if (!c)
        return st;
    if (!isfinite(area) || area < 0.0 || !isfinite(density) || (area > 0.0 && !(density > 0.0)))
        return FL_EINVAL;
    c->water = area;
    c->water_density = area > 0.0 ? density : 0.0;
    fl_hold_water in;
    hold_settle(b->world, c, body, fl_world_gravity(b->world), &in, NULL);
    return FL_OK;
}

fl_status fl_buoyancy_add_opening(fl_buoyancy *b, fl_body_id id, fl_vec2 a, fl_vec2 z)
{
    fl_body *body;
    fl_status st;
    fl_hold *c = hold_at(b, id, &body, &st);
    if (!c)
        return st;
    if (!isfinite(a.x) || !isfinite(a.y) || !isfinite(z.x) || !isfinite(z.y) ||
        (a.x == z.x && a.y == z.y))
        return FL_EINVAL;
    fl_vec2 la = fl_unrotate(body->rot, fl_sub(a, body->position));
    fl_vec2 lz = fl_unrotate(body->rot, fl_sub(z, body->position));
    return hold_add_opening(b->world, c, la, lz) && hold_sort_openings(b->world, c, body)
               ? FL_OK
               : FL_ENOMEM;
}

bool fl_buoyancy_hold_water(const fl_buoyancy *b, fl_body_id id, fl_vec2 g, fl_hold_water *out)
{
    fl_body *body;
    fl_status st;
    const fl_hold *c = hold_at(b, id, &body, &st);
    return c && hold_water(c, body, g, out);
}

fl_status fl_buoyancy_add_compartment(fl_buoyancy *b, fl_body_id id, const fl_compartment_def *def,
                                      fl_error *err)
{
    FL_ASSERT(def != NULL);
    fl_body *body;
    fl_status st;
    fl_hold *c = hold_to_change(b, id, &body, &st, err);
    if (!c)
        return st;
    st = hold_add_compartment(b->world, c, body, def, err);
    if (st == FL_OK)
        settle_keeping_spin(b, c, body);
    return st;
}

/* The body's hold's k-th compartment, or NULL. */
static const hold_compartment *compartment_at(const fl_buoyancy *b, fl_body_id id, int k,
                                              const fl_body **out, const fl_hold **hold)
{
    fl_body *body;
    fl_status st;
    const fl_hold *c = hold_at(b, id, &body, &st);
    *out = body;
    *hold = c;
    return c && k >= 0 && k < c->compartment_count ? c->compartments[k] : NULL;
}

int fl_buoyancy_compartment_count(const fl_buoyancy *b, fl_body_id id)
{
    fl_body *body;
    fl_status st;
    const fl_hold *c = hold_at(b, id, &body, &st);
    return c ? c->compartment_count : 0;
}

const fl_vec2 *fl_buoyancy_compartment_region(const fl_buoyancy *b, fl_body_id id, int k,
                                              int *count)
{
    const fl_body *body;
    const fl_hold *c;
    const hold_compartment *q = compartment_at(b, id, k, &body, &c);
    if (count)
        *count = q ? q->point_count : 0;
    return q ? q->points : NULL;
}

double fl_buoyancy_compartment_water(const fl_buoyancy *b, fl_body_id id, int k, double *density)
{
    const fl_body *body;
    const fl_hold *c;
    const hold_compartment *q = compartment_at(b, id, k, &body, &c);
    if (density)
        *density = q ? q->water_density : 0.0;
    return q ? q->water : 0.0;
}

bool fl_buoyancy_compartment_hold_water(const fl_buoyancy *b, fl_body_id id, int k, fl_vec2 g,
                                        fl_hold_water *out)
{
    const fl_body *body;
    const fl_hold *c;
    double gl = fl_length(g);
    return compartment_at(b, id, k, &body, &c) && gl > 0.0 &&
           compartment_water(c, k, body, fl_scale(g, 1.0 / gl), out);
}
