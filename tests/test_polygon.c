/* Unit tests for engine/polygon.c: mass properties of known shapes, the
 * simplicity and convexity predicates, and the half-plane clipper.
 * Every expected value below comes from geometry worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flotsam/flotsam.h"

static void reversed(const fl_vec2 *v, int n, fl_vec2 *out)
{
    for (int i = 0; i < n; i++)
        out[i] = v[n - 1 - i];
}

static fl_halfplane hp(double nx, double ny, double offset)
{
    return (fl_halfplane){fl_v2(nx, ny), offset};
}

/* The complementary closed half-plane {p : dot(n, p) <= offset}. */
static fl_halfplane hp_flip(fl_halfplane h) { return hp(-h.normal.x, -h.normal.y, -h.offset); }

static double area_of(const fl_vec2 *v, int n, fl_vec2 *centroid)
{
    return fl_polygon_area_centroid(v, n, centroid);
}

/* ---- shapes ------------------------------------------------------------ */

static const fl_vec2 L_SHAPE[] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 3}, {0, 3}};
static const fl_vec2 U_SHAPE[] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};

static int regular_ngon(int n, double r, fl_vec2 centre, fl_vec2 *out)
{
    for (int i = 0; i < n; i++) {
        double a = 2.0 * FL_PI * i / n;
        out[i] = fl_v2(centre.x + r * cos(a), centre.y + r * sin(a));
    }
    return n;
}

/* Checks mass props of `v` and of its reverse against the expected values.
 * `sign` is the expected sign of the signed area of `v` as given. */
static void check_props(const fl_vec2 *v, int n, double area, fl_vec2 c, double j, int sign,
                        double rel_area, double abs_c, double rel_j)
{
    fl_vec2 r[128];
    assert_true(n <= COUNT(r));
    reversed(v, n, r);
    for (int pass = 0; pass < 2; pass++) {
        const fl_vec2 *p = pass ? r : v;
        int s = pass ? -sign : sign;
        fl_mass_props mp = fl_polygon_mass_props(p, n);
        ASSERT_REL(mp.area, area, rel_area);
        ASSERT_NEAR(mp.centroid.x, c.x, abs_c);
        ASSERT_NEAR(mp.centroid.y, c.y, abs_c);
        ASSERT_REL(mp.inertia, j, rel_j);

        fl_vec2 c2 = fl_v2(NAN, NAN);
        double a2 = fl_polygon_area_centroid(p, n, &c2);
        ASSERT_REL(a2, area, rel_area);
        ASSERT_NEAR(c2.x, c.x, abs_c);
        ASSERT_NEAR(c2.y, c.y, abs_c);

        ASSERT_REL(fl_polygon_signed_area(p, n), s * area, rel_area);
    }
}

/* ---- mass properties --------------------------------------------------- */

static void test_rectangle_off_origin(void **state)
{
    (void)state;
    const double w = 3.0, h = 2.0, x0 = 1000.0, y0 = -250.0;
    /* Runs +x then +y: positive winding by the header's convention. */
    const fl_vec2 v[] = {{x0, y0}, {x0 + w, y0}, {x0 + w, y0 + h}, {x0, y0 + h}};
    /* Area: differences from v[0] are small integers, so the shoelace is
     * exact in binary. */
    ASSERT_EXACT(fl_polygon_signed_area(v, 4), w * h);
    /* Centroid: one division by 3*twice; 1e-12 absolute is ~10 ulps at 1000.
     * Inertia: taken about the rounded centroid (error ~1e-13 at 1000),
     * relative to a size-3 box: 1e-12 relative. */
    check_props(v, 4, w * h, fl_v2(x0 + w / 2, y0 + h / 2), w * h * (w * w + h * h) / 12.0, +1,
                0.0, 1e-12, 1e-12);

    /* A non-dyadic box far away: every value a few roundings off, scaled
     * by coordinates of 1e3 relative to a size ~0.3 box: 1e-10 relative. */
    const double w2 = 0.3, h2 = 0.7;
    const fl_vec2 v2[] = {{x0, y0}, {x0 + w2, y0}, {x0 + w2, y0 + h2}, {x0, y0 + h2}};
    check_props(v2, 4, w2 * h2, fl_v2(x0 + w2 / 2, y0 + h2 / 2),
                w2 * h2 * (w2 * w2 + h2 * h2) / 12.0, +1, 1e-10, 1e-12, 1e-10);
}

static void test_right_triangle(void **state)
{
    (void)state;
    const double a = 4.0, b = 7.0;
    const fl_vec2 o = {-12.5, 30.25};
    const fl_vec2 v[] = {o, {o.x + a, o.y}, {o.x, o.y + b}};
    const double area = a * b / 2;
    /* Area exact (dyadic differences); centroid one division: 1e-13 abs at
     * coordinates ~30; inertia a dozen roundings: 1e-13 relative. */
    check_props(v, 3, area, fl_v2(o.x + a / 3, o.y + b / 3), area * (a * a + b * b) / 18.0, +1,
                0.0, 1e-13, 1e-13);
}

static void test_regular_ngons(void **state)
{
    (void)state;
    const int ns[] = {3, 6, 64};
    const double r = 2.5;
    const fl_vec2 centre = {7.0, -3.0};
    for (int k = 0; k < COUNT(ns); k++) {
        int n = ns[k];
        fl_vec2 v[64];
        regular_ngon(n, r, centre, v);
        double area = n * r * r * sin(2 * FL_PI / n) / 2;
        double cpn = cos(FL_PI / n);
        double j = area * r * r / 6 * (1 + 2 * cpn * cpn);
        /* Vertices carry ~1 ulp of rounding from cos/sin; sums of n terms:
         * 1e-13 relative (n = 64) and 1e-13 absolute for the centroid. */
        check_props(v, n, area, centre, j, +1, 1e-13, 1e-13, 1e-13);
    }
}

static void test_concave_L(void **state)
{
    (void)state;
    /* L = bar R1 = [0,3]x[0,1] (area 3, centroid (1.5,0.5), J1 = 3(9+1)/12 = 2.5)
     *   + bar R2 = [0,1]x[1,3] (area 2, centroid (0.5,2),   J2 = 2(1+4)/12 = 5/6).
     * Area 5; centroid ((3*1.5 + 2*0.5)/5, (3*0.5 + 2*2)/5) = (1.1, 1.1).
     * Parallel axis: d1 = (0.4,-0.6), |d1|^2 = 0.52, 3*0.52 = 1.56;
     *                d2 = (-0.6,0.9), |d2|^2 = 1.17, 2*1.17 = 2.34.
     * J = 2.5 + 5/6 + 1.56 + 2.34 = 217/30. */
    /* Area exact (integers); centroid and J a few roundings: 1e-14. */
    check_props(L_SHAPE, 6, 5.0, fl_v2(1.1, 1.1), 217.0 / 30.0, +1, 0.0, 1e-14, 1e-14);
    /* The centroid pointer may be NULL (area still exact). */
    ASSERT_EXACT(fl_polygon_area_centroid(L_SHAPE, 6, NULL), 5.0);
}

static void test_degenerate_area(void **state)
{
    (void)state;
    const fl_vec2 line[] = {{0, 0}, {1, 1}, {3, 3}};
    /* Collinear points: every cross product is exactly 0. */
    ASSERT_EXACT(fl_polygon_signed_area(line, 3), 0.0);
    fl_vec2 c = fl_v2(42, 42);
    ASSERT_EXACT(fl_polygon_area_centroid(line, 3, &c), 0.0);
    fl_mass_props mp = fl_polygon_mass_props(line, 3);
    ASSERT_EXACT(mp.area, 0.0);
    ASSERT_EXACT(mp.inertia, 0.0);
    /* Fewer than 3 points have no area. */
    ASSERT_EXACT(fl_polygon_signed_area(line, 2), 0.0);
}

/* ---- simplicity and convexity ----------------------------------------- */

/* fl_polygon_is_simple on every cyclic rotation of v, in both windings, so
 * that the answer cannot depend on which vertex comes first. */
static void check_simple_all_rotations(const fl_vec2 *v, int n, bool expected)
{
    fl_vec2 rot[64], rev[64];
    assert_true(n <= 64);
    reversed(v, n, rev);
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++)
            rot[i] = v[(i + k) % n];
        if (fl_polygon_is_simple(rot, n) != expected) {
            print_error("rotation %d of a %d-gon: is_simple != %d\n", k, n, (int)expected);
            fail();
        }
        for (int i = 0; i < n; i++)
            rot[i] = rev[(i + k) % n];
        if (fl_polygon_is_simple(rot, n) != expected) {
            print_error("reversed rotation %d of a %d-gon: is_simple != %d\n", k, n,
                        (int)expected);
            fail();
        }
    }
}

static void test_is_simple(void **state)
{
    (void)state;
    const fl_vec2 box[] = {{0, 0}, {2, 0}, {2, 1}, {0, 1}};
    const fl_vec2 tri[] = {{0, 0}, {4, 0}, {0, 7}};
    fl_vec2 ng[64];
    check_simple_all_rotations(box, 4, true);
    check_simple_all_rotations(tri, 3, true);
    check_simple_all_rotations(L_SHAPE, 6, true);
    check_simple_all_rotations(U_SHAPE, 8, true);
    const int ns[] = {3, 6, 64};
    for (int k = 0; k < COUNT(ns); k++) {
        regular_ngon(ns[k], 1.0, fl_v2(0, 0), ng);
        check_simple_all_rotations(ng, ns[k], true);
    }
    /* A collinear vertex in the middle of an edge is still simple. */
    const fl_vec2 mid[] = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}};
    check_simple_all_rotations(mid, 5, true);

    /* Bow-ties: edges 0 and 2 cross; then edges 1 and 3 (the closing edge).
     * These symmetric ones also have zero signed area... */
    const fl_vec2 bowtie[] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    check_simple_all_rotations(bowtie, 4, false);
    const fl_vec2 bowtie2[] = {{0, 0}, {2, 0}, {0, 2}, {2, 2}};
    check_simple_all_rotations(bowtie2, 4, false);
    /* ...so also lopsided ones, whose lobes do not cancel. The edge from
     * (4,0) to (0,2) (y = 2 - x/2) meets y = x at (4/3, 4/3) and y = 2x at
     * (0.8, 1.6), inside both segments each time. */
    const fl_vec2 lopsided[] = {{0, 0}, {4, 4}, {4, 0}, {0, 2}};
    assert_true(fl_polygon_signed_area(lopsided, 4) != 0.0);
    check_simple_all_rotations(lopsided, 4, false);
    const fl_vec2 lopsided2[] = {{0, 0}, {4, 0}, {0, 2}, {3, 6}};
    assert_true(fl_polygon_signed_area(lopsided2, 4) != 0.0);
    check_simple_all_rotations(lopsided2, 4, false);
    /* A point repeated consecutively (a zero-length edge). */
    const fl_vec2 repeated[] = {{0, 0}, {1, 0}, {1, 0}, {0, 1}};
    check_simple_all_rotations(repeated, 4, false);
    /* The same point twice, not consecutively: two triangles meeting at (1,1). */
    const fl_vec2 pinch[] = {{0, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 2}, {1, 1}};
    check_simple_all_rotations(pinch, 6, false);
    /* Vertex (2,0) touches the interior of the non-adjacent edge (0,0)-(4,0). */
    const fl_vec2 touch[] = {{0, 0}, {4, 0}, {4, 4}, {2, 0}, {0, 4}};
    check_simple_all_rotations(touch, 5, false);
    /* Edge (2,0)->(1,0) folds back along (0,0)->(2,0). */
    const fl_vec2 fold[] = {{0, 0}, {2, 0}, {1, 0}, {1, 2}};
    check_simple_all_rotations(fold, 4, false);
    const fl_vec2 fold3[] = {{0, 0}, {2, 0}, {1, 0}};
    check_simple_all_rotations(fold3, 3, false);
    /* Zero area: all points on a line. */
    const fl_vec2 flat[] = {{0, 0}, {1, 1}, {3, 3}};
    check_simple_all_rotations(flat, 3, false);
    /* Zero area in floating point: a right triangle of legs 1e-200 whose
     * cross products (1e-400) underflow to zero. No edge visibly folds back
     * or crosses, so only the area test can reject it. */
    const fl_vec2 tiny[] = {{0, 0}, {1e-200, 0}, {0, 1e-200}};
    ASSERT_EXACT(fl_polygon_signed_area(tiny, 3), 0.0);
    check_simple_all_rotations(tiny, 3, false);
    /* Too few points. */
    assert_false(fl_polygon_is_simple(box, 2));
}

static void test_is_convex(void **state)
{
    (void)state;
    const fl_vec2 box[] = {{0, 0}, {2, 0}, {2, 1}, {0, 1}};
    const fl_vec2 tri[] = {{0, 0}, {4, 0}, {0, 7}};
    fl_vec2 ng[64], rev[64];
    assert_true(fl_polygon_is_convex(box, 4));
    assert_true(fl_polygon_is_convex(tri, 3));
    reversed(box, 4, rev);
    assert_true(fl_polygon_is_convex(rev, 4));
    const int ns[] = {3, 6, 64};
    for (int k = 0; k < COUNT(ns); k++) {
        regular_ngon(ns[k], 3.0, fl_v2(1, 2), ng);
        assert_true(fl_polygon_is_convex(ng, ns[k]));
        reversed(ng, ns[k], rev);
        assert_true(fl_polygon_is_convex(rev, ns[k]));
    }
    assert_false(fl_polygon_is_convex(L_SHAPE, 6));
    reversed(L_SHAPE, 6, rev);
    assert_false(fl_polygon_is_convex(rev, 6));
    assert_false(fl_polygon_is_convex(U_SHAPE, 8));
}

/* ---- clipping ---------------------------------------------------------- */

/* Clips and checks the area and centroid of the result. */
static int clip_check(const fl_vec2 *v, int n, fl_halfplane h, double area, fl_vec2 c,
                      double tol_area, double tol_c, fl_vec2 *out)
{
    int m = fl_clip_halfplane(v, n, h, out);
    assert_in_range(m, 0, FL_CLIP_MAX_OUT(n));
    fl_vec2 got = fl_v2(NAN, NAN);
    double a = area_of(out, m, &got);
    ASSERT_NEAR(a, area, tol_area);
    if (area > 0) {
        ASSERT_NEAR(got.x, c.x, tol_c);
        ASSERT_NEAR(got.y, c.y, tol_c);
    }
    /* Every output vertex is in the closed half-plane (up to the rounding of
     * a crossing point: 1e-12 at these unit-size coordinates). */
    for (int i = 0; i < m; i++)
        assert_true(fl_dot(h.normal, out[i]) - h.offset >= -1e-12);
    return m;
}

static void test_clip_triangle(void **state)
{
    (void)state;
    const fl_vec2 tri[] = {{0, 0}, {4, 0}, {0, 4}};
    fl_vec2 out[8];
    /* y >= 2 leaves (0,2),(2,2),(0,4): area 2, centroid (2/3, 8/3).
     * Crossings are exact midpoints; the centroid has one division: 1e-12. */
    int m = clip_check(tri, 3, hp(0, 1, 2), 2.0, fl_v2(2.0 / 3, 8.0 / 3), 1e-12, 1e-12, out);
    assert_int_equal(m, 3);
    /* The complement y <= 2 is the trapezoid: area 8 - 2 = 6; centroid from
     * (8*(4/3, 4/3) - 2*(2/3, 8/3)) / 6 = (28/3, 16/3) / 6 = (14/9, 8/9);
     * directly, x_bar = int_0^2 (4-y)^2/2 dy / 6 = (56/6) / 6 = 14/9. */
    clip_check(tri, 3, hp(0, -1, -2), 6.0, fl_v2(14.0 / 9, 8.0 / 9), 1e-12, 1e-12, out);
}

/* The submerged part of a rotated 2x2 square, from the body-frame integral
 * (see the brief; derivation repeated here):
 * world p = R(theta) (u, v), so y = u sin + v cos >= s  <=>  v >= v0 - t u
 * with v0 = s / cos, t = tan. For u in [-1, 1] the lower bound stays inside
 * [-1, 1] when |v0| + |t| <= 1, so
 *   A     = int (1 - v0 + t u) du                      = 2 (1 - v0)
 *   u_bar = (1/A) int u (1 - v0 + t u) du              = t * 2/3 / A
 *   v_bar = (1/A) int (1 - (v0 - t u)^2) / 2 du        = (2 - 2 v0^2 - t^2 2/3) / (2A)
 * and the world centroid is R(theta) (u_bar, v_bar). */
static void test_clip_rotated_square(void **state)
{
    (void)state;
    const double degs[] = {0.0, 10.0, 30.0, -20.0};
    const double fracs[] = {-0.9, -0.5, 0.0, 0.3, 0.8};
    const double w = 2.0, h = 2.0;
    const fl_vec2 corners[] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int k = 0; k < COUNT(degs); k++) {
        double th = degs[k] * FL_PI / 180.0;
        fl_rot r = fl_rot_from(th);
        fl_vec2 sq[4];
        for (int i = 0; i < 4; i++)
            sq[i] = fl_rotate(r, corners[i]);
        /* Largest |s| for which the line crosses both sides u = +-1. */
        double smax = cos(th) - fabs(sin(th));
        for (int f = 0; f < COUNT(fracs); f++) {
            double s = fracs[f] * smax;
            double t = tan(th), v0 = s / cos(th);
            double area = w * (h / 2 - v0);
            double ub = t * w * w * w / (12 * area);
            double vb = (w * h * h / 4 - w * v0 * v0 - t * t * w * w * w / 12) / (2 * area);
            fl_vec2 c = fl_rotate(r, fl_v2(ub, vb));
            fl_vec2 out[8];
            /* Unit-size shape, a few dozen roundings: 1e-12 absolute. */
            int m = clip_check(sq, 4, hp(0, 1, s), area, c, 1e-12, 1e-12, out);
            /* Two corners below the line and one crossing on each side. */
            assert_int_equal(m, 4);
            /* The other side is the rest of the square (area 4). */
            fl_vec2 c_rest = fl_scale(c, -area / (4 - area));
            clip_check(sq, 4, hp(0, -1, -s), 4 - area, c_rest, 1e-12, 1e-12, out);
        }
    }

    /* 45 degrees: the diamond with apex (0, sqrt2) at the bottom (y down).
     * y >= c keeps a right isosceles triangle of height sqrt2 - c and half
     * base sqrt2 - c: area (sqrt2 - c)^2, centroid y = c + (sqrt2 - c)/3. */
    fl_rot r45 = fl_rot_from(FL_PI / 4);
    fl_vec2 dia[4];
    for (int i = 0; i < 4; i++)
        dia[i] = fl_rotate(r45, corners[i]);
    /* (c = 0 would put the side corners on the line, where the rounding
     * of cos/sin decides which side they fall.) */
    const double cs[] = {0.1, 0.25, 0.7, 1.2};
    for (int k = 0; k < COUNT(cs); k++) {
        double c = cs[k], d = sqrt(2.0) - c;
        fl_vec2 out[8];
        /* Vertices from cos/sin are within an ulp of the ideal diamond: 1e-12. */
        int m = clip_check(dia, 4, hp(0, 1, c), d * d, fl_v2(0, c + d / 3), 1e-12, 1e-12, out);
        assert_int_equal(m, 3);
    }
}

static void test_clip_concave(void **state)
{
    (void)state;
    fl_vec2 out[16];
    /* L, y >= 2: the top of the upright bar, [0,1]x[2,3]. Exact inputs and
     * crossings; one division in the centroid: 1e-12. */
    clip_check(L_SHAPE, 6, hp(0, 1, 2), 1.0, fl_v2(0.5, 2.5), 1e-12, 1e-12, out);
    /* L, y >= 0.5: [0,3]x[0.5,1] (area 1.5, centroid (1.5, 0.75)) plus
     * [0,1]x[1,3] (area 2, centroid (0.5, 2)). */
    clip_check(L_SHAPE, 6, hp(0, 1, 0.5), 3.5,
               fl_v2((1.5 * 1.5 + 2 * 0.5) / 3.5, (1.5 * 0.75 + 2 * 2) / 3.5), 1e-12, 1e-12,
               out);

    /* U, y >= 2: the tops of both prongs, [0,1]x[2,3] and [2,3]x[2,3], in one
     * output polygon joined by a zero-width edge along y = 2. */
    int m = fl_clip_halfplane(U_SHAPE, 8, hp(0, 1, 2), out);
    assert_in_range(m, 3, FL_CLIP_MAX_OUT(8));
    fl_vec2 c = fl_v2(NAN, NAN);
    /* Every coordinate is a small integer: the area is exact. */
    ASSERT_EXACT(area_of(out, m, &c), 2.0);
    /* One division by 3*twice: 1e-12. */
    ASSERT_NEAR(c.x, 1.5, 1e-12);
    ASSERT_NEAR(c.y, 2.5, 1e-12);
    /* The reversed U gives the same. */
    fl_vec2 ru[8];
    reversed(U_SHAPE, 8, ru);
    clip_check(ru, 8, hp(0, 1, 2), 2.0, fl_v2(1.5, 2.5), 0.0, 1e-12, out);
}

static void test_clip_touching(void **state)
{
    (void)state;
    const fl_vec2 tri[] = {{0, 0}, {2, 2}, {-2, 2}};
    fl_vec2 out[8];
    /* Touches y = 0 at its apex only. y >= 0 keeps it all: base 4, height 2,
     * area 4 (exact), centroid (0, 4/3) (one division: 1e-12). */
    int m = clip_check(tri, 3, hp(0, 1, 0), 4.0, fl_v2(0, 4.0 / 3), 0.0, 1e-12, out);
    assert_int_equal(m, 3);
    /* y <= 0 keeps only the apex: zero area (exact). The header's rule
     * (each inside vertex once, one per crossing; an on-line vertex is no
     * crossing) makes that the apex alone. */
    m = fl_clip_halfplane(tri, 3, hp(0, -1, 0), out);
    assert_int_equal(m, 1);
    ASSERT_EXACT(out[0].x, 0.0);
    ASSERT_EXACT(out[0].y, 0.0);
    ASSERT_EXACT(fl_polygon_signed_area(out, m), 0.0);
    ASSERT_EXACT(area_of(out, m, NULL), 0.0);

    /* Unit square with its bottom edge (y = 1, y down) on the line. */
    const fl_vec2 sq[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    m = fl_clip_halfplane(sq, 4, hp(0, 1, 1), out);
    /* Only the two on-line corners, each written once. */
    assert_int_equal(m, 2);
    ASSERT_EXACT(area_of(out, m, NULL), 0.0);
    /* y <= 1 keeps it all: area 1 exactly, centroid (0.5, 0.5). */
    m = clip_check(sq, 4, hp(0, -1, -1), 1.0, fl_v2(0.5, 0.5), 0.0, 1e-15, out);
    assert_int_equal(m, 4);
}

static void test_clip_inside_outside(void **state)
{
    (void)state;
    fl_vec2 ng[64], out[FL_CLIP_MAX_OUT(64)];
    regular_ngon(64, 1.0, fl_v2(3, 4), ng);
    /* Fully inside (the polygon spans x in [2, 4]): the vertices come back
     * unchanged, bit for bit, in the same order. */
    int m = fl_clip_halfplane(ng, 64, hp(1, 0, 1.5), out);
    assert_int_equal(m, 64);
    assert_memory_equal(out, ng, sizeof ng);
    /* The same with a slanted line well clear of the polygon. */
    m = fl_clip_halfplane(ng, 64, hp(0.6, 0.8, -10), out);
    assert_int_equal(m, 64);
    assert_memory_equal(out, ng, sizeof ng);
    /* Fully outside: nothing. */
    assert_int_equal(fl_clip_halfplane(ng, 64, hp(1, 0, 4.5), out), 0);
    assert_int_equal(fl_clip_halfplane(ng, 64, hp(0, -1, 0), out), 0);
    /* An empty input gives an empty output. */
    assert_int_equal(fl_clip_halfplane(ng, 0, hp(1, 0, 0), out), 0);
}

/* ---- property test ----------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t xorshift64(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

/* Uniform in [lo, hi). */
static double uniform(double lo, double hi)
{
    return lo + (hi - lo) * (double)(xorshift64() >> 11) * 0x1.0p-53;
}

static void test_clip_split_property(void **state)
{
    (void)state;
    rng_state = 0x2545f4914f6cdd1du;
    int cut_both = 0;
    for (int iter = 0; iter < 200; iter++) {
        int n = 3 + (int)(xorshift64() % 62); /* 3..64 */
        double size = uniform(0.5, 50.0);
        fl_vec2 centre = fl_v2(uniform(-1000, 1000), uniform(-1000, 1000));
        /* Star-shaped about centre: strictly increasing angles, random radii. */
        fl_vec2 p[64];
        for (int i = 0; i < n; i++) {
            double a = 2 * FL_PI * (i + uniform(0.05, 0.95)) / n;
            double rr = size * uniform(0.2, 1.0);
            p[i] = fl_v2(centre.x + rr * cos(a), centre.y + rr * sin(a));
        }
        assert_true(fl_polygon_is_simple(p, n));
        fl_vec2 c = fl_v2(NAN, NAN);
        double area = area_of(p, n, &c);
        assert_true(area > 0);

        double dir = uniform(0, 2 * FL_PI);
        fl_vec2 nrm = fl_v2(cos(dir), sin(dir));
        fl_vec2 through = fl_add(centre, fl_v2(uniform(-size, size), uniform(-size, size)));
        fl_halfplane h = {nrm, fl_dot(nrm, through)};

        fl_vec2 in_part[FL_CLIP_MAX_OUT(64)], out_part[FL_CLIP_MAX_OUT(64)];
        int m1 = fl_clip_halfplane(p, n, h, in_part);
        int m2 = fl_clip_halfplane(p, n, hp_flip(h), out_part);
        assert_in_range(m1, 0, FL_CLIP_MAX_OUT(n));
        assert_in_range(m2, 0, FL_CLIP_MAX_OUT(n));
        fl_vec2 c1 = c, c2 = c;
        double a1 = area_of(in_part, m1, &c1);
        double a2 = area_of(out_part, m2, &c2);
        if (a1 > 0 && a2 > 0)
            cut_both++;
        /* The two parts tile P: shoelace sums of up to ~130 terms in
         * coordinates ~1e3 around a polygon of size >= 0.5: 1e-9 relative. */
        ASSERT_REL(a1 + a2, area, 1e-9);
        /* First moments add up: (a1 c1 + a2 c2) / A == c, measured from c so
         * the far-off position does not swamp it; 1e-9 of the polygon size. */
        fl_vec2 m = fl_add(fl_scale(fl_sub(c1, c), a1), fl_scale(fl_sub(c2, c), a2));
        ASSERT_NEAR(m.x / area, 0.0, 1e-9 * size);
        ASSERT_NEAR(m.y / area, 0.0, 1e-9 * size);
    }
    /* The lines were meant to cut most polygons; make sure the test did. */
    assert_true(cut_both > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rectangle_off_origin),
        cmocka_unit_test(test_right_triangle),
        cmocka_unit_test(test_regular_ngons),
        cmocka_unit_test(test_concave_L),
        cmocka_unit_test(test_degenerate_area),
        cmocka_unit_test(test_is_simple),
        cmocka_unit_test(test_is_convex),
        cmocka_unit_test(test_clip_triangle),
        cmocka_unit_test(test_clip_rotated_square),
        cmocka_unit_test(test_clip_concave),
        cmocka_unit_test(test_clip_touching),
        cmocka_unit_test(test_clip_inside_outside),
        cmocka_unit_test(test_clip_split_property),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
