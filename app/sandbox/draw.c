/* One frame of the window: the picture a capture would draw (render.h), then
 * what only the window shows: the recording mark, the error banner, the
 * help card, and the picker and the question that come over them. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "panel.h"
#include "controls.h"
#include "draw_cairo.h"
#include "render_cairo.h"
#include "sandbox_parts.h"

#define BANNER_LINES 6
#define BANNER_COLOR 0xb3261e
#define REC_COLOR 0xd42020

/* Text units to pixels, as the HUD has them. */
static double text_unit(const sandbox *sb)
{
    camera cam = sandbox_camera(sb);
    return render_text_unit(&cam);
}

static void backdrop(draw_batch *b, double x, double y, double w, double h, rgba c)
{
    fl_vec2 p[4] = {fl_v2(x, y), fl_v2(x + w, y), fl_v2(x + w, y + h), fl_v2(x, y + h)};
    draw_polygon(b, p, 4, c);
}

void sandbox_draw_panel(draw_batch *b, double x, double y, double w, double h)
{
    backdrop(b, x, y, w, h, rgba_hex(SANDBOX_PANEL_COLOR, 170));
}

/* The HUD's free lines: the scene, the clock's mode, the spawn density,
 * recording or playing; and the passing message on a line of its own. */
static void hud_line(const sandbox *sb, char *out, size_t size)
{
    char name[128];
    sandbox_scene_name(sb, name, sizeof name);
    int n = snprintf(out, size, "%s%s%s   spawn %.0f kg/m2", name,
                     sb->clock.paused ? "   PAUSED" : "", sb->clock.slow ? "   x1/4" : "",
                     sandbox_spawn_density(sb));
    if (sb->rec.rec && n >= 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "   REC %ld", sb->rec.frames);
    if (sb->replay.on && n >= 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "   RECORDING REPLAY %llu steps",
                      (unsigned long long)sb->replay.steps);
    if (sb->play.on && n >= 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "   REPLAY step %llu of %llu",
                      (unsigned long long)sb->play.step, (unsigned long long)sb->play.steps);
    /* Honest speed: frames, the simulation against real time, the water. */
    const sandbox_clock *c = &sb->clock;
    double want = c->slow ? 0.25 : 1.0;
    if (n >= 0 && (size_t)n < size && c->paused)
        n += snprintf(out + n, size - (size_t)n, "\npaused");
    else if (n >= 0 && (size_t)n < size)
        /* Slow motion is said as such; behind is only what the frames
         * cannot keep up with (a tenth short of what was asked: the speed
         * is measured over half a second of whole steps). */
        n += snprintf(out + n, size - (size_t)n, "\n%.0f fps   %.2fx real time%s%s", c->fps,
                      c->speed, c->slow ? "   SLOW MOTION (1/4)" : "",
                      c->fps > 0 && c->speed < 0.9 * want ? "   FALLING BEHIND" : "");
    if (fl_buoyancy_fluid_count(fl_sim_buoyancy(sb->sim)) > 0 && n >= 0 && (size_t)n < size) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(sb->sim), 0);
        n += snprintf(out + n, size - (size_t)n, "   water at y=%.2f m", f->surface);
        double rise = fl_fluid_empty_level(f) - f->surface; /* a closed tank's */
        if (isfinite(rise) && n >= 0 && (size_t)n < size)
            n += snprintf(out + n, size - (size_t)n, ", up %.3f m", rise);
    }
    if (sb->status[0] && sb->clock.now < sb->status_until && n >= 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, "\n%s", sb->status);
}

/* The timeline of a replay playing, along the bottom of the window. */
typedef struct timeline {
    double x, y, w, h;
} timeline;

static timeline timeline_box(const sandbox *sb)
{
    double u = text_unit(sb);
    return (timeline){8 * u, sb->view.px_h - 16 * u, sb->view.px_w - 16 * u, 8 * u};
}

bool sandbox_timeline_at(const sandbox *sb, fl_vec2 p, double *at)
{
    if (!sb->play.on)
        return false;
    timeline t = timeline_box(sb);
    double pad = t.h; /* easier to hit than to see */
    if (p.x < t.x || p.x > t.x + t.w || p.y < t.y - pad || p.y > t.y + t.h + pad)
        return false;
    *at = (p.x - t.x) / t.w;
    return true;
}

static void draw_timeline(draw_batch *b, const sandbox *sb)
{
    timeline t = timeline_box(sb);
    const sandbox_play *pl = &sb->play;
    double done = pl->steps > 0 ? (double)pl->step / (double)pl->steps : 1.0;
    backdrop(b, t.x, t.y, t.w, t.h, rgba_hex(SANDBOX_PANEL_COLOR, 170));
    backdrop(b, t.x, t.y, t.w * done, t.h, rgba_hex(0xffffff, 200));
    /* A tick at each checkpoint, every second of the replay. */
    for (int i = 0; i < pl->check_count; i++) {
        double x = t.x + t.w * (double)pl->checks[i] / (double)(pl->steps ? pl->steps : 1);
        backdrop(b, x - 0.5, t.y, 1.0, t.h, rgba_hex(0x10202c, 200));
    }
}

/* The shape being drawn: its corners, the edges so far and the one to the
 * cursor; or the box being dragged out. */
static void draw_drawing(draw_batch *b, const sandbox *sb)
{
    const sandbox_drawing *d = &sb->drawing;
    camera cam = sandbox_camera(sb);
    double u = text_unit(sb);
    rgba ink = rgba_hex(0xd02060, 230);
    if (d->boxing) {
        fl_vec2 a = camera_to_screen(&cam, d->box_from), z = sb->mouse.at;
        fl_vec2 p[4] = {a, fl_v2(z.x, a.y), z, fl_v2(a.x, z.y)};
        draw_polyline(b, p, 4, true, 1.5 * u, ink);
        return;
    }
    if (!d->on)
        return;
    fl_vec2 p[FL_SCENE_MAX_POINTS + 1];
    for (int i = 0; i < d->count; i++)
        p[i] = camera_to_screen(&cam, d->points[i]);
    p[d->count] = sb->mouse.at;
    draw_polyline(b, p, d->count + 1, false, 1.5 * u, ink);
    for (int i = 0; i < d->count; i++)
        draw_disc(b, p[i], (i == 0 ? 4.0 : 2.5) * u, ink);
}

static void draw_rec_mark(draw_batch *b, const sandbox *sb)
{
    double u = text_unit(sb);
    char t[48];
    if (sb->replay.on)
        snprintf(t, sizeof t, "REC replay %llu", (unsigned long long)sb->replay.steps);
    else
        snprintf(t, sizeof t, "REC %ld", sb->rec.frames);
    double w = text_width(b, t, u) + 22 * u;
    double x = sb->view.px_w - w - 4 * u, y = 4 * u;
    backdrop(b, x, y, w, 16 * u, rgba_hex(SANDBOX_PANEL_COLOR, 170));
    draw_disc(b, fl_v2(x + 8 * u, y + 8 * u), 4 * u, rgba_hex(REC_COLOR, 255));
    text_draw(b, t, fl_v2(x + 16 * u, y + 4 * u), u, rgba_hex(0xffffff, 255));
}

/* Splits text into lines no wider than max_w, at spaces where it can. */
static int wrap(draw_batch *b, const char *text, double unit, double max_w, char lines[][SANDBOX_TEXT_MAX])
{
    int count = 0;
    const char *s = text;
    while (*s && count < BANNER_LINES) {
        size_t len = strlen(s), cut = len, last_space = 0;
        char probe[SANDBOX_TEXT_MAX];
        size_t prev = 0;
        for (size_t k = text_char_length(s); k <= len && k < SANDBOX_TEXT_MAX;
             k += text_char_length(s + k)) {
            snprintf(probe, sizeof probe, "%.*s", (int)k, s);
            if (text_width(b, probe, unit) > max_w) {
                cut = last_space ? last_space : prev;
                break;
            }
            if (s[k - 1] == ' ')
                last_space = k;
            prev = k;
        }
        cut = cut ? cut : text_char_length(s);
        snprintf(lines[count++], SANDBOX_TEXT_MAX, "%.*s", (int)cut, s);
        s += cut;
    }
    return count;
}

static void draw_banner(draw_batch *b, const sandbox *sb)
{
    double u = text_unit(sb), pad = 6 * u, line_h = TEXT_LINE_UNITS * u;
    char lines[BANNER_LINES][SANDBOX_TEXT_MAX];
    int n = wrap(b, sb->banner, u, sb->view.px_w - 2 * pad - 8 * u, lines);
    double h = n * line_h + 2 * pad, y = sb->view.px_h - h;
    backdrop(b, 0, y, sb->view.px_w, h, rgba_hex(BANNER_COLOR, 235));
    for (int i = 0; i < n; i++)
        text_draw(b, lines[i], fl_v2(pad + 4 * u, y + pad + i * line_h), u,
                  rgba_hex(0xffffff, 255));
}

static void draw_help(draw_batch *b, const sandbox *sb)
{
    int n = sandbox_help_count();
    double u = text_unit(sb);
    double fit = sb->view.px_h / ((n + 4) * TEXT_LINE_UNITS);
    u = fit < u ? fit : u;
    double line_h = TEXT_LINE_UNITS * u, pad = 10 * u, col = 0.0, wide = 0.0;
    for (int i = 0; i < n; i++) {
        const char *keys, *what;
        sandbox_help_line(i, &keys, &what);
        col = fmax(col, text_width(b, keys, u));
        wide = fmax(wide, text_width(b, what, u));
    }
    double w = col + wide + 12 * u + 2 * pad, h = (n + 2) * line_h + 2 * pad;
    if (w > 0.96 * sb->view.px_w) { /* narrower than the card: everything shrinks with it */
        double k = 0.96 * sb->view.px_w / w;
        u *= k, line_h *= k, pad *= k, col *= k, wide *= k, w *= k, h *= k;
    }
    double x = 0.5 * (sb->view.px_w - w), y = 0.5 * (sb->view.px_h - h);
    backdrop(b, x, y, w, h, rgba_hex(SANDBOX_PANEL_COLOR, 240));
    text_draw(b, "flotsam sandbox: keys (F1 or Esc closes)", fl_v2(x + pad, y + pad), u,
              rgba_hex(0xffd866, 255));
    for (int i = 0; i < n; i++) {
        const char *keys, *what;
        sandbox_help_line(i, &keys, &what);
        double ty = y + pad + (i + 2) * line_h;
        text_draw(b, keys, fl_v2(x + pad, ty), u, rgba_hex(0x9fd8ff, 255));
        text_draw(b, what, fl_v2(x + pad + col + 12 * u, ty), u, rgba_hex(0xffffff, 255));
    }
}

void sandbox_place_hud(sandbox *sb)
{
    char line[2 * SANDBOX_TEXT_MAX];
    hud_line(sb, line, sizeof line);
    render_hud hud = {sb->clock.step_ms, line};
    camera cam = sandbox_camera(sb);
    sb->hud_in_panel = sb->overlays.hud && sb->panel && sb->panel_shown &&
                       !render_hud_fits(sb->sim, &cam, &hud);
}

_Static_assert(PANEL_READING_LINES == RENDER_HUD_LINES && PANEL_READING_MAX == RENDER_HUD_LINE_MAX,
               "the panel's readings are the HUD's lines");

int sandbox_panel_readings(const sandbox *sb, char lines[PANEL_READING_LINES][PANEL_READING_MAX])
{
    if (!sb->hud_in_panel)
        return 0;
    char line[2 * SANDBOX_TEXT_MAX];
    hud_line(sb, line, sizeof line);
    render_hud hud = {sb->clock.step_ms, line};
    return render_hud_lines(sb->sim, &hud, lines);
}

bool sandbox_paint(sandbox *sb, capture *frame)
{
    /* Only the overlays of what is under and the inspector read a
     * measurement (a crowd's costs a millisecond). */
    if (sb->overlays.cb || sb->overlays.submerged || sb->inspect.on)
        fl_buoyancy_measure(fl_sim_buoyancy(sb->sim), fl_world_time(fl_sim_world(sb->sim)));
    camera cam = sandbox_camera(sb);
    char line[2 * SANDBOX_TEXT_MAX];
    hud_line(sb, line, sizeof line);
    render_hud hud = {sb->clock.step_ms, line};
    cairo_t *cr = capture_cairo(frame);
    /* The panel left, the world's view right of it. */
    cairo_identity_matrix(cr);
    cairo_reset_clip(cr);
    if (sb->view.panel_px > 0 && !panel_paint(panel_picture_of(sb->panel), cr))
        return false;
    cairo_translate(cr, sb->view.panel_px, 0.0);
    cairo_rectangle(cr, 0, 0, sb->view.px_w, sb->view.px_h);
    cairo_clip(cr);
    render_options shown = sb->overlays;
    shown.hud = shown.hud && !sb->hud_in_panel; /* the panel shows it instead */
    if (!render_sim(cr, sb->sim, &cam, &shown, &hud))
        return false;
    draw_batch b;
    draw_begin_cairo(&b, cr);
    if (sb->rec.rec || sb->replay.on)
        draw_rec_mark(&b, sb);
    if (sb->play.on)
        draw_timeline(&b, sb);
    draw_drawing(&b, sb);
    sandbox_draw_inspector(&b, sb);
    sandbox_draw_picker(&b, sb);
    if (sb->banner[0])
        draw_banner(&b, sb);
    if (sb->help)
        draw_help(&b, sb);
    sandbox_draw_ask(&b, sb);
    if (!draw_flush(&b))
        return false;
    /* The selected body's column, right of the view. */
    if (sb->view.dock_px > 0) {
        cairo_reset_clip(cr);
        cairo_translate(cr, sb->view.px_w, 0.0);
        cairo_rectangle(cr, 0, 0, sb->view.dock_px, sb->view.px_h);
        cairo_clip(cr);
        draw_begin_cairo(&b, cr);
        sandbox_draw_dock(&b, sb);
        if (!draw_flush(&b))
            return false;
    }
    cairo_reset_clip(cr);
    cairo_identity_matrix(cr);
    cairo_surface_flush(capture_surface(frame));
    return true;
}

/* Copies rectangle r of the picture into the window's surface. */
static bool copy_rect(SDL_Surface *win, cairo_surface_t *s, SDL_Rect r)
{
    int stride = cairo_image_surface_get_stride(s), bpp = win->format->BytesPerPixel;
    const unsigned char *src = cairo_image_surface_get_data(s) + (size_t)r.y * stride + 4 * r.x;
    unsigned char *dst = (unsigned char *)win->pixels + (size_t)r.y * win->pitch + bpp * r.x;
    /* Cairo's RGB24 is a native-endian 32-bit 0xXXRRGGBB, SDL's RGB888. */
    return SDL_ConvertPixels(r.w, r.h, SDL_PIXELFORMAT_RGB888, src, stride, win->format->format,
                             dst, win->pitch) == 0;
}

/* The picture goes straight into the window's own surface (none of a GPU
 * texture and its driver), then SDL hands it to the display: the parts
 * that changed since the frame before (damage, count of them), or all of
 * it (count < 0). A frame drawn for the size the window had before a
 * resize fills what it can; the next one has the new size. */
bool sandbox_present(sandbox *sb, cairo_surface_t *s, const SDL_Rect *damage, int count)
{
    SDL_Surface *win = SDL_GetWindowSurface(sb->window);
    if (!win)
        return false;
    if (count == 0)
        return true; /* nothing moved */
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    if (w != win->w || h != win->h)
        count = -1;
    SDL_Rect whole = {0, 0, w < win->w ? w : win->w, h < win->h ? h : win->h};
    if (SDL_MUSTLOCK(win) && SDL_LockSurface(win) != 0)
        return false;
    bool ok = true;
    for (int i = 0; i < (count < 0 ? 1 : count); i++)
        ok = ok && copy_rect(win, s, count < 0 ? whole : damage[i]);
    if (SDL_MUSTLOCK(win))
        SDL_UnlockSurface(win);
    if (!ok)
        return false;
    return count < 0 ? SDL_UpdateWindowSurface(sb->window) == 0
                     : SDL_UpdateWindowSurfaceRects(sb->window, damage, count) == 0;
}
