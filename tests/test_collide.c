/* Contacts, friction, restitution, stacking, ropes, the mouse spring,
 * filtering, sensors and the collision events, each against the number
 * mechanics predicts. The step is 1/60 s throughout. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"
#include "check_world.h"
#include "flotsam/flotsam.h"
#include "body_state.h" /* white-box: the private body layout */
#include "world_state.h" /* ... and the joints' solver state */

#define DT (1.0 / 60.0)
#define G 9.81

/* The solver iterations the suite runs at: the default, then a third of
 * it, then two passes in each of five substeps (main runs every test at
 * all three). */
static int iterations = 10, substeps = 1;

static fl_world *world_with(fl_vec2 gravity)
{
    return solved_world(gravity, substeps, iterations);
}

typedef struct box_spec {
    double w, h, angle, density, friction, restitution;
    bool is_static;
} box_spec;

static fl_body_id add_box(fl_world *w, fl_vec2 at, box_spec s)
{
    const fl_vec2 p[4] = {{-s.w / 2, -s.h / 2}, {s.w / 2, -s.h / 2}, {s.w / 2, s.h / 2}, {-s.w / 2, s.h / 2}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.origin = at;
    d.angle = s.angle;
    d.density = s.density;
    d.is_static = s.is_static;
    d.friction = s.friction;
    d.restitution = s.restitution;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    return b;
}

static box_spec crate(double size) { return (box_spec){size, size, 0, 500, 0.4, 0, false}; }
static box_spec slab(double w, double h) { return (box_spec){w, h, 0, 0, 0.4, 0, true}; }

static void steps(fl_world *w, double seconds)
{
    long n = (long)(seconds / DT + 0.5);
    for (long i = 0; i < n; i++)
        fl_world_step(w, DT);
}

/* ---- narrow phase ------------------------------------------------------- */

static fl_poly box_poly(fl_vec2 c, double hw, double hh, double angle, fl_vec2 v[4], fl_vec2 n[4])
{
    fl_rot r = fl_rot_from(angle);
    const fl_vec2 local[4] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    const fl_vec2 normals[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    for (int i = 0; i < 4; i++) {
        v[i] = fl_add(c, fl_rotate(r, local[i]));
        n[i] = fl_rotate(r, normals[i]);
    }
    return (fl_poly){v, n, 4};
}

static void test_manifold_face_to_face(void **s)
{
    (void)s;
    fl_vec2 va[4], na[4], vb[4], nb[4];
    fl_poly a = box_poly(fl_v2(0, 0), 1, 1, 0, va, na);
    /* B (2 x 1) below A, overlapping it by 0.1 and shifted right by 0.5:
     * the shared face runs from x = -0.5 to 1, midway at y = 0.95. */
    fl_poly b = box_poly(fl_v2(0.5, 1.4), 1, 0.5, 0, vb, nb);
    fl_manifold m;
    fl_collide_polygons(&a, &b, 0.0, &m);
    assert_int_equal(m.count, 2);
    ASSERT_NEAR(m.normal.x, 0.0, 1e-15);
    ASSERT_NEAR(m.normal.y, 1.0, 1e-15);
    double xs[2] = {m.points[0].point.x, m.points[1].point.x};
    ASSERT_NEAR(fmin(xs[0], xs[1]), -0.5, 1e-12);
    ASSERT_NEAR(fmax(xs[0], xs[1]), 1.0, 1e-12);
    for (int i = 0; i < 2; i++) {
        ASSERT_NEAR(m.points[i].separation, -0.1, 1e-12);
        ASSERT_NEAR(m.points[i].point.y, 0.95, 1e-12);
    }
    assert_int_not_equal(m.points[0].id, m.points[1].id);
}

static void test_manifold_corner_and_separated(void **s)
{
    (void)s;
    fl_vec2 va[4], na[4], vb[4], nb[4];
    fl_poly a = box_poly(fl_v2(0, 0), 1, 1, 0, va, na);
    /* A unit diamond whose lowest... highest corner pokes 0.05 into A's bottom face. */
    double r = sqrt(0.5);
    fl_poly b = box_poly(fl_v2(0.2, 1.0 + r - 0.05), 0.5, 0.5, FL_PI / 4, vb, nb);
    fl_manifold m;
    fl_collide_polygons(&a, &b, 0.0, &m);
    assert_int_equal(m.count, 1);
    ASSERT_NEAR(m.normal.y, 1.0, 1e-12);
    ASSERT_NEAR(m.points[0].separation, -0.05, 1e-12);
    ASSERT_NEAR(m.points[0].point.x, 0.2, 1e-12);
    ASSERT_NEAR(m.points[0].point.y, 1.0 - 0.025, 1e-12);

    /* Apart by 0.3: nothing without margin, two speculative points with. */
    b = box_poly(fl_v2(0, 2.3), 1, 1, 0, vb, nb);
    fl_collide_polygons(&a, &b, 0.0, &m);
    assert_int_equal(m.count, 0);
    fl_collide_polygons(&a, &b, 0.5, &m);
    assert_int_equal(m.count, 2);
    ASSERT_NEAR(m.points[0].separation, 0.3, 1e-12);
    /* Rotated by 30 degrees and far apart sideways: none. */
    b = box_poly(fl_v2(5, 0), 1, 1, FL_PI / 6, vb, nb);
    fl_collide_polygons(&a, &b, 0.5, &m);
    assert_int_equal(m.count, 0);
}

/* A wall 1 m wide standing on the floor: its foot (edge 2, facing +y, down)
 * lies on the floor's top, so it is no surface. A small box at the seam,
 * 0.05 into the wall's foot and 0.15 into its side, is pushed out by the
 * side, not down into the floor; a box beyond the foot (under a floor
 * thinner than the margin) is no contact of the wall's at all. */
static void test_wall_foot_is_no_surface(void **s)
{
    (void)s;
    fl_vec2 vw[4], nw[4], vb[4], nb[4];
    fl_poly wall = box_poly(fl_v2(2.5, 7.5), 0.5, 2.5, 0, vw, nw);
    fl_poly box = box_poly(fl_v2(2.05, 10.05), 0.1, 0.1, 0, vb, nb);
    fl_manifold m;
    fl_collide_polygons(&wall, &box, 0.0, &m); /* every edge a surface */
    assert_int_equal(m.count, 2);
    ASSERT_NEAR(m.normal.y, 1.0, 1e-15);
    collide_parts(&wall, 4u, &box, 0, 0.0, &m);
    assert_int_equal(m.count, 2);
    ASSERT_NEAR(m.normal.x, -1.0, 1e-15);
    for (int i = 0; i < m.count; i++)
        ASSERT_NEAR(m.points[i].separation, -0.15, 1e-12);
    /* Seen from the box's side too: its top faces the covered foot. */
    collide_parts(&box, 0, &wall, 4u, 0.0, &m);
    assert_int_equal(m.count, 2);
    ASSERT_NEAR(m.normal.x, 1.0, 1e-15);
    /* 2 cm under the foot, within a margin of 5 cm: no contact. */
    box = box_poly(fl_v2(2.05, 10.12), 0.1, 0.1, 0, vb, nb);
    fl_collide_polygons(&wall, &box, 0.05, &m);
    assert_int_equal(m.count, 2);
    collide_parts(&wall, 4u, &box, 0, 0.05, &m);
    assert_int_equal(m.count, 0);
}

/* The same seam in a world: a wall standing on the floor, a small box
 * caught in the corner 0.15 m into both. The wall's foot pushed it down
 * and the floor up, and it stayed in the wall; now it comes out and rests
 * on the floor beside the wall (its centre 0.1 m from each face, to the
 * allowed overlap). */
static void test_box_in_a_corner_comes_out(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    add_box(w, fl_v2(2.5, 7.5), slab(1, 5));
    fl_body_id b = add_box(w, fl_v2(2.05, 10.05), crate(0.2));
    steps(w, 2.0);
    ASSERT_NEAR(fl_body_position(b).x, 1.9, 0.01);
    ASSERT_NEAR(fl_body_position(b).y, 9.9, 0.01);
    fl_world_destroy(w);
}

/* The wall's covered edges, as the narrow phase reads them. */
static uint64_t wall_cover(const fl_world *w, fl_body_id wall)
{
    for (int k = 0; k < w->proxy_count; k++)
        if (w->bodies[w->proxies[k].body] == body_find(wall))
            return cover_edges(w, &w->proxies[k]);
    fail_msg("no proxy of the wall");
    return 0;
}

/* The covered edges follow the unmovable bodies: found when they come,
 * again when one is moved or removed. */
static void test_cover_follows_the_statics(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id wall = add_box(w, fl_v2(2.5, 7.5), slab(1, 5));
    fl_world_step(w, DT);
    assert_int_equal(wall_cover(w, wall), 0);
    fl_body_id floor = add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_world_step(w, DT);
    assert_int_equal(wall_cover(w, wall), 4); /* its foot */
    fl_body_set_transform(wall, fl_v2(2.5, 7.4), 0.0);
    fl_world_step(w, DT);
    assert_int_equal(wall_cover(w, wall), 0);
    fl_body_set_transform(wall, fl_v2(2.5, 7.5), 0.0);
    fl_world_step(w, DT);
    assert_int_equal(wall_cover(w, wall), 4);
    fl_world_remove_body(w, floor);
    fl_world_step(w, DT);
    assert_int_equal(wall_cover(w, wall), 0);
    fl_world_destroy(w);
}

/* Tiles 0.1 m wide laid side by side, their neighbours' sides meeting to
 * within rounding (3.5499999999999998 against 3.5500000000000003): every
 * shared side is covered, none of the ends. */
static void test_tiles_cover_every_seam(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    enum { TILES = 40 };
    fl_body_id tile[TILES];
    for (int k = 0; k < TILES; k++)
        tile[k] = add_box(w, fl_v2(0.3 + 0.1 * k, 10), slab(0.1, 1));
    fl_world_step(w, DT);
    for (int k = 0; k < TILES; k++) /* edge 1 faces +x, edge 3 -x */
        assert_int_equal(wall_cover(w, tile[k]), (k < TILES - 1 ? 2u : 0u) | (k > 0 ? 8u : 0u));
    fl_world_destroy(w);
}

/* A sensor, or a static box the crate does not collide with, lying
 * against a wall's face leaves that face a surface: a crate thrown at the
 * wall at 10 and 60 m/s stops at it (it went through). */
static void test_wall_behind_a_sensor_still_stops(void **s)
{
    (void)s;
    for (int kind = 0; kind < 2; kind++)
        for (int fast = 0; fast < 2; fast++) {
            fl_world *w = world_with(fl_v2(0, 0));
            add_box(w, fl_v2(5.5, 5), slab(1, 10)); /* the wall, x from 5 to 6 */
            const fl_vec2 p[4] = {{-0.75, -6}, {0.75, -6}, {0.75, 6}, {-0.75, 6}};
            fl_body_def d = fl_body_def_default();
            d.points = p;
            d.point_count = 4;
            d.origin = fl_v2(4.75, 5); /* x from 4 to 5.5: over the wall's face */
            d.is_static = true;
            d.sensor = kind == 0;
            d.category = kind == 0 ? 1u : 2u;
            d.mask = kind == 0 ? ~0u : 2u;
            assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_OK);
            fl_body_id b = add_box(w, fl_v2(2, 5), crate(0.5));
            fl_body_set_velocity(b, fl_v2(fast ? 60 : 10, 0));
            steps(w, 2.0);
            assert_true(fl_body_position(b).x < 4.75 + 0.01);
            fl_world_destroy(w);
        }
}

/* A frictionless wedge sliding along the floor at 23 m/s into a wall
 * 16 cm thick that stands on it, from starting points 3.7 cm apart: it
 * never passes (a speculative contact of its own sloping face, turned
 * against the wall's foot, was dropped and it went through). */
static void test_wedge_does_not_pass_a_wall_at_its_foot(void **s)
{
    (void)s;
    const double thick = 0.16;
    for (double x0 = 2.5; x0 < 3.5; x0 += 0.0371) {
        fl_world *w = world_with(fl_v2(0, G));
        add_box(w, fl_v2(0, 10.5), slab(20, 1));
        add_box(w, fl_v2(2 - thick / 2, 7.5), slab(thick, 5));
        const fl_vec2 p[3] = {{0, 0}, {0.4, 0}, {0.4, -0.25}};
        fl_body_def d = fl_body_def_default();
        d.points = p;
        d.point_count = 3;
        d.density = 500;
        d.friction = 0.0;
        d.origin = fl_v2(x0, 10.0);
        fl_body_id b = FL_NULL_BODY;
        assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
        steps(w, 0.5);
        fl_body_set_velocity(b, fl_v2(-22.78125, 0));
        steps(w, 2.0);
        if (!(fl_body_position(b).x > 2.0))
            fail_msg("from x = %g the wedge passed the wall, to x = %g", x0,
                     fl_body_position(b).x);
        fl_world_destroy(w);
    }
}

/* ---- resting, stacking ------------------------------------------------- */

static void test_box_rests_on_floor(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id b = add_box(w, fl_v2(0, 9.5), crate(1));
    double y0 = fl_body_position(b).y;
    steps(w, 10.0);
    ASSERT_NEAR(fl_body_position(b).y, y0, 1e-3);
    ASSERT_NEAR(fl_body_position(b).x, 0.0, 1e-3);
    ASSERT_NEAR(fl_body_spin(b), 0.0, 1e-3);
    fl_world_destroy(w);
}

static void test_stack_of_ten_stands(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id top = FL_NULL_BODY;
    for (int i = 0; i < 10; i++)
        top = add_box(w, fl_v2(0, 9.5 - i), crate(1));
    fl_vec2 start = fl_body_position(top);
    steps(w, 20.0);
    ASSERT_NEAR(fl_length(fl_sub(fl_body_position(top), start)), 0.0, 0.01);
    ASSERT_NEAR(fl_body_angle(top), 0.0, 1e-3);
    fl_world_destroy(w);
}

/* ---- restitution --------------------------------------------------------- */

/* Dropped from h onto a static floor, a body of restitution e leaves with e
 * times its impact speed and climbs e^2 h. The discrete fall and the
 * speculative stop put the impact within one step's travel (g dt^2 ~ 3 mm
 * of 2 m) of the exact one: 5% is wide of that. */
static void test_restitution_rebound(void **s)
{
    (void)s;
    const double e = 0.6, h = 2.0;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    box_spec ball = crate(0.4);
    ball.restitution = e;
    fl_body_id b = add_box(w, fl_v2(0, 10.0 - 0.2 - h), ball);
    double rest_y = 10.0 - 0.2;
    bool bounced = false;
    double highest = INFINITY;
    for (int i = 0; i < 600; i++) {
        fl_world_step(w, DT);
        if (!bounced && fl_body_velocity(b).y < 0)
            bounced = true;
        if (bounced) {
            highest = fmin(highest, fl_body_position(b).y);
            if (fl_body_velocity(b).y > 0)
                break; /* at the top of the first rebound */
        }
    }
    assert_true(bounced);
    print_message("rebound to %.4f m of the %.4f e^2 h says\n", rest_y - highest, e * e * h);
    ASSERT_REL(rest_y - highest, e * e * h, 0.05);
    fl_world_destroy(w);
}

/* ---- friction on a slope ----------------------------------------------- */

/* A box on a plane tilted by a: held when tan a < mu; otherwise it slides
 * with a = g (sin a - mu cos a) along the slope. */
static double slide(double angle, double mu, double seconds, fl_vec2 *moved)
{
    fl_world *w = world_with(fl_v2(0, G));
    box_spec floor = slab(40, 1);
    floor.angle = angle;
    floor.friction = mu;
    add_box(w, fl_v2(0, 0), floor);
    box_spec bx = crate(0.5);
    bx.angle = angle;
    bx.friction = mu;
    /* On the plane: half of each thickness along the plane's normal. */
    fl_vec2 up = fl_rotate(fl_rot_from(angle), fl_v2(0, -1));
    fl_body_id b = add_box(w, fl_scale(up, 0.5 + 0.25), bx);
    steps(w, 0.5); /* settle onto the plane */
    fl_vec2 p0 = fl_body_position(b), v0 = fl_body_velocity(b);
    steps(w, seconds);
    fl_vec2 along = fl_rotate(fl_rot_from(angle), fl_v2(1, 0));
    *moved = fl_sub(fl_body_position(b), p0);
    double accel = fl_dot(fl_sub(fl_body_velocity(b), v0), along) / seconds;
    fl_world_destroy(w);
    return accel;
}

static void test_friction_holds_below_limit(void **s)
{
    (void)s;
    fl_vec2 moved;
    double a = 20.0 * FL_PI / 180.0; /* tan 20 deg = 0.364 < 0.5 */
    slide(a, 0.5, 5.0, &moved);
    ASSERT_NEAR(fl_length(moved), 0.0, 1e-3);
}

static void test_friction_slides_above_limit(void **s)
{
    (void)s;
    fl_vec2 moved;
    double a = 35.0 * FL_PI / 180.0, mu = 0.3; /* tan 35 deg = 0.70 > 0.3 */
    double accel = slide(a, mu, 1.5, &moved);
    /* The slope slants down to the right (a turns +x towards +y). */
    ASSERT_REL(accel, G * (sin(a) - mu * cos(a)), 0.02);
}

/* ---- momentum ------------------------------------------------------------ */

static void test_collision_conserves_momentum(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, 0));
    box_spec big = crate(1.0), small = crate(0.5);
    big.angle = 0.3;
    small.density = 800;
    small.restitution = 0.5;
    fl_body_id a = add_box(w, fl_v2(0, 0), big);
    fl_body_id b = add_box(w, fl_v2(3, 0.2), small);
    body_twist(a.world, body_find(a))->v = fl_v2(4, 0.5);
    body_twist(b.world, body_find(b))->v = fl_v2(-3, 0);
    body_twist(a.world, body_find(a))->w = 1.0;
    fl_vec2 p0 = fl_add(fl_scale(fl_body_velocity(a), fl_body_mass(a)), fl_scale(fl_body_velocity(b), fl_body_mass(b)));
    double vb0 = fl_body_velocity(b).x;
    steps(w, 2.0);
    assert_true(fl_body_velocity(b).x != vb0); /* they did collide */
    fl_vec2 p1 = fl_add(fl_scale(fl_body_velocity(a), fl_body_mass(a)), fl_scale(fl_body_velocity(b), fl_body_mass(b)));
    double scale = fl_length(p0);
    ASSERT_NEAR(p1.x, p0.x, 1e-9 * scale);
    ASSERT_NEAR(p1.y, p0.y, 1e-9 * scale);
    fl_world_destroy(w);
}

/* ---- concave bodies ----------------------------------------------------- */

static void test_concave_parts_sum_to_whole(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    const fl_vec2 u[8] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
    const double density = 2.0;
    fl_body_id b = add_polygon(w, u, 8, fl_v2(0, 0), 0.0, density);
    assert_true(fl_body_part_count(b) >= 3);
    double area = 0, inertia = 0;
    fl_vec2 moment = {0, 0};
    for (int k = 0; k < fl_body_part_count(b); k++) {
        int first = body_find(b)->part_start[k], n = body_find(b)->part_start[k + 1] - first;
        assert_true(fl_polygon_is_convex(body_find(b)->part_verts + first, n));
        fl_mass_props mp = fl_polygon_mass_props(body_find(b)->part_verts + first, n);
        area += mp.area;
        moment = fl_add(moment, fl_scale(mp.centroid, mp.area));
        inertia += mp.inertia + mp.area * fl_dot(mp.centroid, mp.centroid);
    }
    /* Parts are about the centre of mass: their first moments cancel. */
    ASSERT_NEAR(area * density, fl_body_mass(b), 1e-12 * fl_body_mass(b));
    ASSERT_NEAR(moment.x, 0.0, 1e-12);
    ASSERT_NEAR(moment.y, 0.0, 1e-12);
    ASSERT_NEAR(inertia * density, fl_body_inertia(b), 1e-12 * fl_body_inertia(b));
    /* The pieces are stored apart from the outline; a convex body is its
     * own single part and shares its outline's vertices. */
    assert_ptr_not_equal(body_find(b)->part_verts, fl_body_outline(b, NULL));
    fl_body_id box = add_box(w, fl_v2(10, 0), crate(1));
    assert_int_equal(fl_body_part_count(box), 1);
    assert_ptr_equal(body_find(box)->part_verts, fl_body_outline(box, NULL));
    for (int i = 0; i < 4; i++) {
        fl_vec2 e = fl_sub(fl_body_outline(box, NULL)[(i + 1) % 4], fl_body_outline(box, NULL)[i]);
        fl_vec2 n = body_find(box)->part_normals[i], mid = fl_scale(fl_add(fl_body_outline(box, NULL)[i], fl_body_outline(box, NULL)[(i + 1) % 4]), 0.5);
        ASSERT_NEAR(fl_dot(n, e), 0.0, 1e-15);
        ASSERT_NEAR(fl_length(n), 1.0, 1e-15);
        assert_true(fl_dot(n, mid) > 0.0); /* outward: away from the centre of mass */
    }
    fl_world_destroy(w);
}

/* A U cup (opening up) lands on a floor and a small box dropped into it
 * stays inside, between its walls: the concave hollow really is hollow. */
static void test_concave_cup_holds_a_box(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    const fl_vec2 cup[8] = {{-1.5, -1}, {-1, -1}, {-1, 0.5}, {1, 0.5}, {1, -1}, {1.5, -1}, {1.5, 1}, {-1.5, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = cup;
    d.point_count = 8;
    d.density = 500;
    d.origin = fl_v2(0, 9.0);
    assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_OK);
    fl_body_id b = add_box(w, fl_v2(0.0, 7.0), crate(0.5));
    steps(w, 4.0);
    /* The cup's inner floor is at y = 9.5 (its bottom at 10): the box rests
     * on it, centred between the walls at x = -1 and 1. */
    ASSERT_NEAR(fl_body_position(b).y, 9.5 - 0.25, 2e-3);
    assert_true(fabs(fl_body_position(b).x) < 0.75);
    fl_world_destroy(w);
}

/* ---- tunnelling ------------------------------------------------------------ */

static void test_fast_box_does_not_tunnel(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, 0));
    add_box(w, fl_v2(0, 10.25), slab(10, 0.5));
    fl_body_id b = add_box(w, fl_v2(0, 5), crate(0.2));
    body_twist(b.world, body_find(b))->v = fl_v2(0, 20);
    steps(w, 1.0);
    /* It stopped on the floor's top face (y = 10) instead of passing. */
    assert_true(fl_body_position(b).y < 10.0);
    ASSERT_NEAR(fl_body_position(b).y, 10.0 - 0.1, 2e-3);
    fl_world_destroy(w);
}

/* ---- ropes and the mouse ------------------------------------------------ */

/* A bob on a rigid rope of length L tied to the world at its centre of
 * mass: a simple pendulum, period 2 pi sqrt(L / g) for small swings (the
 * 0.1 rad amplitude lengthens it by theta^2 / 16 = 0.06%). */
static void test_rope_pendulum(void **s)
{
    (void)s;
    const double L = 2.0, theta = 0.1;
    fl_world *w = world_with(fl_v2(0, G));
    fl_vec2 pivot = {0, 0};
    fl_body_id bob = add_box(w, fl_v2(L * sin(theta), L * cos(theta)), crate(0.1));
    fl_rope_def r = {bob, FL_NULL_BODY, {0, 0}, pivot, L, 0, 0};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    double worst = 0.0, last_cross = -1.0, period = 0.0;
    int crossings = 0;
    double prev_x = fl_body_position(bob).x;
    for (int i = 1; i <= 20 * 60; i++) {
        fl_world_step(w, DT);
        worst = fmax(worst, fabs(fl_length(fl_sub(fl_body_position(bob), pivot)) - L));
        double x = fl_body_position(bob).x;
        if (prev_x > 0 && x <= 0) { /* moving left through the bottom */
            double t = (i - 1 + prev_x / (prev_x - x)) * DT;
            if (last_cross >= 0) {
                period += t - last_cross;
                crossings++;
            }
            last_cross = t;
        }
        prev_x = x;
    }
    assert_true(crossings >= 5);
    ASSERT_NEAR(worst, 0.0, 0.01 * L);
    ASSERT_REL(period / crossings, 2 * FL_PI * sqrt(L / G), 0.02);
    fl_world_destroy(w);
}

/* A rigid rope holds its length at rest: a bob let go 5 cm beyond its
 * rope's length is pulled back to L within 1e-4 m (it stayed 5 mm beyond,
 * the contact slop, when ropes shared it); and a buoy moored to the floor
 * under water, its rope 0.5 m too short at the start, sits at the rope's
 * length above the anchor (it sat 5 mm high), the rope taking buoyancy
 * minus weight. */
static void test_rigid_rope_holds_its_length(void **s)
{
    (void)s;
    const double L = 1.5;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id bob = add_box(w, fl_v2(0.3, L + 0.05), crate(0.2));
    fl_rope_def r = {bob, FL_NULL_BODY, {0, 0}, {0.3, 0}, L, 0, 0};
    fl_joint_id held;
    assert_int_equal(fl_world_add_rope(w, &r, &held, NULL), FL_OK);
    assert_true(fl_joint_tension(held) == 0.0); /* before its first step */
    steps(w, 10.0);
    ASSERT_NEAR(fl_body_position(bob).y, L, 1e-4);
    ASSERT_NEAR(fl_body_position(bob).x, 0.3, 1e-4);
    /* Hanging still, in air: the rope pulls the bob's weight. */
    ASSERT_REL(fl_joint_tension(held), fl_body_mass(bob) * G, 1e-6);
    fl_world_destroy(w);

    w = world_with(fl_v2(0, G));
    fl_buoyancy *water = add_water(w, -20, 20, 0.0, 10.0);
    fl_body_id buoy = add_box(w, fl_v2(0, 7.0), (box_spec){1, 1, 0, 300, 0.4, 0, false});
    fl_rope_def m = {buoy, FL_NULL_BODY, {0, 0.5}, {0, 10.0}, 2.0, 0, 0};
    fl_joint_id rope;
    assert_int_equal(fl_world_add_rope(w, &m, &rope, NULL), FL_OK);
    steps(w, 30.0);
    /* Wholly under water (its top at 7.5 - 1 = 7.5 m deep): the rope's end
     * on it, 0.5 m below its centre, is 2 m above the anchor. */
    ASSERT_NEAR(fl_body_position(buoy).y + 0.5, 10.0 - 2.0, 1e-4);
    /* Tension = buoyancy - weight = (1000 - 300) g per m^2 of the 1 m^2 box:
     * the rope's impulse over a substep (the step, without substeps), the
     * damped buoy answering it as it answers its lift and weight. */
    ASSERT_REL(joint_find(rope)->impulse / (DT / substeps), (1000.0 - 300.0) * G, 1e-6);
    ASSERT_REL(fl_joint_tension(rope), (1000.0 - 300.0) * G, 1e-6);
    fl_buoyancy_destroy(water);
    fl_world_destroy(w);

    /* A block of density 2500 (1 m^2) hung from above into the water, half
     * of it under: the rope pulls its apparent weight, its weight less the
     * buoyancy of the half submerged, (2500 - 1000 / 2) g. */
    w = world_with(fl_v2(0, G));
    water = add_water(w, -20, 20, 5.0, 10.0);
    fl_body_id block = add_box(w, fl_v2(0, 5.0), (box_spec){1, 1, 0, 2500, 0.4, 0, false});
    fl_rope_def hang = {block, FL_NULL_BODY, {0, -0.5}, {0, 2.0}, 2.5, 0, 0};
    assert_int_equal(fl_world_add_rope(w, &hang, &rope, NULL), FL_OK);
    steps(w, 30.0);
    ASSERT_NEAR(fl_body_position(block).y, 5.0, 1e-4);
    ASSERT_REL(fl_joint_tension(rope), (2500.0 - 500.0) * G, 1e-6);
    fl_buoyancy_destroy(water);
    fl_world_destroy(w);
}

/* A stiff elastic rope (1e5 N/m) between two light floats (0.4 m boxes of
 * density 100, let go at their draft), its anchor far off one of them
 * (10 m and 100 m) and stretched 0.1 m: the only energy put in is the
 * rope's, k s^2 / 2 (gravity and buoyancy start at their minimum; drag
 * only takes away), so neither body may ever move faster than
 * sqrt(k s^2 / m), at 60 Hz and at 3 Hz. */
static void stiff_rope_case(double rate, double offset)
{
    const double k = 1e5, stretch = 0.1, q = 0.1, h = 0.4;
    fl_world *w = world_with(fl_v2(0, G));
    fl_buoyancy *water = add_water(w, -1000, 1000, 8.0, 50.0);
    box_spec float_box = {h, h, 0, q * 1000.0, 0.4, 0, false};
    double y = 8.0 - h / 2 + q * h; /* at its draft */
    fl_body_id a = add_box(w, fl_v2(0, y), float_box), b = add_box(w, fl_v2(1, y), float_box);
    fl_rope_def r = {a, b, {offset, 0}, {0, 0}, offset - 1.0 - stretch, k, 0};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    double bound = sqrt(k * stretch * stretch / fl_body_mass(a)), fastest = 0.0;
    for (int i = 0; i < (int)(20 * rate); i++) {
        fl_world_step(w, 1.0 / rate);
        fastest = fmax(fastest, fmax(fl_length(fl_body_velocity(a)), fl_length(fl_body_velocity(b))));
    }
    if (!(fastest <= bound))
        fail_msg("rate %g, offset %g: %g m/s, more than the rope's energy allows (%g)", rate,
                 offset, fastest, bound);
    fl_buoyancy_destroy(water);
    fl_world_destroy(w);
}

static void test_stiff_rope_stays_bounded(void **s)
{
    (void)s;
    stiff_rope_case(60.0, 10.0);
    stiff_rope_case(60.0, 100.0);
    stiff_rope_case(3.0, 5.0);
}

/* Two logs (12-gons of radius 0.4 m) falling freely, joined by an elastic
 * rope whose anchor sits `lever` metres off the first log's centre, in its
 * frame, so that the rope starts stretched by about that much. Gravity is
 * uniform, so the energy of their motion relative to their common centre
 * of mass (spins included) plus the rope's k s^2 / 2 is conserved: nothing
 * else acts. The step cannot resolve the log swinging on such a lever (a
 * pendulum of 300 rad/s at 100 m), and it spun the log up to 1.5e4 rad/s
 * within a minute; the rope's energy account (engine/rope_account.c)
 * allows a rope to give its ends at most 1 / 0.9 of the largest energy it
 * and their relative motion ever held (and of a millimetre's stretch). Held over a minute at 30, 60 and
 * 240 Hz, for levers of 10 to 1000 m, stiffnesses 2e4 and 2e6 N/m and a
 * mass ratio of 1 (550 and 600 kg/m^2) and 100. */
static double pair_energy(fl_body_id a, fl_body_id b, fl_joint_id j, double k, double length)
{
    double ma = fl_body_mass(a), mb = fl_body_mass(b);
    fl_vec2 va = fl_body_velocity(a), vb = fl_body_velocity(b);
    fl_vec2 dv = fl_sub(va, vb);
    double spins = 0.5 * fl_body_inertia(a) * fl_body_spin(a) * fl_body_spin(a) +
                   0.5 * fl_body_inertia(b) * fl_body_spin(b) * fl_body_spin(b);
    double stretch = fmax(fl_length(fl_sub(fl_joint_world_b(j), fl_joint_world_a(j))) - length, 0.0);
    return 0.5 * ma * mb / (ma + mb) * fl_dot(dv, dv) + spins + 0.5 * k * stretch * stretch;
}

static void lever_rope_case(double rate, double lever, double k, double density_b)
{
    fl_vec2 log[12];
    for (int i = 0; i < 12; i++)
        log[i] = fl_v2(0.4 * cos(i * FL_PI / 6.0), 0.4 * sin(i * FL_PI / 6.0));
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id a = add_polygon(w, log, 12, fl_v2(7.0, 7.2), 0.0, 550.0);
    fl_body_id b = add_polygon(w, log, 12, fl_v2(7.85, 7.2), 0.0, density_b);
    fl_rope_def r = {a, b, {lever, 0.35}, {0, 0}, 0.85, k, 0};
    fl_joint_id j = FL_NULL_JOINT;
    assert_int_equal(fl_world_add_rope(w, &r, &j, NULL), FL_OK);
    double start = pair_energy(a, b, j, k, 0.85), most = start;
    for (int i = 0; i < (int)(60 * rate); i++) {
        fl_world_step(w, 1.0 / rate);
        most = fmax(most, pair_energy(a, b, j, k, 0.85));
    }
    print_message("lever %g m, k %g, %g Hz, mass ratio %g: the most %.4f of the start\n", lever, k,
                  rate, density_b / 550.0, most / start);
    double allowed = (start + 0.5 * k * 1e-6) / 0.9; /* and a millimetre's stretch */
    if (!(most <= allowed * (1.0 + 1e-12)))
        fail_msg("the rope gave %.9g J of %.9g J (%.3g J over)", most, start, most - allowed);
    fl_world_destroy(w);
}

static void test_lever_rope_makes_no_energy(void **s)
{
    (void)s;
    lever_rope_case(60.0, 100.0, 20000.0, 600.0); /* the log of the report */
    lever_rope_case(30.0, 100.0, 20000.0, 600.0);
    lever_rope_case(240.0, 100.0, 20000.0, 600.0);
    lever_rope_case(60.0, 10.0, 20000.0, 600.0);
    lever_rope_case(60.0, 1000.0, 20000.0, 600.0);
    lever_rope_case(60.0, 100.0, 2e6, 600.0);
    lever_rope_case(60.0, 100.0, 20000.0, 55000.0);
}

/* An elastic rope hangs a mass m at L + m g / k. */
static void test_elastic_rope_stretch(void **s)
{
    (void)s;
    const double L = 1.0, k = 2000.0;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id bob = add_box(w, fl_v2(0, L), crate(0.2)); /* 20 kg */
    fl_rope_def r = {bob, FL_NULL_BODY, {0, 0}, {0, 0}, L, k, 200.0};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    steps(w, 10.0);
    ASSERT_REL(fl_body_position(bob).y, L + fl_body_mass(bob) * G / k, 1e-6);
    fl_world_destroy(w);
}

/* An elastic rope bounces as a spring: a box 1 x 0.5 m of 250 kg hanging
 * from the world on a rope of stiffness 20000 N/m (omega = 8.94 /s), let
 * go 5 cm below its rest so that the rope stays taut. Without damping it
 * keeps its bounce (every peak over 20 s within 1e-3 of the first; the
 * average-acceleration rule damps nothing, where backward Euler gave a
 * damping ratio of 0.074 at 60 Hz and the bounce was gone in 2 s); with
 * damping c its amplitude decays at zeta omega, zeta = c / (2 sqrt(k m)),
 * within 2 % for zeta = 0.05 and 0.2 (measured 0.6 %: the step's (omega
 * dt)^2 / 4 and the peaks' parabolas). */
static double rope_bounce(double zeta, double *first, double *last)
{
    const double k = 20000.0, m = 250.0, a0 = 0.05;
    fl_world *w = world_with(fl_v2(0, G));
    double rest = 2.0 + 0.25 + m * G / k;
    fl_body_id b = add_box(w, fl_v2(0, rest + a0), (box_spec){1.0, 0.5, 0, 500, 0.4, 0, false});
    fl_rope_def r = {b, FL_NULL_BODY, {0, -0.25}, {0, 0}, 2.0, k, 2.0 * zeta * sqrt(k * m)};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    double y[3] = {a0, a0, a0}, t_first = 0.0, t_last = 0.0;
    int peaks = 0;
    *first = *last = 0.0;
    for (int i = 1; i <= 20 * 60; i++) {
        fl_world_step(w, DT);
        y[0] = y[1];
        y[1] = y[2];
        y[2] = fl_body_position(b).y - rest;
        if (i >= 3 && y[1] > y[0] && y[1] >= y[2] && y[1] > 1e-9) {
            double curve = y[0] - 2.0 * y[1] + y[2];
            double at = (i - 1 + (y[0] - y[2]) / (2.0 * curve)) * DT;
            double top = y[1] - (y[2] - y[0]) * (y[2] - y[0]) / (8.0 * curve);
            if (peaks++ == 0) {
                *first = top;
                t_first = at;
            }
            if (zeta == 0.0 && fabs(top / *first - 1.0) > 1e-3)
                fail_msg("a peak of %g m at %g s, the first %g m", top, at, *first);
            *last = top;
            t_last = at;
        }
    }
    fl_world_destroy(w);
    assert_true(peaks >= 3);
    return -log(*last / *first) / (t_last - t_first);
}

static void test_elastic_rope_keeps_its_bounce(void **s)
{
    (void)s;
    double first, last, omega = sqrt(20000.0 / 250.0);
    rope_bounce(0.0, &first, &last);
    assert_true(last >= 0.99 * first);
    const double zetas[] = {0.05, 0.2};
    for (int i = 0; i < 2; i++) {
        double rate = rope_bounce(zetas[i], &first, &last);
        print_message("zeta %g: the bounce decays at %.5f zeta omega\n", zetas[i],
                      rate / (zetas[i] * omega));
        ASSERT_REL(rate, zetas[i] * omega, 0.02);
    }
}

/* A cord that goes slack: the same box let go 0.25 m below its rest (the
 * rope's stretch at rest is 0.123 m), so that the rope hangs slack for
 * part of each bounce and catches the box again on its way down. The
 * catching step takes the spring only for the part of the step it is taut
 * (catch_row, engine/joint_solver.c), which makes no energy: no later
 * bounce is higher than the first (by more than the g dt^2 / 8 a top can
 * fall between two steps' samples), and over 20 s the box keeps 0.9 of its
 * swing (measured 0.92 at 60 Hz, 0.998 in 5 substeps; backward Euler over
 * the whole catching step kept 0.81). What it still loses is the release,
 * the step in which the rope goes slack. */
static void test_slack_cord_keeps_its_bounce(void **s)
{
    (void)s;
    const double k = 20000.0, m = 250.0;
    fl_world *w = world_with(fl_v2(0, G));
    double rest = 2.0 + 0.25 + m * G / k;
    fl_body_id b = add_box(w, fl_v2(0, rest + 0.25), (box_spec){1.0, 0.5, 0, 500, 0.4, 0, false});
    fl_rope_def r = {b, FL_NULL_BODY, {0, -0.25}, {0, 0}, 2.0, k, 0.0};
    assert_int_equal(fl_world_add_rope(w, &r, NULL, NULL), FL_OK);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int i = 1; i <= 20 * 60; i++) {
        fl_world_step(w, DT);
        double y = fl_body_position(b).y;
        int part = i <= 2 * 60 ? 0 : i > 18 * 60 ? 1 : -1;
        if (part >= 0) {
            lo[part] = fmin(lo[part], y);
            hi[part] = fmax(hi[part], y);
        }
        if (i > 2 * 60 && y < lo[0] - G * DT * DT / 8.0)
            fail_msg("at %g s the box rose to %g, above its first top %g", i * DT, y, lo[0]);
    }
    double kept = (hi[1] - lo[1]) / (hi[0] - lo[0]);
    print_message("a slack cord keeps %.4f of its swing over 20 s\n", kept);
    assert_true(kept >= 0.9);
    fl_world_destroy(w);
}

static void test_mouse_spring_reaches_target(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id b = add_box(w, fl_v2(0, 0), crate(1));
    fl_mouse_def m = {b, {0, 0}, {3, -2}, 5.0, 0.7, 0};
    fl_joint_id j = FL_NULL_JOINT;
    assert_int_equal(fl_world_add_mouse(w, &m, &j, NULL), FL_OK);
    steps(w, 3.0);
    /* A 5 Hz spring against gravity sags by g / omega^2 = 1 cm. */
    double sag = G / pow(2 * FL_PI * 5.0, 2);
    fl_vec2 grip = fl_joint_world_a(j);
    ASSERT_NEAR(grip.x, 3.0, 1e-3);
    ASSERT_NEAR(grip.y, -2.0 + sag, 1e-3);
    fl_mouse_set_target(j, fl_v2(-1, 1));
    steps(w, 3.0);
    grip = fl_joint_world_a(j);
    ASSERT_NEAR(grip.x, -1.0, 1e-3);
    ASSERT_NEAR(grip.y, 1.0 + sag, 1e-3);
    fl_world_remove_joint(w, j);
    assert_int_equal(fl_world_joint_count(w), 0);
    fl_world_destroy(w);
}

/* ---- filtering, sensors, events ------------------------------------------ */

/* Contact i of the last step, as the world reports it. */
static fl_contact_data contact_at(const fl_world *w, int i)
{
    fl_contact_data d;
    assert_true(fl_world_contact(w, i, &d));
    return d;
}

typedef struct tally {
    int start, active, end;
    double depth;
    fl_vec2 normal;
    fl_body_id a, b;
    fl_world *w;
    fl_body_id remove_on_start;
} tally;

static void count_event(const fl_event *e, void *user)
{
    tally *t = user;
    for (int i = 0; i < e->pair_count; i++) {
        const fl_contact_data *c = &e->pairs[i];
        if (e->type == FL_EVENT_COLLISION_START) {
            t->start++;
            t->a = c->a;
            t->b = c->b;
            t->normal = c->normal;
            if (!fl_body_is_null(t->remove_on_start)) {
                fl_body *doomed = body_find(t->remove_on_start);
                fl_world_remove_body(e->world, t->remove_on_start);
                /* Its id goes stale at once; the body waits for the end
                 * of the step. */
                assert_false(fl_body_is_valid(t->remove_on_start));
                assert_int_equal(doomed->removed, true);
                t->remove_on_start = FL_NULL_BODY;
            }
        } else if (e->type == FL_EVENT_COLLISION_ACTIVE) {
            t->active++;
            t->depth = fmax(t->depth, fl_contact_depth(c));
        } else {
            t->end++;
        }
    }
}

static void listen(fl_world *w, tally *t)
{
    for (int e = FL_EVENT_COLLISION_START; e <= FL_EVENT_COLLISION_END; e++)
        assert_int_equal(fl_world_on(w, e, count_event, t), FL_OK);
}

static void test_events_start_active_end(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id floor = add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id b = add_box(w, fl_v2(0, 8.0), crate(1));
    tally t = {0};
    listen(w, &t);
    steps(w, 2.0);
    assert_int_equal(t.start, 1);
    assert_true(ID_EQ(t.a, floor));
    assert_true(ID_EQ(t.b, b));
    ASSERT_NEAR(t.normal.y, -1.0, 1e-12); /* from the floor up to the box */
    assert_true(t.active > 60);
    assert_int_equal(t.end, 0);
    ASSERT_NEAR(t.depth, 0.0, 1e-3);
    /* Lift it away: the pair ends once. */
    body_twist(b.world, body_find(b))->v = fl_v2(0, -10);
    steps(w, 0.2);
    assert_int_equal(t.end, 1);
    fl_world_destroy(w);
}

static void test_remove_inside_collision_event(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id b = add_box(w, fl_v2(0, 9.0), crate(1));
    tally t = {0};
    t.remove_on_start = b;
    listen(w, &t);
    int before = fl_world_body_count(w);
    steps(w, 1.0);
    assert_int_equal(t.start, 1);
    assert_int_equal(fl_world_body_count(w), before - 1);
    fl_world_destroy(w);
}

/* A removed body's contacts leave with it: between steps the world lists
 * none that name it, and no later collisionEnd hands it out (the hook
 * below reads both bodies of every pair it gets, which a sanitizer build
 * would catch if one had been freed). */
static void read_pairs(const fl_event *e, void *user)
{
    uint32_t *sum = user;
    for (int i = 0; i < e->pair_count; i++)
        *sum += fl_body_serial(e->pairs[i].a) + fl_body_serial(e->pairs[i].b);
}

static void remove_in_hook(const fl_event *e, void *user)
{
    fl_body_id *victim = user;
    if (!fl_body_is_null(*victim)) {
        fl_world_remove_body(e->world, *victim);
        *victim = FL_NULL_BODY;
    }
}

static void test_removed_body_leaves_no_contacts(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id a = add_box(w, fl_v2(-2, 9.5), crate(1));
    fl_body_id b = add_box(w, fl_v2(2, 9.5), crate(1));
    uint32_t sum = 0;
    assert_int_equal(fl_world_on(w, FL_EVENT_COLLISION_END, read_pairs, &sum), FL_OK);
    steps(w, 0.5);
    assert_int_equal(fl_world_contact_count(w), 2);
    /* Removed between steps. */
    fl_world_remove_body(w, a);
    assert_int_equal(fl_world_contact_count(w), 1);
    assert_true(ID_EQ(contact_at(w, 0).b, b));
    /* b moved down one place in the list, and its contact says so. */
    assert_int_equal(fl_body_index(b), 1);
    assert_int_equal(contact_at(w, 0).index_b, 1);
    assert_int_equal(contact_at(w, 0).index_a, 0);
    steps(w, 0.5);
    assert_int_equal(fl_world_contact_count(w), 1);
    /* Removed by a hook during a step. */
    fl_body_id victim = b;
    assert_int_equal(fl_world_on(w, FL_EVENT_COLLISION_ACTIVE, remove_in_hook, &victim), FL_OK);
    steps(w, DT);
    assert_true(ID_NULL(victim));
    assert_int_equal(fl_world_body_count(w), 1);
    assert_int_equal(fl_world_contact_count(w), 0);
    steps(w, 0.5);
    assert_int_equal(sum, 0); /* no pair ever ended: both left with their bodies */
    fl_world_destroy(w);
}

/* Contacts carry on across a removal that reorders the list: after X1
 * leaves (its contact goes, the others move up) and X2 and X3 swap places
 * (so the pairs come in the other order), both remaining contacts are
 * found again: collisionActive for each, no collisionStart. */
static void test_contacts_carry_on_after_removal(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    fl_body_id x1 = add_box(w, fl_v2(-4, 9.5), crate(1));
    fl_body_id x2 = add_box(w, fl_v2(0, 9.5), crate(1));
    fl_body_id x3 = add_box(w, fl_v2(4, 9.5), crate(1));
    steps(w, 0.5);
    assert_int_equal(fl_world_contact_count(w), 3);
    fl_world_remove_body(w, x1);
    fl_vec2 p2 = fl_body_position(x2), p3 = fl_body_position(x3);
    fl_body_set_transform(x2, p3, fl_body_angle(x2));
    fl_body_set_transform(x3, p2, fl_body_angle(x3));
    tally t = {0};
    listen(w, &t);
    steps(w, DT);
    assert_int_equal(fl_world_contact_count(w), 2);
    assert_true(ID_EQ(contact_at(w, 0).b, x3)); /* the order did turn round */
    assert_int_equal(t.start, 0);
    assert_int_equal(t.active, 2);
    assert_int_equal(t.end, 0);
    fl_world_destroy(w);
}

/* A removal can renumber the bodies without taking any contact with it (a
 * body touching nothing, first in the list): the contacts then carry on
 * under their bodies' new places. Here A is also lifted off the floor, so
 * that B's contact is no longer the one after the last match and has to
 * be looked up: it must still be found (collisionActive, no new start),
 * and only A's contact ends. */
static void test_contacts_carry_on_after_renumbering(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    fl_body_id far = add_box(w, fl_v2(500, -500), slab(1, 1));
    add_box(w, fl_v2(0, 10.5), slab(40, 1));
    fl_body_id a = add_box(w, fl_v2(-5, 9.5), crate(1));
    add_box(w, fl_v2(5, 9.5), crate(1));
    steps(w, 2.0);
    assert_int_equal(fl_world_contact_count(w), 2);
    fl_world_remove_body(w, far);
    fl_body_set_transform(a, fl_v2(-5, 0), 0.0);
    tally t = {0};
    listen(w, &t);
    steps(w, DT);
    assert_int_equal(fl_world_contact_count(w), 1);
    assert_int_equal(t.start, 0);
    assert_int_equal(t.active, 1);
    assert_int_equal(t.end, 1);
    fl_world_destroy(w);
}

/* Bodies coming and going while a mixed pile settles: L-shaped bodies
 * (several convex parts each) and boxes, one body taken from the middle of
 * the list and one dropped on top every half second. The world keeps its
 * parts and the solver's motions in the order of the last sweep and starts
 * again from the body list whenever the list changes; after every step
 * each contact must name its bodies by their present places and parts they
 * have, with finite impulses. The pile comes to rest on the floor, and the
 * same script run twice ends in the same state bit for bit. */
static fl_body_id add_ell(fl_world *w, fl_vec2 at, double angle)
{
    const fl_vec2 p[6] = {{0, 0}, {1.0, 0}, {1.0, 0.3}, {0.3, 0.3}, {0.3, 1.0}, {0, 1.0}};
    fl_body_id b = add_polygon(w, p, 6, at, angle, 400);
    assert_true(fl_body_part_count(b) >= 2);
    return b;
}

static fl_body_id add_box_at_rest(fl_world *w, fl_vec2 at, double angle)
{
    box_spec b = crate(0.8);
    b.angle = angle;
    return add_box(w, at, b);
}

static void check_contacts(const fl_world *w)
{
    for (int i = 0; i < fl_world_contact_count(w); i++) {
        fl_contact_data d = contact_at(w, i);
        const fl_contact_data *c = &d;
        assert_true(c->index_a >= 0 && c->index_a < c->index_b &&
                    c->index_b < fl_world_body_count(w));
        assert_true(ID_EQ(c->a, fl_world_body(w, c->index_a)));
        assert_true(ID_EQ(c->b, fl_world_body(w, c->index_b)));
        assert_true(c->part_a >= 0 && c->part_a < fl_body_part_count(c->a));
        assert_true(c->part_b >= 0 && c->part_b < fl_body_part_count(c->b));
        for (int k = 0; k < c->count; k++) {
            assert_true(isfinite(c->points[k].normal_impulse) && c->points[k].normal_impulse >= 0.0);
            assert_true(isfinite(c->points[k].tangent_impulse));
        }
    }
}

static void churn(double *out, int *n_out)
{
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(40, 1));
    for (int i = 0; i < 14; i++) {
        fl_vec2 at = fl_v2(-7.0 + 1.1 * i, 8.0 - 1.3 * (i % 2));
        if (i % 3 == 0)
            add_ell(w, at, 0.4 * i);
        else
            add_box(w, at, crate(0.5 + 0.1 * (i % 4)));
    }
    for (int step = 0; step < 600; step++) {
        int k = step / 30; /* a removal, an addition or both, in turn */
        if (step % 30 == 15 && step < 400 && k % 3 != 2)
            fl_world_remove_body(w, fl_world_body(w, 2 + step % 7));
        if (step % 30 == 15 && step < 400 && k % 3 != 1) {
            fl_vec2 at = fl_v2(-6.0 + 0.8 * k, 4.0);
            if (k % 2)
                add_ell(w, at, 0.3 * step);
            else
                add_box(w, at, crate(0.7));
        }
        fl_world_step(w, DT);
        check_contacts(w);
    }
    *n_out = fl_world_body_count(w);
    for (int i = 0; i < *n_out; i++) {
        fl_body_id b = fl_world_body(w, i);
        /* Above the floor's top (y = 10) and at rest. */
        assert_true(fl_body_is_static(b) || (fl_body_position(b).y < 10.0 && fl_length(fl_body_velocity(b)) < 0.05));
        out[3 * i] = fl_body_position(b).x;
        out[3 * i + 1] = fl_body_position(b).y;
        out[3 * i + 2] = fl_body_angle(b);
    }
    fl_world_destroy(w);
}

static void test_pile_with_bodies_coming_and_going(void **s)
{
    (void)s;
    double first[3 * 64], second[3 * 64];
    int n1, n2;
    churn(first, &n1);
    churn(second, &n2);
    assert_int_equal(n1, 15);
    assert_int_equal(n2, n1);
    assert_memory_equal(first, second, sizeof(double) * 3 * (size_t)n1);
}

/* The same coming and going in free fall, far apart: whatever the world's
 * list does, every body keeps its own velocity and gains exactly g dt a
 * step, g dt / 2 on its first (the force-free leapfrog adds that and
 * nothing else). */
static void test_bodies_coming_and_going_keep_their_motion(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    /* Laid out right to left, so that the sweep meets them in another
     * order than the list's. */
    for (int i = 0; i < 12; i++)
        add_box(w, fl_v2(-3.0 * i, 0.0), crate(1));
    fl_body_id live[64];
    uint32_t stepped[64]; /* ids (never reused) of the bodies the last step moved */
    double before[64];
    int stepped_count = 0;
    for (int step = 0; step < 120; step++) {
        int k = step / 5;
        if (step % 5 == 0 && k % 3 != 2)
            fl_world_remove_body(w, fl_world_body(w, (3 * k) % fl_world_body_count(w)));
        if (step % 5 == 0 && k % 3 != 1)
            (k % 2 ? add_ell : add_box_at_rest)(w, fl_v2(3.0 * (k % 4 ? -12 - k : k), -5.0), 0.0);
        int n = fl_world_body_count(w);
        assert_true(n <= 64);
        for (int i = 0; i < n; i++) {
            live[i] = fl_world_body(w, i);
            before[i] = fl_body_velocity(live[i]).y;
        }
        fl_world_step(w, DT);
        assert_int_equal(fl_world_contact_count(w), 0);
        for (int i = 0; i < n; i++) {
            bool first = true;
            for (int j = 0; j < stepped_count && first; j++)
                first = stepped[j] != fl_body_serial(live[i]);
            assert_true(fl_body_velocity(live[i]).y == before[i] + G * (first ? DT / 2 : DT));
            assert_true(fl_body_velocity(live[i]).x == 0.0 && fl_body_spin(live[i]) == 0.0);
        }
        for (int i = 0; i < n; i++)
            stepped[i] = fl_body_serial(live[i]);
        stepped_count = n;
    }
    fl_world_destroy(w);
}

/* A collision hook runs after the step's solve, and a velocity it sets is
 * the body's from the next step on: a pad that throws whatever lands on
 * it sideways. The pairs it reads carry what that solve applied. */
static void throw_sideways(const fl_event *e, void *user)
{
    double *impulse = user;
    for (int i = 0; i < e->pair_count; i++) {
        const fl_contact_data *c = &e->pairs[i];
        if (fl_body_is_static(c->b))
            continue;
        fl_body_set_velocity(c->b, fl_v2(5.0, fl_body_velocity(c->b).y));
        for (int k = 0; k < c->count; k++)
            *impulse += c->points[k].normal_impulse;
    }
}

static void test_hook_velocity_counts(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(40, 1));
    fl_body_id b = add_box(w, fl_v2(0, 9.45), crate(1)); /* 5 cm up */
    double impulse = 0.0;
    assert_int_equal(fl_world_on(w, FL_EVENT_COLLISION_START, throw_sideways, &impulse), FL_OK);
    int i = 0;
    for (; i < 60 && fl_body_velocity(b).x == 0.0; i++)
        fl_world_step(w, DT);
    assert_true(i < 60);
    /* The impulse read in the hook is that step's solve's: the landing's
     * (the momentum of a 5 cm fall, sqrt(2 g h), and a step's weight), or,
     * where the step before stopped the crate at the surface (a speculative
     * contact: in substeps), the weight alone, m g dt. */
    double m = fl_body_mass(b), weight = m * G * DT;
    assert_true(impulse >= weight * (1.0 - 1e-9));
    assert_true(impulse <= m * sqrt(2.0 * G * 0.05) + weight);
    /* Set after the solve: the body leaves with it, not yet moved by it. */
    ASSERT_EXACT(fl_body_velocity(b).x, 5.0);
    ASSERT_EXACT(fl_body_position(b).x, 0.0);
    fl_world_step(w, DT);
    /* The next step kept it, less what friction could take in a step of
     * resting (0.4 of g dt). */
    assert_true(fl_body_velocity(b).x >= 5.0 - 0.4 * G * DT - 1e-9);
    assert_true(fl_body_position(b).x > 0.0);
    fl_world_destroy(w);
}

/* Damping added from a collision hook (after the step) damps the next
 * step: a crate that lands at 2.2 m/s and is damped on touching still
 * stops on the floor, within the slop, and does not sink into it. */
static void damp_on_touch(const fl_event *e, void *user)
{
    (void)user;
    fl_velocity_term damp = {5.0, {0, 0}, 5.0, 0.0, {0, 0}, 0.0, false};
    for (int i = 0; i < e->pair_count; i++)
        assert_int_equal(fl_body_add_velocity_term(e->pairs[i].b, &damp), FL_OK);
}

static void test_damping_from_a_hook(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(40, 1));
    fl_body_id b = add_box(w, fl_v2(0, 9.25), crate(1)); /* falls 0.25 m: 2.2 m/s */
    assert_int_equal(fl_world_on(w, FL_EVENT_COLLISION_START, damp_on_touch, NULL), FL_OK);
    double deepest = 0.0;
    for (int i = 0; i < 120; i++) {
        fl_world_step(w, DT);
        deepest = fmax(deepest, fl_body_position(b).y + 0.5 - 10.0);
    }
    assert_true(deepest < FL_LINEAR_SLOP + 1e-3);
    fl_world_destroy(w);
}

static void test_filter_and_sensor(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    add_box(w, fl_v2(0, 10.5), slab(20, 1));
    /* A ghost whose mask excludes the floor's category falls through. */
    fl_body_id ghost = add_box(w, fl_v2(-5, 9.0), crate(1));
    body_find(ghost)->mask = ~1u;
    /* A sensor falls through as well, but reports the overlap. */
    fl_body_id sensor = add_box(w, fl_v2(5, 9.0), crate(1));
    body_find(sensor)->sensor = true;
    tally t = {0};
    listen(w, &t);
    steps(w, 1.0);
    /* Free fall for 1 s from rest: y = y0 + g t^2 / 2, exact in this scheme. */
    double fallen = G * 1.0 * 1.0 / 2;
    ASSERT_NEAR(fl_body_position(ghost).y, 9.0 + fallen, 1e-9);
    ASSERT_NEAR(fl_body_position(sensor).y, 9.0 + fallen, 1e-9);
    assert_int_equal(t.start, 1);
    assert_true(ID_EQ(t.b, sensor));
    fl_world_destroy(w);
}

/* ---- buoyancy with contacts -------------------------------------------------- */

/* Ten crates on a floating barge: the pair settles where the water holds
 * their total weight, so the barge's draft is M / (rho * width). */
static void test_laden_barge_draft(void **s)
{
    (void)s;
    fl_world *w = world_with(fl_v2(0, G));
    fl_buoyancy *bu = add_water(w, -20, 20, 8, 20);
    const double bw = 8.0, bh = 1.0;
    box_spec barge = {bw, bh, 0, 300, 0.6, 0, false};
    fl_body_id hull = add_box(w, fl_v2(0, 8.0 - bh / 2 + 0.3), barge);
    double mass = fl_body_mass(hull);
    for (int i = 0; i < 10; i++) {
        box_spec c = crate(0.6);
        c.density = 400;
        c.friction = 0.6;
        fl_body_id k = add_box(w, fl_v2(-3.0 + (i % 5) * 1.5, 8.0 - bh - 0.3 - (i / 5) * 0.62), c);
        mass += fl_body_mass(k);
    }
    steps(w, 30.0);
    double draft = fl_body_position(hull).y + bh / 2 - 8.0;
    ASSERT_REL(draft, mass / (fl_buoyancy_fluid_def(bu, 0)->density * bw), 0.02);
    fl_buoyancy_destroy(bu);
    fl_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manifold_face_to_face),
        cmocka_unit_test(test_manifold_corner_and_separated),
        cmocka_unit_test(test_wall_foot_is_no_surface),
        cmocka_unit_test(test_box_in_a_corner_comes_out),
        cmocka_unit_test(test_cover_follows_the_statics),
        cmocka_unit_test(test_tiles_cover_every_seam),
        cmocka_unit_test(test_wall_behind_a_sensor_still_stops),
        cmocka_unit_test(test_wedge_does_not_pass_a_wall_at_its_foot),
        cmocka_unit_test(test_box_rests_on_floor),
        cmocka_unit_test(test_stack_of_ten_stands),
        cmocka_unit_test(test_restitution_rebound),
        cmocka_unit_test(test_friction_holds_below_limit),
        cmocka_unit_test(test_friction_slides_above_limit),
        cmocka_unit_test(test_collision_conserves_momentum),
        cmocka_unit_test(test_concave_parts_sum_to_whole),
        cmocka_unit_test(test_concave_cup_holds_a_box),
        cmocka_unit_test(test_fast_box_does_not_tunnel),
        cmocka_unit_test(test_rope_pendulum),
        cmocka_unit_test(test_rigid_rope_holds_its_length),
        cmocka_unit_test(test_stiff_rope_stays_bounded),
        cmocka_unit_test(test_lever_rope_makes_no_energy),
        cmocka_unit_test(test_elastic_rope_stretch),
        cmocka_unit_test(test_elastic_rope_keeps_its_bounce),
        cmocka_unit_test(test_slack_cord_keeps_its_bounce),
        cmocka_unit_test(test_mouse_spring_reaches_target),
        cmocka_unit_test(test_events_start_active_end),
        cmocka_unit_test(test_remove_inside_collision_event),
        cmocka_unit_test(test_removed_body_leaves_no_contacts),
        cmocka_unit_test(test_contacts_carry_on_after_removal),
        cmocka_unit_test(test_contacts_carry_on_after_renumbering),
        cmocka_unit_test(test_pile_with_bodies_coming_and_going),
        cmocka_unit_test(test_bodies_coming_and_going_keep_their_motion),
        cmocka_unit_test(test_hook_velocity_counts),
        cmocka_unit_test(test_damping_from_a_hook),
        cmocka_unit_test(test_filter_and_sensor),
        cmocka_unit_test(test_laden_barge_draft),
    };
    int failed = cmocka_run_group_tests_name("default iterations", tests, NULL, NULL);
    iterations = 3;
    failed += cmocka_run_group_tests_name("three passes", tests, NULL, NULL);
    iterations = 2;
    substeps = 5;
    return failed + cmocka_run_group_tests_name("five substeps of two passes", tests, NULL, NULL);
}
