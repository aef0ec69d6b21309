/* The orifice law's integral along an opening: the flow through a
 * straight opening is C_d sqrt(2 g) times the integral along it of
 * sign(h) sqrt(|h|), where the head h is the difference of two depths, each
 * linear along the opening and 0 above its surface. Between the points
 * where a depth or the difference changes sign the integrand is the square
 * root of a linear function, integrated in closed form. */
#include <math.h>
#include <stdlib.h>
#include "flood.h"

/* The integral over [0, 1] of sign(d) sqrt(|d|), d linear from d0 to d1
 * with no change of sign between. */
static double root_mean(double d0, double d1)
{
    double a = fabs(d0), b = fabs(d1);
    if (!(a + b > 0.0))
        return 0.0;
    /* (2/3) (b^1.5 - a^1.5) / (b - a), without the cancellation. */
    double ra = sqrt(a), rb = sqrt(b);
    double mean = (2.0 / 3.0) * (a + ra * rb + b) / (ra + rb);
    return d0 + d1 >= 0.0 ? mean : -mean;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The head difference, outside less inside, at parameter s along the
 * opening whose depths under the two surfaces run linearly from o0 to o1
 * and i0 to i1. */
static double head_at(double o0, double o1, double i0, double i1, double s)
{
    return fmax(0.0, o0 + (o1 - o0) * s) - fmax(0.0, i0 + (i1 - i0) * s);
}

/* Where the linear function v0 -> v1 crosses 0 within (0, 1), added to cuts. */
static void add_cut(double v0, double v1, double *cuts, int *n)
{
    if ((v0 < 0.0 && v1 > 0.0) || (v0 > 0.0 && v1 < 0.0))
        cuts[(*n)++] = v0 / (v0 - v1);
}

/* The integral along the opening (parameter 0..1) of
 * sign(head) sqrt(|head|) for the depths above: exact, piece by piece. */
double orifice_root_head(double o0, double o1, double i0, double i1)
{
    double cuts[8] = {0.0, 1.0};
    int n = 2;
    add_cut(o0, o1, cuts, &n);
    add_cut(i0, i1, cuts, &n);
    qsort(cuts, (size_t)n, sizeof cuts[0], by_value);
    double sum = 0.0;
    for (int k = 0; k + 1 < n; k++) {
        double s0 = cuts[k], s1 = cuts[k + 1];
        if (!(s1 > s0))
            continue;
        double d0 = head_at(o0, o1, i0, i1, s0), d1 = head_at(o0, o1, i0, i1, s1);
        /* Within the piece the difference is linear: cut it where it
         * changes sign. */
        if ((d0 < 0.0 && d1 > 0.0) || (d0 > 0.0 && d1 < 0.0)) {
            double z = d0 / (d0 - d1);
            sum += (s1 - s0) * (z * root_mean(d0, 0.0) + (1.0 - z) * root_mean(0.0, d1));
        } else {
            sum += (s1 - s0) * root_mean(d0, d1);
        }
    }
    return sum;
}
