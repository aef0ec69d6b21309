#!/usr/bin/env python3
"""Writes the harbor benchmark scene (see the benchmark's definition: the
xorshift32 generator, the tank, and the three kinds of debris) as a flotsam
scene file.

usage: harbor_scene.py [N] > scenes/debris.scene
"""
import argparse
import math
import sys


class XorShift32:
    def __init__(self, seed=12345):
        self.s = seed

    def rand(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return (s >> 8) / 16777216.0


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull_in_order(points):
    """Drops each point that makes the outline concave, keeping the rest in
    order, until none does (the points wind one way around the origin)."""
    pts = list(points)
    sign = 1 if sum(cross((0, 0), pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))) > 0 else -1
    changed = True
    while changed and len(pts) > 3:
        changed = False
        for i in range(len(pts)):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            if sign * cross(a, b, c) <= 0:
                del pts[i]
                changed = True
                break
    return pts


def centroid(pts):
    a = cx = cy = 0.0
    for i in range(len(pts)):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % len(pts)]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    return cx / (3 * a), cy / (3 * a)


def num(x):
    return repr(float(x))


# The widest view a scene asks for: at large N the tank runs far wider, and
# a view of all of it would show its bodies a pixel each.
MOST_VIEW = 60.0


def main():
    parser = argparse.ArgumentParser(
        description='Writes the harbor benchmark scene of N bodies (docs/harbor-benchmark.md) '
                    'as a flotsam scene file on stdout.')
    parser.add_argument('n', nargs='?', type=int, default=200, metavar='N',
                        help='bodies, 1 to 100000 (default 200)')
    n = parser.parse_args().n
    if not 1 <= n <= 100000:
        parser.error('N must be from 1 to 100000, got %d' % n)
    cols = -(-n // 8)
    width = cols * 1.0 + 2.0
    view = min(width + 4, MOST_VIEW)
    rng = XorShift32()
    out = ['flotsam-scene 1',
           '# The harbor benchmark scene with N = %d, written by tools/harbor_scene.py.' % n,
           '# Debris of three kinds and random densities (0.3 to 0.9 of the water)',
           '# falls into a tank, piles up and floats.',
           '',
           'world rate=60 iterations=10',
           'view center=%s,6 width=%s' % (num(min(width / 2, view / 2 - 2)), num(view)),
           'fluid name=water density=1000 surface=8 left=0 right=%s bottom=14' % num(width),
           'box name=floor at=%s,14.5 size=%s,1 static color=#6b5b4b' % (num(width / 2), num(width + 2)),
           'box name=left-wall at=-0.5,2 size=1,24 static color=#6b5b4b',
           'box name=right-wall at=%s,2 size=1,24 static color=#6b5b4b' % num(width + 0.5),
           '']
    for i in range(n):
        c, r = i % cols, i // cols
        x, y = 1.5 + c * 1.0, 7.0 - r * 1.0
        q = 0.3 + 0.6 * rng.rand()
        density = num(q * 1000)
        kind = i % 3
        if kind == 0:
            w = 0.4 + 0.4 * rng.rand()
            h = 0.4 + 0.4 * rng.rand()
            out.append('box at=%s,%s size=%s,%s density=%s' % (num(x), num(y), num(w), num(h), density))
        elif kind == 1:
            sides = 5 + math.floor(4 * rng.rand())
            radius = 0.3 + 0.15 * rng.rand()
            out.append('ngon at=%s,%s sides=%d radius=%s density=%s' % (num(x), num(y), sides, num(radius), density))
        else:
            pts = []
            for k in range(6):
                a = 2 * math.pi * (k + 0.8 * rng.rand()) / 6
                rad = 0.25 + 0.2 * rng.rand()
                pts.append((rad * math.cos(a), rad * math.sin(a)))
            pts = convex_hull_in_order(pts)
            gx, gy = centroid(pts)
            # The points are offsets from `at`; put their centroid there.
            listing = ' '.join('%s,%s' % (num(px - gx), num(py - gy)) for px, py in pts)
            out.append('polygon at=%s,%s density=%s points=[%s]' % (num(x), num(y), density, listing))
    print('\n'.join(out))


if __name__ == '__main__':
    main()
