/* Reading replays ("flotsam-replay 1", docs/replay-format.md) with the care
 * scene files get: the scene lexer's tokens and values, every error at its
 * line and column (inside an embedded scene too), nothing half-loaded. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "replay_internal.h"
#include "scene_parser.h"

typedef struct reader {
    parser *p;              /* the scene value readers' state: only its err is used */
    fl_replay r;
    fl_scene_error *err;
    const char *text;
    size_t len, offset;     /* the next line starts at offset */
    scene_line line;        /* the current line */
    bool has_header;
} reader;

static bool fail(reader *rd, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);

static bool fail(reader *rd, scene_pos at, const char *fmt, ...)
{
    char msg[sizeof rd->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    scene_set_error(rd->err, at, "%s", msg);
    return false;
}

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
       X_COUNT };
static const char *const field_names[X_COUNT] = {"body", "anchor", "target", "index", "surface",
                                                 "scene", "value", "force", "from", "to"};

static bool read_fields(reader *rd, scene_cursor *c, unsigned allowed, unsigned needed,
                        fl_input *in)
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
        uint64_t n = 0;
        double v;
        switch (f) {
        case X_BODY:
            if (!read_count(rd, t.value, t.value_len, t.value_pos, UINT32_MAX, "a body id", &n))
                return false;
            in->body = (uint32_t)n;
            break;
        case X_ANCHOR:
            if (!scene_read_point(rd->p, &t, &in->anchor))
                return false;
            break;
        case X_TARGET:
        case X_TO:
            if (!scene_read_point(rd->p, &t, &in->target))
                return false;
            break;
        case X_FROM:
            if (!scene_read_point(rd->p, &t, &in->anchor))
                return false;
            break;
        case X_INDEX:
            if (!read_count(rd, t.value, t.value_len, t.value_pos, 1000000, "a fluid index", &n))
                return false;
            in->fluid = (int)n;
            break;
        case X_SURFACE:
            if (!scene_read_number(rd->p, &t, &v))
                return false;
            in->surface = v;
            break;
        case X_VALUE:
            if (!scene_read_real(rd->p, &t, F_DENSITY, SCALE, &in->density))
                return false;
            break;
        case X_FORCE:
            if (!scene_read_number(rd->p, &t, &in->force))
                return false;
            if (!(in->force > 0.0))
                return fail(rd, t.value_pos, "force must be > 0");
            break;
        case X_SCENE:
            if (!read_count(rd, t.value, t.value_len, t.value_pos, 1000000, "a scene index", &n))
                return false;
            if ((int)n >= rd->r.scene_count)
                return fail(rd, t.value_pos, "no scene %d before this line (%d so far)", (int)n,
                            rd->r.scene_count);
            in->scene = (int)n;
            break;
        }
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

static bool read_scene(reader *rd, scene_cursor *c)
{
    scene_token t;
    uint64_t lines = 0;
    if (!next_token(rd, c, &t, "lines=N"))
        return false;
    if (!scene_token_is(&t, "lines") || !t.has_value)
        return fail(rd, t.key_pos, "expected lines=N after 'scene'");
    if (!read_count(rd, t.value, t.value_len, t.value_pos, 10000000, "lines", &lines) ||
        !at_line_end(rd, c))
        return false;
    if (lines == 0)
        return fail(rd, t.value_pos, "a scene has at least one line");
    scene_pos head = line_start(rd);
    size_t start = rd->offset;
    int first = rd->line.number + 1;
    for (uint64_t i = 0; i < lines; i++)
        if (!take_line(rd))
            return fail(rd, head, "the scene has %" PRIu64 " lines, but the file ends after %" PRIu64,
                        lines, i);
    fl_scene_error e;
    int k = fl_replay_add_scene(&rd->r, rd->text + start, rd->offset - start, &e);
    if (k < 0) {
        *rd->err = e;
        if (e.line > 0)
            rd->err->line = first + e.line - 1;
        else
            rd->err->line = head.line;
        return false;
    }
    rd->r.scenes[k].line = first;
    return true;
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
        return fail(rd, at, "out of memory");
    memcpy(text, head, sizeof head - 1);
    memcpy(text + sizeof head - 1, rd->line.text, rd->line.len);
    text[n] = '\0';
    fl_scene sc;
    fl_scene_error e;
    bool ok = fl_scene_parse(text, n, &sc, &e);
    free(text);
    if (!ok) {
        *rd->err = e;
        rd->err->line = rd->line.number;
        return false;
    }
    if (sc.body_count != 1 || sc.fluid_count != 0 || sc.rope_count != 0 || sc.has_view) {
        fl_scene_free(&sc);
        return fail(rd, line_start(rd), "'spawn' is followed by one box, ngon or polygon statement");
    }
    if (sc.bodies[0].name[0]) {
        fl_scene_free(&sc);
        return fail(rd, line_start(rd), "a spawned body has no name");
    }
    sc.bodies[0].line = rd->line.number;
    in->spawn = fl_replay_add_spawn(&rd->r, &sc.bodies[0]);
    fl_scene_free(&sc);
    return in->spawn >= 0 || fail(rd, at, "out of memory");
}

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
};

static bool read_input(reader *rd, scene_cursor *c)
{
    scene_token t;
    uint64_t step = 0;
    if (!next_token(rd, c, &t, "a step number after 'at'"))
        return false;
    if (t.has_value || !read_count(rd, t.key, t.key_len, t.key_pos, UINT64_MAX / 2, "the step", &step))
        return t.has_value ? fail(rd, t.key_pos, "expected a step number after 'at'") : false;
    if (rd->r.input_count > 0 && step < rd->r.inputs[rd->r.input_count - 1].step)
        return fail(rd, t.key_pos, "step %" PRIu64 " comes before the last input's (%" PRIu64 ")",
                    step, rd->r.inputs[rd->r.input_count - 1].step);
    scene_pos at = t.key_pos;
    if (!next_token(rd, c, &t, "what happens (spawn, remove, grab, drag, release, fluid, density, hole, build)"))
        return false;
    fl_input in;
    memset(&in, 0, sizeof in);
    in.step = step;
    in.line = rd->line.number;
    size_t k = 0, n = sizeof input_kinds / sizeof input_kinds[0];
    while (k < n && !(scene_token_is(&t, input_kinds[k].word) && !t.has_value))
        k++;
    if (k == n) {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.text, t.text_len);
        return fail(rd, t.key_pos, "unknown input '%s'", q);
    }
    in.kind = input_kinds[k].kind;
    if (!read_fields(rd, c, input_kinds[k].allowed, input_kinds[k].needed, &in))
        return false;
    if (in.kind == FL_INPUT_SPAWN && !read_spawn(rd, &in, at))
        return false;
    /* Not fl_replay_add_input: a read drag is kept as it was written. */
    return replay_append_input(&rd->r, &in) || fail(rd, at, "out of memory");
}

/* `check STEP HASH` and `end STEP HASH`. */
static bool read_check(reader *rd, scene_cursor *c, bool end)
{
    scene_token t;
    uint64_t step = 0, hash = 0;
    if (!next_token(rd, c, &t, "a step number"))
        return false;
    if (t.has_value)
        return fail(rd, t.key_pos, "expected a step number");
    if (!read_count(rd, t.key, t.key_len, t.key_pos, UINT64_MAX / 2, "the step", &step))
        return false;
    scene_pos at = t.key_pos;
    const fl_replay *r = &rd->r;
    if (r->check_count > 0 && step <= r->checks[r->check_count - 1].step)
        return fail(rd, at, "checkpoint at step %" PRIu64 " does not come after the last (%" PRIu64 ")",
                    step, r->checks[r->check_count - 1].step);
    if (end && r->input_count > 0 && r->inputs[r->input_count - 1].step >= step)
        return fail(rd, at, "the replay ends at step %" PRIu64 ", but an input comes before step %" PRIu64
                    " (line %d)", step, r->inputs[r->input_count - 1].step,
                    r->inputs[r->input_count - 1].line);
    if (!next_token(rd, c, &t, "a hash (16 hexadecimal digits)") || !read_hash(rd, &t, &hash) ||
        !at_line_end(rd, c))
        return false;
    if (fl_replay_add_check(&rd->r, step, hash) != FL_OK)
        return fail(rd, at, "out of memory");
    rd->r.checks[rd->r.check_count - 1].line = rd->line.number;
    if (end) {
        rd->r.steps = step;
        rd->r.ended = true;
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

static bool read_line(reader *rd)
{
    if (scene_lex_is_blank(&rd->line))
        return true;
    scene_cursor c = {&rd->line, 0};
    scene_token t;
    scene_lex_result k = scene_lex_next(&c, &t, rd->err);
    if (k == SCENE_LEX_ERROR)
        return false;
    if (k == SCENE_LEX_END)
        return true;
    if (!rd->has_header)
        return read_header(rd, &c, &t);
    if (rd->r.ended)
        return fail(rd, t.key_pos, "nothing may follow 'end'");
    if (scene_lex_is_indented(&rd->line))
        return fail(rd, t.key_pos, "a replay's statements are not indented");
    if (t.has_value)
        return fail(rd, t.key_pos, "expected a statement (scene, at, check, end)");
    if (scene_token_is(&t, "scene"))
        return read_scene(rd, &c);
    if (rd->r.scene_count == 0)
        return fail(rd, t.key_pos, "the first statement is the scene to start from");
    if (scene_token_is(&t, "at"))
        return read_input(rd, &c);
    if (scene_token_is(&t, "check"))
        return read_check(rd, &c, false);
    if (scene_token_is(&t, "end"))
        return read_check(rd, &c, true);
    char q[SCENE_QUOTE_SIZE];
    scene_quote(q, t.text, t.text_len);
    return fail(rd, t.key_pos, "unknown statement '%s'", q);
}

bool fl_replay_parse(const char *text, size_t len, fl_replay *out, fl_scene_error *err)
{
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(err, 0, sizeof *err);
    memset(out, 0, sizeof *out);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.err = err;
    rd.text = text ? text : "";
    rd.len = text ? len : 0;
    size_t bom = scene_lex_bom(rd.text, rd.len);
    rd.text += bom;
    rd.len -= bom;
    rd.p = calloc(1, sizeof *rd.p);
    if (!rd.p) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return false;
    }
    rd.p->err = err;
    bool ok = scene_lex_check_text(rd.text, rd.len, err);
    while (ok && take_line(&rd))
        ok = read_line(&rd);
    if (ok && !rd.has_header)
        ok = fail(&rd, (scene_pos){1, 1}, "not a replay: it must start with 'flotsam-replay 1'");
    if (ok && rd.r.scene_count == 0)
        ok = fail(&rd, (scene_pos){rd.line.number + 1, 1}, "the replay has no scene");
    if (ok && !rd.r.ended)
        ok = fail(&rd, (scene_pos){rd.line.number + 1, 1},
                  "the replay has no 'end' line: is it cut short?");
    free(rd.p);
    if (ok)
        *out = rd.r;
    else
        fl_replay_free(&rd.r);
    return ok;
}

bool fl_replay_load_file(const char *path, fl_replay *out, fl_scene_error *err)
{
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(out, 0, sizeof *out);
    char *data;
    size_t len;
    if (!fl_read_text_file(path, &data, &len, err))
        return false;
    bool ok = fl_replay_parse(data, len, out, err);
    free(data);
    return ok;
}
