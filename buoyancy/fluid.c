#include <math.h>
#include <string.h>
#include "flotsam/fl_fluid.h"
#include "flotsam/fl_fmath.h"
#include "fail.h"

fl_fluid_def fl_fluid_def_default(void)
{
    fl_fluid_def f;
    memset(&f, 0, sizeof f);
    f.density = 1000.0;
    f.linear_drag = 0.5;
    f.angular_drag = 1.0;
    f.wave_length = 10.0;
    return f;
}

fl_status fl_fluid_check(const fl_fluid_def *f, fl_error *err)
{
    const double all[] = {f->density,      f->left,           f->right,         f->surface,
                          f->bottom,       f->linear_drag,    f->angular_drag,  f->current.x,
                          f->current.y,    f->wave_amplitude, f->wave_length,   f->wave_speed};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!isfinite(all[i]))
            return fail_with(err, FL_EINVAL, "fluid values must be finite");
    if (!(f->density > 0.0))
        return fail_with(err, FL_EINVAL, "fluid density must be > 0");
    if (!(f->left < f->right) || !(f->surface < f->bottom))
        return fail_with(err, FL_EINVAL, "fluid region needs left < right and surface < bottom");
    if (f->linear_drag < 0.0 || f->angular_drag < 0.0)
        return fail_with(err, FL_EINVAL, "fluid drag must be >= 0");
    if (!(f->wave_length > 0.0))
        return fail_with(err, FL_EINVAL, "wave length must be > 0");
    if (!(fabs(f->wave_amplitude) <= f->wave_length * FL_WAVE_STEEPEST))
        return fail_with(err, FL_EINVAL, "wave amplitude must be at most wave length / 14: a "
                                       "steeper water wave breaks");
    return FL_OK;
}

double fl_fluid_empty_level(const fl_fluid_def *f)
{
    FL_ASSERT(f != NULL);
    if (!f->closed || !(f->water >= 0.0))
        return NAN;
    return f->bottom - f->water / (f->right - f->left);
}

double fl_fluid_surface_at(const fl_fluid_def *f, double x, double t, double *slope)
{
    if (f->wave_amplitude == 0.0) {
        if (slope)
            *slope = 0.0;
        return f->surface;
    }
    double k = 2.0 * FL_PI / f->wave_length;
    double phase = k * (x - f->wave_speed * t);
    if (slope)
        *slope = f->wave_amplitude * k * fl_cos(phase);
    return f->surface + f->wave_amplitude * fl_sin(phase);
}

void fl_fluid_halfplanes(const fl_fluid_def *f, fl_vec2 at, double t, fl_halfplane out[4])
{
    double slope;
    double y0 = fl_fluid_surface_at(f, at.x, t, &slope);
    /* Below the tangent y = y0 + slope (x - at.x); relative to `at` that is
     * dot((-slope, 1), p) >= y0 - at.y. */
    out[0] = (fl_halfplane){fl_v2(-slope, 1.0), y0 - at.y};
    out[1] = (fl_halfplane){fl_v2(0.0, -1.0), at.y - f->bottom};
    out[2] = (fl_halfplane){fl_v2(1.0, 0.0), f->left - at.x};
    out[3] = (fl_halfplane){fl_v2(-1.0, 0.0), at.x - f->right};
}
