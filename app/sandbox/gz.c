/* The selected body's curve of statical stability under its panel (Z):
 * its righting arm GZ against heel from 0 to 180 degrees, at its own
 * displacement in the fluid it floats in (gz_curve.h, as `flotsam
 * stability` has it), with the upright GM's tangent, the angle where the
 * arm vanishes and a marker where the body is heeled now. The curve is
 * made on the main thread when the body, its mass or the fluid changes;
 * the painter only draws what it holds. */
#include <math.h>
#include <stdio.h>
#include "readings.h"
#include "sandbox_parts.h"

#define DEG "\xc2\xb0"            /* the degree sign, in UTF-8 */
#define CURVE_COLOR 0x5ec8f0
#define CHART_UNITS 84.0          /* the chart's height, in text units, unsqueezed */
#define INFO_LINES 4              /* under the chart: displacement and rest; GM; the largest
                                     arm, vanishing; now */
#define GM_ON_SCALE 2.5          /* a GM up to this many times the largest arm is on the scale */
#define ONE_RADIAN (180.0 / FL_PI) /* degrees: where GM's tangent reaches GM */

void sandbox_toggle_gz(sandbox *sb)
{
    sb->gz.on = !sb->gz.on;
    if (sb->gz.on && !sb->inspect.on)
        sandbox_say(sb, "stability curve on: click a body (a hollow boat: in its hold) to see it");
    else
        sandbox_say(sb, "stability curve %s", sb->gz.on ? "on" : "off");
}

/* Where b's water lies among its compartments, as one number: each
 * compartment's water weighted by its place in the list. */
static double spread(const fl_buoyancy *bu, fl_body_id b)
{
    double s = 0.0;
    for (int k = 0; k < fl_buoyancy_compartment_count(bu, b); k++)
        s += (k + 1) * fl_buoyancy_compartment_water(bu, b, k, NULL);
    return s;
}

/* The curve for b in fluid density rho, made unless it holds that already.
 * A hold that is filling changes the mass a little every step: the curve
 * is made again once it has changed by a thousandth; so when water runs
 * between compartments, once its spread has. */
static void make_curve(sandbox_gz *g, const fl_buoyancy *bu, fl_body_id b, double rho)
{
    uint32_t id = fl_body_serial(b);
    double mass = fl_body_mass(b), area = fl_body_area(b), where = spread(bu, b);
    if (g->made && g->body == id && fabs(g->mass - mass) <= 1e-3 * mass && g->area == area &&
        g->fluid_density == rho && fabs(g->spread - where) <= 1e-3 * fmax(g->spread, where)) {
        g->kind = g->made_kind; /* kept while hidden */
        return;
    }
    g->made = true;
    g->body = id;
    g->mass = mass;
    g->area = area;
    g->fluid_density = rho;
    g->spread = where;
    switch (gz_curve_fill(&g->curve, bu, b, rho)) {
    case GZ_OK: g->kind = SANDBOX_GZ_CURVE; break;
    case GZ_SINKS: g->kind = SANDBOX_GZ_SINKS; break;
    default: g->kind = SANDBOX_GZ_NO_WATERLINE; break;
    }
    g->made_kind = g->kind;
}

void sandbox_gz_update(sandbox *sb, fl_body_id b, const fl_hydrostatics *hs)
{
    sandbox_gz *g = &sb->gz;
    if (!g->on || fl_body_is_null(b)) {
        g->kind = SANDBOX_GZ_NONE;
        return;
    }
    const fl_buoyancy *fluids = fl_sim_buoyancy(sb->sim);
    if (fl_buoyancy_fluid_count(fluids) == 0) {
        g->kind = SANDBOX_GZ_NO_FLUID;
        g->made = false;
        return;
    }
    /* The fluid it is in; out of all of them, the first. */
    fl_fluid_id fluid = !fl_fluid_is_null(hs->fluid) ? hs->fluid : fl_buoyancy_fluid_at(fluids, 0);
    make_curve(g, fluids, b, fl_buoyancy_fluid(fluids, fluid)->density);
    g->heel = reading_value(sb->sim, b, hs, READ_HEEL);
    g->arm = NAN;
    fl_righting r;
    /* One point, at the heel it has: on a hull that is not symmetric the
     * other side's arm is not the curve's. */
    if (g->kind == SANDBOX_GZ_CURVE && gz_arm(&g->curve, b, g->heel / ONE_RADIAN, &r))
        g->arm = g->heel < 0 ? -r.gz : r.gz;
}

/* The lines under the title when there is no curve to draw. */
static int message(const sandbox *sb, char lines[INFO_LINES][96])
{
    const sandbox_gz *g = &sb->gz;
    switch (g->kind) {
    case SANDBOX_GZ_NO_FLUID:
        snprintf(lines[0], 96, "no fluid here to float in");
        return 1;
    case SANDBOX_GZ_SINKS:
        snprintf(lines[0], 96, "it does not float: denser than the fluid");
        snprintf(lines[1], 96, "needs %.3f m2 under, its hull has %.3f", g->curve.displaced,
                 g->curve.hull_area);
        return 2;
    case SANDBOX_GZ_NO_WATERLINE:
        snprintf(lines[0], 96, "no waterline at %d" DEG " of heel", g->curve.failed_at);
        return 1;
    default: return 0;
    }
}

/* Under the chart: what it is drawn for and its GM (not the panel's GM,
 * which is from the waterline the body has now, loaded or pushed); the
 * largest arm and where the arm vanishes; the heel now (the marker). */
static bool heeled(const gz_curve *c) { return c->rests && c->rest != 0.0; }

/* The lines under the chart, the heel now last (drawn in the marker's
 * colour); at most INFO_LINES. */
static int info_lines(const sandbox_gz *g, char lines[INFO_LINES][96])
{
    const gz_curve *c = &g->curve;
    /* GM where the body rests on its curve, as `flotsam stability` says:
     * a line of its own when that is heeled. */
    char gm[48];
    reading_gm_text(gm, sizeof gm, c->gm_solid, c->gm, c->liquid);
    int k = 0;
    if (heeled(c)) {
        snprintf(lines[k++], 96, "own displacement %.3f m2, rests at %.1f" DEG, c->displaced, c->rest);
        snprintf(lines[k++], 96, "%s there", gm);
    } else {
        snprintf(lines[k++], 96, "own displacement %.3f m2: %s", c->displaced, gm);
    }
    if (!isnan(c->vanish))
        snprintf(lines[k++], 96, "largest %.3f m at %d" DEG ", vanishes at %.1f" DEG, c->gz[c->top],
                 (int)c->heel[c->top], c->vanish);
    else
        snprintf(lines[k++], 96, "largest %.3f m at %d" DEG ", no vanishing below 180" DEG,
                 c->gz[c->top], (int)c->heel[c->top]);
    if (!isfinite(g->arm))
        return k;
    snprintf(lines[k++], 96, "now %.1f" DEG ": GZ %+.3f m", g->heel, g->arm);
    return k;
}

/* How wide the text needs the panel to be. */
static double text_wide(draw_batch *batch, const sandbox *sb, double u)
{
    char lines[INFO_LINES][96];
    int n = sb->gz.kind == SANDBOX_GZ_CURVE ? info_lines(&sb->gz, lines) : message(sb, lines);
    double wide = 0.0;
    for (int i = 0; i < n; i++)
        wide = fmax(wide, text_width(batch, lines[i], u));
    return wide + 12 * u;
}

double sandbox_gz_height(const sandbox *sb, double u, double squeeze)
{
    double line_h = TEXT_LINE_UNITS * u, pad = 6 * u;
    char lines[INFO_LINES][96];
    switch (sb->gz.kind) {
    case SANDBOX_GZ_NONE: return 0.0;
    case SANDBOX_GZ_CURVE:
        return 2 * pad + (2.4 + INFO_LINES - !heeled(&sb->gz.curve)) * line_h + squeeze * CHART_UNITS * u;
    default: return 1.5 * pad + (1 + message(sb, lines)) * line_h;
    }
}

typedef struct frame {
    double x, y, w, h;   /* the chart's plotting area, pixels */
    double lo, hi;       /* GZ at its bottom and top, m */
} frame;

static fl_vec2 at(const frame *f, double deg, double gz)
{
    return fl_v2(f->x + f->w * deg / 180.0, f->y + f->h * (f->hi - gz) / (f->hi - f->lo));
}

/* The value axis: the largest arm, zero and the smallest (when below
 * zero) at the left, where they do not crowd each other. */
static void value_labels(draw_batch *batch, const frame *f, const gz_curve *c, double u)
{
    double line_h = TEXT_LINE_UNITS * u, lo = 0.0;
    for (int k = GZ_UPRIGHT; k < GZ_DEGREES; k++)
        lo = fmin(lo, c->gz[k]);
    double values[3] = {c->gz[c->top], 0.0, lo}, used[3];
    int n = 0;
    rgba white = rgba_hex(0xffffff, 255);
    for (int i = 0; i < 3; i++) {
        double y = at(f, 0, values[i]).y;
        bool crowded = false;
        for (int j = 0; j < n; j++)
            crowded = crowded || fabs(used[j] - y) < line_h;
        if (crowded)
            continue;
        used[n++] = y;
        char t[32];
        snprintf(t, sizeof t, "%.3g", values[i]);
        text_draw(batch, t, fl_v2(f->x - 4 * u - text_width(batch, t, u), y - 0.5 * line_h), u,
                  white);
    }
}

static void draw_curve(draw_batch *batch, const sandbox_gz *g, const frame *f, double u)
{
    const gz_curve *c = &g->curve;
    rgba white = rgba_hex(0xffffff, 255), faint = rgba_hex(0xffffff, 60);
    double line_h = TEXT_LINE_UNITS * u;
    /* Every 45 degrees, and the axes. */
    for (int k = 0; k <= 4; k++) {
        fl_vec2 p = at(f, 45.0 * k, f->lo);
        draw_line(batch, fl_v2(p.x, f->y), p, 1.0 * u, false, faint);
        char t[16];
        snprintf(t, sizeof t, "%d" DEG, 45 * k);
        double tw = text_width(batch, t, u);
        text_draw(batch, t, fl_v2(p.x - (k == 0 ? 0.0 : k == 4 ? tw : 0.5 * tw), p.y + 0.2 * line_h),
                  u, white);
    }
    draw_line(batch, fl_v2(f->x, f->y + f->h), fl_v2(f->x + f->w, f->y + f->h), 1.0 * u, false,
              rgba_hex(0xffffff, 90));
    draw_line(batch, at(f, 0, 0), at(f, 180, 0), 1.2 * u, false, rgba_hex(0xffffff, 150));
    /* GM's tangent where the body rests (upright, mostly): it reaches GM
     * one radian of heel further on. */
    double rest = c->rests ? c->rest : 0.0;
    if (c->gm > 0 && rest >= 0.0 && rest + ONE_RADIAN <= 180.0) {
        double end = fmin(ONE_RADIAN, ONE_RADIAN * f->hi / c->gm);
        draw_line(batch, at(f, rest, 0), at(f, rest + end, c->gm * end / ONE_RADIAN), 1.0 * u, false,
                  rgba_hex(0xffffff, 120));
        if (end == ONE_RADIAN) {
            fl_vec2 top = at(f, rest + ONE_RADIAN, c->gm);
            draw_line(batch, at(f, rest + ONE_RADIAN, 0), top, 1.0 * u, false, rgba_hex(0xffffff, 120));
            text_draw(batch, "GM", fl_v2(top.x + 3 * u, top.y - 0.3 * line_h), u,
                      rgba_hex(0xffffff, 200));
        }
    }
    /* From upright to capsized: the window's chart is the curve's half
     * from 0 to 180 degrees. */
    fl_vec2 p[GZ_DEGREES - GZ_UPRIGHT];
    for (int k = GZ_UPRIGHT; k < GZ_DEGREES; k++)
        p[k - GZ_UPRIGHT] = at(f, c->heel[k], c->gz[k]);
    draw_polyline(batch, p, GZ_DEGREES - GZ_UPRIGHT, false, 2.0 * u, rgba_hex(CURVE_COLOR, 255));
    if (!isnan(c->vanish) && c->vanish >= 0) {
        fl_vec2 v = at(f, c->vanish, 0);
        draw_line(batch, fl_v2(v.x, v.y - 4 * u), fl_v2(v.x, v.y + 4 * u), 2.0 * u, false,
                  rgba_hex(CURVE_COLOR, 255));
    }
    if (isfinite(g->arm)) {
        fl_vec2 m = at(f, fabs(g->heel), fmin(fmax(g->arm, f->lo), f->hi));
        draw_disc(batch, m, 4.0 * u, rgba_hex(0x10202c, 255));
        draw_disc(batch, m, 3.0 * u, rgba_hex(SANDBOX_SELECT_COLOR, 255));
    }
}

void sandbox_draw_gz(draw_batch *batch, const sandbox *sb, double x, double y, double w, double u,
                     double squeeze)
{
    const sandbox_gz *g = &sb->gz;
    double h = sandbox_gz_height(sb, u, squeeze);
    if (h <= 0.0)
        return;
    /* Text wider than the column (a long GM line in a narrow window) is
     * set smaller to fit it, never over the view. */
    double wide = text_wide(batch, sb, u);
    double tu = wide > w ? u * w / wide : u;
    double line_h = TEXT_LINE_UNITS * u, pad = 6 * u, label = 40 * u;
    sandbox_draw_panel(batch, x, y, w, h);
    rgba white = rgba_hex(0xffffff, 255);
    text_draw(batch, "righting arm GZ (m) against heel", fl_v2(x + pad, y + pad), u, white);
    char lines[INFO_LINES][96];
    if (g->kind != SANDBOX_GZ_CURVE) {
        int n = message(sb, lines);
        for (int i = 0; i < n; i++)
            text_draw(batch, lines[i], fl_v2(x + pad, y + pad + (1 + i) * line_h), tu,
                      rgba_hex(0xffb0a0, 255));
        return;
    }
    const gz_curve *c = &g->curve;
    double lo = 0.0, hi = 0.0;
    for (int k = GZ_UPRIGHT; k < GZ_DEGREES; k++) {
        lo = fmin(lo, c->gz[k]);
        hi = fmax(hi, c->gz[k]);
    }
    /* GM on the scale too, where it does not flatten the curve. */
    if (c->gm > hi && c->gm < GM_ON_SCALE * hi)
        hi = c->gm;
    double span = fmax(hi - lo, 1e-3);
    frame f = {x + pad + label, y + pad + 1.4 * line_h, w - 2 * pad - label - 6 * u,
               squeeze * CHART_UNITS * u, lo - 0.08 * span, hi + 0.08 * span};
    value_labels(batch, &f, c, u);
    draw_curve(batch, g, &f, u);
    int n = info_lines(g, lines);
    double ty = f.y + f.h + 1.2 * line_h;
    for (int i = 0; i < n; i++)
        text_draw(batch, lines[i], fl_v2(x + pad, ty + i * line_h), tu,
                  i == n - 1 && isfinite(g->arm) ? rgba_hex(SANDBOX_SELECT_COLOR, 255) : white);
}
