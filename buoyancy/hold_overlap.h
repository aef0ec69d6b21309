/* Dry holds: the part of a body's hull that its own outline does not fill
 * is a dry hold, and another body inside it displaces no fluid there.
 * Private to the buoyancy module. */
#ifndef FL_HOLD_OVERLAP_H
#define FL_HOLD_OVERLAP_H

#include "hold.h"

/* The area of the polygon p[0..n) (about the centre of mass of body
 * `inside`, world orientation) that lies within the hull of body `vessel`
 * (whose hold is `hold`),
 * and that part's first moment (area times centroid, same frame) in
 * *moment: none of it is water, whether it lies in the dry hold or
 * overlaps the vessel's own shell (whose displacement the hull already
 * counts). The polygon is clipped by each convex piece of the hull; areas
 * and moments add exactly. buf: two buffers of `room` points each (room
 * >= n plus the most edges of a piece). */
double hold_overlap(const fl_hold *hold, const fl_body *vessel, const fl_body *inside, const fl_vec2 *p, int n,
                      fl_vec2 *buf, int room, fl_vec2 *moment);

/* The most edges of any convex piece of the hold's hull. */
int hold_most_edges(const fl_hold *hold);

#endif
