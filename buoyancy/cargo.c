/* Cargo in a flooded hold: what lies in a hull's hold under the level of
 * the water in it displaces that water (the level stands higher for it)
 * and is lifted by it, and the hull takes that lift back: the water
 * presses on both. The level is found as a dry hold's is (fl_hold.h), by
 * bisection, with each cargo body's part in the hull under the level
 * taken out of the room the water has. */
#include <math.h>
#include "hold_overlap.h"
#include "module.h"

fl_status cargo_gather(fl_buoyancy *b, const fl_body *vessel)
{
    fl_world *w = b->world;
    FL_ASSERT(vessel && hold_of(b, vessel)); /* only a hold carries cargo */
    b->cargo_count = 0;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body *cargo = body_at(w, i);
        /* As for dry holds: only a larger hull holds a body. */
        if (cargo == vessel || !is_wet(cargo) || cargo->hull_area >= vessel->hull_area ||
            fl_length(fl_sub(vessel->position, cargo->position)) >=
                vessel->hull_radius + cargo->hull_radius)
            continue;
        fl_body **grown = fl_world_grow(w, b->cargo, &b->cargo_capacity, b->cargo_count + 1,
                                        sizeof *grown);
        if (!grown)
            return FL_ENOMEM;
        b->cargo = grown;
        b->cargo[b->cargo_count++] = cargo;
    }
    return FL_OK;
}

/* The part of cargo's fluid outline in the vessel's hull under the level
 * (about the vessel's centre of mass, along down); its first moment about
 * the vessel's centre of mass in *moment. */
static double part_under(fl_buoyancy *b, const fl_body *vessel, const fl_body *cargo, double level,
                         fl_vec2 down, fl_vec2 *moment)
{
    *moment = fl_v2(0.0, 0.0);
    if (2 * cargo->hull_count > b->hold_room)
        return 0.0;
    fl_vec2 *turned = b->hold_buf, *cut = b->hold_buf + 2 * b->hold_room;
    for (int k = 0; k < cargo->hull_count; k++)
        turned[k] = fl_rotate(cargo->rot, cargo->hull[k]);
    fl_vec2 apart = fl_sub(cargo->position, vessel->position);
    fl_halfplane under = {down, level - fl_dot(down, apart)};
    int n = fl_clip_halfplane(turned, cargo->hull_count, under, cut);
    if (n < 3)
        return 0.0;
    fl_vec2 m;
    double area = hold_overlap(hold_of(b, vessel), vessel, cargo, cut, n, b->hold_buf,
                               b->hold_room, &m);
    if (!(area > 0.0))
        return 0.0;
    *moment = fl_add(m, fl_scale(apart, area));
    return area;
}

/* The water's room under the level: the hold's, less the cargo's; and its
 * first moment. */
static double room_under(fl_buoyancy *b, const fl_body *vessel, const fl_vec2 *hull,
                         const fl_vec2 *solid, fl_vec2 down, double level, fl_vec2 *moment)
{
    double room = fl_hold_area_under(hull, vessel->hull_count, solid, vessel->vert_count, down,
                                     level, moment);
    for (int k = 0; k < b->cargo_count; k++) {
        fl_vec2 m;
        room -= part_under(b, vessel, b->cargo[k], level, down, &m);
        *moment = fl_sub(*moment, m);
    }
    return room;
}

typedef struct cargo_hold {
    fl_buoyancy *b;
    const fl_body *vessel;
    const fl_vec2 *hull, *solid;
    fl_vec2 down;
} cargo_hold;

static double cargo_room_under(void *ctx, double level)
{
    const cargo_hold *h = ctx;
    fl_vec2 moment;
    return room_under(h->b, h->vessel, h->hull, h->solid, h->down, level, &moment);
}

bool cargo_level(fl_buoyancy *b, const fl_body *vessel, const fl_vec2 *hull, const fl_vec2 *solid,
                 fl_vec2 down, double water, double *level, fl_vec2 *centroid)
{
    double top = INFINITY, bottom = -INFINITY;
    for (int i = 0; i < vessel->hull_count; i++) {
        top = fmin(top, fl_dot(down, hull[i]));
        bottom = fmax(bottom, fl_dot(down, hull[i]));
    }
    fl_vec2 moment;
    double room = room_under(b, vessel, hull, solid, down, top, &moment), full = room;
    if (!(room > 0.0) || !(water > 0.0))
        return false;
    double at = top;
    if (water < room) {
        cargo_hold h = {b, vessel, hull, solid, down};
        at = hold_level_for(cargo_room_under, &h, top, bottom, water);
        room = room_under(b, vessel, hull, solid, down, at, &moment);
        if (!(room > 0.0))
            return false;
    }
    /* As fl_hold_water_in: a level that does not hold the water gives it
     * no place. */
    fl_vec2 c = fl_scale(moment, 1.0 / room);
    if (!(fabs(room - fmin(water, full)) <= 1e-6 * full) || !(fl_length(c) <= vessel->hull_radius))
        return false;
    *level = at;
    *centroid = c;
    return true;
}

void cargo_buoy(fl_buoyancy *b, fl_body *vessel, double level, fl_vec2 g, fl_vec2 down)
{
    const fl_hold *c = hold_of(b, vessel);
    FL_ASSERT(c);
    double drag = b->fluid_count > 0 ? b->fluids[0].linear_drag : 0.0;
    double turn_drag = b->fluid_count > 0 ? b->fluids[0].angular_drag : 0.0;
    for (int k = 0; k < b->cargo_count; k++) {
        fl_body *cargo = b->cargo[k];
        fl_vec2 moment;
        double area = part_under(b, vessel, cargo, level, down, &moment);
        if (!(area > 0.0))
            continue;
        fl_vec2 at = fl_add(vessel->position, fl_scale(moment, 1.0 / area));
        fl_vec2 lift = fl_scale(g, -c->water_density * area);
        body_apply_force(cargo, at, lift);
        if (!vessel->is_static)
            body_apply_force(vessel, at, fl_neg(lift));
        /* Its motion through the water, which moves with the hull, is
         * damped as the first fluid's drags would damp it. */
        double rate = drag * c->water_density * area * cargo->inv_mass;
        body_add_damping(b->world, cargo, rate, body_point_velocity(b->world, vessel, cargo->position),
                            turn_drag * area / cargo->hull_area);
    }
}
