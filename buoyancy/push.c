/* One body in the fluids: its submerged part in one fluid measured
 * (buoyancy_measure_in), and the lifts and drags of all of them pushed on it
 * (buoyancy_push), for the pass over every body (buoyancy.c) and for the
 * look ahead at a body a step carries across a surface (ahead.c). */
#include <math.h>
#include "push.h"

submerged_part buoyancy_measure_in(fl_buoyancy *b, const fl_body *body, int f, double t,
                                   double dt, bool keep_polygon, fl_submerged *rec)
{
    FL_ASSERT(f >= 0 && f < b->fluid_count);
    submerged_part part = submerge_nothing(body);
    const fl_fluid_def *fluid = &b->fluids[f];
    if (is_wet(body) && fluid->wave_amplitude != 0.0) {
        submerge_wave(body, fluid, fl_length(fl_world_gravity(b->world)), t, dt, b->scratch,
                      b->scratch_size, keep_polygon, &part);
    } else if (is_wet(body)) {
        int side = submerge_flat_side(body, fluid);
        if (side > 0) {
            submerge_whole(body, &part);
        } else if (side == 0) {
            fl_halfplane planes[4];
            fl_fluid_halfplanes(fluid, body->position, t, planes);
            submerge_across(body, planes, b->scratch, b->scratch_size, keep_polygon, &part);
        }
    }
    if (b->vessel_count > 0 && part.area > 0.0)
        buoyancy_keep_holds_dry(b, body, f, t + 0.5 * dt, &part); /* as submerge_wave */
    *rec = (fl_submerged){part.area, part.centroid, NULL, 0, part.waterline,
                          part.waterline_moment, part.wave_force, part.wave_moment,
                          fluid->wave_amplitude != 0.0 ? part.flow : fluid->current};
    return part;
}

void buoyancy_push(const fl_buoyancy *b, fl_body *body, const fl_submerged *recs, fl_vec2 g,
                   double dt, fl_buoyancy_push *pushes, fl_buoyancy_total *total, double *heave,
                   double *roll)
{
    push_body(b, body, recs, g, dt, pushes, total, heave, roll);
}
