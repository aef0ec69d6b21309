/* The righting arm, from the seed's own tools: turn the hull, clip it at a
 * level surface (Sutherland-Hodgman), take the part under's area and
 * centroid (shoelace), and find by bisection the level whose part under
 * has the displaced area. The area under grows monotonically as the
 * surface rises, so the bisection cannot miss. */
#include <math.h>
#include <stdlib.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_hold.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_stability.h"
#include "hold.h"


/* Area under the surface y = level (y down: y >= level is under). */
static double area_under(const fl_vec2 *p, int n, double level, fl_vec2 *centroid)
{
    fl_halfplane under = {{0.0, 1.0}, level};
    return fl_clip_halfplane_area(p, n, under, centroid);
}

typedef struct turned_outline {
    const fl_vec2 *p;
    int n;
} turned_outline;

static double turned_area_under(void *ctx, double level)
{
    const turned_outline *t = ctx;
    fl_vec2 c;
    return area_under(t->p, t->n, level, &c);
}

/* in[0..n) turned by r into out, and the least and greatest y turned (the
 * top and the bottom, y down). */
static void turn_outline(const fl_vec2 *in, int n, fl_rot r, fl_vec2 *out, double *top,
                         double *bottom)
{
    *top = INFINITY;
    *bottom = -INFINITY;
    for (int i = 0; i < n; i++) {
        out[i] = fl_rotate(r, in[i]);
        *top = fmin(*top, out[i].y);
        *bottom = fmax(*bottom, out[i].y);
    }
}

bool fl_righting_arm(const fl_vec2 *outline, int n, double displaced, double heel,
                     fl_righting *out)
{
    if (n < 3 || !(displaced > 0.0) || !isfinite(heel))
        return false;
    double whole = fabs(fl_polygon_signed_area(outline, n));
    if (!(displaced < whole))
        return false;
    fl_vec2 *p = malloc(sizeof *p * (size_t)n);
    if (!p)
        return false;
    double top, bottom;
    turn_outline(outline, n, fl_rot_from(heel), p, &top, &bottom);
    turned_outline t = {p, n};
    double level = hold_level_for(turned_area_under, &t, top, bottom, displaced);
    fl_vec2 b = {0.0, 0.0};
    double a = area_under(p, n, level, &b);
    free(p);
    if (!(a > 0.0))
        return false;
    /* Heel is turning by +heel (x towards y): the lift, up through B, turns
     * the body back when B lies on the +x side of G. */
    *out = (fl_righting){heel, b.x, level, b};
    return true;
}

bool fl_righting_arm_loaded(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                            double displaced, double water, double heel, fl_righting *out)
{
    if (!(water > 0.0))
        return water == 0.0 && fl_righting_arm(hull, nh, displaced, heel, out);
    if (ns < 3 || ns > FL_DECOMPOSE_MAX || nh > FL_DECOMPOSE_MAX)
        return false;
    fl_righting r;
    if (!fl_righting_arm(hull, nh, displaced, heel, &r))
        return false;
    fl_vec2 h[FL_DECOMPOSE_MAX], s[FL_DECOMPOSE_MAX];
    fl_rot turn = fl_rot_from(heel);
    for (int i = 0; i < nh; i++)
        h[i] = fl_rotate(turn, hull[i]);
    for (int i = 0; i < ns; i++)
        s[i] = fl_rotate(turn, solid[i]);
    fl_hold_water in;
    if (!fl_hold_water_in(h, nh, s, ns, fl_v2(0.0, 1.0), water, &in) || in.area < water)
        return false; /* more water than the hold holds */
    r.gz -= water / displaced * in.centroid.x;
    *out = r;
    return true;
}

typedef struct damaged_outline {
    const fl_vec2 *hull, *open;
    int nh, no;
} damaged_outline;

static double damaged_area_under(void *ctx, double level)
{
    const damaged_outline *d = ctx;
    return fl_hold_area_under(d->hull, d->nh, d->open, d->no, fl_v2(0.0, 1.0), level, NULL);
}

bool fl_righting_arm_damaged(const fl_vec2 *hull, int nh, const fl_vec2 *open, int no,
                             double displaced, double heel, fl_righting *out)
{
    if (nh < 3 || no < 3 || nh > FL_DECOMPOSE_MAX || no > FL_DECOMPOSE_MAX ||
        !(displaced > 0.0) || !isfinite(heel))
        return false;
    double intact = fabs(fl_polygon_signed_area(hull, nh)) - fabs(fl_polygon_signed_area(open, no));
    if (!(displaced < intact))
        return false;
    fl_vec2 h[FL_DECOMPOSE_MAX], o[FL_DECOMPOSE_MAX];
    fl_rot r = fl_rot_from(heel);
    double top, bottom, ignored;
    turn_outline(hull, nh, r, h, &top, &bottom);
    turn_outline(open, no, r, o, &ignored, &ignored);
    damaged_outline d = {h, o, nh, no};
    double level = hold_level_for(damaged_area_under, &d, top, bottom, displaced);
    fl_vec2 moment;
    double a = fl_hold_area_under(h, nh, o, no, fl_v2(0.0, 1.0), level, &moment);
    if (!(a > 0.0))
        return false;
    fl_vec2 b = fl_scale(moment, 1.0 / a);
    *out = (fl_righting){heel, b.x, level, b};
    return true;
}

/* The parts of solid[0..ns) inside the region open[0..no) (positive
 * winding, convex pieces clipped one by one), back to back in *parts with
 * starts[0..*count]; false when out of memory or for a bad region. */
static bool solid_in_region(const fl_vec2 *solid, int ns, const fl_vec2 *open, int no,
                            fl_vec2 **parts, int **starts, int *count)
{
    fl_vec2 region[FL_DECOMPOSE_MAX], pieces[3 * FL_DECOMPOSE_MAX];
    int piece_start[FL_DECOMPOSE_MAX];
    bool reverse = fl_polygon_signed_area(open, no) < 0.0;
    for (int i = 0; i < no; i++)
        region[i] = open[reverse ? no - 1 - i : i];
    int np = fl_convex_decompose(region, no, pieces, piece_start);
    *parts = NULL;
    *starts = malloc(sizeof **starts * (size_t)(np + 1 > 1 ? np + 1 : 1));
    if (np < 1 || !*starts)
        return false;
    int used = 0;
    (*starts)[0] = 0;
    for (int p = 0; p < np; p++) {
        const fl_vec2 *piece = pieces + piece_start[p];
        int m = piece_start[p + 1] - piece_start[p], n = ns;
        /* Room for the part as each edge may grow it, then clipped in place
         * through a second buffer. */
        int need = ns;
        for (int e = 0; e < m; e++)
            need = FL_CLIP_MAX_OUT(need);
        fl_vec2 *grown = realloc(*parts, sizeof *grown * (size_t)(used + 2 * need));
        if (!grown)
            return false;
        *parts = grown;
        fl_vec2 *a = grown + used, *b = grown + used + need;
        for (int i = 0; i < ns; i++)
            a[i] = solid[i];
        for (int e = 0; e < m && n >= 3; e++) {
            fl_vec2 d = fl_sub(piece[(e + 1) % m], piece[e]), normal = fl_v2(-d.y, d.x);
            n = fl_clip_halfplane(a, n, (fl_halfplane){normal, fl_dot(normal, piece[e])}, b);
            fl_vec2 *t = a;
            a = b;
            b = t;
        }
        if (n < 3)
            n = 0;
        if (a != grown + used)
            for (int i = 0; i < n; i++)
                grown[used + i] = a[i];
        used += n;
        (*starts)[p + 1] = used;
    }
    *count = np;
    return true;
}

typedef struct bilged_outline {
    damaged_outline d;
    const fl_vec2 *kept; /* the solid's parts in the region, turned */
    const int *starts;
    int count;
} bilged_outline;

static double bilged_area_under(void *ctx, double level, fl_vec2 *moment)
{
    const bilged_outline *x = ctx;
    fl_vec2 m;
    double a = fl_hold_area_under(x->d.hull, x->d.nh, x->d.open, x->d.no, fl_v2(0.0, 1.0), level, &m);
    for (int p = 0; p < x->count; p++) {
        int n = x->starts[p + 1] - x->starts[p];
        fl_vec2 c;
        double k = n >= 3 ? area_under(x->kept + x->starts[p], n, level, &c) : 0.0;
        if (k > 0.0) {
            a += k;
            m = fl_add(m, fl_scale(c, k));
        }
    }
    if (moment)
        *moment = m;
    return a;
}

static double bilged_area(void *ctx, double level) { return bilged_area_under(ctx, level, NULL); }

bool fl_righting_arm_bilged(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                            const fl_vec2 *open, int no, double displaced, double heel,
                            fl_righting *out)
{
    if (ns == 0)
        return fl_righting_arm_damaged(hull, nh, open, no, displaced, heel, out);
    if (nh < 3 || no < 3 || ns < 3 || nh > FL_DECOMPOSE_MAX || no > FL_DECOMPOSE_MAX ||
        ns > FL_DECOMPOSE_MAX || !(displaced > 0.0) || !isfinite(heel))
        return false;
    fl_vec2 *kept;
    int *starts, count = 0;
    bool ok = solid_in_region(solid, ns, open, no, &kept, &starts, &count);
    double steel = 0.0;
    for (int p = 0; ok && p < count; p++)
        if (starts[p + 1] - starts[p] >= 3)
            steel += fabs(fl_polygon_signed_area(kept + starts[p], starts[p + 1] - starts[p]));
    double intact = fabs(fl_polygon_signed_area(hull, nh)) - fabs(fl_polygon_signed_area(open, no)) + steel;
    ok = ok && displaced < intact;
    if (ok) {
        fl_vec2 h[FL_DECOMPOSE_MAX], o[FL_DECOMPOSE_MAX];
        fl_rot r = fl_rot_from(heel);
        double top, bottom, ignored;
        turn_outline(hull, nh, r, h, &top, &bottom);
        turn_outline(open, no, r, o, &ignored, &ignored);
        for (int i = 0; i < starts[count]; i++)
            kept[i] = fl_rotate(r, kept[i]);
        bilged_outline x = {{h, o, nh, no}, kept, starts, count};
        double level = hold_level_for(bilged_area, &x, top, bottom, displaced);
        fl_vec2 moment;
        double a = bilged_area_under(&x, level, &moment);
        ok = a > 0.0;
        if (ok) {
            fl_vec2 b = fl_scale(moment, 1.0 / a);
            *out = (fl_righting){heel, b.x, level, b};
        }
    }
    free(kept);
    free(starts);
    return ok;
}

double fl_bilged_area_under(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                            const fl_vec2 *open, int no, double level)
{
    if (nh < 3 || no < 3 || nh > FL_DECOMPOSE_MAX || no > FL_DECOMPOSE_MAX ||
        (ns != 0 && (ns < 3 || ns > FL_DECOMPOSE_MAX)))
        return NAN;
    fl_vec2 *kept = NULL;
    int *starts = NULL, count = 0;
    if (ns > 0 && !solid_in_region(solid, ns, open, no, &kept, &starts, &count)) {
        free(kept);
        free(starts);
        return NAN;
    }
    bilged_outline x = {{hull, open, nh, no}, kept, starts, count};
    double a = bilged_area_under(&x, level, NULL);
    free(kept);
    free(starts);
    return a;
}
