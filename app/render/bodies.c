/* The bodies of a picture: each filled with its colour and edged with a
 * darker line; static bodies stone-like and hatched.
 *
 * The edge is not stroked: Cairo's stroker costs about four times a fill, and
 * a crowd of a thousand bodies spent most of a frame in it. A body's edge is
 * the ring between its outline pushed out and pulled in by half the line's
 * width (mitred corners), filled; its inside is the pulled-in outline. Bodies
 * too small to have an inside are drawn as their pushed-out outline alone,
 * all edge, as a stroke would draw them.
 *
 * The crowd is drawn with Cairo's fast anti-aliasing (4 x 4 samples a
 * pixel), which is twice as quick as its default and looks the same on
 * edges a few pixels long.
 *
 * Merged (pictures), the moving bodies are drawn a colour at a time: the
 * insides of that colour in one fill, then their rings in another, so that
 * a crowd of a few dozen colours costs a few dozen fills. Bodies only touch,
 * so the order between colours shows nowhere. Unmerged (vector output), each
 * body is its own two paths, in the world's order. */
#include <math.h>
#include <stdlib.h>
#include "bodies.h"

#define MITER_LIMIT 3.0 /* a corner's offset is at most this times the half-width */

/* A body as drawn: its screen outline and inside (n points each, in `pts`),
 * and its colours. */
typedef struct shape {
    int index;           /* in the world */
    int at, n;           /* pts[at .. at+n) outer, pts[at+n .. at+2n) inner */
    bool has_inside;
    bool negative;       /* the outline's winding (the offset ones keep it) */
    rgba fill, edge;
} shape;

typedef struct shape_list {
    shape *items;
    int count;
    fl_vec2 *pts;
    int pts_count;
} shape_list;

static double lightness(rgba c) { return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b; }

/* Bodies whose outline covers no whole pixel of the target are not drawn,
 * so that walls just outside the view leave no sliver of outline. */
static bool visible(const fl_vec2 *p, int n, const camera *cam)
{
    double lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
    for (int k = 0; k < n; k++) {
        lo_x = fmin(lo_x, p[k].x);
        hi_x = fmax(hi_x, p[k].x);
        lo_y = fmin(lo_y, p[k].y);
        hi_y = fmax(hi_y, p[k].y);
    }
    return hi_x > 1.0 && lo_x < cam->px_w - 1.0 && hi_y > 1.0 && lo_y < cam->px_h - 1.0;
}

/* Unit normal of edge a -> z pointing out of a polygon of the given
 * winding (sign of its signed area); (0, 0) for an edge of no length. */
static fl_vec2 out_normal(fl_vec2 a, fl_vec2 z, double sign)
{
    fl_vec2 d = fl_sub(z, a);
    double len = fl_length(d);
    if (!(len > 1e-9))
        return fl_v2(0, 0);
    return fl_scale(fl_v2(d.y, -d.x), sign / len);
}

/* p moved out by `by` (in by < 0) at every corner, mitred, into out.
 * Returns false if the moved outline turned over somewhere (an edge now
 * runs against its own direction): pulled in further than it is thick. */
bool render_offset_outline(const fl_vec2 *p, int n, double by, fl_vec2 *out)
{
    double sign = fl_polygon_signed_area(p, n) >= 0.0 ? 1.0 : -1.0;
    fl_vec2 prev = out_normal(p[n - 1], p[0], sign);
    for (int k = 0; k < n; k++) {
        fl_vec2 next = out_normal(p[k], p[(k + 1) % n], sign);
        fl_vec2 a = fl_length(prev) > 0 ? prev : next, z = fl_length(next) > 0 ? next : prev;
        fl_vec2 m = fl_add(a, z);
        double cos_half_sq = 0.5 * (1.0 + fl_dot(a, z)); /* cos^2 of half the turn */
        fl_vec2 shift = fl_v2(0, 0);
        if (cos_half_sq > 1e-12) {
            shift = fl_scale(m, by / (2.0 * cos_half_sq)); /* the mitre's corner */
            double most = MITER_LIMIT * fabs(by), len = fl_length(shift);
            if (len > most)
                shift = fl_scale(shift, most / len);
        }
        out[k] = fl_add(p[k], shift);
        prev = next;
    }
    for (int k = 0; k < n; k++) {
        fl_vec2 d0 = fl_sub(p[(k + 1) % n], p[k]), d1 = fl_sub(out[(k + 1) % n], out[k]);
        if (fl_dot(d0, d1) <= 0.0 && fl_length(d0) > 1e-9)
            return false;
    }
    return fl_polygon_signed_area(out, n) * sign > 0.0;
}

/* Room for every body's two outlines, and a scratch outline as long as the
 * longest. */
static bool list_reserve(shape_list *l, int shapes, int pts, int longest)
{
    l->items = calloc((size_t)(shapes > 0 ? shapes : 1), sizeof *l->items);
    l->pts = malloc(sizeof *l->pts * (size_t)(2 * pts + longest + 1));
    return l->items && l->pts;
}

static void list_free(shape_list *l)
{
    free(l->items);
    free(l->pts);
}

/* The moving bodies in view, as shapes. False if out of memory. */
static bool collect(shape_list *l, const fl_sim *s, const camera *cam)
{
    int bodies = fl_world_body_count(fl_sim_world(s)), total = 0, longest = 0;
    for (int i = 0; i < bodies; i++) {
        int n = fl_body_vertex_count(fl_world_body(fl_sim_world(s), i));
        total += n;
        longest = n > longest ? n : longest;
    }
    if (!list_reserve(l, bodies, total, longest))
        return false;
    fl_vec2 *screen = l->pts + 2 * total; /* the scratch outline */
    rgba black = rgba_hex(0x000000, 255);
    for (int i = 0; i < bodies; i++) {
        fl_body_id body = fl_world_body(fl_sim_world(s), i);
        int n = fl_body_vertex_count(body);
        if (n < 3 || fl_body_is_static(body))
            continue;
        /* Far out of view (its circle is): not worth placing its corners. */
        fl_vec2 c = camera_to_screen(cam, fl_body_position(body));
        double r = fl_body_radius(body) * camera_scale(cam) + 2.0;
        if (c.x + r < 0 || c.y + r < 0 || c.x - r > cam->px_w || c.y - r > cam->px_h)
            continue;
        const fl_vec2 *outline = fl_body_outline(body, NULL);
        for (int k = 0; k < n; k++)
            screen[k] = camera_to_screen(cam, fl_body_world_point(body, outline[k]));
        if (!visible(screen, n, cam))
            continue;
        shape *sh = &l->items[l->count++];
        *sh = (shape){.index = i, .at = l->pts_count, .n = n,
                      .negative = fl_polygon_signed_area(screen, n) < 0.0};
        sh->fill = rgba_hex(render_body_color(s, i), 255);
        bool pale = lightness(sh->fill) > 190.0; /* ice, balsa: edged harder against the sky */
        sh->edge = rgba_mix(sh->fill, black, pale ? 0.62 : 0.5);
        double half = 0.5 * (pale ? 2.0 : 1.5) * cam->px;
        fl_vec2 *outer = l->pts + sh->at, *inner = outer + n;
        if (!render_offset_outline(screen, n, half, outer))
            for (int k = 0; k < n; k++) /* a corner too sharp to mitre: the outline itself */
                outer[k] = screen[k];
        sh->has_inside = render_offset_outline(screen, n, -half, inner);
        l->pts_count += 2 * n;
    }
    return true;
}

/* Outlines are added in positive winding (the ring's hole in negative), so
 * that neighbours gathered into one path never cancel each other out under
 * the nonzero rule. */
static void add_inside(draw_batch *b, const fl_vec2 *pts, const shape *sh)
{
    draw_add_closed(b, pts + sh->at + sh->n, sh->n, sh->negative);
}

static void add_ring(draw_batch *b, const fl_vec2 *pts, const shape *sh)
{
    draw_add_closed(b, pts + sh->at, sh->n, sh->negative);
    if (sh->has_inside)
        draw_add_closed(b, pts + sh->at + sh->n, sh->n, !sh->negative);
}

static uint32_t key_of(rgba c) { return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

static int by_colour(const void *pa, const void *pb)
{
    const shape *a = pa, *b = pb;
    uint32_t ka = key_of(a->fill), kb = key_of(b->fill);
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* Shapes [from, to) in one colour: insides, then rings. */
static void fill_group(draw_batch *b, const shape_list *l, int from, int to)
{
    draw_flush(b);
    const shape *first = &l->items[from];
    for (int k = from; k < to; k++)
        if (l->items[k].has_inside)
            add_inside(b, l->pts, &l->items[k]);
    draw_fill_path(b, first->fill);
    for (int k = from; k < to; k++)
        add_ring(b, l->pts, &l->items[k]);
    draw_fill_path(b, first->edge);
}

/* A body's outline in target pixels (malloc'd; *n points), or NULL with
 * b->ok false when out of memory. */
static fl_vec2 *screen_outline(draw_batch *b, const camera *cam, fl_body_id body, int *n)
{
    *n = fl_body_vertex_count(body);
    fl_vec2 *p = malloc(sizeof *p * (size_t)(*n > 0 ? *n : 1));
    if (!p) {
        b->ok = false;
        return NULL;
    }
    const fl_vec2 *outline = fl_body_outline(body, NULL);
    for (int k = 0; k < *n; k++)
        p[k] = camera_to_screen(cam, fl_body_world_point(body, outline[k]));
    return p;
}

static void draw_static(draw_batch *b, const fl_sim *s, const camera *cam, int i)
{
    int n;
    fl_vec2 *p = screen_outline(b, cam, fl_world_body(fl_sim_world(s), i), &n);
    if (!p)
        return;
    if (n >= 3 && visible(p, n, cam)) {
        rgba fill = rgba_hex(render_body_color(s, i), 255), black = rgba_hex(0x000000, 255);
        draw_polygon(b, p, n, fill);
        draw_hatch(b, p, n, 7.0 * cam->px, 1.0 * cam->px, rgba_mix(fill, black, 0.22));
        draw_polyline(b, p, n, true, 2.0 * cam->px, rgba_mix(fill, black, 0.55));
    }
    free(p);
}

void render_bodies(draw_batch *b, const fl_sim *s, const camera *cam)
{
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++)
        if (fl_body_is_static(fl_world_body(fl_sim_world(s), i)))
            draw_static(b, s, cam, i);
    shape_list l = {0};
    if (!collect(&l, s, cam)) {
        list_free(&l);
        b->ok = false;
        return;
    }
    if (b->be->fast_fills)
        b->be->fast_fills(b->t, true);
    if (b->merge) {
        qsort(l.items, (size_t)l.count, sizeof *l.items, by_colour);
        for (int from = 0, to; from < l.count; from = to) {
            for (to = from + 1; to < l.count; to++)
                if (key_of(l.items[to].fill) != key_of(l.items[from].fill))
                    break;
            fill_group(b, &l, from, to);
        }
    } else {
        for (int k = 0; k < l.count; k++)
            fill_group(b, &l, k, k + 1);
    }
    if (b->be->fast_fills)
        b->be->fast_fills(b->t, false);
    list_free(&l);
}

void render_selection(draw_batch *b, const fl_sim *s, const camera *cam, fl_body_id body)
{
    (void)s;
    if (fl_body_is_null(body) || !fl_body_is_valid(body))
        return;
    int n;
    fl_vec2 *p = screen_outline(b, cam, body, &n);
    if (!p)
        return;
    draw_polyline(b, p, n, true, 2.5 * render_text_unit(cam), rgba_hex(RENDER_SELECT_COLOR, 255));
    free(p);
}
