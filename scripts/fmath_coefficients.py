#!/usr/bin/env python3
"""Prints the constants of engine/fmath.c: the splits of pi/2 and ln 2, the
bits of 2/pi for reducing huge arguments, and the polynomials of the
kernels, fitted at 200 bits by Chebyshev interpolation (mpmath.chebyfit)
and rounded to the nearest double. It also prints each polynomial's error
with its rounded coefficients, measured at 200 bits on a fine grid, so the
numbers in fmath.c can be checked against their source.

usage: fmath_coefficients.py > engine/fmath_constants.h   (needs python3-mpmath)
"""
import mpmath
from mpmath import mp, mpf

mp.prec = 200
# The smallest degrees whose error is well under 2^-60 (8.7e-19).
SIN_DEGREE, COS_DEGREE, EM1_DEGREE = 6, 6, 9


def split(x, bits):
    """x's leading `bits` significant bits (as a double) and the rest."""
    e = mpmath.floor(mpmath.log(abs(x), 2))
    scale = mpf(2) ** (bits - 1 - e)
    head = mpmath.floor(x * scale) / scale
    return head, x - head


def hexd(x):
    return float(x).hex()


def fit(name, f, a, b, degree, rel):
    """Fits f on [a, b] by a polynomial of `degree`, rounds the coefficients
    to doubles and reports the largest error against f on 2001 points,
    relative to rel(x) (the size of what the polynomial's term adds up to)."""
    poly, _ = mpmath.chebyfit(f, [a, b], degree + 1, error=True)
    coeffs = [float(c) for c in reversed(poly)]  # lowest degree first
    worst = mpf(0)
    for i in range(2001):
        x = a + (b - a) * mpf(i) / 2000
        p = mpf(0)
        for c in reversed(coeffs):
            p = p * x + mpf(c)
        worst = max(worst, abs(p - f(x)) / rel(x))
    print('/* %s: degree %d on [%s, %s], error %s of the result */' %
          (name, degree, mpmath.nstr(a, 6), mpmath.nstr(b, 6), mpmath.nstr(worst, 3)))
    for i, c in enumerate(coeffs):
        print('#define %s%d %s' % (name, i, c.hex()))
    return coeffs


def main():
    print('/* flotsam\'s elementary functions: their constants, as printed by')
    print(' * scripts/fmath_coefficients.py (do not edit; run it again). */')
    print('#ifndef FL_FMATH_CONSTANTS_H\n#define FL_FMATH_CONSTANTS_H\n\n#include <stdint.h>\n')
    pio2 = mp.pi / 2
    p1, rest = split(pio2, 33)
    p2, rest = split(rest, 33)
    p3 = mpf(float(rest))
    print('/* pi/2 in three parts, the first two of 33 bits (n p1 and n p2 exact for n < 2^20) */')
    print('#define PIO2_1 %s\n#define PIO2_2 %s\n#define PIO2_3 %s' % (hexd(p1), hexd(p2), hexd(p3)))
    hi = mpf(float(pio2))
    print('/* pi/2 as a double and its remainder; 2/pi */')
    print('#define PIO2_HI %s\n#define PIO2_LO %s' % (hexd(hi), hexd(pio2 - hi)))
    print('#define INV_PIO2 %s' % hexd(2 / mp.pi))
    ln2 = mpmath.log(2)
    l1, rest = split(ln2, 42)
    print('/* ln 2 in two parts, the first of 42 bits (n l1 exact for |n| < 2^11); 1/ln 2 */')
    print('#define LN2_1 %s\n#define LN2_2 %s' % (hexd(l1), hexd(rest)))
    print('#define INV_LN2 %s' % hexd(1 / ln2))

    # The bits of 2/pi after the binary point, 32 to a word.
    words = []
    frac = 2 / mp.pi
    mp.prec = 1400
    frac = 2 / mp.pi
    for _ in range(40):
        frac *= 2 ** 32
        w = int(mpmath.floor(frac))
        words.append(w)
        frac -= w
    mp.prec = 200
    print('/* 2/pi = sum of TWO_OVER_PI[k] 2^(-32 (k + 1)) */')
    print('static const uint32_t two_over_pi[%d] = {' % len(words))
    for i in range(0, len(words), 6):
        print('    ' + ', '.join('0x%08x' % w for w in words[i:i + 6]) + ',')
    print('};')

    # The kernels work on |r| up to pi/4 and on ln2/2 (and a little beyond,
    # for the rounding of n).
    rs = mp.pi / 4 * (1 + mpf(2) ** -20)
    z_hi = rs * rs

    def sin_rest(z):  # (sin r - r) / r^3, z = r^2
        if z == 0:
            return mpf(-1) / 6
        r = mpmath.sqrt(z)
        return (mpmath.sin(r) - r) / (r * z)

    def cos_rest(z):  # (cos r - 1 + z/2) / z^2
        if z == 0:
            return mpf(1) / 24
        return (mpmath.cos(mpmath.sqrt(z)) - 1 + z / 2) / (z * z)

    # Each error is relative to the function's value: the polynomial's
    # term is multiplied by r^3 (sin) or z^2 (cos) before it is added.
    fit('SIN_', sin_rest, mpf(0), z_hi, SIN_DEGREE,
        lambda z: mpmath.sin(mpmath.sqrt(z)) / (mpmath.sqrt(z) * z) if z else mpf(10) ** 30)
    fit('COS_', cos_rest, mpf(0), z_hi, COS_DEGREE,
        lambda z: mpmath.cos(mpmath.sqrt(z)) / (z * z) if z else mpf(10) ** 30)

    re = mpmath.log(2) / 2 * (1 + mpf(2) ** -10)

    def em1_rest(r):  # (expm1 r - r - r^2/2) / r^3
        if r == 0:
            return mpf(1) / 6
        return (mpmath.expm1(r) - r - r * r / 2) / (r * r * r)

    fit('EM1_', em1_rest, -re, re, EM1_DEGREE,
        lambda r: abs(mpmath.expm1(r)) / abs(r * r * r) if r else mpf(10) ** 30)
    print('\n#endif')


if __name__ == '__main__':
    main()
