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

static bool may_wet(const fl_buoyancy *b, fl_vec2 a, fl_vec2 z);

/* One space of a hold as a step finds it: its water and that water's
 * density, which space it is, and the hull and outline turned as the body
 * stands (for a hold without compartments, whose area is taken from them
 * as it always was) and gravity's direction in the body's frame. */
typedef struct space {
    double *water, *density;
    const fl_hold *c;
    int s;
    const fl_vec2 *hull, *solid;
    fl_vec2 down_b;
} space;

static space space_of(fl_hold *c, int s, const fl_vec2 *hull, const fl_vec2 *solid,
                      fl_vec2 down_b)
{
    if (s == HOLD_MAIN)
        return (space){&c->water, &c->water_density, c, s, hull, solid, down_b};
    hold_compartment *k = c->compartments[s];
    return (space){&k->water, &k->water_density, c, s, hull, solid, down_b};
}

/* The space's area under the level (along down, about the centre of mass). */
static double held_under(const space *sp, const fl_body *body, fl_vec2 down, double level)
{
    if (sp->s == HOLD_MAIN && sp->c->compartment_count == 0)
        return fl_hold_area_under(sp->hull, body->hull_count, sp->solid, body->vert_count, down,
                                  level, NULL);
    return hold_space_area_under(sp->c, sp->s, body, sp->down_b, level, NULL);
}

/* Moves water through one opening (ends a, z about the centre of mass,
 * world orientation) between a space and the sea for a step of dt at time
 * t, the surface inside at `level` (along down, about the centre of mass;
 * infinite when the space is dry). */
static void flow(const fl_buoyancy *b, fl_body *body, space *sp, fl_vec2 a, fl_vec2 z,
                 double level, fl_vec2 down, double gl, double t, double dt)
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
    double held = held_under(sp, body, down, stop);
    double had = *sp->water;
    double water = had + rate * dt;
    if (rate > 0.0) {
        water = fmin(water, fmax(had, held));
        if (had == 0.0)
            *sp->density = fl->density;
        /* Water comes in moving with the fluid: the hull and it share
         * their momentum (what leaves takes its own with it). */
        if (!body->is_static) {
            double in = *sp->density * (water - had);
            fl_twist *vel = body_twist(b->world, body);
            vel->v = fl_scale(fl_add(fl_scale(vel->v, body->mass), fl_scale(fl->current, in)),
                              1.0 / (body->mass + in));
        }
    } else {
        water = fmax(water, fmin(had, fmax(held, 0.0)));
    }
    *sp->water = water > 0.0 ? water : 0.0;
    if (*sp->water == 0.0)
        *sp->density = 0.0;
}

/* Moves water through an opening in a bulkhead (ends a, z about the
 * centre of mass, world orientation) from space p to space q or back, for
 * a step of dt, their levels at lp and lq (infinite when dry). The head is
 * the difference of the depths under the two levels, as at the hull's
 * side; a step moves no more than brings the two levels together (for
 * walls square to the level, exactly: the harmonic mean of what would
 * bring either one to the other's, each with the other held), nor a level
 * below the opening. */
static void flow_between(fl_body *body, space *p, space *q, fl_vec2 a, fl_vec2 z, double lp,
                         double lq, fl_vec2 down, double gl, double dt)
{
    double da = fl_dot(down, a), dz = fl_dot(down, z);
    double p0 = isfinite(lp) ? da - lp : -1.0, p1 = isfinite(lp) ? dz - lp : -1.0;
    double q0 = isfinite(lq) ? da - lq : -1.0, q1 = isfinite(lq) ? dz - lq : -1.0;
    if (p0 <= 0.0 && p1 <= 0.0 && q0 <= 0.0 && q1 <= 0.0)
        return;
    double rate = FL_DISCHARGE_COEFFICIENT * sqrt(2.0 * gl) * fl_length(fl_sub(z, a)) *
                  root_head(p0, p1, q0, q1);
    if (rate == 0.0 || !isfinite(rate))
        return;
    /* From the space that presses harder to the other. */
    space *from = rate > 0.0 ? p : q, *to = rate > 0.0 ? q : p;
    double lf = rate > 0.0 ? lp : lq, lt = rate > 0.0 ? lq : lp;
    double lowest = fmax(da, dz);
    double keep = held_under(from, body, down, fmin(lt, lowest));
    double may_leave = *from->water - keep;
    double may_take = held_under(to, body, down, lf) - *to->water;
    if (!(may_leave > 0.0) || !(may_take > 0.0))
        return;
    double moved = fmin(fabs(rate) * dt, may_leave * may_take / (may_leave + may_take));
    double mass = *to->density * *to->water + *from->density * moved;
    *to->water += moved;
    *to->density = mass / *to->water;
    *from->water -= moved;
    if (!(*from->water > 0.0)) {
        *from->water = 0.0;
        *from->density = 0.0;
    }
}

/* The level of space sp's water as the body stands (infinite when dry). */
static double level_of(const space *sp, const fl_body *body, fl_vec2 down)
{
    fl_hold_water in;
    return hold_space_water(sp->c, sp->s, body, down, *sp->water, &in) ? in.level : INFINITY;
}

/* Water through the openings that have a compartment on either side. */
static void flow_compartments(const fl_buoyancy *b, fl_body *body, fl_hold *c, fl_vec2 down,
                              double gl, double t, double dt)
{
    fl_vec2 down_b = fl_unrotate(body->rot, down);
    /* Each space's level as the pass first comes to it (the main space's
     * at [0]). */
    double levels[FL_HOLD_MAX_COMPARTMENTS + 1];
    bool found[FL_HOLD_MAX_COMPARTMENTS + 1] = {false};
    for (int o = 0; o < c->opening_count; o++) {
        int s = c->sides[2 * o], r = c->sides[2 * o + 1];
        if (s == r || (s == HOLD_MAIN && r == HOLD_SEA))
            continue; /* within one space; or the main space's, done */
        fl_vec2 a = fl_rotate(body->rot, c->openings[2 * o]);
        fl_vec2 z = fl_rotate(body->rot, c->openings[2 * o + 1]);
        space p = space_of(c, s, NULL, NULL, down_b);
        if (!found[s + 1]) {
            levels[s + 1] = level_of(&p, body, down);
            found[s + 1] = true;
        }
        if (r == HOLD_SEA) {
            if (*p.water > 0.0 || may_wet(b, fl_add(body->position, a), fl_add(body->position, z)))
                flow(b, body, &p, a, z, levels[s + 1], down, gl, t, dt);
            continue;
        }
        space q = space_of(c, r, NULL, NULL, down_b);
        if (!found[r + 1]) {
            levels[r + 1] = level_of(&q, body, down);
            found[r + 1] = true;
        }
        flow_between(body, &p, &q, a, z, levels[s + 1], levels[r + 1], down, gl, dt);
    }
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
         * first needed: nothing moves during this pass. A hold divided
         * into compartments lifts no cargo. */
        bool divided = c->compartment_count > 0;
        bool turned = false, wet = c->water > 0.0;
        int gathered = divided ? 0 : -1; /* -1: not yet; else whether the list is good */
        double level = INFINITY; /* the surface inside, as it stands at the step's start */
        fl_vec2 down_b = fl_unrotate(body->rot, down);
        for (int o = 0; o < c->opening_count; o++) {
            if (divided && (c->sides[2 * o] != HOLD_MAIN || c->sides[2 * o + 1] != HOLD_SEA))
                continue; /* a compartment's: flow_compartments */
            fl_vec2 a = fl_rotate(body->rot, c->openings[2 * o]);
            fl_vec2 z = fl_rotate(body->rot, c->openings[2 * o + 1]);
            if (!wet && !may_wet(b, fl_add(body->position, a), fl_add(body->position, z)))
                continue;
            if (!turned) {
                hold_turn(body, hull, solid);
                turned = true;
                fl_vec2 centroid;
                fl_hold_water in;
                if (wet && divided && hold_water(c, body, g, &in))
                    level = in.level;
                else if (wet && !divided && (gathered = (cargo_gather(b, body) == FL_OK)))
                    cargo_level(b, body, hull, solid, down, c->water, &level, &centroid);
            }
            space sp = space_of(c, HOLD_MAIN, hull, solid, down_b);
            flow(b, body, &sp, a, z, level, down, gl, t, dt);
        }
        if (divided)
            flow_compartments(b, body, c, down, gl, t, dt);
        /* What is in the hold now: its weight at its centroid, its mass
         * carried; and what lies in it, lifted. */
        fl_hold_water in;
        fl_vec2 moment;
        bool main_wet = hold_settle(w, c, body, g, &in, &moment);
        if (divided && !body->is_static)
            body->torque += fl_cross(moment, g);
        if (!main_wet)
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
        if (!divided)
        cargo_buoy(b, body, level, g, down);
    }
}
