/* A floating body's hydrostatics from its measured submerged polygon: the
 * draft, the waterline (the polygon's edges on the surface line), its
 * second moment about its own centre, and from those the metacentric
 * radius BM = I / A and height GM = BM - BG (Archimedes, then Bouguer). */
#include <math.h>
#include <string.h>
#include "module.h"

/* Whether p (about `at`) lies on a wave's surface, within `tol`. */
static bool on_wave(const fl_fluid_def *f, fl_vec2 at, double t, fl_vec2 p, double tol)
{
    return fabs(at.y + p.y - fl_fluid_surface_at(f, at.x + p.x, t, NULL)) <= tol;
}

bool fl_buoyancy_hydrostatics(const fl_buoyancy *b, fl_body_id id, double t,
                              fl_hydrostatics *out)
{
    FL_ASSERT(out != NULL);
    int body_index = buoyancy_body_index(b, id);
    memset(out, 0, sizeof *out);
    out->fluid = FL_NULL_FLUID;
    int best = -1;
    double most = 0.0;
    for (int f = 0; f < b->fluid_count; f++) {
        const fl_submerged *s = buoyancy_submerged_at(b, body_index, f);
        if (!s)
            return false;
        if (s->area > most) {
            most = s->area;
            best = f;
        }
    }
    if (best < 0)
        return body_index >= 0 && body_index < fl_world_body_count(b->world);
    const fl_body *body = body_at(b->world, body_index);
    const fl_fluid_def *fluid = &b->fluids[best];
    const fl_submerged *s = buoyancy_submerged_at(b, body_index, best);
    fl_halfplane planes[4];
    fl_vec2 at = body->position;
    fl_fluid_halfplanes(fluid, at, t, planes);
    /* The surface: dot(n, p - at) = offset, water on the side it grows;
     * u runs along it. */
    fl_vec2 n = planes[0].normal;
    double nl = fl_length(n), offset = planes[0].offset;
    fl_vec2 u = fl_v2(n.y / nl, -n.x / nl);
    out->fluid = fl_buoyancy_fluid_at(b, best);
    out->area = s->area;
    out->fraction = s->area / body->hull_area;
    out->center = s->centroid;
    out->draft = -INFINITY;
    for (int k = 0; k < body->hull_count; k++) {
        fl_vec2 p = fl_rotate(body->rot, body->hull[k]);
        out->draft = fmax(out->draft, (fl_dot(n, p) - offset) / nl);
    }
    /* Waterline: the submerged polygon's edges that lie on the surface (on
     * a wave, on the polyline it was cut by, within its chords' sag of the
     * sine, and measured along x). */
    double scale = 1e-9 * (1.0 + body->hull_radius), w = 0.0, m1 = 0.0, m2 = 0.0;
    bool wave = fluid->wave_amplitude != 0.0;
    if (wave) {
        double chord = 2.0 * FL_PI / NODES_PER_WAVE;
        scale += fabs(fluid->wave_amplitude) * chord * chord / 8.0 * (1.0 + 1e-6);
        u = fl_v2(1.0, 0.0);
    }
    for (int i = 0; s->polygon && i < s->count; i++) {
        fl_vec2 p = fl_sub(s->polygon[i], at), q = fl_sub(s->polygon[(i + 1) % s->count], at);
        if (wave ? !on_wave(fluid, at, t, p, scale) || !on_wave(fluid, at, t, q, scale)
                 : fabs((fl_dot(n, p) - offset) / nl) > scale ||
                       fabs((fl_dot(n, q) - offset) / nl) > scale)
            continue;
        double a = fl_dot(u, p), c = fl_dot(u, q), lo = fmin(a, c), hi = fmax(a, c);
        w += hi - lo;
        m1 += (hi * hi - lo * lo) / 2.0;
        m2 += (hi * hi * hi - lo * lo * lo) / 3.0;
    }
    out->waterline = w;
    out->floating = w > 0.0;
    fl_vec2 g = fl_world_gravity(b->world);
    double gl = fl_length(g);
    fl_vec2 down = gl > 0.0 ? fl_scale(g, 1.0 / gl) : fl_v2(0.0, 1.0);
    out->bg = fl_dot(fl_sub(s->centroid, body->position), down);
    if (out->floating) {
        double mean = m1 / w, inertia = m2 - w * mean * mean;
        out->bm = inertia / s->area;
        out->gm = out->bm - out->bg;
    }
    return true;
}
