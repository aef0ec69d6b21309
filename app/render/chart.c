/* Line charts: a white page, axes with their range and five ticks each,
 * the series in one stroke, the title above, through draw.h and text.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "chart.h"
#include "draw.h"
#include "text.h"

static void range(const double *v, int n, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < n; i++)
        if (isfinite(v[i])) {
            *lo = fmin(*lo, v[i]);
            *hi = fmax(*hi, v[i]);
        }
    if (!(*lo <= *hi)) {
        *lo = 0.0;
        *hi = 1.0;
    }
    if (*hi - *lo < 1e-12 * (1.0 + fabs(*hi))) {
        double pad = 0.5 * (1.0 + fabs(*hi)) * 1e-3;
        *lo -= pad;
        *hi += pad;
    }
}

bool chart_paint(cairo_t *cr, bool raster, void *ctx)
{
    (void)raster;
    const chart *c = ctx;
    double w = c->width, h = c->height, u = h / 300.0;
    double left = 70 * u, right = 20 * u, top = 40 * u, bottom = 45 * u;
    double pw = w - left - right, ph = h - top - bottom;
    double xlo, xhi, ylo, yhi;
    range(c->x, c->n, &xlo, &xhi);
    range(c->y, c->n, &ylo, &yhi);
    draw_batch b;
    draw_begin(&b, cr);
    fl_vec2 page[4] = {fl_v2(0, 0), fl_v2(w, 0), fl_v2(w, h), fl_v2(0, h)};
    draw_polygon(&b, page, 4, rgba_hex(0xffffff, 255));
    rgba ink = rgba_hex(0x202830, 255), grid = rgba_hex(0xd8dde2, 255);
    char t[48];
    for (int k = 0; k <= 4; k++) {
        double fy = k / 4.0, fx = k / 4.0;
        double y = top + ph * (1.0 - fy), x = left + pw * fx;
        draw_line(&b, fl_v2(left, y), fl_v2(left + pw, y), 1.0 * u, false, grid);
        draw_line(&b, fl_v2(x, top), fl_v2(x, top + ph), 1.0 * u, false, grid);
        double v = ylo + (yhi - ylo) * fy;
        /* A tick at zero computed as lo + span / 2 comes out as 1e-17. */
        snprintf(t, sizeof t, "%.4g", fabs(v) < 1e-9 * (yhi - ylo) ? 0.0 : v);
        text_draw(&b, t, fl_v2(left - 6 * u - text_width(&b, t, 0.9 * u), y - 5 * u), 0.9 * u, ink);
        snprintf(t, sizeof t, "%.4g", xlo + (xhi - xlo) * fx);
        text_draw(&b, t, fl_v2(x - 0.5 * text_width(&b, t, 0.9 * u), top + ph + 6 * u), 0.9 * u,
                  ink);
    }
    draw_line(&b, fl_v2(left, top), fl_v2(left, top + ph), 1.5 * u, false, ink);
    draw_line(&b, fl_v2(left, top + ph), fl_v2(left + pw, top + ph), 1.5 * u, false, ink);
    if (c->title)
        text_draw(&b, c->title, fl_v2(left, 12 * u), 1.2 * u, ink);
    if (c->x_label)
        text_draw(&b, c->x_label, fl_v2(left + pw - text_width(&b, c->x_label, u), h - 16 * u), u,
                  ink);
    fl_vec2 *p = malloc(sizeof *p * (size_t)(c->n > 0 ? c->n : 1));
    int n = 0;
    for (int i = 0; p && i < c->n; i++)
        if (isfinite(c->x[i]) && isfinite(c->y[i]))
            p[n++] = fl_v2(left + pw * (c->x[i] - xlo) / (xhi - xlo),
                           top + ph * (yhi - c->y[i]) / (yhi - ylo));
    if (n >= 2)
        draw_polyline(&b, p, n, false, 2.0 * u, rgba_hex(0x1f6fb4, 255));
    free(p);
    return draw_flush(&b) && cairo_status(cr) == CAIRO_STATUS_SUCCESS;
}
