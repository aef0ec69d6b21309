/* Buoyancy against what hydrostatics predicts: Archimedes' draft, sinking and
 * rising, dry bodies, metacentric stability, the righting moment of a
 * wall-sided hull, concave outlines and hulls, waves, layered fluids, and
 * drag realised as exact exponential decay. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "check_world.h"

#include "flotsam/flotsam.h"
#include "body_state.h" /* white-box: the private body layout */

#define G 9.81
#define RHO 1000.0
#define DT (1.0 / 60.0)

typedef struct tank {
    fl_world *w;
    fl_buoyancy *b;
} tank;

static tank tank_open(double surface, double bottom)
{
    tank t;
    fl_world_def wd = fl_world_def_default();
    t.w = fl_world_create(&wd, NULL);
    assert_non_null(t.w);
    t.b = fl_buoyancy_create(t.w, NULL);
    assert_non_null(t.b);
    fl_fluid_def f = fl_fluid_def_default();
    f.density = RHO;
    f.left = -1000.0;
    f.right = 1000.0;
    f.surface = surface;
    f.bottom = bottom;
    assert_int_equal(fl_buoyancy_add_fluid(t.b, &f, NULL, NULL), FL_OK);
    return t;
}

static void tank_close(tank *t)
{
    fl_buoyancy_destroy(t->b);
    fl_world_destroy(t->w);
}

static void run(tank *t, double seconds)
{
    long n = (long)(seconds / DT + 0.5);
    for (long i = 0; i < n; i++)
        fl_world_step(t->w, DT);
}

/* Archimedes: a box of relative density q floats with q of its height under
 * water. Semi-implicit Euler's fixed point is the exact force balance
 * rho*A_sub*g = m*g for any dt, so the only error left is the heave
 * transient; drag decays it as exp(-0.25 t) (rate 0.5/s halved), a factor
 * of 3e-7 over 60 s from a start one draft away: 1e-4 relative is ample and
 * tighter than the 1% the design asks for. */
static void draft_case(double q)
{
    const double w = 2.0, h = 1.0, surface = 8.0;
    tank t = tank_open(surface, 20.0);
    fl_body_id b = add_box_body(t.w, w, h, fl_v2(0.0, surface - h / 2), 0.0, q * RHO);
    run(&t, 60.0);
    double draft = fl_body_position(b).y + h / 2 - surface;
    ASSERT_NEAR(draft, q * h, 1e-4 * q * h);
    ASSERT_NEAR(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), NULL), q * w * h, 1e-3 * q * w * h);
    ASSERT_NEAR(fl_body_angle(b), 0.0, 1e-9);
    tank_close(&t);
}

static void test_draft_q02(void **s) { (void)s; draft_case(0.2); }
static void test_draft_q05(void **s) { (void)s; draft_case(0.5); }
static void test_draft_q08(void **s) { (void)s; draft_case(0.8); }

/* Wholly submerged, a body of relative density q feels a = (1 - 1/q) g and a
 * drag decaying its velocity at l = k_lin / q. The step solves
 * dv/dt = a - l v in closed form, so from rest the first step (a half
 * kick, to the middle of the step) gives exactly a (1 - exp(-l dt / 2)) /
 * l, and the body approaches the drag law's terminal
 * velocity a / l, for any l dt (before, it overshot a / l by l dt / 2). */
static void sink_case(double q, double k_lin, long seconds)
{
    tank t = tank_open(0.0, 1e5);
    fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
    f.linear_drag = k_lin;
    assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
    fl_body_id b = add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 5e4), 0.0, q * RHO);
    double a = (1.0 - 1.0 / q) * G, l = k_lin / q;
    fl_world_step(t.w, DT);
    double first = -a * expm1(-l * DT / 2) / l;
    ASSERT_NEAR(fl_body_velocity(b).y, first, 1e-12 * fabs(first));
    run(&t, (double)seconds); /* 30 time constants or more */
    /* Roundoff in a sum of many steps; the issue asks for 0.1 %. */
    ASSERT_NEAR(fl_body_velocity(b).y, a / l, 1e-9 * fabs(a / l));
    tank_close(&t);
}

static void submerged_case(double q) { sink_case(q, 0.5, 120); }

/* Terminal speed g (rho_b - rho) / (k rho) at l dt = 0.004, 0.2 and 0.8 (60
 * Hz, q = 2, k = 0.48, 24, 96). */
static void test_terminal_speed_at_any_step(void **s)
{
    (void)s;
    sink_case(2.0, 0.004 * 2.0 * 60.0, 130);
    sink_case(2.0, 0.2 * 2.0 * 60.0, 10);
    sink_case(2.0, 0.8 * 2.0 * 60.0, 10);
}

static void test_denser_sinks(void **s) { (void)s; submerged_case(2.0); }
static void test_lighter_rises(void **s) { (void)s; submerged_case(0.5); }

/* Above the fluid nothing acts but gravity: exactly free fall. */
static void test_dry_body_feels_nothing(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 14.0);
    fl_body_id b = add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 7.0 - 1e-9), 0.3, 500.0);
    /* Its lowest corner is above the surface after one step as well. */
    body_twist(b.world, body_find(b))->w = 0.0;
    fl_world_step(t.w, DT);
    assert_true(fl_body_velocity(b).y == G * DT / 2); /* a first step's half kick */
    assert_true(fl_body_velocity(b).x == 0.0 && fl_body_spin(b) == 0.0);
    assert_true(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), NULL) == 0.0);
    tank_close(&t);
}

/* The wall-sided righting arm: for a box w x h of relative density q tilted
 * by theta, as long as the waterline cuts both sides,
 *   GZ = sin(theta) (GM + BM tan^2(theta) / 2),  BM = w^2 / (12 q h),
 *   GM = KB + BM - KG = q h / 2 + BM - h / 2,
 * and the torque is -rho g V GZ (V = q w h). The centre sits where the
 * displaced area is exactly V: surface - cos(theta) h (1/2 - q). */
static double righting_torque(double w, double h, double q, double theta)
{
    double bm = w * w / (12.0 * q * h);
    double gm = q * h / 2 + bm - h / 2;
    double gz = sin(theta) * (gm + 0.5 * bm * tan(theta) * tan(theta));
    return -RHO * G * (q * w * h) * gz;
}

static void torque_case(double w, double h, double q, double theta)
{
    const double surface = 8.0;
    tank t = tank_open(surface, 20.0);
    double yc = surface - cos(theta) * h * (0.5 - q);
    fl_body_id b = add_box_body(t.w, w, h, fl_v2(3.0, yc), theta, q * RHO);
    assert_int_equal(fl_buoyancy_apply(t.b, 0.0, DT), FL_OK);
    double want = righting_torque(w, h, q, theta);
    /* A few roundings in clipping and the shoelace sums. */
    ASSERT_NEAR(fl_body_torque(b), want, 1e-9 * fabs(want) + 1e-9);
    ASSERT_NEAR(fl_body_force(b).y, -RHO * G * q * w * h, 1e-9 * RHO * G * q * w * h);
    ASSERT_NEAR(fl_body_force(b).x, 0.0, 1e-9);
    tank_close(&t);
}

static void test_restoring_torque(void **s)
{
    (void)s;
    torque_case(2.0, 1.0, 0.5, 0.2);   /* stable: torque opposes the tilt */
    torque_case(2.0, 1.0, 0.3, -0.15);
    torque_case(3.0, 1.0, 0.7, 0.1);
    assert_true(righting_torque(2.0, 1.0, 0.5, 0.2) < 0.0);
}

static void test_capsizing_torque(void **s)
{
    (void)s;
    /* w^2/h^2 = 0.36 < 6 q (1 - q) = 1.5: GM < 0, the torque pushes further. */
    torque_case(0.6, 1.0, 0.5, 0.1);
    assert_true(righting_torque(0.6, 1.0, 0.5, 0.1) > 0.0);
}

/* Metacentric stability, whole motion: upright stays upright when
 * w^2/h^2 > 6 q (1 - q), and rolls onto its side when well below. */
static void test_upright_stays_upright(void **s)
{
    (void)s;
    const double surface = 8.0, q = 0.5, theta = 0.1;
    tank t = tank_open(surface, 20.0);
    fl_body_id b = add_box_body(t.w, 2.0, 1.0, fl_v2(0.0, surface), theta, q * RHO);
    double most = 0.0;
    for (int i = 0; i < 30 * 60; i++) {
        fl_world_step(t.w, DT);
        most = fmax(most, fabs(fl_body_angle(b)));
    }
    /* It rocks, never past its start (the drags only take energy), and the
     * roll decays about as exp(-0.25 t): under 1e-2 after 30 s. */
    assert_true(most <= theta * (1.0 + 1e-6));
    assert_true(fabs(fl_body_angle(b)) < 1e-2);
    tank_close(&t);
}

static void test_tall_box_capsizes(void **s)
{
    (void)s;
    const double surface = 8.0, q = 0.5;
    tank t = tank_open(surface, 20.0);
    fl_body_id b = add_box_body(t.w, 0.6, 1.0, fl_v2(0.0, surface), 0.05, q * RHO);
    run(&t, 40.0);
    /* Lying on its side (w^2/h^2 = 2.8 > 1.5 there, so it stays): the angle
     * is a quarter turn, give or take the decayed rocking. */
    assert_true(fabs(cos(fl_body_angle(b))) < 0.02);
    ASSERT_NEAR(fl_body_position(b).y, surface, 0.01);
    tank_close(&t);
}

/* A concave U (prongs pointing down) whose prongs are half under water:
 * the submerged part is two unit squares joined only by a zero-width edge
 * along the waterline; its area and centroid are exact all the same. */
static void test_concave_u_submerged(void **s)
{
    (void)s;
    tank t = tank_open(2.0, 20.0);
    const fl_vec2 u[8] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
    add_polygon(t.w, u, 8, fl_v2(10.0, 0.0), 0.0, 500.0);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    const fl_submerged *sub = fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0));
    assert_non_null(sub);
    ASSERT_NEAR(sub->area, 2.0, 1e-12);
    ASSERT_NEAR(sub->centroid.x, 11.5, 1e-12);
    ASSERT_NEAR(sub->centroid.y, 2.5, 1e-12);
    assert_true(sub->count >= 6 && sub->count <= FL_CLIP_MAX_OUT(FL_CLIP_MAX_OUT(8)));
    tank_close(&t);
}

/* A hollow boat floats on its hull, not its walls: a shell of walls 0.1 m
 * thick (area 0.38 m^2, 190 kg at 500 kg/m^2) with a 2 x 1 hull settles at
 * the draft that displaces 190 kg over the hull's 2 m width: 0.095 m. Its own
 * area would only hold it up if it sank to its rim. Transient as in the
 * draft tests. */
static void test_hull_displaces(void **s)
{
    (void)s;
    const double surface = 8.0;
    tank t = tank_open(surface, 20.0);
    /* A U-shaped shell opening upwards (y down: the open side is at y = 0). */
    const fl_vec2 shell[8] = {{-1, 0},   {-0.9, 0}, {-0.9, 0.9}, {0.9, 0.9},
                              {0.9, 0},  {1, 0},    {1, 1},      {-1, 1}};
    const fl_vec2 hull[4] = {{-1, 0}, {1, 0}, {1, 1}, {-1, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = shell;
    d.point_count = 8;
    d.hull = hull;
    d.hull_count = 4;
    d.origin = fl_v2(0.0, surface - 1.0); /* hull bottom on the surface */
    d.density = 500.0;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(t.w, &d, &b, NULL), FL_OK);
    ASSERT_NEAR(fl_body_area(b), 0.38, 1e-12);
    ASSERT_NEAR(fl_body_hull_area(b), 2.0, 1e-12);
    double y0 = fl_body_position(b).y;
    run(&t, 60.0);
    double draft = fl_body_position(b).y - y0; /* the hull bottom started on the surface */
    ASSERT_NEAR(draft, 0.095, 1e-4 * 0.095);
    ASSERT_NEAR(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), NULL), 0.19, 1e-4 * 0.19);
    ASSERT_NEAR(fl_body_angle(b), 0.0, 1e-9);
    tank_close(&t);
}

/* A fluid outline may reach far beyond the collision outline: a 1 x 1
 * box whose 1 x 3.5 hull hangs 2.5 m below it. With the box dry and the
 * hull's lower 1.5 m under water, 1.5 m^2 is submerged; turned so that the
 * hull reaches up out of the water while the box is under, it is the
 * hull's part below the surface, not all of it. */
static void test_hull_beyond_outline(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 20.0);
    const fl_vec2 box[4] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    const fl_vec2 hull[4] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 3.0}, {-0.5, 3.0}};
    fl_body_def d = fl_body_def_default();
    d.points = box;
    d.point_count = 4;
    d.hull = hull;
    d.hull_count = 4;
    d.density = 500.0;
    d.origin = fl_v2(0.0, 7.0 - 0.5); /* box from 6 to 7, hull down to 9.5 */
    assert_int_equal(fl_world_add_body(t.w, &d, NULL, NULL), FL_OK);
    d.origin = fl_v2(5.0, 10.5);      /* box from 10 to 11 ... */
    d.angle = FL_PI;                  /* ... turned over: the hull reaches up to 7.5 */
    assert_int_equal(fl_world_add_body(t.w, &d, NULL, NULL), FL_OK);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    ASSERT_NEAR(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0))->area, 1.5, 1e-12);
    ASSERT_NEAR(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 1), fl_buoyancy_fluid_at(t.b, 0))->area, 3.0, 1e-12);
    /* The step's own pass agrees. */
    assert_int_equal(fl_buoyancy_apply(t.b, 0.0, DT), FL_OK);
    ASSERT_NEAR(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0))->area, 1.5, 1e-12);
    ASSERT_NEAR(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 1), fl_buoyancy_fluid_at(t.b, 0))->area, 3.0, 1e-12);
    tank_close(&t);
}

/* Oil (800) over water (1000): a 1 x 1 box of density 900 that reaches into
 * both settles with 800 d_oil + 1000 d_water = 900 and d_oil + d_water = 1,
 * so half in each: its centre on the interface. */
static void test_layered_fluids(void **s)
{
    (void)s;
    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    fl_fluid_def oil = fl_fluid_def_default(), water = fl_fluid_def_default();
    oil.density = 800.0;
    oil.left = water.left = -10;
    oil.right = water.right = 10;
    oil.surface = 6.0;
    oil.bottom = water.surface = 8.0;
    water.bottom = 14.0;
    assert_int_equal(fl_buoyancy_add_fluid(bu, &oil, NULL, NULL), FL_OK);
    assert_int_equal(fl_buoyancy_add_fluid(bu, &water, NULL, NULL), FL_OK);
    fl_body_id b = add_box_body(w, 1.0, 1.0, fl_v2(0.0, 7.0), 0.0, 900.0);
    for (int i = 0; i < 60 * 60; i++)
        fl_world_step(w, DT);
    ASSERT_NEAR(fl_body_position(b).y, 8.0, 1e-4);
    ASSERT_NEAR(fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), 0), fl_buoyancy_fluid_at(bu, 0))->area, 0.5, 1e-3);
    ASSERT_NEAR(fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), 0), fl_buoyancy_fluid_at(bu, 1))->area, 0.5, 1e-3);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(w);
}

/* A fluid added as a copy of one the module already has (fl_buoyancy_fluid
 * points into the module's own list): the ninth grows the list, and must
 * be read before the list moves. */
static void test_fluid_copied_from_its_own_list(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 20.0);
    for (int i = 1; i <= 8; i++)
        assert_int_equal(fl_buoyancy_add_fluid(t.b, fl_buoyancy_fluid_def(t.b, i - 1), NULL, NULL),
                         FL_OK);
    for (int i = 1; i <= 8; i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(t.b, i);
        assert_true(f->surface == 8.0 && f->bottom == 20.0 && f->density == RHO);
    }
    tank_close(&t);
}

/* Drag is the exact decay of the relative velocity: a very light body
 * (q = 0.001, decay rate k/q = 500/s, 8.3 per step) loses its sideways speed
 * as exp(-500 dt) in one step, with no overshoot past zero; a neutrally
 * buoyant body in a current ends up moving with it; spin decays as
 * exp(-k_ang dt). */
static void test_drag_exact_decay(void **s)
{
    (void)s;
    tank t = tank_open(0.0, 1e4);
    fl_body_id light = add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 5e3), 0.0, 1.0);
    body_twist(light.world, body_find(light))->v = fl_v2(5.0, 0.0);
    fl_body_id spinner = add_box_body(t.w, 1.0, 1.0, fl_v2(50.0, 5e3), 0.0, RHO);
    body_twist(spinner.world, body_find(spinner))->w = 3.0;
    /* Neutral (q = 1): rate 0.5/s, 0.0083 per step, the small-step branch. */
    fl_body_id cruiser = add_box_body(t.w, 1.0, 1.0, fl_v2(100.0, 5e3), 0.0, RHO);
    body_twist(cruiser.world, body_find(cruiser))->v = fl_v2(2.0, 0.0);
    fl_world_step(t.w, DT); /* a first step: the half kick decays over dt / 2 */
    ASSERT_NEAR(fl_body_velocity(light).x, 5.0 * exp(-0.5 * RHO / 1.0 * DT / 2),
                1e-9 * 5.0 * exp(-4.0));
    assert_true(fl_body_velocity(light).x > 0.0);
    ASSERT_NEAR(fl_body_spin(spinner), 3.0 * exp(-1.0 * DT / 2), 1e-12);
    ASSERT_NEAR(fl_body_velocity(cruiser).x, 2.0 * exp(-0.5 * DT / 2), 1e-14);
    fl_world_step(t.w, DT); /* and then over dt */
    ASSERT_NEAR(fl_body_velocity(light).x, 5.0 * exp(-0.5 * RHO / 1.0 * DT * 1.5),
                1e-9 * 5.0 * exp(-12.0));
    assert_true(fl_body_velocity(light).x > 0.0);
    ASSERT_NEAR(fl_body_spin(spinner), 3.0 * exp(-1.0 * DT * 1.5), 1e-12);
    ASSERT_NEAR(fl_body_velocity(cruiser).x, 2.0 * exp(-0.5 * DT * 1.5), 1e-14);
    tank_close(&t);

    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    fl_fluid_def f = fl_fluid_def_default();
    f.left = -1e4;
    f.right = 1e4;
    f.surface = 0;
    f.bottom = 100;
    f.current = fl_v2(1.5, 0.0);
    fl_buoyancy_add_fluid(bu, &f, NULL, NULL);
    fl_body_id drifter = add_box_body(w, 1.0, 1.0, fl_v2(0.0, 50.0), 0.0, RHO);
    for (int i = 0; i < 60 * 60; i++)
        fl_world_step(w, DT);
    /* Decay rate 0.5/s for 60 s: exp(-30) of the 1.5 m/s start is left. */
    ASSERT_NEAR(fl_body_velocity(drifter).x, 1.5, 1e-9);
    ASSERT_NEAR(fl_body_velocity(drifter).y, 0.0, 1e-9);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(w);
}

/* Measurements belong to the bodies they were made for: once a body leaves
 * and another joins (same count), the old records are not handed out. */
static void test_records_follow_the_body_list(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 20.0);
    fl_body_id a = add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 8.0), 0.0, 500.0);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    ASSERT_NEAR(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0))->area, 0.5, 1e-12);
    fl_world_remove_body(t.w, a);
    add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 5.0), 0.0, 500.0); /* dry */
    assert_null(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0)));
    assert_true(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), NULL) == 0.0);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    assert_true(fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0))->area == 0.0);
    tank_close(&t);
}

/* What the buoyancy pass reports it applied is what the body received: a
 * half-submerged box (q = 0.5, tilted 0.3 rad, moving and spinning) in one
 * still fluid gets lift -rho A g at the centroid the pass measured, a drag
 * towards the current, the body's accumulated force and torque (zero
 * before the pass) are exactly the reported totals, and so is its damping. A dry body gets no
 * report; nor does anyone once the body list changes. */
static void test_applied_forces_are_reported(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 20.0);
    fl_body_id a = add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 8.0), 0.3, 500.0);
    fl_body_id dry = add_box_body(t.w, 1.0, 1.0, fl_v2(3.0, 5.0), 0.0, 500.0);
    fl_body_set_velocity(a, fl_v2(0.4, -0.2));
    fl_body_set_spin(a, 0.7);
    assert_null(fl_buoyancy_applied(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0))); /* nothing applied yet */
    assert_int_equal(fl_buoyancy_apply(t.b, 0.0, DT), FL_OK);
    const fl_submerged *sub = fl_buoyancy_submerged(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0));
    const fl_buoyancy_push *p = fl_buoyancy_applied(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0));
    const fl_buoyancy_total *tot = fl_buoyancy_applied_total(t.b, fl_world_body(fl_buoyancy_world(t.b), 0));
    assert_non_null(p);
    assert_non_null(tot);
    ASSERT_NEAR(sub->area, 0.5, 1e-12); /* a box cut through its centre */
    ASSERT_EXACT(p->at.x, sub->centroid.x);
    ASSERT_EXACT(p->at.y, sub->centroid.y);
    ASSERT_EXACT(p->lift.x, 0.0);
    ASSERT_EXACT(p->lift.y, -RHO * sub->area * G);
    /* Drag opposes the motion relative to still water; its size is the
     * small-step linear drag k rho A |v| times the decay over the step,
     * exp(-0.5 * 1000 * 0.5 / 500 * dt) ~ 1 - 0.004. */
    double v = hypot(0.4, -0.2), d = fl_length(p->drag);
    assert_true(p->drag.x < 0.0 && p->drag.y > 0.0);
    ASSERT_NEAR(p->drag.x * -0.2 - p->drag.y * 0.4, 0.0, 1e-12 * d);
    ASSERT_NEAR(d, 0.5 * RHO * sub->area * v, 0.005 * 0.5 * RHO * sub->area * v);
    ASSERT_EXACT(tot->force.x, fl_body_force(a).x);
    ASSERT_EXACT(tot->force.y, fl_body_force(a).y);
    ASSERT_EXACT(tot->torque, fl_body_torque(a));
    ASSERT_NEAR(tot->torque, fl_cross(fl_sub(p->at, fl_body_position(a)), fl_add(p->lift, p->drag)),
                1e-12);
    /* The drags became the body's damping: k rho A / m = 0.5 * 1000 * 0.5
     * / 500 per second, and k_ang A / A_hull = 0.5 for the spin. */
    ASSERT_NEAR(tot->damping, 0.5, 1e-12);
    ASSERT_NEAR(tot->angular_damping, 0.5, 1e-12);
    fl_velocity_term term = fl_body_velocity_term(a);
    ASSERT_EXACT(term.rate, tot->damping);
    ASSERT_EXACT(term.angular_rate, tot->angular_damping);
    ASSERT_EXACT(term.toward.x, 0.0); /* still water */
    assert_true(term.stiffness > 0.0); /* and the lift's stiffness in heave */
    assert_null(fl_buoyancy_applied(t.b, fl_world_body(fl_buoyancy_world(t.b), 1), fl_buoyancy_fluid_at(t.b, 0)));
    assert_null(fl_buoyancy_applied_total(t.b, fl_world_body(fl_buoyancy_world(t.b), 1)));
    /* Measuring again leaves the report as it was. */
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    assert_ptr_equal(fl_buoyancy_applied(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0)), p);
    fl_world_remove_body(t.w, dry);
    assert_null(fl_buoyancy_applied(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), fl_buoyancy_fluid_at(t.b, 0)));
    tank_close(&t);
}

/* Light and thin bodies settle, and no drop makes energy: at 60 Hz a 1 m
 * box of density 1 to 500 kg/m^2 dropped from 1.5 m above still water,
 * and planks 1 to 10 mm thick of density 500 dropped from 0.2 m, all rest
 * (speed < 1e-3 m/s) at Archimedes' draft within 1 mm after 60 s, and
 * their mechanical energy -- kinetic, gravitational and the buoyancy
 * potential rho g W d^2 / 2 of a box upright at depth d (W d h - W h^2 / 2
 * once under) -- never exceeds what they had when let go, beyond roundoff
 * (1e-13 of m g times the height fallen through). A step that damps
 * nothing of its own (integrate.c) lets that energy, measured at the
 * body's time with the velocity half a step behind, swing by O(omega dt)
 * of itself about its true value from step to step; what the drag takes
 * and the water gains must still leave it below its start. Before the
 * entry was taken along the step's path: the density-1 box ended 4 cm high
 * and still moving, the 1 mm plank 2.8 cm low, and the step into the
 * water made 3.6 J for the density-1 box (more than it had fallen
 * through) and 21 J for density 50. */
typedef struct drop_result {
    double draft_error, speed;
    double worst_rise; /* the most the energy stood above its start, J */
    int rise_step;
    double step_rise;  /* the largest rise from one step to the next, J (reported) */
} drop_result;

static double box_energy(fl_body_id b, double w, double h, double surface)
{
    fl_vec2 v = fl_body_velocity(b);
    double m = fl_body_mass(b), spin = fl_body_spin(b), y = fl_body_position(b).y;
    double depth = y + h / 2 - surface; /* of its bottom */
    double d = fmin(fmax(depth, 0.0), h), under = fmax(depth - h, 0.0);
    double lift = RHO * G * w * (d * d / 2 + h * under);
    return 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin - m * G * y + lift;
}

static drop_result drop_case(double w, double h, double density, double height)
{
    const double surface = 8.0;
    tank t = tank_open(surface, 108.0);
    fl_body_id b = add_box_body(t.w, w, h, fl_v2(0.0, surface - height - h / 2), 0.0, density);
    drop_result r = {0.0, 0.0, 0.0, 0, 0.0};
    double e0 = box_energy(b, w, h, surface), last = e0;
    for (int i = 1; i <= 60 * 60; i++) {
        fl_world_step(t.w, DT);
        double e = box_energy(b, w, h, surface);
        if (e - e0 > r.worst_rise) {
            r.worst_rise = e - e0;
            r.rise_step = i;
        }
        r.step_rise = fmax(r.step_rise, e - last);
        last = e;
    }
    assert_true(fabs(fl_body_angle(b)) < 1e-12); /* upright, as the energy assumes */
    r.draft_error = fl_body_position(b).y + h / 2 - surface - density / RHO * h;
    r.speed = fl_length(fl_body_velocity(b));
    double roundoff = 1e-13 * fl_body_mass(b) * G * (height + h);
    if (r.worst_rise <= roundoff)
        r.worst_rise = 0.0;
    tank_close(&t);
    return r;
}

static void test_light_and_thin_bodies_settle(void **s)
{
    (void)s;
    static const double densities[] = {1, 2, 5, 10, 20, 50, 100, 200, 500};
    for (size_t i = 0; i < sizeof densities / sizeof densities[0]; i++) {
        drop_result r = drop_case(1.0, 1.0, densities[i], 1.5);
        print_message("density %g: draft off by %.2g m, highest E - E0 %.3g J, largest rise in a "
                      "step %.3g J\n", densities[i], r.draft_error, r.worst_rise, r.step_rise);
        if (!(fabs(r.draft_error) < 1e-3 && r.speed < 1e-3 && r.worst_rise == 0.0))
            fail_msg("density %g: draft off by %g m, speed %g m/s, energy above its start by %g J at step %d",
                     densities[i], r.draft_error, r.speed, r.worst_rise, r.rise_step);
    }
    static const double thickness[] = {0.001, 0.002, 0.005, 0.010};
    for (size_t i = 0; i < sizeof thickness / sizeof thickness[0]; i++) {
        drop_result r = drop_case(1.0, thickness[i], 500.0, 0.2);
        print_message("plank %g m: draft off by %.2g m, highest E - E0 %.3g J, largest rise in a "
                      "step %.3g J\n", thickness[i], r.draft_error, r.worst_rise, r.step_rise);
        if (!(fabs(r.draft_error) < 1e-3 && r.speed < 1e-3 && r.worst_rise == 0.0))
            fail_msg("plank %g m: draft off by %g m, speed %g m/s, energy above its start by %g J at step %d",
                     thickness[i], r.draft_error, r.speed, r.worst_rise, r.rise_step);
    }
}

/* Dry holds: a hollow boat (a thin shell on a trapezoid hull) carries three
 * crates on its floor, below the waterline. The part of the hull the shell
 * does not fill is dry, so the crates displace nothing, and the boat sinks
 * until its hull displaces the whole load: hull area under water = (boat +
 * cargo) mass / rho, to the solver's convergence (1e-6), for light cargo
 * (700, which would float if wet) and heavy (2000). Before, the crates were
 * buoyed by 3 x 0.0104 m^2 and the boat rode 1 % high. */
/* A body that one step carries wholly into the water is lifted by its own
 * shape along the step's path: the step's mean lift is rho g times the
 * mean, over the descent D, of the area under the surface, which for a
 * triangle W wide and H high falling apex first is the integral of
 * A(s) = W s^2 / (2 H) (s: the apex's depth; W H / 2 once under) over the
 * descent, divided by it. The step solves D = dt v1 with v1 = v0 + dt (g -
 * lift(D) / m); solved here the same way from the triangle's formula, the
 * velocity and the descent agree to 1e-9. (A box of the triangle's height
 * and area, as the step took it before, leaves it at 38.251 m/s where its
 * shape gives 38.497.) */
static double triangle_under_integral(double s, double w, double h)
{
    if (s <= 0.0)
        return 0.0;
    if (s <= h)
        return w * s * s * s / (6.0 * h);
    return w * h * h / 6.0 + 0.5 * w * h * (s - h);
}

static void test_whole_crossing_lifted_by_its_shape(void **s)
{
    (void)s;
    const double w = 0.4, h = 0.3, density = 50.0, v0 = 40.0;
    tank t = tank_open(8.0, 60.0);
    fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
    f.linear_drag = f.angular_drag = 0.0;
    assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
    const fl_vec2 p[3] = {{-w / 2, -h / 3}, {w / 2, -h / 3}, {0.0, 2 * h / 3}};
    fl_body_id tri = add_polygon(t.w, p, 3, fl_v2(0.0, 8.0 - 0.1 - 2 * h / 3 - v0 * DT), 0.0,
                               density);
    fl_body_set_velocity(tri, fl_v2(0.0, v0));
    fl_world_step(t.w, DT); /* in the air: the first step's half kick */
    double y0 = fl_body_position(tri).y, u0 = y0 + 2 * h / 3 - 8.0, v = fl_body_velocity(tri).y;
    assert_true(u0 < 0.0 && u0 + (v + G * DT) * DT > h); /* dry now, wholly under next */
    double m = density * w * h / 2, lo = 0.0, hi = (v + G * DT) * DT;
    for (int it = 0; it < 200; it++) {
        double d = 0.5 * (lo + hi);
        double mean = (triangle_under_integral(u0 + d, w, h) - triangle_under_integral(u0, w, h)) / d;
        double v1 = v + DT * (G - RHO * G * mean / m);
        if (DT * v1 > d)
            lo = d;
        else
            hi = d;
    }
    double d = 0.5 * (lo + hi);
    fl_world_step(t.w, DT);
    printf("crossing: v %.9f m/s (predicted %.9f), descent %.9f m (predicted %.9f)\n",
           fl_body_velocity(tri).y, d / DT, fl_body_position(tri).y - y0, d);
    ASSERT_NEAR(fl_body_velocity(tri).y, d / DT, 1e-9);
    ASSERT_NEAR(fl_body_position(tri).y - y0, d, 1e-9);
    tank_close(&t);
}

static const char hold_scene[] =
    "flotsam-scene 1\n"
    "fluid density=1000 surface=8 left=0 right=20 bottom=14\n"
    "box at=10,14.5 size=22,1 static\n"
    "polygon name=boat at=10,7.5 density=300 friction=0.8\n"
    "  points=[-2.4,-0.6 -2.2,-0.6 -1.75,0.4 1.75,0.4 2.2,-0.6 2.4,-0.6 1.85,0.7 -1.85,0.7]\n"
    "  hull=[-2.4,-0.6 2.4,-0.6 1.85,0.7 -1.85,0.7]\n"
    "box at=9,7.6 size=0.6,0.6 density=%g friction=0.8\n"
    "box at=10,7.6 size=0.6,0.6 density=%g friction=0.8\n"
    "box at=11,7.6 size=0.6,0.6 density=%g friction=0.8\n";

static void hold_case(double cargo_density)
{
    char text[sizeof hold_scene + 64];
    snprintf(text, sizeof text, hold_scene, cargo_density, cargo_density, cargo_density);
    fl_scene sc;
    fl_sim *sim = NULL;
    fl_scene_error err;
    assert_true(fl_scene_parse(text, strlen(text), &sc, &err));
    assert_true((sim = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    for (int i = 0; i < 60 * 60; i++)
        fl_world_step(fl_sim_world(sim), fl_sim_dt(sim));
    assert_int_equal(fl_buoyancy_measure(fl_sim_buoyancy(sim), fl_world_time(fl_sim_world(sim))),
                     FL_OK);
    double mass = 0.0;
    for (int i = 1; i < 5; i++)
        mass += fl_body_mass(fl_world_body(fl_sim_world(sim), i));
    ASSERT_REL(
        fl_buoyancy_body_area(fl_sim_buoyancy(sim), fl_world_body(fl_sim_world(sim), 1), NULL),
        mass / RHO, 1e-6);
    for (int i = 2; i < 5; i++) {
        fl_body_id crate = fl_world_body(fl_sim_world(sim), i);
        assert_true(fl_body_position(crate).y + 0.3 > 8.0); /* its bottom is under water */
        assert_true(fl_buoyancy_body_area(fl_sim_buoyancy(sim), fl_world_body(fl_sim_world(sim), i),
                                          NULL) == 0.0);
    }
    fl_sim_free(sim);
}

static void test_dry_hold_light_cargo(void **s) { (void)s; hold_case(700.0); }
static void test_dry_hold_heavy_cargo(void **s) { (void)s; hold_case(2000.0); }

/* The hollow boat of hold_scene: its shell and the hull that closes it. */
static const fl_vec2 shell[8] = {{-2.4, -0.6}, {-2.2, -0.6}, {-1.75, 0.4}, {1.75, 0.4},
                                 {2.2, -0.6},  {2.4, -0.6},  {1.85, 0.7},  {-1.85, 0.7}};
static const fl_vec2 hull[4] = {{-2.4, -0.6}, {2.4, -0.6}, {1.85, 0.7}, {-1.85, 0.7}};

/* That boat's definition, of density 300, placed at `at`. */
static fl_body_def boat_def(fl_vec2 at, double angle)
{
    fl_body_def d = fl_body_def_default();
    d.points = shell;
    d.point_count = 8;
    d.hull = hull;
    d.hull_count = 4;
    d.origin = at;
    d.angle = angle;
    d.density = 300.0;
    return d;
}

/* Heeled 10 degrees and sunk to its gunwale, a hull's hold stays dry: a
 * crate inside it displaces nothing, while the same crate in open water
 * beside the boat displaces its whole area. */
static void test_dry_hold_heeled(void **s)
{
    (void)s;
    tank t = tank_open(8.0, 20.0);
    fl_body_def d = boat_def(fl_v2(0.0, 8.5), 10.0 * FL_PI / 180.0);
    fl_body_id boat;
    assert_int_equal(fl_world_add_body(t.w, &d, &boat, NULL), FL_OK);
    /* In the hold: resting on the inner floor (y 0.4 of the points), turned
     * with it; points are offsets from the outline's own origin, the body's
     * frame is about its centre of mass. */
    fl_vec2 c;
    fl_polygon_area_centroid(shell, 8, &c);
    fl_vec2 in_hold = fl_body_world_point(boat, fl_sub(fl_v2(0.0, 0.1), c));
    fl_body_id crate = add_box_body(t.w, 0.6, 0.6, in_hold, d.angle, 700.0);
    add_box_body(t.w, 0.6, 0.6, fl_v2(5.0, 9.0), 0.0, 700.0); /* in open water */
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    assert_true(fl_body_position(crate).y - 0.5 > 8.0); /* under the surface */
    assert_true(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 1), NULL) == 0.0);
    ASSERT_NEAR(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 2), NULL), 0.36, 1e-12);
    tank_close(&t);
}

/* The peaks of a sampled swing, each found by the parabola through the
 * three samples about it (good to (omega dt)^4): how many, and the first
 * and last one's time (in samples) and height. */
typedef struct swing {
    double y[3];
    int samples, peaks;
    double first_at, first, last_at, last;
} swing;

static void swing_add(swing *w, double y)
{
    w->y[0] = w->y[1];
    w->y[1] = w->y[2];
    w->y[2] = y;
    int i = ++w->samples;
    if (i >= 3 && w->y[1] > w->y[0] && w->y[1] >= w->y[2] && w->y[1] > 0.0) {
        double curve = w->y[0] - 2.0 * w->y[1] + w->y[2];
        w->last_at = i - 1 + (w->y[0] - w->y[2]) / (2.0 * curve);
        w->last = w->y[1] - (w->y[2] - w->y[0]) * (w->y[2] - w->y[0]) / (8.0 * curve);
        if (w->peaks++ == 0) {
            w->first_at = w->last_at;
            w->first = w->last;
        }
    }
}

/* Its mean period, in samples. */
static double swing_period(const swing *w) { return (w->last_at - w->first_at) / (w->peaks - 1); }

/* The period the step gives an oscillator of natural frequency omega: the
 * average-acceleration rule turns by 2 atan(omega dt / 2) a step, long by
 * about (omega dt)^2 / 12 of itself (docs/physics.md). */
static double step_period(double omega, double dt) { return 2.0 * FL_PI / (2.0 * atan(omega * dt / 2.0)); }

/* Heave keeps its amplitude and its period at any rate: a drag-free box
 * 1 x 0.5 m of half the water's density (draft 0.25 m, omega^2 = g / T =
 * 39.24 /s^2, s dt^2 = 0.044 at 30 Hz), let go 2 cm low at 30, 60, 120
 * and 240 Hz. Its waterline is the same all the way (a linear spring), so
 * the step's map keeps exactly
 *   E* = (1 + s dt^2 / 4) v^2 / 2 + s y(n) y(n+1) / 2
 * (v the velocity that took it from y(n) to y(n+1)) from its first step
 * on (a half kick, which starts it within (omega dt)^2 / 4 of s a^2 / 2):
 * kept to 1e-9 of itself over 60 s, where semi-implicit Euler
 * with half the stiffness taken at the step's end lost 1 - exp(-2 * 0.164
 * * 60) of it at 60 Hz. Every peak over the 60 s stands within 1e-4 of the
 * first (the parabola's error), the last at least 99 % of the 2 cm; the
 * period is the step's own, 2 pi / (2 atan(omega dt / 2)) steps, within
 * 1e-5, and at 60 Hz within 0.1 % of 2 pi sqrt(T / g). */
static void test_heave_keeps_its_amplitude_and_period(void **s)
{
    (void)s;
    const double rates[] = {30.0, 60.0, 120.0, 240.0}, a0 = 0.02, s_heave = G / 0.25;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        double dt = 1.0 / rates[r], q = s_heave * dt * dt / 4.0;
        tank t = tank_open(0.0, 50.0);
        fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
        f.linear_drag = f.angular_drag = 0.0;
        assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
        fl_body_id b = add_box_body(t.w, 1.0, 0.5, fl_v2(0.0, a0), 0.0, 500.0);
        swing sw = {{a0, a0, a0}, 0, 0, 0, 0, 0, 0};
        double e0 = 0.0, y = a0;
        for (long i = 1; i <= (long)(60 * rates[r]); i++) {
            fl_world_step(t.w, dt);
            double y1 = fl_body_position(b).y, v = fl_body_velocity(b).y;
            double e = (1.0 + q) * v * v / 2.0 + s_heave * y * y1 / 2.0;
            if (i == 1) {
                e0 = e;
                ASSERT_REL(e0, s_heave * a0 * a0 / 2.0, s_heave * dt * dt / 4.0);
            }
            if (fabs(e - e0) > 1e-9 * e0)
                fail_msg("%g Hz, step %ld: E* = %.12g against %.12g at the start", rates[r], i, e,
                         e0);
            y = y1;
            swing_add(&sw, y1);
            if (sw.peaks > 0)
                ASSERT_REL(sw.last, sw.first, 1e-4);
        }
        double omega = sqrt(s_heave);
        assert_true(sw.peaks >= 40); /* period 1.0 s */
        assert_true(sw.last >= 0.99 * a0);
        ASSERT_REL(swing_period(&sw), step_period(omega, dt), 1e-5);
        if (rates[r] == 60.0)
            ASSERT_REL(swing_period(&sw) * dt, 2.0 * FL_PI / omega, 1e-3);
        tank_close(&t);
    }
}

/* With a linear drag c (k_lin rho A / m = k_lin for a body afloat) the same
 * heave decays at c / 2, the damped oscillator's rate, and at nothing
 * more: within 1 % for c = 0.1, 0.5 and 2 /s at 60 Hz (the step's own
 * error there is (omega dt)^2 / 4 = 0.27 %, from the drag's exact decay
 * taken over the kick). Semi-implicit Euler with half the stiffness at the
 * step's end decayed at 0.213, 0.412 and 1.160 /s: 4.3, 1.65 and 1.16
 * times c / 2. */
static void test_heave_decays_at_half_the_drag(void **s)
{
    (void)s;
    const double drags[] = {0.1, 0.5, 2.0}, a0 = 0.02;
    for (size_t r = 0; r < sizeof drags / sizeof drags[0]; r++) {
        tank t = tank_open(0.0, 50.0);
        fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
        f.linear_drag = drags[r];
        f.angular_drag = 0.0;
        assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
        fl_body_id b = add_box_body(t.w, 1.0, 0.5, fl_v2(0.0, a0), 0.0, 500.0);
        swing sw = {{a0, a0, a0}, 0, 0, 0, 0, 0, 0};
        for (int i = 1; i <= 20 * 60 && (sw.peaks == 0 || sw.last > 1e-9); i++) {
            fl_world_step(t.w, DT);
            swing_add(&sw, fl_body_position(b).y);
        }
        assert_true(sw.peaks >= 3);
        double rate = -log(sw.last / sw.first) / ((sw.last_at - sw.first_at) * DT);
        print_message("drag %g: heave decays at %.5f /s, c / 2 = %g\n", drags[r], rate, drags[r] / 2);
        ASSERT_REL(rate, drags[r] / 2.0, 0.01);
        tank_close(&t);
    }
}

/* Roll keeps its amplitude, and its period is the one its GM gives:
 * drag-free boxes 2 x 1, 1.3 x 1 and 1.25 x 1 of half the water's density
 * let go 1 degree off upright at 60 Hz. GM = T / 2 + w^2 / (12 T) - h / 2
 * (0.4167, 0.0317 and 0.0104 m), I = m (w^2 + h^2) / 12, and the period is
 * 2 pi sqrt(I / (m g GM)): 2.006, 5.337 and 9.083 s. Over ten periods every
 * peak of the heel stays within 1 % of the first (semi-implicit Euler with
 * half of rho g I_wl taken at the step's end lost 12.3 %, 24 % and 36.5 %
 * a period); the stiff box's period is within 0.1 % of the theory's (the
 * step's own lengthening is (omega dt)^2 / 12 = 2e-4), the tender two
 * within 0.5 %, their GZ curves already bending within the degree (GZ =
 * sin(phi) (GM + BM tan^2(phi) / 2) for a wall-sided box). */
static void test_roll_keeps_its_amplitude_and_its_gm_period(void **s)
{
    (void)s;
    const struct { double w, rel; } boxes[] = {{2.0, 1e-3}, {1.3, 5e-3}, {1.25, 5e-3}};
    const double h = 1.0, heel = FL_PI / 180.0;
    for (size_t k = 0; k < sizeof boxes / sizeof boxes[0]; k++) {
        double w = boxes[k].w, T = h / 2.0;
        double gm = T / 2.0 + w * w / (12.0 * T) - h / 2.0;
        double period = 2.0 * FL_PI * sqrt((w * w + h * h) / 12.0 / (G * gm));
        tank t = tank_open(0.0, 50.0);
        fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
        f.linear_drag = f.angular_drag = 0.0;
        assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
        fl_body_id b = add_box_body(t.w, w, h, fl_v2(0.0, 0.0), heel, 500.0);
        swing sw = {{heel, heel, heel}, 0, 0, 0, 0, 0, 0};
        long n = (long)(10.5 * period / DT);
        for (long i = 1; i <= n; i++) {
            fl_world_step(t.w, DT);
            swing_add(&sw, fl_body_angle(b));
            if (sw.peaks > 0 && fabs(sw.last / sw.first - 1.0) > 0.01)
                fail_msg("%g x 1: a peak of %g degrees after %g s, the first %g", w,
                         sw.last * 180 / FL_PI, i * DT, sw.first * 180 / FL_PI);
        }
        print_message("%g x 1: period %.5f s (theory %.5f), last peak %.6f of the first\n", w,
                      swing_period(&sw) * DT, period, sw.last / sw.first);
        assert_true(sw.peaks >= 10);
        ASSERT_REL(swing_period(&sw) * DT, period, boxes[k].rel);
        tank_close(&t);
    }
}

/* The heel of a tall box 1 x 2 of half the water's density let go 8
 * degrees off upright (scenes/capsize.scene: it rolls over onto its side)
 * over its first 5 s, sampled 60 times a second, at 60, 120 and 240 Hz
 * against a run at 960 Hz: the step is second order for smooth motion, so
 * the largest difference falls fourfold as the rate doubles (measured
 * orders 1.91 and 2.00; at least 1.8 here), and at 60 Hz it is within 1.5
 * degrees of the 960 Hz run (measured 0.12 degrees, where the first-order
 * step before was 15.3 degrees off, orders 0.99 and 1.18). The drags are
 * the fluid's defaults; no contact is made. */
static void heel_run(double rate, double *heel, int samples)
{
    tank t = tank_open(8.0, 14.0);
    fl_body_id b = add_box_body(t.w, 1.0, 2.0, fl_v2(14.0, 7.0), 8.0 * FL_PI / 180.0, 500.0);
    int every = (int)(rate / 60.0 + 0.5);
    for (int k = 0; k < samples; k++) {
        for (int i = 0; i < every; i++)
            fl_world_step(t.w, 1.0 / rate);
        heel[k] = fl_body_angle(b);
    }
    tank_close(&t);
}

static void test_capsize_converges_as_dt_squared(void **s)
{
    (void)s;
    enum { SAMPLES = 300 };
    static double ref[SAMPLES], run_at[3][SAMPLES];
    const double rates[3] = {60.0, 120.0, 240.0};
    heel_run(960.0, ref, SAMPLES);
    double worst[3] = {0.0, 0.0, 0.0};
    for (int r = 0; r < 3; r++) {
        heel_run(rates[r], run_at[r], SAMPLES);
        for (int k = 0; k < SAMPLES; k++)
            worst[r] = fmax(worst[r], fabs(run_at[r][k] - ref[k]));
    }
    assert_true(ref[SAMPLES - 1] > 60.0 * FL_PI / 180.0); /* it did capsize */
    double o1 = log2(worst[0] / worst[1]), o2 = log2(worst[1] / worst[2]);
    print_message("heel off the 960 Hz run by %.4g, %.4g, %.4g degrees at 60, 120, 240 Hz: "
                  "orders %.3f, %.3f\n", worst[0] * 180 / FL_PI, worst[1] * 180 / FL_PI,
                  worst[2] * 180 / FL_PI, o1, o2);
    assert_true(worst[0] < 1.5 * FL_PI / 180.0);
    assert_true(o1 >= 1.8 && o2 >= 1.8);
}

/* Ten minutes of a drag-free floating world: three boxes (2 x 1 and 1 x
 * 0.5 of density 500, 1.5 x 0.6 of density 700) let go off their rest,
 * heeled and low, far apart in still water with no drag. Its energy E =
 * sum of m v^2 / 2 + I w^2 / 2 - m g y + rho g A_sub (y_b - surface) (the
 * buoyancy's potential, y_b the centre of buoyancy's depth) has nothing to
 * lose it, and the step must neither drain it nor pump it: measured with
 * the velocities half a step behind the poses it swings from step to step
 * by O(omega dt) of what the bodies have to give (E0 less their energy at
 * rest), and does not drift. Checked: every step within omega_max dt of
 * that of E0 (measured 0.036 of it, omega dt 0.104), and the mean over the last minute
 * within 0.1 % of it of the first minute's (measured 7e-5). */
static double world_energy(fl_buoyancy *bu, fl_world *w, double surface)
{
    assert_int_equal(fl_buoyancy_measure(bu, 0.0), FL_OK);
    double e = 0.0;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        fl_vec2 v = fl_body_velocity(b);
        double m = fl_body_mass(b), spin = fl_body_spin(b);
        e += 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin -
             m * G * fl_body_position(b).y;
        const fl_submerged *sub = fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), i), fl_buoyancy_fluid_at(bu, 0));
        if (sub && sub->area > 0.0)
            e += RHO * G * sub->area * (sub->centroid.y - surface);
    }
    return e;
}

typedef struct floater { double w, h, density, x, dy, heel; } floater;
static const floater floaters[] = {{2.0, 1.0, 500.0, 0.0, 0.05, 5.0},
                                   {1.0, 0.5, 500.0, 10.0, 0.03, 0.0},
                                   {1.5, 0.6, 700.0, 20.0, -0.04, 3.0}};

/* The three in drag-free water, off their rest by `off` of their offsets. */
static tank floaters_tank(double surface, double off)
{
    tank t = tank_open(surface, 50.0);
    fl_fluid_def f = *fl_buoyancy_fluid_def(t.b, 0);
    f.linear_drag = f.angular_drag = 0.0;
    assert_int_equal(fl_buoyancy_set_fluid(t.b, fl_buoyancy_fluid_at(t.b, 0), &f, NULL), FL_OK);
    for (int i = 0; i < 3; i++) {
        const floater *b = &floaters[i];
        double centre = surface + b->density / RHO * b->h - b->h / 2 + off * b->dy;
        add_box_body(t.w, b->w, b->h, fl_v2(b->x, centre), off * b->heel * FL_PI / 180.0, b->density);
    }
    return t;
}

static void test_energy_over_ten_minutes(void **s)
{
    (void)s;
    const double surface = 0.0;
    tank at_rest = floaters_tank(surface, 0.0);
    double rest = world_energy(at_rest.b, at_rest.w, surface);
    tank_close(&at_rest);
    tank t = floaters_tank(surface, 1.0);
    double e0 = world_energy(t.b, t.w, surface), free_energy = e0 - rest;
    assert_true(free_energy > 0.0);
    /* The stiffest motion is the 1 x 0.5 box's heave, omega^2 = g / T. */
    double omega_dt = sqrt(G / 0.25) * DT, first = 0.0, last = 0.0, worst = 0.0;
    const int minute = 60 * 60, steps = 10 * minute;
    for (int i = 1; i <= steps; i++) {
        fl_world_step(t.w, DT);
        double e = world_energy(t.b, t.w, surface);
        worst = fmax(worst, fabs(e - e0));
        if (i <= minute)
            first += e / minute;
        if (i > steps - minute)
            last += e / minute;
    }
    print_message("energy to give %.6g J: swings by %.4g of it at most (omega dt %.4g); the "
                  "last minute's mean off the first's by %.3g of it\n",
                  free_energy, worst / free_energy, omega_dt, fabs(last - first) / free_energy);
    assert_true(worst <= omega_dt * free_energy);
    assert_true(fabs(last - first) <= 1e-3 * free_energy);
    tank_close(&t);
}

/* What the inspector reads off a box w x h of relative density q floating
 * upright at its draft: draft q h, waterline w, BM = w^2 / (12 q h), and
 * GM = BM - BG = w^2 / (12 T) + T / 2 - h / 2 (T = q h), its sign the
 * metacentric criterion w^2 / h^2 > 6 q (1 - q). Measured from the clipped
 * polygon, exact to roundoff. */
static void stability_case(double w, double h, double q)
{
    const double surface = 8.0, T = q * h;
    tank t = tank_open(surface, 20.0);
    add_box_body(t.w, w, h, fl_v2(0.0, surface - h / 2 + T), 0.0, q * RHO);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    fl_hydrostatics hs;
    assert_true(fl_buoyancy_hydrostatics(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), 0.0, &hs));
    assert_int_equal(fl_fluid_index(hs.fluid), 0);
    assert_true(hs.floating);
    ASSERT_NEAR(hs.draft, T, 1e-12);
    ASSERT_NEAR(hs.fraction, q, 1e-12);
    ASSERT_NEAR(hs.waterline, w, 1e-12);
    ASSERT_NEAR(hs.bm, w * w / (12.0 * T), 1e-12);
    ASSERT_NEAR(hs.bg, h / 2 - T / 2, 1e-12);
    double gm = w * w / (12.0 * T) + T / 2 - h / 2;
    ASSERT_NEAR(hs.gm, gm, 1e-12);
    assert_true((hs.gm > 0) == (w * w / (h * h) > 6 * q * (1 - q)));
    tank_close(&t);
}

static void test_inspector_stability_numbers(void **s)
{
    (void)s;
    stability_case(2.0, 1.0, 0.5);  /* GM +0.417: rights itself */
    stability_case(1.0, 1.0, 0.5);  /* GM -0.083: the square capsizes to 45 degrees */
    stability_case(1.0, 2.0, 0.5);  /* GM -0.417 */
    stability_case(1.0, 1.0, 0.15); /* 1 > 6 q (1 - q) = 0.765: stable */
    stability_case(3.0, 0.4, 0.8);
    /* A dry body: no fluid, nothing floats. */
    tank t = tank_open(8.0, 20.0);
    add_box_body(t.w, 1.0, 1.0, fl_v2(0.0, 2.0), 0.0, 500.0);
    assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
    fl_hydrostatics hs;
    assert_true(fl_buoyancy_hydrostatics(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), 0.0, &hs));
    assert_true(fl_fluid_is_null(hs.fluid));
    assert_false(hs.floating);
    /* A body that joined since the measure: the list changed. */
    fl_body_def d = fl_body_def_default();
    const fl_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    d.points = sq;
    d.point_count = 4;
    d.density = 1.0;
    fl_body_id late = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(fl_buoyancy_world(t.b), &d, &late, NULL), FL_OK);
    assert_false(fl_buoyancy_hydrostatics(t.b, late, 0.0, &hs));
    tank_close(&t);
}

/* Of two hulls that overlap, only the smaller is held dry by the larger: a
 * hulled dinghy in a boat's hold loses its displacement there, while the
 * boat's is what its hull alone would give. */
static void test_nested_hulls(void **s)
{
    (void)s;
    const fl_vec2 dshell[8] = {{-0.5, -0.2}, {-0.45, -0.2}, {-0.35, 0.1}, {0.35, 0.1},
                               {0.45, -0.2}, {0.5, -0.2},   {0.4, 0.2},   {-0.4, 0.2}};
    const fl_vec2 dhull[4] = {{-0.5, -0.2}, {0.5, -0.2}, {0.4, 0.2}, {-0.4, 0.2}};
    double alone = 0.0;
    for (int with_dinghy = 0; with_dinghy < 2; with_dinghy++) {
        tank t = tank_open(8.0, 20.0);
        fl_body_def d = boat_def(fl_v2(0.0, 8.3), 0.0);
        assert_int_equal(fl_world_add_body(t.w, &d, NULL, NULL), FL_OK);
        if (with_dinghy) {
            d.points = dshell;
            d.hull = dhull;
            d.origin = fl_v2(0.0, 8.3); /* in the hold, its floor on the boat's */
            assert_int_equal(fl_world_add_body(t.w, &d, NULL, NULL), FL_OK);
        }
        assert_int_equal(fl_buoyancy_measure(t.b, 0.0), FL_OK);
        double boat = fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 0), NULL);
        if (!with_dinghy)
            alone = boat;
        else {
            ASSERT_EXACT(boat, alone);
            assert_true(fl_buoyancy_body_area(t.b, fl_world_body(fl_buoyancy_world(t.b), 1), NULL) == 0.0);
        }
        tank_close(&t);
    }
    assert_true(alone > 0.5);
}

/* An irregular hexagon about its centroid, and a world with one still
 * fluid over [left, right] x [surface, bottom] (its definition left in f). */
static const fl_vec2 HEX[6] = {{0.5, 0.0},   {0.25, 0.4},  {-0.25, 0.45},
                               {-0.5, 0.0},  {-0.3, -0.4}, {0.2, -0.45}};

static fl_buoyancy *open_fluid(fl_world **w, fl_fluid_def *f, double left, double right,
                               double surface, double bottom)
{
    fl_world_def wd = fl_world_def_default();
    *w = fl_world_create(&wd, NULL);
    assert_non_null(*w);
    fl_buoyancy *bu = fl_buoyancy_create(*w, NULL);
    assert_non_null(bu);
    *f = fl_fluid_def_default();
    f->left = left;
    f->right = right;
    f->surface = surface;
    f->bottom = bottom;
    assert_int_equal(fl_buoyancy_add_fluid(bu, f, NULL, NULL), FL_OK);
    return bu;
}

/* The step's own pass and fl_buoyancy_measure decide and measure alike,
 * to the last bit: bodies dry, whole, cut by the surface (at an angle),
 * cut by the surface and a side wall at once, and on a wave. Only the
 * measure call keeps the submerged polygons, whose shoelace area matches. */
static void test_step_and_measure_agree(void **s)
{
    (void)s;
    fl_world *w;
    fl_fluid_def f;
    fl_buoyancy *bu = open_fluid(&w, &f, 0.0, 20.0, 8.0, 14.0);
    f.left = 30.0;
    f.right = 50.0;
    f.wave_amplitude = 0.4;
    assert_int_equal(fl_buoyancy_add_fluid(bu, &f, NULL, NULL), FL_OK);
    add_box_body(w, 1.0, 1.0, fl_v2(5.0, 3.0), 0.3, 500.0);  /* dry */
    add_box_body(w, 1.0, 1.0, fl_v2(7.0, 11.0), 0.3, 500.0); /* whole */
    add_polygon(w, HEX, 6, fl_v2(9.0, 8.1), 0.7, 500.0); /* cut by the surface */
    add_box_body(w, 1.0, 1.0, fl_v2(0.2, 8.2), 0.5, 500.0);  /* surface and wall */
    add_polygon(w, HEX, 6, fl_v2(33.0, 8.4), 1.1, 500.0); /* on the wave (up 0.38 here) */
    const int n = 5, wet[5] = {0, 1, 1, 1, 1};
    double area[5][2];
    fl_vec2 cb[5][2];
    assert_int_equal(fl_buoyancy_apply(bu, 0.7, DT), FL_OK);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            const fl_submerged *sub = fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), i), fl_buoyancy_fluid_at(bu, k));
            assert_non_null(sub);
            area[i][k] = sub->area;
            cb[i][k] = sub->centroid;
            assert_null(sub->polygon);
        }
    /* The step measures a wave at its start, where its kick is centred
     * (wave_clip.c: the hex is not so stiff that some of its lift is taken
     * at the step's end); still water is the same at any time. */
    assert_int_equal(fl_buoyancy_measure(bu, 0.7), FL_OK);
    for (int i = 0; i < n; i++) {
        double total = 0.0;
        for (int k = 0; k < 2; k++) {
            const fl_submerged *sub = fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), i), fl_buoyancy_fluid_at(bu, k));
            assert_true(sub->area == area[i][k]);
            if (sub->area > 0.0) {
                assert_true(sub->centroid.x == cb[i][k].x && sub->centroid.y == cb[i][k].y);
                assert_non_null(sub->polygon);
                fl_vec2 c;
                double a = fl_polygon_area_centroid(sub->polygon, sub->count, &c);
                ASSERT_NEAR(a, sub->area, 1e-12);
                ASSERT_NEAR(c.x, sub->centroid.x, 1e-12);
                ASSERT_NEAR(c.y, sub->centroid.y, 1e-12);
            }
            total += sub->area;
        }
        assert_true(wet[i] ? total > 0.0 : total == 0.0);
    }
    /* The cut ones really are cut, the whole one whole. */
    ASSERT_NEAR(area[1][0], 1.0, 1e-12);
    assert_true(area[2][0] > 0.1 && area[2][0] < 0.6);
    assert_true(area[3][0] > 0.1 && area[3][0] < 0.7);
    assert_true(area[4][1] > 0.1 && area[4][1] < 0.6);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(w);
}

/* In still water most bodies are decided by the circle around their
 * outline, without clipping. Swept across every edge of a small tank (the
 * surface, the bottom, both walls and the corners), at distances from an
 * edge just inside and just outside the circle's reach, and turned every
 * which way, the step's measure must match the outline clipped here by the
 * four half-planes in world coordinates. */
static void test_still_water_circle_agrees_with_clipping(void **s)
{
    (void)s;
    fl_world *w;
    fl_fluid_def f;
    fl_buoyancy *bu = open_fluid(&w, &f, 0.0, 4.0, 8.0, 11.0);
    fl_body_id b = add_polygon(w, HEX, 6, fl_v2(0.0, 0.0), 0.0, 500.0);
    double r = body_find(b)->hull_radius;
    const fl_vec2 edges[6] = {{2.0, 8.0}, {2.0, 11.0}, {0.0, 9.5}, {4.0, 9.5}, {0.0, 8.0}, {4.0, 11.0}};
    const double off[15] = {-1.2,  -1.0000001, -0.9999999, -0.99999, -0.9999,
                            -0.999, -0.99,      0.0,        0.99,     0.999,
                            0.9999, 0.99999,    0.9999999,  1.0000001, 1.2};
    /* Twelve turns, then the four that point the farthest vertex straight
     * along an axis, where the circle is tight. */
    double turns[16];
    int far = 0;
    for (int v = 1; v < 6; v++)
        far = fl_length(fl_body_hull(b, NULL)[v]) > fl_length(fl_body_hull(b, NULL)[far]) ? v : far;
    for (int k = 0; k < 16; k++)
        turns[k] = k < 12 ? 2.0 * FL_PI * k / 12.0
                          : FL_PI * (k - 12) / 2.0 - atan2(fl_body_hull(b, NULL)[far].y, fl_body_hull(b, NULL)[far].x);
    const fl_halfplane planes[4] = {{{0.0, 1.0}, 8.0}, {{0.0, -1.0}, -11.0}, {{1.0, 0.0}, 0.0},
                                    {{-1.0, 0.0}, -4.0}};
    int cut = 0, whole = 0, dry = 0;
    for (int e = 0; e < 6; e++)
        for (int i = 0; i < 15; i++)
            for (int j = 0; j < 15; j++)
                for (int k = 0; k < 16; k++) {
                    fl_vec2 at = fl_v2(edges[e].x + off[i] * r, edges[e].y + off[j] * r);
                    fl_body_set_transform(b, at, turns[k]);
                    assert_int_equal(fl_buoyancy_apply(bu, 0.0, DT), FL_OK);
                    const fl_submerged *sub = fl_buoyancy_submerged(bu, fl_world_body(fl_buoyancy_world(bu), 0), fl_buoyancy_fluid_at(bu, 0));
                    fl_vec2 poly[2][32];
                    int n = 6;
                    for (int v = 0; v < 6; v++)
                        poly[0][v] = fl_body_world_point(b, fl_body_hull(b, NULL)[v]);
                    for (int h = 0; h < 4; h++)
                        n = fl_clip_halfplane(poly[h & 1], n, planes[h], poly[(h + 1) & 1]);
                    fl_vec2 c = at;
                    double a = n >= 3 ? fl_polygon_area_centroid(poly[0], n, &c) : 0.0;
                    /* Areas, and first moments about the body (the
                     * centroid of a sliver is only as good as its tiny
                     * area allows; its moment is what the torque uses). */
                    ASSERT_NEAR(sub->area, a, 1e-12);
                    ASSERT_NEAR(sub->area * (sub->centroid.x - at.x), a * (c.x - at.x), 1e-12);
                    ASSERT_NEAR(sub->area * (sub->centroid.y - at.y), a * (c.y - at.y), 1e-12);
                    cut += a > 1e-9 && a < fl_body_hull_area(b) - 1e-9;
                    whole += a >= fl_body_hull_area(b) - 1e-9;
                    dry += a <= 1e-9;
                }
    /* The sweep saw all three answers. */
    assert_true(cut > 100 && whole > 20 && dry > 100);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(w);
}

/* ---- the curve of statical stability (fl_righting_arm) ---------------- */

static void box_outline(double w, double h, fl_vec2 *p)
{
    p[0] = fl_v2(-w / 2, -h / 2);
    p[1] = fl_v2(w / 2, -h / 2);
    p[2] = fl_v2(w / 2, h / 2);
    p[3] = fl_v2(-w / 2, h / 2);
}

/* A w x h box of relative density q, wall-sided until its deck edge goes
 * under: GZ = sin(p) (GM + BM tan^2(p) / 2), with BM = w^2 / (12 T),
 * GM = T / 2 + BM - h / 2 and T = q h. The formula is exact for a wall-sided
 * section, and the bisection finds the level to rounding, so the tolerance
 * is rounding's (a few ulps of metres, 1e-9 with room). */
static void test_box_gz_is_wall_sided(void **state)
{
    (void)state;
    double w = 2.0, h = 1.0, q = 0.5, t = q * h;
    fl_vec2 p[4];
    box_outline(w, h, p);
    double bm = w * w / (12.0 * t), gm = t / 2 + bm - h / 2;
    double deck = atan((h - t) / (w / 2)); /* deck edge at the surface */
    int checked = 0;
    for (int deg = 0; deg <= 89; deg++) {
        double phi = deg * FL_PI / 180.0;
        if (phi > deck)
            break;
        fl_righting r;
        assert_true(fl_righting_arm(p, 4, w * t, phi, &r));
        double want = sin(phi) * (gm + bm * tan(phi) * tan(phi) / 2);
        ASSERT_NEAR(r.gz, want, 1e-9);
        /* ... and heeled the other way, the arm turns the other way. */
        fl_righting l;
        assert_true(fl_righting_arm(p, 4, w * t, -phi, &l));
        ASSERT_NEAR(l.gz, -want, 1e-9);
        checked++;
    }
    assert_int_equal(checked, 27); /* 0 to 26 degrees: the deck edge is at 26.57 */
}

/* A square log at half the water's density floats unstable upright
 * (GM = T/2 + BM - h/2 = -1/12 m): GZ < 0 at 10 degrees, so it turns on
 * further; by symmetry the arm vanishes at 45 degrees, corner down, where
 * it comes to rest. */
static void test_square_log_rolls_to_its_corner(void **state)
{
    (void)state;
    fl_vec2 p[4];
    box_outline(1.0, 1.0, p);
    fl_righting r;
    assert_true(fl_righting_arm(p, 4, 0.5, 10 * FL_PI / 180, &r));
    assert_true(r.gz < 0.0);
    assert_true(fl_righting_arm(p, 4, 0.5, 45 * FL_PI / 180, &r));
    ASSERT_NEAR(r.gz, 0.0, 1e-12);
    /* Past 45 degrees it rights back towards the corner: stable there. */
    assert_true(fl_righting_arm(p, 4, 0.5, 50 * FL_PI / 180, &r));
    assert_true(r.gz > 0.0);
    /* What cannot float: no arm. */
    assert_false(fl_righting_arm(p, 4, 1.5, 0.0, &r));
    assert_false(fl_righting_arm(p, 4, 0.0, 0.0, &r));
}

/* The curve's stable zeros are where floating bodies come to rest: a square
 * log of half the water's density, let go 10 degrees off upright (GZ < 0
 * there: it turns on), settles corner down at 45 degrees, the stable zero
 * of fl_righting_arm; a 2 x 1 box let go at 20 degrees rights itself to 0,
 * its stable zero. Only the drag decays the roll, at half its rate (0.25
 * /s: the step damps nothing of its own), so over 120 s the swing of 0.6
 * rad falls to about 1e-13 rad, and the step's equilibrium is the force
 * balance at the zero itself: 1e-8 rad leaves ample room. (Over 60 s,
 * 1.2e-7 rad is left, as exp(-15) of the swing says.) */
static double settled_angle(double w, double h, double start_deg)
{
    tank t = tank_open(8.0, 20.0);
    fl_body_id b = add_box_body(t.w, w, h, fl_v2(0.0, 8.0), start_deg * FL_PI / 180.0, 0.5 * RHO);
    run(&t, 120.0);
    double a = fl_body_angle(b);
    tank_close(&t);
    return a;
}

static void test_bodies_rest_at_the_curves_stable_zeros(void **state)
{
    (void)state;
    fl_vec2 p[4];
    box_outline(1.0, 1.0, p);
    /* The zero between 10 and 80 degrees, found on the curve by bisection. */
    double lo = 10 * FL_PI / 180, hi = 80 * FL_PI / 180;
    for (int k = 0; k < 60; k++) {
        fl_righting r;
        assert_true(fl_righting_arm(p, 4, 0.5, 0.5 * (lo + hi), &r));
        if (r.gz < 0)
            lo = 0.5 * (lo + hi);
        else
            hi = 0.5 * (lo + hi);
    }
    ASSERT_NEAR(settled_angle(1.0, 1.0, 10.0), 0.5 * (lo + hi), 1e-8);
    ASSERT_NEAR(settled_angle(2.0, 1.0, 20.0), 0.0, 1e-8);
}

/* A 6 x 2 hull whose starboard wing, 0.5 m wide and the full depth, is
 * bilged carries its displacement on the 5.5 m left: at every heel its arm
 * about G is that intact part's own, an outline of its own (the arm of the
 * rectangle from x -3 to 2.5), to rounding; with the wing dry of the
 * water (heeled so it lifts out) nothing is lost. A bilged region no
 * smaller than what must be displaced: no waterline. */
static void test_a_bilged_wing_is_lost_buoyancy(void **state)
{
    (void)state;
    const fl_vec2 hull[] = {{-3, -1}, {3, -1}, {3, 1}, {-3, 1}};
    const fl_vec2 wing[] = {{2.5, -1}, {3, -1}, {3, 1}, {2.5, 1}};
    const fl_vec2 intact[] = {{-3, -1}, {2.5, -1}, {2.5, 1}, {-3, 1}};
    for (int deg = -170; deg <= 170; deg += 10) {
        double heel = deg * FL_PI / 180.0;
        fl_righting d, r;
        assert_true(fl_righting_arm_damaged(hull, 4, wing, 4, 3.0, heel, &d));
        assert_true(fl_righting_arm(intact, 4, 3.0, heel, &r));
        ASSERT_NEAR(d.gz, r.gz, 1e-9);
        ASSERT_NEAR(d.level, r.level, 1e-9);
        ASSERT_NEAR(d.b.y, r.b.y, 1e-9);
    }
    fl_righting d;
    assert_false(fl_righting_arm_damaged(hull, 4, wing, 4, 11.0, 0.0, &d)); /* 11 of 11 m2 */
    assert_false(fl_righting_arm_damaged(hull, 4, wing, 2, 3.0, 0.0, &d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draft_q02),
        cmocka_unit_test(test_draft_q05),
        cmocka_unit_test(test_draft_q08),
        cmocka_unit_test(test_denser_sinks),
        cmocka_unit_test(test_lighter_rises),
        cmocka_unit_test(test_dry_body_feels_nothing),
        cmocka_unit_test(test_restoring_torque),
        cmocka_unit_test(test_capsizing_torque),
        cmocka_unit_test(test_upright_stays_upright),
        cmocka_unit_test(test_tall_box_capsizes),
        cmocka_unit_test(test_concave_u_submerged),
        cmocka_unit_test(test_hull_displaces),
        cmocka_unit_test(test_hull_beyond_outline),
        cmocka_unit_test(test_layered_fluids),
        cmocka_unit_test(test_fluid_copied_from_its_own_list),
        cmocka_unit_test(test_drag_exact_decay),
        cmocka_unit_test(test_records_follow_the_body_list),
        cmocka_unit_test(test_applied_forces_are_reported),
        cmocka_unit_test(test_terminal_speed_at_any_step),
        cmocka_unit_test(test_light_and_thin_bodies_settle),
        cmocka_unit_test(test_whole_crossing_lifted_by_its_shape),
        cmocka_unit_test(test_dry_hold_light_cargo),
        cmocka_unit_test(test_dry_hold_heavy_cargo),
        cmocka_unit_test(test_dry_hold_heeled),
        cmocka_unit_test(test_heave_keeps_its_amplitude_and_period),
        cmocka_unit_test(test_heave_decays_at_half_the_drag),
        cmocka_unit_test(test_roll_keeps_its_amplitude_and_its_gm_period),
        cmocka_unit_test(test_capsize_converges_as_dt_squared),
        cmocka_unit_test(test_energy_over_ten_minutes),
        cmocka_unit_test(test_nested_hulls),
        cmocka_unit_test(test_inspector_stability_numbers),
        cmocka_unit_test(test_step_and_measure_agree),
        cmocka_unit_test(test_still_water_circle_agrees_with_clipping),
        cmocka_unit_test(test_box_gz_is_wall_sided),
        cmocka_unit_test(test_square_log_rolls_to_its_corner),
        cmocka_unit_test(test_bodies_rest_at_the_curves_stable_zeros),
        cmocka_unit_test(test_a_bilged_wing_is_lost_buoyancy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
