/* Flooding: water that comes into a hull's hold through its openings, and
 * runs between its compartments.
 *
 * Through each opening water flows at the speed of an orifice,
 * sqrt(2 g head), times FL_DISCHARGE_COEFFICIENT, where the head is the
 * difference of the pressure heads either side along the opening (each
 * the depth under its own surface, 0 above it): in where the outside
 * presses harder, out where the inside does; through a bulkhead, from the
 * higher level to the lower. The integral along the opening is
 * orifice.c's. A pass never carries a level past where that opening's
 * flow stops (the surface outside, the level on the other side, or the
 * opening's lowest point when the water runs out into air). flood_step.c
 * makes the passes a step, and lays the water's weight on the hull. */
#include <math.h>
#include <stdlib.h>
#include "flotsam/fl_decompose.h"
#include "flood.h"
#include "hold_overlap.h"

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


/* Opening o's rate in this pass, `rate` being what the levels give. */
static double pass_rate(const flow_pass *ps, int o, double rate)
{
    /* The rate half a step on, unless the water would have come to rest
     * (or turned) by then: a step that reaches where the flow stops takes
     * the rate where it stands, and its cap stops it there. */
    if (ps->given && ps->given[o] * rate > 0.0)
        rate = ps->given[o];
    if (ps->found)
        ps->found[o] = rate;
    return ps->h > 0.0 && isfinite(rate) ? rate : 0.0;
}

/* The space's area under the level (along down, about the centre of mass). */
static double held_under(const space *sp, const fl_body *body, fl_vec2 down, double level)
{
    if (sp->s == HOLD_MAIN && sp->c->compartment_count == 0)
        return fl_hold_area_under(sp->hull, body->hull_count, sp->solid, body->vert_count, down,
                                  level, NULL);
    return hold_space_area_under(sp->c, sp->s, body, sp->down_b, level, NULL);
}

/* Moves water through opening o (ends a, z about the centre of mass,
 * world orientation) between a space and the sea for the pass at time t,
 * the surface inside at `level` (along down, about the centre of mass;
 * infinite when the space is dry). */
static void flow(const fl_buoyancy *b, fl_body *body, space *sp, int o, fl_vec2 a, fl_vec2 z,
                 double level, fl_vec2 down, double gl, double t, const flow_pass *ps)
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
    double rate = 0.0; /* nothing above both surfaces */
    if (o0 > 0.0 || o1 > 0.0 || i0 > 0.0 || i1 > 0.0)
        rate = FL_DISCHARGE_COEFFICIENT * sqrt(2.0 * gl) * fl_length(fl_sub(z, a)) *
               orifice_root_head(o0, o1, i0, i1);
    rate = pass_rate(ps, o, rate);
    if (rate == 0.0 || (rate > 0.0 && !fl))
        return;
    double dt = ps->h;
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
        /* Water comes in moving with the fluid: the hull and it will
         * share their momentum (what leaves takes its own with it). */
        if (ps->in_momentum)
            *ps->in_momentum = fl_add(*ps->in_momentum,
                                      fl_scale(fl->current, *sp->density * (water - had)));
    } else {
        water = fmax(water, fmin(had, fmax(held, 0.0)));
        if (ps->out)
            *ps->out += *sp->density * (had - fmax(water, 0.0));
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
static void flow_between(fl_body *body, space *p, space *q, int o, fl_vec2 a, fl_vec2 z,
                         double lp, double lq, fl_vec2 down, double gl, const flow_pass *ps)
{
    double da = fl_dot(down, a), dz = fl_dot(down, z);
    double p0 = isfinite(lp) ? da - lp : -1.0, p1 = isfinite(lp) ? dz - lp : -1.0;
    double q0 = isfinite(lq) ? da - lq : -1.0, q1 = isfinite(lq) ? dz - lq : -1.0;
    double rate = 0.0;
    if (p0 > 0.0 || p1 > 0.0 || q0 > 0.0 || q1 > 0.0)
        rate = FL_DISCHARGE_COEFFICIENT * sqrt(2.0 * gl) * fl_length(fl_sub(z, a)) *
               orifice_root_head(p0, p1, q0, q1);
    rate = pass_rate(ps, o, rate);
    if (rate == 0.0)
        return;
    double dt = ps->h;
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
                              double gl, double t, const flow_pass *ps)
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
                flow(b, body, &p, o, a, z, levels[s + 1], down, gl, t, ps);
            continue;
        }
        space q = space_of(c, r, NULL, NULL, down_b);
        if (!found[r + 1]) {
            levels[r + 1] = level_of(&q, body, down);
            found[r + 1] = true;
        }
        flow_between(body, &p, &q, o, a, z, levels[s + 1], levels[r + 1], down, gl, ps);
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


/* One pass over the hold's openings at the body's pose as it stands (ps
 * says what the pass does): the hold outside its compartments to the sea,
 * then the compartments'. A hold divided into compartments lifts no
 * cargo. */
void flood_pass(fl_buoyancy *b, fl_body *body, fl_hold *c, fl_vec2 down, double gl,
                          double t, const flow_pass *ps)
{
    fl_vec2 hull[FL_DECOMPOSE_MAX], solid[FL_DECOMPOSE_MAX];
    /* Most holds are dry with every opening in the air: nothing flows.
     * The hull is turned, and the level found, once, when first needed. */
    bool divided = c->compartment_count > 0;
    bool turned = false, wet = c->water > 0.0;
    double level = INFINITY; /* the surface inside, as it stands */
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
            if (wet && divided && hold_water(c, body, fl_scale(down, gl), &in))
                level = in.level;
            else if (wet && !divided && cargo_gather(b, body) == FL_OK)
                cargo_level(b, body, hull, solid, down, c->water, &level, &centroid);
        }
        space sp = space_of(c, HOLD_MAIN, hull, solid, down_b);
        flow(b, body, &sp, o, a, z, level, down, gl, t, ps);
    }
    if (divided)
        flow_compartments(b, body, c, down, gl, t, ps);
}

