/* Axis ticks at 1-2-5 steps (ticks.h). */
#include <math.h>
#include <stdio.h>
#include "ticks.h"

/* The smallest 1, 2 or 5 times a power of ten that is at least x > 0. */
static double nice_step(double x, int *decimals)
{
    double p = pow(10.0, floor(log10(x)));
    static const double mantissas[] = {1.0, 2.0, 5.0, 10.0};
    double step = 10.0 * p;
    for (int i = 0; i < 4; i++)
        if (mantissas[i] * p >= x * (1.0 - 1e-12)) {
            step = mantissas[i] * p;
            break;
        }
    int d = -(int)floor(log10(step) + 1e-9);
    *decimals = d < 0 ? 0 : d;
    if (step >= 1e7 || step < 1e-6)
        *decimals = -1;
    return step;
}

ticks ticks_for(double lo, double hi, int most)
{
    ticks t = {0.0, 1.0, 1, 0};
    if (most < 2)
        most = 2;
    if (!(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
        t.first = isfinite(lo) ? lo : 0.0;
        return t;
    }
    /* From a step a little small, up the 1-2-5 ladder until the ticks
     * within the range are few enough. */
    t.step = nice_step((hi - lo) / most, &t.decimals);
    for (;;) {
        t.first = ceil(lo / t.step - 1e-9) * t.step;
        t.count = (int)floor((hi - t.first) / t.step + 1e-9) + 1;
        if (t.count <= most)
            break;
        t.step = nice_step(t.step * 1.0001, &t.decimals);
    }
    return t;
}

void ticks_widen(double *lo, double *hi, int most)
{
    if (!(*hi > *lo))
        return;
    /* A step that leaves room for the widening: one tick fewer. */
    ticks t = ticks_for(*lo, *hi, most > 3 ? most - 1 : most);
    *lo = floor(*lo / t.step + 1e-9) * t.step;
    *hi = ceil(*hi / t.step - 1e-9) * t.step;
}

double ticks_value(const ticks *t, int k)
{
    double v = t->first + k * t->step;
    return fabs(v) < 1e-9 * t->step ? 0.0 : v;
}

void ticks_label(const ticks *t, int k, char *out, size_t size)
{
    double v = ticks_value(t, k);
    if (t->decimals < 0)
        snprintf(out, size, "%g", v);
    else
        snprintf(out, size, "%.*f", t->decimals, v);
}
