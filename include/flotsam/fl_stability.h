/* Statical stability: the righting arm GZ of a hull heeled in still water,
 * floating freely at its own displacement (naval architecture's curve of
 * statical stability, in 2D). */
#ifndef FL_STABILITY_H
#define FL_STABILITY_H

#include <stdbool.h>
#include "flotsam/fl_api.h"
#include "flotsam/fl_math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_righting {
    double heel;     /* the body's angle, radians */
    double gz;       /* righting arm, m: > 0 turns the body back (towards less heel) */
    double level;    /* the still surface's y about G, heeled (y down) */
    fl_vec2 b;       /* the centre of buoyancy about G, heeled */
} fl_righting;

/* The hull `outline` (n points about the centre of mass G, the body's own
 * frame) turned by `heel` and sunk until the area under a level surface is
 * `displaced` (the body's mass over the fluid's density, m^2): the lift
 * then acts up through the centre of buoyancy B, the weight down through
 * G, and GZ is how far B lies from G across, counted so that GZ > 0 rights
 * the body. False (out untouched) when displaced is not between 0 and the
 * hull's area, or the outline has fewer than 3 points. */
FL_API bool fl_righting_arm(const fl_vec2 *outline, int n, double displaced, double heel,
                            fl_righting *out);

/* The same for a hull whose hold (the hull less the outline `solid`, ns
 * points, same frame) holds `water`, in m^2 of the fluid outside (its mass
 * over the outside's density): `displaced` is then the whole mass, hull
 * and water, over that density. The water lies level in the heeled hold
 * (fl_hold_water_in) and its weight acts down through its centroid W, so
 * GZ = B.x - (water / displaced) W.x about G: the free-surface effect.
 * With no water it is fl_righting_arm's. */
FL_API bool fl_righting_arm_loaded(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                                   double displaced, double water, double heel,
                                   fl_righting *out);

/* The same for a hull bilged: the region `open` (no points, inside the
 * hull, same frame), a compartment open to the sea, fills with the sea
 * and displaces nothing, so the hull less it carries `displaced` (the
 * lost-buoyancy method: the mass stays, the buoyancy is lost). False when
 * the intact part holds no more than `displaced`, or for more than
 * FL_DECOMPOSE_MAX points. */
FL_API bool fl_righting_arm_damaged(const fl_vec2 *hull, int nh, const fl_vec2 *open, int no,
                                    double displaced, double heel, fl_righting *out);

/* The same for a hull with a hold (the hull less the outline `solid`, ns
 * points, same frame): what damage opens to the sea is the region's part
 * of the hold, while the outline's part in it (the walls and plating)
 * still displaces. ns 0: the region is all space, as
 * fl_righting_arm_damaged takes it. */
FL_API bool fl_righting_arm_bilged(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                                   const fl_vec2 *open, int no, double displaced, double heel,
                                   fl_righting *out);
/* What that bilged hull displaces under the surface y = level (upright, y
 * down), m^2: the hull's area under it less the region's part of the hold
 * under it. NAN for bad polygons or out of memory. */
FL_API double fl_bilged_area_under(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                                   const fl_vec2 *open, int no, double level);

#ifdef __cplusplus
}
#endif

#endif
