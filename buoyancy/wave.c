/* Linear (Airy) wave theory: the dispersion relation. */
#include <math.h>
#include "flotsam/fl_fluid.h"
#include "flotsam/fl_math.h"

double fl_fluid_dispersion_speed(const fl_fluid_def *f, double g)
{
    if (!(g > 0.0))
        return 0.0;
    double k = 2.0 * FL_PI / f->wave_length, h = f->bottom - f->surface;
    return sqrt(g * tanh(k * h) / k);
}

void fl_fluid_resolve_wave_speed(fl_fluid_def *f, double g)
{
    if (!f->wave_speed_given)
        f->wave_speed = fl_fluid_dispersion_speed(f, g);
}
