/* The curve of statical stability, a degree at a time, and where the body
 * rests on it.
 *
 * A heel where GZ passes through zero rising (GZ < 0 below it, > 0 above)
 * is stable: a heel past it is turned back. From upright the arm turns the
 * body towards negative heel where GZ(0) > 0 and towards positive heel
 * where GZ(0) < 0, and it comes to rest at the first stable zero that way
 * (an asymmetric section rests heeled); a body upright in unstable
 * equilibrium falls either way, to the nearer stable zero (the positive
 * one when both are as near). GM is the arm's slope there. */
#include <math.h>
#include <string.h>
#include "curves_of_form.h"
#include "gz_curve.h"

#define SLOPE_STEP 1e-5 /* rad: GM by a central difference, off by GZ''' h^2 / 6 */

const fl_vec2 *gz_hull(fl_body_id b, int *n)
{
    return fl_body_has_own_hull(b) ? fl_body_hull(b, n) : fl_body_outline(b, n);
}

bool gz_has_hold(fl_body_id b)
{
    return fl_buoyancy_has_hold(fl_buoyancy_of(b.world), b);
}

/* What the loading takes off GZ at `heel` rad: its weights' moment about
 * G across, over the whole displacement's mass (a tank's liquid frozen
 * where it lay at `frozen` rad, when that is finite). */
static double load_arm(const gz_curve *c, double heel, double frozen)
{
    if (!c->load.items && !c->load.tank_count)
        return 0.0;
    return loading_moment_x(&c->load, heel, frozen) / (c->fluid_density * c->displaced);
}

/* What the water in the hold's compartments takes off GZ at `heel` rad:
 * each lies level in its compartment (as at `frozen` rad, when that is
 * finite), laid by the world's own compartments, its weight down through
 * its centroid, over the whole displacement's mass. */
static double compartments_arm(const gz_curve *c, fl_body_id b, double heel, double frozen)
{
    const fl_buoyancy *bu = fl_buoyancy_of(b.world);
    int n = fl_buoyancy_compartment_count(bu, b);
    if (n == 0)
        return 0.0;
    /* Gravity as the body, standing as it does, sees the hull heeled so. */
    double lay = isnan(frozen) ? heel : frozen;
    fl_vec2 g = fl_rotate(fl_rot_from(fl_body_angle(b) - lay), fl_v2(0.0, 1.0));
    double moment = 0.0;
    for (int k = 0; k < n; k++) {
        double density;
        fl_hold_water in;
        if (!(fl_buoyancy_compartment_water(bu, b, k, &density) > 0.0) ||
            !fl_buoyancy_compartment_hold_water(bu, b, k, g, &in))
            continue;
        fl_vec2 at = fl_unrotate(fl_body_rot(b), in.centroid); /* the body's frame */
        moment += density * in.area * fl_rotate(fl_rot_from(heel), at).x;
    }
    return moment / (c->fluid_density * c->displaced);
}

/* The hull's own arm at `heel` rad: with `water` in its hold lying level,
 * or, damaged, with its compartment open to the sea (then no hold water
 * counts: the commands refuse both at once). */
static bool hull_arm(const gz_curve *c, fl_body_id b, double heel, double water, fl_righting *out)
{
    int n, ns;
    const fl_vec2 *hull = gz_hull(b, &n), *solid = fl_body_outline(b, &ns);
    /* A hold loses only its part of the compartment; a hull with none is
     * taken to be space throughout. */
    if (c->load.open_n > 0)
        return fl_righting_arm_bilged(hull, n, solid, gz_has_hold(b) ? ns : 0, c->load.open,
                                      c->load.open_n, c->displaced, heel, out);
    return fl_righting_arm_loaded(hull, n, solid, ns, c->displaced, water, heel, out);
}

bool gz_arm(const gz_curve *c, fl_body_id b, double heel, fl_righting *out)
{
    if (!hull_arm(c, b, heel, c->water, out))
        return false;
    out->gz -= c->kg_shift * fl_sin(heel) + load_arm(c, heel, NAN) +
               compartments_arm(c, b, heel, NAN);
    return true;
}

static double rad(double deg) { return deg * FL_PI / 180.0; }

/* GZ at `heel` degrees; NAN when there is no waterline. */
static double arm(const gz_curve *c, fl_body_id b, double heel)
{
    fl_righting r;
    return gz_arm(c, b, rad(heel), &r) ? r.gz : NAN;
}

double gz_at(const gz_curve *c, fl_body_id b, double heel) { return arm(c, b, heel); }

/* Simpson on [a, z] degrees, halved until the two halves agree. */
static double simpson(const gz_curve *c, fl_body_id b, double a, double z, double fa, double fm,
                      double fz, double whole, double tol, int depth)
{
    double m = 0.5 * (a + z), l = 0.5 * (a + m), r = 0.5 * (m + z);
    double fl = arm(c, b, l), fr = arm(c, b, r);
    double h = rad(z - a) / 12.0;
    double left = h * (fa + 4 * fl + fm), right = h * (fm + 4 * fr + fz);
    if (depth <= 0 || !isfinite(left + right) || fabs(left + right - whole) <= 15 * tol)
        return left + right + (left + right - whole) / 15;
    return simpson(c, b, a, m, fa, fl, fm, left, tol / 2, depth - 1) +
           simpson(c, b, m, z, fm, fr, fz, right, tol / 2, depth - 1);
}

double gz_area(const gz_curve *c, fl_body_id b, double from, double to)
{
    if (from == to)
        return 0.0;
    double fa = arm(c, b, from), fz = arm(c, b, to), m = 0.5 * (from + to), fm = arm(c, b, m);
    double whole = rad(to - from) / 6.0 * (fa + 4 * fm + fz);
    /* The curve has corners where an edge meets the surface: the halving
     * goes deep there, and only there. */
    return simpson(c, b, from, to, fa, fm, fz, whole, 1e-12, 40);
}

/* The arm's slope at `heel` degrees, per radian. */
static double slope(const gz_curve *c, fl_body_id b, double heel)
{
    double h = SLOPE_STEP * 180.0 / FL_PI;
    return (arm(c, b, heel + h) - arm(c, b, heel - h)) / (2.0 * SLOPE_STEP);
}

/* The zero of the arm between lo and hi degrees (GZ(lo) < 0 <= GZ(hi), or
 * the other way), by bisection to 1e-9 degrees. */
static double zero_between(const gz_curve *c, fl_body_id b, double lo, double hi)
{
    bool rising = arm(c, b, lo) < 0.0;
    while (hi - lo > 1e-9) {
        double mid = 0.5 * (lo + hi), g = arm(c, b, mid);
        if ((g < 0.0) == rising)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* The first stable zero from index `from` going `way` (+1, -1): the index
 * k of the degree below it (GZ[k] < 0 <= GZ[k + 1]), or -1. */
static int stable_from(const gz_curve *c, int from, int way)
{
    for (int k = way > 0 ? from : from - 1; k >= 0 && k < GZ_DEGREES - 1; k += way)
        if (c->gz[k] < 0.0 && c->gz[k + 1] >= 0.0)
            return k;
    return -1;
}

static void find_rest(gz_curve *c, fl_body_id b)
{
    double size = sqrt(c->hull_area), g0 = c->gz[GZ_UPRIGHT];
    c->upright = fabs(g0) <= 1e-9 * size;
    c->upright_gm = c->upright ? slope(c, b, 0.0) : NAN;
    c->rests = true;
    if (c->upright && c->upright_gm > 0.0) {
        c->rest = 0.0;
        return;
    }
    int up = -1, down = -1;
    if (c->upright || g0 < 0.0)
        up = stable_from(c, GZ_UPRIGHT, +1);
    if (c->upright || g0 > 0.0)
        down = stable_from(c, GZ_UPRIGHT, -1);
    if (up >= 0 && down >= 0) { /* unstable upright: the nearer */
        if (GZ_UPRIGHT - (down + 1) < up - GZ_UPRIGHT)
            up = -1;
        else
            down = -1;
    }
    int k = up >= 0 ? up : down;
    if (k < 0) {
        c->rests = false;
        c->rest = NAN;
        return;
    }
    c->rest = c->gz[k + 1] == 0.0 ? c->heel[k + 1] : zero_between(c, b, c->heel[k], c->heel[k + 1]);
}

/* Where the arm falls through zero past index `from` (going up in heel,
 * way +1) or rises through it going down (way -1), by a straight line
 * between whole degrees; NAN when it does not. */
static double vanishing(const gz_curve *c, int from, int way)
{
    if (way > 0) {
        for (int k = from; k < GZ_DEGREES - 1 && c->gz[from] > 0; k++)
            if (c->gz[k] > 0 && c->gz[k + 1] <= 0)
                return c->heel[k] + c->gz[k] / (c->gz[k] - c->gz[k + 1]);
    } else {
        for (int k = from; k > 0 && c->gz[from] < 0; k--)
            if (c->gz[k] < 0 && c->gz[k - 1] >= 0)
                return c->heel[k] - c->gz[k] / (c->gz[k] - c->gz[k - 1]);
    }
    return NAN;
}

/* GM solid at rest: the hold's water and the tanks' liquid frozen in the
 * body where they lie level at rest, their weight turning with the hull. */
static double gm_frozen(const gz_curve *c, fl_body_id b)
{
    int n, ns;
    const fl_vec2 *hull = gz_hull(b, &n), *solid = fl_body_outline(b, &ns);
    fl_vec2 h[FL_DECOMPOSE_MAX], s[FL_DECOMPOSE_MAX];
    if (n > FL_DECOMPOSE_MAX || ns > FL_DECOMPOSE_MAX)
        return NAN;
    fl_rot at_rest = fl_rot_from(rad(c->rest));
    for (int i = 0; i < n; i++)
        h[i] = fl_rotate(at_rest, hull[i]);
    for (int i = 0; i < ns; i++)
        s[i] = fl_rotate(at_rest, solid[i]);
    fl_hold_water lying = {0};
    if (c->water > 0.0 && !fl_hold_water_in(h, n, s, ns, fl_v2(0.0, 1.0), c->water, &lying))
        return NAN;
    fl_vec2 w = fl_unrotate(at_rest, lying.centroid); /* in the body's frame */
    double arms[2];
    for (int side = 0; side < 2; side++) {
        double heel = rad(c->rest) + (side ? SLOPE_STEP : -SLOPE_STEP);
        fl_righting plain;
        if (!hull_arm(c, b, heel, 0.0, &plain))
            return NAN;
        arms[side] = plain.gz - c->water / c->displaced * fl_rotate(fl_rot_from(heel), w).x -
                     c->kg_shift * fl_sin(heel) - load_arm(c, heel, rad(c->rest)) -
                     compartments_arm(c, b, heel, rad(c->rest));
    }
    return (arms[1] - arms[0]) / (2.0 * SLOPE_STEP);
}

/* Whether an opening's end lies under the still surface at `heel` degrees
 * (the hull floating freely there, as the curve counts it). */
static bool flooded(const gz_curve *c, fl_body_id b, const fl_vec2 *open, int count, double heel)
{
    fl_righting r;
    if (!gz_arm(c, b, rad(heel), &r))
        return false;
    fl_rot turn = fl_rot_from(rad(heel));
    for (int i = 0; i < 2 * count; i++)
        if (fl_rotate(turn, open[i]).y > r.level) /* y down: below the surface */
            return true;
    return false;
}

/* The downflooding angle the way `way` from rest: the first whole degree
 * an opening is under, then bisection to 1e-6 degrees; NAN when none is
 * before 180. */
static double downflooding(const gz_curve *c, const fl_buoyancy *bu, fl_body_id b, int way)
{
    int count;
    const fl_vec2 *open = fl_buoyancy_openings(bu, b, &count);
    double rest = c->rests ? c->rest : 0.0;
    if (count == 0 || !open)
        return NAN;
    if (flooded(c, b, open, count, rest))
        return rest;
    double dry = rest;
    for (int d = 1; fabs(rest + way * d) <= 180.0; d++) {
        double at = rest + way * d;
        if (!flooded(c, b, open, count, at)) {
            dry = at;
            continue;
        }
        while (fabs(at - dry) > 1e-6) {
            double mid = 0.5 * (at + dry);
            if (flooded(c, b, open, count, mid))
                at = mid;
            else
                dry = mid;
        }
        return 0.5 * (at + dry);
    }
    return NAN;
}

/* Whether any compartment of b's hold holds water. */
static bool compartments_wet(const fl_buoyancy *bu, fl_body_id b)
{
    for (int k = 0; k < fl_buoyancy_compartment_count(bu, b); k++)
        if (fl_buoyancy_compartment_water(bu, b, k, NULL) > 0.0)
            return true;
    return false;
}

bool gz_hold_wet(const fl_buoyancy *bu, fl_body_id b)
{
    return fl_buoyancy_water(bu, b, NULL) > 0.0 || compartments_wet(bu, b);
}

gz_status gz_curve_fill(gz_curve *c, const fl_buoyancy *bu, fl_body_id b, double fluid_density)
{
    return gz_curve_fill_kg(c, bu, b, fluid_density, NULL, NAN);
}

gz_status gz_curve_fill_kg(gz_curve *c, const fl_buoyancy *bu, fl_body_id b, double fluid_density,
                           const loading *load, double kg)
{
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    double keel = form_keel(hull, n);
    if (load)
        c->load = *load;
    else
        memset(&c->load, 0, sizeof c->load);
    double mass = fl_body_mass(b) + loading_mass(&c->load);
    /* The weights' G, upright, about the body's own (the hold's water is
     * counted apart, as it was). */
    double kg_loaded = keel - loading_moment_y(&c->load) / mass;
    c->kg_shift = isnan(kg) ? 0.0 : kg - kg_loaded;
    c->kg = isnan(kg) ? kg_loaded : kg;
    c->fluid_density = fluid_density;
    double water_density, water = fl_buoyancy_water(bu, b, &water_density);
    c->displaced = mass / fluid_density;
    c->water = water * water_density / fluid_density;
    c->hull_area = fabs(fl_polygon_signed_area(hull, n));
    c->failed_at = -1;
    fl_righting r;
    if (!gz_arm(c, b, 0.0, &r))
        return GZ_SINKS;
    for (int k = 0; k < GZ_DEGREES; k++) {
        c->heel[k] = k - GZ_UPRIGHT;
        if (!gz_arm(c, b, rad(c->heel[k]), &r)) {
            c->failed_at = (int)c->heel[k];
            return GZ_NO_WATERLINE;
        }
        c->gz[k] = r.gz;
        c->b[k] = r.b;
    }
    find_rest(c, b);
    double at = c->rests ? c->rest : 0.0;
    c->gm = c->rests ? slope(c, b, at) : c->upright_gm;
    c->liquid = c->water > 0.0 || c->load.tank_count > 0 || compartments_wet(bu, b);
    c->gm_solid = c->liquid && c->rests ? gm_frozen(c, b) : c->gm;
    /* The largest arm past rest and the smallest before it. */
    int from = GZ_UPRIGHT + (int)ceil(at - 1e-9);
    from = from < 0 ? 0 : from > GZ_DEGREES - 1 ? GZ_DEGREES - 1 : from;
    int to = GZ_UPRIGHT + (int)floor(at + 1e-9);
    to = to < 0 ? 0 : to > GZ_DEGREES - 1 ? GZ_DEGREES - 1 : to;
    c->top = from;
    for (int k = from + 1; k < GZ_DEGREES; k++)
        c->top = c->gz[k] > c->gz[c->top] + 1e-12 ? k : c->top;
    c->bottom = to;
    for (int k = to - 1; k >= 0; k--)
        c->bottom = c->gz[k] < c->gz[c->bottom] - 1e-12 ? k : c->bottom;
    c->vanish = vanishing(c, c->top, +1);
    c->vanish_back = vanishing(c, c->bottom, -1);
    c->flood = downflooding(c, bu, b, +1);
    c->flood_back = downflooding(c, bu, b, -1);
    return GZ_OK;
}
