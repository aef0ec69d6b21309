/* The panel's picture (panel.h) drawn with Cairo, on the painter thread.
 * ImGui draws in triangles of one colour each (its own edge smoothing is
 * off: Cairo smooths), textured only for text: each glyph is a rectangle
 * of two triangles mapping a rectangle of the font atlas. A run of
 * untextured triangles of one colour is filled as one path, so that no
 * seam shows between them; a glyph is the atlas's rectangle used as a
 * mask for its colour. */
#include <math.h>
#include "panel.h"

static void set_colour(cairo_t *cr, uint32_t col)
{
    cairo_set_source_rgba(cr, (col & 0xff) / 255.0, (col >> 8 & 0xff) / 255.0,
                          (col >> 16 & 0xff) / 255.0, (col >> 24 & 0xff) / 255.0);
}

static bool untextured(const panel_picture *pic, const panel_vertex *v)
{
    return v->u == pic->white_u && v->v == pic->white_v;
}

/* The glyph whose two triangles start at index i: the atlas's rectangle
 * (u0, v0)-(u1, v1) laid on the screen's (x0, y0)-(x1, y1). */
static void draw_glyph(cairo_t *cr, const panel_picture *pic, const uint32_t *idx)
{
    float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    float u0 = INFINITY, v0 = INFINITY, u1 = -INFINITY, v1 = -INFINITY;
    for (int k = 0; k < 6; k++) {
        const panel_vertex *v = &pic->vtx[idx[k]];
        x0 = fminf(x0, v->x), y0 = fminf(y0, v->y), x1 = fmaxf(x1, v->x), y1 = fmaxf(y1, v->y);
        u0 = fminf(u0, v->u), v0 = fminf(v0, v->v), u1 = fmaxf(u1, v->u), v1 = fmaxf(v1, v->v);
    }
    if (!(x1 > x0 && y1 > y0 && u1 > u0 && v1 > v0))
        return;
    cairo_save(cr);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
    set_colour(cr, pic->vtx[idx[0]].col);
    cairo_pattern_t *mask = cairo_pattern_create_for_surface(pic->atlas);
    /* pattern space (atlas pixels) from user space (the screen) */
    cairo_matrix_t m;
    double sx = (u1 - u0) * pic->atlas_w / (x1 - x0), sy = (v1 - v0) * pic->atlas_h / (y1 - y0);
    cairo_matrix_init(&m, sx, 0.0, 0.0, sy, u0 * pic->atlas_w - x0 * sx, v0 * pic->atlas_h - y0 * sy);
    cairo_pattern_set_matrix(mask, &m);
    cairo_pattern_set_filter(mask, CAIRO_FILTER_BILINEAR);
    cairo_mask(cr, mask);
    cairo_pattern_destroy(mask);
    cairo_restore(cr);
}

/* A run's triangles: each group of one colour filled as one path. */
static void draw_run(cairo_t *cr, const panel_picture *pic, const panel_run *r)
{
    const uint32_t *idx = pic->idx + r->first;
    int i = 0;
    while (i + 3 <= r->count) {
        const panel_vertex *a = &pic->vtx[idx[i]];
        if (!untextured(pic, a)) { /* a glyph (a lone textured triangle is none) */
            if (i + 6 <= r->count)
                draw_glyph(cr, pic, idx + i);
            i += i + 6 <= r->count ? 6 : 3;
            continue;
        }
        uint32_t col = a->col;
        cairo_new_path(cr);
        while (i + 3 <= r->count && pic->vtx[idx[i]].col == col &&
               untextured(pic, &pic->vtx[idx[i]])) {
            const panel_vertex *p = &pic->vtx[idx[i]], *q = &pic->vtx[idx[i + 1]],
                               *s = &pic->vtx[idx[i + 2]];
            /* each the same way round, so that the union fills whole */
            double turn = (q->x - p->x) * (s->y - p->y) - (q->y - p->y) * (s->x - p->x);
            if (turn < 0) {
                const panel_vertex *t = q;
                q = s;
                s = t;
            }
            cairo_move_to(cr, p->x, p->y);
            cairo_line_to(cr, q->x, q->y);
            cairo_line_to(cr, s->x, s->y);
            cairo_close_path(cr);
            i += 3;
        }
        set_colour(cr, col);
        cairo_fill(cr);
    }
}

bool panel_paint(const panel_picture *pic, cairo_t *cr)
{
    if (!pic || !pic->atlas)
        return true;
    cairo_save(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    for (int k = 0; k < pic->run_count; k++) {
        const panel_run *r = &pic->runs[k];
        cairo_save(cr);
        cairo_rectangle(cr, r->clip[0], r->clip[1], r->clip[2] - r->clip[0],
                        r->clip[3] - r->clip[1]);
        cairo_clip(cr);
        draw_run(cr, pic, r);
        cairo_restore(cr);
    }
    cairo_restore(cr);
    return cairo_status(cr) == CAIRO_STATUS_SUCCESS;
}
