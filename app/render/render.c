#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "render.h"
#include "text.h"
#include "bodies.h"
#include "holds.h"

static double water_density(const fl_sim *s)
{
    return fl_buoyancy_fluid_count(fl_sim_buoyancy(s)) > 0
               ? fl_buoyancy_fluid_def(fl_sim_buoyancy(s), 0)->density
               : 1000.0;
}

/* A wood ramp by relative density: balsa, pine, oak, then slate for what
 * sinks. The density is taken in steps of 1/50 of the water's, finer than
 * the eye tells apart on the ramp, so that a crowd of random densities has a
 * few dozen colours, each drawn in one fill. */
#define DENSITY_COLOR_STEP 0.02
static uint32_t density_color(double q)
{
    q = round(q / DENSITY_COLOR_STEP) * DENSITY_COLOR_STEP;
    static const double at[] = {0.15, 0.5, 0.9, 2.0};
    static const uint32_t color[] = {0xf3e2b0, 0xcf9350, 0x6b4226, 0x4b5058};
    if (!(q > at[0]))
        return color[0];
    for (int k = 1; k < 4; k++) {
        if (q <= at[k]) {
            rgba c = rgba_mix(rgba_hex(color[k - 1], 255), rgba_hex(color[k], 255),
                              (q - at[k - 1]) / (at[k] - at[k - 1]));
            return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
        }
    }
    return color[3];
}

uint32_t render_body_color(const fl_sim *s, int i)
{
    fl_body_id b = fl_world_body(fl_sim_world(s), i);
    uint32_t rgb;
    if (fl_sim_body_color(s, fl_world_body(fl_sim_world(s), i), &rgb))
        return rgb;
    if (fl_body_is_static(b))
        return RENDER_STATIC_COLOR;
    return density_color(fl_body_density(b) / water_density(s));
}

rgba render_fluid_color(const fl_fluid_def *f)
{
    double q = f->density / 1000.0;
    rgba water = rgba_hex(0x2a78b8, 190);
    if (q < 1.0) /* lighter than water: towards an oily amber */
        return rgba_mix(water, rgba_hex(0xc89a3c, 170), (1.0 - q) * 2.5);
    return rgba_mix(water, rgba_hex(0x17486e, 215), (q - 1.0) * 2.0);
}

rgba render_fluid_veil(const fl_fluid_def *f)
{
    return rgba_alpha(render_fluid_color(f), 70);
}

rgba render_fluid_deep(rgba c)
{
    return rgba_alpha(rgba_mix(c, rgba_hex(0x0a1e30, c.a), 0.35), c.a);
}

double render_text_unit(const camera *cam)
{
    double w = cam->px_w / cam->px;
    return fmin(fmax(w / 560.0, 1.25), 2.2) * cam->px;
}

static void draw_sky(draw_batch *b, const camera *cam)
{
    rgba top = rgba_hex(RENDER_SKY_TOP, 255), bottom = rgba_hex(RENDER_SKY_BOTTOM, 255);
    fl_vec2 p[4] = {{0, 0}, {cam->px_w, 0}, {cam->px_w, cam->px_h}, {0, cam->px_h}};
    draw_polygon_shaded(b, p, 4, 0.0, top, cam->px_h, bottom);
}

#define MAX_COLUMNS 4096

/* The visible part of a fluid's surface as screen points, one every few
 * output pixels (two for a flat one). Returns the count, 0 if not visible. */
static int surface_points(const fl_fluid_def *f, double t, const camera *cam, fl_vec2 *out)
{
    fl_vec2 tl, br;
    camera_visible(cam, &tl, &br);
    double x0 = fmax(f->left, tl.x), x1 = fmin(f->right, br.x);
    if (!(x0 < x1) || f->bottom < tl.y)
        return 0;
    int n = 1;
    if (f->wave_amplitude != 0.0) {
        double cols = (x1 - x0) * camera_scale(cam) / (3.0 * cam->px);
        n = cols < 1 ? 1 : cols >= MAX_COLUMNS ? MAX_COLUMNS - 1 : (int)ceil(cols);
    }
    for (int k = 0; k <= n; k++) {
        double x = k == n ? x1 : x0 + (x1 - x0) * k / n;
        double y = fmin(fl_fluid_surface_at(f, x, t, NULL), f->bottom);
        out[k] = camera_to_screen(cam, fl_v2(x, y));
    }
    return n + 1;
}

/* The region under the n surface points (top has room for two more), down
 * to the fluid's bottom, shaded from `top_color` at the still surface to
 * `bottom_color` at the bottom. */
static void fill_under(draw_batch *b, fl_vec2 *top, int n, fl_vec2 still_bottom,
                       rgba top_color, rgba bottom_color)
{
    double still = still_bottom.x, bottom = still_bottom.y;
    if (n < 2)
        return;
    top[n] = fl_v2(top[n - 1].x, bottom);
    top[n + 1] = fl_v2(top[0].x, bottom);
    draw_polygon_shaded(b, top, n + 2, still, top_color, bottom, bottom_color);
}

typedef enum fluid_layer { FLUID_FILL, FLUID_VEIL } fluid_layer;

/* A closed tank's mark: a dashed line where its water would stand with
 * nothing in it, so that the rise the bodies make shows. */
static void draw_empty_level(draw_batch *b, const fl_fluid_def *f, const camera *cam, rgba c)
{
    double y = fl_fluid_empty_level(f);
    if (!(y < f->bottom)) /* open, or no water */
        return;
    fl_vec2 a = camera_to_screen(cam, fl_v2(f->left, y)), z = camera_to_screen(cam, fl_v2(f->right, y));
    double dash = 8.0 * cam->px, len = z.x - a.x;
    for (double x = 0.0; x < len; x += 2.0 * dash)
        draw_line(b, fl_v2(a.x + x, a.y), fl_v2(a.x + fmin(x + dash, len), a.y), 2.0 * cam->px,
                  false, c);
}

static void draw_fluids(draw_batch *b, const fl_sim *s, const camera *cam, fluid_layer layer)
{
    double t = fl_world_time(fl_sim_world(s));
    fl_vec2 *top = malloc(sizeof *top * (MAX_COLUMNS + 2));
    if (!top) {
        b->ok = false;
        return;
    }
    for (int i = 0; i < fl_buoyancy_fluid_count(fl_sim_buoyancy(s)); i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), i);
        int n = surface_points(f, t, cam, top);
        fl_vec2 span = fl_v2(camera_to_screen(cam, fl_v2(0, f->surface)).y,
                             camera_to_screen(cam, fl_v2(0, f->bottom)).y);
        rgba c = layer == FLUID_FILL ? render_fluid_color(f) : render_fluid_veil(f);
        fill_under(b, top, n, span, c, render_fluid_deep(c));
        if (layer == FLUID_VEIL) {
            rgba line = rgba_mix(render_fluid_color(f), rgba_hex(0xffffff, 230), 0.6);
            draw_polyline(b, top, n, false, 1.5 * cam->px, line);
            draw_empty_level(b, f, cam, rgba_hex(0xffffff, 200));
        }
    }
    free(top);
}

bool render_to(const draw_backend *be, void *target, bool merge, const fl_sim *s, const camera *cam,
               const render_options *o, const render_hud *hud)
{
    draw_batch *b = malloc(sizeof *b);
    if (!b)
        return false;
    draw_begin(b, be, target);
    b->merge = merge;
    draw_sky(b, cam);
    draw_fluids(b, s, cam, FLUID_FILL);
    render_hold_water(b, s, cam);
    render_bodies(b, s, cam);
    render_openings(b, s, cam);
    draw_fluids(b, s, cam, FLUID_VEIL);
    render_overlays(b, s, cam, o);
    render_legend(b, s, cam, o);
    if (o->hud)
        render_hud_draw(b, s, cam, hud);
    bool ok = draw_flush(b);
    free(b);
    return ok;
}
