/* The stability booklet (booklet.h): A4 landscape pages drawn with
 * the renderer's primitives into a PDF (snapshot_document). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "booklet.h"
#include "chart.h"
#include "cli.h"
#include "criteria.h"
#include "curves_of_form.h"
#include "snapshot.h"
#include "text.h"

#define PAGE_W 842 /* points: A4 landscape */
#define PAGE_H 595
#define ROWS 20

/* One loading condition's pages: its curve, the criteria on it, and the
 * curves of form where it floats upright. */
typedef struct sheet {
    const gz_curve *c;
    criterion cr[IS2008_COUNT];
    int failed;
    form_row own;
    bool has_own;
} sheet;

typedef struct booklet {
    const fl_sim *s;
    fl_body_id b;
    double density;
    const char *name;
    sheet sheets[BOOKLET_MOST];
    int sheet_count;
    form_row rows[ROWS];
    int count;
    double scratch[5 * ROWS];
} booklet;

static const rgba INK = {0x20, 0x28, 0x30, 255};

static void page_white(draw_batch *d)
{
    fl_vec2 page[4] = {fl_v2(0, 0), fl_v2(PAGE_W, 0), fl_v2(PAGE_W, PAGE_H), fl_v2(0, PAGE_H)};
    draw_polygon(d, page, 4, rgba_hex(0xffffff, 255));
}

/* A mark at p (a disc, or a ring) with its letter beside it. */
static void point(draw_batch *d, fl_vec2 p, const char *label, bool ring, rgba c)
{
    if (ring)
        draw_ring(d, p, 4.0, 1.5, c);
    else
        draw_disc(d, p, 3.5, c);
    text_draw(d, label, fl_v2(p.x + 6, p.y - 8), 1.1, c);
}

/* The hull upright in the box (x, y, w, h), its waterlines at the table's
 * drafts thin and at its own displacement blue, K, G, B and M marked. */
static void section(draw_batch *d, const booklet *k, const sheet *sh, double x, double y, double w,
                    double h)
{
    int n, ns;
    const fl_vec2 *hull = gz_hull(k->b, &n), *solid = fl_body_outline(k->b, &ns);
    double lo = INFINITY, hi = -INFINITY, top = INFINITY, keel = -INFINITY;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, hull[i].x), hi = fmax(hi, hull[i].x);
        top = fmin(top, hull[i].y), keel = fmax(keel, hull[i].y);
    }
    double span = fmax(hi - lo, 1e-9), depth = fmax(keel - top, 1e-9);
    /* Room above the hull for M, which can be far: up to a depth more. */
    double m_y = sh->has_own ? keel - sh->own.km : top;
    double above = fmin(fmax(top - m_y, 0.0), depth);
    double scale = fmin(0.8 * w / span, 0.85 * h / (depth + above));
    fl_vec2 origin = fl_v2(x + 0.5 * w - scale * 0.5 * (lo + hi), y + 0.92 * h - scale * keel);
#define AT(p) fl_v2(origin.x + scale * (p).x, origin.y + scale * (p).y)
    fl_vec2 ph[FL_SCENE_MAX_POINTS], ps[FL_SCENE_MAX_POINTS];
    for (int i = 0; i < n && i < FL_SCENE_MAX_POINTS; i++)
        ph[i] = AT(hull[i]);
    for (int i = 0; i < ns && i < FL_SCENE_MAX_POINTS; i++)
        ps[i] = AT(solid[i]);
    draw_polygon(d, ph, n, rgba_hex(0xe8ecef, 255));
    draw_polygon(d, ps, ns, rgba_hex(0xb9b2a6, 255));
    double left = origin.x + scale * lo - 0.06 * w, right = origin.x + scale * hi + 0.06 * w;
    for (int i = 3; i < k->count; i += 4) {
        double wl = origin.y + scale * (keel - k->rows[i].draft);
        draw_line(d, fl_v2(left, wl), fl_v2(right, wl), 0.6, false, rgba_hex(0x8fb3cc, 255));
        char t[32];
        snprintf(t, sizeof t, "%.2f m", k->rows[i].draft);
        text_draw(d, t, fl_v2(right + 4, wl - 7), 0.9, rgba_hex(0x5b7a90, 255));
    }
    draw_polyline(d, ph, n, true, 1.5, INK);
    const loading *l = &sh->c->load;
    fl_vec2 pt[FL_SCENE_TANK_POINTS * 2];
    if (l->open_n > 0) { /* the bilged compartment: the sea's, open */
        for (int i = 0; i < l->open_n; i++)
            pt[i] = AT(l->open[i]);
        draw_polygon(d, pt, l->open_n, rgba_hex(0x9cc3dc, 160));
        draw_polyline(d, pt, l->open_n, true, 1.0, rgba_hex(0xc0392b, 255));
    }
    for (int k2 = 0; k2 < l->tank_count; k2++) { /* each tank, its liquid level upright */
        const loading_tank *t = &l->tanks[k2];
        fl_vec2 c;
        double level;
        if (loading_liquid(t, 0.0, &c, &level)) {
            fl_vec2 wet[FL_SCENE_TANK_POINTS * 2];
            int m = fl_clip_halfplane(t->points, t->n, (fl_halfplane){{0.0, 1.0}, level}, wet);
            for (int i = 0; i < m; i++)
                pt[i] = AT(wet[i]);
            draw_polygon(d, pt, m, rgba_hex(0x5dade2, 200));
        }
        for (int i = 0; i < t->n; i++)
            pt[i] = AT(t->points[i]);
        draw_polyline(d, pt, t->n, true, 0.8, INK);
    }
    if (l->items > 0) { /* the items' weight where it acts, together */
        fl_vec2 at = AT(fl_scale(l->moment, 1.0 / l->mass));
        fl_vec2 box[4] = {{at.x - 4, at.y - 4}, {at.x + 4, at.y - 4}, {at.x + 4, at.y + 4},
                          {at.x - 4, at.y + 4}};
        draw_polygon(d, box, 4, rgba_hex(0x7d6608, 255));
        char t[48];
        snprintf(t, sizeof t, "items %.0f kg", l->mass);
        text_draw(d, t, fl_v2(at.x + 7, at.y - 6), 0.9, INK);
    }
    if (sh->has_own) {
        double level = keel - sh->own.draft, wl = origin.y + scale * level;
        draw_line(d, fl_v2(left, wl), fl_v2(right, wl), 2.0, false, rgba_hex(0x1f6fb2, 255));
        fl_vec2 cb;
        fl_clip_halfplane_area(hull, n, (fl_halfplane){{0.0, 1.0}, level}, &cb);
        point(d, AT(fl_v2(cb.x, keel)), "K", false, INK);
        point(d, AT(fl_v2(cb.x, keel - sh->own.kb)), "B", true, rgba_hex(0x1f6fb2, 255));
        if (m_y > top - above - 1e-9)
            point(d, AT(fl_v2(cb.x, keel - sh->own.km)), "M", true, rgba_hex(0xc0392b, 255));
    }
    /* G across: the weights' moment over the whole mass (the body's own
     * G is the frame's origin). */
    double mass = sh->c->displaced * sh->c->fluid_density;
    point(d, AT(fl_v2(loading_moment_x(l, 0.0, NAN) / mass, keel - sh->c->kg)), "G", false, INK);
#undef AT
}

static void condition(draw_batch *d, const booklet *k, const sheet *sh, double x, double y)
{
    const gz_curve *c = sh->c;
    char line[160];
    double u = 1.1, step = TEXT_LINE_UNITS * u + 3;
    snprintf(line, sizeof line, "%s%s%sdisplacement %.4g m2 per metre (%.0f kg/m), in a fluid of %g kg/m2",
             c->load.condition[0] ? "condition " : "", c->load.condition,
             c->load.condition[0] ? ": " : "", c->displaced, c->displaced * k->density, k->density);
    text_draw(d, line, fl_v2(x, y), u, INK);
    if (sh->has_own) /* the curves of form are the intact hull's */
        snprintf(line, sizeof line, "%sdraft %.4f m upright; KB %.4f m, BM %.4f m, KM %.4f m",
                 c->load.open_n ? "intact, " : "", sh->own.draft, sh->own.kb, sh->own.bm, sh->own.km);
    else
        snprintf(line, sizeof line, "it does not float upright");
    text_draw(d, line, fl_v2(x, y + step), u, INK);
    if (c->rests)
        snprintf(line, sizeof line, "KG %.4f m; rests at %.2f deg, GM%s %.4f m there", c->kg, c->rest,
                 c->liquid ? " fluid" : "", c->gm);
    else
        snprintf(line, sizeof line, "KG %.4f m; no stable equilibrium", c->kg);
    text_draw(d, line, fl_v2(x, y + 2 * step), u, INK);
    if (!isnan(c->flood))
        snprintf(line, sizeof line, "downflooding at %.2f deg", c->flood);
    else
        snprintf(line, sizeof line, "no opening goes under before 180 deg");
    text_draw(d, line, fl_v2(x, y + 3 * step), u, INK);
}

static void criteria_table(draw_batch *d, const sheet *sh, double x, double y)
{
    double u = 0.95, step = TEXT_LINE_UNITS * u + 6;
    text_draw(d, "IMO IS Code 2008, Part A 2.2", fl_v2(x, y), 1.2, INK);
    const char *head[] = {"criterion", "value", "limit", ""};
    const double col[] = {0, 185, 235, 330};
    for (int j = 0; j < 4; j++)
        text_draw(d, head[j], fl_v2(x + col[j], y + 1.5 * step), u, rgba_hex(0x5b6770, 255));
    for (int i = 0; i < IS2008_COUNT; i++) {
        const criterion *r = &sh->cr[i];
        double ry = y + (2.5 + i) * step;
        char v[32], l[32];
        snprintf(v, sizeof v, strcmp(r->unit, "deg") == 0 ? "%.1f" : "%.4f", r->value);
        snprintf(l, sizeof l, ">= %g %s", r->limit, r->unit);
        text_draw(d, r->what, fl_v2(x, ry), u, INK);
        text_draw(d, v, fl_v2(x + col[1], ry), u, INK);
        text_draw(d, l, fl_v2(x + col[2], ry), u, INK);
        text_draw(d, r->pass ? "pass" : "FAIL", fl_v2(x + col[3], ry), u,
                  r->pass ? rgba_hex(0x1e8449, 255) : rgba_hex(0xc0392b, 255));
    }
    char verdict[64];
    if (sh->failed)
        snprintf(verdict, sizeof verdict, "%d of %d criteria fail", sh->failed, IS2008_COUNT);
    else
        snprintf(verdict, sizeof verdict, "all %d criteria pass", IS2008_COUNT);
    text_draw(d, verdict, fl_v2(x, y + (3.2 + IS2008_COUNT) * step), 1.2,
              sh->failed ? rgba_hex(0xc0392b, 255) : rgba_hex(0x1e8449, 255));
}

/* Pages 2i and 2i + 1 are condition i's (its section with the criteria,
 * its GZ curve); the last, the curves of form, the hull's alone. */
static bool page(draw_batch *d, int number, void *ctx)
{
    const booklet *k = ctx;
    const sheet *sh = &k->sheets[number / 2 < k->sheet_count ? number / 2 : 0];
    const char *cond = sh->c->load.condition;
    const char *open = sh->c->load.open_name;
    char title[320], whose[2 * FL_SCENE_NAME_MAX + 120];
    snprintf(whose, sizeof whose, "%s%s%s%s%s%s", k->name, cond[0] ? ", loaded as " : "", cond,
             sh->c->load.open_n ? ", damaged (" : "", sh->c->load.open_n ? open : "",
             sh->c->load.open_n ? " open to the sea)" : "");
    if (number < 2 * k->sheet_count && number % 2 == 0) {
        page_white(d);
        snprintf(title, sizeof title, "%s: stability booklet", whose);
        text_draw(d, title, fl_v2(40, 28), 1.8, INK);
        condition(d, k, sh, 40, 64);
        section(d, k, sh, 20, 150, 380, 420);
        criteria_table(d, sh, 455, 170);
        return d->ok;
    }
    chart ch;
    char largest[64], vanish[64], rest[64]; /* the chart's labels: live while it is drawn */
    if (number < 2 * k->sheet_count) {
        snprintf(title, sizeof title, "%s: righting arm GZ, the criteria marked", whose);
        ch = stability_chart(sh->c, title, largest, vanish, rest);
        double at = sh->c->rests ? sh->c->rest : 0.0, ymax = sh->c->gz[sh->c->top];
        ch.lines[ch.line_count++] = (chart_line){at + 30, 0.0, at + 30, 0.6 * ymax, "30"};
        ch.lines[ch.line_count++] = (chart_line){at + 40, 0.0, at + 40, 0.85 * ymax, "40"};
        ch.lines[ch.line_count++] = (chart_line){180.0, 0.2, at + 30, 0.2, "0.20 m"};
        if (!isnan(sh->c->flood) && sh->c->flood < 180.0)
            ch.lines[ch.line_count++] = (chart_line){sh->c->flood, 0.0, sh->c->flood, 0.8 * ymax, "flooding"};
    } else {
        snprintf(title, sizeof title, "%s: curves of form (per metre of length)", k->name);
        form_chart(&ch, k->rows, k->count, (double *)k->scratch, title);
    }
    ch.width = PAGE_W;
    ch.height = PAGE_H;
    return chart_draw(d, &ch);
}

bool booklet_write(const char *path, const fl_sim *s, fl_body_id b, const gz_curve *const *curves,
                   int count, double density, char *err, size_t err_size)
{
    static booklet k; /* big: the form's rows and the chart's room */
    memset(&k, 0, sizeof k);
    k.s = s;
    k.b = b;
    k.density = density;
    k.name = fl_sim_body_name(s, b)[0] ? fl_sim_body_name(s, b) : "body";
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    k.sheet_count = count < BOOKLET_MOST ? count : BOOKLET_MOST;
    for (int i = 0; i < k.sheet_count; i++) {
        sheet *sh = &k.sheets[i];
        sh->c = curves[i];
        sh->failed = criteria_is2008(sh->c, b, sh->cr);
        sh->has_own = form_for_area(hull, n, density, sh->c->displaced, &sh->own);
    }
    double depth = form_depth(hull, n);
    for (int i = 1; i <= ROWS; i++)
        if (form_at(hull, n, density, depth * i / ROWS, &k.rows[k.count]))
            k.count++;
    return snapshot_document(path, PAGE_W, PAGE_H, 2 * k.sheet_count + 1, page, &k, err, err_size);
}
