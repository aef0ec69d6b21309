/* The HUD of render.h: a few lines of text in the top-left corner, drawn with
 * stb_easy_font (text as quads, no font files), on a translucent panel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stb_easy_font.h>
#include "render.h"

#define HUD_LINES 3
#define HUD_LINE_MAX 96
#define FONT_VERTEX_BYTES 16 /* x, y, z as floats, then 4 colour bytes */
#define FONT_BUFFER (HUD_LINE_MAX * 300)

typedef struct hud_text {
    char line[HUD_LINES][HUD_LINE_MAX];
    int count;
} hud_text;

/* stb_easy_font knows printable ASCII only: anything else becomes '?'. */
static void add_line(hud_text *t, const char *s)
{
    char *out = t->line[t->count++];
    int n = 0;
    for (; s[n] && n < HUD_LINE_MAX - 1; n++)
        out[n] = (s[n] >= 32 && s[n] < 127) ? s[n] : '?';
    out[n] = '\0';
}

static void hud_lines(hud_text *t, const sim *s, const render_hud *hud)
{
    char buf[HUD_LINE_MAX];
    t->count = 0;
    if (hud && hud->text && hud->text[0])
        add_line(t, hud->text);
    snprintf(buf, sizeof buf, "t %.3f s   step %llu", fl_world_time(s->world),
             (unsigned long long)fl_world_step_count(s->world));
    add_line(t, buf);
    int n = fl_world_body_count(s->world);
    int len = snprintf(buf, sizeof buf, "%d bod%s", n, n == 1 ? "y" : "ies");
    if (hud && hud->step_ms >= 0.0)
        snprintf(buf + len, sizeof buf - (size_t)len, "   %.3f ms/step", hud->step_ms);
    add_line(t, buf);
}

/* Sends stb_easy_font's quads as two triangles each, scaled and shifted. */
static void draw_text(draw_batch *b, char *text, fl_vec2 at, double scale, rgba c, char *buf)
{
    int quads = stb_easy_font_print(0, 0, text, NULL, buf, FONT_BUFFER);
    for (int q = 0; q < quads; q++) {
        fl_vec2 p[4];
        for (int k = 0; k < 4; k++) {
            float xy[2];
            memcpy(xy, buf + (q * 4 + k) * FONT_VERTEX_BYTES, sizeof xy);
            p[k] = fl_v2(at.x + xy[0] * scale, at.y + xy[1] * scale);
        }
        draw_triangle(b, p[0], p[1], p[2], c);
        draw_triangle(b, p[0], p[2], p[3], c);
    }
}

void render_hud_draw(draw_batch *b, const sim *s, const camera *cam, const render_hud *hud)
{
    hud_text t;
    hud_lines(&t, s, hud);
    char *buf = malloc(FONT_BUFFER);
    if (!buf) {
        b->ok = false;
        return;
    }
    /* Font units are pixels of a 12-unit line; two output pixels per unit
     * reads well at 960 wide, one on small targets. */
    double unit = (cam->px_w / cam->px >= 480 ? 2.0 : 1.0) * cam->px;
    double pad = 4.0 * unit, line_h = 12.0 * unit;
    int widest = 0;
    for (int i = 0; i < t.count; i++) {
        int w = stb_easy_font_width(t.line[i]);
        widest = w > widest ? w : widest;
    }
    fl_vec2 o = fl_v2(4.0 * unit, 4.0 * unit);
    fl_vec2 panel[4] = {o, fl_v2(o.x + widest * unit + 2 * pad, o.y),
                        fl_v2(o.x + widest * unit + 2 * pad, o.y + t.count * line_h + 1.5 * pad),
                        fl_v2(o.x, o.y + t.count * line_h + 1.5 * pad)};
    draw_convex(b, panel, 4, rgba_hex(0x10202c, 150));
    for (int i = 0; i < t.count; i++)
        draw_text(b, t.line[i], fl_v2(o.x + pad, o.y + pad + i * line_h), unit,
                  rgba_hex(0xffffff, 255), buf);
    free(buf);
}
