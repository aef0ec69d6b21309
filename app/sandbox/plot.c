/* The live plot: a quantity of the selected body over the last 20 s of
 * simulated time, under the inspector's panel; G steps through draft, heel,
 * vertical speed, kinetic energy and total energy (and off). Every quantity
 * is sampled each frame the world has moved on, from the numbers the frame
 * measured, so that G shows another with its history; E exports them all
 * (plot_export.c). */
#include <math.h>
#include <stdio.h>
#include "readings.h"
#include "sandbox_parts.h"
#include "ticks.h"

#define PLOT_SECONDS 20.0
#define CHART_UNITS 90.0 /* the chart's height, in text units, unsqueezed */

const reading sandbox_plotted[PLOT_QUANTITIES] = {READ_DRAFT, READ_HEEL, READ_VERTICAL_SPEED,
                                                  READ_KINETIC, READ_TOTAL};

void sandbox_next_plot(sandbox *sb)
{
    sandbox_plot *p = &sb->plot;
    p->quantity = (p->quantity + 1) % (PLOT_QUANTITIES + 1); /* the last: off */
    if (p->quantity < PLOT_QUANTITIES)
        sandbox_say(sb, "plotting %s", reading_label(sandbox_plotted[p->quantity]));
}

void sandbox_plot_sample(sandbox *sb, fl_body_id b, const fl_hydrostatics *hs)
{
    sandbox_plot *p = &sb->plot;
    double t = fl_world_time(fl_sim_world(sb->sim));
    if (p->body != fl_body_serial(b) || (p->count > 0 && t < p->time[(p->first + p->count - 1) % PLOT_SAMPLES])) {
        p->body = fl_body_serial(b); /* another body, or the world went back: start again */
        p->count = p->first = 0;
    }
    if (p->count > 0 && t == p->time[(p->first + p->count - 1) % PLOT_SAMPLES])
        return; /* nothing moved since */
    int at = (p->first + p->count) % PLOT_SAMPLES;
    if (p->count == PLOT_SAMPLES)
        p->first = (p->first + 1) % PLOT_SAMPLES;
    else
        p->count++;
    p->time[at] = t;
    for (int q = 0; q < PLOT_QUANTITIES; q++)
        p->value[q][at] = reading_value(sb->sim, b, hs, sandbox_plotted[q]);
    /* Only the last 20 s. */
    while (p->count > 1 && p->time[p->first] < t - PLOT_SECONDS) {
        p->first = (p->first + 1) % PLOT_SAMPLES;
        p->count--;
    }
}

/* The shown quantity's range, widened to round ticks; false when there is
 * nothing to draw. */
static bool value_range(const sandbox_plot *p, double *lo_out, double *hi_out)
{
    if (p->quantity >= PLOT_QUANTITIES || p->count < 2)
        return false;
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < p->count; i++) {
        double v = p->value[p->quantity][(p->first + i) % PLOT_SAMPLES];
        if (isfinite(v)) {
            lo = fmin(lo, v);
            hi = fmax(hi, v);
        }
    }
    if (!isfinite(lo))
        return false;
    if (hi - lo < 1e-9 * (1.0 + fabs(hi))) {
        lo -= 0.5 * (1.0 + fabs(lo)) * 1e-3;
        hi += 0.5 * (1.0 + fabs(hi)) * 1e-3;
    }
    ticks_widen(&lo, &hi, 4);
    *lo_out = lo;
    *hi_out = hi;
    return true;
}

double sandbox_plot_height(const sandbox *sb, double u, double squeeze)
{
    double lo, hi;
    if (!value_range(&sb->plot, &lo, &hi))
        return 0.0;
    return 2 * 6 * u + 2.6 * TEXT_LINE_UNITS * u + squeeze * CHART_UNITS * u;
}

void sandbox_draw_plot(draw_batch *batch, const sandbox *sb, double x, double y, double w,
                       double u, double squeeze)
{
    const sandbox_plot *p = &sb->plot;
    double lo, hi, now = p->time[(p->first + p->count - 1) % PLOT_SAMPLES];
    if (!value_range(p, &lo, &hi))
        return;
    double line_h = TEXT_LINE_UNITS * u, pad = 6 * u, label = 46 * u;
    double h = squeeze * CHART_UNITS * u, cx = x + pad + label, cy = y + pad + 1.4 * line_h;
    double cw = w - 2 * pad - label;
    sandbox_draw_panel(batch, x, y, w, sandbox_plot_height(sb, u, squeeze));
    rgba white = rgba_hex(0xffffff, 255), faint = rgba_hex(0xffffff, 90);
    text_draw(batch, reading_label(sandbox_plotted[p->quantity]), fl_v2(x + pad, y + pad), u,
              white);
    /* Axes: values at round numbers at the left (a line at zero), seconds
     * ago along the bottom. */
    draw_line(batch, fl_v2(cx, cy), fl_v2(cx, cy + h), 1.0 * u, false, faint);
    draw_line(batch, fl_v2(cx, cy + h), fl_v2(cx + cw, cy + h), 1.0 * u, false, faint);
    ticks t = ticks_for(lo, hi, 4);
    char label_text[32];
    for (int k = 0; k < t.count; k++) {
        double v = ticks_value(&t, k), ty = cy + h * (hi - v) / (hi - lo);
        ticks_label(&t, k, label_text, sizeof label_text);
        text_draw(batch, label_text,
                  fl_v2(cx - 4 * u - text_width(batch, label_text, u), ty - 0.5 * line_h), u, white);
        draw_line(batch, fl_v2(cx - 3 * u, ty), fl_v2(cx, ty), 1.0 * u, false, faint);
        if (v == 0.0 && lo < 0.0 && hi > 0.0)
            draw_line(batch, fl_v2(cx, ty), fl_v2(cx + cw, ty), 1.0 * u, false, faint);
    }
    text_draw(batch, "-20 s", fl_v2(cx, cy + h + 0.2 * line_h), u, white);
    text_draw(batch, "now", fl_v2(cx + cw - text_width(batch, "now", u), cy + h + 0.2 * line_h),
              u, white);
    fl_vec2 pts[PLOT_SAMPLES];
    int n = 0;
    for (int i = 0; i < p->count; i++) {
        int k = (p->first + i) % PLOT_SAMPLES;
        double v = p->value[p->quantity][k];
        if (!isfinite(v))
            continue;
        double fx = 1.0 - (now - p->time[k]) / PLOT_SECONDS;
        pts[n++] = fl_v2(cx + cw * fx, cy + h * (hi - v) / (hi - lo));
    }
    if (n >= 2)
        draw_polyline(batch, pts, n, false, 1.5 * u, rgba_hex(SANDBOX_SELECT_COLOR, 255));
}
