/* Waves against linear (Airy) wave theory: the dispersion speed. */
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

#define G 9.81
#define RHO 1000.0

typedef struct sea {
    fl_world *w;
    fl_buoyancy *b;
    fl_fluid_def f;
} sea;

/* Water from x = -1000 to 1000, its still level at 10 and `depth` deep,
 * with a wave of amplitude a and length L at the dispersion speed. */
static sea sea_open(double depth, double a, double L)
{
    sea s;
    fl_world_def wd = fl_world_def_default();
    s.w = fl_world_create(&wd, NULL);
    assert_non_null(s.w);
    s.b = add_water(s.w, -1000.0, 1000.0, 10.0, 10.0 + depth);
    s.f = *fl_buoyancy_fluid(s.b, 0);
    s.f.wave_amplitude = a;
    s.f.wave_length = L;
    assert_int_equal(fl_buoyancy_set_fluid(s.b, 0, &s.f, NULL), FL_OK);
    s.f = *fl_buoyancy_fluid(s.b, 0); /* with its speed */
    return s;
}

static void sea_close(sea *s)
{
    fl_buoyancy_destroy(s->b);
    fl_world_destroy(s->w);
}

/* ---- the dispersion relation ------------------------------------------- */

/* c = sqrt(g / k tanh(k h)), to the rounding of that expression; the
 * module's copy of a fluid takes it unless a speed is given, and takes it
 * again when gravity changes. */
static void test_dispersion_speed(void **st)
{
    (void)st;
    const double depths[] = {0.5, 3.0, 10.0, 1e4}, lengths[] = {1.0, 12.0, 100.0};
    for (int i = 0; i < COUNT(depths); i++)
        for (int j = 0; j < COUNT(lengths); j++) {
            sea s = sea_open(depths[i], 0.1, lengths[j]);
            double k = 2.0 * FL_PI / lengths[j];
            double c = sqrt(G / k * tanh(k * depths[i]));
            ASSERT_REL(fl_buoyancy_fluid(s.b, 0)->wave_speed, c, 4.5e-16);
            ASSERT_REL(fl_fluid_dispersion_speed(&s.f, G), c, 4.5e-16);
            assert_false(fl_buoyancy_fluid(s.b, 0)->wave_speed_given);
            sea_close(&s);
        }
    /* Deep water c = sqrt(g / k), shallow water sqrt(g h). */
    sea deep = sea_open(1e4, 0.1, 10.0), shallow = sea_open(0.01, 0.001, 1000.0);
    ASSERT_REL(deep.f.wave_speed, sqrt(G * 10.0 / (2.0 * FL_PI)), 1e-15);
    ASSERT_REL(shallow.f.wave_speed, sqrt(G * 0.01), 1e-8); /* (k h)^2 / 6 = 2e-10 off */
    /* Gravity halved: the next pass finds the speed again. */
    fl_world_set_gravity(deep.w, fl_v2(0.0, G / 2.0));
    fl_world_step(deep.w, 1.0 / 60.0);
    ASSERT_REL(fl_buoyancy_fluid(deep.b, 0)->wave_speed, sqrt(G / 2.0 * 10.0 / (2.0 * FL_PI)),
               1e-15);
    /* A given speed stays. */
    fl_fluid_def f = deep.f;
    f.wave_speed = -1.25;
    f.wave_speed_given = true;
    assert_int_equal(fl_buoyancy_set_fluid(deep.b, 0, &f, NULL), FL_OK);
    fl_world_step(deep.w, 1.0 / 60.0);
    ASSERT_EXACT(fl_buoyancy_fluid(deep.b, 0)->wave_speed, -1.25);
    sea_close(&deep);
    sea_close(&shallow);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispersion_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
