/* The exact steps flotsam's elementary functions are built from: a sum or a
 * product of two doubles as a double and its exact rounding error (Knuth's
 * two-sum, Dekker's product with Veltkamp's split), and scaling by a power
 * of two. Plain IEEE double operations, round to nearest; they need the
 * build's -ffp-contract=off, since a fused multiply-add would change them. */
#ifndef FL_FMATH_DD_H
#define FL_FMATH_DD_H

#include <stdint.h>
#include <string.h>

/* A value held as hi + lo, |lo| at most half an ulp of hi. */
typedef struct fl_dd {
    double hi, lo;
} fl_dd;

/* a + b exactly, for any a and b. */
static inline fl_dd fl_two_sum(double a, double b)
{
    double s = a + b;
    double bb = s - a;
    fl_dd r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}

/* a + b exactly, when |a| >= |b| (or a is 0). */
static inline fl_dd fl_fast_two_sum(double a, double b)
{
    double s = a + b;
    fl_dd r = {s, b - (s - a)};
    return r;
}

/* a b exactly, for |a|, |b| below 2^995 and a product above 2^-969. */
static inline fl_dd fl_two_prod(double a, double b)
{
    const double split = 134217729.0; /* 2^27 + 1 */
    double ca = split * a, cb = split * b;
    double ah = ca - (ca - a), al = a - ah;
    double bh = cb - (cb - b), bl = b - bh;
    double p = a * b;
    fl_dd r = {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
    return r;
}

static inline uint64_t fl_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* The integer nearest x (ties to even), for |x| < 2^51: adding 1.5 2^52
 * leaves no bits below the units, and taking it away again is exact. A
 * call of floor costs more here than the rest of a reduction. */
static inline double fl_round_near(double x)
{
    const double shift = 0x1.8p52;
    return (x + shift) - shift;
}

/* 2^n for -1022 <= n <= 1023. */
static inline double fl_pow2(int n)
{
    uint64_t u = (uint64_t)(n + 1023) << 52;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* v 2^n for v of about 1 (1/4 to 4) and -1100 < n < 2047, rounded once:
 * to a subnormal where the result is one, to infinity past the largest
 * double. */
static inline double fl_scale2(double v, int n)
{
    if (n > 1023)
        return v * fl_pow2(1023) * fl_pow2(n - 1023);
    if (n < -1022)
        return v * fl_pow2(n + 1022) * fl_pow2(-1022);
    return v * fl_pow2(n);
}

#endif
