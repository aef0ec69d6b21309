/* Linear (Airy) wave theory: the dispersion relation, and the wave's
 * pressure and velocity under the surface (wave.h says how they are
 * written). */
#include "wave.h"
#include "flotsam/fl_math.h"

double fl_fluid_dispersion_speed(const fl_fluid_def *f, double g)
{
    if (!(g > 0.0))
        return 0.0;
    double k = 2.0 * FL_PI / f->wave_length, h = f->bottom - f->surface;
    return sqrt(g * fl_tanh(k * h) / k);
}

void fl_fluid_resolve_wave_speed(fl_fluid_def *f, double g)
{
    if (!f->wave_speed_given)
        f->wave_speed = fl_fluid_dispersion_speed(f, g);
}

wave wave_at(const fl_fluid_def *f, double g, double t)
{
    wave w;
    w.y0 = f->surface;
    w.amp = f->wave_amplitude;
    w.k = 2.0 * FL_PI / f->wave_length;
    w.omega = w.k * f->wave_speed;
    w.depth = f->bottom - f->surface;
    w.phase = -w.omega * t;
    /* The surface is y0 + A sin(k (x - c t)): the same phase as
     * fl_fluid_surface_at, k x - k c t. */
    double q = fl_exp(-2.0 * w.k * w.depth), one_minus_q = -fl_expm1(-2.0 * w.k * w.depth);
    w.p_amp = -f->density * g * w.amp / (1.0 + q);
    w.v_amp = -w.amp * w.omega / one_minus_q;
    return w;
}

double fl_fluid_wave_pressure(const fl_fluid_def *f, double g, fl_vec2 p, double t)
{
    if (f->wave_amplitude == 0.0)
        return 0.0;
    wave w = wave_at(f, g, t);
    cplx v1, v2;
    wave_modes(&w, p, &v1, &v2);
    return w.p_amp * (v1.im + v2.im);
}

fl_vec2 fl_fluid_wave_velocity(const fl_fluid_def *f, fl_vec2 p, double t)
{
    if (f->wave_amplitude == 0.0)
        return fl_v2(0.0, 0.0);
    wave w = wave_at(f, 0.0, t);
    return wave_velocity(&w, p);
}
