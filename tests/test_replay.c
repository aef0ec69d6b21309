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
#include "replay_state.h" /* white-box: the checkpoints a player passed, its copies */

static const char scene_text[] =
    "flotsam-scene 1\n"
    "view center=5,3 width=10\n"
    "fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5\n"
    "box name=floor at=5,5.75 size=10,0.5 static\n"
    "box name=crate at=3,2 size=1,1 density=600\n"
    "ngon name=buoy at=7,2.5 sides=6 radius=0.4 density=300\n";

/* A recording in progress: what the sandbox keeps. */
typedef struct session {
    fl_replay *rec;
    fl_sim *sim;
    fl_joint_id grab;
    uint64_t steps;
} session;

static void session_start_with(session *s, const char *text)
{
    memset(s, 0, sizeof *s);
    assert_non_null(s->rec = fl_replay_create());
    fl_scene_error err;
    assert_int_equal(fl_replay_add_scene(s->rec, text, strlen(text), &err), 0);
    fl_scene sc;
    assert_true(fl_replay_scene_read(s->rec, 0, &sc, &err));
    assert_true((s->sim = fl_sim_build(&sc, &err)));
    fl_scene_free(&sc);
}

static void session_start(session *s) { session_start_with(s, scene_text); }

static void session_input(session *s, fl_input in)
{
    in.step = s->steps;
    fl_scene_error err;
    assert_true(fl_replay_apply(s->sim, &s->grab, s->rec, &in, &err));
    assert_int_equal(fl_replay_add_input(s->rec, &in), FL_OK);
}

static void session_steps(session *s, int n)
{
    for (int i = 0; i < n; i++) {
        fl_sim_step(s->sim, NULL); /* as the sandbox steps: a scene's script too */
        if (++s->steps % FL_REPLAY_CHECK_EVERY == 0)
            assert_int_equal(
                fl_replay_add_check(s->rec, s->steps, fl_state_hash(fl_sim_world(s->sim))), FL_OK);
    }
}

static uint32_t id_named(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++)
        if (!strcmp(fl_sim_body_name(s, fl_world_body(fl_sim_world(s), i)), name))
            return fl_body_serial(fl_world_body(fl_sim_world(s), i));
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
    const fl_vec2 corners[4] = {{-0.4, -0.3}, {0.4, -0.3}, {0.4, 0.3}, {-0.4, 0.3}};
    box.points = corners; /* the replay keeps its own copy */
    box.density = 450.0;
    box.angle = 0.1;
    box.friction = d.friction;
    box.restitution = d.restitution;
    box.category = d.category;
    box.mask = d.mask;
    fl_input in = {0};
    in.kind = FL_INPUT_SPAWN;
    in.spawn = fl_replay_add_spawn(s->rec, &box);
    session_input(s, in);
    session_steps(s, 41);
    in = (fl_input){0};
    in.kind = FL_INPUT_GRAB;
    in.body = id_named(s->sim, "crate");
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
    in.kind = FL_INPUT_WATER; /* brine, less drag, waves */
    in.density = 1025.0 + 1.0 / 3.0;
    in.linear_drag = 0.3;
    in.angular_drag = 0.7;
    in.wave_amplitude = 0.05;
    in.wave_length = 4.0;
    session_input(s, in);
    session_steps(s, 11);
    in = (fl_input){0};
    in.kind = FL_INPUT_GRAVITY; /* a little less, and leaning */
    in.gravity = fl_v2(0.1, 9.0);
    session_input(s, in);
    session_steps(s, 7);
    in = (fl_input){0};
    in.kind = FL_INPUT_DENSITY;
    in.body = id_named(s->sim, "crate");
    in.density = 1.0 / 3.0 * 2000.0;
    session_input(s, in);
    session_steps(s, 9);
    in = (fl_input){0};
    in.kind = FL_INPUT_REMOVE;
    in.body = id_named(s->sim, "buoy");
    session_input(s, in);
    session_steps(s, 50);
    in = (fl_input){0};
    in.kind = FL_INPUT_BUILD; /* a reset */
    in.scene = 0;
    session_input(s, in);
    session_steps(s, 47);
    *final_hash = fl_state_hash(fl_sim_world(s->sim));
    assert_int_equal(fl_replay_end(s->rec, s->steps, *final_hash), FL_OK);
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
    fl_scene_error err;
    fl_replay_player *p = fl_replay_player_start(r, &err);
    assert_non_null(p);
    fl_replay_status st;
    while ((st = fl_replay_player_step(p, &err, NULL, NULL)) == FL_REPLAY_STEPPED)
        ;
    *step = fl_replay_player_step_count(p);
    *final_hash = fl_state_hash(fl_sim_world(fl_replay_player_sim(p)));
    int passed = st == FL_REPLAY_DONE ? p->next_check : -1;
    assert_true(st == FL_REPLAY_DONE || st == FL_REPLAY_DIFFERS);
    fl_replay_player_free(p);
    return passed;
}

static void test_recorded_session_replays_bit_for_bit(void **state)
{
    (void)state;
    session s;
    uint64_t recorded;
    record_everything(&s, &recorded);
    /* 20 drags in 10 steps: the ones that share a step were folded. */
    assert_int_equal(fl_replay_steps(s.rec), 30 + 41 + 10 + 25 + 33 + 11 + 7 + 9 + 50 + 47);
    size_t len;
    char *text = write_text(s.rec, &len);
    fl_scene_error err;
    fl_replay *back = fl_replay_parse(text, len, &err);
    if (!back)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    assert_int_equal(fl_replay_input_count(back), fl_replay_input_count(s.rec));
    assert_int_equal(fl_replay_check_count(back), fl_replay_check_count(s.rec));
    assert_int_equal(fl_replay_check_count(back),
                     (int)(fl_replay_steps(s.rec) / FL_REPLAY_CHECK_EVERY) + 1);
    /* Read back, it writes the same text. */
    size_t len2;
    char *again = write_text(back, &len2);
    assert_int_equal(len2, len);
    assert_memory_equal(again, text, len);
    uint64_t at, final;
    assert_int_equal(play(back, &at, &final), fl_replay_check_count(back));
    assert_int_equal(at, fl_replay_steps(s.rec));
    assert_true(final == recorded);
    free(again);
    free(text);
    fl_replay_free(back);
    fl_sim_free(s.sim);
    fl_replay_free(s.rec);
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
    const uint64_t targets[] = {150, 40, 0, 201, 201, 7, fl_replay_steps(s.rec), 130, 9, 236};
    fl_scene_error err;
    fl_replay_player *seeker = fl_replay_player_start(s.rec, &err);
    assert_non_null(seeker);
    if (keep)
        fl_replay_player_keep(seeker, 60, 3);
    for (int i = 0; i < COUNT(targets); i++) {
        fl_replay_status st = fl_replay_player_seek(seeker, targets[i], &err, NULL, NULL);
        assert_true(st == FL_REPLAY_STEPPED);
        assert_int_equal(fl_replay_player_step_count(seeker), targets[i]);
        fl_replay_player *plain = fl_replay_player_start(s.rec, &err);
        assert_non_null(plain);
        while (fl_replay_player_step_count(plain) < targets[i])
            assert_int_equal(fl_replay_player_step(plain, &err, NULL, NULL), FL_REPLAY_STEPPED);
        const fl_world *sw = fl_sim_world(fl_replay_player_sim(seeker));
        const fl_world *pw = fl_sim_world(fl_replay_player_sim(plain));
        assert_true(fl_state_hash(sw) == fl_state_hash(pw));
        assert_int_equal(fl_world_body_count(sw), fl_world_body_count(pw));
        fl_replay_player_free(plain);
    }
    assert_true(fl_replay_player_seek(seeker, fl_replay_steps(s.rec), &err, NULL, NULL) ==
                FL_REPLAY_STEPPED);
    assert_true(fl_state_hash(fl_sim_world(fl_replay_player_sim(seeker))) == recorded);
    assert_int_equal(fl_replay_player_step(seeker, &err, NULL, NULL), FL_REPLAY_DONE);
    if (keep) {
        assert_int_equal(seeker->snapshot_every, 120);
        assert_true(seeker->snapshot_count >= 2 && seeker->snapshot_count <= 3);
    }
    fl_replay_player_free(seeker);
    fl_sim_free(s.sim);
    fl_replay_free(s.rec);
}

/* The water made twice as dense by an input: a box of half its first
 * density, floating half under (draft 0.5 m), settles a quarter under
 * (0.25 m), as Archimedes says; gravity halved moves neither draft. */
static void test_water_input_moves_the_draft(void **state)
{
    (void)state;
    static const char text[] = "flotsam-scene 1\n"
                               "fluid density=1000 surface=5 left=-10 right=10 bottom=9\n"
                               "box name=box at=0,5 size=1,1 density=500\n";
    session s;
    session_start_with(&s, text);
    fl_body_id box = fl_world_body(fl_sim_world(s.sim), 0);
    fl_hydrostatics hs;
    session_steps(&s, 1200);
    assert_true(fl_buoyancy_hydrostatics(fl_sim_buoyancy(s.sim), box, 0.0, &hs));
    ASSERT_NEAR(hs.draft, 0.5, 1e-6);
    fl_input in = {0};
    in.kind = FL_INPUT_WATER;
    in.density = 2000.0;
    in.linear_drag = 0.5;
    in.angular_drag = 1.0;
    in.wave_length = 10.0;
    session_input(&s, in);
    session_steps(&s, 9000); /* the bob from 0.5 m dies away in the drag: 150 s */
    assert_true(fl_buoyancy_hydrostatics(fl_sim_buoyancy(s.sim), box, 0.0, &hs));
    ASSERT_NEAR(hs.draft, 0.25, 1e-6);
    in = (fl_input){0};
    in.kind = FL_INPUT_GRAVITY;
    in.gravity = fl_v2(0.0, 9.81 / 2);
    session_input(&s, in);
    session_steps(&s, 600);
    assert_true(fl_buoyancy_hydrostatics(fl_sim_buoyancy(s.sim), box, 0.0, &hs));
    ASSERT_NEAR(hs.draft, 0.25, 1e-6);
    assert_true(fl_world_gravity(fl_sim_world(s.sim)).y == 9.81 / 2);
    fl_sim_free(s.sim);
    fl_replay_free(s.rec);
}

static void test_seeking_is_playing(void **state)
{
    (void)state;
    seek_case(0);
    seek_case(1);
}

/* The scene's own script removes the body the mouse spring holds, between
 * two inputs: the world frees the spring with the body, and the inputs
 * after it (a drag, a release, a grab of another body) must not reach the
 * freed spring, live or played back. */
static void test_grab_outlives_a_scripted_remove(void **state)
{
    (void)state;
    static const char scripted[] =
        "flotsam-scene 1\n"
        "fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5\n"
        "box name=floor at=5,5.75 size=10,0.5 static\n"
        "box name=crate at=3,2 size=1,1 density=600\n"
        "ngon name=buoy at=7,2.5 sides=6 radius=0.4 density=300\n"
        "at step=5 remove crate\n";
    session s;
    session_start_with(&s, scripted);
    session_steps(&s, 2);
    fl_input in = {0};
    in.kind = FL_INPUT_GRAB;
    in.body = id_named(s.sim, "crate");
    in.target = fl_v2(3.0, 1.5);
    session_input(&s, in);
    assert_false(ID_NULL(s.grab));
    session_steps(&s, 6); /* the crate, and the spring with it, go at step 5 */
    assert_int_equal(fl_world_joint_count(fl_sim_world(s.sim)), 0);
    in = (fl_input){0};
    in.kind = FL_INPUT_DRAG;
    in.target = fl_v2(3.5, 1.0);
    session_input(&s, in);
    session_steps(&s, 1);
    in = (fl_input){0};
    in.kind = FL_INPUT_RELEASE;
    session_input(&s, in);
    assert_true(ID_NULL(s.grab));
    in = (fl_input){0};
    in.kind = FL_INPUT_GRAB;
    in.body = id_named(s.sim, "buoy");
    in.target = fl_v2(7.0, 1.5);
    session_input(&s, in);
    assert_false(ID_NULL(s.grab));
    assert_int_equal(fl_world_joint_count(fl_sim_world(s.sim)), 1);
    session_steps(&s, 3);
    uint64_t recorded = fl_state_hash(fl_sim_world(s.sim));
    assert_int_equal(fl_replay_end(s.rec, s.steps, recorded), FL_OK);
    uint64_t at, final;
    assert_int_equal(play(s.rec, &at, &final), fl_replay_check_count(s.rec));
    assert_true(final == recorded);
    fl_sim_free(s.sim);
    fl_replay_free(s.rec);
}

/* A replay given again what it holds already (a spawn of one of its own
 * spawns, an input copied from its own list): the ninth of each grows the
 * list, and the one it copies must be read before the list moves. */
static void test_entries_copied_from_their_own_lists(void **state)
{
    (void)state;
    fl_replay *r = fl_replay_create();
    assert_non_null(r);
    fl_scene_body box;
    memset(&box, 0, sizeof box);
    box.shape = FL_SCENE_BOX;
    box.at = fl_v2(4.0, 1.0);
    box.size = fl_v2(0.5, 0.25);
    box.density = 500.0;
    assert_int_equal(fl_replay_add_spawn(r, &box), 0);
    for (int i = 1; i <= 8; i++)
        assert_int_equal(fl_replay_add_spawn(r, fl_replay_spawn(r, i - 1)), i);
    fl_input in = {0};
    in.kind = FL_INPUT_SPAWN;
    in.step = 3;
    assert_int_equal(fl_replay_add_input(r, &in), FL_OK);
    for (int i = 1; i <= 8; i++)
        assert_int_equal(fl_replay_add_input(r, fl_replay_input(r, i - 1)), FL_OK);
    for (int i = 0; i <= 8; i++) {
        assert_true(fl_replay_spawn(r, i)->size.x == 0.5 && fl_replay_spawn(r, i)->size.y == 0.25);
        assert_true(fl_replay_input(r, i)->kind == FL_INPUT_SPAWN &&
                    fl_replay_input(r, i)->step == 3);
    }
    fl_replay_free(r);
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
    fl_scene_error err;
    fl_replay *r = fl_replay_parse(text, strlen(text), &err);
    if (r) {
        fl_replay_free(r);
        fail_msg("read, though it should fail with \"%s\"", words);
    }
    if (err.line != line || (column && err.column != column) || !strstr(err.message, words))
        fail_msg("got %d:%d: %s; expected %d:%d: ...%s...", err.line, err.column, err.message,
                 line, column, words);
    /* Reading them all finds it too, and names it first. */
    fl_scene_error first;
    assert_true(fl_replay_parse_all(text, strlen(text), &r, NULL, NULL, &first) > 0);
    assert_int_equal(first.line, err.line);
    assert_int_equal(first.column, err.column);
    assert_string_equal(first.message, err.message);
    assert_null(r); /* nothing half-loaded */
}

static void test_tampered_replays_are_refused(void **state)
{
    (void)state;
    session s;
    uint64_t recorded;
    record_everything(&s, &recorded);
    size_t len;
    char *text = write_text(s.rec, &len);

    /* One number altered: it reads, but stops agreeing at the next checkpoint. */
    char *t = tampered(text, "surface=2.7", "surface=2.71");
    fl_scene_error err;
    fl_replay *r = fl_replay_parse(t, strlen(t), &err);
    assert_non_null(r);
    uint64_t at, final;
    assert_int_equal(play(r, &at, &final), -1);
    uint64_t fluid_step = 0;
    for (int i = 0; i < fl_replay_input_count(r); i++)
        if (fl_replay_input(r, i)->kind == FL_INPUT_FLUID)
            fluid_step = fl_replay_input(r, i)->step;
    assert_int_equal(at, (fluid_step / 60 + 1) * 60);
    fl_replay_free(r);
    free(t);

    /* A checkpoint's hash altered: refused at that step. */
    const char *check = strstr(text, "\ncheck 120 ");
    assert_non_null(check);
    char *c = strdup(text);
    char *digit = c + (check - text) + strlen("\ncheck 120 ");
    *digit = *digit == '0' ? '1' : '0';
    assert_non_null(r = fl_replay_parse(c, strlen(c), &err));
    assert_int_equal(play(r, &at, &final), -1);
    assert_int_equal(at, 120);
    fl_replay_free(r);
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
    assert_non_null(r = fl_replay_parse(t, strlen(t), &err));
    fl_replay_player *p = fl_replay_player_start(r, &err);
    assert_non_null(p);
    fl_replay_status st;
    while ((st = fl_replay_player_step(p, &err, NULL, NULL)) == FL_REPLAY_STEPPED)
        ;
    assert_int_equal(st, FL_REPLAY_FAILED);
    assert_int_equal(err.line, line_of(text, "remove body="));
    assert_non_null(strstr(err.message, "no body with id"));
    fl_replay_player_free(p);
    fl_replay_free(r);
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
        {" wave-length=4", " wave-length=0", " wave-length=4", 0, 0, "wave-length must be > 0"},
        {" linear-drag=0.3", " linear-drag=-0.3", " linear-drag=0.3", 0, 0,
         "linear-drag must be >= 0"},
        {" water index=0 density=", " water index=0 density=-", " water index=0 density=", 0, 0,
         "density"},
        {" gravity vector=0.1,9", " gravity vector=0.1", " gravity vector=0.1,9", 0, 0, "point"},
        {" water index=0", " water index=0 surface=3", " water index=0", 0, 0,
         "unknown field 'surface'"},
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
    fl_sim_free(s.sim);
    fl_replay_free(s.rec);
}

typedef struct collected {
    fl_scene_error errors[16];
    int count;
} collected;

static void collect(void *ctx, const fl_scene_error *err)
{
    collected *c = ctx;
    if (c->count < COUNT(c->errors))
        c->errors[c->count] = *err;
    c->count++;
}

/* Asserts that text has exactly the problems at where[] (line, column),
 * with those words, in that order. */
static void expect_all(const char *text, int n, const int where[][2], const char *const words[])
{
    fl_replay *r;
    collected c = {0};
    int got = fl_replay_parse_all(text, strlen(text), &r, collect, &c, NULL);
    for (int i = 0; i < c.count && got != n && i < COUNT(c.errors); i++)
        print_message("%d:%d: %s\n", c.errors[i].line, c.errors[i].column, c.errors[i].message);
    assert_int_equal(got, n);
    assert_int_equal(c.count, n);
    assert_null(r);
    for (int i = 0; i < n; i++)
        if (c.errors[i].line != where[i][0] || c.errors[i].column != where[i][1] ||
            !strstr(c.errors[i].message, words[i]))
            fail_msg("problem %d: got %d:%d: %s; expected %d:%d: ...%s...", i,
                     c.errors[i].line, c.errors[i].column, c.errors[i].message, where[i][0],
                     where[i][1], words[i]);
}

/* Every problem of the replay's own lines and of its scenes, at the
 * replay's lines, in order; the first found is fl_replay_parse's. */
static void test_parse_all(void **state)
{
    (void)state;
    static const char text[] =
        "flotsam-replay 1\n"
        "scene lines=3\n"
        "flotsam-scene 1\n"
        "box at=0,0 size=1,1 densty=5\n"         /* 4:21 */
        "box name=b at=2,0 size=1,1 density=0\n"  /* 5:36 */
        "at 3 grab body=0 anchor=0,0\n"           /* 6:25, after the last field: no target */
        "at 2 release\n"                          /* 7:4: the grab at 3 was dropped, but not its step */
        "at x drag target=1,1\n"                  /* 8:4 */
        "at 9 spawn\n"
        "box at=1,1 size=1,1 density=-1\n"        /* 10:29, in the spawned body */
        "check 60 123\n"                          /* 11:10 */
        "end 61 0000000000000000\n";
    static const int where[][2] = {{4, 21}, {5, 36}, {6, 25}, {7, 4}, {8, 4}, {10, 29}, {11, 10}};
    static const char *const words[] = {"unknown field 'densty'", "density", "missing field 'target'",
                                        "comes before the last input's (3)", "whole number",
                                        "density", "16 hexadecimal"};
    expect_all(text, COUNT(where), where, words);
    fl_replay *r;
    fl_scene_error one, first;
    assert_null(fl_replay_parse(text, strlen(text), &one));
    assert_true(fl_replay_parse_all(text, strlen(text), &r, NULL, NULL, &first) > 0);
    assert_int_equal(one.line, 4);
    assert_int_equal(first.line, one.line);
    assert_int_equal(first.column, one.column);
    assert_string_equal(first.message, one.message);
    /* a good replay has none, and is read as fl_replay_parse reads it */
    static const char good[] = "flotsam-replay 1\nscene lines=2\nflotsam-scene 1\n"
                               "box at=0,0 size=1,1 density=5\nat 1 remove body=0\n"
                               "end 2 0000000000000000\n";
    collected c = {0};
    assert_int_equal(fl_replay_parse_all(good, strlen(good), &r, collect, &c, NULL), 0);
    assert_int_equal(c.count, 0);
    assert_int_equal(fl_replay_input_count(r), 1);
    assert_int_equal(fl_replay_scene_count(r), 1);
    assert_int_equal(fl_replay_scene_line(r, 0), 3);
    fl_replay_free(r);
}

/* Reading stops where the rest cannot be read, and only there. */
static void test_parse_all_stops(void **state)
{
    (void)state;
    /* A scene block that runs past the end: nothing after it. */
    static const int cut[][2] = {{4, 1}, {5, 1}};
    static const char *const cut_words[] = {"unknown statement 'chek'", "file ends after 2"};
    expect_all("flotsam-replay 1\nscene lines=1\nflotsam-scene 1\nchek 1 2\nscene lines=9\n"
               "flotsam-scene 1\nend 1 00\n", 2, cut, cut_words);
    /* A count of lines that does not read: where the scene ends is not known. */
    static const int count[][2] = {{2, 13}};
    static const char *const count_words[] = {"whole number"};
    expect_all("flotsam-replay 1\nscene lines=x\nflotsam-scene 1\nat x\n", 1, count,
               count_words);
    /* Another version: nothing else is read. */
    static const int version[][2] = {{1, 16}};
    static const char *const version_words[] = {"unsupported replay version '3'"};
    expect_all("flotsam-replay 3\nat x\n", 1, version, version_words);
    /* After `end`, one problem however much follows. */
    static const int after[][2] = {{5, 1}};
    static const char *const after_words[] = {"nothing may follow 'end'"};
    expect_all("flotsam-replay 1\nscene lines=1\nflotsam-scene 1\nend 1 0000000000000000\n"
               "at 0 x\nat 0 y\n", 1, after, after_words);
    /* No scene, said once; no end, at the end. */
    static const int bare[][2] = {{2, 1}, {3, 6}, {4, 1}};
    static const char *const bare_words[] = {"first statement is the scene", "unknown input 'x'",
                                             "no 'end' line"};
    expect_all("flotsam-replay 1\nat 0 release\nat 0 x\n", 3, bare, bare_words);
    /* A hundred problems at most, the last saying so. */
    size_t n = 0;
    char *text = malloc(64 + 10 * 300);
    n += (size_t)sprintf(text, "flotsam-replay 1\nscene lines=1\nflotsam-scene 1\n");
    for (int i = 0; i < 300; i++)
        n += (size_t)sprintf(text + n, "oops %d\n", i % 10);
    fl_replay *r;
    collected c = {0};
    assert_int_equal(fl_replay_parse_all(text, n, &r, collect, &c, NULL), FL_SCENE_MAX_ERRORS);
    assert_int_equal(c.count, FL_SCENE_MAX_ERRORS);
    free(text);
}

/* What playing would refuse, told by reading at the value at fault; the
 * player refuses each too. */
static void test_parse_all_follows_the_world(void **state)
{
    (void)state;
    static const char head[] =
        "flotsam-replay 1\n"
        "scene lines=4\n"
        "flotsam-scene 1\n"
        "fluid density=1000 surface=3 left=0 right=10 bottom=5\n"
        "box at=5,6 size=10,1 static\n"
        "box at=3,2 size=1,1 density=600\n";
    static const struct {
        const char *inputs;
        int line, column;
        const char *words;
    } cases[] = {
        {"at 0 remove body=2\n", 7, 18, "no body with id 2 to remove: none here has an id above 1"},
        {"at 0 remove body=1\nat 0 density body=1 value=5\n", 8, 19, "removed on line 7"},
        {"at 0 grab body=0 anchor=0,0 target=1,1\n", 7, 16, "body 0 is static (line 5)"},
        {"at 0 density body=0 value=5\n", 7, 19, "static"},
        {"at 0 hole body=1 from=0,0 to=1,1\n", 7, 16, "no hull (line 6)"},
        {"at 0 fluid index=1 surface=2\n", 7, 18, "no fluid 1 in the world: it has fluids 0 to 0"},
        {"at 0 fluid index=0 surface=5\n", 7, 28, "less than fluid 0's bottom (5)"},
        {"at 0 spawn\nbox at=4,1 size=1,1 static\nat 0 grab body=2 anchor=0,0 target=1,1\n", 9,
         16, "body 2 is static (line 8)"},
        {"at 0 spawn\nbox at=4,1 size=1,1 static\nat 0 remove body=3\n", 9, 18, "above 2"},
    };
    for (int i = 0; i < COUNT(cases); i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%send 1 0000000000000000\n", head, cases[i].inputs);
        const int where[][2] = {{cases[i].line, cases[i].column}};
        const char *const words[] = {cases[i].words};
        expect_all(text, 1, where, words);
        /* Read as ever by fl_replay_parse, and refused by the player at that line. */
        fl_scene_error err;
        fl_replay *r = fl_replay_parse(text, strlen(text), &err);
        assert_non_null(r);
        fl_replay_player *p = fl_replay_player_start(r, &err);
        assert_non_null(p);
        assert_int_equal(fl_replay_player_step(p, &err, NULL, NULL), FL_REPLAY_FAILED);
        assert_int_equal(err.line, cases[i].line);
        fl_replay_player_free(p);
        fl_replay_free(r);
    }
    /* After a build of a scene that did not read, or a line that did not,
     * nothing is known, and nothing is said. */
    static const char unknown[] =
        "flotsam-replay 1\nscene lines=2\nflotsam-scene 1\nbox at=0,0 size=1,1\n"
        "scene lines=2\nflotsam-scene 1\nbox at=0,0 size=1,1 static\n"
        "at 0 build scene=0\nat 0 remove body=5\n"
        "at 0 build scene=1\nat 0 spwan\nbox at=0,0 size=1,1 static\nat 0 remove body=5\n"
        "end 1 0000000000000000\n";
    static const int where[][2] = {{4, 1}, {11, 6}, {12, 1}};
    static const char *const words[] = {"needs 'density'", "unknown input 'spwan'",
                                        "unknown statement 'box'"};
    expect_all(unknown, 3, where, words);
}

/* A replay of many scenes (the window writes one for each scene it loads):
 * an input is checked against the scene its world was built from, however
 * many scenes are read after that one. Scene k's fluid has its bottom at
 * 10 + k; the world starts from scene 0, then is built from the last. */
static void test_parse_all_many_scenes(void **state)
{
    (void)state;
    static const int counts[] = {8, 9, 64};
    for (int c = 0; c < COUNT(counts); c++) {
        int n = counts[c];
        size_t size = 64 + (size_t)n * 96 + 256, len = 0;
        char *text = malloc(size);
        assert_non_null(text);
        len += (size_t)snprintf(text + len, size - len, "flotsam-replay 1\n");
        for (int k = 0; k < n; k++)
            len += (size_t)snprintf(text + len, size - len,
                                    "scene lines=2\nflotsam-scene 1\n"
                                    "fluid density=1000 surface=8 left=0 right=20 bottom=%d\n",
                                    10 + k);
        int first_input = 2 + 3 * n;
        len += (size_t)snprintf(text + len, size - len,
                                "at 0 fluid index=0 surface=10\n" /* scene 0's bottom */
                                "at 0 build scene=%d\n"
                                "at 0 fluid index=0 surface=%d\n" /* above the last's bottom */
                                "at 0 fluid index=0 surface=%d\n" /* the last's bottom */
                                "at 0 fluid index=1 surface=1\n"
                                "end 1 0000000000000000\n",
                                n - 1, 10 + n - 2, 10 + n - 1);
        char bottom0[64], bottom[64];
        snprintf(bottom0, sizeof bottom0, "less than fluid 0's bottom (10)");
        snprintf(bottom, sizeof bottom, "less than fluid 0's bottom (%d)", 10 + n - 1);
        const int where[][2] = {{first_input, 28}, {first_input + 3, 28}, {first_input + 4, 18}};
        const char *const words[] = {bottom0, bottom,
                                     "no fluid 1 in the world: it has fluids 0 to 0"};
        expect_all(text, COUNT(where), where, words);
        free(text);
    }
}

/* A replay is told from a scene by its first statement. */
static void test_text_is_replay(void **state)
{
    (void)state;
    static const char *const yes[] = {"flotsam-replay 1\n", "\xef\xbb\xbf\n# a comment\n\nflotsam-replay 7",
                                      "flotsam-replay"};
    static const char *const no[] = {"", "flotsam-scene 1\n", "  # flotsam-replay 1\n",
                                     "flotsam-replay=1\n", "\x01flotsam-replay 1\n", "replay 1\n"};
    for (int i = 0; i < COUNT(yes); i++)
        assert_true(fl_text_is_replay(yes[i], strlen(yes[i])));
    for (int i = 0; i < COUNT(no); i++)
        assert_false(fl_text_is_replay(no[i], strlen(no[i])));
    assert_false(fl_text_is_replay(NULL, 0));
}

/* A replay keeps its scenes as text: one is read on asking, with a
 * scene's own line numbers counted in the replay; no scene past the last. */
static void test_scenes_read_on_asking(void **state)
{
    (void)state;
    const char text[] = "flotsam-replay 1\n"
                        "scene lines=2\n"
                        "flotsam-scene 1\n"
                        "box at=1,1 size=1,1 density=500\n"
                        "scene lines=3\n"
                        "flotsam-scene 1\n"
                        "box at=1,1 size=1,1 density=500\n"
                        "box at=3,1 size=1,1 static\n"
                        "end 10 0000000000000000\n";
    fl_scene_error err;
    fl_replay *r = fl_replay_parse(text, sizeof text - 1, &err);
    assert_non_null(r);
    assert_int_equal(fl_replay_scene_count(r), 2);
    fl_scene sc;
    assert_true(fl_replay_scene_read(r, 1, &sc, &err));
    assert_int_equal(sc.body_count, 2);
    assert_true(sc.bodies[1].is_static);
    fl_scene_free(&sc);
    assert_false(fl_replay_scene_read(r, 2, &sc, &err));
    assert_non_null(strstr(err.message, "no scene 2"));
    assert_false(fl_replay_scene_read(r, -1, &sc, &err));
    fl_replay_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenes_read_on_asking),
        cmocka_unit_test(test_recorded_session_replays_bit_for_bit),
        cmocka_unit_test(test_tampered_replays_are_refused),
        cmocka_unit_test(test_seeking_is_playing),
        cmocka_unit_test(test_water_input_moves_the_draft),
        cmocka_unit_test(test_grab_outlives_a_scripted_remove),
        cmocka_unit_test(test_entries_copied_from_their_own_lists),
        cmocka_unit_test(test_parse_all),
        cmocka_unit_test(test_parse_all_stops),
        cmocka_unit_test(test_parse_all_follows_the_world),
        cmocka_unit_test(test_parse_all_many_scenes),
        cmocka_unit_test(test_text_is_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
