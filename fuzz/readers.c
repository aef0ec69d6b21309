/* The reader targets: scene text and replay text, parsed and freed. A
 * failed parse must leave its output empty (a replay: none) and its
 * message terminated; a
 * replay is read again with fl_replay_parse_all, which must agree. A replay
 * that reads is then taken the two ways the program takes one: what
 * `flotsam check` does (every problem, then every scene built), and what
 * the window does on opening it (a player started, keeping copies, its
 * reset scene copied, a few steps played and a seek back). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flotsam/fl_replay.h"
#include "flotsam/fl_scene.h"
#include "flotsam/fl_sim.h"
#include "targets.h"

static void check_error(const fl_scene_error *err, const char *what)
{
    if (memchr(err->message, '\0', sizeof err->message) == NULL) {
        fprintf(stderr, "fuzz: %s error message not terminated\n", what);
        abort();
    }
    if (err->message[0] == '\0' || err->line < 0 || err->column < 0) {
        fprintf(stderr, "fuzz: %s failed without a message (line %d column %d)\n", what,
                err->line, err->column);
        abort();
    }
}

int fuzz_scene(const uint8_t *data, size_t size)
{
    fl_scene scene;
    fl_scene_error err;
    memset(&err, 0x55, sizeof err);
    if (fl_scene_parse((const char *)data, size, &scene, &err)) {
        fl_scene_free(&scene);
    } else {
        check_error(&err, "scene");
        if (scene.bodies || scene.fluids || scene.ropes || scene.events) {
            fprintf(stderr, "fuzz: failed scene parse left arrays behind\n");
            abort();
        }
    }
    return 0;
}

/* What fl_replay_parse_all gives each, checked as it comes. */
typedef struct problems_seen {
    int count;
    fl_scene_error last;
} problems_seen;

static void see_problem(void *ctx, const fl_scene_error *err)
{
    problems_seen *seen = ctx;
    check_error(err, "replay (all)");
    /* The one problem not kept for want of memory comes last, wherever it is. */
    if (seen->count > 0 &&
        (err->line < seen->last.line ||
         (err->line == seen->last.line && err->column < seen->last.column)) &&
        strstr(err->message, "out of memory") == NULL) {
        fprintf(stderr, "fuzz: replay problems out of order: %d:%d after %d:%d\n", err->line,
                err->column, seen->last.line, seen->last.column);
        abort();
    }
    seen->last = *err;
    seen->count++;
}

static bool same_error(const fl_scene_error *a, const fl_scene_error *b)
{
    return a->line == b->line && a->column == b->column && strcmp(a->message, b->message) == 0;
}

/* fl_replay_parse_all agrees with fl_replay_parse: the same first problem
 * when that fails; when it reads the replay whole, the same replay. */
static void check_parse_all(const uint8_t *data, size_t size, bool read, const fl_replay *one,
                            const fl_scene_error *one_err)
{
    fl_replay *all;
    fl_scene_error first;
    problems_seen seen = {0};
    int n = fl_replay_parse_all((const char *)data, size, &all, see_problem, &seen, &first);
    if (n != seen.count || n > FL_SCENE_MAX_ERRORS + 1) {
        fprintf(stderr, "fuzz: fl_replay_parse_all counted %d, gave %d\n", n, seen.count);
        abort();
    }
    if (!read && (n == 0 || !same_error(&first, one_err))) {
        fprintf(stderr, "fuzz: fl_replay_parse_all's first problem (%d) is not fl_replay_parse's\n",
                n);
        abort();
    }
    if ((n > 0) != (all == NULL)) {
        fprintf(stderr, "fuzz: fl_replay_parse_all gave %s replay with %d problems\n",
                all ? "a" : "no", n);
        abort();
    }
    if (n == 0 && (fl_replay_scene_count(all) != fl_replay_scene_count(one) ||
                   fl_replay_input_count(all) != fl_replay_input_count(one) ||
                   fl_replay_check_count(all) != fl_replay_check_count(one) ||
                   fl_replay_steps(all) != fl_replay_steps(one))) {
        fprintf(stderr, "fuzz: fl_replay_parse_all read another replay than fl_replay_parse\n");
        abort();
    }
    if (n == 0 && !fl_replay_build_each(all, &first))
        check_error(&first, "replay (building its scenes)");
    fl_replay_free(all);
}

/* Whether every scene of r asks for no more solver passes a step than
 * the simulation target steps (more is slow, not wrong). */
static bool light_to_play(const fl_replay *r)
{
    for (int k = 0; k < fl_replay_scene_count(r); k++) {
        fl_scene sc;
        if (!fl_replay_scene_read(r, k, &sc, NULL))
            return false; /* out of memory: it would not play far */
        long passes = (long)sc.substeps * sc.iterations;
        fl_scene_free(&sc);
        if (passes > FUZZ_SIM_PASSES)
            return false;
    }
    return true;
}

/* What the window does with a replay it opens (app/sandbox/replay_play.c),
 * for a few steps; a heavy one is only started. */
static void play_as_the_window(const fl_replay *r)
{
    enum { STEPS = 8 };
    fl_scene_error err;
    memset(&err, 0x55, sizeof err);
    fl_replay_player *p = fl_replay_player_start(r, &err);
    if (!p) {
        check_error(&err, "replay (player start)");
        return;
    }
    fl_replay_player_keep(p, 2, 3);
    fl_scene reset, copy;
    if (fl_replay_scene_read(r, fl_replay_scene_count(r) > 1 ? 1 : 0, &reset, NULL)) {
        if (fl_scene_copy(&copy, &reset) == FL_OK)
            fl_scene_free(&copy);
        fl_scene_free(&reset);
    }
    bool light = light_to_play(r);
    uint64_t expected, got;
    for (int k = 0; light && k < STEPS; k++) {
        fl_replay_status st = fl_replay_player_step(p, &err, &expected, &got);
        if (st == FL_REPLAY_FAILED)
            check_error(&err, "replay (playing)");
        if (st == FL_REPLAY_DONE || st == FL_REPLAY_FAILED)
            break;
    }
    uint64_t at = fl_replay_player_step_count(p);
    if (light && at > 0 && fl_replay_player_seek(p, at / 2, &err, &expected, &got) ==
                               FL_REPLAY_FAILED)
        check_error(&err, "replay (seeking)");
    fl_replay_player_free(p);
}

int fuzz_replay(const uint8_t *data, size_t size)
{
    fl_scene_error err;
    memset(&err, 0x55, sizeof err);
    fl_replay *replay = fl_replay_parse((const char *)data, size, &err);
    bool read = replay != NULL;
    if (!read)
        check_error(&err, "replay");
    check_parse_all(data, size, read, replay, &err);
    (void)fl_text_is_replay((const char *)data, size);
    if (read) {
        play_as_the_window(replay);
        fl_replay_free(replay);
    }
    return 0;
}
