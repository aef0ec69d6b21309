/* The curve of statical stability a body gives (app/common/gz_curve.c),
 * which `flotsam stability` prints and the sandbox's inspector draws: a
 * wall-sided box against the formula, a square log resting on its corner,
 * a hollow boat on its hull (not its shell), a stone that sinks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "check.h"
#include "gz_curve.h"

static const char SCENE[] =
    "flotsam-scene 1\n"
    "fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n"
    "box name=box at=0,0 size=2,1 density=500\n"
    "box name=log at=5,0 size=1,1 density=500\n"
    "box name=stone at=9,0 size=1,1 density=2500\n"
    "polygon name=boat at=20,0 density=450\n"
    "  points=[-2.4,-0.6 -2.2,-0.6 -1.75,0.4 1.75,0.4 2.2,-0.6 2.4,-0.6 1.85,0.7 -1.85,0.7]\n"
    "  hull=[-2.4,-0.6 2.4,-0.6 1.85,0.7 -1.85,0.7]\n";

static fl_sim *sim;

static int build(void **state)
{
    (void)state;
    fl_scene sc;
    fl_scene_error err;
    if (!fl_scene_parse(SCENE, strlen(SCENE), &sc, &err))
        return -1;
    sim = fl_sim_build(&sc, &err);
    bool ok = sim != NULL;
    fl_scene_free(&sc);
    return ok ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    fl_sim_free(sim);
    return 0;
}

static fl_body_id body(int i) { return fl_world_body(fl_sim_world(sim), i); }

/* 2 x 1 at half the water's density: draft T = 0.5, BM = B^2 / 12T, GM =
 * T/2 + BM - h/2, and GZ = sin(p) (GM + BM tan^2(p) / 2) until the deck
 * edge goes under (26.6 degrees); the arm vanishes at 90. */
static void test_box_follows_the_wall_sided_formula(void **state)
{
    (void)state;
    static gz_curve c;
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), body(0), 1000.0), GZ_OK);
    double t = 0.5, bm = 4.0 / 6.0, gm = t / 2 + bm - 0.5;
    ASSERT_NEAR(c.displaced, 1.0, 1e-12);
    ASSERT_NEAR(c.hull_area, 2.0, 1e-12);
    ASSERT_NEAR(c.gm, gm, 1e-6);
    assert_true(c.upright && c.rests);
    ASSERT_EXACT(c.rest, 0.0);
    ASSERT_NEAR(c.upright_gm, gm, 1e-6);
    for (int k = -26; k < 27; k++) {
        double p = k * FL_PI / 180.0;
        ASSERT_EXACT(c.heel[GZ_UPRIGHT + k], (double)k);
        ASSERT_NEAR(c.gz[GZ_UPRIGHT + k], sin(p) * (gm + bm * tan(p) * tan(p) / 2), 1e-8);
    }
    /* Symmetric: the arm is odd in the heel. */
    for (int k = 0; k <= 180; k++)
        ASSERT_NEAR(c.gz[GZ_UPRIGHT - k], -c.gz[GZ_UPRIGHT + k], 1e-12);
    ASSERT_NEAR(c.vanish, 90.0, 0.05);
    ASSERT_NEAR(c.vanish_back, -90.0, 0.05);
    assert_true(c.heel[c.top] > 27 && c.heel[c.top] < 90);
    ASSERT_EXACT(c.heel[c.bottom], -c.heel[c.top]);
    for (int k = GZ_UPRIGHT; k < GZ_DEGREES; k++)
        assert_true(c.gz[k] <= c.gz[c.top]);
}

/* The area under the box's arm: closed form below the deck edge,
 * integral_0^t sin p (GM + BM tan^2 p / 2) dp = GM (1 - cos t) + BM / 2
 * (1 / cos t + cos t - 2), and past it against a fine trapezoid sum of the
 * arm itself. G raised by d takes d sin p off every arm and d off GM. */
static void test_area_under_the_arm_and_kg(void **state)
{
    (void)state;
    static gz_curve c, raised;
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), body(0), 1000.0), GZ_OK);
    double bm = 4.0 / 6.0, gm = 0.25 + bm - 0.5;
    for (int deg = 5; deg <= 25; deg += 5) {
        double t = deg * FL_PI / 180.0;
        ASSERT_NEAR(gz_area(&c, body(0), 0.0, deg), gm * (1 - cos(t)) + bm / 2 * (1 / cos(t) + cos(t) - 2),
                    1e-9);
    }
    /* Past the deck edge (26.6 degrees) to 40 and from 30 to 40: 8000
     * trapezoids of 0.005 degrees. */
    const double spans[2][2] = {{0.0, 40.0}, {30.0, 40.0}};
    for (int k = 0; k < 2; k++) {
        double a = spans[k][0], z = spans[k][1], h = (z - a) / 8000, sum = 0.0;
        for (int i = 0; i <= 8000; i++)
            sum += (i == 0 || i == 8000 ? 0.5 : 1.0) * gz_at(&c, body(0), a + i * h);
        ASSERT_NEAR(gz_area(&c, body(0), a, z), sum * h * FL_PI / 180.0, 1e-8);
    }
    /* Negative heel: the area is as large, the arm righting the other way. */
    ASSERT_NEAR(gz_area(&c, body(0), 0.0, -40.0), gz_area(&c, body(0), 0.0, 40.0), 1e-12);
    ASSERT_NEAR(c.kg, 0.5, 1e-12);
    assert_int_equal(gz_curve_fill_kg(&raised, fl_sim_buoyancy(sim), body(0), 1000.0, NULL, 0.6), GZ_OK);
    ASSERT_NEAR(raised.kg, 0.6, 1e-12);
    ASSERT_NEAR(raised.gm, c.gm - 0.1, 1e-9);
    for (int k = 0; k < GZ_DEGREES; k++)
        ASSERT_NEAR(raised.gz[k], c.gz[k] - 0.1 * sin(c.heel[k] * FL_PI / 180.0), 1e-12);
}

static void test_square_log_rests_on_its_corner(void **state)
{
    (void)state;
    static gz_curve c;
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), body(1), 1000.0), GZ_OK);
    /* Upright it balances, unstably; it falls to 45 degrees (the positive
     * way of the two as near) and rests there, stable. */
    assert_true(c.upright && c.upright_gm < 0);
    assert_true(c.gz[GZ_UPRIGHT + 10] < 0);
    ASSERT_NEAR(c.gz[GZ_UPRIGHT + 45], 0.0, 1e-9);
    assert_true(c.rests);
    ASSERT_NEAR(c.rest, 45.0, 1e-6);
    assert_true(c.gm > 0);
}

/* The boat floats on its hull, the whole outline below the gunwale: the
 * curve is its hull's, and a fluid of another density moves it. */
static void test_a_hollow_boat_floats_on_its_hull(void **state)
{
    (void)state;
    static gz_curve c, dense;
    fl_body_id b = body(3);
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    assert_int_equal(n, 4);
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), b, 1000.0), GZ_OK);
    ASSERT_NEAR(c.displaced, fl_body_mass(b) / 1000.0, 1e-12);
    ASSERT_NEAR(c.hull_area, fabs(fl_polygon_signed_area(hull, n)), 1e-12);
    fl_righting r;
    assert_true(fl_righting_arm(hull, n, c.displaced, 30 * FL_PI / 180.0, &r));
    ASSERT_EXACT(c.gz[GZ_UPRIGHT + 30], r.gz);
    assert_int_equal(gz_curve_fill(&dense, fl_sim_buoyancy(sim), b, 1025.0), GZ_OK);
    assert_true(dense.displaced < c.displaced);
    assert_true(dense.gz[GZ_UPRIGHT + 30] != c.gz[GZ_UPRIGHT + 30]);
}

static void test_a_stone_sinks(void **state)
{
    (void)state;
    static gz_curve c;
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), body(2), 1000.0), GZ_SINKS);
    ASSERT_NEAR(c.displaced, 2.5, 1e-12);
    ASSERT_NEAR(c.hull_area, 1.0, 1e-12);
    /* In mercury it floats. */
    assert_int_equal(gz_curve_fill(&c, fl_sim_buoyancy(sim), body(2), 13500.0), GZ_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box_follows_the_wall_sided_formula),
        cmocka_unit_test(test_area_under_the_arm_and_kg),
        cmocka_unit_test(test_square_log_rests_on_its_corner),
        cmocka_unit_test(test_a_hollow_boat_floats_on_its_hull),
        cmocka_unit_test(test_a_stone_sinks),
    };
    return cmocka_run_group_tests(tests, build, teardown);
}
