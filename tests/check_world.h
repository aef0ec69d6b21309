/* World fixtures shared by the cmocka tests. Include after <cmocka.h>. */
#ifndef FL_TEST_CHECK_WORLD_H
#define FL_TEST_CHECK_WORLD_H

#include "flotsam/flotsam.h"

/* A world of the given gravity whose solver runs `substeps` substeps of
 * `iterations` passes; fails the test if it cannot be made. */
static inline fl_world *solved_world(fl_vec2 gravity, int substeps, int iterations)
{
    fl_world_def d = fl_world_def_default();
    d.gravity = gravity;
    d.substeps = substeps;
    d.iterations = iterations;
    fl_world *w = fl_world_create(&d, NULL);
    assert_non_null(w);
    return w;
}

/* Adds a dynamic body of any outline (default friction and restitution);
 * fails the test if the world refuses it. */
static inline fl_body_id add_polygon(fl_world *w, const fl_vec2 *p, int n, fl_vec2 at,
                                   double angle, double density)
{
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = n;
    d.origin = at;
    d.angle = angle;
    d.density = density;
    fl_body_id b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    return b;
}

/* A dynamic wd x h box centred at `at`, turned by `angle`. */
static inline fl_body_id add_box_body(fl_world *w, double wd, double h, fl_vec2 at, double angle,
                                    double density)
{
    const fl_vec2 p[4] = {{-wd / 2, -h / 2}, {wd / 2, -h / 2}, {wd / 2, h / 2}, {-wd / 2, h / 2}};
    return add_polygon(w, p, 4, at, angle, density);
}

/* A static wd x h box centred at `at`: a floor or a wall. */
static inline void add_wall(fl_world *w, fl_vec2 at, double wd, double h)
{
    const fl_vec2 p[4] = {{-wd / 2, -h / 2}, {wd / 2, -h / 2}, {wd / 2, h / 2}, {-wd / 2, h / 2}};
    fl_body_def d = fl_body_def_default();
    d.points = p;
    d.point_count = 4;
    d.origin = at;
    d.is_static = true;
    assert_int_equal(fl_world_add_body(w, &d, NULL, NULL), FL_OK);
}

/* A buoyancy module on w with one still fluid of water (1000 kg/m^2, the
 * default drags) over [left, right] x [surface, bottom]. */
static inline fl_buoyancy *add_water(fl_world *w, double left, double right, double surface,
                                     double bottom)
{
    fl_buoyancy *b = fl_buoyancy_create(w, NULL);
    assert_non_null(b);
    fl_fluid_def f = fl_fluid_def_default();
    f.left = left;
    f.right = right;
    f.surface = surface;
    f.bottom = bottom;
    assert_true(fl_buoyancy_add_fluid(b, &f, NULL, NULL) == FL_OK);
    return b;
}

#endif
