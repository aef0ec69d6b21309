/* Shapes drawn with the mouse (app/common/drawn_shape.c), through the path
 * the sandbox's clicks take: a clicked pentagon becomes the body with those
 * corners and the spawn density; what a scene file would refuse (crossing
 * edges, repeated or too few corners) is refused with its words. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "check.h"
#include "drawn_shape.h"

static void test_a_pentagon_becomes_a_body(void **state)
{
    (void)state;
    const fl_vec2 clicks[5] = {{4.0, 2.0}, {5.5, 1.8}, {6.1, 3.0}, {5.0, 4.2}, {3.7, 3.3}};
    fl_scene_body b;
    fl_scene_body_room room;
    char msg[200];
    assert_true(drawn_shape_body(clicks, 5, 650.0, &b, &room, msg, sizeof msg));
    assert_int_equal(b.shape, FL_SCENE_POLYGON);
    assert_int_equal(b.point_count, 5);
    ASSERT_EXACT(b.density, 650.0);
    for (int i = 0; i < 5; i++) {
        ASSERT_NEAR(b.at.x + b.points[i].x, clicks[i].x, 1e-12);
        ASSERT_NEAR(b.at.y + b.points[i].y, clicks[i].y, 1e-12);
    }
    /* It builds, with the mass the shoelace area gives. */
    fl_scene sc = {0};
    sc.gravity = fl_v2(0.0, 9.81);
    sc.rate = 60.0;
    sc.iterations = 10;
    sc.bodies = &b;
    sc.body_count = 1;
    fl_sim *s = NULL;
    fl_scene_error err;
    assert_true((s = fl_sim_build(&sc, &err)));
    ASSERT_REL(fl_body_mass(fl_world_body(fl_sim_world(s), 0)),
               650.0 * fabs(fl_polygon_signed_area(clicks, 5)), 1e-12);
    fl_sim_free(s);
    /* A box dragged from corner to corner. */
    assert_true(drawn_box_body(fl_v2(1.0, 2.0), fl_v2(3.0, 1.5), 400.0, &b, msg, sizeof msg));
    assert_int_equal(b.shape, FL_SCENE_BOX);
    ASSERT_NEAR(b.at.x, 2.0, 1e-15);
    ASSERT_NEAR(b.size.x, 2.0, 1e-15);
    ASSERT_NEAR(b.size.y, 0.5, 1e-15);
}

/* A boat's cross-section drawn and marked hollow: its outline is the hull,
 * the solid a wall 0.1 m thick inside it, open along the top. */
static void test_a_hollow_hull(void **state)
{
    (void)state;
    const fl_vec2 clicks[4] = {{-2.0, 0.0}, {2.0, 0.0}, {1.5, 1.0}, {-1.5, 1.0}};
    fl_scene_body b;
    fl_scene_body_room room;
    char msg[200];
    if (!drawn_hull_body(clicks, 4, 600.0, 0.1, &b, &room, msg, sizeof msg))
        fail_msg("%s", msg);
    assert_int_equal(b.hull_count, 4);
    assert_int_equal(b.point_count, 8);
    double hull_area = fabs(fl_polygon_signed_area(clicks, 4));
    fl_vec2 shell[8];
    for (int i = 0; i < 8; i++)
        shell[i] = fl_add(b.at, b.points[i]);
    double solid = fabs(fl_polygon_signed_area(shell, 8));
    /* The wall along the two sides (1.12 m each) and the bottom (3 m),
     * 0.1 m thick, less its corners' overlaps: about 0.5 m^2. */
    assert_true(solid > 0.4 && solid < 0.55);
    assert_true(solid < hull_area);
    /* The shell's first and last points are the gunwale's ends, the inner
     * ones below them on the gunwale's line. */
    ASSERT_NEAR(shell[0].y, 0.0, 1e-12);
    ASSERT_NEAR(shell[7].y, 0.0, 1e-12);
    ASSERT_NEAR(shell[4].y, 0.0, 1e-12);
    ASSERT_NEAR(shell[3].y, 0.0, 1e-12);
    /* Too thick a wall for the shape: refused, never a crash. */
    assert_false(drawn_hull_body(clicks, 4, 600.0, 3.0, &b, &room, msg, sizeof msg));
}

static void refused(const fl_vec2 *p, int n, const char *words)
{
    fl_scene_body b;
    fl_scene_body_room room;
    char msg[200] = "";
    assert_false(drawn_shape_body(p, n, 500.0, &b, &room, msg, sizeof msg));
    if (!strstr(msg, words))
        fail_msg("said \"%s\", expected ...%s...", msg, words);
}

static void test_bad_drawings_are_refused(void **state)
{
    (void)state;
    const fl_vec2 bow_tie[4] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    refused(bow_tie, 4, "must not cross");
    const fl_vec2 two[2] = {{0, 0}, {1, 1}};
    refused(two, 2, "at least 3 points");
    refused(two, 0, "at least 3 points");
    const fl_vec2 line[3] = {{0, 0}, {1, 1}, {2, 2}};
    refused(line, 3, "cannot make that shape");
    const fl_vec2 twice[4] = {{0, 0}, {1, 0}, {1, 0}, {0, 1}};
    refused(twice, 4, "cannot make that shape");
    fl_scene_body b;
    char msg[200];
    assert_false(drawn_box_body(fl_v2(1.0, 1.0), fl_v2(1.0, 3.0), 500.0, &b, msg, sizeof msg));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_pentagon_becomes_a_body),
        cmocka_unit_test(test_bad_drawings_are_refused),
        cmocka_unit_test(test_a_hollow_hull),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
