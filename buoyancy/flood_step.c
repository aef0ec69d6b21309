/* A step of flooding at second order: the water as it stands weighs on
 * the hull through the step's kick; it moves on to the step's end by the
 * rates found half a step on (the midpoint rule); the hull carries the
 * mean of the two, the mass its velocity belongs to half a step on. */
#include <math.h>
#include "flotsam/fl_decompose.h"
#include "flood.h"

/* Each space's water and its density (the hold outside its compartments
 * first), kept while a step tries its midpoint. */
typedef struct held_water {
    double water[FL_HOLD_MAX_COMPARTMENTS + 1], density[FL_HOLD_MAX_COMPARTMENTS + 1];
} held_water;

static void keep_water(const fl_hold *c, held_water *k)
{
    k->water[0] = c->water;
    k->density[0] = c->water_density;
    for (int q = 0; q < c->compartment_count; q++) {
        k->water[q + 1] = c->compartments[q]->water;
        k->density[q + 1] = c->compartments[q]->water_density;
    }
}

static void put_water(fl_hold *c, const held_water *k)
{
    c->water = k->water[0];
    c->water_density = k->density[0];
    for (int q = 0; q < c->compartment_count; q++) {
        c->compartments[q]->water = k->water[q + 1];
        c->compartments[q]->water_density = k->density[q + 1];
    }
}

static bool same_water(const fl_hold *c, const held_water *k)
{
    held_water now;
    keep_water(c, &now);
    for (int q = 0; q <= c->compartment_count; q++)
        if (now.water[q] != k->water[q])
            return false;
    return true;
}

/* Moves the hold's water on by a step of dt, at second order (the
 * midpoint rule): the rates found half a step on, the water moved half a
 * step by the rates where it stands and the body carried half a step on
 * by its velocity and spin, move it the whole step. Caps are taken where
 * the water stands. A hold where nothing flows now is left as it is. The
 * momentum of what comes in from the sea is counted in *in_momentum, what
 * goes out to it in *out (kg). Whether the water moved. */
static bool advance(fl_buoyancy *b, fl_body *body, fl_hold *c, fl_vec2 down, double gl, double t,
                    double dt, fl_vec2 *in_momentum, double *out)
{
    fl_world *w = b->world;
    held_water start;
    keep_water(c, &start);
    double *rates = fl_world_grow(w, b->rates, &b->rate_capacity, c->opening_count,
                                  sizeof *rates);
    if (!rates) { /* out of memory: a step of the rates where it stands */
        flood_pass(b, body, c, down, gl, t, &(flow_pass){dt, NULL, NULL, in_momentum, out});
        return !same_water(c, &start);
    }
    b->rates = rates;
    flood_pass(b, body, c, down, gl, t, &(flow_pass){0.5 * dt, NULL, NULL, NULL, NULL});
    if (same_water(c, &start))
        return false;
    for (int o = 0; o < c->opening_count; o++)
        rates[o] = 0.0;
    fl_vec2 position = body->position;
    fl_rot rot = body->rot;
    fl_twist v = *body_twist(w, body);
    body->position = fl_add(position, fl_scale(v.v, 0.5 * dt));
    body->rot = fl_rot_from(body->angle + 0.5 * dt * v.w);
    flood_pass(b, body, c, down, gl, t + 0.5 * dt, &(flow_pass){0.0, NULL, rates, NULL, NULL});
    body->position = position;
    body->rot = rot;
    put_water(c, &start);
    flood_pass(b, body, c, down, gl, t, &(flow_pass){dt, rates, NULL, in_momentum, out});
    return !same_water(c, &start);
}

/* The water in a hold as it lies: the mass the body carries for it and
 * its moment of inertia about the centre of mass (as points), its first
 * moment of mass (world orientation), and the level of the water outside
 * the compartments, with whether there is any there and whether the
 * cargo in it is lifted. */
typedef struct weight {
    double mass, inertia;
    fl_vec2 moment;
    double level;
    bool lifts;
} weight;

static void weigh(fl_buoyancy *b, fl_body *body, fl_hold *c, fl_vec2 g, fl_vec2 down,
                  weight *out)
{
    fl_hold_water in;
    *out = (weight){0.0, 0.0, {0.0, 0.0}, INFINITY, false};
    bool wet = hold_weigh(c, body, g, &in, &out->moment, &out->mass, &out->inertia);
    if (!wet)
        return;
    double mass = c->water_density * c->water;
    fl_vec2 centroid = in.centroid;
    out->level = in.level;
    if (c->compartment_count == 0 && cargo_gather(b, body) == FL_OK && b->cargo_count > 0) {
        /* The cargo stands in the water's way: it lies higher. */
        fl_vec2 hull[FL_DECOMPOSE_MAX], solid[FL_DECOMPOSE_MAX];
        hold_turn(body, hull, solid);
        if (!cargo_level(b, body, hull, solid, down, c->water, &out->level, &centroid))
            return; /* no room: carried as it lay, and no weight here */
        out->inertia += mass * (fl_dot(centroid, centroid) - fl_dot(in.centroid, in.centroid));
        out->lifts = true;
    }
    out->moment = fl_add(out->moment, fl_scale(centroid, mass));
}

/* The body through the kick of this step, carrying water `now` at its
 * start and `next` at its end: it carries their mean (the mass the kick's
 * velocity belongs to, half a step on) and keeps its momentum as that mass
 * changes, less what went out to the sea with its velocity (`out` kg),
 * with what came in (`in_momentum`: the current's); its weight is `now`'s,
 * at the step's start, and so is the water's weight's moment. */
static void carry_through(fl_world *w, fl_body *body, const weight *now, const weight *next,
                          fl_vec2 in_momentum, double out, fl_vec2 g)
{
    double before = body->mass, mass = 0.5 * (now->mass + next->mass);
    fl_status st = body_carry(w, body, mass, 0.5 * (now->inertia + next->inertia));
    FL_ASSERT(st == FL_OK); /* its memory was taken with the hold */
    (void)st;
    if (body->is_static)
        return;
    fl_twist *vel = body_twist(w, body);
    if (before != body->mass && before - out > 0.0)
        vel->v = fl_scale(fl_add(fl_scale(vel->v, before - out), in_momentum), 1.0 / body->mass);
    body->force = fl_add(body->force, fl_scale(g, now->mass - mass));
    body->torque += fl_cross(now->moment, g);
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
        /* The water at the step's start weighs through the kick; it moves
         * on to the step's end; the body carries the mean. */
        weight now, next;
        weigh(b, body, c, g, down, &now);
        double out = 0.0;
        fl_vec2 in_momentum = {0.0, 0.0};
        if (dt > 0.0 && advance(b, body, c, down, gl, t, dt, &in_momentum, &out))
            weigh(b, body, c, g, down, &next);
        else
            next = now;
        carry_through(w, body, &now, &next, in_momentum, out, g);
        if (now.lifts)
            cargo_buoy(b, body, now.level, g, down);
    }
}
