/* The HUD of render.h: a few lines of text in the top-left corner (text.h),
 * on a translucent panel. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render.h"
#include "text.h"

#define HUD_LINES RENDER_HUD_LINES
#define HUD_LINE_MAX RENDER_HUD_LINE_MAX

typedef struct hud_text {
    char line[HUD_LINES][HUD_LINE_MAX];
    int count;
} hud_text;

static void add_line(hud_text *t, const char *s)
{
    snprintf(t->line[t->count++], HUD_LINE_MAX, "%s", s);
}

static void hud_lines(hud_text *t, const fl_sim *s, const render_hud *hud)
{
    char buf[HUD_LINE_MAX];
    t->count = 0;
    /* The caller's text, a line for each '\n'-separated part (at most 3). */
    for (const char *p = hud && hud->text ? hud->text : ""; *p && t->count < HUD_LINES - 3;) {
        size_t n = strcspn(p, "\n");
        snprintf(t->line[t->count++], HUD_LINE_MAX, "%.*s", (int)n, p);
        p += n + (p[n] == '\n');
    }
    snprintf(buf, sizeof buf, "t %.3f s   step %llu", fl_world_time(fl_sim_world(s)),
             (unsigned long long)fl_world_step_count(fl_sim_world(s)));
    add_line(t, buf);
    int n = fl_world_body_count(fl_sim_world(s));
    int len = snprintf(buf, sizeof buf, "%d bod%s", n, n == 1 ? "y" : "ies");
    if (hud && hud->step_ms >= 0.0)
        snprintf(buf + len, sizeof buf - (size_t)len, "   %.3f ms/step", hud->step_ms);
    add_line(t, buf);
    /* A closed tank's lesson: how far the bodies raised its water, and the
     * area they displace (by the water's conservation, the rise times the
     * width). */
    const fl_buoyancy *water = fl_sim_buoyancy(s);
    for (int i = 0; i < fl_buoyancy_fluid_count(water); i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(water, i);
        double rise = fl_fluid_empty_level(f) - f->surface;
        if (!isfinite(rise)) /* an open fluid */
            continue;
        snprintf(buf, sizeof buf, "level %.3f m, up %.3f m: %.3f m\u00b2 displaced", f->surface,
                 rise, rise * (f->right - f->left));
        add_line(t, buf);
        break;
    }
}

int render_hud_lines(const fl_sim *s, const render_hud *hud,
                     char lines[RENDER_HUD_LINES][RENDER_HUD_LINE_MAX])
{
    hud_text t;
    hud_lines(&t, s, hud);
    memcpy(lines, t.line, sizeof t.line);
    return t.count;
}

/* Where the HUD's panel goes on b's target (its corner o, its size w x h),
 * false when the target is too small for it: it would hide the picture. */
static bool place(draw_batch *b, const hud_text *t, const camera *cam, double unit, fl_vec2 *o,
                  double *w, double *h)
{
    double pad = 4.0 * unit, line_h = TEXT_LINE_UNITS * unit, widest = 0.0;
    for (int i = 0; i < t->count; i++)
        widest = fmax(widest, text_width(b, t->line[i], unit));
    *o = fl_v2(4.0 * unit, 4.0 * unit);
    *w = widest + 2 * pad;
    *h = t->count * line_h + 1.5 * pad;
    return o->x + *w <= 0.6 * cam->px_w && o->y + *h <= 0.5 * cam->px_h;
}

bool render_hud_fits_on(draw_batch *b, const fl_sim *s, const camera *cam, const render_hud *hud)
{
    hud_text t;
    hud_lines(&t, s, hud);
    fl_vec2 o;
    double w, h;
    return place(b, &t, cam, render_text_unit(cam), &o, &w, &h);
}

void render_hud_draw(draw_batch *b, const fl_sim *s, const camera *cam, const render_hud *hud)
{
    hud_text t;
    hud_lines(&t, s, hud);
    double unit = render_text_unit(cam);
    double pad = 4.0 * unit, line_h = TEXT_LINE_UNITS * unit, w, h;
    fl_vec2 o;
    if (!place(b, &t, cam, unit, &o, &w, &h))
        return;
    fl_vec2 panel[4] = {o, fl_v2(o.x + w, o.y), fl_v2(o.x + w, o.y + h), fl_v2(o.x, o.y + h)};
    draw_polygon(b, panel, 4, rgba_hex(0x10202c, 150));
    for (int i = 0; i < t.count; i++)
        text_draw(b, t.line[i], fl_v2(o.x + pad, o.y + pad + i * line_h), unit,
                  rgba_hex(0xffffff, 255));
}
