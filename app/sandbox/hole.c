/* K: a hole in a hull at the cursor. The nearest point of the nearest
 * hold's hull (within a short reach of the cursor) is found, and an
 * opening HOLE_WIDTH wide is made along that edge of the hull, centred
 * there: through a wall, as a collision would hole it. Water comes in
 * through it wherever it goes under (buoyancy/flood.c). Like every change
 * to the world, it goes through sandbox_apply, so a replay holds it. */
#include <math.h>
#include "sandbox_parts.h"

#define HOLE_WIDTH 0.12 /* m */
#define REACH_PX 24.0   /* how near the cursor a hull must be, in pixels */

/* The point of segment a-z nearest p, and the parameter of it along a-z. */
static fl_vec2 nearest_on(fl_vec2 a, fl_vec2 z, fl_vec2 p, double *t)
{
    fl_vec2 d = fl_sub(z, a);
    double len2 = fl_dot(d, d);
    *t = len2 > 0.0 ? fmin(fmax(fl_dot(fl_sub(p, a), d) / len2, 0.0), 1.0) : 0.0;
    return fl_add(a, fl_scale(d, *t));
}

/* How deep under the water outside point p lies (y down; negative: above
 * it), in the first fluid over p; -INFINITY where there is none. */
static double depth_outside(const sandbox *sb, fl_vec2 p)
{
    const fl_buoyancy *bu = fl_sim_buoyancy(sb->sim);
    double t = fl_world_time(fl_sim_world(sb->sim));
    for (int i = 0; i < fl_buoyancy_fluid_count(bu); i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(bu, i);
        if (p.x >= f->left && p.x <= f->right && p.y <= f->bottom)
            return p.y - fl_fluid_surface_at(f, p.x, t, NULL);
    }
    return -INFINITY;
}

void sandbox_punch_hole(sandbox *sb)
{
    fl_world *w = fl_sim_world(sb->sim);
    fl_vec2 p = sandbox_mouse_world(sb);
    camera cam = sandbox_camera(sb);
    double reach = REACH_PX * cam.px / camera_scale(&cam), best = INFINITY;
    fl_body_id hit = FL_NULL_BODY;
    fl_vec2 from = p, to = p;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        int n;
        const fl_vec2 *hull = fl_body_hull(b, &n);
        if (!fl_buoyancy_has_hold(fl_sim_buoyancy(sb->sim), b))
            continue;
        for (int k = 0; k < n; k++) {
            fl_vec2 a = fl_body_world_point(b, hull[k]), z = fl_body_world_point(b, hull[(k + 1) % n]);
            double t, len = fl_length(fl_sub(z, a));
            fl_vec2 q = nearest_on(a, z, p, &t);
            double d = fl_length(fl_sub(q, p));
            if (d >= best || d > reach || !(len > 0.0))
                continue;
            /* HOLE_WIDTH along the edge, kept on it. */
            double half = fmin(HOLE_WIDTH / 2 / len, 0.5);
            double t0 = fmin(fmax(t - half, 0.0), 1.0 - 2 * half);
            best = d;
            hit = b;
            from = fl_lerp(a, z, t0);
            to = fl_lerp(a, z, t0 + 2 * half);
        }
    }
    if (fl_body_is_null(hit)) {
        sandbox_say(sb, "point at a hull with a hold to hole it (a hollow boat: P ... T)");
        return;
    }
    fl_input in = {0};
    in.kind = FL_INPUT_HOLE;
    in.body = fl_body_serial(hit);
    in.anchor = from;
    in.target = to;
    if (!sandbox_apply(sb, &in))
        return;
    /* Water comes in only where the hole is under the water outside:
     * say so, or why nothing flows yet. */
    double deepest = fmax(depth_outside(sb, from), depth_outside(sb, to));
    double width = fl_length(fl_sub(to, from));
    if (deepest > 0.0)
        sandbox_say(sb, "holed: %.2f m, %.2f m under the water outside: she floods", width, deepest);
    else if (isfinite(deepest))
        sandbox_say(sb, "holed: %.2f m, %.2f m above the water outside: no head, nothing flows "
                    "until it goes under", width, -deepest);
    else
        sandbox_say(sb, "holed: %.2f m, out of the water: nothing flows", width);
}
