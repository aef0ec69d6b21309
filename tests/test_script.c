/* Scripted scenes: timed events read (every kind, their steps from t= and
 * step=, their errors at line and column), applied by fl_sim_step at the
 * step they name and not before, and written back, re-timed, by the scene
 * writer so that a saved scene goes on as the running one would. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flotsam/flotsam.h"

#define SCENE                                                                                   \
    "flotsam-scene 1\n"                                                                         \
    "world gravity=0,0 rate=50\n"                                                               \
    "fluid name=sea density=1000 surface=5 left=-50 right=50 bottom=20\n"                       \
    "box name=crate at=0,0 size=1,1 density=400\n"

static const char script[] = SCENE
    "at step=7 remove crate\n"
    "at t=0.1s spawn box name=late at=3,0 size=1,2 density=250\n"
    "at t=0.04 push crate impulse=40,0 at=0,0.5\n"
    "at step=3 fluid sea surface=4.5 density=1025\n"
    "at step=3 push late impulse=0,10\n";

static void parse_ok(const char *text, fl_scene *sc)
{
    fl_scene_error err;
    if (!fl_scene_parse(text, strlen(text), sc, &err))
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
}

static void expect_error(const char *text, int line, int column, const char *words)
{
    fl_scene sc;
    fl_scene_error err;
    if (fl_scene_parse(text, strlen(text), &sc, &err)) {
        fl_scene_free(&sc);
        fail_msg("read, though it should fail with \"%s\"", words);
    }
    if (err.line != line || err.column != column || !strstr(err.message, words))
        fail_msg("got %d:%d: %s; expected %d:%d: ...%s...", err.line, err.column, err.message,
                 line, column, words);
}

static void test_events_read(void **state)
{
    (void)state;
    fl_scene sc;
    parse_ok(script, &sc);
    assert_int_equal(sc.event_count, 5);
    assert_int_equal(sc.body_count, 1); /* the spawn is an event's, not the scene's */
    /* In step order: t=0.04 s at 50 Hz is step 2, t=0.1 s step 5; the two
     * at step 3 in file order. */
    const uint64_t steps[] = {2, 3, 3, 5, 7};
    const fl_scene_event_kind kinds[] = {FL_SCENE_PUSH, FL_SCENE_FLUID, FL_SCENE_PUSH,
                                         FL_SCENE_SPAWN, FL_SCENE_REMOVE};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(sc.events[i].step, steps[i]);
        assert_int_equal(sc.events[i].kind, kinds[i]);
    }
    assert_string_equal(sc.events[0].name, "crate");
    ASSERT_EXACT(sc.events[0].impulse.x, 40.0);
    ASSERT_EXACT(sc.events[0].at.y, 0.5);
    assert_true(sc.events[1].has_surface && sc.events[1].has_density);
    ASSERT_EXACT(sc.events[1].surface, 4.5);
    ASSERT_EXACT(sc.events[1].density, 1025.0);
    assert_string_equal(sc.events[3].body.name, "late");
    ASSERT_EXACT(sc.events[3].body.size.y, 2.0);
    assert_int_equal(sc.events[3].line, 6);
    fl_scene_free(&sc);
}

static void test_event_errors(void **state)
{
    (void)state;
    expect_error(SCENE "at remove crate\n", 5, 4, "t=TIME or step=N");
    expect_error(SCENE "at t=soon remove crate\n", 5, 6, "time in seconds");
    expect_error(SCENE "at t=-1s remove crate\n", 5, 6, "t must be from 0");
    expect_error(SCENE "at step=1.5 remove crate\n", 5, 9, "whole number");
    expect_error(SCENE "at step=1\n", 5, 4, "expected what happens");
    expect_error(SCENE "at step=1 explode crate\n", 5, 11, "unknown event 'explode'");
    expect_error(SCENE "at step=1 remove\n", 5, 11, "the name of the body to remove");
    expect_error(SCENE "at step=1 remove ghost\n", 5, 18, "unknown body 'ghost'");
    expect_error(SCENE "at step=1 remove sea\n", 5, 18, "'sea' is a fluid, not a body");
    expect_error(SCENE "at step=1 fluid crate surface=1\n", 5, 17, "'crate' is a body, not a fluid");
    expect_error(SCENE "at step=1 fluid sea\n", 5, 1, "needs surface= or density=");
    expect_error(SCENE "at step=1 fluid sea surface=1 surface=2\n", 5, 31, "duplicate field 'surface'");
    expect_error(SCENE "at step=1 fluid sea density=0\n", 5, 29, "density must be from");
    expect_error(SCENE "at step=1 push crate\n", 5, 1, "push needs 'impulse'");
    expect_error(SCENE "at step=1 push crate impulse=1,2 spin=3\n", 5, 34, "unknown field 'spin'");
    expect_error(SCENE "at step=1 spawn box at=0,0 size=1,1\n", 5, 17, "needs 'density'");
    expect_error(SCENE "at step=1 spawn rope a=crate b=world\n", 5, 17, "box, ngon or polygon");
    expect_error(SCENE "at step=1 spawn box name=crate at=0,0 size=1,1 density=1\n", 5, 26,
                 "name 'crate' is already used");
    expect_error(SCENE "at step=1 spawn box name=b at=0,0 size=1,1 density=1\n"
                       "rope a=crate b=b\n", 6, 16, "spawned by an event");
}

/* The crate's and the late box's presence, the sea's surface, after each step. */
static void test_events_happen_at_their_step(void **state)
{
    (void)state;
    fl_scene sc;
    parse_ok(script, &sc);
    fl_sim *s = NULL;
    fl_scene_error err;
    assert_true((s = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    fl_body_id crate = fl_world_body(fl_sim_world(s), 0);
    double mass = fl_body_mass(crate);
    for (int k = 1; k <= 9; k++) {
        (void)fl_sim_step(s, &err); /* the push on 'late' at 3 is skipped (below) */
        /* After k steps: each event came before step (its step + 1). */
        double surface = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), 0)->surface;
        ASSERT_EXACT(surface, k > 3 ? 4.5 : 5.0);
        assert_int_equal(fl_world_body_count(fl_sim_world(s)), k <= 5 ? 1 : k <= 7 ? 2 : 1);
        if (k == 3) {
            /* No gravity, out of the water: the push alone moved it. */
            ASSERT_NEAR(fl_body_velocity(crate).x, 40.0 / mass, 1e-12);
            /* r x J = (0, 0.5) x (40, 0) = -20 N m s. */
            ASSERT_NEAR(fl_body_spin(crate), -20.0 / fl_body_inertia(crate), 1e-12);
        }
    }
    /* The push at step 3 named 'late' before it was spawned: skipped, and said. */
    fl_sim_free(s);
    parse_ok(script, &sc);
    assert_true((s = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    bool ok = true;
    for (int k = 1; k <= 4; k++)
        ok = fl_sim_step(s, &err) && ok;
    assert_false(ok);
    assert_int_equal(err.line, 9);
    assert_non_null(strstr(err.message, "no body 'late'"));
    fl_sim_free(s);
}

/* Saved after 4 steps, the scene holds the events still to come, counted
 * from then: loaded and stepped on, it goes exactly as the running one. */
static void test_saved_scene_goes_on_as_it_would(void **state)
{
    (void)state;
    fl_scene sc;
    parse_ok(script, &sc);
    fl_sim *s = NULL, *back = NULL;
    fl_scene_error err;
    assert_true((s = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    for (int k = 0; k < 4; k++)
        fl_sim_step(s, NULL);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    char why[200];
    assert_true(fl_scene_write(f, s, NULL, why, sizeof why));
    fclose(f);
    parse_ok(text, &sc);
    assert_int_equal(sc.event_count, 2); /* the spawn at 5 and the removal at 7 */
    assert_int_equal(sc.events[0].step, 1);
    assert_int_equal(sc.events[1].step, 3);
    assert_true((back = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    for (int k = 0; k < 6; k++) {
        fl_sim_step(s, NULL);
        assert_true(fl_sim_step(back, &err));
        assert_int_equal(fl_world_body_count(fl_sim_world(back)),
                         fl_world_body_count(fl_sim_world(s)));
    }
    assert_int_equal(fl_world_body_count(fl_sim_world(back)), 1);
    assert_string_equal(fl_sim_body_name(back, fl_world_body(fl_sim_world(back), 0)), "late");
    free(text);
    fl_sim_free(back);
    fl_sim_free(s);
}

/* A polygon spawned by an event keeps its outline when the scene it was
 * read from is gone, in the sim and in a copy of it (the sim keeps its own
 * copy of the spawns' outlines). */
static void test_spawned_polygon_outlives_its_scene(void **state)
{
    (void)state;
    fl_scene sc;
    parse_ok(SCENE "at step=2 spawn polygon at=3,0 points=[-1,-1 1,-1 1,1 -1,1 -1.5,0] "
                   "hull=[-1,-1.5 1,-1.5 1,1 -1,1] density=300\n",
             &sc);
    fl_sim *s = NULL, *copy = NULL;
    fl_scene_error err;
    assert_true((s = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    fl_error e;
    assert_true((copy = fl_sim_clone(s, &e)));
    fl_sim *both[2] = {s, copy};
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3; i++)
            assert_true(fl_sim_step(both[k], &err));
        fl_world *w = fl_sim_world(both[k]);
        assert_int_equal(fl_world_body_count(w), 2);
        fl_body_id b = fl_world_body(w, 1);
        assert_int_equal(fl_body_vertex_count(b), 5);
        assert_int_equal(fl_body_hull_count(b), 4);
    }
    fl_sim_free(s);
    fl_sim_free(copy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_events_read),
        cmocka_unit_test(test_event_errors),
        cmocka_unit_test(test_events_happen_at_their_step),
        cmocka_unit_test(test_spawned_polygon_outlives_its_scene),
        cmocka_unit_test(test_saved_scene_goes_on_as_it_would),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
