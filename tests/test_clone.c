/* Copies of a running world (fl_world_clone, fl_sim_clone): taken between
 * steps of every scene in scenes/ (contacts at rest, ropes, dry holds,
 * waves, a script half played) and stepped alongside the original, the copy
 * stays equal to it bit for bit, and the original is untouched by it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "flotsam/flotsam.h"

static const char *const scenes[] = {"barge", "boat", "buoy", "capsize", "debris", "harbour",
                                     "hold", "iceberg", "logs", "raft", "splash", "waves"};

static void clone_case(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/scenes/%s.scene", FLOTSAM_SOURCE_ROOT, name);
    fl_scene sc;
    fl_scene_error err;
    if (!fl_scene_load_file(path, &sc, &err))
        fail_msg("%s:%d: %s", path, err.line, err.message);
    fl_sim *a = NULL, *plain = NULL;
    assert_true((a = fl_sim_build(&sc, &err)));
    assert_true((plain = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    for (int i = 0; i < 150; i++) {
        fl_sim_step(a, NULL);
        fl_sim_step(plain, NULL);
    }
    fl_sim *b = NULL;
    fl_error e;
    assert_true((b = fl_sim_clone(a, &e)));
    assert_true(fl_state_hash(fl_sim_world(b)) == fl_state_hash(fl_sim_world(a)));
    assert_int_equal(fl_world_contact_count(fl_sim_world(b)),
                     fl_world_contact_count(fl_sim_world(a)));
    assert_int_equal(fl_world_joint_count(fl_sim_world(b)), fl_world_joint_count(fl_sim_world(a)));
    /* It reports the forces the original's last step applied (what the
     * window's pictures of a copy draw), body by body. */
    int reported = 0;
    for (int i = 0; i < fl_world_body_count(fl_sim_world(a)); i++) {
        for (int f = 0; f < fl_buoyancy_fluid_count(fl_sim_buoyancy(a)); f++) {
            const fl_buoyancy_push *pa =
                fl_buoyancy_applied(fl_sim_buoyancy(a), fl_world_body(fl_sim_world(a), i),
                                    fl_buoyancy_fluid_at(fl_sim_buoyancy(a), f));
            const fl_buoyancy_push *pb =
                fl_buoyancy_applied(fl_sim_buoyancy(b), fl_world_body(fl_sim_world(b), i),
                                    fl_buoyancy_fluid_at(fl_sim_buoyancy(b), f));
            assert_true((pa == NULL) == (pb == NULL));
            if (!pa)
                continue;
            assert_memory_equal(pa, pb, sizeof *pa);
            reported++;
        }
    }
    assert_true(reported > 0);
    for (int i = 0; i < 300; i++) {
        fl_sim_step(a, NULL);
        fl_sim_step(b, NULL);
        fl_sim_step(plain, NULL);
        if (fl_state_hash(fl_sim_world(b)) != fl_state_hash(fl_sim_world(a)))
            fail_msg("%s: the copy parted from the original %d steps after it was taken", name,
                     i + 1);
    }
    /* Copying changed nothing in the original. */
    assert_true(fl_state_hash(fl_sim_world(a)) == fl_state_hash(fl_sim_world(plain)));
    assert_int_equal(fl_world_body_count(fl_sim_world(b)), fl_world_body_count(fl_sim_world(a)));
    for (int i = 0; i < fl_world_body_count(fl_sim_world(a)); i++)
        assert_string_equal(fl_sim_body_name(b, fl_world_body(fl_sim_world(b), i)),
                            fl_sim_body_name(a, fl_world_body(fl_sim_world(a), i)));
    fl_sim_free(b);
    fl_sim_free(plain);
    fl_sim_free(a);
}

/* Copies of a scene without labels (no body has a name or a colour), and of
 * one without bodies, have nothing to copy of them, and maybe no arrays to
 * copy from (UndefinedBehaviorSanitizer reported the memcpy of no bytes
 * from NULL that copying them was, in the window for its painter). */
static void clone_bare(const char *text)
{
    fl_scene sc;
    fl_scene_error err;
    assert_true(fl_scene_parse(text, strlen(text), &sc, &err));
    fl_sim *a = NULL, *b = NULL;
    assert_true((a = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
    assert_true((b = fl_sim_clone(a, NULL))); /* as built, what a replay keeps first */
    fl_sim_free(b);
    fl_sim_step(a, NULL);
    assert_true((b = fl_sim_clone(a, NULL)));
    assert_int_equal(fl_world_body_count(fl_sim_world(b)), fl_world_body_count(fl_sim_world(a)));
    if (fl_world_body_count(fl_sim_world(b)) > 0)
        assert_string_equal(fl_sim_body_name(b, fl_world_body(fl_sim_world(b), 0)), "");
    fl_sim_step(a, NULL);
    fl_sim_step(b, NULL);
    assert_true(fl_state_hash(fl_sim_world(b)) == fl_state_hash(fl_sim_world(a)));
    fl_sim_free(b);
    fl_sim_free(a);
}

static void test_a_scene_without_names(void **state)
{
    (void)state;
    clone_bare("flotsam-scene 1\n"
               "fluid density=1000 surface=3 left=0 right=10 bottom=5\n"
               "box at=5,2.5 size=1,1 density=500\n");
    clone_bare("flotsam-scene 1\n"
               "fluid density=1000 surface=3 left=0 right=10 bottom=5\n");
}

static void test_copies_go_on_as_the_original(void **state)
{
    (void)state;
    for (int i = 0; i < COUNT(scenes); i++)
        clone_case(scenes[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copies_go_on_as_the_original),
        cmocka_unit_test(test_a_scene_without_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
