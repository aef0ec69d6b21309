/* Line charts (chart.h): a white page, panels stacked over one time axis,
 * ticks at round numbers, the zero line, a legend. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cairo.h>
#include "chart.h"
#include "draw_cairo.h"
#include "text.h"
#include "ticks.h"

#define MOST_TICKS 6

unsigned chart_color(int s)
{
    static const unsigned colors[CHART_MOST] = {0x1f6fb4, 0xd9591b, 0x2e9e44, 0x8e44ad,
                                                0xc0392b, 0x16a0a0, 0x7f6a00, 0x555555};
    return colors[(unsigned)s % CHART_MOST];
}

static double value(const chart *c, const double *y, int i)
{
    return y[(size_t)i * (size_t)(c->stride > 0 ? c->stride : 1)];
}

/* The finite range of a panel's values, widened to whole ticks (a flat
 * line gets a little room about it). */
static void panel_range(const chart *c, const chart_panel *p,
                        void (*notes)(const chart *, double *, double *), double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int s = 0; s < p->series; s++)
        for (int i = 0; i < c->n; i++) {
            double v = value(c, p->y[s], i);
            if (isfinite(v)) {
                *lo = fmin(*lo, v);
                *hi = fmax(*hi, v);
            }
        }
    if (notes)
        notes(c, lo, hi);
    if (!(*lo <= *hi)) {
        *lo = 0.0;
        *hi = 1.0;
    }
    if (*hi - *lo < 1e-12 * (1.0 + fabs(*hi))) {
        double pad = 0.5 * (1.0 + fabs(*hi)) * 1e-3;
        *lo -= pad;
        *hi += pad;
    }
    ticks_widen(lo, hi, MOST_TICKS);
}

static void x_range(const chart *c, double *lo, double *hi)
{
    *lo = c->n > 0 ? c->x[0] : 0.0;
    *hi = c->n > 0 ? c->x[c->n - 1] : 1.0;
    if (!(*hi > *lo))
        *hi = *lo + 1.0;
}

typedef struct box {
    double left, top, w, h;
} box;

/* The lines and marks of the first panel, in its frame. */
static void draw_notes(draw_batch *b, const chart *c, box r, double xlo, double xhi, double lo,
                       double hi, double u)
{
    rgba ink = rgba_hex(0x202830, 255), grey = rgba_hex(0x6a7580, 255);
#define AT(px, py) fl_v2(r.left + r.w * ((px) - xlo) / (xhi - xlo), r.top + r.h * (hi - (py)) / (hi - lo))
    for (int k = 0; k < c->line_count; k++) {
        const chart_line *l = &c->lines[k];
        fl_vec2 a = AT(l->x0, l->y0), z = AT(l->x1, l->y1);
        draw_line(b, a, z, 1.2 * u, false, grey);
        if (l->label)
            text_draw(b, l->label, fl_v2(z.x + 4 * u, z.y - 6 * u), 0.9 * u, grey);
    }
    /* A label beside its mark, right of it unless that runs off the panel;
     * one that would cover a label already placed goes a line lower,
     * until it covers none. */
    double placed[CHART_MOST][3]; /* x, y and width of each label placed */
    int labels = 0;
    for (int k = 0; k < c->mark_count; k++) {
        const chart_mark *m = &c->marks[k];
        fl_vec2 p = AT(m->x, m->y);
        draw_disc(b, p, 4.0 * u, rgba_hex(0xd9591b, 255));
        if (!m->label)
            continue;
        double w = text_width(b, m->label, 0.9 * u);
        double x = p.x + 8 * u + w > r.left + r.w ? p.x - 8 * u - w : p.x + 8 * u;
        double y = p.y - 14 * u;
        for (int tries = 0, again = 1; again && tries < CHART_MOST; tries++) {
            again = 0;
            for (int i = 0; i < labels; i++)
                if (x < placed[i][0] + placed[i][2] && placed[i][0] < x + w &&
                    fabs(y - placed[i][1]) < 13 * u) {
                    y = placed[i][1] + 14 * u;
                    again = 1;
                }
        }
        text_draw(b, m->label, fl_v2(x, y), 0.9 * u, ink);
        placed[labels][0] = x;
        placed[labels][1] = y;
        placed[labels][2] = w;
        labels++;
    }
#undef AT
}

/* The range a panel's notes need (the first panel's). */
static void notes_range(const chart *c, double *lo, double *hi)
{
    for (int k = 0; k < c->line_count; k++) {
        *lo = fmin(*lo, fmin(c->lines[k].y0, c->lines[k].y1));
        *hi = fmax(*hi, fmax(c->lines[k].y0, c->lines[k].y1));
    }
    for (int k = 0; k < c->mark_count; k++) {
        *lo = fmin(*lo, c->marks[k].y);
        *hi = fmax(*hi, c->marks[k].y);
    }
}

/* One panel: grid and ticks, the zero line, its label, its lines. */
static void draw_panel(draw_batch *b, const chart *c, const chart_panel *p, box r, double xlo,
                       double xhi, bool x_labels, double u)
{
    rgba ink = rgba_hex(0x202830, 255), grid = rgba_hex(0xd8dde2, 255);
    double lo, hi;
    bool first = p == &c->panels[0];
    panel_range(c, p, first ? notes_range : NULL, &lo, &hi);
    char t[48];
    ticks ty = ticks_for(lo, hi, MOST_TICKS), tx = ticks_for(xlo, xhi, 8);
    for (int k = 0; k < ty.count; k++) {
        double y = r.top + r.h * (hi - ticks_value(&ty, k)) / (hi - lo);
        draw_line(b, fl_v2(r.left, y), fl_v2(r.left + r.w, y), 1.0 * u, false, grid);
        ticks_label(&ty, k, t, sizeof t);
        text_draw(b, t, fl_v2(r.left - 6 * u - text_width(b, t, 0.9 * u), y - 5 * u), 0.9 * u, ink);
    }
    for (int k = 0; k < tx.count; k++) {
        double x = r.left + r.w * (ticks_value(&tx, k) - xlo) / (xhi - xlo);
        draw_line(b, fl_v2(x, r.top), fl_v2(x, r.top + r.h), 1.0 * u, false, grid);
        if (!x_labels)
            continue;
        ticks_label(&tx, k, t, sizeof t);
        text_draw(b, t, fl_v2(x - 0.5 * text_width(b, t, 0.9 * u), r.top + r.h + 6 * u), 0.9 * u,
                  ink);
    }
    if (lo < 0.0 && hi > 0.0) { /* zero, darker than the grid */
        double y = r.top + r.h * hi / (hi - lo);
        draw_line(b, fl_v2(r.left, y), fl_v2(r.left + r.w, y), 1.4 * u, false,
                  rgba_hex(0x7a8590, 255));
    }
    draw_line(b, fl_v2(r.left, r.top), fl_v2(r.left, r.top + r.h), 1.5 * u, false, ink);
    draw_line(b, fl_v2(r.left, r.top + r.h), fl_v2(r.left + r.w, r.top + r.h), 1.5 * u, false,
              ink);
    fl_vec2 *pts = malloc(sizeof *pts * (size_t)(c->n > 0 ? c->n : 1));
    for (int s = 0; pts && s < p->series; s++) {
        int n = 0;
        for (int i = 0; i < c->n; i++) {
            double v = value(c, p->y[s], i);
            if (isfinite(c->x[i]) && isfinite(v))
                pts[n++] = fl_v2(r.left + r.w * (c->x[i] - xlo) / (xhi - xlo),
                                 r.top + r.h * (hi - v) / (hi - lo));
        }
        if (n >= 2)
            draw_polyline(b, pts, n, false, 2.0 * u, rgba_hex(chart_color(s), 255));
    }
    free(pts);
    if (p->label) { /* over the lines, on white: readable whatever runs under */
        double lw = text_width(b, p->label, u), lh = TEXT_LINE_UNITS * u;
        fl_vec2 back[4] = {fl_v2(r.left + 3 * u, r.top + 2 * u),
                           fl_v2(r.left + 9 * u + lw, r.top + 2 * u),
                           fl_v2(r.left + 9 * u + lw, r.top + 4 * u + lh),
                           fl_v2(r.left + 3 * u, r.top + 4 * u + lh)};
        draw_polygon(b, back, 4, rgba_hex(0xffffff, 215));
        text_draw(b, p->label, fl_v2(r.left + 6 * u, r.top + 3 * u), u, ink);
    }
    if (first)
        draw_notes(b, c, r, xlo, xhi, lo, hi, u);
}

/* The series' names, each after a stroke of its colour, right of the title. */
static void draw_legend(draw_batch *b, const chart *c, double right, double y, double u)
{
    int count = c->panel_count > 0 ? c->panels[0].series : 0;
    double x = right;
    for (int s = count - 1; s >= 0; s--) {
        const char *name = c->names[s] ? c->names[s] : "";
        x -= text_width(b, name, u) + 30 * u;
        draw_line(b, fl_v2(x, y + 6 * u), fl_v2(x + 18 * u, y + 6 * u), 3.0 * u, false,
                  rgba_hex(chart_color(s), 255));
        text_draw(b, name, fl_v2(x + 22 * u, y), u, rgba_hex(0x202830, 255));
    }
}

bool chart_paint(cairo_t *cr, bool raster, void *ctx)
{
    (void)raster;
    draw_batch b;
    draw_begin_cairo(&b, cr);
    return chart_draw(&b, ctx) && cairo_status(cr) == CAIRO_STATUS_SUCCESS;
}

bool chart_draw(draw_batch *target, const chart *c)
{
    int panels = c->panel_count > 0 ? c->panel_count : 1;
    /* A unit of text: a 300th of a panel's height, at least a 900th of the page's. */
    double w = c->width, h = c->height, u = fmax(h / panels / 300.0, h / 900.0);
    double left = 70 * u, right = 20 * u, top = 40 * u, bottom = 45 * u, gap = 14 * u;
    double pw = w - left - right, ph = (h - top - bottom - gap * (panels - 1)) / panels;
    double xlo, xhi;
    x_range(c, &xlo, &xhi);
    draw_batch b = *target;
    fl_vec2 page[4] = {fl_v2(0, 0), fl_v2(w, 0), fl_v2(w, h), fl_v2(0, h)};
    draw_polygon(&b, page, 4, rgba_hex(0xffffff, 255));
    rgba ink = rgba_hex(0x202830, 255);
    for (int k = 0; k < c->panel_count; k++) {
        box r = {left, top + k * (ph + gap), pw, ph};
        draw_panel(&b, c, &c->panels[k], r, xlo, xhi, k == c->panel_count - 1, u);
    }
    if (c->title)
        text_draw(&b, c->title, fl_v2(left, 12 * u), 1.2 * u, ink);
    if (c->panel_count > 0 && c->panels[0].series > 1)
        draw_legend(&b, c, left + pw, 14 * u, u);
    if (c->x_label)
        text_draw(&b, c->x_label, fl_v2(left + pw - text_width(&b, c->x_label, u), h - 16 * u), u,
                  ink);
    bool ok = draw_flush(&b);
    *target = b;
    return ok;
}
