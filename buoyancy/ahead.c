/* The lift of a body that a step carries across a surface. */
#include <math.h>
#include "decay.h"
#include "module.h"

/* The part of a body under a surface, integrated over depth: when its
 * bottom is u below the surface, the first moment about the surface of the
 * part of its hull (turned as it stands, `n` corners about its centre of
 * mass, y down; its lowest point at `bottom`) under it, A_u (c_u - s) for
 * the surface at s, as a fraction of the hull's area `area`. Its slope in
 * u is the part under, A_u / area: the mean of that part over a descent
 * from u to u + d is (under_integral(u + d) - under_integral(u)) / d,
 * exactly, for any shape. */
static double under_integral(const fl_vec2 *hull, int n, double bottom, double area, double u)
{
    if (!(u > 0.0))
        return 0.0;
    double s = bottom - u;
    fl_vec2 c;
    double a = fl_clip_halfplane_area(hull, n, (fl_halfplane){{0.0, 1.0}, s}, &c);
    return a > 0.0 ? a * (c.y - s) / area : 0.0;
}

/* ... and the part under itself, A_u / area. */
static double under_part(const fl_vec2 *hull, int n, double bottom, double area, double u)
{
    fl_vec2 c;
    return u > 0.0 ? fl_clip_halfplane_area(hull, n, (fl_halfplane){{0.0, 1.0}, bottom - u}, &c) /
                         area
                   : 0.0;
}

/* A body that the step carries wholly across a surface (dry to wholly
 * under, or back): neither end of the step has a waterline to linearise
 * the lift by. Its lift is instead the mean, over the descent D the step
 * makes (negative: a rise), of the part under each surface, its hull
 * moving straight down by D as it stands (under_integral); and D is solved
 * with it -- D = dt v1 along gravity, v1 = v0 + dt (a - lift(D) / m) -- by
 * bisection, since the mean lift grows with D. The lift then does the work
 * the water would, mean(D) D, and the step makes no energy. `full` gives
 * each fluid's area when wholly under, with its centre of buoyancy; out[]
 * the measure to push; `turned` room for the hull's corners. */
static double cross_surface(const fl_buoyancy *b, const fl_body *body, const fl_submerged *full,
                            fl_vec2 g, double t, double dt, fl_vec2 *turned, fl_submerged *out)
{
    double gl = fl_length(g), top = INFINITY, bottom = -INFINITY;
    fl_vec2 down = fl_scale(g, 1.0 / gl);
    int n = body->hull_count;
    for (int k = 0; k < n; k++) {
        turned[k] = fl_rotate(body->rot, body->hull[k]);
        top = fl_min(top, turned[k].y);
        bottom = fl_max(bottom, turned[k].y);
    }
    double area = under_part(turned, n, bottom, 1.0, bottom - top + 1.0), most = 0.0;
    for (int f = 0; f < b->fluid_count; f++)
        most += b->fluids[f].density * full[f].area * gl * body->inv_mass;
    double v0 = fl_dot(body_velocity(b->world, body), down);
    double a = gl + fl_dot(body->force, down) * body->inv_mass;
    double lo = dt * (v0 + dt * (a - most)), hi = dt * (v0 + dt * a);
    for (int it = 0; it < 64; it++) {
        double d = 0.5 * (lo + hi), lift = 0.0, rate = 0.0, pull = 0.0;
        for (int f = 0; f < b->fluid_count; f++) {
            if (!(full[f].area > 0.0))
                continue;
            const fl_fluid_def *fl = &b->fluids[f];
            /* (A wave's height at the step's middle, as submerge_wave.) */
            double surface = fl_fluid_surface_at(fl, body->position.x, t + 0.5 * dt, NULL);
            double u = body->position.y + bottom - surface; /* its bottom's depth */
            double mean = d != 0.0 ? (under_integral(turned, n, bottom, area, u + d) -
                                      under_integral(turned, n, bottom, area, u)) / d
                                   : under_part(turned, n, bottom, area, u);
            double displaced = fl->density * full[f].area * mean * body->inv_mass;
            lift += displaced * gl;
            rate += fl->linear_drag * displaced;
            pull += fl->linear_drag * displaced * fl_dot(fl->current, down);
            out[f] = full[f];
            out[f].area = full[f].area * mean;
            out[f].wave_force = fl_scale(full[f].wave_force, mean);
            out[f].wave_moment = full[f].wave_moment * mean;
        }
        /* The velocity update as integrate.c makes it, the drag with it. */
        double v1 = v0 + (a - lift + pull - rate * v0) * decay_mean(rate * dt) * dt;
        if (dt * v1 > d)
            lo = d;
        else
            hi = d;
    }
    for (int f = 0; f < b->fluid_count; f++)
        if (!(full[f].area > 0.0))
            out[f] = full[f];
    return 0.5 * (lo + hi);
}

/* A line of the lift brought back to where the body stands: the lift
 * measured ahead less `back` (along `down`) is its force there, and its
 * slopes in heave and roll are taken wholly at the step's end. */
static void bring_back(fl_world *w, fl_body *body, fl_buoyancy_total *total, fl_vec2 down,
                       double back, double heave, double roll)
{
    fl_vec2 push = fl_scale(down, back);
    body->force = fl_add(body->force, push);
    total->force = fl_add(total->force, push);
    buoyancy_stiffen(w, body, down, heave, roll);
    body_take_stiffness_whole(w, body);
}

/* The lift linearised about where it changes its law within the step.
 *
 * The step takes the lift as a force measured where the body stands, with
 * the stiffness rho g W of its waterline W (taken by the average-
 * acceleration rule, or at the step's end: integrate.c), which holds while
 * the waterline stays on the same edges. It fails where the step crosses a kink that the measure
 * cannot see: a body dry where it stands (no lift, no stiffness) that the
 * step carries into the water would plunge a whole step's fall in
 * unopposed, and one wholly under (full lift, no waterline) that the step
 * carries through the surface would be lifted all the way out; either way
 * energy is made from nothing (rho g W d^2 / 2 for a depth d), and a light
 * body leaves the water faster than it came.
 *
 * So for these two the lift is measured also where the step would take
 * the body (x*: velocity and pose ahead by the forces so far and the lift
 * where it stands). Where x* has no waterline either (the step carries the
 * body wholly across), cross_surface solves the step with the mean lift
 * over it. Else the step is given a line through the lift at x*, L*,
 * brought back to the body (d the depth gained from x0 to x*), with its
 * slope as the stiffness, wholly taken at the step's end. For a body wholly
 * under, the line is the lift's tangent at x* (K* = rho g W*): the force
 * where it stands is L* - K* d, or the full lift L0 there where that is
 * less. For a dry body it is the chord from no lift where it stands to L*
 * at x*, slope L* / d: the tangent, brought back past the point where the
 * body meets the water, would pull it down (L* - K* d < 0) where the water
 * gives nothing, and a dry body held up by another (a crate on a float)
 * that does not go where its own forces would take it did work against
 * that pull (10.8 J gained in a step at 7 Hz against 9.8 J of allowance:
 * fuzz/regressions/sim). Below the water
 * the chord lies at or above the lift of a body whose part under grows no
 * slower than linearly (a box, a wedge, a log), so it takes energy out,
 * never in; a box entering at 30 Hz reaches within 1 mm of the tangent's
 * depth. The body meets the water within the step it reaches it and is
 * never lifted harder than where it stands. The roll's moment is the
 * tangent's at x*. */
bool buoyancy_push_ahead(fl_buoyancy *b, fl_body *body, const fl_submerged *here, bool wet,
                         double displaced, fl_vec2 g, double t, double dt,
                         fl_buoyancy_push *pushes, fl_buoyancy_total *total)
{
    double gl = fl_length(g);
    if (!is_wet(body) || !(dt > 0.0) || !(gl > 0.0))
        return false;
    /* Ahead by the forces so far and the lift where it stands. */
    fl_vec2 accel = fl_add(fl_scale(body->force, body->inv_mass),
                           fl_scale(g, 1.0 - displaced * body->inv_mass));
    double lift0 = displaced * gl;
    fl_twist vel = *body_twist(b->world, body);
    fl_vec2 ahead = fl_add(body->position, fl_scale(fl_add(vel.v, fl_scale(accel, dt)), dt));
    bool kink = false;
    for (int f = 0; f < b->fluid_count && !kink; f++)
        kink = wet ? here[f].area > 0.0 && buoyancy_may_reach(&b->fluids[f], ahead, body->hull_radius, true)
                   : buoyancy_may_reach(&b->fluids[f], ahead, body->hull_radius, false);
    if (!kink)
        return false;
    fl_body ghost = *body;
    double turn = (vel.w + body->torque * body->inv_inertia * dt) * dt;
    ghost.position = ahead;
    ghost.angle = body->angle + turn;
    ghost.rot = fl_rot_from(ghost.angle);
    fl_submerged *recs = b->records + (size_t)fl_world_body_count(b->world) * b->fluid_count;
    bool any = false;
    for (int f = 0; f < b->fluid_count; f++)
        any = buoyancy_measure_in(b, &ghost, f, t, dt, false, &recs[f]).area > 0.0 ||
              any;
    double waterline = 0.0;
    for (int f = 0; f < b->fluid_count; f++)
        waterline += recs[f].waterline;
    /* Dry at both ends, or under at both: no surface crossed. */
    if (waterline == 0.0 && any == wet)
        return false;
    /* Centres of buoyancy where they stand relative to the body. */
    fl_vec2 moved = fl_sub(ahead, body->position), down = fl_scale(g, 1.0 / gl);
    for (int f = 0; f < b->fluid_count; f++)
        recs[f].centroid = fl_sub(recs[f].centroid, moved);
    if (waterline == 0.0) { /* wholly across */
        fl_submerged *out = recs + b->fluid_count;
        double descent = cross_surface(b, body, wet ? here : recs, g, t, dt, b->scratch, out);
        double heave, roll;
        buoyancy_push(b, body, out, g, dt, pushes, total, &heave, &roll);
        /* The mean lift over the descent D*, as the line from the lift
         * where the body stands through it at D*, its slope taken at the
         * step's end: a free body's step is the same (D* solves both), but
         * a body something holds back (a dry box resting on a float) is
         * lifted by the descent it makes, not by the one it would have. */
        double lift = fl_length(total->force), at_body = wet ? lift0 : 0.0;
        double slope = descent != 0.0 ? (lift - at_body) / descent : 0.0;
        if (slope > 0.0 && isfinite(slope))
            bring_back(b->world, body, total, down, lift - at_body, slope, 0.0);
        return true;
    }
    double heave, roll;
    buoyancy_push(b, body, recs, g, dt, pushes, total, &heave, &roll);
    double depth = fl_dot(moved, down), lift = fl_length(total->force);
    double at_body = wet ? fl_min(lift0, lift - heave * depth) : 0.0;
    if (depth != 0.0)
        heave = (lift - at_body) / depth;
    /* The moment's line brought back over the turn, no further than a lift
     * can reach: the moments where the body stands and at x* differ by at
     * most twice the larger lift times the hull's reach (a plank spinning
     * 28 rad a step at 4 Hz got 57 kN m from its line where a 1.6 m plank's
     * lift of 11 kN gives at most 8.8). */
    double reach = 2.0 * fl_max(lift0, lift) * body->hull_radius;
    double back_moment = fl_max(-reach, fl_min(reach, roll * turn));
    body->torque += back_moment;
    total->torque += back_moment;
    bring_back(b->world, body, total, down, lift - at_body, heave, roll);
    return true;
}
