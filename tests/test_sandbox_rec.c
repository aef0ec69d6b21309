/* Recording a replay in the sandbox (app/sandbox/replay_rec.c), without a
 * window: the sandbox struct and its functions alone. fl_replay_add_input
 * is wrapped (-Wl,--wrap) so that a test can make the replay refuse an
 * input, as it does when out of memory. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sandbox_parts.h"

static bool refuse_inputs;

fl_status __real_fl_replay_add_input(fl_replay *r, const fl_input *in);
fl_status __wrap_fl_replay_add_input(fl_replay *r, const fl_input *in);
fl_status __wrap_fl_replay_add_input(fl_replay *r, const fl_input *in)
{
    return refuse_inputs ? FL_ENOMEM : __real_fl_replay_add_input(r, in);
}

static const char scene_text[] =
    "flotsam-scene 1\n"
    "fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5\n"
    "box name=floor at=5,5.75 size=10,0.5 static\n"
    "box name=crate at=3,2 size=1,1 density=600\n";

/* A sandbox with the scene loaded, as sandbox_load leaves it. */
static sandbox *open_sandbox(const char *replay_out)
{
    sandbox *sb = calloc(1, sizeof *sb);
    assert_non_null(sb);
    assert_non_null(sb->replay.rec = fl_replay_create());
    sb->opt.replay_out = replay_out;
    sb->view.center = fl_v2(5.0, 3.0);
    sb->view.width = 10.0;
    fl_scene_error err;
    assert_true(fl_scene_parse(scene_text, strlen(scene_text), &sb->loaded, &err));
    assert_true((sb->sim = fl_sim_build(&sb->loaded, &err)));
    sb->loaded_len = strlen(scene_text);
    sb->loaded_text = malloc(sb->loaded_len + 1);
    assert_non_null(sb->loaded_text);
    memcpy(sb->loaded_text, scene_text, sb->loaded_len + 1);
    return sb;
}

static void close_sandbox(sandbox *sb)
{
    sandbox_history_clear(sb); /* the copies undo keeps of each edit */
    fl_replay_free(sb->replay.rec);
    fl_sim_free(sb->sim);
    fl_scene_free(&sb->loaded);
    free(sb->loaded_text);
    free(sb);
}

static fl_scene_body box_at(double x)
{
    fl_scene_body b = fl_scene_body_default();
    b.at = fl_v2(x, 1.0);
    b.size = fl_v2(0.5, 0.5);
    b.density = 500.0;
    return b;
}

/* A spawn while recording whose input the replay cannot keep: the body is
 * added, the recording ends (written as far as it went) and empties the
 * replay, spawns and all. The spawns after it still work, and are not
 * kept. */
static void test_spawn_when_the_recording_stops(void **state)
{
    (void)state;
    char dir[] = "/tmp/flotsam-sandbox-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[sizeof dir + 16];
    snprintf(out, sizeof out, "%s/out.replay", dir);
    sandbox *sb = open_sandbox(out);
    sandbox_toggle_replay(sb);
    assert_true(sb->replay.on);
    int before = fl_world_body_count(fl_sim_world(sb->sim));
    fl_scene_body b = box_at(4.0);
    refuse_inputs = true;
    assert_true(sandbox_spawn_body(sb, &b));
    refuse_inputs = false;
    assert_false(sb->replay.on);
    assert_int_equal(fl_replay_spawn_count(sb->replay.rec), 0);
    b = box_at(6.0);
    assert_true(sandbox_spawn_body(sb, &b));
    assert_int_equal(fl_replay_spawn_count(sb->replay.rec), 0); /* kept only while recording */
    assert_int_equal(fl_world_body_count(fl_sim_world(sb->sim)), before + 2);
    close_sandbox(sb);
    assert_int_equal(unlink(out), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* Steps the sandbox's world n times as the window does, counting them. */
static void step(sandbox *sb, int n)
{
    for (int i = 0; i < n; i++) {
        fl_scene_error err;
        assert_true(fl_sim_step(sb->sim, &err));
        sandbox_replay_step(sb);
    }
}

/* The replay at path played to its end: every checkpoint and the end match. */
static void assert_replays(const char *path, uint64_t steps)
{
    fl_scene_error err;
    fl_replay *r = fl_replay_load_file(path, &err);
    assert_non_null(r);
    assert_int_equal(fl_replay_steps(r), steps);
    fl_replay_player *p = fl_replay_player_start(r, &err);
    assert_non_null(p);
    fl_replay_status st;
    uint64_t expected = 0, got = 0;
    while ((st = fl_replay_player_step(p, &err, &expected, &got)) == FL_REPLAY_STEPPED)
        ;
    assert_int_equal(st, FL_REPLAY_DONE);
    fl_replay_player_free(p);
    fl_replay_free(r);
}

/* Changes made after the last step (paused, then C or Ctrl+Q) are not in the
 * replay, which ends at that step (fl_replay_end): its end is the world as
 * the step left it, not the world they made. Before, a box spawned there, or
 * a scene loaded, made the replay's end hash one that playing it never
 * reaches ("step N differs from the recording"). */
static void test_changes_after_the_last_step(void **state)
{
    (void)state;
    char dir[] = "/tmp/flotsam-sandbox-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[sizeof dir + 16], scene[sizeof dir + 16];
    snprintf(out, sizeof out, "%s/out.replay", dir);
    snprintf(scene, sizeof scene, "%s/other.scene", dir);
    FILE *f = fopen(scene, "w");
    assert_non_null(f);
    fputs(scene_text, f);
    fputs("box name=stone at=7,1 size=0.5,0.5 density=2500\n", f);
    assert_int_equal(fclose(f), 0);
    for (int steps = 0; steps <= 70; steps += 70) { /* none, or past a checkpoint */
        for (int what = 0; what < 3; what++) {
            sandbox *sb = open_sandbox(out);
            sandbox_toggle_replay(sb);
            step(sb, steps);
            fl_scene_body b = box_at(4.0);
            if (what == 0) {
                assert_true(sandbox_spawn_body(sb, &b));
            } else if (what == 1) {
                assert_true(sandbox_load(sb, scene, false));
                assert_true(sandbox_spawn_body(sb, &b)); /* and more after it */
            } else {
                assert_true(sandbox_spawn_body(sb, &b));
                step(sb, 1); /* the spawn is in the replay: its end is after it */
                steps++;
                sandbox_reset(sb);
            }
            sandbox_toggle_replay(sb);
            assert_false(sb->replay.on);
            free(sb->file.path);
            close_sandbox(sb);
            assert_replays(out, (uint64_t)steps);
            if (what == 2)
                steps--;
        }
    }
    assert_int_equal(unlink(out), 0);
    assert_int_equal(unlink(scene), 0);
    assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spawn_when_the_recording_stops),
        cmocka_unit_test(test_changes_after_the_last_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
