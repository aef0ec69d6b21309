/* sin and cos (fl_fmath.h). The argument is reduced to r = x - n pi/2 with
 * |r| <= pi/4, carried as two doubles, and one of two polynomials on r
 * gives sin r or cos r; n mod 4 says which, and with which sign.
 *
 * The reduction must keep r's relative accuracy where x is close to a
 * multiple of pi/2. Below 1.5 2^20 pi/2 is used in three parts whose first
 * two have 33 bits, so n times each is exact (Cody and Waite). Above,
 * x 2/pi is formed exactly enough from the bits of 2/pi (Payne and Hanek):
 * x = m 2^e with m an integer of 53 bits, and only the 256 bits of 2/pi
 * whose product with m 2^e reaches below the units' twos place matter, as
 * the rest adds multiples of 4 quarter turns. The nearest double to a
 * multiple of pi/2 is within 2^-61 of it (Muller, Elementary Functions,
 * 2016, table 11.1), and the fraction kept is good to 2^-160 of a quarter
 * turn. */
#include "flotsam/fl_fmath.h"

#include <math.h>

#include "fmath_constants.h"
#include "fmath_dd.h"

/* sin r for r = hi + lo, |r| <= pi/4 (1 + 2^-20). */
static double sin_kernel(double hi, double lo)
{
    double z = hi * hi;
    double p = SIN_0 + z * (SIN_1 + z * (SIN_2 + z * (SIN_3 + z * (SIN_4 + z * (SIN_5 + z * SIN_6)))));
    /* sin(hi + lo) = sin hi + lo cos hi, and cos hi = 1 - z/2 to lo's
     * precision. */
    return hi + (hi * z * p + lo * (1.0 - 0.5 * z));
}

/* cos r for r = hi + lo, |r| <= pi/4 (1 + 2^-20). */
static double cos_kernel(double hi, double lo)
{
    fl_dd z = fl_two_prod(hi, hi);
    double hz = 0.5 * z.hi;
    double w = 1.0 - hz;
    double w_err = (1.0 - w) - hz; /* exact: 1 >= hz */
    double p = COS_0 + z.hi * (COS_1 + z.hi * (COS_2 + z.hi * (COS_3 + z.hi * (COS_4 + z.hi * (COS_5 + z.hi * COS_6)))));
    /* cos(hi + lo) = cos hi - lo sin hi, and sin hi = hi to lo's precision. */
    return w + (w_err + ((z.hi * z.hi * p - 0.5 * z.lo) - hi * lo));
}

/* Bits pos .. pos + 31 of the little-endian number p[0 .. n - 1]. */
static uint32_t bits_at(const uint32_t *p, int n, int pos)
{
    int limb = pos / 32, shift = pos % 32;
    uint64_t v = p[limb];
    if (limb + 1 < n)
        v |= (uint64_t)p[limb + 1] << 32;
    return (uint32_t)(v >> shift);
}

#define WINDOW 8   /* words of 2/pi multiplied */
#define FRACTION 5 /* words of the product's fraction kept */

/* Payne-Hanek for finite x >= 2^20: n mod 4 and r = x - n pi/2. */
static int reduce_huge(double x, fl_dd *r)
{
    uint64_t b = fl_bits(x);
    int e = (int)(b >> 52) - 1075; /* x = m 2^e */
    uint64_t m = (b & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    /* Word k of 2/pi times m 2^e is a multiple of 4 when e - 32 (k + 1)
     * >= 2: start at the first word for which it is not. */
    int k0 = e >= 34 ? (e - 2) / 32 : 0;
    uint32_t w[WINDOW], p[WINDOW + 2] = {0};
    for (int i = 0; i < WINDOW; i++)
        w[i] = two_over_pi[k0 + WINDOW - 1 - i];
    /* p = m w, schoolbook on 32-bit limbs. */
    uint32_t mpart[2] = {(uint32_t)m, (uint32_t)(m >> 32)};
    for (int j = 0; j < 2; j++) {
        uint64_t carry = 0;
        for (int i = 0; i < WINDOW; i++) {
            uint64_t t = (uint64_t)mpart[j] * w[i] + p[i + j] + carry;
            p[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        p[WINDOW + j] += (uint32_t)carry;
    }
    /* x 2/pi = p 2^(e - 32 (k0 + WINDOW)): the units are at bit `point`. */
    int point = 32 * (k0 + WINDOW) - e;
    int n = (int)(bits_at(p, WINDOW + 2, point) & 3);
    uint32_t f[FRACTION]; /* the fraction, f[FRACTION - 1] the highest */
    for (int i = 0; i < FRACTION; i++)
        f[i] = bits_at(p, WINDOW + 2, point - 32 * (FRACTION - i));
    int negative = (f[FRACTION - 1] >> 31) != 0;
    if (negative) { /* a half or more: the next quarter turn, less 1 - f */
        n = (n + 1) & 3;
        uint64_t carry = 1;
        for (int i = 0; i < FRACTION; i++) {
            uint64_t t = (uint64_t)(uint32_t)~f[i] + carry;
            f[i] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    /* The fraction as hi + lo: every limb is exact as a double, so the sums
     * lose only what two-sum returns. */
    double hi = 0.0, lo = 0.0;
    for (int i = 0; i < FRACTION; i++) {
        fl_dd s = fl_two_sum(hi, (double)f[i] * fl_pow2(32 * (i - FRACTION)));
        hi = s.hi;
        lo += s.lo;
    }
    fl_dd q = fl_fast_two_sum(hi, lo);
    /* r = q pi/2 */
    fl_dd prod = fl_two_prod(q.hi, PIO2_HI);
    double tail = prod.lo + (q.hi * PIO2_LO + q.lo * PIO2_HI);
    *r = fl_fast_two_sum(prod.hi, tail);
    if (negative) {
        r->hi = -r->hi;
        r->lo = -r->lo;
    }
    return n;
}

/* n mod 4 and r = x - n pi/2 for finite x >= 0. */
static int reduce(double x, fl_dd *r)
{
    if (x <= 0x1.921fb54442d18p-1) { /* pi/4 */
        r->hi = x;
        r->lo = 0.0;
        return 0;
    }
    if (x < 0x1.8p20) {
        double n = fl_round_near(x * INV_PIO2);
        double t = x - n * PIO2_1; /* exact: n PIO2_1 exact, and Sterbenz */
        fl_dd s = fl_two_sum(t, -(n * PIO2_2));
        double rest = s.lo - n * PIO2_3;
        *r = fl_two_sum(s.hi, rest);
        return (int)((int32_t)n & 3);
    }
    return reduce_huge(x, r);
}

void fl_sincos(double x, double *sin_out, double *cos_out)
{
    if (!(fabs(x) <= 0x1.fffffffffffffp1023)) { /* inf or NaN */
        *sin_out = *cos_out = x - x;
        return;
    }
    fl_dd r;
    int n = reduce(fabs(x), &r);
    double s = sin_kernel(r.hi, r.lo), c = cos_kernel(r.hi, r.lo);
    double sv, cv;
    switch (n) {
    case 0: sv = s; cv = c; break;
    case 1: sv = c; cv = -s; break;
    case 2: sv = -s; cv = -c; break;
    default: sv = -c; cv = s; break;
    }
    *sin_out = signbit(x) ? -sv : sv;
    *cos_out = cv;
}

/* sin x, or cos x = sin(x + pi/2) a quarter turn on (quarter = 1). */
static double sin_quarters(double x, int quarter)
{
    if (!(fabs(x) <= 0x1.fffffffffffffp1023))
        return x - x;
    fl_dd r;
    int n = (reduce(fabs(x), &r) + quarter) & 3;
    double v = (n & 1) ? cos_kernel(r.hi, r.lo) : sin_kernel(r.hi, r.lo);
    if (n & 2)
        v = -v;
    return signbit(x) && !quarter ? -v : v; /* sin is odd, cos even */
}

double fl_sin(double x) { return sin_quarters(x, 0); }

double fl_cos(double x) { return sin_quarters(x, 1); }
