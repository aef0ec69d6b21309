/* A fluid: a box-shaped region of given density whose top is a surface that
 * may carry a travelling wave. y points down, so the surface is the region's
 * smallest y and "below the surface" means a larger y. */
#ifndef FL_FLUID_H
#define FL_FLUID_H

#include <stdbool.h>
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_fluid_def {
    double density;                   /* kg/m^2 */
    double left, right;               /* left <= x <= right */
    double surface, bottom;           /* surface <= y <= bottom (still water) */
    double linear_drag;               /* k_lin, 1/s per unit density ratio; default 0.5 */
    double angular_drag;              /* k_ang, 1/s; default 1.0 */
    fl_vec2 current;                  /* the fluid's velocity, m/s */
    double wave_amplitude;            /* m; 0: flat */
    double wave_length;               /* m; default 10 */
    double wave_speed;                /* m/s, along +x; see wave_speed_given */
    /* false (the default): the wave travels at the speed linear wave theory
     * gives it for the fluid's depth and the world's gravity
     * (fl_fluid_dispersion_speed); the buoyancy module writes that speed
     * into wave_speed of its own copy, every pass. true: wave_speed as set,
     * the surface's shape and speed exactly so, but the wave's pressure and
     * velocity (fl_fluid_wave_pressure, fl_fluid_wave_velocity) then no
     * longer satisfy the linear equations together. */
    bool wave_speed_given;
    /* false (the default): an open sea, its still level where `surface`
     * says, whatever the bodies in it displace. true: a closed tank, which
     * keeps its water: the level rises and falls with what the bodies in
     * it displace. Each pass of the buoyancy module finds the level h that
     * leaves the water's area as it was, the tank's area between h and the
     * bottom less the parts of the bodies' fluid outlines there (static
     * bodies too), and writes it into `surface` of its own copy (a wave
     * rides on it; a fluid resting on this one, its bottom on this one's
     * surface over the same walls, moves with it). */
    bool closed;
    /* The closed tank's water, m^2 (per metre of length): found by the
     * module, in its own copy, at its first pass after the fluid was added
     * or set, from the level given and the bodies as they stood; ignored
     * in a definition given to the module. */
    double water;
} fl_fluid_def;

/* The steepest a wave may be, amplitude over length: a water wave breaks
 * once its height (twice the amplitude) passes a seventh of its length
 * (Michell's limit, H/L = 0.142). fl_fluid_check refuses steeper ones. */
#define FL_WAVE_STEEPEST (1.0 / 14.0)

/* density 1000, drags 0.5 and 1.0, wave length 10, everything else 0 (the
 * wave speed, not given, from the dispersion relation). */
FL_API fl_fluid_def fl_fluid_def_default(void);

/* FL_EINVAL with a message unless the fluid is well formed. */
FL_API fl_status fl_fluid_check(const fl_fluid_def *f, fl_error *err);

/* Where a closed tank's water would stand with nothing in it, bottom -
 * water / (right - left): the level the bodies' displacement is counted
 * from. NAN for an open fluid, or one whose water is not found yet (a
 * definition not read back from the buoyancy module). */
FL_API double fl_fluid_empty_level(const fl_fluid_def *f);

/* Height of the surface at x and time t:
 *   y = surface + amplitude * sin(2 pi (x - speed t) / length),
 * and its slope dy/dx there (when slope is not NULL). */
FL_API double fl_fluid_surface_at(const fl_fluid_def *f, double x, double t, double *slope);

/* The speed of a linear (Airy) wave of the fluid's length L on its depth
 * h = bottom - surface under gravity g (m/s^2): from the dispersion
 * relation w^2 = g k tanh(k h), k = 2 pi / L, c = w / k = sqrt(g tanh(k h) / k).
 * 0 when g <= 0. */
FL_API double fl_fluid_dispersion_speed(const fl_fluid_def *f, double g);
/* Sets f->wave_speed to fl_fluid_dispersion_speed(f, g) unless
 * f->wave_speed_given; what the buoyancy module does to its copies. */
FL_API void fl_fluid_resolve_wave_speed(fl_fluid_def *f, double g);

/* Linear wave theory under the surface of fl_fluid_surface_at (at the speed
 * in f->wave_speed, as it is), for a fluid
 * of depth h under gravity g (m/s^2, along +y), at world point p and time t
 * (z = p.y - surface, the depth below the still level; theta = k (p.x -
 * speed t); K = cosh(k (h - z)) / cosh(k h)):
 *   the dynamic pressure, Pa: -density g amplitude K sin theta (the still
 *     water's rho g z left out; the surface's elevation upwards is
 *     -amplitude sin theta, so this is rho g eta K);
 *   the orbital velocity, m/s (the current left out):
 *     x: -amplitude w cosh(k (h - z)) / sinh(k h) sin theta,
 *     y: -amplitude w sinh(k (h - z)) / sinh(k h) cos theta (y down),
 *   with w = k speed. Above the still level (under a crest) the same
 *   formulas are continued. Both 0 in still water. */
FL_API double fl_fluid_wave_pressure(const fl_fluid_def *f, double g, fl_vec2 p, double t);
FL_API fl_vec2 fl_fluid_wave_velocity(const fl_fluid_def *f, fl_vec2 p, double t);

/* The four half-planes whose intersection is the fluid as seen by a body
 * whose centre of mass is at `at`: the walls, the bottom, and the surface's
 * tangent line at at.x. Offsets are relative to `at`, so a body's outline
 * can be clipped in its own centre-of-mass frame without losing precision. */
FL_API void fl_fluid_halfplanes(const fl_fluid_def *f, fl_vec2 at, double t, fl_halfplane out[4]);

#ifdef __cplusplus
}
#endif

#endif
