/* Measuring one body in a fluid, and pushing it: its lifts and drags from
 * its measures in every fluid, inline for the pass over every body
 * (buoyancy.c), which runs them while the body is in cache;
 * buoyancy_measure_in and buoyancy_push (push.c) are the same for the look
 * ahead (module.h says what each does). */
#ifndef FL_BUOYANCY_PUSH_H
#define FL_BUOYANCY_PUSH_H

#include <math.h>
#include "decay.h"
#include "module.h"

static inline submerged_part measure_body(fl_buoyancy *b, const fl_body *body, int f, double t,
                                          double dt, bool keep_polygon, fl_submerged *rec)
{
    FL_ASSERT(f >= 0 && f < b->fluid_count);
    submerged_part part = submerge_nothing(body);
    const fl_fluid_def *fluid = &b->fluids[f];
    if (is_wet(body) && fluid->wave_amplitude != 0.0) {
        submerge_wave(body, *body_twist(b->world, body), fluid,
                      fl_length(fl_world_gravity(b->world)), t, dt, b->scratch, b->scratch_size,
                      keep_polygon, &part);
    } else if (is_wet(body)) {
        int side = submerge_flat_side(body, fluid);
        if (side > 0) {
            submerge_whole(body, &part);
        } else if (side == 0) {
            fl_halfplane planes[4];
            fl_fluid_halfplanes(fluid, body->position, t, planes);
            submerge_across(body, planes, b->scratch, b->scratch_size, keep_polygon, &part);
        }
    }
    if (b->vessel_count > 0 && part.area > 0.0)
        buoyancy_keep_holds_dry(b, body, f, t + 0.5 * dt, &part); /* as submerge_wave */
    *rec = (fl_submerged){part.area, part.centroid, NULL, 0, part.waterline,
                          part.waterline_moment, part.wave_force, part.wave_moment,
                          fluid->wave_amplitude != 0.0 ? part.flow : fluid->current};
    return part;
}

/* Adds each fluid's buoyant force at its centre of buoyancy, and the drags
 * as the body's damping for this step (fl_body_add_velocity_term: the velocity
 * update then solves the drag in closed form with everything else), and
 * records them in pushes[fluid_count] and *total. */
static inline void push_body(const fl_buoyancy *b, fl_body *body, const fl_submerged *recs,
                             fl_vec2 g, double dt, fl_buoyancy_push *pushes,
                             fl_buoyancy_total *total, double *heave_out, double *roll_out)
{
    /* Rates of decay summed over fluids, so that overlapping fluids
     * together still decay exactly and never overshoot. */
    double lin_rate = 0.0, ang_rate = 0.0, heave = 0.0, roll = 0.0;
    fl_vec2 pull = {0.0, 0.0};
    double gl = fl_length(g);
    fl_vec2 down = gl > 0.0 ? fl_scale(g, 1.0 / gl) : g;
    /* The acceleration the weight, the lifts and the forces so far give
     * (for the drag's mean, below). */
    fl_vec2 accel = fl_add(fl_scale(body->force, body->inv_mass), g);
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        accel = fl_sub(accel, fl_scale(g, fl->density * recs[f].area * body->inv_mass));
        if (fl->wave_amplitude != 0.0)
            accel = fl_add(accel, fl_scale(recs[f].wave_force, body->inv_mass));
        /* The lift's stiffness: sinking dy adds rho g W dy; turning by
         * d theta moves the centre of buoyancy across by BM d theta (BM =
         * I_wl / A, the waterplane's part) while the centre of mass, BG
         * above it, moves across by BG d theta: the righting moment grows
         * by rho g A GM d theta = rho g (I_wl - A BG) d theta, the slope
         * of the GZ curve, which is negative for a body upright that
         * capsizes. (Heeled, or on a wave, this is its slope about the
         * pose the body stands at, to first order.) */
        double bg = fl_dot(fl_sub(recs[f].centroid, body->position), down);
        heave += fl->density * gl * recs[f].waterline *
                 buoyancy_tank_stiffening(b, f, recs[f].waterline);
        roll += fl->density * gl * (recs[f].waterline_moment - recs[f].area * bg);
        double rate = fl->linear_drag * fl->density * recs[f].area * body->inv_mass;
        lin_rate += rate;
        /* On a wave, towards the water's velocity at C_b (wave_clip.c). */
        pull = fl_add(pull, fl_scale(fl->wave_amplitude != 0.0 ? recs[f].flow : fl->current, rate));
        ang_rate += fl->angular_drag * recs[f].area / body->hull_area;
    }
    /* The drag's mean force over the step, for the report and for its
     * moment about the centre of mass (the damping itself acts at the
     * centre): the velocity the kick starts from is half a step behind the
     * body's time, so its mean over the kick is taken with the weight, the
     * lift and the forces so far acting too, as the velocity update takes
     * it: dv/dt = a - rate v has the mean v0 mean(rate dt) + a dt (1 -
     * mean(rate dt)) / (rate dt) over dt, mean(x) = (1 - e^-x) / x. The
     * moment is then second order in dt, where v0 alone made it first. */
    double lin_k = decay_mean(lin_rate * dt);
    double ahead_k = lin_rate * dt > 1e-6 ? (1.0 - lin_k) / lin_rate : dt * (0.5 - lin_rate * dt / 6.0);
    fl_vec2 moving = fl_add(fl_scale(body_velocity(b->world, body), lin_k), fl_scale(accel, ahead_k));
    fl_vec2 force = body->force;
    double torque = body->torque;
    fl_vec2 lifted = {0.0, 0.0};
    double turned = 0.0;
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_fluid_def *fl = &b->fluids[f];
        double a = recs[f].area;
        pushes[f] = (fl_buoyancy_push){recs[f].centroid, {0.0, 0.0}, {0.0, 0.0}};
        if (a <= 0.0)
            continue;
        double m = fl->density * a; /* displaced mass */
        fl_vec2 lift = fl_scale(g, -m);
        fl_vec2 flow = fl->wave_amplitude != 0.0 ? recs[f].flow : fl->current;
        fl_vec2 drag = fl_scale(fl_sub(fl_scale(flow, lin_k), moving), fl->linear_drag * m);
        fl_vec2 arm = fl_sub(recs[f].centroid, body->position);
        /* As fl_body_apply_force: the lift at the centre of buoyancy; and
         * the drag's turning moment from there. */
        double moment = fl_cross(arm, lift) + fl_cross(arm, drag);
        if (fl->wave_amplitude != 0.0) { /* the wave's dynamic pressure */
            lift = fl_add(lift, recs[f].wave_force);
            moment += recs[f].wave_moment;
        }
        force = fl_add(force, lift);
        torque += moment;
        pushes[f].lift = lift;
        pushes[f].drag = drag;
        lifted = fl_add(lifted, lift);
        turned += moment;
    }
    body->force = force;
    body->torque = torque;
    body_add_damping(b->world, body, lin_rate, lin_rate > 0.0 ? fl_scale(pull, 1.0 / lin_rate) : pull,
                        ang_rate);
    *total = (fl_buoyancy_total){lifted, turned, lin_rate, ang_rate};
    *heave_out = heave;
    *roll_out = roll;
}

#endif
