/* Abuse: a small closed tank poured full of bodies of every density from a
 * hundredth of the water's to a hundred times it, bodies from 1 cm to
 * 50 m, and 50 m/s impacts on walls, floors, bodies and water. Whatever
 * happens, nothing becomes NaN, nothing leaves a closed tank, and once a
 * damped tank has settled its energy never rises. */
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

/* A closed tank: floor, walls and lid, thick static boxes around the
 * inside [0, w] x [0, h] (y down, the lid at 0), water from `surface` to
 * the floor. */
typedef struct tank {
    fl_world *w;
    fl_buoyancy *b;
    double width, height, surface;
    int first; /* the first body that moves */
} tank;

static void add_static_box(fl_world *w, double x0, double y0, double x1, double y1)
{
    const fl_vec2 p[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.is_static = true;
    assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_OK);
}

static tank tank_solved(double width, double height, double surface, int substeps,
                        int iterations)
{
    tank t = {NULL, NULL, width, height, surface, 4};
    t.w = solved_world(fl_v2(0.0, G), substeps, iterations);
    double k = fmax(width, height); /* walls as thick as the tank is big */
    add_static_box(t.w, -k, height, width + k, height + k); /* floor */
    add_static_box(t.w, -k, -k, width + k, 0.0);            /* lid */
    add_static_box(t.w, -k, 0.0, 0.0, height);              /* left */
    add_static_box(t.w, width, 0.0, width + k, height);     /* right */
    t.b = add_water(t.w, 0.0, width, surface, height);
    return t;
}

/* A tank whose world solves as the default does. */
static tank tank_open(double width, double height, double surface)
{
    fl_world_def wd = fl_world_def_default();
    return tank_solved(width, height, surface, wd.substeps, wd.iterations);
}

static void tank_close(tank *t)
{
    fl_buoyancy_destroy(t->b);
    fl_world_destroy(t->w);
}

/* A fixed sequence in [0, 1). */
static double next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*state >> 11) / 9007199254740992.0;
}

static fl_body_id add_box(fl_world *w, double wd, double h, fl_vec2 at, double angle, double density)
{
    const fl_vec2 p[4] = {{-wd / 2, -h / 2}, {wd / 2, -h / 2}, {wd / 2, h / 2}, {-wd / 2, h / 2}};
    return add_polygon(w, p, 4, at, angle, density);
}

/* The deepest any body's centre has gone past the tank's inside, as a part
 * of that body's radius (more than 1: wholly pressed into a wall). */
static double deepest;

/* Every moving body is finite and has not left the tank: it is in the
 * tank or, pressed by a packed tank, in its walls, never past their far
 * side (the walls are as thick as the tank is big). How deep it went is
 * kept in `deepest`; the tests with room ask for some of each body to
 * stay inside (`inside`). */
static void check_held(const tank *t, const char *when, int step, bool inside)
{
    double k = fmax(t->width, t->height);
    for (int i = t->first; i < fl_world_body_count(t->w); i++) {
        fl_body_id b = fl_world_body(t->w, i);
        fl_vec2 p = fl_body_position(b), v = fl_body_velocity(b);
        if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(v.x) || !isfinite(v.y) ||
            !isfinite(fl_body_angle(b)) || !isfinite(fl_body_spin(b)))
            fail_msg("%s, step %d: body %d is not finite", when, step, i);
        double out = fmax(fmax(-p.x, p.x - t->width), fmax(-p.y, p.y - t->height));
        double r = fl_body_radius(b);
        deepest = fmax(deepest, out / r);
        if (!(out < (inside ? r : k)))
            fail_msg("%s, step %d: body %d left the tank, at %g, %g", when, step, i, p.x, p.y);
    }
}

static void assert_held(const tank *t, const char *when, int step)
{
    check_held(t, when, step, true);
}

/* Kinetic, gravity's and the buoyancy potential (rho g A_sub times the
 * depth of C_b), and the sum of the terms' sizes, for roundoff. */
static double energy(const tank *t, double *scale)
{
    assert_int_equal(fl_buoyancy_measure(t->b, fl_world_time(t->w)), FL_OK);
    double e = 0.0;
    *scale = 0.0;
    for (int i = t->first; i < fl_world_body_count(t->w); i++) {
        fl_body_id b = fl_world_body(t->w, i);
        fl_vec2 v = fl_body_velocity(b), c;
        double m = fl_body_mass(b), spin = fl_body_spin(b);
        double kinetic = 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin;
        double fall = -m * G * fl_body_position(b).y;
        double a = fl_buoyancy_body_area(t->b, fl_world_body(fl_buoyancy_world(t->b), i), &c);
        double lift = a > 0.0 ? RHO * G * a * (c.y - t->surface) : 0.0;
        e += kinetic + fall + lift;
        *scale += kinetic + fabs(fall) + fabs(lift);
    }
    return e;
}

/* `count` boxes (and every third a hexagon, if `hexagons`) 5 to 15 cm
 * across, of densities spread evenly in log from `lightest` to 10^decades
 * times that, placed apart on a grid 18 cm square from the tank's top left
 * corner and thrown at up to 5 m/s. */
static void pour_densities(tank *t, int count, bool hexagons, double lightest, double decades)
{
    uint64_t r = 12345;
    for (int i = 0; i < count; i++) {
        double size = 0.05 + 0.10 * next_random(&r);
        double density = lightest * pow(10.0, decades * next_random(&r));
        fl_vec2 at = {0.2 + 0.18 * (i % 20), 0.2 + 0.18 * (i / 20)};
        fl_body_id b;
        if (hexagons && i % 3 == 0) {
            fl_vec2 p[6];
            for (int k = 0; k < 6; k++)
                p[k] = fl_v2(0.5 * size * cos(k * FL_PI / 3), 0.5 * size * sin(k * FL_PI / 3));
            b = add_polygon(t->w, p, 6, at, 0.0, density);
        } else {
            b = add_box(t->w, size, 0.5 * size, at, 2 * FL_PI * next_random(&r), density);
        }
        /* drawn one at a time: a call's arguments are evaluated in no
         * set order (gcc took the second first, clang the first, and
         * the two poured different tanks) */
        double vy = 10.0 * next_random(&r) - 5.0;
        double vx = 10.0 * next_random(&r) - 5.0;
        fl_body_set_velocity(b, fl_v2(vx, vy));
    }
}

/* Densities from 10 to 100000 kg/m^2: 0.01 to 100 times the water's. */
static void pour(tank *t, int count, bool hexagons)
{
    pour_densities(t, count, hexagons, 10.0, 4.0);
}

/* 500 boxes and hexagons 5 to 15 cm across, of densities spread evenly in
 * log from 10 to 100000 kg/m^2 (0.01 to 100 of the water's), thrown in at
 * up to 5 m/s into a tank 4 wide and 8 high, half full (placed apart on a
 * grid 18 cm square, over and in the water): for 60 s nothing is NaN and
 * nothing gets out through a wall, and after the minute no body is
 * wholly in a wall (its centre less than its radius past the face). The
 * light ones pack into a raft several bodies thick and the heavy ones
 * into a pile on the floor, which in the first seconds presses small
 * bodies into the walls: how far past a wall's face a centre went, in
 * radii, is printed (0.91 here; 0.87 to 1.2 over seven seeds, and 0.33
 * to 0.83 at the end of the minute: docs/limits.md).
 * That, and the energy of this packed tank, which does not settle, are
 * printed and held to what was measured (docs/limits.md). */
static void test_pour_every_density_into_a_closed_tank(void **s)
{
    (void)s;
    tank t = tank_open(4.0, 8.0, 4.0);
    pour(&t, 500, true);
    deepest = 0.0;
    double scale, e = 0.0, most = -INFINITY;
    for (int i = 1; i <= 60 * 60; i++) {
        fl_world_step(t.w, DT);
        if (i % 10 == 0)
            check_held(&t, "pouring", i, false);
        if (i % 60 == 0 && i > 40 * 60) {
            double next = energy(&t, &scale);
            if (i > 41 * 60)
                most = fmax(most, (next - e) / scale);
            e = next;
        }
    }
    printf("deepest centre past a wall: %.3g of a radius; largest energy rise in a second "
           "after 40 s: %.3g of the terms\n", deepest, most);
    /* Bounds from what was measured, so that a change that makes it worse
     * is seen: the deepest centre over the minute went 0.87 to 1.20 radii
     * past a face over seven pours (docs/limits.md; this one 0.91), and the
     * unsettled pile stirs its energy by 2e-4 of its terms a second at most
     * after 40 s (a pump, as the support pass once made, rises steadily and
     * by far more). */
    if (deepest > 1.2)
        fail_msg("a centre went %.3g radii past a wall's face (at most 1.2 measured)", deepest);
    if (!(most <= 1e-3))
        fail_msg("the pour's energy rose by %.3g of its terms in a second after 40 s", most);
    deepest = 0.0;
    check_held(&t, "after a minute", 60 * 60, false);
    printf("after a minute, the deepest centre past a wall: %.3g of a radius\n", deepest);
    if (deepest >= 1.0)
        fail_msg("after a minute, a body is wholly in a wall (%.3g radii past its face)", deepest);
    tank_close(&t);
}

/* A damped closed tank with room to settle: 60 of the same bodies (a
 * single layer floats, a single layer sinks), left 60 s, then read at
 * every step for 2 minutes: the trend of its energy, the least-squares
 * slope through the means of its twelve 10 s windows, does not rise by
 * more than 1e-10 of the terms' size per window, the settled harbor's
 * bound (drags and contacts only take energy away; the solver's rounding
 * leaves rises of order 1e-12). A trend, not single readings or two
 * windows: a pair of floating boxes still rocking after a minute (0.1 to
 * 0.2 rad/s, dying over minutes more) is read with its velocities half a
 * step behind its pose, which swings a reading by up to 1.2e-4 J (4e-10 of
 * the terms), and even a 10 s mean by 1e-4 J as the pair's two motions
 * drift in and out of phase (clang's rounding of the pour's set-up leaves
 * it rocking where gcc's does not). A pump rises steadily: the support
 * pass holding a float under a box held only by a wall made 1.8e-3 J a
 * second, a slope of 0.018 J a window. */
static void test_a_settled_tank_makes_no_energy(void **s)
{
    (void)s;
    tank t = tank_open(4.0, 8.0, 4.0);
    pour(&t, 60, false);
    for (int i = 1; i <= 60 * 60; i++) {
        fl_world_step(t.w, DT);
        if (i % 10 == 0)
            assert_held(&t, "settling", i);
    }
    enum { WINDOWS = 12, STEPS = 600 };
    double scale = 0.0, mean[WINDOWS] = {0.0};
    for (int k = 0; k < WINDOWS; k++) {
        for (int i = 0; i < STEPS; i++) {
            fl_world_step(t.w, DT);
            double sc, e = energy(&t, &sc);
            mean[k] += e / STEPS;
            scale = fmax(scale, sc);
        }
    }
    double xm = 0.5 * (WINDOWS - 1), ym = 0.0, sxy = 0.0, sxx = 0.0;
    for (int k = 0; k < WINDOWS; k++)
        ym += (mean[k] - mean[0]) / WINDOWS;
    for (int k = 0; k < WINDOWS; k++) {
        sxy += (k - xm) * (mean[k] - mean[0] - ym);
        sxx += (k - xm) * (k - xm);
    }
    double slope = sxy / sxx;
    printf("settled tank, 60-180 s: energy trend %g J per 10 s (%g of the terms)\n", slope,
           slope / scale);
    if (!(slope <= 1e-10 * scale))
        fail_msg("the settled tank's energy rises by %g J every 10 s (of terms summing to %g J)",
                 slope, scale);
    tank_close(&t);
}

/* The same pour of 500, of densities from the water's to a hundred times
 * it (all sink: a pile up to 0.5 m deep on the floor, mass ratios up to
 * 900), in a world of 8 substeps of 5 passes. While it is poured no
 * centre goes a radius past a wall's face; after 60 s every body is
 * slower than 1 mm/s and every centre is inside the tank. Without
 * substeps the pile still moves after a minute and presses small bodies
 * into the walls: at 10 passes at up to 0.2 m/s, a centre 1.9 radii past
 * a wall's face; at 40 passes, 0.07 m/s and 0.5 radius. Its energy, settled, still rises by
 * 1e-10 to 7e-7 of its terms a second (five orders of pouring), falling
 * by a quarter a second, as the position passes lift the pile out of
 * the overlaps the velocity passes left (docs/limits.md). */
static void test_a_packed_tank_settles_in_substeps(void **s)
{
    (void)s;
    tank t = tank_solved(4.0, 8.0, 4.0, 8, 5);
    pour_densities(&t, 500, true, RHO, 2.0);
    for (int i = 1; i <= 60 * 60; i++) {
        fl_world_step(t.w, DT);
        if (i % 10 == 0)
            assert_held(&t, "pouring", i);
    }
    deepest = 0.0;
    assert_held(&t, "settled", 60 * 60);
    if (deepest > 0.0)
        fail_msg("settled, a centre is %g of its radius past a wall's face", deepest);
    double fastest = 0.0;
    for (int i = t.first; i < fl_world_body_count(t.w); i++) {
        fl_body_id b = fl_world_body(t.w, i);
        double v = fl_length(fl_body_velocity(b)) + fabs(fl_body_spin(b)) * fl_body_radius(b);
        fastest = fmax(fastest, v);
    }
    if (!(fastest < 1e-3))
        fail_msg("after 60 s a body still moves at %g m/s", fastest);
    double scale, e = energy(&t, &scale);
    for (int i = 0; i < 60; i++)
        fl_world_step(t.w, DT);
    double next = energy(&t, &scale);
    printf("after 60 s: fastest %.3g m/s; energy rise over the next second %.3g of the terms\n",
           fastest, (next - e) / scale);
    /* settled, it still rises by 1e-10 to 7e-7 of its terms a second
     * (docs/limits.md): never a part in a million */
    if (!((next - e) / scale < 1e-6))
        fail_msg("the settled pile's energy rose by %.3g of its terms in a second",
                 (next - e) / scale);
    tank_close(&t);
}

/* Bodies from 1 cm to 50 m, each at half the water's density, let go in
 * a tank sized to it: each comes to rest half under (Archimedes, to 1e-6
 * of its size after 60 s: damped at its drag's rate), none NaN, none out. */
static void test_one_centimetre_to_fifty_metres(void **s)
{
    (void)s;
    const double sizes[] = {0.01, 0.1, 1.0, 10.0, 50.0};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        double a = sizes[k];
        tank t = tank_open(4 * a, 4 * a, 2 * a);
        fl_body_id b = add_box(t.w, a, a, fl_v2(2 * a, 1.2 * a), 0.0, RHO / 2);
        for (int i = 1; i <= 60 * 60; i++) {
            fl_world_step(t.w, DT);
            if (i % 60 == 0)
                assert_held(&t, "a size", i);
        }
        printf("%g m: centre %.9g below the surface (0)\n", a, fl_body_position(b).y - 2 * a);
        ASSERT_NEAR(fl_body_position(b).y, 2 * a, 1e-6 * a);
        tank_close(&t);
    }
}

/* 50 m/s impacts: a 1 m box of each density thrown straight at the floor
 * through the water, at a wall through the air, at the lid, and at a
 * heavy box resting on the floor; for 10 s nothing is NaN and nothing
 * leaves the tank (no tunnelling through 1 m walls at 0.83 m a step). */
static void test_fifty_metre_a_second_impacts(void **s)
{
    (void)s;
    const fl_vec2 shots[][2] = {
        {{5.0, 3.0}, {0.0, 50.0}},   /* down through the water to the floor */
        {{2.0, 1.5}, {-50.0, 0.0}},  /* at the left wall, in the air */
        {{5.0, 4.5}, {0.0, -50.0}},  /* up through the water, at the lid */
        {{2.0, 7.0}, {50.0, 0.0}},   /* along the water at a box on the floor */
        {{5.0, 1.0}, {35.0, 35.0}},  /* into the water's corner */
    };
    const double densities[] = {10.0, 500.0, 2000.0, 100000.0};
    for (size_t d = 0; d < sizeof densities / sizeof densities[0]; d++) {
        for (size_t k = 0; k < sizeof shots / sizeof shots[0]; k++) {
            tank t = tank_open(10.0, 10.0, 4.0);
            add_box(t.w, 1.0, 1.0, fl_v2(8.0, 9.5), 0.0, 5000.0);
            fl_body_id b = add_box(t.w, 1.0, 1.0, shots[k][0], 0.3, densities[d]);
            fl_body_set_velocity(b, shots[k][1]);
            for (int i = 1; i <= 600; i++) {
                fl_world_step(t.w, DT);
                assert_held(&t, "an impact", i);
            }
            tank_close(&t);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pour_every_density_into_a_closed_tank),
        cmocka_unit_test(test_a_settled_tank_makes_no_energy),
        cmocka_unit_test(test_a_packed_tank_settles_in_substeps),
        cmocka_unit_test(test_one_centimetre_to_fifty_metres),
        cmocka_unit_test(test_fifty_metre_a_second_impacts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
