/* Replays: a session recorded through the inputs the sandbox makes
 * (fl_replay_apply, its own input path, no window needed), written, read
 * back and played bit for bit against every checkpoint; and replays that
 * were tampered with, refused at their line and column or at the step where
 * they stop agreeing. */
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

static const char scene_text[] =
    "flotsam-scene 1\n"
    "view center=5,3 width=10\n"
    "fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5\n"
    "box name=floor at=5,5.75 size=10,0.5 static\n"
    "box name=crate at=3,2 size=1,1 density=600\n"
    "ngon name=buoy at=7,2.5 sides=6 radius=0.4 density=300\n";

/* A recording in progress: what the sandbox keeps. */
typedef struct session {
    fl_replay rec;
    fl_sim sim;
    fl_joint *grab;
    uint64_t steps;
} session;

static void session_start(session *s)
{
    memset(s, 0, sizeof *s);
    fl_scene_error err;
    assert_int_equal(fl_replay_add_scene(&s->rec, scene_text, strlen(scene_text), &err), 0);
    assert_true(fl_sim_build(&s->sim, &s->rec.scenes[0].scene, &err));
}

static void session_input(session *s, fl_input in)
{
    in.step = s->steps;
    fl_scene_error err;
    assert_true(fl_replay_apply(&s->sim, &s->grab, &s->rec, &in, &err));
    assert_int_equal(fl_replay_add_input(&s->rec, &in), FL_OK);
}

static void session_steps(session *s, int n)
{
    for (int i = 0; i < n; i++) {
        fl_world_step(s->sim.world, s->sim.dt);
        if (++s->steps % FL_REPLAY_CHECK_EVERY == 0)
            assert_int_equal(fl_replay_add_check(&s->rec, s->steps, fl_state_hash(s->sim.world)),
                             FL_OK);
    }
}

static uint32_t id_named(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_world_body_count(s->world); i++)
        if (!strcmp(fl_sim_body_name(s, fl_world_body(s->world, i)), name))
            return fl_body_id(fl_world_body(s->world, i));
    fail_msg("no body named %s", name);
    return 0;
}

/* Every kind of input, at steps that are not multiples of the checkpoints'. */
static void record_everything(session *s, uint64_t *final_hash)
{
    session_start(s);
    session_steps(s, 30);
    fl_scene_body box;
    memset(&box, 0, sizeof box);
    fl_body_def d = fl_body_def_default();
    box.shape = FL_SCENE_POLYGON;
    box.at = fl_v2(5.0, 1.0 / 3.0); /* a number that no short decimal is */
    box.point_count = 4;
    box.points[0] = fl_v2(-0.4, -0.3);
    box.points[1] = fl_v2(0.4, -0.3);
    box.points[2] = fl_v2(0.4, 0.3);
    box.points[3] = fl_v2(-0.4, 0.3);
    box.density = 450.0;
    box.angle = 0.1;
    box.friction = d.friction;
    box.restitution = d.restitution;
    box.category = d.category;
    box.mask = d.mask;
    fl_input in = {0};
    in.kind = FL_INPUT_SPAWN;
    in.spawn = fl_replay_add_spawn(&s->rec, &box);
    session_input(s, in);
    session_steps(s, 41);
    in = (fl_input){0};
    in.kind = FL_INPUT_GRAB;
    in.body = id_named(&s->sim, "crate");
    in.anchor = fl_v2(0.25, -0.1);
    in.target = fl_v2(3.2, 2.0);
    session_input(s, in);
    for (int k = 1; k <= 20; k++) {
        in = (fl_input){0};
        in.kind = FL_INPUT_DRAG;
        in.target = fl_v2(3.2 + 0.1 * k, 2.0 - 0.05 * k);
        session_input(s, in);
        if (k % 2) /* two moves in one step: only the last counts */
            session_steps(s, 1);
    }
    in = (fl_input){0};
    in.kind = FL_INPUT_RELEASE;
    session_input(s, in);
    session_steps(s, 25);
    in = (fl_input){0};
    in.kind = FL_INPUT_FLUID;
    in.surface = 2.7;
    session_input(s, in);
    session_steps(s, 33);
    in = (fl_input){0};
    in.kind = FL_INPUT_DENSITY;
    in.body = id_named(&s->sim, "crate");
    in.density = 1.0 / 3.0 * 2000.0;
    session_input(s, in);
    session_steps(s, 9);
    in = (fl_input){0};
    in.kind = FL_INPUT_REMOVE;
    in.body = id_named(&s->sim, "buoy");
    session_input(s, in);
    session_steps(s, 50);
    in = (fl_input){0};
    in.kind = FL_INPUT_BUILD; /* a reset */
    in.scene = 0;
    session_input(s, in);
    session_steps(s, 47);
    *final_hash = fl_state_hash(s->sim.world);
    assert_int_equal(fl_replay_end(&s->rec, s->steps, *final_hash), FL_OK);
}

/* Not inlined: GCC 12 at -O3 then takes open_memstream's buffer for the
 * local that held its address (a false -Wdangling-pointer). */
__attribute__((noinline)) static char *write_text(const fl_replay *r, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    assert_non_null(f);
    char err[200];
    assert_true(fl_replay_write(f, r, err, sizeof err));
    assert_int_equal(fclose(f), 0);
    return text;
}

/* Plays r to its end: the number of checkpoints it passed, or -1 when one
 * differed (*step: where). */
static int play(const fl_replay *r, uint64_t *step, uint64_t *final_hash)
{
    fl_replay_player p;
    fl_scene_error err;
    assert_true(fl_replay_player_start(&p, r, &err));
    fl_replay_status st;
    while ((st = fl_replay_player_step(&p, &err, NULL, NULL)) == FL_REPLAY_STEPPED)
        ;
    *step = p.step;
    *final_hash = fl_state_hash(p.sim.world);
    int passed = st == FL_REPLAY_DONE ? p.next_check : -1;
    assert_true(st == FL_REPLAY_DONE || st == FL_REPLAY_DIFFERS);
    fl_replay_player_free(&p);
    return passed;
}

static void test_recorded_session_replays_bit_for_bit(void **state)
{
    (void)state;
    session s;
    uint64_t recorded;
    record_everything(&s, &recorded);
    /* 20 drags in 10 steps: the ones that share a step were folded. */
    assert_int_equal(s.rec.steps, 30 + 41 + 10 + 25 + 33 + 9 + 50 + 47);
    size_t len;
    char *text = write_text(&s.rec, &len);
    fl_replay back;
    fl_scene_error err;
    if (!fl_replay_parse(text, len, &back, &err))
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    assert_int_equal(back.input_count, s.rec.input_count);
    assert_int_equal(back.check_count, s.rec.check_count);
    assert_int_equal(back.check_count, (int)(s.rec.steps / FL_REPLAY_CHECK_EVERY) + 1);
    /* Read back, it writes the same text. */
    size_t len2;
    char *again = write_text(&back, &len2);
    assert_int_equal(len2, len);
    assert_memory_equal(again, text, len);
    uint64_t at, final;
    assert_int_equal(play(&back, &at, &final), back.check_count);
    assert_int_equal(at, s.rec.steps);
    assert_true(final == recorded);
    free(again);
    free(text);
    fl_replay_free(&back);
    fl_sim_free(&s.sim);
    fl_replay_free(&s.rec);
}

/* Seeking gives exactly the state playing gives: forward past the spawn,
 * back before it, to the start and to the end; from the start, and from
 * copies of the world kept on the way (60 steps apart, at most 3: thinned
 * to 120 and 240 apart as the replay goes on). */
static void seek_case(int keep)
{
    session s;
    uint64_t recorded;
    record_everything(&s, &recorded);
    const uint64_t targets[] = {150, 40, 0, 201, 201, 7, s.rec.steps, 130, 9, 236};
    fl_replay_player seeker;
    fl_scene_error err;
    assert_true(fl_replay_player_start(&seeker, &s.rec, &err));
    if (keep)
        fl_replay_player_keep(&seeker, 60, 3);
    for (int i = 0; i < COUNT(targets); i++) {
        fl_replay_status st = fl_replay_player_seek(&seeker, targets[i], &err, NULL, NULL);
        assert_true(st == FL_REPLAY_STEPPED);
        assert_int_equal(seeker.step, targets[i]);
        fl_replay_player plain;
        assert_true(fl_replay_player_start(&plain, &s.rec, &err));
        while (plain.step < targets[i])
            assert_int_equal(fl_replay_player_step(&plain, &err, NULL, NULL), FL_REPLAY_STEPPED);
        assert_true(fl_state_hash(seeker.sim.world) == fl_state_hash(plain.sim.world));
        assert_int_equal(fl_world_body_count(seeker.sim.world), fl_world_body_count(plain.sim.world));
        fl_replay_player_free(&plain);
    }
    assert_true(fl_replay_player_seek(&seeker, s.rec.steps, &err, NULL, NULL) == FL_REPLAY_STEPPED);
    assert_true(fl_state_hash(seeker.sim.world) == recorded);
    assert_int_equal(fl_replay_player_step(&seeker, &err, NULL, NULL), FL_REPLAY_DONE);
    if (keep) {
        assert_int_equal(seeker.snapshot_every, 120);
        assert_true(seeker.snapshot_count >= 2 && seeker.snapshot_count <= 3);
    }
    fl_replay_player_free(&seeker);
    fl_sim_free(&s.sim);
    fl_replay_free(&s.rec);
}

static void test_seeking_is_playing(void **state)
{
    (void)state;
    seek_case(0);
    seek_case(1);
}

/* The recording's text with the first `from` replaced by `to`. */
static char *tampered(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    assert_non_null(at);
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

static void expect_error(const char *text, int line, int column, const char *words)
{
    fl_replay r;
    fl_scene_error err;
    if (fl_replay_parse(text, strlen(text), &r, &err)) {
        fl_replay_free(&r);
        fail_msg("read, though it should fail with \"%s\"", words);
    }
    if (err.line != line || (column && err.column != column) || !strstr(err.message, words))
        fail_msg("got %d:%d: %s; expected %d:%d: ...%s...", err.line, err.column, err.message,
                 line, column, words);
    assert_int_equal(r.scene_count, 0); /* nothing half-loaded */
}

static void test_tampered_replays_are_refused(void **state)
{
    (void)state;
    session s;
    uint64_t recorded;
    record_everything(&s, &recorded);
    size_t len;
    char *text = write_text(&s.rec, &len);

    /* One number altered: it reads, but stops agreeing at the next checkpoint. */
    char *t = tampered(text, "surface=2.7", "surface=2.71");
    fl_replay r;
    fl_scene_error err;
    assert_true(fl_replay_parse(t, strlen(t), &r, &err));
    uint64_t at, final;
    assert_int_equal(play(&r, &at, &final), -1);
    uint64_t fluid_step = 0;
    for (int i = 0; i < r.input_count; i++)
        if (r.inputs[i].kind == FL_INPUT_FLUID)
            fluid_step = r.inputs[i].step;
    assert_int_equal(at, (fluid_step / 60 + 1) * 60);
    fl_replay_free(&r);
    free(t);

    /* A checkpoint's hash altered: refused at that step. */
    const char *check = strstr(text, "\ncheck 120 ");
    assert_non_null(check);
    char *c = strdup(text);
    char *digit = c + (check - text) + strlen("\ncheck 120 ");
    *digit = *digit == '0' ? '1' : '0';
    assert_true(fl_replay_parse(c, strlen(c), &r, &err));
    assert_int_equal(play(&r, &at, &final), -1);
    assert_int_equal(at, 120);
    fl_replay_free(&r);
    free(c);

    /* Cut short: no end. */
    char *cut = strdup(text);
    cut[strstr(cut, "\nend ") - cut + 1] = '\0';
    int lines = line_of(text, "\nend ") + 1;
    expect_error(cut, lines, 1, "no 'end'");
    free(cut);

    /* Cut inside the first scene. */
    cut = strdup(text);
    cut[strstr(cut, "fluid name=water") - cut] = '\0';
    expect_error(cut, 3, 1, "the file ends after");
    free(cut);

    t = tampered(text, "flotsam-replay 1", "flotsam-replay 2");
    expect_error(t, 1, 16, "unsupported replay version '2'");
    free(t);

    /* An input for a body that does not exist: refused when it applies. */
    t = tampered(text, "remove body=", "remove body=7");
    assert_true(fl_replay_parse(t, strlen(t), &r, &err));
    fl_replay_player p;
    assert_true(fl_replay_player_start(&p, &r, &err));
    fl_replay_status st;
    while ((st = fl_replay_player_step(&p, &err, NULL, NULL)) == FL_REPLAY_STEPPED)
        ;
    assert_int_equal(st, FL_REPLAY_FAILED);
    assert_int_equal(err.line, line_of(text, "remove body="));
    assert_non_null(strstr(err.message, "no body with id"));
    fl_replay_player_free(&p);
    fl_replay_free(&r);
    free(t);

    /* Each a change to the text, where the error is (the line of `at`, plus
     * `down` lines), and words of the message. */
    static const struct {
        const char *from, *to, *at;
        int down, column;
        const char *words;
    } cases[] = {
        /* An error inside an embedded scene is at the replay's line. */
        {"density=600", "density=-600", "density=600", 0, 0, "density"},
        {"\nat ", "\nat x", "\nat ", 1, 4, "whole number"},
        {" release", " let-go", " release", 0, 0, "unknown input 'let-go'"},
        {" drag target=", " drag target=1,2 target=", " drag target=", 0, 0, "given twice"},
        {"\nend ", "\nfinish ", "\nend ", 1, 1, "unknown statement 'finish'"},
        {"build scene=0", "build scene=5", "build scene=0", 0, 0, "no scene 5"},
    };
    for (int i = 0; i < COUNT(cases); i++) {
        t = tampered(text, cases[i].from, cases[i].to);
        expect_error(t, line_of(text, cases[i].at) + cases[i].down, cases[i].column,
                     cases[i].words);
        free(t);
    }
    expect_error("", 1, 1, "not a replay");
    expect_error("flotsam-scene 1\n", 1, 1, "not a replay");
    expect_error("flotsam-replay 1\nat 3 release\n", 2, 1, "first statement is the scene");

    free(text);
    fl_sim_free(&s.sim);
    fl_replay_free(&s.rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recorded_session_replays_bit_for_bit),
        cmocka_unit_test(test_tampered_replays_are_refused),
        cmocka_unit_test(test_seeking_is_playing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
