/* One body in the fluids: its submerged part in one fluid measured
 * (buoyancy_measure_in), and the lifts and drags of all of them pushed on it
 * (buoyancy_push), for the pass over every body (buoyancy.c) and for the
 * look ahead at a body a step carries across a surface (ahead.c). */
#include <math.h>
#include "push.h"

submerged_part buoyancy_measure_in(fl_buoyancy *b, const fl_body *body, int f, double t,
                                   double dt, bool keep_polygon, fl_submerged *rec)
{
    return measure_body(b, body, f, t, dt, keep_polygon, rec);
}

void buoyancy_push(const fl_buoyancy *b, fl_body *body, const fl_submerged *recs, fl_vec2 g,
                   double dt, fl_buoyancy_push *pushes, fl_buoyancy_total *total, double *heave,
                   double *roll)
{
    push_body(b, body, recs, g, dt, pushes, total, heave, roll);
}
