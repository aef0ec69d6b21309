/* Flooding: water that comes into a hull's hold through its openings, and
 * the weight it lays on the hull.
 *
 * Each step, for every body with a hold:
 *   1. the water in it lies level (fl_buoyancy_hold_water); the body
 *      carries its mass (fl_body_carry: at its centroid, as a point) and its weight acts at its centroid, so gravity on the
 *      whole mass at the centre of mass is mended by the moment of the
 *      water's weight about it. As the hull heels the water runs to the
 *      low side: the free-surface effect comes out by itself;
 *   2. through each opening water flows at the speed of an orifice,
 *      sqrt(2 g head), times FL_DISCHARGE_COEFFICIENT, where the head is
 *      the difference of the pressure heads outside and in along the
 *      opening (each the depth under its own surface, 0 above it): in
 *      where the outside presses harder, out where the inside does. Both
 *      heads are linear along a straight opening between the points where
 *      a surface crosses it, so the flow is the integral of the square root
 *      of a linear function, piece by piece, in closed form. A step never
 *      carries the level inside past the level where that opening's flow
 *      stops (the surface outside, or the opening's lowest point when the
 *      water runs out into air). */
#include <math.h>
#include <stdlib.h>
#include "flotsam/fl_decompose.h"
#include "hold_overlap.h"
#include "module.h"

/* The integral over [0, 1] of sign(d) sqrt(|d|), d linear from d0 to d1
 * with no change of sign between. */
static double root_mean(double d0, double d1)
{
    double a = fabs(d0), b = fabs(d1);
    if (!(a + b > 0.0))
        return 0.0;
    /* (2/3) (b^1.5 - a^1.5) / (b - a), without the cancellation. */
    double ra = sqrt(a), rb = sqrt(b);
    double mean = (2.0 / 3.0) * (a + ra * rb + b) / (ra + rb);
    return d0 + d1 >= 0.0 ? mean : -mean;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The head difference, outside less inside, at parameter s along the
 * opening whose depths under the two surfaces run linearly from o0 to o1
 * and i0 to i1. */
static double head_at(double o0, double o1, double i0, double i1, double s)
{
    return fmax(0.0, o0 + (o1 - o0) * s) - fmax(0.0, i0 + (i1 - i0) * s);
}

/* Where the linear function v0 -> v1 crosses 0 within (0, 1), added to cuts. */
static void add_cut(double v0, double v1, double *cuts, int *n)
{
    if ((v0 < 0.0 && v1 > 0.0) || (v0 > 0.0 && v1 < 0.0))
        cuts[(*n)++] = v0 / (v0 - v1);
}

/* The integral along the opening (parameter 0..1) of
 * sign(head) sqrt(|head|) for the depths above: exact, piece by piece. */
static double root_head(double o0, double o1, double i0, double i1)
{
    double cuts[8] = {0.0, 1.0};
    int n = 2;
    add_cut(o0, o1, cuts, &n);
    add_cut(i0, i1, cuts, &n);
    qsort(cuts, (size_t)n, sizeof cuts[0], by_value);
    double sum = 0.0;
    for (int k = 0; k + 1 < n; k++) {
        double s0 = cuts[k], s1 = cuts[k + 1];
        if (!(s1 > s0))
            continue;
        double d0 = head_at(o0, o1, i0, i1, s0), d1 = head_at(o0, o1, i0, i1, s1);
        /* Within the piece the difference is linear: cut it where it
         * changes sign. */
        if ((d0 < 0.0 && d1 > 0.0) || (d0 > 0.0 && d1 < 0.0)) {
            double z = d0 / (d0 - d1);
            sum += (s1 - s0) * (z * root_mean(d0, 0.0) + (1.0 - z) * root_mean(0.0, d1));
        } else {
            sum += (s1 - s0) * root_mean(d0, d1);
        }
    }
    return sum;
}

/* The fluid an opening's middle is in (between its walls, above its
 * bottom), or NULL: air. */
static const fl_fluid_def *fluid_at(const fl_buoyancy *b, fl_vec2 p)
{
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        if (p.x >= fl->left && p.x <= fl->right && p.y <= fl->bottom)
            return fl;
    }
    return NULL;
}

/* Moves water through one opening (ends a, z about the centre of mass,
 * world orientation) for a step of dt, the surface inside at `level`
 * (along down, about the centre of mass; infinite when the hold is dry). */
static void flow(const fl_buoyancy *b, fl_body *body, fl_hold *c, const fl_vec2 *hull,
                 const fl_vec2 *solid, fl_vec2 a, fl_vec2 z, double level, fl_vec2 down, double gl,
                 double t, double dt)
{
    fl_vec2 wa = fl_add(body->position, a), wz = fl_add(body->position, z);
    const fl_fluid_def *fl = fluid_at(b, fl_lerp(wa, wz, 0.5));
    /* Depths under the surface outside (y down), and under the level inside. */
    double o0 = -1.0, o1 = -1.0, level_out = INFINITY;
    if (fl) {
        o0 = wa.y - fl_fluid_surface_at(fl, wa.x, t, NULL);
        o1 = wz.y - fl_fluid_surface_at(fl, wz.x, t, NULL);
        double mid = fl_fluid_surface_at(fl, 0.5 * (wa.x + wz.x), t, NULL);
        level_out = fl_dot(down, fl_sub(fl_v2(0.5 * (wa.x + wz.x), mid), body->position));
    }
    double i0 = -1.0, i1 = -1.0;
    if (isfinite(level)) {
        i0 = fl_dot(down, a) - level;
        i1 = fl_dot(down, z) - level;
    }
    if (o0 <= 0.0 && o1 <= 0.0 && i0 <= 0.0 && i1 <= 0.0)
        return; /* above both surfaces */
    double rate = FL_DISCHARGE_COEFFICIENT * sqrt(2.0 * gl) * fl_length(fl_sub(z, a)) *
                  root_head(o0, o1, i0, i1);
    if (rate == 0.0 || !isfinite(rate))
        return;
    /* The flow stops where the level inside meets the surface outside, or
     * falls to the opening's lowest point. */
    double stop = fmin(level_out, fmax(fl_dot(down, a), fl_dot(down, z)));
    double held = fl_hold_area_under(hull, body->hull_count, solid, body->vert_count, down, stop, NULL);
    double water = c->water + rate * dt;
    if (rate > 0.0) {
        water = fmin(water, fmax(c->water, held));
        if (c->water == 0.0)
            c->water_density = fl->density;
        /* Water comes in moving with the fluid: the hull and it share
         * their momentum (what leaves takes its own with it). */
        if (!body->is_static) {
            double in = c->water_density * (water - c->water);
            fl_twist *vel = body_twist(b->world, body);
            vel->v = fl_scale(fl_add(fl_scale(vel->v, body->mass), fl_scale(fl->current, in)),
                              1.0 / (body->mass + in));
        }
    } else {
        water = fmax(water, fmin(c->water, fmax(held, 0.0)));
    }
    c->water = water > 0.0 ? water : 0.0;
    if (c->water == 0.0)
        c->water_density = 0.0;
}

/* Whether the segment a-z may lie under some fluid's surface. */
static bool may_wet(const fl_buoyancy *b, fl_vec2 a, fl_vec2 z)
{
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        double low = fmax(a.y, z.y);
        if (low >= fl->surface - fabs(fl->wave_amplitude) && fmin(a.y, z.y) <= fl->bottom &&
            fmax(a.x, z.x) >= fl->left && fmin(a.x, z.x) <= fl->right)
            return true;
    }
    return false;
}


void buoyancy_flood(fl_buoyancy *b, double t, double dt)
{
    fl_world *w = b->world;
    FL_ASSERT(b->vessels_for == fl_world_revision(w));
    fl_vec2 g = fl_world_gravity(w);
    double gl = fl_length(g);
    if (!(gl > 0.0))
        return;
    fl_vec2 down = fl_scale(g, 1.0 / gl);
    for (int k = 0; k < b->vessel_count; k++) {
        fl_body *body = body_at(w, b->vessels[k]);
        fl_hold *c = hold_of(b, body);
        /* buoyancy_find_vessels listed them for this body list; a body
         * removed since has no row */
        FL_ASSERT(body && (c || body->removed));
        if (!c || body->hull_count > FL_DECOMPOSE_MAX || body->vert_count > FL_DECOMPOSE_MAX)
            continue;
        fl_vec2 hull[FL_DECOMPOSE_MAX], solid[FL_DECOMPOSE_MAX];
        /* Most holds are dry with every opening in the air: nothing flows.
         * The hull is turned, and what may lie in it gathered, once, when
         * first needed: nothing moves during this pass. */
        bool turned = false, wet = c->water > 0.0;
        int gathered = -1; /* -1: not yet; else whether the list is good */
        double level = INFINITY; /* the surface inside, as it stands at the step's start */
        for (int o = 0; o < c->opening_count; o++) {
            fl_vec2 a = fl_rotate(body->rot, c->openings[2 * o]);
            fl_vec2 z = fl_rotate(body->rot, c->openings[2 * o + 1]);
            if (!wet && !may_wet(b, fl_add(body->position, a), fl_add(body->position, z)))
                continue;
            if (!turned) {
                hold_turn(body, hull, solid);
                turned = true;
                fl_vec2 centroid;
                if (wet && (gathered = (cargo_gather(b, body) == FL_OK)))
                    cargo_level(b, body, hull, solid, down, c->water, &level, &centroid);
            }
            flow(b, body, c, hull, solid, a, z, level, down, gl, t, dt);
        }
        /* What is in the hold now: its weight at its centroid, its mass
         * carried; and what lies in it, lifted. */
        fl_hold_water in;
        if (!hold_settle(w, c, body, g, &in))
            continue;
        level = in.level;
        fl_vec2 centroid = in.centroid;
        if (gathered < 0)
            gathered = cargo_gather(b, body) == FL_OK;
        if (gathered && b->cargo_count > 0) {
            /* The cargo stands in the water's way: it lies higher. */
            if (!turned)
                hold_turn(body, hull, solid);
            if (!cargo_level(b, body, hull, solid, down, c->water, &level, &centroid))
                continue;
            double mass = c->water_density * c->water;
            /* its memory was taken with the hold */
            fl_status st = body_carry(w, body, mass, mass * fl_dot(centroid, centroid));
            FL_ASSERT(st == FL_OK);
            (void)st;
        }
        if (!body->is_static)
            body->torque += fl_cross(centroid, fl_scale(g, c->water_density * c->water));
        cargo_buoy(b, body, level, g, down);
    }
}
