/* Reading replays ("flotsam-replay 1", docs/replay-format.md) with the care
 * scene files get: the scene lexer's tokens and values, every error at its
 * line and column (inside an embedded scene too), nothing half-loaded.
 * fl_replay_parse stops at the first problem; fl_replay_parse_all reads on
 * past each (a line with one is dropped), as the scene parser does, and also
 * follows the world the inputs are applied to as far as reading can tell
 * (replay_check.c). Both read with the same functions: up to the first
 * problem they do the same. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "replay_internal.h"
#include "scene_parser.h"

typedef struct reader {
    parser *p;              /* the scene value readers' state: only its err is used */
    fl_replay *r;           /* what is read so far */
    fl_scene_error *err;    /* the problem being reported */
    const char *text;
    size_t len, offset;     /* the next line starts at offset */
    scene_line line;        /* the current line */
    bool has_header;
    int end_line;           /* where 'end' is (0: not yet read) */
    /* The last input whose step read (dropped or not): the next may not
     * come before it. */
    uint64_t last_step;
    int last_input_line;    /* 0: none yet */
    bool stopped;           /* no more problems are kept: reading stops */
    bool cut;               /* the rest of the text cannot be read */
    /* Reading on past problems (fl_replay_parse_all): */
    bool all;
    fl_scene_error current; /* what err points to */
    scene_problems problems;
    fl_scene_error first;   /* the first problem of reading: what fl_replay_parse reports */
    bool has_first;
    bool kept;              /* the problem the line ends with is kept already */
    bool told_no_scene;     /* a statement came before any scene, and was told */
    replay_world world;
} reader;

static bool fail(reader *rd, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);

static bool fail(reader *rd, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    scene_set_error_va(rd->err, at, false, fmt, ap);
    va_end(ap);
    return false;
}

/* fail for memory that could not be had (for what `what` says). */
static bool fail_no_memory(reader *rd, scene_pos at, const char *what)
{
    scene_set_no_memory(rd->err, at, "%s", what);
    return false;
}

/* ---- problems ----------------------------------------------------------------- */

static void add_problem(reader *rd, const fl_scene_error *e)
{
    if (!rd->stopped && !scene_problems_add(&rd->problems, e))
        rd->stopped = true;
}

/* A problem of reading (not of playing): the first is the one
 * fl_replay_parse reports. */
static void note_first(reader *rd, const fl_scene_error *e)
{
    if (rd->all && !rd->has_first) {
        rd->first = *e;
        rd->has_first = true;
    }
}

/* Keeps the problem in rd->err. Reading one problem only, that is the end
 * of reading; reading them all, it goes into the list and reading goes on
 * (unless the list is full). */
static void keep(reader *rd)
{
    if (rd->kept) {
        rd->kept = false;
        return;
    }
    if (rd->stopped)
        return;
    if (!rd->all) {
        rd->stopped = true; /* *rd->err is the caller's: the one reported */
        return;
    }
    note_first(rd, rd->err);
    add_problem(rd, rd->err);
}

/* Keeps the problem in rd->err; true when reading goes on past it. */
static bool go_on(reader *rd)
{
    keep(rd);
    return !rd->stopped;
}

/* Where the problems of a piece of scene text embedded in the replay are. */
typedef struct embedded {
    reader *rd;
    int first;              /* the replay's line of the text's line 1; 0: all at head */
    int head;               /* where a problem of no line is put */
} embedded;

static fl_scene_error in_replay(const embedded *at, const fl_scene_error *e)
{
    fl_scene_error moved = *e;
    moved.line = at->first > 0 && e->line > 0 ? at->first + e->line - 1 : at->head;
    return moved;
}

/* Each problem of an embedded text, as fl_scene_parse_all gives them. */
static void keep_embedded(void *ctx, const fl_scene_error *e)
{
    const embedded *at = ctx;
    fl_scene_error moved = in_replay(at, e);
    add_problem(at->rd, &moved);
}

/* After an embedded text with problems: *first (the first found) is the
 * one to report; reading them all, they are kept already. */
static bool embedded_failed(reader *rd, const embedded *at, const fl_scene_error *first)
{
    *rd->err = in_replay(at, first);
    if (rd->all) {
        note_first(rd, rd->err);
        rd->kept = true;
    }
    return false;
}

/* ---- tokens ----------------------------------------------------------------------- */

static scene_pos line_start(const reader *rd)
{
    return (scene_pos){rd->line.number, 1};
}

/* A whole number token (bare, or a field's value) from 0 to most. */
static bool read_count(reader *rd, const char *s, size_t n, scene_pos at, uint64_t most,
                       const char *what, uint64_t *out)
{
    uint64_t v = 0;
    if (n == 0 || n > 20)
        return fail(rd, at, "%s must be a whole number", what);
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return fail(rd, at, "%s must be a whole number", what);
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (most - d) / 10)
            return fail(rd, at, "%s must be at most %" PRIu64, what, most);
        v = 10 * v + d;
    }
    *out = v;
    return true;
}

static bool read_hash(reader *rd, const scene_token *t, uint64_t *out)
{
    uint64_t v = 0;
    if (t->has_value || t->key_len != 16)
        return fail(rd, t->key_pos, "a hash is 16 hexadecimal digits");
    for (size_t i = 0; i < 16; i++) {
        char c = t->key[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return fail(rd, t->key_pos, "a hash is 16 hexadecimal digits (0-9, a-f)");
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

/* The next token of the line, which must be there. */
static bool next_token(reader *rd, scene_cursor *c, scene_token *t, const char *wanted)
{
    scene_lex_result k = scene_lex_next(c, t, rd->err);
    if (k == SCENE_LEX_ERROR)
        return false;
    if (k == SCENE_LEX_END)
        return fail(rd, (scene_pos){rd->line.number, scene_count_chars(rd->line.text, c->at) + 1},
                    "expected %s", wanted);
    return true;
}

static bool at_line_end(reader *rd, scene_cursor *c)
{
    scene_token t;
    scene_lex_result k = scene_lex_next(c, &t, rd->err);
    if (k == SCENE_LEX_ERROR)
        return false;
    if (k == SCENE_LEX_TOKEN) {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.text, t.text_len);
        return fail(rd, t.key_pos, "unexpected '%s'", q);
    }
    return true;
}

/* ---- fields of an input: key=value, each at most once ------------------------ */

enum { X_BODY, X_ANCHOR, X_TARGET, X_INDEX, X_SURFACE, X_SCENE, X_VALUE, X_FORCE, X_FROM, X_TO,
       X_DENSITY, X_LINEAR, X_ANGULAR, X_AMPLITUDE, X_LENGTH, X_VECTOR, X_COUNT };
static const char *const field_names[X_COUNT] = {
    "body", "anchor", "target", "index", "surface", "scene", "value", "force", "from", "to",
    "density", "linear-drag", "angular-drag", "wave-amplitude", "wave-length", "vector"};

/* A number of a `water` input, at least 0 (or above 0 where `positive`). */
static bool read_not_negative(reader *rd, const scene_token *t, bool positive, double *out)
{
    if (!scene_read_number(rd->p, t, out))
        return false;
    if (positive ? !(*out > 0.0) : !(*out >= 0.0)) {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t->key, t->key_len);
        return fail(rd, t->value_pos, "%s must be %s 0", q, positive ? ">" : ">=");
    }
    return true;
}

/* The value of field f into *in; its place into *where. */
static bool read_field(reader *rd, int f, const scene_token *t, fl_input *in, input_where *where)
{
    uint64_t n = 0;
    switch (f) {
    case X_BODY:
        where->body = t->value_pos;
        if (!read_count(rd, t->value, t->value_len, t->value_pos, UINT32_MAX, "a body id", &n))
            return false;
        in->body = (uint32_t)n;
        return true;
    case X_ANCHOR:
    case X_FROM: return scene_read_point(rd->p, t, &in->anchor);
    case X_TARGET:
    case X_TO:
        where->to = t->value_pos;
        return scene_read_point(rd->p, t, &in->target);
    case X_INDEX:
        where->fluid = t->value_pos;
        if (!read_count(rd, t->value, t->value_len, t->value_pos, 1000000, "a fluid index", &n))
            return false;
        in->fluid = (int)n;
        return true;
    case X_SURFACE:
        where->surface = t->value_pos;
        return scene_read_number(rd->p, t, &in->surface);
    case X_VALUE:
    case X_DENSITY: return scene_read_real(rd->p, t, F_DENSITY, SCALE, &in->density);
    case X_LINEAR: return read_not_negative(rd, t, false, &in->linear_drag);
    case X_ANGULAR: return read_not_negative(rd, t, false, &in->angular_drag);
    case X_AMPLITUDE:
        where->surface = t->value_pos; /* a wave too steep is told here */
        return read_not_negative(rd, t, false, &in->wave_amplitude);
    case X_LENGTH: return read_not_negative(rd, t, true, &in->wave_length);
    case X_VECTOR: return scene_read_point(rd->p, t, &in->gravity);
    case X_FORCE:
        if (!scene_read_number(rd->p, t, &in->force))
            return false;
        if (!(in->force > 0.0))
            return fail(rd, t->value_pos, "force must be > 0");
        return true;
    default:
        if (!read_count(rd, t->value, t->value_len, t->value_pos, 1000000, "a scene index", &n))
            return false;
        if ((int)n >= rd->r->scene_count)
            return fail(rd, t->value_pos, "no scene %d before this line (%d so far)", (int)n,
                        rd->r->scene_count);
        in->scene = (int)n;
        return true;
    }
}

static bool read_fields(reader *rd, scene_cursor *c, unsigned allowed, unsigned needed,
                        fl_input *in, input_where *where)
{
    unsigned seen = 0;
    scene_token t;
    scene_lex_result k;
    scene_pos end = {rd->line.number, 1};
    while ((k = scene_lex_next(c, &t, rd->err)) == SCENE_LEX_TOKEN) {
        int f = -1;
        for (int i = 0; i < X_COUNT; i++)
            if (scene_token_is(&t, field_names[i]))
                f = i;
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.key, t.key_len);
        if (f < 0 || !(allowed & (1u << f)))
            return fail(rd, t.key_pos, "unknown field '%s' here", q);
        if (seen & (1u << f))
            return fail(rd, t.key_pos, "'%s' given twice", q);
        if (!t.has_value)
            return fail(rd, t.key_pos, "'%s' needs a value (%s=...)", q, q);
        seen |= 1u << f;
        if (!read_field(rd, f, &t, in, where))
            return false;
        end = t.value_pos;
    }
    if (k == SCENE_LEX_ERROR)
        return false;
    for (int i = 0; i < X_COUNT; i++)
        if ((needed & (1u << i)) && !(seen & (1u << i)))
            return fail(rd, end, "missing field '%s'", field_names[i]);
    return true;
}

/* ---- statements ------------------------------------------------------------ */

/* Takes the next line of the text into rd->line; false at the end. */
static bool take_line(reader *rd)
{
    return scene_lex_next_line(rd->text, rd->len, &rd->offset, &rd->line);
}

/* Reading them all: keeps the place of a scene that did not read, so that
 * the scenes after it keep their numbers (out of memory, nothing after it
 * is read). */
static void hold_place(reader *rd, int first, int head)
{
    int k = replay_add_unread_scene(rd->r);
    if (k >= 0) {
        rd->r->scenes[k].line = first;
        return;
    }
    fail_no_memory(rd, (scene_pos){head, 1}, "the replay's scenes");
    add_problem(rd, rd->err);
    rd->cut = true;
}

/* The scene text of a `scene` statement on line head, whose first line is
 * line first of the replay. */
static bool add_scene(reader *rd, const char *text, size_t len, int first, int head)
{
    embedded at = {rd, first, head};
    fl_scene_error e;
    int k = replay_add_scene(rd->r, text, len, rd->all ? keep_embedded : NULL, &at, &e);
    if (k < 0) {
        embedded_failed(rd, &at, &e);
        if (rd->all)
            hold_place(rd, first, head);
        return false;
    }
    rd->r->scenes[k].line = first;
    /* The world starts from scene 0, when nothing came before it. */
    if (rd->all && k == 0 && !rd->told_no_scene)
        replay_world_build(&rd->world, rd->r, 0);
    return true;
}

static bool read_scene(reader *rd, scene_cursor *c)
{
    scene_token t;
    uint64_t lines = 0;
    /* Until its number of lines reads, where the scene ends is not known. */
    rd->cut = true;
    if (!next_token(rd, c, &t, "lines=N"))
        return false;
    if (!scene_token_is(&t, "lines") || !t.has_value)
        return fail(rd, t.key_pos, "expected lines=N after 'scene'");
    if (!read_count(rd, t.value, t.value_len, t.value_pos, 10000000, "lines", &lines))
        return false;
    rd->cut = false;
    if (!at_line_end(rd, c) && !go_on(rd))
        return false;
    scene_pos head = line_start(rd);
    if (lines == 0) {
        fail(rd, t.value_pos, "a scene has at least one line");
        if (!go_on(rd))
            return false;
        hold_place(rd, head.line + 1, head.line);
        return true;
    }
    size_t start = rd->offset;
    int first = rd->line.number + 1;
    for (uint64_t i = 0; i < lines; i++) {
        if (!take_line(rd)) {
            rd->cut = true;
            return fail(rd, head, "the scene has %" PRIu64 " lines, but the file ends after %" PRIu64,
                        lines, i);
        }
    }
    return add_scene(rd, rd->text + start, rd->offset - start, first, head.line);
}

/* The body statement on the line after `at N spawn`. */
static bool read_spawn(reader *rd, fl_input *in, scene_pos at)
{
    if (!take_line(rd))
        return fail(rd, at, "'spawn' needs a body statement on the next line");
    static const char head[] = "flotsam-scene 1\n";
    size_t n = sizeof head - 1 + rd->line.len;
    char *text = malloc(n + 1);
    if (!text)
        return fail_no_memory(rd, at, "a spawned body's text");
    memcpy(text, head, sizeof head - 1);
    memcpy(text + sizeof head - 1, rd->line.text, rd->line.len);
    text[n] = '\0';
    fl_scene sc;
    fl_scene_error e;
    /* Every problem is on the spawn's line: the header is not the file's. */
    embedded where = {rd, 0, rd->line.number};
    int problems = fl_scene_parse_all(text, n, &sc, rd->all ? keep_embedded : NULL, &where, &e);
    free(text);
    if (problems > 0)
        return embedded_failed(rd, &where, &e);
    if (sc.body_count != 1 || sc.fluid_count != 0 || sc.rope_count != 0 || sc.has_view) {
        fl_scene_free(&sc);
        return fail(rd, line_start(rd), "'spawn' is followed by one box, ngon or polygon statement");
    }
    if (sc.bodies[0].name[0]) {
        fl_scene_free(&sc);
        return fail(rd, line_start(rd), "a spawned body has no name");
    }
    sc.bodies[0].line = rd->line.number;
    in->spawn = fl_replay_add_spawn(rd->r, &sc.bodies[0]);
    fl_scene_free(&sc);
    return in->spawn >= 0 || fail_no_memory(rd, at, "the replay's spawned bodies");
}

#define WATER_FIELDS                                                                         \
    (1u << X_INDEX | 1u << X_DENSITY | 1u << X_LINEAR | 1u << X_ANGULAR | 1u << X_AMPLITUDE | \
     1u << X_LENGTH)

static const struct {
    const char *word;
    fl_input_kind kind;
    unsigned allowed, needed;
} input_kinds[] = {
    {"spawn", FL_INPUT_SPAWN, 0, 0},
    {"remove", FL_INPUT_REMOVE, 1u << X_BODY, 1u << X_BODY},
    {"grab", FL_INPUT_GRAB, 1u << X_BODY | 1u << X_ANCHOR | 1u << X_TARGET | 1u << X_FORCE,
     1u << X_BODY | 1u << X_ANCHOR | 1u << X_TARGET},
    {"drag", FL_INPUT_DRAG, 1u << X_TARGET, 1u << X_TARGET},
    {"release", FL_INPUT_RELEASE, 0, 0},
    {"fluid", FL_INPUT_FLUID, 1u << X_INDEX | 1u << X_SURFACE, 1u << X_INDEX | 1u << X_SURFACE},
    {"build", FL_INPUT_BUILD, 1u << X_SCENE, 1u << X_SCENE},
    {"density", FL_INPUT_DENSITY, 1u << X_BODY | 1u << X_VALUE, 1u << X_BODY | 1u << X_VALUE},
    {"hole", FL_INPUT_HOLE, 1u << X_BODY | 1u << X_FROM | 1u << X_TO,
     1u << X_BODY | 1u << X_FROM | 1u << X_TO},
    {"water", FL_INPUT_WATER, WATER_FIELDS, WATER_FIELDS},
    {"gravity", FL_INPUT_GRAVITY, 1u << X_VECTOR, 1u << X_VECTOR},
};

#define INPUT_KINDS ((int)(sizeof input_kinds / sizeof input_kinds[0]))

/* The input a token names (an index into input_kinds), or -1. */
static int input_kind_of(const scene_token *t)
{
    for (int k = 0; k < INPUT_KINDS; k++)
        if (scene_token_is(t, input_kinds[k].word) && !t->has_value)
            return k;
    return -1;
}

/* The line of an `at` statement, up to a spawn's body: into *in, with
 * where its values are. */
static bool read_input_line(reader *rd, scene_cursor *c, fl_input *in, input_where *where)
{
    scene_token t;
    uint64_t step = 0;
    memset(in, 0, sizeof *in);
    memset(where, 0, sizeof *where);
    if (!next_token(rd, c, &t, "a step number after 'at'"))
        return false;
    if (t.has_value || !read_count(rd, t.key, t.key_len, t.key_pos, UINT64_MAX / 2, "the step", &step))
        return t.has_value ? fail(rd, t.key_pos, "expected a step number after 'at'") : false;
    if (rd->last_input_line > 0 && step < rd->last_step)
        return fail(rd, t.key_pos, "step %" PRIu64 " comes before the last input's (%" PRIu64 ")",
                    step, rd->last_step);
    rd->last_step = step;
    rd->last_input_line = rd->line.number;
    where->step = t.key_pos;
    if (!next_token(rd, c, &t, "what happens (spawn, remove, grab, drag, release, fluid, density, hole, water, "
                    "gravity, build)"))
        return false;
    in->step = step;
    in->line = rd->line.number;
    int k = input_kind_of(&t);
    if (k < 0) {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.text, t.text_len);
        return fail(rd, t.key_pos, "unknown input '%s'", q);
    }
    in->kind = input_kinds[k].kind;
    return read_fields(rd, c, input_kinds[k].allowed, input_kinds[k].needed, in, where);
}

/* Which input an `at` line names, however the rest of it reads, and where
 * its step is: an index into input_kinds, or -1. */
static int kind_of_line(const scene_line *line, scene_pos *step)
{
    scene_cursor c = {line, 0};
    scene_token t[3];
    fl_scene_error ignored;
    for (int i = 0; i < 3; i++)
        if (scene_lex_next(&c, &t[i], &ignored) != SCENE_LEX_TOKEN)
            return -1;
    *step = t[1].key_pos;
    return input_kind_of(&t[2]);
}

/* After an `at` line with a problem, kept: the input is dropped, but what
 * follows from it is followed as far as it can be. A spawn's body is on
 * the next line, and read for its own problems; a build, or an input of
 * no known kind, leaves the world not known. */
static bool after_bad_input(reader *rd)
{
    scene_pos step = line_start(rd);
    int k = kind_of_line(&rd->line, &step);
    if (k < 0 || input_kinds[k].kind == FL_INPUT_BUILD)
        replay_world_forget(&rd->world);
    if (k < 0 || input_kinds[k].kind != FL_INPUT_SPAWN)
        return true;
    replay_world_spawn_unread(&rd->world);
    fl_input dropped = {0};
    return read_spawn(rd, &dropped, step);
}

static bool read_input(reader *rd, scene_cursor *c)
{
    fl_input in;
    input_where where;
    if (!read_input_line(rd, c, &in, &where))
        return go_on(rd) && after_bad_input(rd);
    if (in.kind == FL_INPUT_SPAWN && !read_spawn(rd, &in, where.step)) {
        replay_world_spawn_unread(&rd->world);
        return false;
    }
    /* Not fl_replay_add_input: a read drag is kept as it was written. */
    if (!replay_append_input(rd->r, &in))
        return fail_no_memory(rd, where.step, "the replay's inputs");
    /* What playing would refuse is a problem, but the input has read. */
    if (rd->all && !replay_world_apply(&rd->world, rd->r, &in, &where, rd->err))
        add_problem(rd, rd->err);
    return true;
}

/* `check STEP HASH` and `end STEP HASH`. */
static bool read_check(reader *rd, scene_cursor *c, bool end)
{
    scene_token t;
    uint64_t step = 0, hash = 0;
    if (end)
        rd->end_line = rd->line.number; /* however the rest of it reads */
    if (!next_token(rd, c, &t, "a step number"))
        return false;
    if (t.has_value)
        return fail(rd, t.key_pos, "expected a step number");
    if (!read_count(rd, t.key, t.key_len, t.key_pos, UINT64_MAX / 2, "the step", &step))
        return false;
    scene_pos at = t.key_pos;
    const fl_replay *r = rd->r;
    if (r->check_count > 0 && step <= r->checks[r->check_count - 1].step)
        return fail(rd, at, "checkpoint at step %" PRIu64 " does not come after the last (%" PRIu64 ")",
                    step, r->checks[r->check_count - 1].step);
    if (end && rd->last_input_line > 0 && rd->last_step >= step)
        return fail(rd, at, "the replay ends at step %" PRIu64 ", but an input comes before step %" PRIu64
                    " (line %d)", step, rd->last_step, rd->last_input_line);
    if (!next_token(rd, c, &t, "a hash (16 hexadecimal digits)") || !read_hash(rd, &t, &hash) ||
        !at_line_end(rd, c))
        return false;
    if (fl_replay_add_check(rd->r, step, hash) != FL_OK)
        return fail_no_memory(rd, at, "the replay's checkpoints");
    rd->r->checks[rd->r->check_count - 1].line = rd->line.number;
    if (end) {
        rd->r->steps = step;
        rd->r->ended = true;
    }
    return true;
}

static bool read_header(reader *rd, scene_cursor *c, const scene_token *first)
{
    scene_token t;
    if (!scene_token_is(first, "flotsam-replay") || first->has_value)
        return fail(rd, first->key_pos, "not a replay: it must start with 'flotsam-replay 1'");
    if (!next_token(rd, c, &t, "a version after 'flotsam-replay'"))
        return false;
    if (t.has_value || t.key_len != 1 || t.key[0] != '1') {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.text, t.text_len);
        return fail(rd, t.key_pos, "unsupported replay version '%s' (this flotsam reads 1)", q);
    }
    rd->has_header = true;
    return at_line_end(rd, c);
}

/* A line whose meaning is not known: it may have been an input that
 * changes the world. */
static bool unknown_line(reader *rd)
{
    replay_world_forget(&rd->world);
    return false;
}

static bool read_statement(reader *rd, scene_cursor *c, const scene_token *t)
{
    bool at = scene_token_is(t, "at"), check = scene_token_is(t, "check"),
         end = scene_token_is(t, "end");
    if (scene_token_is(t, "scene"))
        return read_scene(rd, c);
    if (rd->r->scene_count == 0 && !rd->told_no_scene) {
        /* Said once; a statement it can read is read on. */
        rd->told_no_scene = true;
        fail(rd, t->key_pos, "the first statement is the scene to start from");
        if (!(at || check || end) || !go_on(rd))
            return false;
    }
    if (at)
        return read_input(rd, c);
    if (check || end)
        return read_check(rd, c, end);
    char q[SCENE_QUOTE_SIZE];
    scene_quote(q, t->text, t->text_len);
    fail(rd, t->key_pos, "unknown statement '%s'", q);
    return unknown_line(rd);
}

/* False with the line's problem in rd->err (or kept already). */
static bool read_line(reader *rd)
{
    if (scene_lex_is_blank(&rd->line))
        return true;
    scene_cursor c = {&rd->line, 0};
    scene_token t;
    scene_lex_result k = scene_lex_next(&c, &t, rd->err);
    if (k == SCENE_LEX_END)
        return true;
    if (!rd->has_header) {
        bool ok = k == SCENE_LEX_TOKEN && read_header(rd, &c, &t);
        rd->cut = !rd->has_header; /* without it, nothing else can be read */
        return ok;
    }
    if (k == SCENE_LEX_ERROR)
        return unknown_line(rd);
    if (rd->end_line > 0) {
        rd->cut = true; /* the replay is over: what follows is not read */
        return fail(rd, t.key_pos, "nothing may follow 'end'");
    }
    if (scene_lex_is_indented(&rd->line)) {
        fail(rd, t.key_pos, "a replay's statements are not indented");
        return unknown_line(rd);
    }
    if (t.has_value) {
        fail(rd, t.key_pos, "expected a statement (scene, at, check, end)");
        return unknown_line(rd);
    }
    return read_statement(rd, &c, &t);
}

/* Every line, then what the end of the text says. */
static void read_text(reader *rd)
{
    if (!scene_lex_check_text(rd->text, rd->len, rd->err)) {
        keep(rd);
        return;
    }
    while (!rd->stopped && !rd->cut && take_line(rd))
        if (!read_line(rd))
            keep(rd);
    if (rd->stopped || rd->cut)
        return;
    scene_pos after = {rd->line.number + 1, 1};
    if (!rd->has_header) {
        fail(rd, (scene_pos){1, 1}, "not a replay: it must start with 'flotsam-replay 1'");
        keep(rd);
        return;
    }
    if (rd->r->scene_count == 0 && !rd->told_no_scene) {
        fail(rd, after, "the replay has no scene");
        keep(rd);
    }
    if (!rd->stopped && rd->end_line == 0) {
        fail(rd, after, "the replay has no 'end' line: is it cut short?");
        keep(rd);
    }
}

/* ---- public interface ---------------------------------------------------------- */

/* False, with *err, when out of memory. */
static bool start_reading(reader *rd, const char *text, size_t len, bool all, fl_scene_error *err)
{
    memset(rd, 0, sizeof *rd);
    rd->all = all;
    rd->err = all ? &rd->current : err;
    rd->text = text ? text : "";
    rd->len = text ? len : 0;
    size_t bom = scene_lex_bom(rd->text, rd->len);
    rd->text += bom;
    rd->len -= bom;
    rd->world.scene = -1;
    rd->world.first_spawn = -1;
    rd->p = calloc(1, sizeof *rd->p);
    rd->r = fl_replay_create();
    if (!rd->p || !rd->r) {
        free(rd->p);
        fl_replay_free(rd->r);
        scene_set_no_memory(err, (scene_pos){0, 0}, "the replay reader");
        return false;
    }
    rd->p->err = rd->err;
    return true;
}

/* The replay when it read whole, else NULL (and it is freed). */
static fl_replay *finish_reading(reader *rd, bool whole)
{
    free(rd->p);
    scene_problems_free(&rd->problems);
    replay_world_free(&rd->world);
    if (whole)
        return rd->r;
    fl_replay_free(rd->r);
    return NULL;
}

fl_replay *fl_replay_parse(const char *text, size_t len, fl_scene_error *err)
{
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(err, 0, sizeof *err);
    reader rd;
    if (!start_reading(&rd, text, len, false, err))
        return NULL;
    read_text(&rd);
    return finish_reading(&rd, !rd.stopped);
}

int fl_replay_parse_all(const char *text, size_t len, fl_replay **out, fl_scene_error_fn each,
                        void *ctx, fl_scene_error *err)
{
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(err, 0, sizeof *err);
    if (out == NULL) {
        snprintf(err->message, sizeof err->message, "no replay to fill");
        if (each)
            each(ctx, err);
        return 1;
    }
    *out = NULL;
    reader rd;
    if (!start_reading(&rd, text, len, true, err)) {
        if (each)
            each(ctx, err);
        return 1;
    }
    read_text(&rd);
    int problems = scene_problems_count(&rd.problems);
    if (problems > 0)
        *err = rd.has_first ? rd.first : *scene_problems_first(&rd.problems);
    if (problems > 0 && each)
        scene_problems_report(&rd.problems, each, ctx);
    *out = finish_reading(&rd, problems == 0);
    return problems;
}

bool fl_text_is_replay(const char *text, size_t len)
{
    size_t offset = 0;
    scene_line line = {0};
    if (text == NULL)
        return false;
    offset = scene_lex_bom(text, len);
    while (scene_lex_next_line(text, len, &offset, &line)) {
        fl_scene_error ignored;
        /* Only the first statement's line is looked at, so only it need be clean. */
        if (!scene_lex_check_text(line.text, line.len, &ignored))
            return false;
        if (scene_lex_is_blank(&line))
            continue;
        scene_cursor c = {&line, 0};
        scene_token t;
        return scene_lex_next(&c, &t, &ignored) == SCENE_LEX_TOKEN && !t.has_value &&
               scene_token_is(&t, "flotsam-replay");
    }
    return false;
}

fl_replay *fl_replay_load_file(const char *path, fl_scene_error *err)
{
    FL_ASSERT(path);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    char *data;
    size_t len;
    if (!fl_read_text_file(path, &data, &len, err))
        return NULL;
    fl_replay *r = fl_replay_parse(data, len, err);
    free(data);
    return r;
}
