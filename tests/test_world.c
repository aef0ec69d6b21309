/* Unit tests for engine/world.c and engine/body.c: the integrator against its
 * closed form, mass properties, forces, adding and removing bodies, and the
 * allocator hook. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flotsam/flotsam.h"
#include "arena.h"      /* white-box: the step's scratch memory */
#include "body_state.h" /* white-box: the private body layout */

/* ---- fixtures ---------------------------------------------------------- */

/* An axis-aligned w x h box centred on the points' origin. For dyadic w, h
 * its centroid comes out exactly (0, 0). */
static void box_points(double w, double h, fl_vec2 out[4])
{
    out[0] = fl_v2(-w / 2, -h / 2);
    out[1] = fl_v2(w / 2, -h / 2);
    out[2] = fl_v2(w / 2, h / 2);
    out[3] = fl_v2(-w / 2, h / 2);
}

static fl_world *make_world(fl_vec2 gravity)
{
    fl_world_def def = fl_world_def_default();
    def.gravity = gravity;
    fl_error err = {""};
    fl_world *w = fl_world_create(&def, &err);
    if (!w) {
        print_error("fl_world_create: %s\n", err.message);
        fail();
    }
    return w;
}

/* Adds a dynamic (density > 0) or static (density == 0) body; fails the
 * test if the engine refuses it. */
static fl_body_id add_body(fl_world *w, const fl_vec2 *pts, int n, fl_vec2 origin, double angle,
                         fl_vec2 velocity, double density)
{
    fl_body_def def = fl_body_def_default();
    def.points = pts;
    def.point_count = n;
    def.origin = origin;
    def.angle = angle;
    def.velocity = velocity;
    def.density = density;
    def.is_static = density == 0.0;
    fl_body_id b = FL_NULL_BODY;
    fl_error err = {""};
    fl_status st = fl_world_add_body(w, &def, &b, &err);
    if (st != FL_OK || fl_body_is_null(b)) {
        print_error("fl_world_add_body: %d %s\n", (int)st, err.message);
        fail();
    }
    return b;
}

/* ---- integration ------------------------------------------------------- */

/* gravity 8 and dt = 1/64 are powers of two: v_n = (n - 1/2)/8 and the
 * positions are multiples of 2^-10 far below 2^53 ulps, so the leapfrog is
 * exact and must match its closed form bit for bit. A body's first step
 * kicks the velocity it was given by half a step (it is the velocity at
 * its own time), so the positions are free fall's own, and the velocity
 * kept is the one of the step just taken, half a step behind:
 *   v_n = v0 + (n - 1/2) g dt,  x_n = x0 + n v0 dt + g (n dt)^2 / 2. */
static void test_free_fall_exact(void **state)
{
    (void)state;
    const double g = 8.0, dt = 1.0 / 64;
    fl_world *w = make_world(fl_v2(0, g));
    fl_vec2 box[4];
    box_points(1, 1, box);
    const fl_vec2 o0 = {3, -20}, o1 = {-7.5, 100}, o2 = {0.25, 0};
    fl_body_id drop = add_body(w, box, 4, o0, 0, fl_v2(0, 0), 1);
    fl_body_id thrown = add_body(w, box, 4, o1, 0, fl_v2(3, 0), 2);
    fl_body_id tossed = add_body(w, box, 4, o2, 0, fl_v2(-1.5, -5), 0.5);
    /* The centred box's centroid is exactly (0, 0): position == origin. */
    ASSERT_EXACT(fl_body_position(drop).x, o0.x);
    ASSERT_EXACT(fl_body_position(drop).y, o0.y);

    for (int n = 1; n <= 1000; n++) {
        fl_world_step(w, dt);
        double tri = n * (double)n / 2.0; /* n^2 / 2, a multiple of 1/2 */
        /* Exact in binary (see above). */
        ASSERT_EXACT(fl_body_velocity(drop).y, (n - 0.5) * g * dt);
        ASSERT_EXACT(fl_body_velocity(drop).x, 0.0);
        ASSERT_EXACT(fl_body_position(drop).y, o0.y + g * dt * dt * tri);
        ASSERT_EXACT(fl_body_position(drop).x, o0.x);
        ASSERT_EXACT(fl_body_angle(drop), 0.0);

        ASSERT_EXACT(fl_body_velocity(thrown).x, 3.0);
        ASSERT_EXACT(fl_body_position(thrown).x, o1.x + n * 3.0 * dt);
        ASSERT_EXACT(fl_body_position(thrown).y, o1.y + g * dt * dt * tri);

        ASSERT_EXACT(fl_body_velocity(tossed).y, -5 + (n - 0.5) * g * dt);
        ASSERT_EXACT(fl_body_position(tossed).x, o2.x + n * -1.5 * dt);
        ASSERT_EXACT(fl_body_position(tossed).y, o2.y + n * -5 * dt + g * dt * dt * tri);

        if (n % 100 == 0) {
            assert_int_equal(fl_world_step_count(w), (uint64_t)n);
            /* n/64: exact. */
            ASSERT_EXACT(fl_world_time(w), n * dt);
        }
    }
    fl_world_destroy(w);
}

/* ---- mass properties --------------------------------------------------- */

/* Weight as stated: a 2 x 1 box of 600 kg (density 300, its mean) with its
 * centre of mass at (0.25, 0.125) from its middle. Its moment of inertia
 * about that point is 300 J + 600 d^2 (the area's J = 2 (4 + 1) / 12 about
 * its middle, moved by the parallel axes): 250 + 600 (1/16 + 1/64) = 296.875.
 * It stands where it is put, turned about that point; the outline is kept
 * about it; a bad weight is refused as the density's part. */
static void test_stated_weight(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    fl_vec2 box[4];
    box_points(2, 1, box);
    fl_body_def d = fl_body_def_default();
    d.points = box;
    d.point_count = 4;
    d.origin = fl_v2(5, 5);
    d.angle = 0.5;
    d.mass = 600.0;
    d.has_center = true;
    d.center = fl_v2(0.25, 0.125);
    ASSERT_EXACT(fl_body_def_center(&d).x, 0.25);
    fl_body_id b;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    ASSERT_EXACT(fl_body_mass(b), 600.0);
    ASSERT_EXACT(fl_body_own_mass(b), 600.0);
    ASSERT_EXACT(fl_body_density(b), 300.0);
    ASSERT_REL(fl_body_inertia(b), 296.875, 1e-15);
    assert_true(fl_body_mass_stated(b) && fl_body_center_stated(b));
    fl_vec2 g = fl_add(d.origin, fl_rotate(fl_rot_from(0.5), d.center));
    ASSERT_NEAR(fl_body_position(b).x, g.x, 1e-15 * 8);
    ASSERT_NEAR(fl_body_position(b).y, g.y, 1e-15 * 8);
    ASSERT_EXACT(fl_body_outline(b, NULL)[0].x, box[0].x - 0.25);
    ASSERT_EXACT(fl_body_outline(b, NULL)[0].y, box[0].y - 0.125);
    /* Only G given: the density's mass, moved. */
    d.mass = 0.0;
    d.density = 3.0;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    ASSERT_EXACT(fl_body_mass(b), 6.0);
    ASSERT_REL(fl_body_inertia(b), 3.0 * 5.0 / 6.0 + 6.0 * (1.0 / 16 + 1.0 / 64), 1e-15);
    assert_false(fl_body_mass_stated(b));
    /* Neither: refused; a negative or infinite mass, a centre not finite. */
    fl_body_def_part part;
    d.density = 0.0;
    assert_int_equal(fl_body_def_check(&d, &part, NULL), FL_EINVAL);
    assert_int_equal(part, FL_BODY_DEF_DENSITY);
    d.mass = -1.0;
    assert_int_equal(fl_body_def_check(&d, &part, NULL), FL_EINVAL);
    assert_int_equal(part, FL_BODY_DEF_DENSITY);
    d.mass = 1.0;
    d.center.x = INFINITY;
    assert_int_equal(fl_body_def_check(&d, &part, NULL), FL_EINVAL);
    assert_int_equal(part, FL_BODY_DEF_DENSITY);
    d.center.x = 0.0;
    assert_int_equal(fl_body_def_check(&d, &part, NULL), FL_OK);
    fl_world_destroy(w);
}

static void test_mass_from_density(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    fl_vec2 box[4];
    box_points(2, 1, box);
    fl_body_id b = add_body(w, box, 4, fl_v2(0, 0), 0, fl_v2(0, 0), 3);
    /* Area 2 and mass 3 * 2 = 6: exact in binary. */
    ASSERT_EXACT(fl_body_area(b), 2.0);
    ASSERT_EXACT(fl_body_mass(b), 6.0);
    ASSERT_EXACT(fl_body_density(b), 3.0);
    /* 1/6 rounded once, the same division as the engine's: exact. */
    ASSERT_EXACT(body_find(b)->inv_mass, 1.0 / 6.0);
    /* Scene-format defaults, copied: exact. */
    ASSERT_EXACT(fl_body_friction(b), 0.4);
    ASSERT_EXACT(fl_body_restitution(b), 0.0);
    /* I = m (w^2 + h^2) / 12 = 2.5; the engine divides by 12 and multiplies
     * by density: two roundings, 1e-15 relative. */
    ASSERT_REL(fl_body_inertia(b), 6.0 * (4 + 1) / 12, 1e-15);
    ASSERT_REL(body_find(b)->inv_inertia, 1.0 / 2.5, 1e-15);

    /* A right triangle with legs 3 (along x) and 6 (along y) from the
     * points' origin: area 9, centroid (1, 2) (exact: 54/54 and 108/54),
     * J = A (3^2 + 6^2) / 18 = 22.5, density 0.5: mass 4.5, I = 11.25. */
    const fl_vec2 tri[] = {{0, 0}, {3, 0}, {0, 6}};
    const fl_vec2 origin = {10, 20};
    const double angle = 0.3;
    fl_body_id t = add_body(w, tri, 3, origin, angle, fl_v2(0, 0), 0.5);
    ASSERT_EXACT(fl_body_area(t), 9.0);
    ASSERT_EXACT(fl_body_mass(t), 4.5);
    /* A dozen roundings in the inertia sum: 1e-14 relative. */
    ASSERT_REL(fl_body_inertia(t), 11.25, 1e-14);
    ASSERT_EXACT(fl_body_angle(t), angle);
    /* rot is cos/sin of the angle, computed the same way: exact. */
    ASSERT_EXACT(fl_body_rot(t).c, cos(angle));
    ASSERT_EXACT(fl_body_rot(t).s, sin(angle));
    /* position = origin + rotate(angle, centroid): coordinates ~20, a few
     * roundings: 1e-13 absolute. */
    fl_vec2 com = fl_add(origin, fl_rotate(fl_rot_from(angle), fl_v2(1, 2)));
    ASSERT_NEAR(fl_body_position(t).x, com.x, 1e-13);
    ASSERT_NEAR(fl_body_position(t).y, com.y, 1e-13);
    ASSERT_NEAR(fl_body_position(t).x, 10 + cos(angle) * 1 - sin(angle) * 2, 1e-13);
    ASSERT_NEAR(fl_body_position(t).y, 20 + sin(angle) * 1 + cos(angle) * 2, 1e-13);
    /* The outline is kept about the centre of mass (positive winding, as
     * given): points - (1, 2), exact for these integers. */
    assert_int_equal(fl_body_vertex_count(t), 3);
    for (int i = 0; i < 3; i++) {
        ASSERT_EXACT(fl_body_outline(t, NULL)[i].x, tri[i].x - 1);
        ASSERT_EXACT(fl_body_outline(t, NULL)[i].y, tri[i].y - 2);
        /* and maps back to where the definition put it: 1e-13 at ~20. */
        fl_vec2 wp = fl_body_world_point(t, fl_body_outline(t, NULL)[i]);
        fl_vec2 expect = fl_add(origin, fl_rotate(fl_rot_from(angle), tri[i]));
        ASSERT_NEAR(wp.x, expect.x, 1e-13);
        ASSERT_NEAR(wp.y, expect.y, 1e-13);
    }
    /* No hull given: the fluid outline is the outline. */
    assert_ptr_equal(fl_body_hull(t, NULL), fl_body_outline(t, NULL));
    assert_int_equal(fl_body_hull_count(t), 3);
    ASSERT_EXACT(fl_body_hull_area(t), 9.0);

    /* A static body has mass 0 and inverse mass 0, whatever its density. */
    fl_body_id s = add_body(w, box, 4, fl_v2(0, 50), 0, fl_v2(0, 0), 0);
    ASSERT_EXACT(fl_body_mass(s), 0.0);
    ASSERT_EXACT(body_find(s)->inv_mass, 0.0);
    ASSERT_EXACT(fl_body_inertia(s), 0.0);
    ASSERT_EXACT(body_find(s)->inv_inertia, 0.0);
    ASSERT_EXACT(fl_body_area(s), 2.0);
    fl_world_destroy(w);
}

static void test_either_winding(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    /* A lopsided convex pentagon with non-dyadic coordinates, running +x
     * towards +y (positive), and the same reversed. */
    const fl_vec2 p[] = {{0.1, 0.2}, {2.3, -0.4}, {3.1, 1.7}, {1.2, 2.9}, {-0.6, 1.1}};
    fl_vec2 r[5];
    for (int i = 0; i < 5; i++)
        r[i] = p[4 - i];
    assert_true(fl_polygon_signed_area(p, 5) > 0);
    assert_true(fl_polygon_signed_area(r, 5) < 0);
    fl_body_id a = add_body(w, p, 5, fl_v2(40, -3), 1.1, fl_v2(0, 0), 1.7);
    fl_body_id b = add_body(w, r, 5, fl_v2(40, -3), 1.1, fl_v2(0, 0), 1.7);
    /* Sums taken about a different first vertex round differently: a few
     * roundings on unit-size values, 1e-14 relative / absolute. */
    ASSERT_REL(fl_body_area(b), fl_body_area(a), 1e-14);
    ASSERT_REL(fl_body_mass(b), fl_body_mass(a), 1e-14);
    ASSERT_REL(fl_body_inertia(b), fl_body_inertia(a), 1e-14);
    /* Coordinates ~40: 1e-13 absolute. */
    ASSERT_NEAR(fl_body_position(b).x, fl_body_position(a).x, 1e-13);
    ASSERT_NEAR(fl_body_position(b).y, fl_body_position(a).y, 1e-13);
    /* Both outlines are stored in positive winding, hence the same order. */
    assert_int_equal(fl_body_vertex_count(a), 5);
    assert_int_equal(fl_body_vertex_count(b), 5);
    assert_true(fl_polygon_signed_area(fl_body_outline(a, NULL), 5) > 0);
    assert_true(fl_polygon_signed_area(fl_body_outline(b, NULL), 5) > 0);
    for (int i = 0; i < 5; i++) {
        ASSERT_NEAR(fl_body_outline(b, NULL)[i].x, fl_body_outline(a, NULL)[i].x, 1e-14);
        ASSERT_NEAR(fl_body_outline(b, NULL)[i].y, fl_body_outline(a, NULL)[i].y, 1e-14);
    }
    /* And against the polygon's own mass properties (exact: same calls). */
    fl_mass_props mp = fl_polygon_mass_props(p, 5);
    ASSERT_REL(fl_body_area(a), mp.area, 1e-15);
    ASSERT_REL(fl_body_inertia(a), 1.7 * mp.inertia, 1e-15);
    fl_world_destroy(w);
}

/* ---- forces ------------------------------------------------------------ */

static void test_apply_force(void **state)
{
    (void)state;
    const double g = 8.0, dt = 1.0 / 64;
    fl_world *w = make_world(fl_v2(0, g));
    fl_vec2 box[4];
    box_points(2, 2, box);
    /* Mass 4 (exact), I = 4 (4 + 4) / 12 = 8/3. */
    fl_body_id b = add_body(w, box, 4, fl_v2(5, 5), 0, fl_v2(1, -2), 1);
    fl_body_set_spin(b, 0.5); /* made with a velocity: its first kick is a half one either way */
    ASSERT_EXACT(fl_body_mass(b), 4.0);

    /* At (6, 4.5): r = (1, -0.5), F = (3, -2):
     * T = r.x F.y - r.y F.x = -2 + 1.5 = -0.5 (exact). */
    fl_body_apply_force(b, fl_v2(6, 4.5), fl_v2(3, -2));
    ASSERT_EXACT(fl_body_force(b).x, 3.0);
    ASSERT_EXACT(fl_body_force(b).y, -2.0);
    ASSERT_EXACT(fl_body_torque(b), -0.5);
    fl_body_apply_central_force(b, fl_v2(1, 1));
    fl_body_apply_torque(b, 0.25);
    /* Accumulated: F = (4, -1), T = -0.25 (exact). */
    ASSERT_EXACT(fl_body_force(b).x, 4.0);
    ASSERT_EXACT(fl_body_force(b).y, -1.0);
    ASSERT_EXACT(fl_body_torque(b), -0.25);

    fl_world_step(w, dt);
    /* v += (F/m + g) dt / 2 with m = 4 (a body's first step kicks half a
     * step): all dyadic, exact. */
    const double vx = 1 + (4.0 / 4) * dt / 2, vy = -2 + (-1.0 / 4 + g) * dt / 2;
    ASSERT_EXACT(fl_body_velocity(b).x, vx);
    ASSERT_EXACT(fl_body_velocity(b).y, vy);
    /* x += v dt: exact. */
    ASSERT_EXACT(fl_body_position(b).x, 5 + vx * dt);
    ASSERT_EXACT(fl_body_position(b).y, 5 + vy * dt);
    /* w += T / I dt / 2 with I = 8/3: a few roundings on ~0.5, 1e-15 relative. */
    const double spin = 0.5 + -0.25 / (8.0 / 3.0) * dt / 2;
    ASSERT_REL(fl_body_spin(b), spin, 1e-15);
    ASSERT_REL(fl_body_angle(b), spin * dt, 1e-15);
    /* rot follows the angle (the same cos/sin of the stored angle: exact). */
    ASSERT_EXACT(fl_body_rot(b).c, cos(fl_body_angle(b)));
    ASSERT_EXACT(fl_body_rot(b).s, sin(fl_body_angle(b)));
    /* Forces are cleared by the step (exactly zero). */
    ASSERT_EXACT(fl_body_force(b).x, 0.0);
    ASSERT_EXACT(fl_body_force(b).y, 0.0);
    ASSERT_EXACT(fl_body_torque(b), 0.0);

    /* The next step has no applied force: gravity only, exact. */
    fl_world_step(w, dt);
    ASSERT_EXACT(fl_body_velocity(b).x, vx);
    ASSERT_EXACT(fl_body_velocity(b).y, vy + g * dt);
    ASSERT_REL(fl_body_spin(b), spin, 1e-15);
    fl_world_destroy(w);
}

/* A downward (+y) push on the right (+x) of the centre of mass turns +x
 * towards +y: positive torque, positive spin, the right side moves down. */
static void test_torque_sign(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 0));
    fl_vec2 box[4];
    box_points(2, 2, box);
    fl_body_id b = add_body(w, box, 4, fl_v2(0, 0), 0, fl_v2(0, 0), 1);
    fl_body_apply_force(b, fl_v2(1, 0), fl_v2(0, 3));
    /* cross((1, 0), (0, 3)) = 3: exact. The force is also a push of 3 down. */
    ASSERT_EXACT(fl_body_torque(b), 3.0);
    fl_world_step(w, 0.125);
    /* A first step's half kick: spin = 3 / (8/3) * 0.0625 = 9/128: a few
     * roundings, 1e-15 relative. */
    ASSERT_REL(fl_body_spin(b), 9.0 / 128, 1e-15);
    assert_true(fl_body_angle(b) > 0);
    fl_vec2 right = fl_body_world_point(b, fl_v2(1, 0));
    fl_vec2 left = fl_body_world_point(b, fl_v2(-1, 0));
    assert_true(right.y > left.y);
    /* Velocity of that point: v + spin x r, with v.y = F/m dt / 2 = 3/4 *
     * 1/16 = 3/64 and r = (cos angle, sin angle): y part 3/64 + spin
     * cos(angle). Values ~0.1 after a few roundings: 1e-15 absolute. */
    fl_vec2 pv = fl_body_point_velocity(b, right);
    ASSERT_NEAR(pv.y, 3.0 / 64 + 9.0 / 128 * cos(fl_body_angle(b)), 1e-15);
    ASSERT_NEAR(pv.x, -9.0 / 128 * sin(fl_body_angle(b)), 1e-15);
    fl_world_destroy(w);
}

static void test_static_never_moves(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0.5, 9.81));
    fl_vec2 box[4];
    box_points(4, 0.5, box);
    fl_body_id s = add_body(w, box, 4, fl_v2(1.25, 7.5), 0.4, fl_v2(0, 0), 0);
    /* Far to the side, so that it falls past the static body. */
    fl_body_id d = add_body(w, box, 4, fl_v2(100, 0), 0, fl_v2(0, 0), 1);
    fl_vec2 p0 = fl_body_position(s);
    double a0 = fl_body_angle(s);
    for (int i = 0; i < 100; i++) {
        fl_body_apply_force(s, fl_v2(3, 3), fl_v2(100, -50));
        fl_body_apply_torque(s, 7);
        fl_world_step(w, 1.0 / 60);
    }
    /* Bit for bit unchanged. */
    ASSERT_EXACT(fl_body_position(s).x, p0.x);
    ASSERT_EXACT(fl_body_position(s).y, p0.y);
    ASSERT_EXACT(fl_body_angle(s), a0);
    ASSERT_EXACT(fl_body_velocity(s).x, 0.0);
    ASSERT_EXACT(fl_body_velocity(s).y, 0.0);
    ASSERT_EXACT(fl_body_spin(s), 0.0);
    /* The dynamic body in the same world did fall: v = 99.5 g dt = 16.27
     * (a half and 99 additions of 0.1635: 1e-12 relative). */
    ASSERT_REL(fl_body_velocity(d).y, 99.5 * 9.81 / 60, 1e-12);
    fl_world_destroy(w);
}

/* ---- adding and removing ----------------------------------------------- */

static void test_remove_keeps_order(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    fl_vec2 box[4];
    box_points(1, 1, box);
    int tags[6];
    fl_body_id bodies[6];
    for (int i = 0; i < 6; i++) {
        bodies[i] = add_body(w, box, 4, fl_v2(i * 2.0, 0), 0, fl_v2(0, 0), 1);
        body_find(bodies[i])->user = &tags[i];
        assert_int_equal(fl_body_index(bodies[i]), i);
    }
    assert_int_equal(fl_world_body_count(w), 6);
    fl_world_remove_body(w, bodies[2]);
    fl_world_remove_body(w, bodies[4]);
    const int left[] = {0, 1, 3, 5};
    assert_int_equal(fl_world_body_count(w), 4);
    for (int i = 0; i < 4; i++) {
        fl_body_id b = fl_world_body(w, i);
        assert_true(ID_EQ(b, bodies[left[i]]));
        assert_ptr_equal(fl_body_user(b), &tags[left[i]]);
        assert_int_equal(fl_body_index(b), i);
    }
    assert_true(ID_NULL(fl_world_body(w, 4)));
    assert_true(ID_NULL(fl_world_body(w, -1)));
    /* Removing the first and the last. */
    fl_world_remove_body(w, bodies[0]);
    fl_world_remove_body(w, bodies[5]);
    assert_int_equal(fl_world_body_count(w), 2);
    assert_true(ID_EQ(fl_world_body(w, 0), bodies[1]));
    assert_true(ID_EQ(fl_world_body(w, 1), bodies[3]));
    assert_int_equal(fl_body_index(bodies[1]), 0);
    assert_int_equal(fl_body_index(bodies[3]), 1);
    fl_world_destroy(w);
}

static void expect_refused(fl_world *w, const fl_body_def *def, const char *why)
{
    fl_error err;
    memset(&err, 0, sizeof err);
    fl_body_id b = {w, 7, 7}; /* must not be written */
    int before = fl_world_body_count(w);
    fl_status st = fl_world_add_body(w, def, &b, &err);
    if (st != FL_EINVAL) {
        print_error("%s: status %d, expected FL_EINVAL\n", why, (int)st);
        fail();
    }
    if (err.message[0] == '\0') {
        print_error("%s: no error message\n", why);
        fail();
    }
    assert_int_equal(fl_world_body_count(w), before);
    assert_true(b.world == w && b.index == 7 && b.generation == 7);
    /* Also without an error record: still refused, no crash. */
    assert_int_equal(fl_world_add_body(w, def, NULL, NULL), FL_EINVAL);
    assert_int_equal(fl_world_body_count(w), before);
}

/* A step that is not finite and positive does nothing at all. */
static void test_bad_step_does_nothing(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    fl_vec2 box[4];
    box_points(1, 1, box);
    fl_body_id b = add_body(w, box, 4, fl_v2(0, 0), 0, fl_v2(1, 2), 1);
    const double bad[] = {0.0, -0.01, NAN, INFINITY};
    for (int i = 0; i < COUNT(bad); i++)
        fl_world_step(w, bad[i]);
    assert_int_equal(fl_world_step_count(w), 0);
    ASSERT_EXACT(fl_world_time(w), 0.0);
    ASSERT_EXACT(fl_body_position(b).x, 0.0);
    ASSERT_EXACT(fl_body_velocity(b).y, 2.0);
    fl_world_destroy(w);
}

static void test_bad_bodies_refused(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 9.81));
    fl_vec2 box[4];
    box_points(1, 1, box);
    const fl_vec2 two[] = {{0, 0}, {1, 0}};
    const fl_vec2 bowtie[] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};

    fl_body_def d = fl_body_def_default();
    d.points = box;
    d.point_count = 4;
    d.density = 1;

    fl_body_def bad = d;
    bad.points = two;
    bad.point_count = 2;
    expect_refused(w, &bad, "2 points");
    bad = d;
    bad.points = bowtie;
    expect_refused(w, &bad, "bow-tie");
    bad = d;
    bad.density = 0;
    expect_refused(w, &bad, "density 0 dynamic");
    bad = d;
    bad.density = -2;
    expect_refused(w, &bad, "negative density");
    bad = d;
    bad.origin = fl_v2(NAN, 0);
    expect_refused(w, &bad, "NaN origin");
    bad = d;
    bad.spin = NAN;
    expect_refused(w, &bad, "NaN spin");
    bad = d;
    bad.angle = -INFINITY;
    expect_refused(w, &bad, "infinite angle");
    bad = d;
    bad.velocity = fl_v2(0, INFINITY);
    expect_refused(w, &bad, "infinite velocity");
    /* Mass or moment of inertia that underflows or overflows: the step
     * would divide by it. */
    bad = d;
    bad.density = 1e-308; /* mass 1e-308, moment 1.7e-309: 1/I overflows */
    expect_refused(w, &bad, "vanishing density");
    bad = d;
    bad.density = 1e308; /* moment 1.7e307 fine, but mass * 2 is near overflow */
    bad.points = (const fl_vec2[]){{0, 0}, {1e2, 0}, {1e2, 1e2}, {0, 1e2}};
    expect_refused(w, &bad, "overflowing mass");
    /* Distinct points that meet once moved to the centre of mass. */
    const fl_vec2 close[] = {{0, 0}, {1e-300, 0}, {1, 0}, {1, 1}, {0, 1}};
    bad = d;
    bad.points = close;
    bad.point_count = 5;
    expect_refused(w, &bad, "points a rounding apart");
    bad = d;
    bad.hull = bowtie;
    bad.hull_count = 4;
    expect_refused(w, &bad, "bow-tie hull");
    assert_int_equal(fl_world_body_count(w), 0);

    /* The good definition itself is accepted, and so is a static body of
     * density 0. */
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    assert_false(ID_NULL(b));
    fl_body_def st = d;
    st.density = 0;
    st.is_static = true;
    assert_int_equal(fl_world_add_body(w, &st, NULL, NULL), FL_OK);
    assert_int_equal(fl_world_body_count(w), 2);
    fl_world_destroy(w);
}

typedef struct hook_ctx {
    fl_vec2 box[4];
    fl_vec2 origin;
    fl_body_id added;
    fl_body_id victim;
    int count_before_add, count_after_add, count_in_after;
    int calls;
} hook_ctx;

static void add_in_hook(const fl_event *ev, void *user)
{
    hook_ctx *c = user;
    c->calls++;
    if (!fl_body_is_null(c->added))
        return;
    fl_body_def def = fl_body_def_default();
    def.points = c->box;
    def.point_count = 4;
    def.origin = c->origin;
    def.velocity = fl_v2(1, 0);
    def.density = 1;
    c->count_before_add = fl_world_body_count(ev->world);
    assert_int_equal(fl_world_add_body(ev->world, &def, &c->added, NULL), FL_OK);
    c->count_after_add = fl_world_body_count(ev->world);
}

static void count_in_after_hook(const fl_event *ev, void *user)
{
    hook_ctx *c = user;
    c->count_in_after = fl_world_body_count(ev->world);
}

static void test_add_in_hook(void **state)
{
    (void)state;
    const double g = 8, dt = 1.0 / 64;
    fl_world *w = make_world(fl_v2(0, g));
    hook_ctx c;
    memset(&c, 0, sizeof c);
    box_points(1, 1, c.box);
    c.origin = fl_v2(10, 10);
    fl_body_id first = add_body(w, c.box, 4, fl_v2(0, 0), 0, fl_v2(0, 0), 1);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_in_hook, &c), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, count_in_after_hook, &c), FL_OK);

    fl_world_step(w, dt);
    assert_false(ID_NULL(c.added));
    /* Not in the world while the step runs... */
    assert_int_equal(c.count_before_add, 1);
    assert_int_equal(c.count_after_add, 1);
    assert_int_equal(c.count_in_after, 1);
    /* ...joins, last, when it ends... */
    assert_int_equal(fl_world_body_count(w), 2);
    assert_true(ID_EQ(fl_world_body(w, 0), first));
    assert_true(ID_EQ(fl_world_body(w, 1), c.added));
    assert_int_equal(fl_body_index(c.added), 1);
    /* ...without having moved in that step (exactly where it was put, with
     * the velocity it was given). */
    ASSERT_EXACT(fl_body_position(c.added).x, 10.0);
    ASSERT_EXACT(fl_body_position(c.added).y, 10.0);
    ASSERT_EXACT(fl_body_velocity(c.added).x, 1.0);
    ASSERT_EXACT(fl_body_velocity(c.added).y, 0.0);

    /* From the next step on it moves like everything else, its first step
     * a half kick (exact: dyadic). */
    fl_world_step(w, dt);
    assert_int_equal(fl_world_body_count(w), 2);
    ASSERT_EXACT(fl_body_velocity(c.added).y, g * dt / 2);
    ASSERT_EXACT(fl_body_position(c.added).x, 10 + dt);
    ASSERT_EXACT(fl_body_position(c.added).y, 10 + g * dt * dt / 2);
    assert_int_equal(c.calls, 2);
    fl_world_destroy(w);
}

static void remove_in_hook(const fl_event *ev, void *user)
{
    hook_ctx *c = user;
    if (!fl_body_is_null(c->victim)) {
        c->count_before_add = fl_world_body_count(ev->world);
        fl_world_remove_body(ev->world, c->victim);
        c->victim = FL_NULL_BODY;
        c->calls++;
        /* The removal waits for the end of the step. */
        c->count_after_add = fl_world_body_count(ev->world);
    }
}

static void test_remove_in_hook(void **state)
{
    (void)state;
    const double g = 8, dt = 1.0 / 64;
    fl_world *w = make_world(fl_v2(0, g));
    hook_ctx c;
    memset(&c, 0, sizeof c);
    box_points(1, 1, c.box);
    fl_body_id a = add_body(w, c.box, 4, fl_v2(0, 0), 0, fl_v2(0, 0), 1);
    fl_body_id b = add_body(w, c.box, 4, fl_v2(2, 0), 0, fl_v2(0, 0), 1);
    fl_body_id d = add_body(w, c.box, 4, fl_v2(4, 0), 0, fl_v2(0, 0), 1);
    c.victim = b;
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remove_in_hook, &c), FL_OK);
    fl_world_step(w, dt);
    assert_int_equal(c.calls, 1);
    assert_int_equal(c.count_before_add, 3);
    assert_int_equal(c.count_after_add, 3);
    assert_int_equal(fl_world_body_count(w), 2);
    assert_true(ID_EQ(fl_world_body(w, 0), a));
    assert_true(ID_EQ(fl_world_body(w, 1), d));
    assert_int_equal(fl_body_index(a), 0);
    assert_int_equal(fl_body_index(d), 1);
    /* The survivors took their first step, a half kick (exact: dyadic). */
    ASSERT_EXACT(fl_body_velocity(a).y, g * dt / 2);
    ASSERT_EXACT(fl_body_position(d).y, g * dt * dt / 2);

    /* Removing a body in afterUpdate works the same way. */
    c.victim = a;
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, remove_in_hook, &c), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, remove_in_hook, &c), FL_OK);
    fl_world_step(w, dt);
    assert_int_equal(c.calls, 2);
    assert_int_equal(c.count_after_add, 2);
    assert_int_equal(fl_world_body_count(w), 1);
    assert_true(ID_EQ(fl_world_body(w, 0), d));
    assert_int_equal(fl_body_index(d), 0);
    fl_world_destroy(w);
}

/* Each body's velocity is its row of the world's motions: it must follow
 * the body as the list closes up, while the body waits in the queue of a
 * step, as a queued body ahead of it leaves, and when it joins. */
typedef struct queue_ctx {
    fl_vec2 box[4];
    fl_body_id added[3];
    fl_body_id victim;
    int calls;
} queue_ctx;

static void queue_in_hook(const fl_event *ev, void *user)
{
    queue_ctx *q = user;
    if (q->calls++ > 0)
        return;
    for (int k = 0; k < 3; k++) {
        fl_body_def def = fl_body_def_default();
        def.points = q->box;
        def.point_count = 4;
        def.density = 1;
        def.origin = fl_v2(100.0 + 10.0 * k, 0.0);
        def.velocity = fl_v2(k + 1.0, -0.5 * k);
        def.spin = 0.25 * k;
        assert_int_equal(fl_world_add_body(ev->world, &def, &q->added[k], NULL), FL_OK);
        assert_int_equal(fl_body_index(q->added[k]), -1); /* waiting */
    }
    /* Read and changed while waiting; the first leaves the queue before
     * the others (each keeps its own). */
    ASSERT_EXACT(fl_body_velocity(q->added[1]).x, 2.0);
    ASSERT_EXACT(fl_body_velocity(q->added[2]).y, -1.0);
    assert_int_equal(fl_body_set_spin(q->added[2], 4.0), FL_OK);
    assert_int_equal(fl_world_remove_body(ev->world, q->added[0]), FL_OK);
    ASSERT_EXACT(fl_body_velocity(q->added[1]).x, 2.0);
    ASSERT_EXACT(fl_body_spin(q->added[1]), 0.25);
    ASSERT_EXACT(fl_body_velocity(q->added[2]).x, 3.0);
    ASSERT_EXACT(fl_body_spin(q->added[2]), 4.0);
    assert_int_equal(fl_body_apply_impulse(q->added[1], fl_body_position(q->added[1]),
                                           fl_v2(0.0, 1.0)),
                     FL_OK); /* mass 1: +1 m/s */
    ASSERT_EXACT(fl_body_velocity(q->added[1]).y, 0.5);
    /* One already in the list leaves at the step's end. */
    assert_int_equal(fl_world_remove_body(ev->world, q->victim), FL_OK);
}

static void test_velocities_follow_their_bodies(void **state)
{
    (void)state;
    const double dt = 1.0 / 64;
    fl_world *w = make_world(fl_v2(0, 0)); /* no gravity: velocities stay exactly */
    queue_ctx q;
    memset(&q, 0, sizeof q);
    box_points(1, 1, q.box);
    fl_body_id bodies[6];
    for (int i = 0; i < 6; i++) {
        bodies[i] = add_body(w, q.box, 4, fl_v2(i * 10.0, 0), 0, fl_v2(i, -i), 1);
        assert_int_equal(fl_body_set_spin(bodies[i], 0.5 * i), FL_OK);
    }
    fl_world_remove_body(w, bodies[1]);
    fl_world_remove_body(w, bodies[3]);
    const int left[] = {0, 2, 4, 5};
    for (int k = 0; k < 4; k++) {
        fl_body_id b = bodies[left[k]];
        assert_int_equal(fl_body_index(b), k);
        ASSERT_EXACT(fl_body_velocity(b).x, left[k]);
        ASSERT_EXACT(fl_body_velocity(b).y, -left[k]);
        ASSERT_EXACT(fl_body_spin(b), 0.5 * left[k]);
    }
    q.victim = bodies[2];
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, queue_in_hook, &q), FL_OK);
    fl_world_step(w, dt);
    /* The list: 0, 4, 5, then the two that joined, in the order added. */
    assert_int_equal(fl_world_body_count(w), 5);
    const int kept[] = {0, 4, 5};
    for (int k = 0; k < 3; k++) {
        fl_body_id b = bodies[kept[k]];
        assert_int_equal(fl_body_index(b), k);
        ASSERT_EXACT(fl_body_velocity(b).x, kept[k]);
        ASSERT_EXACT(fl_body_spin(b), 0.5 * kept[k]);
        ASSERT_EXACT(fl_body_position(b).x, kept[k] * 10.0 + kept[k] * dt);
    }
    assert_true(ID_EQ(fl_world_body(w, 3), q.added[1]));
    assert_true(ID_EQ(fl_world_body(w, 4), q.added[2]));
    assert_true(fl_body_is_null(fl_body_in(w, q.added[0])));
    ASSERT_EXACT(fl_body_velocity(q.added[1]).x, 2.0);
    ASSERT_EXACT(fl_body_velocity(q.added[1]).y, 0.5);
    ASSERT_EXACT(fl_body_velocity(q.added[2]).x, 3.0);
    ASSERT_EXACT(fl_body_spin(q.added[2]), 4.0);
    /* They did not move in the step they were added in; now they do. */
    ASSERT_EXACT(fl_body_position(q.added[2]).x, 120.0);
    fl_world_step(w, dt);
    ASSERT_EXACT(fl_body_position(q.added[2]).x, 120.0 + 3.0 * dt);
    ASSERT_EXACT(fl_body_angle(q.added[2]), 4.0 * dt);
    ASSERT_EXACT(fl_body_position(q.added[1]).y, 0.5 * dt);
    /* A copy of the world has the same motions. */
    fl_world *c = fl_world_clone(w, NULL);
    assert_non_null(c);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id a = fl_world_body(w, i), b = fl_world_body(c, i);
        assert_memory_equal(&(fl_vec2[]){fl_body_velocity(a)}, &(fl_vec2[]){fl_body_velocity(b)},
                            sizeof(fl_vec2));
        ASSERT_EXACT(fl_body_spin(a), fl_body_spin(b));
    }
    fl_world_destroy(c);
    fl_world_destroy(w);
}

/* Added and removed in the same step: it never joins. */
static void add_then_remove_hook(const fl_event *ev, void *user)
{
    hook_ctx *c = user;
    fl_body_def def = fl_body_def_default();
    def.points = c->box;
    def.point_count = 4;
    def.density = 1;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(ev->world, &def, &b, NULL), FL_OK);
    fl_world_remove_body(ev->world, b);
    c->calls++;
}

static void test_add_remove_same_step(void **state)
{
    (void)state;
    fl_world *w = make_world(fl_v2(0, 1));
    hook_ctx c;
    memset(&c, 0, sizeof c);
    box_points(1, 1, c.box);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_then_remove_hook, &c), FL_OK);
    fl_world_step(w, 0.5);
    fl_world_step(w, 0.5);
    assert_int_equal(c.calls, 2);
    assert_int_equal(fl_world_body_count(w), 0);
    fl_world_destroy(w);
}

static void test_bad_world_def(void **state)
{
    (void)state;
    fl_world_def def = fl_world_def_default();
    /* The documented defaults. */
    ASSERT_EXACT(def.gravity.x, 0.0);
    ASSERT_EXACT(def.gravity.y, 9.81);
    assert_int_equal(def.iterations, 10);
    fl_error err;
    memset(&err, 0, sizeof err);
    def.gravity = fl_v2(0, NAN);
    assert_null(fl_world_create(&def, &err));
    assert_true(err.message[0] != '\0');
    def = fl_world_def_default();
    def.iterations = 0;
    memset(&err, 0, sizeof err);
    assert_null(fl_world_create(&def, &err));
    assert_true(err.message[0] != '\0');
    /* set_gravity takes effect on the next step (exact: dyadic). */
    def = fl_world_def_default();
    fl_world *w = fl_world_create(&def, NULL);
    assert_non_null(w);
    fl_world_set_gravity(w, fl_v2(-2, 4));
    ASSERT_EXACT(fl_world_gravity(w).x, -2.0);
    fl_vec2 box[4];
    box_points(1, 1, box);
    fl_body_id b = add_body(w, box, 4, fl_v2(0, 0), 0, fl_v2(0, 0), 1);
    fl_world_step(w, 0.5); /* a first step: half a kick */
    ASSERT_EXACT(fl_body_velocity(b).x, -0.5);
    ASSERT_EXACT(fl_body_velocity(b).y, 1.0);
    fl_world_destroy(w);
}

/* ---- allocator --------------------------------------------------------- */

#define MAX_LIVE 512

typedef struct counting {
    void *live[MAX_LIVE];
    int live_count;
    int allocs, reallocs, frees;
    int unknown;  /* frees or reallocs of pointers not handed out here */
    int overflow; /* more live blocks than the table holds */
    int fail_after; /* allocations allowed before returning NULL; < 0: no limit */
} counting;

static int find_live(counting *c, void *p)
{
    for (int i = 0; i < c->live_count; i++)
        if (c->live[i] == p)
            return i;
    return -1;
}

static bool may_allocate(counting *c)
{
    if (c->fail_after == 0)
        return false;
    if (c->fail_after > 0)
        c->fail_after--;
    return true;
}

static void *c_alloc(size_t size, void *user)
{
    counting *c = user;
    if (c->live_count == MAX_LIVE) {
        c->overflow++;
        return NULL;
    }
    if (!may_allocate(c))
        return NULL;
    void *p = malloc(size);
    if (p) {
        c->allocs++;
        c->live[c->live_count++] = p;
    }
    return p;
}

static void *c_realloc(void *ptr, size_t size, void *user)
{
    counting *c = user;
    if (!ptr)
        return c_alloc(size, user);
    int i = find_live(c, ptr);
    if (i < 0) {
        c->unknown++;
        return NULL;
    }
    if (!may_allocate(c))
        return NULL;
    void *p = realloc(ptr, size);
    if (p) {
        c->reallocs++;
        c->live[i] = p;
    }
    return p;
}

static void c_free(void *ptr, void *user)
{
    counting *c = user;
    if (!ptr)
        return;
    int i = find_live(c, ptr);
    if (i < 0) {
        c->unknown++;
        return;
    }
    c->frees++;
    c->live[i] = c->live[--c->live_count];
    free(ptr);
}

static void noop_event(const fl_event *ev, void *user)
{
    (void)ev;
    (void)user;
}

static fl_world *counting_world(counting *c)
{
    fl_world_def def = fl_world_def_default();
    def.allocator = (fl_allocator){c_alloc, c_realloc, c_free, c};
    return fl_world_create(&def, NULL);
}

/* A counting allocator with no limit, on the heap. */
static counting *new_counting(void)
{
    counting *c = calloc(1, sizeof *c);
    assert_non_null(c);
    c->fail_after = -1;
    return c;
}

static void test_custom_allocator(void **state)
{
    (void)state;
    counting *c = new_counting();
    fl_world *w = counting_world(c);
    assert_non_null(w);
    assert_true(find_live(c, w) >= 0);

    hook_ctx h;
    memset(&h, 0, sizeof h);
    box_points(1, 1, h.box);
    /* 40 bodies and 20 hooks: the arrays must grow several times. */
    fl_body_id bodies[40];
    for (int i = 0; i < 40; i++) {
        bodies[i] = add_body(w, h.box, 4, fl_v2(i, 0), 0, fl_v2(0, 0), 1);
        /* Each body sits, 16-byte aligned, in a block from the hook. */
        assert_true(find_live(c, body_find(bodies[i])->block) >= 0);
        assert_true((uintptr_t)body_find(bodies[i]) % 16 == 0);
    }
    for (int i = 0; i < 20; i++)
        assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, noop_event, &bodies[i]), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_in_hook, &h), FL_OK);
    fl_world_step(w, 0.01);
    assert_false(ID_NULL(h.added));
    assert_true(find_live(c, body_find(h.added)->block) >= 0);
    for (int i = 0; i < 40; i += 3)
        fl_world_remove_body(w, bodies[i]);
    void *scratch = fl_world_alloc(w, 100);
    assert_true(find_live(c, scratch) >= 0);
    int cap = 0;
    scratch = fl_world_grow(w, scratch, &cap, 50, 8);
    assert_true(find_live(c, scratch) >= 0);
    assert_true(cap >= 50);
    fl_world_free(w, scratch);
    fl_world_step(w, 0.01);

    assert_true(c->allocs > 0);
    assert_true(c->reallocs > 0);
    fl_world_destroy(w);
    /* Everything handed out came back, through our hook, exactly once. */
    assert_int_equal(c->live_count, 0);
    assert_int_equal(c->frees, c->allocs);
    assert_int_equal(c->unknown, 0);
    assert_int_equal(c->overflow, 0);
    free(c);
}

static void test_allocator_failures(void **state)
{
    (void)state;
    counting *c = calloc(1, sizeof *c);
    assert_non_null(c);

    /* No memory for the world itself. */
    c->fail_after = 0;
    fl_world_def def = fl_world_def_default();
    def.allocator = (fl_allocator){c_alloc, c_realloc, c_free, c};
    fl_error err = {""};
    assert_null(fl_world_create(&def, &err));
    assert_true(err.message[0] != '\0');

    /* A half-filled allocator is refused. */
    def.allocator = (fl_allocator){c_alloc, NULL, c_free, c};
    memset(&err, 0, sizeof err);
    assert_null(fl_world_create(&def, &err));
    assert_true(err.message[0] != '\0');

    /* No memory for the world's motions (the ground's row): no world,
     * nothing kept. */
    c->fail_after = 1;
    assert_null(counting_world(c));
    assert_int_equal(c->live_count, 0);

    /* Room for the world only: adding a body or a hook reports FL_ENOMEM. */
    c->fail_after = 2;
    fl_world *w = counting_world(c);
    assert_non_null(w);
    fl_vec2 box[4];
    box_points(1, 1, box);
    fl_body_def d = fl_body_def_default();
    d.points = box;
    d.point_count = 4;
    d.density = 1;
    memset(&err, 0, sizeof err);
    assert_int_equal(fl_world_add_body(w, &d, NULL, &err), FL_ENOMEM);
    assert_true(err.message[0] != '\0');
    assert_int_equal(fl_world_body_count(w), 0);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, noop_event, NULL), FL_ENOMEM);
    /* Room for the body but not the list: the body is given back. */
    c->fail_after = 1;
    assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_ENOMEM);
    assert_int_equal(fl_world_body_count(w), 0);
    assert_int_equal(c->live_count, 2); /* the world and its motions alone */
    fl_world_destroy(w);
    assert_int_equal(c->live_count, 0);
    assert_int_equal(c->unknown, 0);
    free(c);
}

typedef struct oom_ctx {
    counting *c;
    fl_vec2 box[4];
    fl_body_id added;
    int allow; /* allocations allowed from the hook on */
} oom_ctx;

static void add_then_starve(const fl_event *ev, void *user)
{
    oom_ctx *o = user;
    if (!fl_body_is_null(o->added))
        return;
    o->c->fail_after = o->allow;
    fl_body_def def = fl_body_def_default();
    def.points = o->box;
    def.point_count = 4;
    def.density = 1;
    assert_int_equal(fl_world_add_body(ev->world, &def, &o->added, NULL), FL_OK);
}

/* How many bodies a fresh world holds before its body list first has to
 * grow again: in a probe world, the first add after the first whose cost
 * is more than the body's own allocation. */
static int list_capacity_probe(void)
{
    counting *c = new_counting();
    fl_world *w = counting_world(c);
    assert_non_null(w);
    fl_vec2 box[4];
    box_points(1, 1, box);
    int n = 0;
    for (;;) {
        int before = c->reallocs + c->allocs;
        add_body(w, box, 4, fl_v2(n, 0), 0, fl_v2(0, 0), 1);
        n++;
        if (n > 1 && c->reallocs + c->allocs - before > 1)
            break;
        assert_true(n < 10000);
    }
    fl_world_destroy(w);
    free(c);
    return n - 1;
}

/* A body added in a hook when the body list cannot grow at the end of the
 * step: it is not lost (it joins once memory is back) and not leaked. */
static void test_allocator_failure_in_step(void **state)
{
    (void)state;
    for (int pass = 0; pass < 2; pass++) {
        counting *c = new_counting();
        fl_world *w = counting_world(c);
        assert_non_null(w);
        oom_ctx o;
        memset(&o, 0, sizeof o);
        o.c = c;
        box_points(1, 1, o.box);
        /* Fill the body list to the brim, so that one more body needs it
         * to grow. */
        int full = list_capacity_probe();
        assert_true(full >= 1);
        for (int i = 0; i < full; i++)
            add_body(w, o.box, 4, fl_v2(i, 0), 0, fl_v2(0, 0), 1);
        /* The hook's body, its id's slot (the table of ids, grown as the
         * body list is, is full too) and its pending-list slot get memory
         * (3); the step's scratch (a first step: none reserved yet) and the
         * body list's growth at the end of the step do not. */
        o.allow = 3;
        assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_then_starve, &o), FL_OK);
        int count = fl_world_body_count(w);
        fl_world_step(w, 0.01);
        assert_int_equal(fl_world_last_step_status(w), FL_ENOMEM);
        assert_false(ID_NULL(o.added));
        assert_int_equal(fl_world_body_count(w), count);
        c->fail_after = -1;
        if (pass == 0) {
            fl_world_step(w, 0.01);
            assert_int_equal(fl_world_last_step_status(w), FL_OK);
            assert_int_equal(fl_world_body_count(w), count + 1);
            assert_true(ID_EQ(fl_world_body(w, count), o.added));
        }
        fl_world_destroy(w);
        assert_int_equal(c->live_count, 0);
        assert_int_equal(c->unknown, 0);
        free(c);
    }
}

static int allocations(const counting *c) { return c->allocs + c->reallocs; }

/* The arena: a group that finds no room gets a block of its own, kept;
 * the next step finds the same room without allocating; no memory, or a
 * size past what memory holds, is FL_ENOMEM and leaves it sound. */
static void test_arena_grows_keeps_and_fails(void **state)
{
    (void)state;
    counting *c = new_counting();
    fl_world *w = counting_world(c);
    assert_non_null(w);
    int before = allocations(c);
    step_arena a = {0};
    double *p = NULL, *q = NULL;
    for (int step = 0; step < 3; step++) {
        assert_int_equal(arena_begin(w, &a), FL_OK);
        arena_measure(&a);
        assert_null(arena_take(&a, 100, sizeof(double)));
        size_t small = arena_measured(&a);
        assert_int_equal(small, 832); /* 800 bytes, in whole cache lines */
        assert_int_equal(arena_room(w, &a, small), FL_OK);
        double *p1 = arena_take(&a, 100, sizeof(double));
        assert_int_equal(arena_room(w, &a, 100000), FL_OK); /* more than the first block's room */
        double *q1 = arena_take(&a, 12500, sizeof(double));
        assert_true((uintptr_t)p1 % 64 == 0 && (uintptr_t)q1 % 64 == 0);
        p1[99] = q1[12499] = 1.0; /* all of them usable */
        if (step > 0) {
            assert_ptr_equal(p1, p); /* the same room, nothing allocated */
            assert_ptr_equal(q1, q);
            assert_int_equal(allocations(c), before + 2);
        }
        p = p1;
        q = q1;
    }
    assert_int_equal(a.blocks, 2);
    /* No memory for a new block; then a size no memory holds, which asks
     * the allocator for nothing. */
    assert_int_equal(arena_begin(w, &a), FL_OK);
    c->fail_after = 0;
    assert_int_equal(arena_room(w, &a, (size_t)1 << 24), FL_ENOMEM);
    c->fail_after = -1;
    arena_measure(&a);
    arena_take(&a, INT_MAX, SIZE_MAX / 2);
    size_t huge = arena_measured(&a);
    assert_true(huge == SIZE_MAX);
    int tried = allocations(c);
    assert_int_equal(arena_room(w, &a, huge), FL_ENOMEM);
    assert_int_equal(allocations(c), tried);
    assert_int_equal(a.blocks, 2);
    assert_int_equal(arena_room(w, &a, 832), FL_OK); /* still sound */
    assert_non_null(arena_take(&a, 100, sizeof(double)));
    arena_free(w, &a);
    fl_world_destroy(w);
    assert_int_equal(c->live_count, 0);
    assert_int_equal(c->unknown, 0);
    free(c);
}

/* A row of boxes above a floor, with a listener on each collision event:
 * they fall for a while, land at once and settle. */
static void count_event(const fl_event *ev, void *user)
{
    (void)ev;
    (*(int *)user)++;
}

static fl_world *landing_world(counting *c, int *events)
{
    memset(c, 0, sizeof *c);
    c->fail_after = -1;
    fl_world *w = counting_world(c);
    assert_non_null(w);
    fl_vec2 floor[4], box[4];
    box_points(40, 1, floor);
    box_points(1, 1, box);
    add_body(w, floor, 4, fl_v2(0, 10), 0, fl_v2(0, 0), 0);
    for (int i = 0; i < 24; i++)
        add_body(w, box, 4, fl_v2(-15 + 1.25 * i, 6 + 0.25 * (i % 2)), 0, fl_v2(0, 0), 1);
    for (int t = FL_EVENT_COLLISION_START; t <= FL_EVENT_COLLISION_END; t++)
        assert_int_equal(fl_world_on(w, t, count_event, events), FL_OK);
    return w;
}

/* The step's one way of running out of memory, after whichever of its
 * allocations fails: the step runs without contacts, events or solve,
 * bodies moving by their velocities; it says so; it leaks nothing and
 * leaves the world whole; and the next step with memory runs in full. */
static bool check_starved_step(counting *c, fl_world *w, int *events, int allow)
{
    int bodies = fl_world_body_count(w);
    uint64_t steps = fl_world_step_count(w);
    fl_vec2 p = fl_body_position(fl_world_body(w, 1));
    fl_vec2 v = fl_body_velocity(fl_world_body(w, 1));
    *events = 0;
    c->fail_after = allow;
    fl_world_step(w, 1.0 / 60.0);
    c->fail_after = -1;
    if (fl_world_last_step_status(w) == FL_OK)
        return false;
    assert_int_equal(fl_world_last_step_status(w), FL_ENOMEM);
    assert_int_equal(fl_world_contact_count(w), 0);
    assert_int_equal(*events, 0);
    assert_int_equal(fl_world_body_count(w), bodies);
    assert_true(fl_world_step_count(w) == steps + 1);
    /* a falling box, moved by its velocity (kicked by gravity first) */
    fl_vec2 v1 = fl_body_velocity(fl_world_body(w, 1));
    assert_true(v1.y > v.y);
    assert_true(fabs(fl_body_position(fl_world_body(w, 1)).y - (p.y + v1.y / 60.0)) < 1e-12);
    fl_world_step(w, 1.0 / 60.0);
    assert_int_equal(fl_world_last_step_status(w), FL_OK);
    return true;
}

/* Out of memory at each allocation of a first step (every array it has
 * yet to make) and at each of the step where the boxes land (their
 * contacts: more pairs than the step's scratch had room for). */
static void test_step_out_of_memory_everywhere(void **state)
{
    (void)state;
    /* The step the boxes land in: the first with contacts that allocates
     * (after the first, which makes the step's arena), in a probe
     * world with all the memory it wants. */
    counting *c = malloc(sizeof *c);
    assert_non_null(c);
    int events = 0;
    fl_world *w = landing_world(c, &events);
    int landing = -1;
    for (int s = 0; s < 120 && landing < 0; s++) {
        assert_int_equal(fl_world_contact_count(w), 0);
        int before = allocations(c);
        fl_world_step(w, 1.0 / 60.0);
        if (allocations(c) > before && fl_world_contact_count(w) > 0)
            landing = s;
    }
    assert_true(landing > 10);
    assert_true(fl_world_contact_count(w) > 0);
    fl_world_destroy(w);
    assert_int_equal(c->live_count, 0);

    for (int at = 0; at < 2; at++) {
        int failed = 0;
        for (int allow = 0;; allow++) {
            w = landing_world(c, &events);
            for (int s = 0; at == 1 && s < landing; s++)
                fl_world_step(w, 1.0 / 60.0);
            bool starved = check_starved_step(c, w, &events, allow);
            if (at == 1)
                assert_true(fl_world_contact_count(w) > 0);
            fl_world_destroy(w);
            assert_int_equal(c->live_count, 0);
            assert_int_equal(c->unknown, 0);
            if (!starved)
                break;
            failed++;
            assert_true(allow < 100);
        }
        assert_true(failed > (at ? 1 : 3));
    }
    free(c);
}

/* Once warmed up, a step allocates nothing: with no memory at all it runs
 * in full, contacts, events and all. */
static void test_warm_step_allocates_nothing(void **state)
{
    (void)state;
    counting *c = malloc(sizeof *c);
    assert_non_null(c);
    int events = 0;
    fl_world *w = landing_world(c, &events);
    for (int s = 0; s < 180; s++)
        fl_world_step(w, 1.0 / 60.0);
    int before = allocations(c);
    c->fail_after = 0;
    events = 0;
    for (int s = 0; s < 60; s++) {
        fl_world_step(w, 1.0 / 60.0);
        assert_int_equal(fl_world_last_step_status(w), FL_OK);
    }
    assert_int_equal(allocations(c), before);
    assert_true(fl_world_contact_count(w) > 0);
    assert_true(events > 0);
    fl_world_destroy(w);
    assert_int_equal(c->live_count, 0);
    free(c);
}

/* fl_body_def_check says exactly what fl_world_add_body does, and
 * fl_hold_def_check what fl_buoyancy_set_hold does, message and all, over
 * outlines, hulls, openings and water good and bad. */
static void test_body_def_check_agrees(void **state)
{
    (void)state;
    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    assert_non_null(w);
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    assert_non_null(bu);
    int hold_refused[3] = {0};
    static const double coords[] = {0, 1, 2, -1, 0.5, 1e-7, 1e-300, 3};
    const int ncoords = (int)(sizeof coords / sizeof coords[0]);
    unsigned seed = 12345u;
    int refused = 0, parts[8] = {0};
    for (int k = 0; k < 4000; k++) {
        fl_vec2 pts[8], hull[6], openings[4];
        int n = 3 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 5;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            pts[i] = fl_v2(coords[(seed >> 16) % ncoords], coords[(seed >> 8) % ncoords]);
        }
        fl_body_def d = fl_body_def_default();
        fl_hold_def h = {NULL, 0, 0.0, 0.0};
        d.points = pts;
        d.point_count = n;
        seed = seed * 1103515245u + 12345u;
        d.density = (seed >> 16) % 3 == 0 ? 1e-6 : 500;
        d.is_static = (seed >> 20) % 7 == 0;
        if ((seed >> 12) % 2) {
            static const fl_vec2 big[4] = {{-2, -2}, {4, -2}, {4, 4}, {-2, 4}};
            for (int i = 0; i < 4; i++)
                hull[i] = (seed >> 14) % 3 ? big[i] : pts[i % n];
            d.hull = hull;
            d.hull_count = (seed >> 14) % 3 ? 4 : n < 4 ? n : 4;
            h.water = (double)((seed >> 18) % 4) * 3.0;
            h.water_density = 1000;
            if ((seed >> 22) % 2) {
                openings[0] = fl_v2(0, 0);
                openings[1] = (seed >> 23) % 2 ? fl_v2(0, 0) : fl_v2(1, 0);
                h.openings = openings;
                h.opening_count = 1;
            }
        } else if ((seed >> 13) % 5 == 0) {
            h.water = 1; /* no hull: no hold */
        }
        fl_error checked = {{0}}, added = {{0}};
        fl_body_def_part part = FL_BODY_DEF_OK;
        fl_status c = fl_body_def_check(&d, &part, &checked);
        fl_body_id b = FL_NULL_BODY;
        fl_status a = fl_world_add_body(w, &d, &b, &added);
        assert_int_equal(c, a);
        assert_int_equal(c == FL_OK, part == FL_BODY_DEF_OK);
        if (a == FL_OK) {
            fl_hold_def_part hp = FL_HOLD_DEF_OK;
            fl_error hold_checked = {{0}}, hold_set = {{0}};
            fl_status hc = fl_hold_def_check(&d, &h, &hp, &hold_checked);
            assert_int_equal(hc == FL_OK, hp == FL_HOLD_DEF_OK);
            if (fl_buoyancy_has_hold(bu, b) || h.openings || h.water != 0.0) {
                assert_int_equal(hc, fl_buoyancy_set_hold(bu, b, &h, &hold_set));
                if (hc != FL_OK && fl_buoyancy_has_hold(bu, b))
                    assert_string_equal(hold_checked.message, hold_set.message);
            }
            hold_refused[hp]++;
            fl_world_remove_body(w, b);
        } else {
            assert_string_equal(checked.message, added.message);
            refused++;
            parts[part]++;
        }
    }
    /* the cases reach the outline, the hull, the water and the openings */
    assert_true(refused > 100);
    assert_true(parts[FL_BODY_DEF_POINTS] > 0 && parts[FL_BODY_DEF_HULL] > 0);
    assert_true(hold_refused[FL_HOLD_DEF_WATER] > 0 && hold_refused[FL_HOLD_DEF_OPENINGS] > 0);
    fl_world_destroy(w);
}

/* A velocity term added each step by a hook: its damping gives the drag
 * law's terminal speed, g / rate, at any step (the update solves it in
 * closed form), and its stiffness, taken implicitly, holds a spring that
 * is far too stiff for the step without ringing. Numbers that are not
 * finite and >= 0 are refused and leave the term as it was. */
typedef struct term_hook {
    fl_body_id body;
    fl_velocity_term term;
} term_hook;

static void add_term(const fl_event *e, void *user)
{
    (void)e;
    term_hook *h = user;
    assert_int_equal(fl_body_add_velocity_term(h->body, &h->term), FL_OK);
}

static void test_velocity_term(void **s)
{
    (void)s;
    const fl_vec2 p[4] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    const double rates[3] = {30.0, 60.0, 240.0};
    for (int r = 0; r < 3; r++) {
        fl_world_def wd = fl_world_def_default();
        wd.gravity = fl_v2(0.0, 9.81);
        fl_world *w = fl_world_create(&wd, NULL);
        assert_non_null(w);
        fl_body_id b = add_body(w, p, 4, fl_v2(0.0, 0.0), 0.0, fl_v2(0.0, 0.0), 100.0);
        term_hook h = {b, {2.0, {0.0, 0.0}, 0.0, 0.0, {0.0, 0.0}, 0.0, false}};
        assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_term, &h), FL_OK);
        for (int i = 0; i < 20 * (int)rates[r]; i++)
            fl_world_step(w, 1.0 / rates[r]);
        /* e^-40 of the start is left: rounding only */
        ASSERT_REL(fl_body_velocity(b).y, 9.81 / 2.0, 1e-12);
        fl_world_destroy(w);
    }
    /* A spring of 1e6 N/m on 100 kg (natural period 0.06 s, four steps at
     * 60 Hz) from 0.1 m out: taken whole at each step's end, the body
     * comes to rest at the spring's equilibrium without ringing. */
    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    fl_body_id b = add_body(w, p, 4, fl_v2(0.1, 0.0), 0.0, fl_v2(0.0, 0.0), 100.0);
    term_hook h = {b, {0.0, {0.0, 0.0}, 0.0, 1e6, {1.0, 0.0}, 0.0, false}};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, add_term, &h), FL_OK);
    double most = 0.0;
    for (int i = 0; i < 120; i++) {
        double x = fl_body_position(b).x;
        assert_int_equal(fl_body_apply_central_force(b, fl_v2(-1e6 * x, 0.0)), FL_OK);
        fl_world_step(w, 1.0 / 60.0);
        if (i > 0)
            most = fmax(most, fabs(fl_body_position(b).x));
    }
    assert_true(most < 0.1);
    assert_true(fabs(fl_body_position(b).x) < 1e-6);
    /* refused numbers */
    const double bad[4] = {NAN, INFINITY, -INFINITY, -1.0};
    for (int k = 0; k < 4; k++) {
        fl_velocity_term t = {bad[k], {0, 0}, 0, 0, {0, 0}, 0, false};
        assert_int_equal(fl_body_add_velocity_term(b, &t), FL_EINVAL);
        t = (fl_velocity_term){1, {0, 0}, bad[k], 0, {0, 0}, 0, false};
        assert_int_equal(fl_body_add_velocity_term(b, &t), FL_EINVAL);
        t = (fl_velocity_term){1, {0, 0}, 0, bad[k], {1, 0}, 0, false};
        assert_int_equal(fl_body_add_velocity_term(b, &t), FL_EINVAL);
        t = (fl_velocity_term){1, {bad[k] < 0 ? NAN : bad[k], 0}, 0, 0, {0, 0}, 0, false};
        assert_int_equal(fl_body_add_velocity_term(b, &t), FL_EINVAL);
    }
    fl_velocity_term no_axis = {0, {0, 0}, 0, 5.0, {0, 0}, 0, false};
    assert_int_equal(fl_body_add_velocity_term(b, &no_axis), FL_EINVAL);
    ASSERT_EXACT(fl_body_velocity_term(b).rate, 0.0);
    /* what was added reads back; a spin's stiffness needs no axis */
    fl_velocity_term t = {1.5, {2.0, 0.0}, 0.5, 0.0, {0, 0}, 7.0, true};
    assert_int_equal(fl_body_add_velocity_term(b, &t), FL_OK);
    fl_velocity_term got = fl_body_velocity_term(b);
    ASSERT_EXACT(got.rate, 1.5);
    ASSERT_EXACT(got.toward.x, 2.0);
    ASSERT_EXACT(got.angular_rate, 0.5);
    ASSERT_REL(got.angular_stiffness, 7.0, 1e-15);
    assert_true(got.whole);
    /* a copy taken between steps keeps the terms given for the next (the
     * spring's hook goes first: a copy has no hooks) */
    fl_world_off(w, FL_EVENT_BEFORE_UPDATE, add_term, &h);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    fl_body_id bc = fl_body_in(copy, b);
    ASSERT_EXACT(fl_body_velocity_term(bc).rate, 1.5);
    fl_world_step(w, 1.0 / 60.0);
    fl_world_step(copy, 1.0 / 60.0);
    ASSERT_EXACT(fl_body_velocity(bc).x, fl_body_velocity(b).x);
    ASSERT_EXACT(fl_body_spin(bc), fl_body_spin(b));
    /* the step cleared them, in both */
    ASSERT_EXACT(fl_body_velocity_term(b).rate, 0.0);
    ASSERT_EXACT(fl_body_velocity_term(bc).rate, 0.0);
    fl_world_destroy(copy);
    assert_int_equal(fl_body_add_velocity_term(b, &t), FL_OK);
    assert_int_equal(fl_body_clear_forces(b), FL_OK);
    ASSERT_EXACT(fl_body_velocity_term(b).angular_stiffness, 0.0);
    fl_world_destroy(w);
}

/* Non-finite numbers (and friction below 0, restitution outside 0..1)
 * into a body are refused, and the body keeps what it had: a NaN let in
 * would spread through every contact it touches. */
static void test_setters_refuse_non_finite(void **s)
{
    (void)s;
    fl_world_def wd = fl_world_def_default();
    fl_world *w = fl_world_create(&wd, NULL);
    assert_non_null(w);
    const fl_vec2 p[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.density = 100.0;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    const double bad[3] = {NAN, INFINITY, -INFINITY};
    const fl_vec2 v0 = fl_v2(1.0, 2.0);
    assert_int_equal(fl_body_set_velocity(b, v0), FL_OK);
    assert_int_equal(fl_body_set_spin(b, 0.5), FL_OK);
    for (int k = 0; k < 3; k++) {
        double x = bad[k];
        assert_int_equal(fl_body_set_velocity(b, fl_v2(x, 0.0)), FL_EINVAL);
        assert_int_equal(fl_body_set_velocity(b, fl_v2(0.0, x)), FL_EINVAL);
        assert_int_equal(fl_body_set_spin(b, x), FL_EINVAL);
        assert_int_equal(fl_body_set_transform(b, fl_v2(x, 0.0), 0.0), FL_EINVAL);
        assert_int_equal(fl_body_set_transform(b, fl_v2(0.0, 0.0), x), FL_EINVAL);
        assert_int_equal(fl_body_apply_force(b, fl_v2(0.0, x), fl_v2(1.0, 0.0)), FL_EINVAL);
        assert_int_equal(fl_body_apply_force(b, fl_v2(0.0, 0.0), fl_v2(x, 0.0)), FL_EINVAL);
        assert_int_equal(fl_body_apply_impulse(b, fl_v2(0.0, 0.0), fl_v2(0.0, x)), FL_EINVAL);
        assert_int_equal(fl_body_apply_central_force(b, fl_v2(x, 1.0)), FL_EINVAL);
        assert_int_equal(fl_body_apply_torque(b, x), FL_EINVAL);
        assert_int_equal(fl_body_set_friction(b, x), FL_EINVAL);
        assert_int_equal(fl_body_set_restitution(b, x), FL_EINVAL);
    }
    assert_int_equal(fl_body_set_friction(b, -0.1), FL_EINVAL);
    assert_int_equal(fl_body_set_restitution(b, 1.5), FL_EINVAL);
    assert_int_equal(fl_body_set_restitution(b, -0.5), FL_EINVAL);
    ASSERT_EXACT(fl_body_velocity(b).x, v0.x);
    ASSERT_EXACT(fl_body_velocity(b).y, v0.y);
    ASSERT_EXACT(fl_body_spin(b), 0.5);
    ASSERT_EXACT(fl_body_position(b).x, 0.0);
    ASSERT_EXACT(fl_body_angle(b), 0.0);
    ASSERT_EXACT(fl_body_friction(b), d.friction);
    ASSERT_EXACT(fl_body_restitution(b), d.restitution);
    /* nothing was accumulated: a step moves it by its velocity and gravity alone */
    fl_world_step(w, 0.5);
    ASSERT_EXACT(fl_body_spin(b), 0.5);
    assert_true(isfinite(fl_body_position(b).x) && isfinite(fl_body_position(b).y));
    /* and good numbers still go in */
    assert_int_equal(fl_body_set_friction(b, 0.0), FL_OK);
    assert_int_equal(fl_body_set_restitution(b, 1.0), FL_OK);
    assert_int_equal(fl_body_apply_torque(b, 2.0), FL_OK);
    fl_world_destroy(w);
}

/* An allocator that grants only small blocks, and remembers the largest
 * size asked. */
static void *small_alloc(size_t size, void *user)
{
    size_t *most = user;
    *most = size > *most ? size : *most;
    return size <= (1u << 20) ? malloc(size) : NULL;
}
static void *small_realloc(void *ptr, size_t size, void *user)
{
    size_t *most = user;
    *most = size > *most ? size : *most;
    return size <= (1u << 20) ? realloc(ptr, size) : NULL;
}
static void small_free(void *ptr, void *user)
{
    (void)user;
    free(ptr);
}

/* Growing past what an int counts or a size_t measures fails cleanly: no
 * overflow on the way (UndefinedBehaviorSanitizer watches), the array and
 * its capacity as they were. */
static void test_grow_never_overflows(void **s)
{
    (void)s;
    size_t most = 0;
    fl_world_def wd = fl_world_def_default();
    wd.allocator = (fl_allocator){small_alloc, small_realloc, small_free, &most};
    fl_world *w = fl_world_create(&wd, NULL);
    assert_non_null(w);
    int cap = 0;
    int *a = fl_world_grow(w, NULL, &cap, 100, sizeof *a);
    assert_non_null(a);
    assert_int_equal(cap, 128);
    a[99] = 7;
    /* past 2^30 items doubling would wrap: it stops at INT_MAX */
    most = 0;
    assert_null(fl_world_grow(w, a, &cap, INT_MAX, 1));
    assert_int_equal(most, (size_t)INT_MAX);
    assert_int_equal(cap, 128);
    /* too many bytes for a size_t: refused before the allocator is asked */
    most = 0;
    assert_null(fl_world_grow(w, a, &cap, INT_MAX, SIZE_MAX / 4));
    assert_int_equal(most, 0);
    assert_ptr_equal(fl_world_grow(w, a, &cap, -1, sizeof *a), a); /* nothing to grow */
    assert_int_equal(cap, 128);
    assert_int_equal(a[99], 7); /* the array is intact */
    fl_world_free(w, a);
    fl_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_free_fall_exact),
        cmocka_unit_test(test_mass_from_density),
        cmocka_unit_test(test_stated_weight),
        cmocka_unit_test(test_either_winding),
        cmocka_unit_test(test_apply_force),
        cmocka_unit_test(test_torque_sign),
        cmocka_unit_test(test_static_never_moves),
        cmocka_unit_test(test_remove_keeps_order),
        cmocka_unit_test(test_bad_bodies_refused),
        cmocka_unit_test(test_bad_step_does_nothing),
        cmocka_unit_test(test_add_in_hook),
        cmocka_unit_test(test_remove_in_hook),
        cmocka_unit_test(test_add_remove_same_step),
        cmocka_unit_test(test_velocities_follow_their_bodies),
        cmocka_unit_test(test_bad_world_def),
        cmocka_unit_test(test_custom_allocator),
        cmocka_unit_test(test_allocator_failures),
        cmocka_unit_test(test_allocator_failure_in_step),
        cmocka_unit_test(test_step_out_of_memory_everywhere),
        cmocka_unit_test(test_warm_step_allocates_nothing),
        cmocka_unit_test(test_arena_grows_keeps_and_fails),
        cmocka_unit_test(test_body_def_check_agrees),
        cmocka_unit_test(test_setters_refuse_non_finite),
        cmocka_unit_test(test_velocity_term),
        cmocka_unit_test(test_grow_never_overflows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
