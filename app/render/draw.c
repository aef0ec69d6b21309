#include <stdlib.h>
#include "draw.h"
#include "flotsam/flotsam.h"

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

void draw_begin(draw_batch *b, SDL_Renderer *r)
{
    b->renderer = r;
    b->count = 0;
    b->ok = true;
}

bool draw_flush(draw_batch *b)
{
    if (b->count > 0 && SDL_RenderGeometry(b->renderer, NULL, b->v, b->count, NULL, 0) != 0)
        b->ok = false;
    b->count = 0;
    return b->ok;
}

static SDL_Vertex vertex(fl_vec2 p, rgba c)
{
    return (SDL_Vertex){{(float)p.x, (float)p.y}, {c.r, c.g, c.b, c.a}, {0.0f, 0.0f}};
}

void draw_triangle3(draw_batch *b, const fl_vec2 p[3], const rgba c[3])
{
    if (b->count + 3 > DRAW_BATCH_VERTS)
        draw_flush(b);
    for (int k = 0; k < 3; k++)
        b->v[b->count++] = vertex(p[k], c[k]);
}

void draw_triangle(draw_batch *b, fl_vec2 p0, fl_vec2 p1, fl_vec2 p2, rgba c)
{
    const fl_vec2 p[3] = {p0, p1, p2};
    const rgba cs[3] = {c, c, c};
    draw_triangle3(b, p, cs);
}

void draw_convex(draw_batch *b, const fl_vec2 *p, int n, rgba c)
{
    for (int k = 1; k + 1 < n; k++)
        draw_triangle(b, p[0], p[k], p[k + 1], c);
}

void draw_line(draw_batch *b, fl_vec2 a, fl_vec2 z, double width, bool cap, rgba c)
{
    fl_vec2 d = fl_sub(z, a);
    double len = fl_length(d);
    if (!(len > 0))
        return;
    fl_vec2 u = fl_scale(d, 0.5 * width / len); /* half a width along the segment */
    fl_vec2 n = fl_v2(-u.y, u.x);               /* and across it */
    if (cap) {
        a = fl_sub(a, u);
        z = fl_add(z, u);
    }
    fl_vec2 q[4] = {fl_add(a, n), fl_add(z, n), fl_sub(z, n), fl_sub(a, n)};
    draw_convex(b, q, 4, c);
}

void draw_polyline(draw_batch *b, const fl_vec2 *p, int n, bool closed, double width, rgba c)
{
    for (int k = 0; k + 1 < n; k++)
        draw_line(b, p[k], p[k + 1], width, true, c);
    if (closed && n > 2)
        draw_line(b, p[n - 1], p[0], width, true, c);
}

static int circle_segments(double radius)
{
    int n = (int)(radius * 0.75);
    return n < 16 ? 16 : n > 96 ? 96 : n;
}

static fl_vec2 on_circle(fl_vec2 center, double radius, int k, int n)
{
    double a = 2.0 * FL_PI * k / n;
    return fl_v2(center.x + radius * cos(a), center.y + radius * sin(a));
}

void draw_ring(draw_batch *b, fl_vec2 center, double radius, double width, rgba c)
{
    int n = circle_segments(radius);
    double r0 = fmax(radius - 0.5 * width, 0.0), r1 = radius + 0.5 * width;
    for (int k = 0; k < n; k++) {
        fl_vec2 q[4] = {on_circle(center, r0, k, n), on_circle(center, r1, k, n),
                        on_circle(center, r1, k + 1, n), on_circle(center, r0, k + 1, n)};
        draw_convex(b, q, 4, c);
    }
}

void draw_disc(draw_batch *b, fl_vec2 center, double radius, rgba c)
{
    int n = circle_segments(radius);
    for (int k = 0; k < n; k++)
        draw_triangle(b, center, on_circle(center, radius, k, n),
                      on_circle(center, radius, k + 1, n), c);
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
    draw_line(b, from, base, width, false, c);
    fl_vec2 side = fl_scale(n, 0.45 * head);
    draw_triangle(b, to, fl_add(base, side), fl_sub(base, side), c);
}

static int compare_doubles(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* Where the line x - y = k crosses the polygon's edges, as y values, sorted.
 * An edge counts when its ends are on strictly different sides (one side
 * taken as closed), so a vertex on the line is counted once or not at all. */
static int hatch_crossings(const fl_vec2 *p, int n, double k, double *ys)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        fl_vec2 a = p[i], z = p[(i + 1) % n];
        double fa = a.x - a.y - k, fz = z.x - z.y - k;
        if ((fa > 0) == (fz > 0))
            continue;
        ys[m++] = fl_lerp(a, z, fa / (fa - fz)).y;
    }
    qsort(ys, (size_t)m, sizeof *ys, compare_doubles);
    return m;
}

void draw_hatch(draw_batch *b, const fl_vec2 *p, int n, double spacing, double width, rgba c)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, p[i].x - p[i].y);
        hi = fmax(hi, p[i].x - p[i].y);
    }
    double *ys = malloc(sizeof *ys * (size_t)n);
    if (!ys || !(spacing > 0) || !isfinite(lo + hi)) {
        free(ys);
        return;
    }
    for (double k = ceil(lo / spacing) * spacing; k <= hi; k += spacing) {
        int m = hatch_crossings(p, n, k, ys);
        for (int j = 0; j + 1 < m; j += 2)
            draw_line(b, fl_v2(k + ys[j], ys[j]), fl_v2(k + ys[j + 1], ys[j + 1]), width, false, c);
    }
    free(ys);
}
