#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "draw_list.h"

void draw_list_init(draw_list *l, double w, double h)
{
    *l = (draw_list){0};
    draw_list_reset(l, w, h);
}

void draw_list_reset(draw_list *l, double w, double h)
{
    l->count = 0;
    l->text_len = 0;
    l->width = w;
    l->height = h;
    l->failed = false;
    l->has_path = false;
    l->clip_depth = 0;
}

void draw_list_free(draw_list *l)
{
    free(l->ops);
    free(l->text);
    *l = (draw_list){0};
}

static double color_code(rgba c)
{
    return (double)((uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a);
}

static rgba color_of(double code)
{
    uint32_t v = (uint32_t)code;
    return (rgba){(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
}

/* Appends a command of n doubles. */
/* Room for `need` items of `size` bytes in *array (of *cap), doubling from
 * `first`; false (l failed) when there is no memory. */
static bool grow(draw_list *l, void **array, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return true;
    size_t bigger = *cap ? 2 * *cap : first;
    while (bigger < need)
        bigger *= 2;
    void *more = realloc(*array, bigger * size);
    if (!more) {
        l->failed = true;
        return false;
    }
    *array = more;
    *cap = bigger;
    return true;
}

static void put(draw_list *l, const double *v, size_t n)
{
    if (l->failed)
        return;
    void *ops = l->ops;
    bool ok = grow(l, &ops, &l->cap, l->count + n, sizeof *l->ops, 4096);
    l->ops = ops;
    if (!ok)
        return;
    memcpy(l->ops + l->count, v, n * sizeof *v);
    l->count += n;
}

static void grow_path(draw_list *l, double x0, double y0, double x1, double y1)
{
    if (!l->has_path) {
        l->path[0] = x0, l->path[1] = y0, l->path[2] = x1, l->path[3] = y1;
        l->has_path = true;
        return;
    }
    l->path[0] = fmin(l->path[0], x0), l->path[1] = fmin(l->path[1], y0);
    l->path[2] = fmax(l->path[2], x1), l->path[3] = fmax(l->path[3], y1);
}

static void move_to(void *t, double x, double y)
{
    put(t, (double[]){DL_MOVE, x, y}, 3);
    grow_path(t, x, y, x, y);
}

static void line_to(void *t, double x, double y)
{
    put(t, (double[]){DL_LINE, x, y}, 3);
    grow_path(t, x, y, x, y);
}

static void close(void *t) { put(t, (double[]){DL_CLOSE}, 1); }

static void circle(void *t, double x, double y, double r)
{
    put(t, (double[]){DL_CIRCLE, x, y, r}, 4);
    grow_path(t, x - r, y - r, x + r, y + r);
}

static void fill(void *t, rgba c)
{
    draw_list *l = t;
    put(l, (double[]){DL_FILL, color_code(c)}, 2);
    l->has_path = false;
}

static void fill_vertical(void *t, double y0, rgba c0, double y1, rgba c1)
{
    draw_list *l = t;
    put(l, (double[]){DL_FILL_VERTICAL, y0, color_code(c0), y1, color_code(c1)}, 5);
    l->has_path = false;
}

static void stroke(void *t, rgba c, double width, draw_cap cap)
{
    draw_list *l = t;
    put(l, (double[]){DL_STROKE, color_code(c), width, (double)cap}, 4);
    l->has_path = false;
}

/* The clip is the path's bounds within the target and the clip around it. */
static void clip(void *t, double *x0, double *y0, double *x1, double *y1)
{
    draw_list *l = t;
    double b[4] = {0.0, 0.0, l->width, l->height};
    if (l->clip_depth > 0)
        memcpy(b, l->clips[l->clip_depth - 1], sizeof b);
    if (l->has_path) {
        b[0] = fmax(b[0], l->path[0]), b[1] = fmax(b[1], l->path[1]);
        b[2] = fmin(b[2], l->path[2]), b[3] = fmin(b[3], l->path[3]);
    } else {
        b[2] = b[0], b[3] = b[1];
    }
    if (b[2] < b[0] || b[3] < b[1])
        b[2] = b[0], b[3] = b[1];
    if (l->clip_depth == DRAW_LIST_CLIPS)
        l->failed = true;
    else
        memcpy(l->clips[l->clip_depth++], b, sizeof b);
    put(l, (double[]){DL_CLIP}, 1);
    l->has_path = false;
    *x0 = b[0], *y0 = b[1], *x1 = b[2], *y1 = b[3];
}

static void unclip(void *t)
{
    draw_list *l = t;
    if (l->clip_depth > 0)
        l->clip_depth--;
    put(l, (double[]){DL_UNCLIP}, 1);
}

static void show_text(void *t, const char *s, double x, double y, double size, rgba c)
{
    draw_list *l = t;
    size_t n = strlen(s);
    if (l->failed)
        return;
    void *text = l->text;
    bool ok = grow(l, &text, &l->text_cap, l->text_len + n, 1, 1024);
    l->text = text;
    if (!ok)
        return;
    memcpy(l->text + l->text_len, s, n);
    put(l, (double[]){DL_TEXT, x, y, size, color_code(c), (double)l->text_len, (double)n}, 7);
    l->text_len += n;
}

static double measure_text(void *t, const char *s, double size)
{
    draw_list *l = t;
    if (l->measure)
        return l->measure(l->measure_ctx, s, size);
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        chars += (*p & 0xc0) != 0x80;
    return 0.55 * size * (double)chars;
}

static void fast_fills(void *t, bool fast) { put(t, (double[]){DL_FAST, fast ? 1.0 : 0.0}, 2); }

static bool status(void *t) { return !((draw_list *)t)->failed; }

const draw_backend draw_list_backend = {move_to,   line_to,   close,  circle,       fill,
                                        fill_vertical, stroke, clip, unclip, show_text,
                                        measure_text, fast_fills, status};

/* Operands each command takes. */
static int operands(int code)
{
    static const int n[] = {[DL_MOVE] = 2, [DL_LINE] = 2, [DL_CLOSE] = 0, [DL_CIRCLE] = 3,
                            [DL_FILL] = 1, [DL_FILL_VERTICAL] = 4, [DL_STROKE] = 3, [DL_CLIP] = 0,
                            [DL_UNCLIP] = 0, [DL_TEXT] = 6, [DL_FAST] = 1};
    return code >= DL_MOVE && code <= DL_FAST ? n[code] : -1;
}

bool draw_list_replay(const draw_list *l, const draw_backend *be, void *t)
{
    double x0, y0, x1, y1;
    char *s = NULL;
    bool ok = true;
    for (size_t i = 0; i < l->count && ok;) {
        int code = (int)l->ops[i];
        int n = operands(code);
        if (n < 0 || i + 1 + (size_t)n > l->count)
            return false;
        const double *a = l->ops + i + 1;
        switch (code) {
        case DL_MOVE: be->move_to(t, a[0], a[1]); break;
        case DL_LINE: be->line_to(t, a[0], a[1]); break;
        case DL_CLOSE: be->close(t); break;
        case DL_CIRCLE: be->circle(t, a[0], a[1], a[2]); break;
        case DL_FILL: be->fill(t, color_of(a[0])); break;
        case DL_FILL_VERTICAL: be->fill_vertical(t, a[0], color_of(a[1]), a[2], color_of(a[3])); break;
        case DL_STROKE: be->stroke(t, color_of(a[0]), a[1], (draw_cap)(int)a[2]); break;
        case DL_CLIP: be->clip(t, &x0, &y0, &x1, &y1); break;
        case DL_UNCLIP: be->unclip(t); break;
        case DL_TEXT: {
            size_t at = (size_t)a[4], len = (size_t)a[5];
            if (at + len > l->text_len || !(s = malloc(len + 1)))
                return false;
            memcpy(s, l->text + at, len);
            s[len] = '\0';
            be->text(t, s, a[0], a[1], a[2], color_of(a[3]));
            free(s);
            break;
        }
        default: /* DL_FAST */
            if (be->fast_fills)
                be->fast_fills(t, a[0] != 0.0);
        }
        ok = be->status(t);
        i += 1 + (size_t)n;
    }
    return ok;
}
