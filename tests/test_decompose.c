/* Unit tests for engine/decompose.c: every decomposition is checked for
 * convex pieces of positive winding drawn from the input's vertices, for
 * mass properties that add up to the polygon's, and for pieces that cover
 * the polygon without overlapping (by sampling a grid of points). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "flotsam/flotsam.h"

#define MAXV FL_DECOMPOSE_MAX
#define MAX_OUT (3 * (MAXV - 2))

/* ---- helpers ----------------------------------------------------------- */

/* Turn sign a -> b -> c, the same comparison fl_polygon_is_convex makes. */
static int orient(fl_vec2 a, fl_vec2 b, fl_vec2 c)
{
    double l = (b.x - a.x) * (c.y - a.y), r = (b.y - a.y) * (c.x - a.x);
    return (l > r) - (l < r);
}

static bool same(fl_vec2 a, fl_vec2 b) { return a.x == b.x && a.y == b.y; }

static void reverse_in_place(fl_vec2 *v, int n)
{
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        fl_vec2 t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* Copies v into out in positive winding. */
static void positive(const fl_vec2 *v, int n, fl_vec2 *out)
{
    for (int i = 0; i < n; i++)
        out[i] = v[i];
    if (fl_polygon_signed_area(out, n) < 0.0)
        reverse_in_place(out, n);
}

/* Strict left turns that are not exactly in line: reflex for a negative turn. */
static int count_reflex(const fl_vec2 *v, int n)
{
    int r = 0;
    for (int i = 0; i < n; i++)
        r += orient(v[(i + n - 1) % n], v[i], v[(i + 1) % n]) < 0;
    return r;
}

/* Signed distance of p from the line through a and b, positive on the left
 * (the inside of an edge of a polygon in positive winding). */
static double side(fl_vec2 a, fl_vec2 b, fl_vec2 p)
{
    fl_vec2 e = fl_sub(b, a);
    return fl_cross(e, fl_sub(p, a)) / fl_length(e);
}

/* Distance from p to the closed segment ab. */
static double segment_distance(fl_vec2 a, fl_vec2 b, fl_vec2 p)
{
    fl_vec2 e = fl_sub(b, a);
    double t = fmax(0.0, fmin(1.0, fl_dot(fl_sub(p, a), e) / fl_dot(e, e)));
    return fl_length(fl_sub(p, fl_lerp(a, b, t)));
}

/* Sample points are judged with a margin `tol`: a point that close to an
 * edge could fall on either side of it by rounding (the same diagonal
 * computed from its two ends, or an edge and a longer edge through it, need
 * not agree on a point right on the line), so it counts as on the edge. */

/* p strictly inside the simple polygon v: further than tol from every edge,
 * and a nonzero winding number. */
static bool strictly_inside_polygon(const fl_vec2 *v, int n, fl_vec2 p, double tol)
{
    int winding = 0;
    for (int i = 0; i < n; i++) {
        fl_vec2 a = v[i], b = v[(i + 1) % n];
        if (segment_distance(a, b, p) <= tol)
            return false;
        if (a.y <= p.y && b.y > p.y && orient(a, b, p) > 0)
            winding++;
        else if (a.y > p.y && b.y <= p.y && orient(a, b, p) < 0)
            winding--;
    }
    return winding != 0;
}

/* Containment in a convex piece of positive winding: strictly (further than
 * tol inside every edge) or closed (no further than tol outside any edge). */
static bool in_piece(const fl_vec2 *p, int n, fl_vec2 s, bool strict, double tol)
{
    for (int i = 0; i < n; i++) {
        double d = side(p[i], p[(i + 1) % n], s);
        if (strict ? d <= tol : d < -tol)
            return false;
    }
    return true;
}

typedef struct result {
    int count;
    fl_vec2 out[MAX_OUT];
    int starts[MAXV];
} result;

static void bounds(const fl_vec2 *v, int n, fl_vec2 *lo, fl_vec2 *hi)
{
    *lo = *hi = v[0];
    for (int i = 1; i < n; i++) {
        lo->x = fmin(lo->x, v[i].x);
        lo->y = fmin(lo->y, v[i].y);
        hi->x = fmax(hi->x, v[i].x);
        hi->y = fmax(hi->y, v[i].y);
    }
}

/* Every piece: at least 3 points, all of them input vertices and distinct,
 * convex with positive area. */
static void check_piece_shapes(const fl_vec2 *v, int n, const result *r)
{
    assert_int_equal(r->starts[0], 0);
    assert_true(r->starts[r->count] <= 3 * (n - 2));
    for (int k = 0; k < r->count; k++) {
        const fl_vec2 *p = r->out + r->starts[k];
        int m = r->starts[k + 1] - r->starts[k];
        assert_true(m >= 3);
        assert_true(fl_polygon_is_convex(p, m));
        assert_true(fl_polygon_signed_area(p, m) > 0.0);
        for (int i = 0; i < m; i++) {
            bool found = false;
            for (int j = 0; j < n && !found; j++)
                found = same(p[i], v[j]);
            assert_true(found);
            for (int j = i + 1; j < m; j++)
                assert_false(same(p[i], p[j]));
        }
    }
}

/* The parts' mass properties add up to the whole. The pieces share the
 * polygon's vertices, so each sum differs from the polygon's value only by
 * the roundings of shoelace sums of at most 2 * MAXV terms of size ~diam^2:
 * relative errors ~1e-14 for these shapes (whose areas are not small next
 * to diam^2), checked at 1e-12. Centroids are compared as first moments about
 * the polygon centroid, to 1e-12 of the polygon's size. Polar inertia uses
 * the parallel axis theorem: J = sum(J_i + A_i |c_i - c|^2). */
static void check_mass_props(const fl_vec2 *v, int n, const result *r)
{
    fl_mass_props whole = fl_polygon_mass_props(v, n);
    fl_vec2 lo, hi;
    bounds(v, n, &lo, &hi);
    double diam = fl_length(fl_sub(hi, lo));
    double area = 0.0, inertia = 0.0;
    fl_vec2 moment = fl_v2(0.0, 0.0);
    for (int k = 0; k < r->count; k++) {
        fl_mass_props mp =
            fl_polygon_mass_props(r->out + r->starts[k], r->starts[k + 1] - r->starts[k]);
        fl_vec2 d = fl_sub(mp.centroid, whole.centroid);
        area += mp.area;
        moment = fl_add(moment, fl_scale(d, mp.area));
        inertia += mp.inertia + mp.area * fl_dot(d, d);
    }
    ASSERT_REL(area, whole.area, 1e-12);
    ASSERT_NEAR(moment.x / whole.area, 0.0, 1e-12 * diam);
    ASSERT_NEAR(moment.y / whole.area, 0.0, 1e-12 * diam);
    ASSERT_REL(inertia, whole.inertia, 1e-12);
}

/* Samples a g x g grid over the bounding box, shifted by `shift` cells (0.5
 * puts points on the half-integers, 0 on the lattice itself, where integer
 * polygons have their edges): no point is strictly inside two pieces, and a
 * point strictly inside the polygon is in some closed piece. The margin is
 * 1e-12 of the polygon's size: sample points and distances carry roundings
 * of ~1e-16 of it. */
static void check_cover(const fl_vec2 *v, int n, const result *r, int g, double shift)
{
    fl_vec2 lo, hi;
    bounds(v, n, &lo, &hi);
    double tol = 1e-12 * fl_length(fl_sub(hi, lo));
    for (int i = 0; i <= g; i++) {
        for (int j = 0; j <= g; j++) {
            fl_vec2 s = fl_v2(lo.x + (hi.x - lo.x) * (i + shift) / g,
                              lo.y + (hi.y - lo.y) * (j + shift) / g);
            int strict = 0, closed = 0;
            for (int k = 0; k < r->count; k++) {
                const fl_vec2 *p = r->out + r->starts[k];
                int m = r->starts[k + 1] - r->starts[k];
                strict += in_piece(p, m, s, true, tol);
                closed += in_piece(p, m, s, false, tol);
            }
            if (strict > 1 || (closed == 0 && strictly_inside_polygon(v, n, s, tol))) {
                print_error("sample (%.17g, %.17g): strictly in %d pieces, closed in %d\n", s.x,
                            s.y, strict, closed);
                fail();
            }
        }
    }
}

/* Decomposes v (positive winding) and checks everything; returns the piece
 * count, which lies between the lower bound of any convex decomposition,
 * ceil(r / 2) + 1 for r reflex vertices, and Hertel–Mehlhorn's 2r + 1. */
static int check_decompose(const fl_vec2 *v, int n, result *r)
{
    r->count = fl_convex_decompose(v, n, r->out, r->starts);
    assert_true(r->count >= 1);
    int reflex = count_reflex(v, n);
    assert_true(r->count <= 2 * reflex + 1);
    assert_true(r->count >= (reflex + 1) / 2 + 1 || reflex == 0);
    check_piece_shapes(v, n, r);
    check_mass_props(v, n, r);
    check_cover(v, n, r, 24, 0.5);
    check_cover(v, n, r, 24, 0.0);
    check_cover(v, n, r, 23, 0.318309886183790671);
    return r->count;
}

/* check_decompose on every cyclic rotation of v: the count must not depend
 * on where the outline starts. */
static void check_all_rotations(const fl_vec2 *v, int n, int expected)
{
    fl_vec2 rot[MAXV];
    result r;
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++)
            rot[i] = v[(i + k) % n];
        int got = check_decompose(rot, n, &r);
        if (got != expected) {
            print_error("rotation %d: %d pieces, expected %d\n", k, got, expected);
            fail();
        }
    }
}

/* xorshift64: a fixed, portable stream of test inputs. */
static uint64_t next_u64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Uniform in [0, 1), 53 bits. */
static double next_unit(uint64_t *s) { return (double)(next_u64(s) >> 11) * 0x1.0p-53; }

static int next_int(uint64_t *s, int lo, int hi) /* inclusive */
{
    return lo + (int)(next_u64(s) % (uint64_t)(hi - lo + 1));
}

/* ---- fixed shapes ------------------------------------------------------ */

static void test_convex_box_is_copied(void **state)
{
    (void)state;
    const fl_vec2 box[] = {{-1.5, 2.0}, {3.25, 2.0}, {3.25, 7.0}, {-1.5, 7.0}};
    result r;
    assert_int_equal(check_decompose(box, 4, &r), 1);
    assert_int_equal(r.starts[1], 4);
    for (int i = 0; i < 4; i++)
        assert_true(same(r.out[i], box[i]));
    /* A convex outline with points in the middle of its edges is a copy too. */
    const fl_vec2 mid[] = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}, {1, 2}, {0, 2}, {0, 1}};
    assert_int_equal(check_decompose(mid, 8, &r), 1);
    assert_int_equal(r.starts[1], 8);
    for (int i = 0; i < 8; i++)
        assert_true(same(r.out[i], mid[i]));
}

static void test_convex_64gon_is_copied(void **state)
{
    (void)state;
    fl_vec2 v[64];
    for (int i = 0; i < 64; i++) {
        double a = 2.0 * FL_PI * i / 64;
        v[i] = fl_v2(5.0 + 2.0 * cos(a), -1.0 + 2.0 * sin(a));
    }
    result r;
    assert_int_equal(check_decompose(v, 64, &r), 1);
    assert_int_equal(r.starts[1], 64);
    for (int i = 0; i < 64; i++)
        assert_true(same(r.out[i], v[i]));
}

static void test_u_three_pieces(void **state)
{
    (void)state;
    const fl_vec2 u[] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
    fl_vec2 v[8];
    positive(u, 8, v);
    /* Two reflex vertices, and the two arms cannot share a convex piece with
     * each other: at least 3 pieces, and Hertel–Mehlhorn finds 3. */
    check_all_rotations(v, 8, 3);
}

static void test_l_two_pieces(void **state)
{
    (void)state;
    const fl_vec2 l[] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 3}, {0, 3}};
    fl_vec2 v[6];
    positive(l, 6, v);
    check_all_rotations(v, 6, 2);
}

static void test_star(void **state)
{
    (void)state;
    fl_vec2 v[10];
    for (int i = 0; i < 10; i++) {
        double a = 2.0 * FL_PI * i / 10, rad = (i % 2) ? 0.4 : 1.0;
        v[i] = fl_v2(rad * cos(a), rad * sin(a));
    }
    assert_true(fl_polygon_signed_area(v, 10) > 0.0);
    result r;
    /* No convex piece holds two points of the star (the segment between
     * them crosses a notch): at least 5 pieces. A piece per point plus the
     * central pentagon makes 6. */
    int count = check_decompose(v, 10, &r);
    assert_true(count >= 5 && count <= 6);
}

static void test_comb(void **state)
{
    (void)state;
    /* Spine [0, 2t - 1] x [0, 1] with t teeth [2i, 2i + 1] x [1, 4]. */
    enum { TEETH = 20 };
    fl_vec2 v[4 * TEETH];
    int n = 0;
    v[n++] = fl_v2(0, 0);
    v[n++] = fl_v2(2 * TEETH - 1, 0);
    for (int i = TEETH - 1; i >= 0; i--) {
        v[n++] = fl_v2(2 * i + 1, 4);
        v[n++] = fl_v2(2 * i, 4);
        if (i > 0) {
            v[n++] = fl_v2(2 * i, 1);
            v[n++] = fl_v2(2 * i - 1, 1);
        }
    }
    /* The spine ends under the first and last teeth, so (0, 1) and
     * (2t - 1, 1) are not vertices; t - 1 gaps give 2(t - 1) reflex corners. */
    assert_int_equal(n, 4 * TEETH);
    if (fl_polygon_signed_area(v, n) < 0.0)
        reverse_in_place(v, n);
    assert_true(fl_polygon_is_simple(v, n));
    assert_int_equal(count_reflex(v, n), 2 * (TEETH - 1));
    result r;
    int count = check_decompose(v, n, &r);
    /* Each tooth is a piece of its own (no convex piece holds two teeth),
     * and the spine needs at least one more. */
    assert_true(count >= TEETH + 1);
}

static void test_spiral(void **state)
{
    (void)state;
    /* An arm of width 0.5 wound three times, the radius growing 1.0 a turn:
     * outer side out, inner side back. */
    enum { SIDE = 100 };
    fl_vec2 v[2 * SIDE];
    const double turns = 3.0, w = 0.5;
    for (int i = 0; i < SIDE; i++) {
        double t = 2.0 * FL_PI * turns * i / (SIDE - 1);
        double r = 1.0 + t / (2.0 * FL_PI);
        v[i] = fl_v2((r + w) * cos(t), (r + w) * sin(t));
        v[2 * SIDE - 1 - i] = fl_v2(r * cos(t), r * sin(t));
    }
    if (fl_polygon_signed_area(v, 2 * SIDE) < 0.0)
        reverse_in_place(v, 2 * SIDE);
    assert_true(fl_polygon_is_simple(v, 2 * SIDE));
    result r;
    check_decompose(v, 2 * SIDE, &r);
}

static void test_collinear_points(void **state)
{
    (void)state;
    /* The L and the U with points in the middle of edges (and several in a
     * row): the piece counts do not change. */
    const fl_vec2 l[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 0.5}, {3, 1}, {2, 1},
                         {1, 1}, {1, 2}, {1, 3}, {0.5, 3}, {0, 3}, {0, 2}, {0, 1}};
    fl_vec2 v[16];
    positive(l, COUNT(l), v);
    check_all_rotations(v, COUNT(l), 2);
    const fl_vec2 u[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}, {3, 3},
                         {2, 3}, {2, 2}, {2, 1}, {1.5, 1}, {1, 1}, {1, 2}, {1, 3},
                         {0, 3}, {0, 2}, {0, 1}};
    fl_vec2 w[20];
    positive(u, COUNT(u), w);
    check_all_rotations(w, COUNT(u), 3);
    /* A trapezoid whose every side carries points, with a notch in its top.
     * Two pieces would do, but only by merging through the collinear points
     * (1, 0) or (2, 0); Hertel–Mehlhorn may stop at its bound of 3. */
    const fl_vec2 t[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {3, 1}, {2, 2},
                         {1.5, 1}, {1, 2}, {0.5, 1}};
    fl_vec2 x[12];
    positive(t, COUNT(t), x);
    for (int k = 0; k < COUNT(t); k++) {
        fl_vec2 rot[12];
        result r;
        for (int i = 0; i < COUNT(t); i++)
            rot[i] = x[(i + k) % COUNT(t)];
        int count = check_decompose(rot, COUNT(t), &r);
        assert_true(count == 2 || count == 3);
    }
}

static void test_reflex_on_edge_line(void **state)
{
    (void)state;
    /* The arrow: the reflex tip (2, 2) lies on the diagonal from (0, 0) to
     * (4, 4), so cutting the ear at (4, 0) would leave a zero-width spike. */
    const fl_vec2 arrow[] = {{0, 0}, {4, 0}, {4, 4}, {2, 2}, {0, 4}};
    fl_vec2 v[16];
    positive(arrow, 5, v);
    check_all_rotations(v, 5, 2);
    /* The reflex dent (2, 2) lies on the line y = 2 of the edge from (6, 2)
     * to (5, 2); (5, 2) is reflex too and sees (2, 2) along that line. */
    const fl_vec2 dent[] = {{0, 0}, {6, 0}, {6, 2}, {5, 2}, {5, 4},
                            {0, 4}, {0, 3}, {2, 2}, {0, 1}};
    positive(dent, 9, v);
    result r;
    for (int k = 0; k < 9; k++) {
        fl_vec2 rot[9];
        for (int i = 0; i < 9; i++)
            rot[i] = v[(i + k) % 9];
        int count = check_decompose(rot, 9, &r);
        assert_true(count >= 2 && count <= 4);
    }
    /* A V notch in a box whose tip (2, 1) lies on the segment from (0, 0)
     * to (4, 2): the ear at (4, 0) must be refused. The notch opens 270
     * degrees and no vertex lies in the 90-degree range a single diagonal
     * would need, so without extra points 3 pieces is the least; one reflex
     * vertex bounds Hertel–Mehlhorn at 3 as well. */
    const fl_vec2 zig[] = {{0, 0}, {4, 0}, {4, 2}, {3, 2}, {2, 1},
                           {1, 2}, {0, 2}};
    positive(zig, 7, v);
    check_all_rotations(v, 7, 3);
}

static void test_bad_input(void **state)
{
    (void)state;
    result r;
    const fl_vec2 bowtie[] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
    assert_int_equal(fl_convex_decompose(bowtie, 4, r.out, r.starts), -1);
    const fl_vec2 two[] = {{0, 0}, {1, 0}};
    assert_int_equal(fl_convex_decompose(two, 2, r.out, r.starts), -1);
    const fl_vec2 line[] = {{0, 0}, {1, 1}, {3, 3}};
    assert_int_equal(fl_convex_decompose(line, 3, r.out, r.starts), -1);
    const fl_vec2 flat[] = {{0, 0}, {2, 0}, {1, 0}, {3, 0}};
    assert_int_equal(fl_convex_decompose(flat, 4, r.out, r.starts), -1);
    /* Negative winding, convex and concave. */
    const fl_vec2 box[] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    assert_true(fl_polygon_signed_area(box, 4) < 0.0);
    assert_int_equal(fl_convex_decompose(box, 4, r.out, r.starts), -1);
    const fl_vec2 l[] = {{0, 0}, {0, 3}, {1, 3}, {1, 1}, {3, 1}, {3, 0}};
    assert_true(fl_polygon_signed_area(l, 6) < 0.0);
    assert_int_equal(fl_convex_decompose(l, 6, r.out, r.starts), -1);
    /* A repeated point, a NaN, too many points. */
    const fl_vec2 dup[] = {{0, 0}, {1, 0}, {1, 0}, {1, 1}};
    assert_int_equal(fl_convex_decompose(dup, 4, r.out, r.starts), -1);
    const fl_vec2 nan[] = {{0, 0}, {1, 0}, {NAN, 1}};
    assert_int_equal(fl_convex_decompose(nan, 3, r.out, r.starts), -1);
    static fl_vec2 big[MAXV + 1];
    for (int i = 0; i <= MAXV; i++) {
        double a = 2.0 * FL_PI * i / (MAXV + 1);
        big[i] = fl_v2(cos(a), sin(a));
    }
    assert_int_equal(fl_convex_decompose(big, MAXV + 1, r.out, r.starts), -1);
    assert_int_equal(fl_convex_decompose(big, MAXV, r.out, r.starts), 1);
}

/* ---- random polygons --------------------------------------------------- */

/* A star-shaped polygon: n sorted random angles, random radii. Returns false
 * when the draw is not simple (angle gaps over pi can fold it). */
static bool random_star(uint64_t *s, int n, fl_vec2 *v)
{
    double ang[MAXV];
    for (int i = 0; i < n; i++)
        ang[i] = 2.0 * FL_PI * next_unit(s);
    for (int i = 1; i < n; i++) /* insertion sort */
        for (int j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
            double t = ang[j];
            ang[j] = ang[j - 1];
            ang[j - 1] = t;
        }
    fl_vec2 centre = fl_v2(20.0 * next_unit(s) - 10.0, 20.0 * next_unit(s) - 10.0);
    for (int i = 0; i < n; i++) {
        double rad = 0.1 + 2.0 * next_unit(s);
        v[i] = fl_v2(centre.x + rad * cos(ang[i]), centre.y + rad * sin(ang[i]));
    }
    return fl_polygon_is_simple(v, n) && fl_polygon_signed_area(v, n) > 0.0;
}

static void test_random_stars(void **state)
{
    (void)state;
    uint64_t s = 0x9E3779B97F4A7C15u;
    fl_vec2 v[64];
    result r;
    int done = 0, tries = 0, concave = 0;
    while (done < 500) {
        assert_true(++tries < 5000);
        int n = next_int(&s, 3, 64);
        if (!random_star(&s, n, v)) {
            /* Still a valid call: the answer must be -1. */
            if (!fl_polygon_is_simple(v, n))
                assert_int_equal(fl_convex_decompose(v, n, r.out, r.starts), -1);
            continue;
        }
        concave += check_decompose(v, n, &r) > 1;
        done++;
    }
    assert_true(concave > 400);
}

/* A histogram: unit columns on a flat base, random integer heights, drawn
 * right to left. Equal neighbours share one top edge, leaving a point in its
 * middle. */
static int random_histogram(uint64_t *s, fl_vec2 *v)
{
    int cols = next_int(s, 1, 31), n = 0;
    int h[32];
    for (int i = 0; i < cols; i++)
        h[i] = next_int(s, 1, 6);
    v[n++] = fl_v2(0, 0);
    v[n++] = fl_v2(cols, 0);
    for (int i = cols - 1; i >= 0; i--) {
        if (i == cols - 1 || h[i] != h[i + 1])
            v[n++] = fl_v2(i + 1, h[i]);
        v[n++] = fl_v2(i, h[i]);
    }
    return n;
}

/* A staircase: from (w, 0) it climbs in steps up and to the left to
 * (0, h), and back along the axes. Every inner corner is reflex. */
static int random_staircase(uint64_t *s, fl_vec2 *v)
{
    int steps = next_int(s, 1, 30), n = 0;
    int x = 0, y = 0;
    for (int i = 0; i < steps; i++)
        x += next_int(s, 1, 5);
    v[n++] = fl_v2(0, 0);
    v[n++] = fl_v2(x, 0);
    for (int i = 0; i < steps; i++) {
        y += next_int(s, 1, 5);
        v[n++] = fl_v2(x, y);
        x -= next_int(s, 1, 5);
        if (i == steps - 1 || x <= 0)
            x = 0;
        v[n++] = fl_v2(x, y);
        if (x == 0)
            break;
    }
    return n;
}

static void test_random_orthogonal(void **state)
{
    (void)state;
    uint64_t s = 0x243F6A8885A308D3u;
    fl_vec2 v[80];
    result r;
    for (int k = 0; k < 300; k++) {
        int n = (k % 2) ? random_staircase(&s, v) : random_histogram(&s, v);
        if (fl_polygon_signed_area(v, n) < 0.0)
            reverse_in_place(v, n);
        assert_true(n <= 64);
        assert_true(fl_polygon_is_simple(v, n));
        check_decompose(v, n, &r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convex_box_is_copied),
        cmocka_unit_test(test_convex_64gon_is_copied),
        cmocka_unit_test(test_u_three_pieces),
        cmocka_unit_test(test_l_two_pieces),
        cmocka_unit_test(test_star),
        cmocka_unit_test(test_comb),
        cmocka_unit_test(test_spiral),
        cmocka_unit_test(test_collinear_points),
        cmocka_unit_test(test_reflex_on_edge_line),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_random_stars),
        cmocka_unit_test(test_random_orthogonal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
