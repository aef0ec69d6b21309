/* The mean of exp(-s) over s in [0, x], which turns a rate of decay into
 * an exact step; private to the library. */
#ifndef FL_DECAY_H
#define FL_DECAY_H

#include <math.h>

#include "flotsam/fl_fmath.h"

/* (1 - exp(-x)) / x, 1 at x = 0. Drag over one step usually makes x small,
 * where the series sum_k (-x)^k / (k + 1)! is cheaper than expm1: below
 * 1/16, the first term left out, x^9 / 10!, is under 5e-18, far below a
 * double's rounding of a sum near 1. The nine terms are summed in pairs
 * (Estrin's scheme), so that they wait on four products in a row rather
 * than on nine; the result is within two units in the last place of the
 * exact mean. */
static inline double decay_mean(double x)
{
    if (x >= 0.0625)
        return -fl_expm1(-x) / x;
    double y = -x, y2 = y * y, y4 = y2 * y2;
    double p0 = 1.0 + y * (1.0 / 2.0), p1 = 1.0 / 6.0 + y * (1.0 / 24.0);
    double p2 = 1.0 / 120.0 + y * (1.0 / 720.0), p3 = 1.0 / 5040.0 + y * (1.0 / 40320.0);
    double q0 = p0 + y2 * p1, q1 = p2 + y2 * p3;
    return q0 + y4 * (q1 + y4 * (1.0 / 362880.0));
}

#endif
