/* A hit's impulse is not carried into the next step (report_point,
 * engine/solver_rows.h). A box 2.4 x 1.6 m (3456 kg) landing flat on a
 * floor at 5 m/s while spinning at 2 rad/s is stopped in one step; started
 * from that stopping impulse, the next step's passes pushed it back up and
 * it gained 673 J in a step at 1 pass, 26.6 J at 2, 4.87 J at 3, 0.39 J
 * at 5. Now, at 1 to 10 passes, its energy (kinetic and gravity's) never
 * rises in a step by more than rounding. And a pile of boxes with
 * restitution, thrown into a walled pit, never has more energy than it
 * started with. */
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
#define G 9.81

static double energy(fl_body_id b)
{
    fl_vec2 v = fl_body_velocity(b);
    double spin = fl_body_spin(b), m = fl_body_mass(b);
    return 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin -
           m * G * fl_body_position(b).y;
}

static void test_a_spinning_box_landing_flat_gains_nothing(void **s)
{
    (void)s;
    const int passes[] = {1, 2, 3, 5, 10};
    for (int k = 0; k < 5; k++) {
        fl_world *w = solved_world(fl_v2(0.0, G), 1, passes[k]);
        add_wall(w, fl_v2(11.0, 14.5), 22.0, 1.0);
        fl_body_id box = add_box_body(w, 2.4, 1.6, fl_v2(10.0, 13.2), 0.0, 900.0);
        fl_body_set_velocity(box, fl_v2(0.0, 5.0));
        fl_body_set_spin(box, 2.0);
        double e = energy(box), scale = fabs(e), most = -INFINITY;
        for (int i = 0; i < 5 * 60; i++) {
            fl_world_step(w, DT);
            double next = energy(box);
            most = fmax(most, next - e);
            e = next;
        }
        printf("%d passes: largest rise in a step %.3g J\n", passes[k], most);
        if (!(most <= 1e-12 * scale))
            fail_msg("%d passes: the box gained %g J in a step", passes[k], most);
        fl_world_destroy(w);
    }
}

/* A fixed sequence in [0, 1). */
static double next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*state >> 11) / 9007199254740992.0;
}

/* 40 boxes 0.3 to 0.9 m across of 100 to 8000 kg/m^2 (mass ratios to
 * 700), thrown down at up to 8 m/s into a pit 8 m wide, restitution e:
 * with e = 0.9 the pile went to 1.7e6 J above its start (of 1.2e6 J in
 * its terms) when a box resting under a heavy one bounced off it every
 * step (its approach read after the floor's warm start) and the hits'
 * impulses were carried on; now its energy never exceeds the start (by
 * more than 1e-12 of it), at e = 0, 0.5 and 0.9. (The velocities a step
 * reports are half a step behind, so the energy read while the boxes fall
 * is below the true one by m g v dt / 2, 1.05e4 J at the start: the bound
 * catches a pump of more than that while they move, and any at rest.) */
static void test_a_bouncing_pile_never_gains(void **s)
{
    (void)s;
    const double restitution[3] = {0.0, 0.5, 0.9};
    for (int k = 0; k < 3; k++) {
        fl_world *w = solved_world(fl_v2(0.0, G), 1, 10);
        add_wall(w, fl_v2(0.0, 10.5), 20.0, 1.0);
        add_wall(w, fl_v2(-4.5, 5.0), 1.0, 12.0);
        add_wall(w, fl_v2(4.5, 5.0), 1.0, 12.0);
        uint64_t r = 3;
        fl_body_id box[40];
        for (int i = 0; i < 40; i++) {
            double wd = 0.3 + 0.6 * next_random(&r), h = 0.3 + 0.6 * next_random(&r);
            double density = 100.0 * pow(80.0, next_random(&r));
            fl_vec2 at = {-3.0 + 1.1 * (i % 6), 8.0 - 1.0 * (i / 6)};
            fl_body_def d = fl_body_def_default();
            const fl_vec2 p[4] = {{-wd / 2, -h / 2}, {wd / 2, -h / 2}, {wd / 2, h / 2}, {-wd / 2, h / 2}};
            d.points = p;
            d.point_count = 4;
            d.origin = at;
            d.angle = 3.0 * next_random(&r);
            d.density = density;
            d.restitution = restitution[k];
            d.velocity = fl_v2(0.0, 8.0 * next_random(&r));
            assert_int_equal(fl_world_add_body(w, &d, &box[i], NULL), FL_OK);
        }
        double e0 = 0.0, scale = 0.0, most = -INFINITY;
        for (int i = 0; i < 40; i++) {
            e0 += energy(box[i]);
            scale += fabs(energy(box[i]));
        }
        for (int step = 0; step < 10 * 60; step++) {
            fl_world_step(w, DT);
            double e = 0.0;
            for (int i = 0; i < 40; i++)
                e += energy(box[i]);
            most = fmax(most, e - e0);
        }
        printf("restitution %g: highest over the start %.3g J (of %.3g)\n", restitution[k], most,
               scale);
        if (!(most <= 1e-12 * scale))
            fail_msg("restitution %g: the pile rose %g J above its start", restitution[k], most);
        fl_world_destroy(w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_spinning_box_landing_flat_gains_nothing),
        cmocka_unit_test(test_a_bouncing_pile_never_gains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
