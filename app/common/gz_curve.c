/* The curve of statical stability, a degree at a time. */
#include <math.h>
#include "gz_curve.h"

#define SMALL_HEEL 1e-4 /* rad: GM from GZ / sin(heel), off by BM heel^2 / 2 */

const fl_vec2 *gz_hull(fl_body_id b, int *n)
{
    return fl_body_has_own_hull(b) ? fl_body_hull(b, n) : fl_body_outline(b, n);
}

/* Where the arm falls through zero past its top, by a straight line
 * between whole degrees; -1 when it does not below 180. */
static double vanishing(const gz_curve *c)
{
    for (int k = c->top; k < GZ_DEGREES - 1 && c->gz[c->top] > 0; k++)
        if (c->gz[k] > 0 && c->gz[k + 1] <= 0)
            return k + c->gz[k] / (c->gz[k] - c->gz[k + 1]);
    return -1;
}

bool gz_arm(const gz_curve *c, fl_body_id b, double heel, fl_righting *out)
{
    int n, ns;
    const fl_vec2 *hull = gz_hull(b, &n), *solid = fl_body_outline(b, &ns);
    return fl_righting_arm_loaded(hull, n, solid, ns, c->displaced, c->water, heel, out);
}

gz_status gz_curve_fill(gz_curve *c, const fl_buoyancy *bu, fl_body_id b, double fluid_density)
{
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    double water_density, water = fl_buoyancy_water(bu, b, &water_density);
    c->displaced = fl_body_mass(b) / fluid_density;
    c->water = water * water_density / fluid_density;
    c->hull_area = fabs(fl_polygon_signed_area(hull, n));
    c->failed_at = -1;
    fl_righting r;
    if (!gz_arm(c, b, SMALL_HEEL, &r))
        return GZ_SINKS;
    c->gm = r.gz / sin(SMALL_HEEL);
    /* The water frozen where it lies upright: its weight turns with the
     * hull. */
    c->gm_solid = c->gm;
    int ns;
    const fl_vec2 *solid = fl_body_outline(b, &ns);
    fl_hold_water up;
    fl_righting plain;
    if (c->water > 0.0 && fl_hold_water_in(hull, n, solid, ns, fl_v2(0.0, 1.0), c->water, &up) &&
        fl_righting_arm(hull, n, c->displaced, SMALL_HEEL, &plain))
        c->gm_solid = (plain.gz - c->water / c->displaced *
                                      fl_rotate(fl_rot_from(SMALL_HEEL), up.centroid).x) /
                      sin(SMALL_HEEL);
    for (int k = 0; k < GZ_DEGREES; k++) {
        c->heel[k] = k;
        if (!gz_arm(c, b, k * FL_PI / 180.0, &r)) {
            c->failed_at = k;
            return GZ_NO_WATERLINE;
        }
        c->gz[k] = r.gz;
        c->b[k] = r.b;
    }
    c->top = 0;
    for (int k = 1; k < GZ_DEGREES; k++)
        c->top = c->gz[k] > c->gz[c->top] + 1e-12 ? k : c->top;
    c->vanish = vanishing(c);
    return GZ_OK;
}
