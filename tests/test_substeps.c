/* The solver's substeps: a heavy body resting on a much lighter one holds
 * in substeps where the same passes in one step let it press through;
 * bodies that touch nothing move exactly as without substeps; a
 * collision in substeps keeps momentum; and a copy of a world stays equal
 * to it. (The collision suite runs every
 * one of its tests in substeps too, test_collide.c.) */
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
#define SLOP 0.0005 /* the overlap a resting contact keeps (solver_rows.h) */

static void add_floor(fl_world *w, double top)
{
    const fl_vec2 p[4] = {{-3, 0}, {3, 0}, {3, 1}, {-3, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.origin = fl_v2(0.0, top);
    d.is_static = true;
    assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_OK);
}

/* A 1500 kg slab (0.3 x 0.1 m at 50000 kg/m^2) let go resting on a 5 kg
 * brick (0.1 x 0.05 at 1000) on a floor whose face is at y = 2: a mass
 * ratio of 300. After 30 s in 8 substeps of 5 passes the brick's centre
 * is at 2 - 0.025 and the slab's at 2 - 0.05 - 0.05, each lower by no
 * more than the contacts' resting overlap (0.5 mm the brick into the
 * floor, as much again the slab into the brick). The same 40 passes in
 * one step hold it up for 12 s (the support pass carries its weight
 * through the brick) but not steady: a tilt on the narrow brick grows
 * until the slab slides off and down over it to the floor, the brick
 * inside it (printed; 4 substeps of 10 passes hold it too, and 8 of 5
 * hold a ratio of 600). */
static void test_heavy_on_light_holds_in_substeps(void **s)
{
    (void)s;
    const int plans[2][2] = {{8, 5}, {1, 40}};
    for (int k = 0; k < 2; k++) {
        fl_world *w = solved_world(fl_v2(0.0, 9.81), plans[k][0], plans[k][1]);
        add_floor(w, 2.0);
        fl_body_id brick = add_box_body(w, 0.1, 0.05, fl_v2(0.0, 1.975), 0.0, 1000.0);
        fl_body_id slab = add_box_body(w, 0.3, 0.1, fl_v2(0.0, 1.9), 0.0, 50000.0);
        for (int i = 0; i < 30 * 60; i++)
            fl_world_step(w, DT);
        double yb = fl_body_position(brick).y, ys = fl_body_position(slab).y;
        printf("%d substeps of %d passes: brick at %.9f, slab at %.9f\n", plans[k][0], plans[k][1],
               yb, ys);
        if (k == 0) {
            assert_true(yb >= 1.975 && yb <= 1.975 + SLOP + 1e-5);
            assert_true(ys >= 1.9 && ys <= 1.9 + 2 * SLOP + 1e-5);
            ASSERT_NEAR(fl_body_angle(slab), 0.0, 1e-9);
        }
        fl_world_destroy(w);
    }
}

/* Bodies that touch nothing take the step's forces at once, as without
 * substeps: a box falling into water and a spinning raft floating apart
 * follow the same paths to the last bit in 8 substeps as in 1. */
static void test_free_bodies_as_without_substeps(void **s)
{
    (void)s;
    fl_world *w[2];
    fl_buoyancy *water[2];
    fl_body_id box[2], raft[2];
    for (int k = 0; k < 2; k++) {
        w[k] = solved_world(fl_v2(0.0, 9.81), k == 0 ? 1 : 8, 10);
        water[k] = add_water(w[k], -50.0, 50.0, 0.0, 20.0);
        box[k] = add_box_body(w[k], 1.0, 0.6, fl_v2(-5.0, -3.0), 0.3, 600.0);
        raft[k] = add_box_body(w[k], 3.0, 0.4, fl_v2(5.0, 0.0), -0.2, 400.0);
        fl_body_set_spin(raft[k], 0.7);
    }
    for (int i = 0; i < 600; i++) {
        for (int k = 0; k < 2; k++)
            fl_world_step(w[k], DT);
        ASSERT_EXACT(fl_body_position(box[1]).y, fl_body_position(box[0]).y);
        ASSERT_EXACT(fl_body_angle(box[1]), fl_body_angle(box[0]));
        ASSERT_EXACT(fl_body_position(raft[1]).x, fl_body_position(raft[0]).x);
        ASSERT_EXACT(fl_body_spin(raft[1]), fl_body_spin(raft[0]));
    }
    for (int k = 0; k < 2; k++) {
        fl_buoyancy_destroy(water[k]);
        fl_world_destroy(w[k]);
    }
}

/* A copy of a world taken between steps (what a replay seeks from) stays
 * equal to the original bit for bit in substeps: a pile of twelve boxes of
 * mixed densities on a rope-moored float, copied after 50 steps, both
 * then stepped 200 more in 4 substeps. */
static void test_a_copy_in_substeps_stays_equal(void **s)
{
    (void)s;
    fl_world *w = solved_world(fl_v2(0.0, 9.81), 4, 3);
    add_floor(w, 2.0);
    fl_buoyancy *water = add_water(w, -3.0, 3.0, 1.0, 2.0);
    fl_body_id first = FL_NULL_BODY;
    for (int i = 0; i < 12; i++) {
        fl_body_id b = add_box_body(w, 0.3, 0.2, fl_v2(-1.2 + 0.25 * (i % 6), 0.2 - 0.3 * (i / 6)),
                                  0.1 * i, 200.0 + 700.0 * (i % 4));
        first = !fl_body_is_null(first) ? first : b;
    }
    fl_rope_def r = {first, FL_NULL_BODY, {0, 0}, {-1.2, 1.9}, 1.0, 0, 0};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    for (int i = 0; i < 50; i++)
        fl_world_step(w, DT);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    /* the copy brings its own water */
    fl_buoyancy *copy_water = fl_buoyancy_of(copy);
    assert_non_null(copy_water);
    assert_ptr_not_equal(copy_water, water);
    assert_int_equal(fl_buoyancy_fluid_count(copy_water), 1);
    for (int i = 0; i < 200; i++) {
        fl_world_step(w, DT);
        fl_world_step(copy, DT);
    }
    assert_true(fl_world_contact_count(w) > 0);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id a = fl_world_body(w, i), b = fl_world_body(copy, i);
        ASSERT_EXACT(fl_body_position(b).x, fl_body_position(a).x);
        ASSERT_EXACT(fl_body_position(b).y, fl_body_position(a).y);
        ASSERT_EXACT(fl_body_angle(b), fl_body_angle(a));
        ASSERT_EXACT(fl_body_spin(b), fl_body_spin(a));
    }
    fl_buoyancy_destroy(copy_water);
    fl_world_destroy(copy);
    fl_buoyancy_destroy(water);
    fl_world_destroy(w);
}

/* The momentum of bodies b[0..1], and their kinetic energy; *size: the
 * sum of their momenta's lengths, for roundoff. */
static fl_vec2 momentum(fl_body_id const b[2], double *energy, double *size)
{
    fl_vec2 p = {0.0, 0.0};
    *energy = *size = 0.0;
    for (int k = 0; k < 2; k++) {
        fl_vec2 v = fl_body_velocity(b[k]);
        double m = fl_body_mass(b[k]), w = fl_body_spin(b[k]);
        p = fl_add(p, fl_scale(v, m));
        *size += m * fl_length(v);
        *energy += 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b[k]) * w * w;
    }
    return p;
}

/* Two boxes without gravity, one of them spinning, meet off centre at 6
 * m/s (restitution 0.5): in 8 substeps the momentum after 1 s is the
 * momentum before, to roundoff, and the kinetic energy has only fallen. */
static void test_collision_in_substeps_keeps_momentum(void **s)
{
    (void)s;
    fl_world *w = solved_world(fl_v2(0.0, 0.0), 8, 2);
    fl_vec2 p[4] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    fl_body_id b[2];
    for (int k = 0; k < 2; k++) {
        fl_body_def d = fl_body_def_default();
        d.points = p;
        d.point_count = 4;
        d.origin = fl_v2(k == 0 ? -2.0 : 2.0, k == 0 ? 0.0 : 0.4);
        d.density = k == 0 ? 300.0 : 2000.0;
        d.restitution = 0.5;
        assert_int_equal(fl_world_add_body(w, &d, &b[k], NULL), FL_OK);
    }
    fl_body_set_velocity(b[0], fl_v2(4.0, 0.0));
    fl_body_set_velocity(b[1], fl_v2(-2.0, 0.0));
    fl_body_set_spin(b[0], 3.0);
    double energy, size, later, unused;
    fl_vec2 before = momentum(b, &energy, &size);
    bool met = false;
    for (int i = 0; i < 60; i++) {
        fl_world_step(w, DT);
        met = met || fl_world_contact_count(w) > 0;
    }
    assert_true(met);
    fl_vec2 after = momentum(b, &later, &unused);
    ASSERT_NEAR(after.x, before.x, 1e-12 * size);
    ASSERT_NEAR(after.y, before.y, 1e-12 * size);
    assert_true(later < energy);
    fl_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heavy_on_light_holds_in_substeps),
        cmocka_unit_test(test_free_bodies_as_without_substeps),
        cmocka_unit_test(test_collision_in_substeps_keeps_momentum),
        cmocka_unit_test(test_a_copy_in_substeps_stays_equal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
