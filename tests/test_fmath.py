#!/usr/bin/env python3
"""flotsam's elementary functions (engine/fmath_*.c) against mpmath at 160
bits: the error of every result in units in the last place of the exact
value, over random arguments in the ranges the library meets, arguments
spread over every binade and random bit patterns, and the hard cases (the
doubles nearest multiples of pi/2 and of ln 2 / 2, the edges of each
reduction and of overflow and underflow, subnormals, zeros, infinities and
NaN). Every error must be under 1 ulp; the largest are printed.

usage: test_fmath.py FMATH_PROBE [--count N] [--seed S]
  N random arguments of each kind per function (default 80000: about 1.7
  million results in all, in half a minute on two cores).
"""
import argparse
import math
import multiprocessing
import random
import struct
import subprocess
import sys

try:
    import mpmath
except ImportError:
    print('test_fmath: skipped, python3-mpmath is missing (scripts/setup installs it)')
    sys.exit(77)

BOUND = 1.0  # the promise in fl_fmath.h, in ulps of the exact value
PREC = 160
LOG_MAX = float.fromhex('0x1.62e42fefa39efp+9')
# (2 - 2^-53) 2^1023, half-way from the largest double to the next power:
# at and above it a value rounds to infinity.
OVERFLOW = mpmath.ldexp(2 ** 54 - 1, 1023 - 53)


def bits_to_double(u):
    return struct.unpack('<d', struct.pack('<Q', u))[0]


def neighbours(x, k=2):
    """x and the k doubles either side of it."""
    out = [x]
    up = down = x
    for _ in range(k):
        up = math.nextafter(up, math.inf)
        down = math.nextafter(down, -math.inf)
        out += [up, down]
    return out


def spread(rng, n, lo_exp, hi_exp):
    """n doubles of random sign whose binades are uniform in [lo_exp, hi_exp)."""
    return [rng.choice((-1, 1)) * math.ldexp(1 + rng.random(), rng.randrange(lo_exp, hi_exp))
            for _ in range(n)]


def random_bits(rng, n):
    out = []
    while len(out) < n:
        x = bits_to_double(rng.getrandbits(64))
        if math.isfinite(x):
            out.append(x)
    return out


def trig_args(rng, n):
    mpmath.mp.prec = PREC
    xs = [rng.uniform(-math.pi, math.pi) for _ in range(n)]
    xs += [rng.uniform(-200, 200) for _ in range(n)]
    xs += [rng.uniform(-2e6, 2e6) for _ in range(n)]  # both sides of the 1.5 2^20 edge
    xs += spread(rng, n, -40, 1024)
    xs += random_bits(rng, n // 4)
    hard = [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 2 ** -27, 2 ** -26,
            1.7976931348623157e308, -1.7976931348623157e308, math.pi / 4, 1.5 * 2 ** 20,
            6381956970095103 * 2.0 ** 797]  # the double nearest a multiple of pi/2
    for k in list(range(1, 3000)) + [rng.randrange(1, 2 ** 40) for _ in range(2000)]:
        hard += neighbours(float(k * mpmath.pi / 2), 1)
        hard += neighbours(float(k * mpmath.pi / 2 + mpmath.pi / 4), 1)
    hard += neighbours(math.pi / 4, 3) + neighbours(1.5 * 2 ** 20, 3)
    return xs + hard + [-h for h in hard]


def exp_args(rng, n):
    mpmath.mp.prec = PREC
    xs = [rng.uniform(-745.2, 709.8) for _ in range(n)]
    xs += [rng.uniform(-2, 2) for _ in range(n)]
    xs += [rng.uniform(-745.2, -700) for _ in range(n // 4)]  # subnormal results
    xs += spread(rng, n, -60, 10)
    hard = [0.0, -0.0, 5e-324, -5e-324, 2 ** -54, -2 ** -54, LOG_MAX, -745.1332191019411,
            -708.3964185322641, 709.0, -37.0, -38.0, 22.0, -22.0, 1e-300]
    hard += neighbours(LOG_MAX, 3) + neighbours(-745.1332191019411, 3)
    ln2 = mpmath.log(2)
    for k in range(-2160, 2050):
        hard += neighbours(float(k * ln2 / 2), 1)
    return xs + hard


def tanh_args(rng, n):
    xs = [rng.uniform(-25, 25) for _ in range(n)]
    xs += [rng.uniform(-1, 1) for _ in range(n)]
    xs += spread(rng, n, -40, 6)
    hard = [0.0, -0.0, 5e-324, 2 ** -28, 22.0, 19.06, 0.5493061443340549]
    for h in list(hard):
        hard += neighbours(h, 3)
    return xs + hard + [-h for h in hard]


FUNCTIONS = {  # probe name: (exact value, arguments)
    'sin': (mpmath.sin, trig_args),
    'cos': (mpmath.cos, trig_args),
    'exp': (mpmath.exp, exp_args),
    'expm1': (mpmath.expm1, exp_args),
    'tanh': (mpmath.tanh, tanh_args),
}


def ulp_error(job):
    """The largest error (in ulps) in one chunk, and the argument it was at."""
    name, pairs = job
    mpmath.mp.prec = PREC
    f = FUNCTIONS[name][0]
    worst, at = 0.0, None
    for x, got in pairs:
        exact = f(mpmath.mpf(x))
        if abs(exact) >= OVERFLOW:  # rounds to an infinity of its sign
            err = 0.0 if math.isinf(got) and (got > 0) == (exact > 0) else math.inf
        elif exact == 0:
            err = 0.0 if got == 0 else math.inf
        else:
            e = max(int(mpmath.floor(mpmath.log(abs(exact), 2))) - 52, -1074)
            err = float(abs(mpmath.mpf(got) - exact) / mpmath.ldexp(1, e))
        if err > worst:
            worst, at = err, x
    return worst, at


def run_probe(probe, name, xs):
    data = struct.pack('<%dd' % len(xs), *xs)
    out = subprocess.run([probe, name], input=data, stdout=subprocess.PIPE, check=True).stdout
    return list(struct.unpack('<%dd' % len(xs), out))


def special_cases(probe):
    """Exact values the functions must return, signs of zero included."""
    inf, nan = math.inf, math.nan
    cases = {
        'sin': [(0.0, 0.0), (-0.0, -0.0), (inf, nan), (-inf, nan), (nan, nan)],
        'cos': [(0.0, 1.0), (-0.0, 1.0), (inf, nan), (nan, nan)],
        'exp': [(0.0, 1.0), (-0.0, 1.0), (inf, inf), (-inf, 0.0), (nan, nan), (710.0, inf),
                (-746.0, 0.0)],
        'expm1': [(0.0, 0.0), (-0.0, -0.0), (inf, inf), (-inf, -1.0), (nan, nan), (-40.0, -1.0)],
        'tanh': [(0.0, 0.0), (-0.0, -0.0), (inf, 1.0), (-inf, -1.0), (nan, nan), (30.0, 1.0)],
    }
    problems = []
    for name, pairs in cases.items():
        got = run_probe(probe, name, [x for x, _ in pairs])
        for (x, want), g in zip(pairs, got):
            same = (math.isnan(want) and math.isnan(g)) or (
                g == want and math.copysign(1, g) == math.copysign(1, want))
            if not same:
                problems.append('%s(%r) = %r, not %r' % (name, x, g, want))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('probe')
    ap.add_argument('--count', type=int, default=80000)
    ap.add_argument('--seed', type=int, default=20261205)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    problems = special_cases(args.probe)
    total = 0
    with multiprocessing.Pool() as pool:
        for name, (_, make_args) in FUNCTIONS.items():
            xs = [x for x in make_args(rng, args.count)]
            got = run_probe(args.probe, name, xs)
            if name in ('sin', 'cos'):  # sincos gives the same bits
                both = run_probe(args.probe, 'sincos-' + name, xs)
                if struct.pack('<%dd' % len(xs), *both) != struct.pack('<%dd' % len(xs), *got):
                    problems.append('sincos and %s differ' % name)
            pairs = list(zip(xs, got))
            chunks = [(name, pairs[i:i + 5000]) for i in range(0, len(pairs), 5000)]
            worst, at = max(pool.map(ulp_error, chunks), key=lambda r: r[0])
            total += len(xs)
            print('%-6s %8d arguments, largest error %.4f ulp (at %r)' % (name, len(xs), worst, at))
            if not worst < BOUND:
                problems.append('%s: %.4f ulp at %r (x = %s)' % (name, worst, at, float(at).hex()))
    for p in problems:
        print('FAIL', p)
    print('%d results checked, %d problems' % (total, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
