/* The level of a closed tank (fl_fluid_def.closed): the water keeps its
 * area, so the surface stands where the tank's area between it and the
 * bottom, less what the bodies' fluid outlines take of it, is that area.
 * With W the width between the walls, h the level (y down) and S(h) the
 * area of the outlines inside the walls and between h and the bottom,
 *   F(h) = W (bottom - h) - S(h) - water = 0.
 * S is continuous and piecewise quadratic in h (a polygon cut by a level
 * line), and F'(h) = -(W - width(h)), width(h) the outlines' chord along
 * the level: F falls as the level falls while the bodies leave room. The
 * root is found by Newton's method on that slope, kept inside a bracket
 * that always holds it (bisection when a step would leave it), to the
 * last bit of h. Fluids are taken deepest first, so that one resting on a
 * closed fluid (its bottom on that fluid's surface, over the same walls)
 * moves with it before its own level is found. */
#include <math.h>
#include <string.h>
#include "module.h"

#define MOST_STEPS 100

/* What of a body lies inside the walls and above the bottom: its turned
 * outline clipped so (about its centre of mass), in buf, with its y range
 * in world coordinates. Returns the vertex count, 0 for nothing. */
static int inside_walls(const fl_body *body, const fl_fluid_def *f, fl_vec2 *scratch, int size,
                        double *top, double *low, fl_vec2 **out)
{
    fl_vec2 lo, hi, *a = scratch, *b = scratch + size;
    fl_vec2 p = body->position;
    submerge_turn(body, a, &lo, &hi);
    if (p.x + hi.x < f->left || p.x + lo.x > f->right || p.y + lo.y > f->bottom)
        return 0;
    int n = body->hull_count;
    const fl_halfplane walls[3] = {{{1.0, 0.0}, f->left - p.x},
                                   {{-1.0, 0.0}, p.x - f->right},
                                   {{0.0, -1.0}, p.y - f->bottom}};
    const bool cut[3] = {p.x + lo.x < f->left, p.x + hi.x > f->right, p.y + hi.y > f->bottom};
    for (int i = 0; i < 3 && n > 0; i++) {
        if (!cut[i])
            continue;
        n = fl_clip_halfplane(a, n, walls[i], b);
        fl_vec2 *t = a;
        a = b;
        b = t;
    }
    *top = INFINITY;
    *low = -INFINITY;
    for (int k = 0; k < n; k++) {
        *top = fl_min(*top, p.y + a[k].y);
        *low = fl_max(*low, p.y + a[k].y);
    }
    *out = a;
    return n;
}

/* The part of polygon q (n points about p) below the level h: its area,
 * and in *width its chord along the level. */
static double below(const fl_vec2 *q, int n, fl_vec2 p, double h, double *width)
{
    double y = h - p.y, chord = 0.0;
    for (int k = 0; k < n; k++) {
        fl_vec2 a = q[k], b = q[(k + 1) % n];
        if ((a.y < y) != (b.y < y)) { /* crosses the level: its x there, signed by direction */
            double x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y);
            chord += a.y < y ? x : -x;
        }
    }
    *width = fabs(chord);
    return fl_clip_halfplane_area(q, n, (fl_halfplane){{0.0, 1.0}, y}, NULL);
}

/* S(h) and the outlines' chord at h, over every body. */
static double taken_below(const fl_buoyancy *b, const fl_fluid_def *f, double h, double *width)
{
    fl_world *w = b->world;
    double area = 0.0, chord = 0.0;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        const fl_body *body = body_at(w, i);
        if (body->removed)
            continue;
        /* the whole circle above the level, or outside the walls: nothing */
        if (body->position.y + body->hull_radius < h ||
            body->position.x + body->hull_radius < f->left ||
            body->position.x - body->hull_radius > f->right)
            continue;
        double top, low, cut;
        fl_vec2 *q;
        int n = inside_walls(body, f, b->scratch, b->scratch_size, &top, &low, &q);
        if (n == 0 || low <= h)
            continue;
        if (top >= h) {
            area += fabs(fl_polygon_signed_area(q, n));
            continue;
        }
        area += below(q, n, body->position, h, &cut);
        chord += cut;
    }
    *width = chord;
    return area;
}

/* The level of closed fluid f that keeps its water, from h0 on, and in
 * *chord_out the outlines' chord there. */
static double find_level(const fl_buoyancy *b, const fl_fluid_def *f, double h0, double *chord_out)
{
    double width_of = f->right - f->left, chord;
    /* Already there (as the step's end left it for the next step's pass):
     * one pass over the bodies, no bracket. */
    if (width_of * (f->bottom - h0) - taken_below(b, f, h0, &chord) - f->water == 0.0) {
        *chord_out = chord;
        return h0;
    }
    /* Bracket: at the bottom F = -water < 0; at `top`, with every part of
     * the outlines inside the walls counted below it, F >= 0. */
    double all = taken_below(b, f, -INFINITY, &chord);
    double lo = f->bottom - (f->water + all) / width_of, hi = f->bottom;
    double h = fl_min(fl_max(h0, lo), hi), at = NAN; /* at: where chord was found */
    for (int step = 0; step < MOST_STEPS; step++) {
        double F = width_of * (f->bottom - h) - taken_below(b, f, h, &chord) - f->water;
        at = h;
        if (F == 0.0)
            break;
        if (F > 0.0)
            lo = h; /* the level lies deeper */
        else
            hi = h;
        double slope = chord - width_of, next = slope < 0.0 ? h - F / slope : NAN;
        if (!(next > lo && next < hi))
            next = 0.5 * (lo + hi);
        bool done = next == h || hi - lo <= 2.0 * nextafter(fabs(h), INFINITY) - 2.0 * fabs(h);
        h = next;
        if (done)
            break;
    }
    if (at != h) /* the chord where it ends */
        (void)taken_below(b, f, h, &chord);
    *chord_out = chord;
    return h;
}

/* The water of a fluid closed since its last definition, at the level given. */
static void fix_water(const fl_buoyancy *b, fl_fluid_def *f)
{
    double chord;
    f->water = (f->right - f->left) * (f->bottom - f->surface) - taken_below(b, f, f->surface, &chord);
    /* bodies may take more than the tank holds: then there is no water */
    f->water = fmax(f->water, 0.0);
}

void buoyancy_levels(fl_buoyancy *b)
{
    int n = b->fluid_count;
    bool any = false;
    for (int i = 0; i < n; i++)
        any = any || b->fluids[i].closed;
    if (!any)
        return;
    FL_ASSERT(b->scratch_size > 0 && b->level_order && b->levels); /* reserve() made room */
    /* Deepest first: an insertion sort of the few fluids by bottom. */
    int *order = b->level_order;
    struct fluid_level *lv = b->levels;
    for (int i = 0; i < n; i++) {
        int k = i;
        while (k > 0 && b->fluids[order[k - 1]].bottom < b->fluids[i].bottom) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
        lv[i].was = b->fluids[i].surface;
    }
    for (int o = 0; o < n; o++) {
        fl_fluid_def *f = &b->fluids[order[o]];
        for (int e = 0; e < o; e++) {
            const fl_fluid_def *under = &b->fluids[order[e]];
            /* (as the two stood before this pass moved the lower one) */
            if (f->bottom == lv[order[e]].was && f->left == under->left &&
                f->right == under->right) {
                double rise = under->surface - lv[order[e]].was;
                f->bottom = under->surface;
                f->surface += rise;
                break;
            }
        }
        if (!f->closed)
            continue;
        if (isnan(f->water))
            fix_water(b, f);
        double chord;
        f->surface = find_level(b, f, f->surface, &chord);
        FL_ASSERT(f->surface < f->bottom || f->water == 0.0);
        lv[order[o]].free = (f->right - f->left) - chord;
    }
}

