/* Where the water in a hold lies: the seed's clip and shoelace applied to
 * the inside of a hull (fl_hold.h). The area under a level grows
 * monotonically as the level rises, so a bisection finds the level that
 * holds a given area, as fl_righting_arm finds a waterline. */
#include <math.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_hold.h"
#include "flotsam/fl_polygon.h"
#include "hold.h"

#define BISECTIONS 200

double fl_hold_area_under(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                          fl_vec2 down, double level, fl_vec2 *moment)
{
    fl_halfplane under = {down, level};
    fl_vec2 ch = {0.0, 0.0}, cs = {0.0, 0.0};
    double ah = fl_clip_halfplane_area(hull, nh, under, &ch);
    double as = fl_clip_halfplane_area(solid, ns, under, &cs);
    if (!(ah > 0.0))
        ah = 0.0;
    if (!(as > 0.0))
        as = 0.0;
    /* Areas and first moments subtract exactly. */
    if (moment)
        *moment = fl_sub(fl_scale(ch, ah), fl_scale(cs, as));
    return ah - as;
}

double hold_level_for(double (*area)(void *ctx, double level), void *ctx, double top,
                      double bottom, double target)
{
    /* lo holds too much, hi too little. */
    double lo = top, hi = bottom;
    for (int k = 0; k < BISECTIONS; k++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if (area(ctx, mid) > target)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

typedef struct hold_shape {
    const fl_vec2 *hull, *solid;
    int nh, ns;
    fl_vec2 down;
} hold_shape;

static double shape_area_under(void *ctx, double level)
{
    const hold_shape *h = ctx;
    return fl_hold_area_under(h->hull, h->nh, h->solid, h->ns, h->down, level, NULL);
}

bool fl_hold_water_in(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns, fl_vec2 down,
                      double water, fl_hold_water *out)
{
    if (nh < 3 || (ns != 0 && ns < 3) || ns < 0 || nh > FL_DECOMPOSE_MAX || ns > FL_DECOMPOSE_MAX ||
        !(water > 0.0))
        return false;
    double top = INFINITY, bottom = -INFINITY;
    for (int i = 0; i < nh; i++) {
        double d = fl_dot(down, hull[i]);
        top = fmin(top, d);
        bottom = fmax(bottom, d);
    }
    fl_vec2 moment;
    double room = fl_hold_area_under(hull, nh, solid, ns, down, top, &moment);
    if (!(room > 0.0) || !isfinite(top) || !isfinite(bottom))
        return false;
    double level = top, held = room;
    if (water < room) {
        hold_shape h = {hull, solid, nh, ns, down};
        level = hold_level_for(shape_area_under, &h, top, bottom, water);
        held = fl_hold_area_under(hull, nh, solid, ns, down, level, &moment);
    }
    /* An outline that reaches out of its hull is taken off the hold where
     * it is not in it too, so that the room under a level can shrink as
     * the level rises and what the bisection finds need not hold the
     * water: then the water has no place (and no weight here). */
    if (!(held > 1e-9 * room) || !(fabs(held - fmin(water, room)) <= 1e-6 * room))
        return false;
    /* ... nor where it cannot be: outside the hull. */
    double reach = 0.0;
    for (int i = 0; i < nh; i++)
        reach = fmax(reach, fl_length(hull[i]));
    fl_vec2 centroid = fl_scale(moment, 1.0 / held);
    if (!(fl_length(centroid) <= reach))
        return false;
    /* The level holds what was asked, to rounding: that is the area. */
    *out = (fl_hold_water){fmin(water, room), centroid, level, room};
    return true;
}

void hold_turn(const fl_body *b, fl_vec2 *hull, fl_vec2 *solid)
{
    for (int i = 0; i < b->hull_count; i++)
        hull[i] = fl_rotate(b->rot, b->hull[i]);
    for (int i = 0; i < b->vert_count; i++)
        solid[i] = fl_rotate(b->rot, b->verts[i]);
}


bool hold_water(const fl_hold *c, const fl_body *b, fl_vec2 g, fl_hold_water *out)
{
    double gl = fl_length(g);
    if (!c || !(c->water > 0.0) || !(gl > 0.0) || b->hull_count > FL_DECOMPOSE_MAX ||
        b->vert_count > FL_DECOMPOSE_MAX)
        return false;
    if (c->compartment_count > 0)
        return hold_space_water(c, HOLD_MAIN, b, fl_scale(g, 1.0 / gl), c->water, out);
    fl_vec2 hull[FL_DECOMPOSE_MAX], solid[FL_DECOMPOSE_MAX];
    hold_turn(b, hull, solid);
    return fl_hold_water_in(hull, b->hull_count, solid, b->vert_count, fl_scale(g, 1.0 / gl),
                            c->water, out);
}
