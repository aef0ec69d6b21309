/* A world saved as an edit of its source text (scene_keep.h). Both the
 * world the source builds and the world now are written whole by
 * fl_scene_write; a statement of the source is kept where the two write
 * its object alike. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scene_keep.h"

/* A statement: its first line and the line after its last (continuation
 * lines and the comments among them), its keyword; or a free line (blank,
 * or a comment) with kind "". */
typedef struct stmt {
    const char *text; /* from its first line's start */
    size_t len;       /* to its last line's end, the line end included */
    char kind[16];
} stmt;

typedef struct stmts {
    stmt *at;
    int count;
} stmts;

static bool blank_or_comment(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p == end || *p == '#' || *p == '\r' || *p == '\n';
}

/* Splits text into statements and free lines; false when out of memory. */
static bool split(const char *text, size_t len, stmts *out)
{
    out->at = NULL;
    out->count = 0;
    int room = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *next = eol ? eol + 1 : end;
        bool free_line = blank_or_comment(p, eol ? eol : end);
        bool indented = *p == ' ' || *p == '\t';
        if (!free_line && indented && out->count > 0) {
            /* A continuation: the statement above takes it, and the free
             * lines since. */
            int k = out->count - 1;
            while (k > 0 && !out->at[k].kind[0])
                k--;
            if (out->at[k].kind[0]) {
                out->count = k + 1;
                out->at[k].len = (size_t)(next - out->at[k].text);
                p = next;
                continue;
            }
        }
        if (out->count == room) {
            room = room ? 2 * room : 64;
            stmt *grown = realloc(out->at, sizeof *grown * (size_t)room);
            if (!grown)
                return false;
            out->at = grown;
        }
        stmt *s = &out->at[out->count++];
        s->text = p;
        s->len = (size_t)(next - p);
        s->kind[0] = '\0';
        if (!free_line) {
            const char *w = p;
            if (w == text && len >= 3 && !memcmp(w, "\xef\xbb\xbf", 3))
                w += 3; /* a byte order mark stays with the first line */
            size_t n = strcspn(w, " \t\r\n#");
            if (n >= sizeof s->kind)
                n = sizeof s->kind - 1;
            memcpy(s->kind, w, n);
            s->kind[n] = '\0';
        }
        p = next;
    }
    return true;
}

/* The statements of one kind, in order (st's). */
typedef struct list {
    const stmt **at;
    int count;
} list;

/* Gathers st's statements of `kind` into *out (free out->at); false when
 * out of memory. */
static bool gather(const stmts *st, const char *kind, list *out)
{
    out->count = 0;
    out->at = malloc(sizeof *out->at * (size_t)(st->count + 1));
    if (!out->at)
        return false;
    for (int i = 0; i < st->count; i++)
        if (!strcmp(st->at[i].kind, kind))
            out->at[out->count++] = &st->at[i];
    return true;
}

static bool has(const stmts *st, const char *kind)
{
    for (int i = 0; i < st->count; i++)
        if (!strcmp(st->at[i].kind, kind))
            return true;
    return false;
}

/* Statement k of l, or NULL. */
static const stmt *nth(const list *l, int k)
{
    return k >= 0 && k < l->count ? l->at[k] : NULL;
}

static bool same(const stmt *a, const stmt *b)
{
    return a && b && a->len == b->len && !memcmp(a->text, b->text, a->len);
}

static bool is_body(const char *kind)
{
    return !strcmp(kind, "box") || !strcmp(kind, "ngon") || !strcmp(kind, "polygon");
}

char *scene_text(const fl_sim *s, const fl_scene_view *view, size_t *len, char *err,
                 size_t err_size)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f) {
        snprintf(err, err_size, "no room for the scene's text: %s", strerror(errno));
        return NULL;
    }
    bool ok = fl_scene_write(f, s, view, err, err_size);
    if (fclose(f) != 0 && ok) {
        snprintf(err, err_size, "no room for the scene's text: %s", strerror(errno));
        ok = false;
    }
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* The world written whole (no view), in memory. */
static char *written(const fl_sim *s, size_t *len)
{
    char err[256];
    fl_scene_view none = {false, {0.0, 0.0}, 0.0};
    return scene_text(s, &none, len, err, sizeof err);
}

/* Whether every statement of the source is one this can keep. */
static bool keepable(const stmts *src)
{
    for (int i = 0; i < src->count; i++) {
        const char *k = src->at[i].kind;
        if (k[0] && strcmp(k, "flotsam-scene") && strcmp(k, "world") && strcmp(k, "view") &&
            strcmp(k, "fluid") && strcmp(k, "rope") && !is_body(k))
            return false;
    }
    return true;
}

/* What fl_scene_write wrote of one world, by kind. */
enum { K_WORLD, K_FLUID, K_BODY, K_ROPE, K_COUNT };
static const char *const kind_words[K_COUNT] = {"world", "fluid", "polygon", "rope"};
typedef struct written_kinds {
    list of[K_COUNT];
} written_kinds;

static bool sort_kinds(const stmts *st, written_kinds *w)
{
    bool ok = true;
    for (int k = 0; k < K_COUNT; k++)
        ok = gather(st, kind_words[k], &w->of[k]) && ok;
    return ok;
}

static void free_kinds(written_kinds *w)
{
    for (int k = 0; k < K_COUNT; k++)
        free(w->of[k].at);
}

static void put(FILE *f, const stmt *s)
{
    fwrite(s->text, 1, s->len, f);
    if (s->len > 0 && s->text[s->len - 1] != '\n')
        fputc('\n', f);
}

/* The edit itself, into f: src the source's statements, was and now what
 * fl_scene_write gives for the world the source builds and for the world
 * now, body_at[k] the place among now's bodies of the body of serial k
 * (-1: removed), serial[b] the serial of now's body b. */
static void edit(FILE *f, const stmts *src, const written_kinds *was, const written_kinds *now,
                 const int *body_at, const uint32_t *serial)
{
    int fluids = 0, bodies = 0, src_worlds = 0;
    const list *ropes_was = &was->of[K_ROPE], *ropes_now = &now->of[K_ROPE];
    bool ropes_same = ropes_was->count == ropes_now->count;
    for (int k = 0; ropes_same && k < ropes_was->count; k++)
        ropes_same = same(ropes_was->at[k], ropes_now->at[k]);
    for (int i = 0; i < src->count; i++)
        src_worlds += !strcmp(src->at[i].kind, "world");
    const stmt *world_was = nth(&was->of[K_WORLD], 0), *world_now = nth(&now->of[K_WORLD], 0);
    for (int i = 0; i < src->count; i++) {
        const stmt *s = &src->at[i];
        const stmt *then = NULL, *cur = NULL;
        if (!strcmp(s->kind, "world")) {
            then = world_was;
            cur = world_now;
        } else if (!strcmp(s->kind, "fluid")) {
            then = nth(&was->of[K_FLUID], fluids);
            cur = nth(&now->of[K_FLUID], fluids++);
        } else if (is_body(s->kind)) {
            /* The source's k-th body is the one of serial k, if it is still
             * there. */
            then = nth(&was->of[K_BODY], bodies);
            cur = nth(&now->of[K_BODY], body_at[bodies++]);
            if (!cur)
                continue; /* removed */
        } else if (!strcmp(s->kind, "rope") && !ropes_same) {
            continue; /* written again at the end */
        }
        put(f, cur && !same(then, cur) ? cur : s);
        /* A source without a `world` statement (the defaults): one after
         * the header when the world's now differs from them. */
        if (!strcmp(s->kind, "flotsam-scene") && src_worlds == 0 && world_now &&
            !same(world_was, world_now))
            put(f, world_now);
    }
    const list *bodies_now = &now->of[K_BODY];
    for (int b = 0, added = 0; b < bodies_now->count; b++)
        if (serial[b] >= (uint32_t)was->of[K_BODY].count) {
            if (!added++)
                fputs("# added since the scene was loaded\n", f);
            put(f, bodies_now->at[b]);
        }
    for (int k = 0; !ropes_same && k < ropes_now->count; k++)
        put(f, ropes_now->at[k]);
}

char *scene_keep_text(const char *source, size_t source_len, const fl_sim *s, size_t *len)
{
    char *out = NULL, *was_text = NULL, *now_text = NULL;
    size_t was_len = 0, now_len = 0;
    stmts src = {0}, was = {0}, now = {0};
    written_kinds was_kinds = {0}, now_kinds = {0};
    uint32_t *serial = NULL;
    int *body_at = NULL;
    fl_scene sc;
    fl_scene_error err;
    fl_sim *orig = NULL;
    const fl_world *w = fl_sim_world(s);
    int n = fl_world_body_count(w);
    if (fl_scene_parse(source, source_len, &sc, &err)) {
        orig = fl_sim_build(&sc, &err);
        fl_scene_free(&sc);
    }
    bool ok = orig && split(source, source_len, &src) && keepable(&src) &&
              (was_text = written(orig, &was_len)) && (now_text = written(s, &now_len)) &&
              split(was_text, was_len, &was) && split(now_text, now_len, &now) &&
              sort_kinds(&was, &was_kinds) && sort_kinds(&now, &now_kinds);
    /* Timed events are not kept this way; and each body now must have its
     * statement. */
    ok = ok && !has(&was, "at") && !has(&now, "at");
    int had = ok ? was_kinds.of[K_BODY].count : 0;
    ok = ok && now_kinds.of[K_BODY].count == n &&
         (serial = malloc(sizeof *serial * (size_t)(n + 1))) &&
         (body_at = malloc(sizeof *body_at * (size_t)(had + 1)));
    for (int k = 0; ok && k < had; k++)
        body_at[k] = -1;
    for (int i = 0; ok && i < n; i++) {
        serial[i] = fl_body_serial(fl_world_body(w, i));
        if (serial[i] < (uint32_t)had)
            body_at[serial[i]] = i;
    }
    FILE *f = ok ? open_memstream(&out, len) : NULL;
    if (f) {
        edit(f, &src, &was_kinds, &now_kinds, body_at, serial);
        if (fclose(f) != 0) {
            free(out);
            out = NULL;
        }
    }
    /* What it wrote must read: otherwise the world is written whole. */
    if (out && !fl_scene_parse(out, *len, &sc, &err)) {
        free(out);
        out = NULL;
    } else if (out) {
        fl_scene_free(&sc);
    }
    free(serial);
    free(body_at);
    free_kinds(&was_kinds);
    free_kinds(&now_kinds);
    free(src.at);
    free(was.at);
    free(now.at);
    free(was_text);
    free(now_text);
    fl_sim_free(orig);
    return out;
}
