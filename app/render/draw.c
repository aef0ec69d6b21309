#include <math.h>
#include <stdlib.h>
#include "draw.h"

rgba rgba_hex(uint32_t rgb, uint8_t alpha)
{
    return (rgba){(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, alpha};
}

static uint8_t mix_channel(uint8_t a, uint8_t b, double t)
{
    return (uint8_t)lround(a + (b - a) * t);
}

rgba rgba_mix(rgba a, rgba b, double t)
{
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return (rgba){mix_channel(a.r, b.r, t), mix_channel(a.g, b.g, t), mix_channel(a.b, b.b, t),
                  mix_channel(a.a, b.a, t)};
}

rgba rgba_alpha(rgba c, uint8_t alpha)
{
    c.a = alpha;
    return c;
}

static bool same_color(rgba a, rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

void draw_begin(draw_batch *b, const draw_backend *be, void *target)
{
    *b = (draw_batch){be, target, be->status(target), true, DRAW_NONE, {0, 0, 0, 0}, 0.0, DRAW_CAP_BUTT};
}

static void check(draw_batch *b)
{
    if (!b->be->status(b->t))
        b->ok = false;
}

bool draw_flush(draw_batch *b)
{
    if (b->pending == DRAW_FILL)
        b->be->fill(b->t, b->color);
    else if (b->pending == DRAW_STROKE)
        b->be->stroke(b->t, b->color, b->width, b->cap);
    b->pending = DRAW_NONE;
    check(b);
    return b->ok;
}

void draw_fill_path(draw_batch *b, rgba c)
{
    draw_flush(b);
    b->be->fill(b->t, c);
    check(b);
}

/* Makes the path the one for this kind of shape, flushing a different one. */
static void gather(draw_batch *b, draw_kind kind, rgba c, double width, draw_cap cap)
{
    if (b->merge && b->pending == kind && same_color(b->color, c) &&
        (kind == DRAW_FILL || (b->width == width && b->cap == cap)))
        return;
    draw_flush(b);
    b->pending = kind;
    b->color = c;
    b->width = width;
    b->cap = cap;
}

static void add_polygon(draw_batch *b, const fl_vec2 *p, int n, bool close)
{
    b->be->move_to(b->t, p[0].x, p[0].y);
    for (int k = 1; k < n; k++)
        b->be->line_to(b->t, p[k].x, p[k].y);
    if (close)
        b->be->close(b->t);
}

void draw_add_closed(draw_batch *b, const fl_vec2 *p, int n, bool reversed)
{
    for (int k = 0; k < n; k++) {
        fl_vec2 q = p[reversed ? n - 1 - k : k];
        if (k == 0)
            b->be->move_to(b->t, q.x, q.y);
        else
            b->be->line_to(b->t, q.x, q.y);
    }
    b->be->close(b->t);
}

/* Polygons of both windings are gathered into one path filled by the
 * nonzero rule: each is added in positive winding, so that neighbours of
 * one colour never cancel each other out. */
static void add_fill_polygon(draw_batch *b, const fl_vec2 *p, int n)
{
    draw_add_closed(b, p, n, fl_polygon_signed_area(p, n) < 0.0);
}

void draw_polygon(draw_batch *b, const fl_vec2 *p, int n, rgba c)
{
    if (n < 3)
        return;
    gather(b, DRAW_FILL, c, 0.0, DRAW_CAP_BUTT);
    add_fill_polygon(b, p, n);
}

void draw_polygon_shaded(draw_batch *b, const fl_vec2 *p, int n, double y0, rgba c0, double y1,
                         rgba c1)
{
    if (n < 3)
        return;
    draw_flush(b);
    add_fill_polygon(b, p, n);
    b->be->fill_vertical(b->t, y0, c0, y1, c1);
    check(b);
}

void draw_line(draw_batch *b, fl_vec2 a, fl_vec2 z, double width, bool cap, rgba c)
{
    if (!(fl_length(fl_sub(z, a)) > 0))
        return;
    gather(b, DRAW_STROKE, c, width, cap ? DRAW_CAP_SQUARE : DRAW_CAP_BUTT);
    b->be->move_to(b->t, a.x, a.y);
    b->be->line_to(b->t, z.x, z.y);
}

void draw_polyline(draw_batch *b, const fl_vec2 *p, int n, bool closed, double width, rgba c)
{
    if (n < 2)
        return;
    gather(b, DRAW_STROKE, c, width, DRAW_CAP_ROUND);
    add_polygon(b, p, n, closed && n > 2);
}

void draw_ring(draw_batch *b, fl_vec2 center, double radius, double width, rgba c)
{
    gather(b, DRAW_STROKE, c, width, DRAW_CAP_BUTT);
    b->be->circle(b->t, center.x, center.y, radius);
}

void draw_disc(draw_batch *b, fl_vec2 center, double radius, rgba c)
{
    gather(b, DRAW_FILL, c, 0.0, DRAW_CAP_BUTT);
    b->be->circle(b->t, center.x, center.y, radius);
}

void draw_arrow(draw_batch *b, fl_vec2 from, fl_vec2 to, double width, double head, rgba c)
{
    fl_vec2 d = fl_sub(to, from);
    double len = fl_length(d);
    if (!(len > 0))
        return;
    head = fmin(head, len);
    fl_vec2 u = fl_scale(d, 1.0 / len);
    fl_vec2 n = fl_v2(-u.y, u.x);
    fl_vec2 base = fl_sub(to, fl_scale(u, head));
    draw_line(b, from, fl_add(base, fl_scale(u, 0.5 * head)), width, false, c);
    fl_vec2 side = fl_scale(n, 0.45 * head);
    const fl_vec2 tip[3] = {to, fl_add(base, side), fl_sub(base, side)};
    draw_polygon(b, tip, 3, c);
}

void draw_hatch(draw_batch *b, const fl_vec2 *p, int n, double spacing, double width, rgba c)
{
    if (n < 3 || !(spacing > 0))
        return;
    double lo = INFINITY, hi = -INFINITY, top = INFINITY, bottom = -INFINITY;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, p[i].x - p[i].y);
        hi = fmax(hi, p[i].x - p[i].y);
        top = fmin(top, p[i].y);
        bottom = fmax(bottom, p[i].y);
    }
    if (!isfinite(lo + hi + top + bottom))
        return;
    draw_flush(b);
    add_fill_polygon(b, p, n);
    /* Only the lines through the part in the target: a floor a kilometre
     * long is hatched where it shows. */
    double x0, y0, x1, y1;
    b->be->clip(b->t, &x0, &y0, &x1, &y1);
    top = fmax(top, y0 - width);
    bottom = fmin(bottom, y1 + width);
    lo = fmax(lo, x0 - y1 - 2 * width);
    hi = fmin(hi, x1 - y0 + 2 * width);
    /* Lines x - y = k from the top to the bottom, each filled as the band
     * of its width (a stroke costs several times a fill). */
    double h = width / sqrt(2.0); /* half the band's width along x */
    for (double k = ceil(lo / spacing) * spacing; k <= hi && top < bottom; k += spacing) {
        b->be->move_to(b->t, k - h + top, top);
        b->be->line_to(b->t, k + h + top, top);
        b->be->line_to(b->t, k + h + bottom, bottom);
        b->be->line_to(b->t, k - h + bottom, bottom);
        b->be->close(b->t);
    }
    b->be->fill(b->t, c);
    b->be->unclip(b->t);
    check(b);
}
