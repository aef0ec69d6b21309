/* exp, expm1 and tanh (fl_fmath.h), from one kernel: x = n ln 2 + r with
 * |r| <= ln2/2, and e^r - 1 = r + r^2/2 + r^3 P(r), summed as two doubles
 * so that 2^n (e^r - 1 + 1 - 2^-n) is rounded once at the end. */
#include "flotsam/fl_fmath.h"

#include <math.h>

#include "fmath_constants.h"
#include "fmath_dd.h"

#define LOG_MAX 0x1.62e42fefa39efp+9  /* ln(DBL_MAX) below: exp overflows above */
#define LOG_MIN -0x1.74910d52d3052p+9 /* ln(2^-1075): exp rounds to 0 below */

/* n and r = x - n ln 2 as two doubles, for |x| < 2^10 ln 2 (n within 11
 * bits, so n LN2_1 is exact). */
static int reduce(double x, fl_dd *r)
{
    double n = fl_round_near(x * INV_LN2);
    double t = x - n * LN2_1; /* exact: Sterbenz where n != 0 */
    *r = fl_two_sum(t, -(n * LN2_2));
    return (int)n;
}

/* e^r - 1 for r = hi + lo, |r| <= ln2/2 (1 + 2^-10), as two doubles good
 * to 2^-60 of it. */
static fl_dd em1_kernel(fl_dd r)
{
    double x = r.hi;
    fl_dd sq = fl_two_prod(x, x);
    fl_dd head = fl_two_sum(x, 0.5 * sq.hi);
    double p = EM1_0 + x * (EM1_1 + x * (EM1_2 + x * (EM1_3 + x * (EM1_4 + x * (EM1_5 +
               x * (EM1_6 + x * (EM1_7 + x * (EM1_8 + x * EM1_9))))))));
    /* (e^(x + lo) - 1) = (e^x - 1) + lo e^x, and e^x = 1 + x to lo's
     * precision. */
    double tail = head.lo + (0.5 * sq.lo + (r.lo + x * r.lo + x * sq.hi * p));
    return fl_fast_two_sum(head.hi, tail);
}

/* e^x - 1 = 2^n (v.hi + v.lo), for -37 < x <= LOG_MAX (n >= -53). */
static int expm1_parts(double x, fl_dd *v)
{
    fl_dd r;
    int n = reduce(x, &r);
    fl_dd e = em1_kernel(r);
    /* 2^n (e + 1) - 1 = 2^n (e + 1 - 2^-n); 1 - 2^-n is exact for
     * |n| <= 53, and kept as 1 and -2^-n above. */
    double c = 1.0, c_lo = 0.0;
    if (n <= 53)
        c = 1.0 - fl_pow2(-n);
    else
        c_lo = -fl_scale2(1.0, -n);
    fl_dd s = fl_two_sum(c, e.hi);
    *v = fl_fast_two_sum(s.hi, s.lo + (c_lo + e.lo));
    return n;
}

double fl_exp(double x)
{
    if (x != x)
        return x + x;
    if (x > LOG_MAX)
        return fl_pow2(1023) * 2.0; /* overflows to +inf */
    if (x < LOG_MIN)
        return 0.0;
    fl_dd r;
    int n = reduce(x, &r);
    fl_dd e = em1_kernel(r);
    fl_dd s = fl_two_sum(1.0, e.hi);
    return fl_scale2(s.hi + (s.lo + e.lo), n);
}

double fl_expm1(double x)
{
    if (x != x)
        return x + x;
    if (x == 0.0)
        return x; /* keeps -0 */
    if (x > LOG_MAX)
        return fl_pow2(1023) * 2.0;
    /* Below -37, e^x < 2^-53 and e^x - 1 rounds once from e^x's exact
     * neighbourhood (e^x's own error is far below -1's ulp). */
    if (x < -37.0)
        return fl_exp(x) - 1.0;
    fl_dd v;
    int n = expm1_parts(x, &v);
    return fl_scale2(v.hi, n);
}

double fl_tanh(double x)
{
    if (x != x)
        return x + x;
    double a = fabs(x);
    /* Above 22, 1 - tanh < 2^-62: 1 is the nearest double. Below 2^-28,
     * tanh x = x (1 - x^2/3 ...) and x^2/3 < 2^-57: x is. */
    if (a > 22.0)
        return signbit(x) ? -1.0 : 1.0;
    if (a < 0x1p-28)
        return x;
    /* tanh a = t / (t + 2) with t = e^(2a) - 1, divided to two doubles'
     * precision before its one rounding. */
    fl_dd v;
    int n = expm1_parts(2.0 * a, &v);
    double scale = fl_pow2(n);
    double t = v.hi * scale, t_lo = v.lo * scale; /* exact: 0 <= n <= 64 */
    fl_dd d = fl_two_sum(t, 2.0);
    d = fl_fast_two_sum(d.hi, d.lo + t_lo);
    double q = t / d.hi;
    fl_dd qd = fl_two_prod(q, d.hi);
    double rem = ((t - qd.hi) - qd.lo) + (t_lo - q * d.lo);
    double y = q + rem / d.hi;
    return signbit(x) ? -y : y;
}
