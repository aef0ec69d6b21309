/* A floating body's hydrostatics from its measured submerged polygon: the
 * draft, the waterline (the polygon's edges on the surface line), its
 * second moment about its own centre, and from those the metacentric
 * radius BM = I / A and height GM = BM - BG (Archimedes, then Bouguer). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "flotsam/fl_decompose.h"
#include "module.h"

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, c = *(const double *)y;
    return (a > c) - (a < c);
}

/* The moments (length, first, second: m0, m1, m2) of where polygon p (n
 * points) crosses the line dot(down, x) = level, along u, added to m with
 * sign `sign`: the crossings in order, inside between each pair. */
static void chord_moments(const fl_vec2 *p, int n, fl_vec2 down, fl_vec2 u, double level,
                          double sign, double m[3])
{
    double xs[2 * FL_DECOMPOSE_MAX];
    int count = 0;
    for (int k = 0; k < n && count < 2 * FL_DECOMPOSE_MAX; k++) {
        double a = fl_dot(down, p[k]) - level, c = fl_dot(down, p[(k + 1) % n]) - level;
        if ((a < 0.0) != (c < 0.0)) {
            double t = a / (a - c);
            xs[count++] = fl_dot(u, fl_lerp(p[k], p[(k + 1) % n], t));
        }
    }
    qsort(xs, (size_t)count, sizeof xs[0], by_value);
    for (int k = 0; k + 1 < count; k += 2) {
        double lo = xs[k], hi = xs[k + 1];
        m[0] += sign * (hi - lo);
        m[1] += sign * (hi * hi - lo * lo) / 2.0;
        m[2] += sign * (hi * hi * hi - lo * lo * lo) / 3.0;
    }
}

/* The free-surface correction of the water in body's hold, floating with
 * `area` m^2 under fluid of density rho: the water's surface is the hull's
 * chord at its level less the outline's (the hold is the hull less the
 * outline), and its second moment about its own centre, times the water's
 * density over rho, over the area, is how much it lowers GM (the water runs
 * to the low side as the body heels). 0 for a dry hold or none. */
static double free_surface(const fl_hold *c, const fl_body *body, const fl_hold_water *hw,
                           fl_vec2 g, double rho, double area)
{
    if (!(area > 0.0) || hw->area >= hw->room)
        return 0.0; /* a full hold has no free surface */
    fl_vec2 hull[FL_DECOMPOSE_MAX], solid[FL_DECOMPOSE_MAX];
    hold_turn(body, hull, solid);
    fl_vec2 down = fl_scale(g, 1.0 / fl_length(g)), u = fl_v2(-down.y, down.x);
    double m[3] = {0.0, 0.0, 0.0};
    chord_moments(hull, body->hull_count, down, u, hw->level, 1.0, m);
    chord_moments(solid, body->vert_count, down, u, hw->level, -1.0, m);
    if (!(m[0] > 0.0))
        return 0.0;
    double inertia = m[2] - m[1] * m[1] / m[0];
    return c->water_density / rho * fmax(inertia, 0.0) / area;
}

/* The chord moments of a compartment's space at the level, body frame. */
static void compartment_chords(const hold_compartment *k, fl_vec2 down_b, fl_vec2 u_b,
                               double level, double sign, double m[3])
{
    for (int p = 0; p < k->piece_count; p++) {
        chord_moments(k->hull + k->hull_start[p], k->hull_start[p + 1] - k->hull_start[p], down_b,
                      u_b, level, sign, m);
        chord_moments(k->solid + k->solid_start[p], k->solid_start[p + 1] - k->solid_start[p],
                      down_b, u_b, level, -sign, m);
    }
}

/* The free-surface correction of the water in space s of a divided hold
 * (HOLD_MAIN: outside every compartment), as free_surface's. */
static double space_free_surface(const fl_hold *c, int s, const fl_body *body,
                                 const fl_hold_water *hw, double density, fl_vec2 g, double rho,
                                 double area)
{
    if (!(area > 0.0) || hw->area >= hw->room)
        return 0.0;
    fl_vec2 down_b = fl_unrotate(body->rot, fl_scale(g, 1.0 / fl_length(g)));
    fl_vec2 u_b = fl_v2(-down_b.y, down_b.x);
    double m[3] = {0.0, 0.0, 0.0};
    if (s == HOLD_MAIN) {
        chord_moments(body->hull, body->hull_count, down_b, u_b, hw->level, 1.0, m);
        chord_moments(body->verts, body->vert_count, down_b, u_b, hw->level, -1.0, m);
        for (int k = 0; k < c->compartment_count; k++)
            compartment_chords(c->compartments[k], down_b, u_b, hw->level, -1.0, m);
    } else {
        compartment_chords(c->compartments[s], down_b, u_b, hw->level, 1.0, m);
    }
    if (!(m[0] > 0.0))
        return 0.0;
    double inertia = m[2] - m[1] * m[1] / m[0];
    return density / rho * fmax(inertia, 0.0) / area;
}

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
    /* The water in its hold weighs where it lies: G is the hull's and the
     * water's together (the body's position is the hull's own). */
    const fl_hold *c = hold_of(b, body);
    fl_hold_water hw;
    bool wet = c && gl > 0.0 && body->mass > 0.0 && hold_water(c, body, g, &hw);
    if (wet)
        out->bg -= c->water * c->water_density / body->mass * fl_dot(hw.centroid, down);
    /* ... and each compartment's, with a free surface of its own. */
    double compartments = 0.0;
    for (int k = 0; c && gl > 0.0 && body->mass > 0.0 && k < c->compartment_count; k++) {
        const hold_compartment *q = c->compartments[k];
        fl_hold_water in;
        if (!compartment_water(c, k, body, down, &in))
            continue;
        out->bg -= q->water * q->water_density / body->mass * fl_dot(in.centroid, down);
        compartments += space_free_surface(c, k, body, &in, q->water_density, g, fluid->density,
                                           s->area);
    }
    if (out->floating) {
        double mean = m1 / w, inertia = m2 - w * mean * mean;
        out->bm = inertia / s->area;
        out->gm = out->bm - out->bg;
        out->free_surface = compartments;
        if (wet && c->compartment_count > 0)
            out->free_surface += space_free_surface(c, HOLD_MAIN, body, &hw, c->water_density, g,
                                                    fluid->density, s->area);
        else if (wet)
            out->free_surface += free_surface(c, body, &hw, g, fluid->density, s->area);
        out->gm_fluid = out->gm - out->free_surface;
    }
    return true;
}
