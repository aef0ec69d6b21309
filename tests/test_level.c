/* Closed tanks (fl_fluid_def.closed): the water keeps its area, so its
 * level rises by what the bodies displace over the tank's width, and the
 * bodies come to rest where Archimedes puts them on the risen level. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_world.h"

#include "flotsam/flotsam.h"

#define RHO 1000.0
#define DT (1.0 / 60.0)
#define WIDTH 4.0

typedef struct tank {
    fl_world *w;
    fl_buoyancy *b;
} tank;

static fl_fluid_id add_layer(tank *t, double density, double surface, double bottom, bool closed)
{
    fl_fluid_def f = fl_fluid_def_default();
    f.density = density;
    f.left = 0.0;
    f.right = WIDTH;
    f.surface = surface;
    f.bottom = bottom;
    f.closed = closed;
    fl_fluid_id id;
    assert_int_equal(fl_buoyancy_add_fluid(t->b, &f, &id, NULL), FL_OK);
    return id;
}

static tank tank_open(void)
{
    tank t;
    fl_world_def wd = fl_world_def_default();
    t.w = fl_world_create(&wd, NULL);
    assert_non_null(t.w);
    t.b = fl_buoyancy_create(t.w, NULL);
    assert_non_null(t.b);
    return t;
}

static void tank_close(tank *t)
{
    fl_world_destroy(t->w); /* its module with it */
}

/* The area the bodies' outlines take of fluid f, as its last pass measured. */
static double taken(const tank *t, fl_fluid_id f)
{
    double s = 0.0;
    for (int i = 0; i < fl_world_body_count(t->w); i++) {
        const fl_submerged *sub = fl_buoyancy_submerged(t->b, fl_world_body(t->w, i), f);
        s += sub ? sub->area : 0.0;
    }
    return s;
}

/* The water of fluid f as it stands: the tank's area under its level
 * less what the bodies take. */
static double water_of(const tank *t, fl_fluid_id f)
{
    const fl_fluid_def *d = fl_buoyancy_fluid(t->b, f);
    return (d->right - d->left) * (d->bottom - d->surface) - taken(t, f);
}

/* A box of half the water's density, let go with its bottom on the level:
 * over 10,000 steps the level stays risen by exactly what the box
 * displaces over the width (1e-9), the water's area stays what it was
 * (1e-12), and the box comes to rest half under the risen level: it takes
 * 0.5 m^2, the level rises by 0.125 m, and the box's centre stands at
 * 8 - 0.125 + 0.5 - 0.5 = 7.875. */
static void test_level_rises_by_what_is_displaced(void **s)
{
    (void)s;
    tank t = tank_open();
    fl_fluid_id water = add_layer(&t, RHO, 8.0, 10.0, true);
    fl_body_id box = add_box_body(t.w, 1.0, 1.0, fl_v2(2.0, 7.5), 0.0, 0.5 * RHO);
    const double area = WIDTH * 2.0;
    double worst_rise = 0.0, worst_water = 0.0;
    for (int step = 0; step < 10000; step++) {
        fl_world_step(t.w, DT);
        assert_int_equal(fl_buoyancy_measure(t.b, fl_world_time(t.w)), FL_OK);
        double level = fl_buoyancy_fluid(t.b, water)->surface;
        worst_rise = fmax(worst_rise, fabs((8.0 - level) - taken(&t, water) / WIDTH));
        worst_water = fmax(worst_water, fabs(water_of(&t, water) - area));
    }
    assert_true(worst_rise <= 1e-9);
    assert_true(worst_water <= 1e-12);
    ASSERT_NEAR(fl_buoyancy_fluid(t.b, water)->water, area, 1e-12);
    ASSERT_NEAR(taken(&t, water), 0.5, 1e-9);
    ASSERT_NEAR(fl_buoyancy_fluid(t.b, water)->surface, 7.875, 1e-9);
    ASSERT_NEAR(fl_body_position(box).y, 7.875, 1e-9);
    tank_close(&t);
}

/* An iron block sinks to the floor: wholly under, it takes its whole
 * square metre, and the level stands 0.25 m higher (the lesson PhET's
 * first screen gives). */
static void test_sunk_block_raises_the_level(void **s)
{
    (void)s;
    tank t = tank_open();
    fl_fluid_id water = add_layer(&t, RHO, 8.0, 10.0, true);
    add_wall(t.w, fl_v2(2.0, 10.5), 6.0, 1.0);
    fl_body_id iron = add_box_body(t.w, 1.0, 1.0, fl_v2(2.0, 6.0), 0.0, 7.8 * RHO);
    for (int step = 0; step < 600; step++)
        fl_world_step(t.w, DT);
    assert_int_equal(fl_buoyancy_measure(t.b, fl_world_time(t.w)), FL_OK);
    assert_true(fl_body_position(iron).y > 9.4); /* on the floor */
    ASSERT_NEAR(taken(&t, water), 1.0, 1e-12);
    ASSERT_NEAR(fl_buoyancy_fluid(t.b, water)->surface, 7.75, 1e-12);
    tank_close(&t);
}

/* Oil on water, both closed: a body of 900 kg/m^2, let go wholly in the
 * oil, sinks until it floats half in each. Each tank's water is what lay
 * under its level as given, around the body as it stood: 16 m^2 of water,
 * 4 - 1 = 3 of oil. The water rises by what the body takes of it (0.5 m^2
 * over 4 m) to 7.875, the oil rides on it, and its own level stands where
 * its 3 m^2 and the body's 0.5 fill the 4 m: 7.875 - 3.5 / 4 = 7. The
 * body's centre stands on the risen interface. */
static void test_layers_rise_together(void **s)
{
    (void)s;
    tank t = tank_open();
    fl_fluid_id water = add_layer(&t, RHO, 8.0, 12.0, true);
    fl_fluid_id oil = add_layer(&t, 0.8 * RHO, 7.0, 8.0, true);
    /* wholly in the oil, its bottom on the water */
    fl_body_id body = add_box_body(t.w, 1.0, 1.0, fl_v2(2.0, 7.5), 0.0, 0.9 * RHO);
    for (int step = 0; step < 10000; step++)
        fl_world_step(t.w, DT);
    assert_int_equal(fl_buoyancy_measure(t.b, fl_world_time(t.w)), FL_OK);
    const fl_fluid_def *w = fl_buoyancy_fluid(t.b, water), *o = fl_buoyancy_fluid(t.b, oil);
    assert_true(o->bottom == w->surface); /* resting on it, exactly */
    ASSERT_NEAR(w->surface, 8.0 - 0.125, 1e-9);
    ASSERT_NEAR(o->surface, 7.0, 1e-9);
    ASSERT_NEAR(water_of(&t, water), 16.0, 1e-12);
    ASSERT_NEAR(water_of(&t, oil), 3.0, 1e-12);
    ASSERT_NEAR(fl_body_position(body).y, 7.875, 1e-9);
    tank_close(&t);
}

/* Heave in a closed tank, without drag: a wall-sided box of width w in a
 * tank of width W is a linear oscillator while it neither leaves the water
 * nor goes under, of stiffness rho g w W / (W - w) (sinking dy raises the
 * level w dy / (W - w)), so for a 1 x 1 box of 500 kg/m^2 in a 2 m tank
 * omega^2 = 1000 g 2 / 500. The step takes that stiffness whole by the
 * average-acceleration rule: the amplitude stays (1e-4 over 100 s) at 30,
 * 60 and 240 Hz, and the period is long by about (omega dt)^2 / 12
 * (3.6e-3 at 30 Hz, 9.1e-4 at 60, 5.7e-5 at 240). */
static void heave_case(double hz)
{
    tank t = tank_open();
    fl_fluid_def f = fl_fluid_def_default();
    f.left = 0.0;
    f.right = 2.0;
    f.surface = 8.0;
    f.bottom = 12.0;
    f.closed = true;
    f.linear_drag = f.angular_drag = 0.0;
    assert_int_equal(fl_buoyancy_add_fluid(t.b, &f, NULL, NULL), FL_OK);
    fl_body_id box = add_box_body(t.w, 1.0, 1.0, fl_v2(1.0, 7.8), 0.0, 0.5 * RHO);
    const double dt = 1.0 / hz, omega = sqrt(RHO * 9.81 * 2.0 / 500.0);
    const int per = (int)(20.0 * hz + 0.5);
    double first = 0.0, last = 0.0, lo = 1e9, hi = -1e9;
    double *y = malloc(sizeof *y * (size_t)(5 * per));
    assert_non_null(y);
    for (int win = 0; win < 5; win++) {
        lo = 1e9;
        hi = -1e9;
        for (int i = 0; i < per; i++) {
            fl_world_step(t.w, dt);
            y[win * per + i] = fl_body_position(box).y;
            lo = fmin(lo, y[win * per + i]);
            hi = fmax(hi, y[win * per + i]);
        }
        if (win == 0)
            first = hi - lo;
        last = hi - lo;
    }
    ASSERT_NEAR(last, first, 1e-4 * first);
    /* The period from the upward crossings of the middle, interpolated. */
    double mid = 0.5 * (lo + hi), t0 = -1.0, t1 = -1.0;
    int cycles = -1;
    for (int i = 1; i < 5 * per; i++) {
        if (y[i - 1] < mid && y[i] >= mid) {
            double at = (i - 1 + (mid - y[i - 1]) / (y[i] - y[i - 1])) * dt;
            if (t0 < 0.0)
                t0 = at;
            t1 = at;
            cycles++;
        }
    }
    double period = (t1 - t0) / cycles, ideal = 2.0 * FL_PI / omega;
    double wdt = omega * dt;
    ASSERT_NEAR(period / ideal - 1.0, wdt * wdt / 12.0, 0.1 * wdt * wdt / 12.0 + 1e-6);
    free(y);
    tank_close(&t);
}

static void test_heave_30(void **s) { (void)s; heave_case(30.0); }
static void test_heave_60(void **s) { (void)s; heave_case(60.0); }
static void test_heave_240(void **s) { (void)s; heave_case(240.0); }

/* An open tank's level never moves, and a world with one behaves as it
 * always did. */
static void test_open_level_stays(void **s)
{
    (void)s;
    tank t = tank_open();
    fl_fluid_id water = add_layer(&t, RHO, 8.0, 10.0, false);
    fl_body_id box = add_box_body(t.w, 1.0, 1.0, fl_v2(2.0, 7.5), 0.0, 0.5 * RHO);
    for (int step = 0; step < 6000; step++) {
        fl_world_step(t.w, DT);
        assert_true(fl_buoyancy_fluid(t.b, water)->surface == 8.0);
    }
    ASSERT_NEAR(fl_body_position(box).y, 8.0, 1e-9);
    tank_close(&t);
}

/* A copy of the world keeps the tank's water and level, and steps on as
 * the original does, bit for bit; setting the fluid again takes its water
 * afresh from the level it is given. */
static void test_copy_and_reset(void **s)
{
    (void)s;
    tank t = tank_open();
    fl_fluid_id water = add_layer(&t, RHO, 8.0, 10.0, true);
    add_box_body(t.w, 1.0, 1.0, fl_v2(2.0, 7.5), 0.3, 0.5 * RHO);
    for (int step = 0; step < 100; step++)
        fl_world_step(t.w, DT);
    fl_world *c = fl_world_clone(t.w, NULL);
    assert_non_null(c);
    fl_buoyancy *cb = fl_buoyancy_of(c);
    assert_non_null(cb);
    for (int step = 0; step < 100; step++) {
        fl_world_step(t.w, DT);
        fl_world_step(c, DT);
        double a = fl_buoyancy_fluid_def(t.b, 0)->surface, b = fl_buoyancy_fluid_def(cb, 0)->surface;
        assert_memory_equal(&a, &b, sizeof a);
    }
    fl_world_destroy(c);
    /* Given again at 9 m: the water is what lies under 9 m now. */
    fl_fluid_def d = *fl_buoyancy_fluid(t.b, water);
    d.surface = 9.0;
    d.water = 123.0; /* ignored */
    assert_int_equal(fl_buoyancy_set_fluid(t.b, water, &d, NULL), FL_OK);
    assert_int_equal(fl_buoyancy_measure(t.b, fl_world_time(t.w)), FL_OK);
    assert_true(fl_buoyancy_fluid(t.b, water)->surface == 9.0);
    ASSERT_NEAR(fl_buoyancy_fluid(t.b, water)->water, WIDTH * 1.0 - taken(&t, water), 1e-12);
    tank_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_rises_by_what_is_displaced),
        cmocka_unit_test(test_sunk_block_raises_the_level),
        cmocka_unit_test(test_layers_rise_together),
        cmocka_unit_test(test_heave_30),
        cmocka_unit_test(test_heave_60),
        cmocka_unit_test(test_heave_240),
        cmocka_unit_test(test_open_level_stays),
        cmocka_unit_test(test_copy_and_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
