/* Holds that take on water, against what naval architecture predicts: the
 * openings an open boat has, water lying level in a heeled hold, the
 * free-surface effect on the metacentric height, lost buoyancy, the
 * orifice law, swamping and sinking. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "check_world.h"

#include "flotsam/flotsam.h"

#define G 9.81
#define RHO 1000.0
#define DT (1.0 / 60.0)

/* A hull of w x h about (0, 0), y down (its top at -h/2). */
static void box_points(double w, double h, fl_vec2 out[4])
{
    out[0] = fl_v2(-w / 2, -h / 2);
    out[1] = fl_v2(w / 2, -h / 2);
    out[2] = fl_v2(w / 2, h / 2);
    out[3] = fl_v2(-w / 2, h / 2);
}

/* The same box with a tank b wide cut into it from the top down to
 * `floor` (y): an open tank, a U in section. */
static void tank_points(double w, double h, double b, double floor, fl_vec2 out[8])
{
    out[0] = fl_v2(-w / 2, -h / 2);
    out[1] = fl_v2(-b / 2, -h / 2);
    out[2] = fl_v2(-b / 2, floor);
    out[3] = fl_v2(b / 2, floor);
    out[4] = fl_v2(b / 2, -h / 2);
    out[5] = fl_v2(w / 2, -h / 2);
    out[6] = fl_v2(w / 2, h / 2);
    out[7] = fl_v2(-w / 2, h / 2);
}

static fl_body_id add_vessel(fl_world *w, const fl_vec2 *solid, int ns, const fl_vec2 *hull, int nh,
                           const fl_vec2 *openings, int n_open, fl_vec2 at, double angle,
                           double density, double water)
{
    fl_body_def d = fl_body_def_default();
    d.points = solid;
    d.point_count = ns;
    d.hull = hull;
    d.hull_count = nh;
    d.origin = at;
    d.angle = angle;
    d.density = density;
    d.is_static = density == 0.0;
    /* The buoyancy module keeps the hold: the world's, or a new one. */
    fl_buoyancy *bu = fl_buoyancy_of(w);
    if (!bu)
        bu = fl_buoyancy_create(w, NULL);
    assert_non_null(bu);
    fl_body_id b = FL_NULL_BODY;
    fl_error e;
    assert_int_equal(fl_world_add_body(w, &d, &b, &e), FL_OK);
    /* Openings as offsets from `at`, like the points: about the centre of
     * mass for the hold. */
    fl_vec2 c = fl_polygon_mass_props(solid, ns).centroid, moved[8];
    assert_true(2 * n_open <= 8);
    for (int k = 0; k < 2 * n_open; k++)
        moved[k] = fl_sub(openings[k], c);
    fl_hold_def h = {openings ? moved : NULL, n_open, water, water > 0.0 ? RHO : 0.0};
    assert_int_equal(fl_buoyancy_set_hold(bu, b, &h, &e), FL_OK);
    return b;
}

static fl_buoyancy *bu_of(fl_body_id b) { return fl_buoyancy_of(b.world); }

static void run(fl_world *w, double seconds)
{
    long n = (long)(seconds / DT + 0.5);
    for (long i = 0; i < n; i++)
        fl_world_step(w, DT);
}

/* An open tank's opening is the gap between its gunwales, and only that:
 * where the hull's boundary is not the outline's. A sealed hold has none; a
 * body whose hull is its outline has no hold and takes no water. */
static void test_default_openings(void **s)
{
    (void)s;
    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 1.0, hull);
    tank_points(2.0, 1.0, 1.8, 0.4, solid);
    fl_body_id open = add_vessel(w, solid, 8, hull, 4, NULL, 0, fl_v2(0, 0), 0.0, 500.0, 0.0);
    int n;
    const fl_vec2 *ends = fl_buoyancy_openings(bu_of(open), open, &n);
    assert_true(fl_buoyancy_has_hold(bu_of(open), open));
    assert_int_equal(n, 1);
    fl_vec2 a = fl_body_world_point(open, ends[0]), z = fl_body_world_point(open, ends[1]);
    ASSERT_NEAR(fabs(a.x - z.x), 1.8, 1e-12);
    ASSERT_NEAR(a.y, -0.5, 1e-12);
    ASSERT_NEAR(z.y, -0.5, 1e-12);
    ASSERT_NEAR(fmin(a.x, z.x), -0.9, 1e-12);

    const fl_vec2 none[1] = {{0, 0}};
    fl_body_id sealed = add_vessel(w, solid, 8, hull, 4, none, 0, fl_v2(5, 0), 0.0, 500.0, 0.0);
    fl_buoyancy_openings(bu_of(sealed), sealed, &n);
    assert_int_equal(n, 0);

    fl_body_id plain = add_polygon(w, hull, 4, fl_v2(10, 0), 0.0, 500.0);
    assert_false(fl_buoyancy_has_hold(bu_of(plain), plain));
    assert_int_equal(fl_buoyancy_set_water(bu_of(plain), plain, 0.1, RHO), FL_EINVAL);
    /* Water that does not fit is refused. */
    fl_body_def d = fl_body_def_default();
    d.points = solid;
    d.point_count = 8;
    d.hull = hull;
    d.hull_count = 4;
    d.density = 500.0;
    fl_hold_def h = {NULL, 0, 2.0, RHO};
    assert_int_equal(fl_hold_def_check(&d, &h, NULL, NULL), FL_EINVAL);
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    assert_int_equal(fl_buoyancy_set_hold(fl_buoyancy_of(w), b, &h, NULL), FL_EINVAL);
    fl_world_destroy(w);
}

/* Water lies level: 0.36 m^2 in a tank 1.8 wide with its floor at 0.4
 * stands 0.2 deep, its centroid 0.1 above the floor. Heeled by p (within
 * the walls), the same area lies under a level surface, and its centroid
 * moves, in the tank's own frame, b^2 tan p / (12 d) across and
 * b^2 tan^2 p / (24 d) up: a wedge of water moved from the high side to
 * the low. Exact geometry: rounding only. */
static void test_water_lies_level(void **s)
{
    (void)s;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 1.0, hull);
    tank_points(2.0, 1.0, 1.8, 0.4, solid);
    fl_hold_water in;
    assert_true(fl_hold_water_in(hull, 4, solid, 8, fl_v2(0, 1), 0.36, &in));
    ASSERT_NEAR(in.level, 0.2, 1e-12);
    ASSERT_NEAR(in.centroid.x, 0.0, 1e-12);
    ASSERT_NEAR(in.centroid.y, 0.3, 1e-12);
    ASSERT_NEAR(in.room, 1.8 * 0.9, 1e-12);

    double b = 1.8, d = 0.2, p = 0.15;
    fl_rot r = fl_rot_from(p);
    fl_vec2 h[4], t[8];
    for (int i = 0; i < 4; i++)
        h[i] = fl_rotate(r, hull[i]);
    for (int i = 0; i < 8; i++)
        t[i] = fl_rotate(r, solid[i]);
    assert_true(fl_hold_water_in(h, 4, t, 8, fl_v2(0, 1), 0.36, &in));
    ASSERT_NEAR(fl_hold_area_under(h, 4, t, 8, fl_v2(0, 1), in.level, NULL), 0.36, 1e-12);
    fl_vec2 own = fl_unrotate(r, in.centroid);
    /* Turning by +p (x towards y) lowers the +x side: the water runs there. */
    ASSERT_NEAR(own.x, b * b * tan(p) / (12 * d), 1e-12);
    ASSERT_NEAR(own.y, 0.3 - b * b * tan(p) * tan(p) / (24 * d), 1e-12);
}

/* The free-surface effect: water free to move in a tank b wide lowers the
 * metacentric height by b^3 / 12 over the displaced area, against the same
 * water frozen where it lay upright. GM from GZ at 1e-4 rad: sin p against
 * p and the curve's cubic term are 1e-8 apart there; the levels are found
 * to rounding. */
static void test_free_surface_lowers_gm(void **s)
{
    (void)s;
    double w = 4.0, h = 2.0, b = 2.0, water = 0.6;
    fl_vec2 hull[4], solid[8];
    box_points(w, h, hull);
    tank_points(w, h, b, 0.5, solid);
    /* Both about the solid's centre of mass G. */
    fl_vec2 g;
    double area = fl_polygon_area_centroid(solid, 8, &g);
    for (int i = 0; i < 4; i++)
        hull[i] = fl_sub(hull[i], g);
    for (int i = 0; i < 8; i++)
        solid[i] = fl_sub(solid[i], g);
    double displaced = 0.4 * area + water; /* relative density 0.4, and the water */
    double p = 1e-4;
    fl_righting free, plain;
    assert_true(fl_righting_arm_loaded(hull, 4, solid, 8, displaced, water, p, &free));
    assert_true(fl_righting_arm(hull, 4, displaced, p, &plain));
    fl_hold_water upright;
    assert_true(fl_hold_water_in(hull, 4, solid, 8, fl_v2(0, 1), water, &upright));
    double frozen = plain.gz - water / displaced * fl_rotate(fl_rot_from(p), upright.centroid).x;
    double gm_free = free.gz / p, gm_frozen = frozen / p;
    ASSERT_REL(gm_frozen - gm_free, b * b * b / 12.0 / displaced, 1e-6);
    assert_true(gm_free > 0.0); /* still stable: this hull is broad */
}

/* The same in a world, as the inspector and the trace read it: the U hull
 * afloat upright with 0.6 m^2 of water in its tank. GM solid (the water a
 * fixed weight) is the waterline's BM - BG; the free-surface correction is
 * the tank's b^3 / 12 over the submerged area (the water is the sea's
 * density); GM fluid, GM solid less it, is the slope of the loaded curve
 * of statical stability at upright, found by heeling the hull 1e-4 rad
 * with the water running level (fl_righting_arm_loaded). */
static void test_gm_fluid_is_the_loaded_curves_slope(void **s)
{
    (void)s;
    double w = 4.0, h = 2.0, b = 2.0, water = 0.6;
    fl_vec2 hull[4], solid[8];
    box_points(w, h, hull);
    tank_points(w, h, b, 0.5, solid);
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = fl_buoyancy_create(world, NULL);
    fl_fluid_def f = fl_fluid_def_default();
    f.left = -50;
    f.right = 50;
    f.surface = 8;
    f.bottom = 30;
    assert_int_equal(fl_buoyancy_add_fluid(bu, &f, NULL, NULL), FL_OK);
    fl_body_id v = add_vessel(world, solid, 8, hull, 4, NULL, 0, fl_v2(0, 8), 0.0, 400.0, water);
    run(world, 60.0);
    assert_int_equal(fl_buoyancy_measure(bu, fl_world_time(world)), FL_OK);
    fl_hydrostatics hs;
    assert_true(fl_buoyancy_hydrostatics(bu, v, fl_world_time(world), &hs));
    assert_true(hs.floating);
    ASSERT_REL(hs.free_surface, b * b * b / 12.0 / hs.area, 1e-9);
    ASSERT_REL(hs.gm - hs.gm_fluid, hs.free_surface, 1e-12);
    /* The curve, about the body's own centre of mass. */
    fl_vec2 g;
    fl_polygon_area_centroid(solid, 8, &g);
    for (int i = 0; i < 4; i++)
        hull[i] = fl_sub(hull[i], g);
    for (int i = 0; i < 8; i++)
        solid[i] = fl_sub(solid[i], g);
    double p = 1e-4, displaced = fl_body_mass(v) / RHO;
    fl_righting free;
    assert_true(fl_righting_arm_loaded(hull, 4, solid, 8, displaced, water, p, &free));
    ASSERT_REL(hs.gm_fluid, free.gz / p, 1e-5);
    fl_world_destroy(world);
}

/* A hull with a slack tank lolls: upright is unstable once the free surface
 * is counted (GM < 0) though stable with the water frozen, and the hull
 * comes to rest at the heel where its loaded GZ curve crosses zero going
 * down. In a world: the water is carried and its weight acts where it lies. */
static void test_slack_tank_lolls_to_the_curves_zero(void **s)
{
    (void)s;
    double w = 2.0, h = 2.0, b = 1.6, floor = 0.6, water = 0.16, density = 600.0;
    fl_vec2 hull[4], solid[8];
    box_points(w, h, hull);
    tank_points(w, h, b, floor, solid);
    fl_vec2 g;
    double area = fl_polygon_area_centroid(solid, 8, &g);
    fl_vec2 hg[4], sg[8];
    for (int i = 0; i < 4; i++)
        hg[i] = fl_sub(hull[i], g);
    for (int i = 0; i < 8; i++)
        sg[i] = fl_sub(solid[i], g);
    double displaced = density / RHO * area + water;
    /* Where the curve crosses zero going down, by bisection. */
    fl_righting r;
    assert_true(fl_righting_arm_loaded(hg, 4, sg, 8, displaced, water, 1e-4, &r));
    assert_true(r.gz < 0.0); /* upright is unstable: it lolls */
    double lo = 1e-3, hi = 0.7;
    assert_true(fl_righting_arm_loaded(hg, 4, sg, 8, displaced, water, hi, &r));
    assert_true(r.gz > 0.0);
    for (int k = 0; k < 100; k++) {
        double mid = 0.5 * (lo + hi);
        assert_true(fl_righting_arm_loaded(hg, 4, sg, 8, displaced, water, mid, &r));
        if (r.gz < 0.0)
            lo = mid;
        else
            hi = mid;
    }
    double loll = 0.5 * (lo + hi);

    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, -100, 100, 0.0, 50.0);
    const fl_vec2 sealed[1] = {{0, 0}};
    fl_body_id body = add_vessel(wo, solid, 8, hull, 4, sealed, 0, fl_v2(0, 0), 0.02, density, water);
    run(wo, 240.0);
    /* It lolls to one side, swings back across and may come to rest on
     * the other: the curve is the same there, mirrored. The rest is a
     * static balance, reached to well within 1e-8 rad in 240 s. */
    printf("settled at %.12f rad (curve %.12f)\n", fl_body_angle(body), loll);
    ASSERT_NEAR(fabs(fl_body_angle(body)), loll, 1e-8);
    ASSERT_EXACT(fl_buoyancy_water(bu_of(body), body, NULL), water);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* Lost buoyancy: a compartment holed below the waterline floods to the
 * level outside, and the hull sinks until what is left of its waterplane
 * (w - b) carries it: with the compartment's floor t above the keel,
 * w T' - b (T' - t) = m / rho, T' = (m / rho - b t) / (w - b). */
static void test_holed_compartment_floods_to_the_lost_buoyancy_draft(void **s)
{
    (void)s;
    double w = 4.0, h = 1.0, b = 1.0, floor = 0.3, density = 400.0;
    fl_vec2 hull[4], solid[8];
    box_points(w, h, hull);
    tank_points(w, h, b, floor, solid);
    double mass = density * fabs(fl_polygon_signed_area(solid, 8));
    double t = h / 2 - floor;
    double intact = mass / RHO / w, holed = (mass / RHO - b * t) / (w - b);
    /* A hole in the keel under the compartment; the deck is sealed. */
    const fl_vec2 hole[2] = {{-0.05, h / 2}, {0.05, h / 2}};
    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, -100, 100, 0.0, 50.0);
    fl_body_id body = add_vessel(wo, solid, 8, hull, 4, hole, 1, fl_v2(0, 0), 0.0, density, 0.0);
    run(wo, 60.0);
    double keel = fl_body_world_point(body, fl_body_hull(body, NULL)[2]).y;
    printf("draft %.9f, lost-buoyancy %.9f (intact %.4f), water %.9f\n", keel, holed, intact,
           fl_buoyancy_water(bu_of(body), body, NULL));
    ASSERT_REL(keel, holed, 1e-3);
    ASSERT_REL(fl_buoyancy_water(bu_of(body), body, NULL), b * (holed - t), 1e-3);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* The orifice law: a fixed tank 1.8 wide with a hole 1 cm across in its
 * side, wholly under water inside and out, fills while the level inside is
 * Delta below the outside's at b dDelta/dt = -C_d w sqrt(2 g Delta): sqrt
 * Delta falls linearly, and from 1 m the levels meet after
 * T = 2 b sqrt(Delta0) / (C_d w sqrt(2 g)) = 133.2 s. The step takes the
 * flow half a step on (second order), and the last step stops at the
 * level outside: the levels meet within the step they are due, and half
 * way the water is the closed form's to (dt / T)^2 of what moved. */
static void test_orifice_fills_in_torricellis_time(void **s)
{
    (void)s;
    double b = 1.8, hole = 0.01, surface = -0.5, level0 = 0.5;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 2.0, hull);
    tank_points(2.0, 2.0, b, 0.9, solid);
    const fl_vec2 openings[4] = {{-0.9, -1.0}, {0.9, -1.0}, {1.0, 0.7}, {1.0, 0.7 + hole}};
    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, -100, 100, surface, 50.0);
    double water0 = b * (0.9 - level0), full = b * (0.9 - surface);
    fl_body_id tank = add_vessel(wo, solid, 8, hull, 4, openings, 2, fl_v2(0, 0), 0.0, 0.0, water0);
    double delta0 = level0 - surface;
    double T = 2 * b * sqrt(delta0) / (FL_DISCHARGE_COEFFICIENT * hole * sqrt(2 * G));
    double met = -1.0, half = -1.0, at = 0.0;
    for (long i = 1; i <= (long)(1.5 * T / DT) && met < 0.0; i++) {
        fl_world_step(wo, DT);
        double water = fl_buoyancy_water(bu_of(tank), tank, NULL);
        if (half < 0.0 && i * DT >= T / 2) {
            half = water;
            at = i * DT;
        }
        if (water >= full)
            met = i * DT;
    }
    /* Half way (at the step `at` that reaches T / 2), the head is about
     * a quarter of what it was: sqrt(Delta) = sqrt(Delta0) (1 - at / T). */
    double root = sqrt(delta0) * (1.0 - at / T), closed = full - b * root * root;
    printf("met after %.3f s, Torricelli %.3f s; at %.4f s %.12f m^2, closed form %.12f\n", met,
           T, at, half, closed);
    ASSERT_NEAR(met, T, DT);
    /* second order: an error of the order of (dt / T)^2 of the water moved */
    ASSERT_NEAR(half, closed, (DT / T) * (DT / T) * b * delta0);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* Cargo in a flooded hold floats on the water inside: a 0.6 x 0.6 box at
 * half the water's density in a fixed tank 1.8 wide holding 0.72 m^2
 * floats half under, and the level stands higher by the 0.18 m^2 it
 * displaces: at 0.9 - (0.72 + 0.18) / 1.8 = 0.4, the box's centre on it.
 * The water inside damps its bob at the drag's 0.5 /s: 0.1 m becomes
 * 1e-8 m in under 40 s; it has 120. */
static void test_cargo_floats_in_a_flooded_hold(void **s)
{
    (void)s;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 2.0, hull);
    tank_points(2.0, 2.0, 1.8, 0.9, solid);
    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, 50, 100, 0.0, 50.0); /* the sea is elsewhere */
    add_vessel(wo, solid, 8, hull, 4, NULL, 0, fl_v2(0, 0), 0.0, 0.0, 0.72);
    fl_vec2 box[4];
    box_points(0.6, 0.6, box);
    fl_body_id cargo = add_polygon(wo, box, 4, fl_v2(0.0, 0.1), 0.0, RHO / 2);
    run(wo, 120.0);
    printf("cargo at %.12f, level 0.4\n", fl_body_position(cargo).y);
    ASSERT_NEAR(fl_body_position(cargo).y, 0.4, 1e-8);
    ASSERT_NEAR(fl_body_position(cargo).x, 0.0, 1e-8);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* Water put in a turning hull keeps the angular momentum (the fuzzer
 * found energy made when water came in at the hull's spin). Water come
 * and gone leaves a body as it was, to the bit: a load 1e10
 * times its own moment of inertia once swamped what was left of it when
 * the carried part was taken off by difference. And an outline that
 * reaches out of its hull (here: past a side and under the keel) gives
 * its hold's water no place rather than one far outside the hull: the
 * scene the simulation fuzzer found going to NaN in 11 steps at 20 Hz
 * stays finite. */
static void test_water_come_and_gone_and_outlines_out_of_the_hull(void **s)
{
    (void)s;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 1.0, hull);
    tank_points(2.0, 1.0, 1.8, 0.4, solid);
    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_body_id b = add_vessel(wo, solid, 8, hull, 4, NULL, 0, fl_v2(0, 0), 0.3, 100.0, 0.0);
    double mass = fl_body_mass(b), inertia = fl_body_inertia(b);
    /* Water put in a turning hull turns with it: angular momentum kept. */
    fl_body_set_spin(b, 2.0);
    assert_int_equal(fl_buoyancy_set_water(bu_of(b), b, 0.2, RHO), FL_OK);
    ASSERT_REL(fl_body_inertia(b) * fl_body_spin(b), inertia * 2.0, 1e-15);
    assert_true(fl_body_spin(b) < 2.0);
    assert_int_equal(fl_buoyancy_set_water(bu_of(b), b, 1.6, 1e12), FL_OK);
    assert_true(fl_body_inertia(b) > 1e5 * inertia);
    assert_int_equal(fl_buoyancy_set_water(bu_of(b), b, 0.0, 0.0), FL_OK);
    ASSERT_EXACT(fl_body_mass(b), mass);
    ASSERT_EXACT(fl_body_inertia(b), inertia);
    fl_world_destroy(wo);

    const fl_vec2 out[8] = {{-2.4, -0.6}, {-2.2, -0.6}, {-1.75, 0.4}, {1.75, 0.4},
                            {2.2, -0.6}, {4.1, -0.6}, {1.85, 0.7}, {-1.85, 1.7}};
    const fl_vec2 trapezoid[4] = {{-2.4, -0.6}, {2.4, -0.6}, {1.85, 0.7}, {-1.85, 0.7}};
    wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, -100, 100, 8.0, 14.0);
    b = add_vessel(wo, out, 8, trapezoid, 4, NULL, 0, fl_v2(10, 7.2), 0.0, 450.0, 0.0);
    for (int i = 0; i < 20 * 30; i++) {
        fl_world_step(wo, 1.0 / 20);
        assert_true(isfinite(fl_body_angle(b)) && isfinite(fl_body_spin(b)) &&
                    isfinite(fl_body_position(b).y));
    }
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* An open boat heeled past its gunwale swamps, and one holed below the
 * waterline whose solid is denser than water settles and sinks. */
static void test_swamps_and_sinks(void **s)
{
    (void)s;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 0.6, hull);
    tank_points(2.0, 0.6, 1.8, 0.2, solid);
    fl_world_def wd = fl_world_def_default();
    fl_world *wo = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = add_water(wo, -100, 100, 0.0, 10.0);
    fl_vec2 ground[4];
    box_points(200.0, 1.0, ground);
    fl_body_def gd = fl_body_def_default();
    gd.points = ground;
    gd.point_count = 4;
    gd.origin = fl_v2(0, 10.5);
    gd.is_static = true;
    assert_int_equal(fl_world_add_body(wo, &gd, NULL, NULL), FL_OK);
    /* Heeled 50 degrees: its gunwale is under. */
    fl_body_id dinghy = add_vessel(wo, solid, 8, hull, 4, NULL, 0, fl_v2(0, 0), 50 * FL_PI / 180, 300.0, 0.0);
    /* Dense walls (2500 kg/m^2, 0.52 m^2: 1300 kg) on a hull that holds
     * 1.2 m^2 up: it floats dry, but a hole in its keel lets the sea in. */
    const fl_vec2 hole[2] = {{-0.05, 0.3}, {0.05, 0.3}};
    fl_body_id barge = add_vessel(wo, solid, 8, hull, 4, hole, 1, fl_v2(20, 0), 0.0, 2500.0, 0.0);
    fl_hold_water in;
    run(wo, 1.0);
    assert_true(fl_body_position(barge).y < 0.3); /* afloat at first */
    run(wo, 59.0);
    double room = 1.8 * 0.5;
    printf("dinghy water %.4f of %.4f; barge at %.4f\n", fl_buoyancy_water(bu_of(dinghy), dinghy, NULL), room,
           fl_body_position(barge).y);
    assert_true(fl_buoyancy_water(bu_of(dinghy), dinghy, NULL) > 0.5 * room);
    assert_true(fl_buoyancy_hold_water(bu_of(dinghy), dinghy, fl_world_gravity(wo), &in));
    assert_true(fl_body_position(barge).y > 9.0); /* on the bottom */
    fl_buoyancy_destroy(bu);
    fl_world_destroy(wo);
}

/* The buoyancy module keeps the holds as a column of the world: a copy of
 * the world has the same water and openings and floods the same; a vessel
 * removed by a hook that runs before the buoyancy's is passed over that
 * step; a module destroyed before its world frees every hold (what is
 * left is for AddressSanitizer and valgrind to see). */
static void remove_vessel(const fl_event *ev, void *user)
{
    fl_body_id *victim = user;
    if (!fl_body_is_null(*victim) && ev->step == 30) {
        assert_int_equal(fl_world_remove_body(victim->world, *victim), FL_OK);
        *victim = FL_NULL_BODY;
    }
}

static void test_holds_go_with_their_bodies(void **s)
{
    (void)s;
    fl_vec2 hull[4], solid[8];
    box_points(2.0, 1.0, hull);
    tank_points(2.0, 1.0, 1.8, 0.4, solid);
    const fl_vec2 hole[2] = {{-0.9, 0.45}, {-0.9, 0.35}};
    fl_world_def wd = fl_world_def_default();
    wd.gravity = fl_v2(0, G);
    fl_world *w = fl_world_create(&wd, NULL);
    fl_body_id victim = FL_NULL_BODY;
    /* before the module's hook: it runs first */
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remove_vessel, &victim), FL_OK);
    fl_buoyancy *bu = add_water(w, -100, 100, 0.0, 50.0);
    fl_body_id a = add_vessel(w, solid, 8, hull, 4, hole, 1, fl_v2(0, 0), 0.0, 900.0, 0.1);
    victim = add_vessel(w, solid, 8, hull, 4, NULL, 0, fl_v2(5, 0), 0.0, 900.0, 0.2);
    run(w, 0.25);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    fl_buoyancy *bc = fl_buoyancy_of(copy);
    fl_body_id ac = fl_body_in(copy, a);
    double dw, dc;
    ASSERT_EXACT(fl_buoyancy_water(bc, ac, &dc), fl_buoyancy_water(bu, a, &dw));
    ASSERT_EXACT(dc, dw);
    int n, nc;
    const fl_vec2 *o = fl_buoyancy_openings(bu, a, &n), *oc = fl_buoyancy_openings(bc, ac, &nc);
    assert_int_equal(nc, n);
    assert_ptr_not_equal(oc, o); /* its own */
    for (int k = 0; k < 2 * n; k++) {
        ASSERT_EXACT(oc[k].x, o[k].x);
        ASSERT_EXACT(oc[k].y, o[k].y);
    }
    ASSERT_EXACT(fl_body_mass(ac), fl_body_mass(a));
    /* the victim went at step 30, in the original only (the copy has no
     * hook); both still flood alike */
    run(w, 0.5);
    run(copy, 0.5);
    assert_true(fl_body_is_null(victim));
    assert_int_equal(fl_world_body_count(w), 1);
    assert_int_equal(fl_world_body_count(copy), 2);
    assert_true(fl_buoyancy_water(bu, a, NULL) > 0.1);
    ASSERT_EXACT(fl_buoyancy_water(bc, ac, NULL), fl_buoyancy_water(bu, a, NULL));
    ASSERT_EXACT(fl_body_position(ac).y, fl_body_position(a).y);
    /* the module first, then its world; the copy the other way */
    fl_buoyancy_destroy(bu);
    /* the body stands, with the water it carried last */
    assert_true(fl_body_carried(a, NULL) > 0.0);
    fl_world_destroy(w);
    fl_world_destroy(copy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_openings),
        cmocka_unit_test(test_water_lies_level),
        cmocka_unit_test(test_free_surface_lowers_gm),
        cmocka_unit_test(test_gm_fluid_is_the_loaded_curves_slope),
        cmocka_unit_test(test_slack_tank_lolls_to_the_curves_zero),
        cmocka_unit_test(test_holed_compartment_floods_to_the_lost_buoyancy_draft),
        cmocka_unit_test(test_orifice_fills_in_torricellis_time),
        cmocka_unit_test(test_cargo_floats_in_a_flooded_hold),
        cmocka_unit_test(test_water_come_and_gone_and_outlines_out_of_the_hull),
        cmocka_unit_test(test_swamps_and_sinks),
        cmocka_unit_test(test_holds_go_with_their_bodies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
