/* IS Code 2008, Part A, 2.2.1 to 2.2.4: areas under the righting arm to 30
 * and 40 degrees and between them, the arm at 30 degrees or more, the
 * angle of the largest arm, and the initial GM. Where an opening of the
 * hold goes under before 40 degrees (the downflooding angle, gz_curve.h),
 * the areas to 40 end there. */
#include <math.h>
#include "criteria.h"

/* The arm turning the body back when heeled `by` degrees from `rest` the
 * way `way` (+1, -1): positive where it rights the body. */
static double righting(const gz_curve *c, fl_body_id b, double rest, int way, double by)
{
    return way * gz_at(c, b, rest + way * by);
}

int criteria_is2008(const gz_curve *c, fl_body_id b, criterion out[IS2008_COUNT])
{
    static const struct {
        const char *what, *unit;
        double limit;
    } rule[IS2008_COUNT] = {
        {"area under GZ from 0 to 30 deg", "m rad", 0.055},
        {"area under GZ to 40 deg or flooding", "m rad", 0.090},
        {"area under GZ from 30 to 40/flooding", "m rad", 0.030},
        {"largest GZ at 30 deg or more", "m", 0.20},
        {"heel of the largest GZ", "deg", 25.0},
        {"initial GM", "m", 0.15},
    };
    double rest = c->rests ? c->rest : 0.0;
    double worst[IS2008_COUNT];
    for (int k = 0; k < IS2008_COUNT; k++)
        worst[k] = INFINITY;
    for (int way = -1; way <= 1; way += 2) {
        double v[IS2008_COUNT];
        /* gz_area from rest to rest + way x: positive where the arm rights
         * the body, either way. */
        double flood = way > 0 ? c->flood : c->flood_back;
        double end = isnan(flood) ? 40.0 : fmin(40.0, fabs(flood - rest));
        v[0] = gz_area(c, b, rest, rest + way * 30.0);
        v[1] = gz_area(c, b, rest, rest + way * end);
        v[2] = end > 30.0 ? gz_area(c, b, rest + way * 30.0, rest + way * end) : 0.0;
        /* The largest arm at 30 degrees and beyond, and where the largest
         * of all is, to the degree (0 to 90 from rest). */
        double best = -INFINITY, top = -INFINITY;
        int top_at = 0;
        for (int d = 0; d <= 90; d++) {
            double g = righting(c, b, rest, way, d);
            if (d >= 30)
                best = fmax(best, g);
            if (g > top + 1e-12) {
                top = g;
                top_at = d;
            }
        }
        v[3] = best;
        v[4] = top_at;
        v[5] = c->gm;
        for (int k = 0; k < IS2008_COUNT; k++)
            worst[k] = fmin(worst[k], isnan(v[k]) ? -INFINITY : v[k]);
    }
    int failed = 0;
    for (int k = 0; k < IS2008_COUNT; k++) {
        out[k] = (criterion){rule[k].what, rule[k].unit, worst[k], rule[k].limit,
                             worst[k] >= rule[k].limit};
        failed += !out[k].pass;
    }
    return failed;
}
