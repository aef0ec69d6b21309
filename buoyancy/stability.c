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
