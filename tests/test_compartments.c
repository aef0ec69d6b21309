/* A hold divided by bulkheads, against what naval architecture predicts:
 * a compartment bilged through a hole in the side brings the hull to the
 * rest the lost-buoyancy method finds (the added-weight and lost-buoyancy
 * methods agree on the final waterline), the others stay dry; water in
 * one compartment runs through a hole in the bulkhead at the orifice's
 * rate until the two levels are one, its mass kept; and what the world
 * refuses. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#include "flotsam/flotsam.h"

#define G 9.81

static fl_sim *build(const char *text)
{
    fl_scene sc;
    fl_scene_error e;
    if (!fl_scene_parse(text, strlen(text), &sc, &e))
        fail_msg("line %d: %s", e.line, e.message);
    fl_sim *s = fl_sim_build(&sc, &e);
    fl_scene_free(&sc);
    if (!s)
        fail_msg("line %d: %s", e.line, e.message);
    return s;
}

/* The scene's message when it is refused, read or built. */
static const char *refusal(const char *text, char *out, size_t size)
{
    fl_scene sc;
    fl_scene_error e;
    out[0] = '\0';
    if (fl_scene_parse(text, strlen(text), &sc, &e)) {
        fl_sim *s = fl_sim_build(&sc, &e);
        fl_scene_free(&sc);
        if (s) {
            fl_sim_free(s);
            return out;
        }
    }
    snprintf(out, size, "%s", e.message);
    return out;
}

static void run(fl_sim *s, double seconds)
{
    long n = (long)(seconds * fl_sim_rate(s) + 0.5);
    for (long i = 0; i < n; i++)
        assert_true(fl_sim_step(s, NULL));
}

/* A pontoon 6 m across and 1.2 m deep under a deck 0.1 m thick, its
 * weight stated (2 t a metre, G 0.4 m above the keel), its hold in three
 * compartments; a hole low in the port wing's side. */
#define HULL "[-3,-0.6 3,-0.6 3,0.6 -3,0.6]"
#define PORT "[-3,-0.5 -1.5,-0.5 -1.5,0.6 -3,0.6]"
#define MIDDLE "[-1.5,-0.5 1.5,-0.5 1.5,0.6 -1.5,0.6]"
#define STBD "[1.5,-0.5 3,-0.5 3,0.6 1.5,0.6]"
static const char pontoon[] =
    "flotsam-scene 1\n"
    "world rate=60\n"
    "fluid name=sea density=1000 surface=8 left=0 right=40 bottom=20\n"
    "polygon name=p at=20,7.9 mass=2000 cg=0,0.2 points=[-3,-0.6 3,-0.6 3,-0.5 -3,-0.5]\n"
    "        hull=" HULL " openings=[-3,0.4 -3,0.55]\n"
    "compartment body=p name=port points=" PORT "\n"
    "compartment body=p name=middle points=" MIDDLE "\n"
    "compartment body=p name=stbd points=" STBD "\n";

/* Bilged through its hole, the port wing fills to the sea's level and the
 * pontoon comes to the rest that lost buoyancy gives: the hull less the
 * port wing carrying the pontoon's mass, GZ = 0. */
static void test_bilged_wing_rests_where_lost_buoyancy_says(void **st)
{
    (void)st;
    fl_sim *s = build(pontoon);
    fl_world *w = fl_sim_world(s);
    fl_buoyancy *bu = fl_sim_buoyancy(s);
    fl_body_id p = fl_world_body(w, 0);
    assert_int_equal(fl_buoyancy_compartment_count(bu, p), 3);
    run(s, 120.0);
    ASSERT_NEAR(fl_length(fl_body_velocity(p)), 0.0, 1e-9);
    ASSERT_NEAR(fl_body_spin(p), 0.0, 1e-9);
    /* The hull and the port wing about G (cg 0,0.2 from `at`). */
    fl_vec2 hull[4] = {{-3, -0.8}, {3, -0.8}, {3, 0.4}, {-3, 0.4}};
    fl_vec2 port[4] = {{-3, -0.7}, {-1.5, -0.7}, {-1.5, 0.4}, {-3, 0.4}};
    double displaced = 2000.0 / 1000.0;
    /* The lost-buoyancy rest: GZ's root near the world's, by bisection. */
    double angle = fl_body_angle(p), lo = angle - 0.05, hi = angle + 0.05;
    fl_righting r;
    assert_true(fl_righting_arm_damaged(hull, 4, port, 4, displaced, lo, &r));
    double gz_lo = r.gz;
    for (int k = 0; k < 100; k++) {
        double mid = 0.5 * (lo + hi);
        assert_true(fl_righting_arm_damaged(hull, 4, port, 4, displaced, mid, &r));
        if ((r.gz > 0.0) == (gz_lo > 0.0))
            lo = mid, gz_lo = r.gz;
        else
            hi = mid;
    }
    double heel = 0.5 * (lo + hi);
    assert_true(fl_righting_arm_damaged(hull, 4, port, 4, displaced, heel, &r));
    printf("heel: world %.12f deg, lost buoyancy %.12f deg\n", angle * 57.29577951308232,
           heel * 57.29577951308232);
    ASSERT_NEAR(angle, heel, 1e-9);
    /* The surface's height about G, the same in both. */
    double surface = 8.0 - fl_body_position(p).y;
    printf("surface about G: world %.12f m, lost buoyancy %.12f m\n", surface, r.level);
    ASSERT_NEAR(surface, r.level, 1e-9);
    /* The wing holds the sea to its level; the others stay dry. */
    fl_hold_water in;
    assert_true(fl_buoyancy_compartment_hold_water(bu, p, 0, fl_world_gravity(w), &in));
    ASSERT_NEAR(fl_body_position(p).y + in.level, 8.0, 1e-9);
    double density;
    assert_true(fl_buoyancy_compartment_water(bu, p, 0, &density) > 0.0);
    ASSERT_NEAR(density, 1000.0, 0.0);
    ASSERT_NEAR(fl_buoyancy_compartment_water(bu, p, 1, NULL), 0.0, 0.0);
    ASSERT_NEAR(fl_buoyancy_compartment_water(bu, p, 2, NULL), 0.0, 0.0);
    ASSERT_NEAR(fl_buoyancy_water(bu, p, NULL), 0.0, 0.0);
    /* The body carries the wing's water. */
    ASSERT_REL(fl_body_mass(p), 2000.0 + 1000.0 * fl_buoyancy_compartment_water(bu, p, 0, NULL),
               1e-12);
    fl_sim_free(s);
}

/* The flooding is second order, and so is the motion it drives: the
 * pontoon's heel and height 3 s after the sea starts into its wing, at 30,
 * 60, 120 and 240 Hz, change by a quarter as much with each halving of the
 * step (the water moved by the rates half a step on, the body carrying the
 * mean of its water over the step and weighed at the step's start). */
static void test_flooding_converges_at_second_order(void **st)
{
    (void)st;
    double angle[4], y[4];
    for (int k = 0; k < 4; k++) {
        char text[sizeof pontoon + 16];
        const char *rest = strstr(pontoon, "world rate=60") + strlen("world rate=60");
        snprintf(text, sizeof text, "flotsam-scene 1\nworld rate=%d%s", 30 << k, rest);
        fl_sim *s = build(text);
        run(s, 3.0);
        fl_body_id p = fl_world_body(fl_sim_world(s), 0);
        angle[k] = fl_body_angle(p);
        y[k] = fl_body_position(p).y;
        fl_sim_free(s);
    }
    for (int k = 0; k + 2 < 4; k++) {
        double ra = (angle[k + 1] - angle[k]) / (angle[k + 2] - angle[k + 1]);
        double ry = (y[k + 1] - y[k]) / (y[k + 2] - y[k + 1]);
        printf("%d -> %d -> %d Hz: the change falls %.2f times (heel), %.2f (height)\n", 30 << k,
               60 << k, 120 << k, ra, ry);
        assert_true(ra > 3.5 && ra < 5.0);
        assert_true(ry > 3.5 && ry < 5.0);
    }
}

/* A tank held still, its hold in two halves with 1 m^2 of water in the
 * left and a hole 2 cm high low in the bulkhead: through it the water runs
 * at C_d w sqrt(2 g dh) for the head dh between the levels, until they
 * are one; none is lost. */
#define TANK_SCENE(water)                                                                      \
    "flotsam-scene 1\n"                                                                         \
    "world rate=60\n"                                                                           \
    "polygon name=t at=5,5 static points=[-2,-1 2,-1 2,-0.9 -2,-0.9] hull=[-2,-1 2,-1 2,1 -2,1]\n" \
    "        openings=[0,0.9 0,0.92]\n"                                                        \
    "compartment body=t name=left points=[-2,-0.9 0,-0.9 0,1 -2,1] water=" water " water-density=1000\n" \
    "compartment body=t name=right points=[0,-0.9 2,-0.9 2,1 0,1]\n"

static void test_bulkhead_hole_levels_the_water(void **st)
{
    (void)st;
    fl_sim *s = build(TANK_SCENE("1"));
    fl_world *w = fl_sim_world(s);
    fl_buoyancy *bu = fl_sim_buoyancy(s);
    fl_body_id t = fl_world_body(w, 0);
    fl_vec2 g = fl_world_gravity(w);
    /* The left half holds 1 m^2 over 2 m: 0.5 m deep over its floor at
     * y 6, its surface at 5.5 (the level is about the centre of mass). */
    fl_hold_water in;
    assert_true(fl_buoyancy_compartment_hold_water(bu, t, 0, g, &in));
    ASSERT_NEAR(fl_body_position(t).y + in.level, 5.5, 1e-12);
    assert_false(fl_buoyancy_compartment_hold_water(bu, t, 1, g, &in));
    /* One step: the hole runs from 0.4 to 0.42 m under the left level, the
     * right side dry: the integral of sqrt(head) along it is
     * (2/3) ((d + 0.02)^1.5 - d^1.5) / 0.02 per metre of its 2 cm for d =
     * 0.4. The step takes the rate half a step on, when the left level has
     * fallen by what half a step at that rate moved over its 2 m (the
     * right side still under the hole). */
    assert_true(fl_sim_step(s, NULL));
    double moved = fl_buoyancy_compartment_water(bu, t, 1, NULL);
    double dt = fl_sim_dt(s), k = FL_DISCHARGE_COEFFICIENT * 0.02 * sqrt(2.0 * fl_length(g));
#define MEAN_ROOT(d) ((2.0 / 3.0) * (pow((d) + 0.02, 1.5) - pow((d), 1.5)) / 0.02)
    double fall = k * MEAN_ROOT(0.4) * 0.5 * dt / 2.0;
    ASSERT_REL(moved, k * MEAN_ROOT(0.4 - fall) * dt, 1e-12);
#undef MEAN_ROOT
    ASSERT_NEAR(fl_buoyancy_compartment_water(bu, t, 0, NULL) + moved, 1.0, 1e-15);
    run(s, 120.0);
    double left = fl_buoyancy_compartment_water(bu, t, 0, NULL);
    double right = fl_buoyancy_compartment_water(bu, t, 1, NULL);
    printf("after 120 s: %.15f + %.15f m^2\n", left, right);
    ASSERT_NEAR(left + right, 1.0, 1e-14);
    ASSERT_NEAR(left, 0.5, 1e-6);
    ASSERT_NEAR(right, 0.5, 1e-6);
    fl_sim_free(s);
}

/* A saved scene keeps each compartment's water; a clone carries it on
 * as the original does. */
static void test_saved_and_cloned(void **st)
{
    (void)st;
    fl_sim *s = build(TANK_SCENE("1"));
    run(s, 5.0);
    fl_sim *c = fl_sim_clone(s, NULL);
    assert_non_null(c);
    run(s, 5.0);
    run(c, 5.0);
    assert_true(fl_state_hash(fl_sim_world(s)) == fl_state_hash(fl_sim_world(c)));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    char err[200];
    assert_true(fl_scene_write(f, s, NULL, err, sizeof err));
    fclose(f);
    fl_sim *back = build(text);
    fl_body_id a = fl_world_body(fl_sim_world(s), 0), b = fl_world_body(fl_sim_world(back), 0);
    for (int k = 0; k < 2; k++) {
        double da, db;
        ASSERT_REL(fl_buoyancy_compartment_water(fl_sim_buoyancy(back), b, k, &db),
                   fl_buoyancy_compartment_water(fl_sim_buoyancy(s), a, k, &da), 1e-15);
        ASSERT_NEAR(db, da, 0.0);
    }
    free(text);
    fl_sim_free(back);
    fl_sim_free(c);
    fl_sim_free(s);
}

/* A slack compartment lowers GM by its own free surface alone: rho_w i /
 * (rho A) with i = b^3 / 12 for its b wide surface, not the whole hold's
 * breadth (that is why holds are divided). */
static void test_slack_compartment_free_surface(void **st)
{
    (void)st;
    fl_sim *s = build("flotsam-scene 1\n"
                      "world rate=60\n"
                      "fluid name=sea density=1025 surface=8 left=0 right=40 bottom=20\n"
                      "polygon name=p at=20,7.9 mass=2000 cg=0,0.2 points=[-3,-0.6 3,-0.6 3,-0.5 -3,-0.5]\n"
                      "        hull=" HULL " openings=[]\n"
                      "compartment body=p name=port points=" PORT "\n"
                      "compartment body=p name=middle points=" MIDDLE " water=0.6 water-density=1000\n"
                      "compartment body=p name=stbd points=" STBD "\n");
    fl_world *w = fl_sim_world(s);
    fl_buoyancy *bu = fl_sim_buoyancy(s);
    fl_body_id p = fl_world_body(w, 0);
    run(s, 180.0);
    ASSERT_NEAR(fl_body_angle(p), 0.0, 1e-12);
    assert_int_equal(fl_buoyancy_measure(bu, fl_world_time(w)), FL_OK);
    fl_hydrostatics hs;
    assert_true(fl_buoyancy_hydrostatics(bu, p, fl_world_time(w), &hs));
    /* (2000 + 600) kg over 1025 kg/m^2 */
    ASSERT_REL(hs.area, 2600.0 / 1025.0, 1e-9);
    ASSERT_REL(hs.free_surface, 1000.0 / 1025.0 * (27.0 / 12.0) / hs.area, 1e-9);
    /* G with the water 0.2 m deep on the 3 m floor: KG = (2000 x 0.4 +
     * 600 x 0.1) / 2600; KB = T / 2; BM = B^2 / 12 T. */
    double t = hs.area / 6.0, kg = (2000.0 * 0.4 + 600.0 * 0.1) / 2600.0;
    ASSERT_REL(hs.gm, t / 2.0 + 36.0 / (12.0 * t) - kg, 1e-9);
    fl_sim_free(s);
}

/* What a hold will not take. */
static void test_refused(void **st)
{
    (void)st;
    char why[300];
    const char *head = "flotsam-scene 1\n"
                       "polygon name=t at=5,5 static points=[-2,-1 2,-1 2,-0.9 -2,-0.9]"
                       " hull=[-2,-1 2,-1 2,1 -2,1]\n";
    char text[1000];
    snprintf(text, sizeof text, "%scompartment body=t name=a points=[-2,-0.9 0.5,-0.9 0.5,1 -2,1]\n"
             "compartment body=t name=b points=[0,-0.9 2,-0.9 2,1 0,1]\n", head);
    assert_non_null(strstr(refusal(text, why, sizeof why), "may not overlap"));
    snprintf(text, sizeof text, "%scompartment body=t name=a points=[-2,-0.9 0,-0.9 0,1 -2,1] water=5\n",
             head);
    assert_non_null(strstr(refusal(text, why, sizeof why), "does not fit"));
    /* A body whose hull is its outline has no hold: its compartments are
     * for the analysis, and water in one is an error. */
    snprintf(text, sizeof text, "flotsam-scene 1\nbox name=b at=5,5 size=4,2 density=500\n"
             "compartment body=b name=a points=[-2,-1 0,-1 0,1 -2,1] water=0.5\n");
    assert_non_null(strstr(refusal(text, why, sizeof why), "has none"));
    snprintf(text, sizeof text, "flotsam-scene 1\nbox name=b at=5,5 size=4,2 density=500\n"
             "compartment body=b name=a points=[-2,-1 0,-1 0,1 -2,1]\n");
    assert_string_equal(refusal(text, why, sizeof why), "");
    /* The library's own checks. */
    fl_sim *s = build(TANK_SCENE("0"));
    fl_body_id t = fl_world_body(fl_sim_world(s), 0);
    fl_buoyancy *bu = fl_sim_buoyancy(s);
    fl_vec2 out[4] = {{2.5, 0}, {3.5, 0}, {3.5, 0.5}, {2.5, 0.5}};
    fl_compartment_def d = {out, 4, 0.0, 0.0};
    fl_error e;
    assert_int_equal(fl_buoyancy_add_compartment(bu, t, &d, &e), FL_EINVAL);
    assert_non_null(strstr(e.message, "inside the hull"));
    fl_vec2 bow[4] = {{-1, 0}, {1, 0.5}, {1, 0}, {-1, 0.5}};
    d.points = bow;
    assert_int_equal(fl_buoyancy_add_compartment(bu, t, &d, &e), FL_EINVAL);
    assert_non_null(strstr(e.message, "simple polygon"));
    d.point_count = 2;
    assert_int_equal(fl_buoyancy_add_compartment(bu, t, &d, &e), FL_EINVAL);
    assert_int_equal(fl_buoyancy_compartment_count(bu, t), 2);
    assert_null(fl_buoyancy_compartment_region(bu, t, 2, NULL));
    fl_sim_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bilged_wing_rests_where_lost_buoyancy_says),
        cmocka_unit_test(test_flooding_converges_at_second_order),
        cmocka_unit_test(test_bulkhead_hole_levels_the_water),
        cmocka_unit_test(test_saved_and_cloned),
        cmocka_unit_test(test_slack_compartment_free_surface),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
