#include "camera.h"
#include "flotsam/flotsam.h"

camera camera_make(fl_vec2 center, double width, int w, int h, double px)
{
    return (camera){center, width, w, h, px};
}

double camera_scale(const camera *c)
{
    return c->px_w / c->width;
}

fl_vec2 camera_to_screen(const camera *c, fl_vec2 world)
{
    double k = camera_scale(c);
    return fl_v2((world.x - c->center.x) * k + 0.5 * c->px_w,
                 (world.y - c->center.y) * k + 0.5 * c->px_h);
}

fl_vec2 camera_to_world(const camera *c, fl_vec2 screen)
{
    double k = camera_scale(c);
    return fl_v2((screen.x - 0.5 * c->px_w) / k + c->center.x,
                 (screen.y - 0.5 * c->px_h) / k + c->center.y);
}

void camera_visible(const camera *c, fl_vec2 *top_left, fl_vec2 *bottom_right)
{
    *top_left = camera_to_world(c, fl_v2(0, 0));
    *bottom_right = camera_to_world(c, fl_v2(c->px_w, c->px_h));
}

/* A growing axis-aligned box; empty while lo > hi. */
typedef struct bounds {
    fl_vec2 lo, hi;
} bounds;

static void bounds_add(bounds *b, fl_vec2 p)
{
    b->lo = fl_v2(fmin(b->lo.x, p.x), fmin(b->lo.y, p.y));
    b->hi = fl_v2(fmax(b->hi.x, p.x), fmax(b->hi.y, p.y));
}

static void add_fluids(bounds *b, const fl_sim *s)
{
    for (int i = 0; i < fl_buoyancy_fluid_count(fl_sim_buoyancy(s)); i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), i);
        bounds_add(b, fl_v2(f->left, f->surface - fabs(f->wave_amplitude)));
        bounds_add(b, fl_v2(f->right, f->bottom));
    }
}

static void add_bodies(bounds *b, const fl_sim *s)
{
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++) {
        fl_body_id body = fl_world_body(fl_sim_world(s), i);
        for (int k = 0; k < fl_body_vertex_count(body); k++)
            bounds_add(b, fl_body_world_point(body, fl_body_outline(body, NULL)[k]));
    }
}

void camera_fit_sim(const fl_sim *s, bool use_view, double aspect, fl_vec2 *center, double *width)
{
    if (use_view && fl_sim_view(s, center, width))
        return;
    bounds b = {fl_v2(INFINITY, INFINITY), fl_v2(-INFINITY, -INFINITY)};
    add_fluids(&b, s);
    add_bodies(&b, s);
    if (!(b.lo.x <= b.hi.x) || !isfinite(b.lo.x + b.hi.x + b.lo.y + b.hi.y)) {
        *center = fl_v2(0, 0);
        *width = 10;
        return;
    }
    *center = fl_scale(fl_add(b.lo, b.hi), 0.5);
    double w = fmax(b.hi.x - b.lo.x, (b.hi.y - b.lo.y) * aspect);
    *width = fmax(w * 1.15, 1.0); /* a 7.5% margin on each side */
}
