/* The support pass (engine/support.c): a heavy box dropped on a light one
 * that rests on the floor, at mass ratios of 20 and 100, with restitution
 * 0 and 0.5, in the default world. The passes alone carry so little of the
 * heavy box's momentum through the light one that it is pressed through
 * the floor (restitution 0.5, ratio 20: out below it at 86 m/s) or 0.39 m
 * into it (restitution 0, ratio 100). With the support pass (and the hit's
 * impulse not carried to the next step) the light box goes at most 3.3 mm
 * below its resting height (0.6 and 3.3 mm at restitution 0, 0.3 and
 * 3.2 mm at 0.5), and both come to rest within 2 s, each pressed into what
 * holds it by at most the contacts' resting overlap (0.5 mm): the light
 * box up to 0.5 mm below its rest, the heavy one up to 1 mm. */
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

#define DT (1.0 / 60.0)
#define SLOP 0.0005  /* the overlap a resting contact keeps (solver_rows.h) */
#define PRESSED 0.05 /* m: how far below its rest the light box may go */

static fl_body_id box_at(fl_world *w, double x, double y, double wd, double h, double density,
                       double restitution, bool is_static)
{
    const fl_vec2 p[4] = {{-wd / 2, -h / 2}, {wd / 2, -h / 2}, {wd / 2, h / 2}, {-wd / 2, h / 2}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.origin = fl_v2(x, y);
    d.density = is_static ? 0.0 : density;
    d.is_static = is_static;
    d.restitution = restitution;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    return b;
}

/* y down: the floor's face at 14, the light box (0.6 x 0.4 m, 300 kg/m^2,
 * 72 kg) resting on it at 13.8, the heavy one (1 x 1 m) 0.3 m above it at
 * 10 m/s down. */
static void sandwich(double ratio, double restitution)
{
    fl_world_def wd = fl_world_def_default();
    fl_world *w = solved_world(fl_v2(0.0, 9.81), wd.substeps, wd.iterations);
    box_at(w, 10.0, 14.5, 22.0, 1.0, 0.0, 0.0, true);
    fl_body_id light = box_at(w, 10.0, 13.8, 0.6, 0.4, 300.0, restitution, false);
    fl_body_id heavy = box_at(w, 10.0, 12.8, 1.0, 1.0, ratio * 72.0, restitution, false);
    fl_body_set_velocity(heavy, fl_v2(0.0, 10.0));
    double deepest = 0.0, fastest = 0.0;
    for (int i = 1; i <= 10 * 60; i++) {
        fl_world_step(w, DT);
        deepest = fmax(deepest, fl_body_position(light).y - 13.8);
        if (i > 2 * 60)
            fastest = fmax(fastest, fmax(fl_length(fl_body_velocity(light)),
                                         fl_length(fl_body_velocity(heavy))));
    }
    double below = fl_body_position(light).y - 13.8, heavy_below = fl_body_position(heavy).y - 13.1;
    printf("ratio %g, restitution %g: pressed %.4f m at most; at 10 s %.6f and %.6f m below rest, "
           "fastest after 2 s %.2g m/s\n",
           ratio, restitution, deepest, below, heavy_below, fastest);
    if (!(deepest <= PRESSED))
        fail_msg("the light box was pressed %g m below its rest", deepest);
    assert_true(below >= 0.0 && below <= SLOP + 1e-6);
    assert_true(heavy_below >= below && heavy_below <= 2 * SLOP + 1e-6);
    if (!(fastest < 1e-3))
        fail_msg("after 2 s a box still moves at %g m/s", fastest);
    fl_world_destroy(w);
}

static void test_a_light_box_holds_a_heavy_one_at_twenty(void **s)
{
    (void)s;
    sandwich(20.0, 0.0);
    sandwich(20.0, 0.5);
}

static void test_a_light_box_holds_a_heavy_one_at_a_hundred(void **s)
{
    (void)s;
    sandwich(100.0, 0.0);
    sandwich(100.0, 0.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_light_box_holds_a_heavy_one_at_twenty),
        cmocka_unit_test(test_a_light_box_holds_a_heavy_one_at_a_hundred),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
