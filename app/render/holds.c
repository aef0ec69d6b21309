/* The bodies' holds, and their openings. Before the bodies are drawn
 * (their walls cover what is theirs): each hold's hull filled with air,
 * so that a dry hold below the waterline looks dry; then the hull clipped
 * under the level its water lies at (fl_buoyancy_hold_water), in the colour of
 * water of its density, with its surface line. After them, the hull's
 * line (a decked hold shows its deck) and each opening as a dashed line
 * across it, where water can come in. */
#include <math.h>
#include "flotsam/fl_decompose.h"
#include "holds.h"

#define DASHES_PER_METRE 12.0

/* The water of one space: `space` (n points about the body's centre of
 * mass, turned as it stands) clipped under the level, in the colour of
 * water of its density, with its surface line. */
static void draw_water(draw_batch *b, const camera *cam, fl_body_id body, const fl_vec2 *space,
                       int n, const fl_hold_water *in, double density, fl_vec2 down)
{
    fl_vec2 under[FL_CLIP_MAX_OUT(FL_DECOMPOSE_MAX)];
    int m = fl_clip_halfplane(space, n, (fl_halfplane){down, in->level}, under);
    if (m < 3)
        return;
    fl_vec2 p = fl_body_position(body);
    double lo = INFINITY, hi = -INFINITY;
    fl_vec2 across = fl_v2(-down.y, down.x);
    for (int k = 0; k < m; k++) {
        /* Where the surface runs: the points on the level. */
        if (fabs(fl_dot(down, under[k]) - in->level) <= 1e-9 * (1.0 + fabs(in->level))) {
            lo = fmin(lo, fl_dot(across, under[k]));
            hi = fmax(hi, fl_dot(across, under[k]));
        }
        under[k] = camera_to_screen(cam, fl_add(p, under[k]));
    }
    fl_fluid_def like = fl_fluid_def_default();
    like.density = density;
    /* As deep as the water outside looks under its veil. */
    rgba c = rgba_alpha(render_fluid_color(&like), 225);
    draw_polygon(b, under, m, c);
    if (lo < hi) {
        fl_vec2 at = fl_add(p, fl_scale(down, in->level));
        fl_vec2 a = camera_to_screen(cam, fl_add(at, fl_scale(across, lo)));
        fl_vec2 z = camera_to_screen(cam, fl_add(at, fl_scale(across, hi)));
        draw_line(b, a, z, 1.5 * cam->px, false, rgba_mix(c, rgba_hex(0xffffff, 230), 0.6));
    }
}

/* Polygon v[0..n) (about the body's centre of mass) turned as the body
 * stands, into turned[], and on the screen, into screen[]. */
static void turn(fl_body_id body, const camera *cam, const fl_vec2 *v, int n, fl_vec2 *turned,
                 fl_vec2 *screen)
{
    fl_rot r = fl_body_rot(body);
    for (int k = 0; k < n; k++) {
        turned[k] = fl_rotate(r, v[k]);
        screen[k] = camera_to_screen(cam, fl_body_world_point(body, v[k]));
    }
}

void render_hold_water(draw_batch *b, const fl_sim *s, const camera *cam)
{
    fl_world *w = fl_sim_world(s);
    const fl_buoyancy *bu = fl_sim_buoyancy(s);
    fl_vec2 g = fl_world_gravity(w);
    double gl = fl_length(g);
    if (!(gl > 0.0))
        return;
    fl_vec2 down = fl_scale(g, 1.0 / gl);
    /* The sky as draw_sky shades it, so that air in a hold above the
     * waterline looks like the air around it. */
    rgba top = rgba_hex(RENDER_SKY_TOP, 255), bottom = rgba_hex(RENDER_SKY_BOTTOM, 255);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id body = fl_world_body(w, i);
        fl_hold_water in;
        int n;
        const fl_vec2 *hull = fl_body_hull(body, &n);
        if (!fl_buoyancy_has_hold(bu, body) || n > FL_DECOMPOSE_MAX)
            continue;
        fl_vec2 turned[FL_DECOMPOSE_MAX], screen[FL_DECOMPOSE_MAX];
        turn(body, cam, hull, n, turned, screen);
        draw_polygon_shaded(b, screen, n, 0.0, top, cam->px_h, bottom);
        double density;
        fl_buoyancy_water(bu, body, &density);
        if (fl_buoyancy_hold_water(bu, body, g, &in))
            draw_water(b, cam, body, turned, n, &in, density, down);
        /* Each compartment over the rest of the hold: its air, then its
         * own water. */
        for (int k = 0; k < fl_buoyancy_compartment_count(bu, body); k++) {
            int m;
            const fl_vec2 *region = fl_buoyancy_compartment_region(bu, body, k, &m);
            turn(body, cam, region, m, turned, screen);
            draw_polygon_shaded(b, screen, m, 0.0, top, cam->px_h, bottom);
            fl_buoyancy_compartment_water(bu, body, k, &density);
            if (fl_buoyancy_compartment_hold_water(bu, body, k, g, &in))
                draw_water(b, cam, body, turned, m, &in, density, down);
        }
    }
}

void render_openings(draw_batch *b, const fl_sim *s, const camera *cam)
{
    fl_world *w = fl_sim_world(s);
    rgba c = rgba_hex(0xf4f1e8, 210), line = rgba_hex(0x1d2a33, 170);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id body = fl_world_body(w, i);
        int n, nh;
        const fl_vec2 *hull = fl_body_hull(body, &nh);
        if (!fl_buoyancy_has_hold(fl_sim_buoyancy(s), body) || nh > FL_DECOMPOSE_MAX)
            continue;
        /* The hull's line: where a hold is closed without a wall (a deck). */
        fl_vec2 pts[FL_DECOMPOSE_MAX];
        for (int k = 0; k < nh; k++)
            pts[k] = camera_to_screen(cam, fl_body_world_point(body, hull[k]));
        draw_polyline(b, pts, nh, true, 1.2 * cam->px, line);
        /* The bulkheads: each compartment's outline. */
        for (int k = 0; k < fl_buoyancy_compartment_count(fl_sim_buoyancy(s), body); k++) {
            int m;
            const fl_vec2 *region = fl_buoyancy_compartment_region(fl_sim_buoyancy(s), body, k, &m);
            for (int j = 0; j < m; j++)
                pts[j] = camera_to_screen(cam, fl_body_world_point(body, region[j]));
            draw_polyline(b, pts, m, true, 1.2 * cam->px, line);
        }
        const fl_vec2 *ends = fl_buoyancy_openings(fl_sim_buoyancy(s), body, &n);
        for (int k = 0; k < n; k++) {
            fl_vec2 a = fl_body_world_point(body, ends[2 * k]);
            fl_vec2 z = fl_body_world_point(body, ends[2 * k + 1]);
            /* Dashes a metre apart at most, and never shorter than a few
             * pixels: a hole a few centimetres wide is one dash. */
            double len = fl_length(fl_sub(z, a)) * camera_scale(cam);
            int dashes = (int)fmin(fmax(1.0, fl_length(fl_sub(z, a)) * DASHES_PER_METRE),
                                   fmax(1.0, len / (6.0 * cam->px)));
            for (int d = 0; d < dashes; d++) {
                double t0 = (d + 0.2) / dashes, t1 = (d + 0.8) / dashes;
                if (dashes == 1)
                    t0 = 0.0, t1 = 1.0;
                draw_line(b, camera_to_screen(cam, fl_lerp(a, z, t0)),
                          camera_to_screen(cam, fl_lerp(a, z, t1)), 2.0 * cam->px, false, c);
            }
        }
    }
}
