/* Convex decomposition of simple polygons, so that concave outlines can be
 * handed to convex-only collision code. */
#ifndef FL_DECOMPOSE_H
#define FL_DECOMPOSE_H

#include "flotsam/fl_math.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FL_DECOMPOSE_MAX 256 /* most points a polygon may have */

/* Splits a simple polygon `v` (n points, 3 <= n <= FL_DECOMPOSE_MAX, positive
 * winding: fl_polygon_signed_area(v, n) > 0; concave allowed) into convex
 * pieces whose union is the polygon and whose interiors do not overlap.
 * Writes the pieces' vertices back to back into `out` (each piece in
 * positive winding, no repeated points), and into `starts` the index in
 * `out` where each piece begins plus one final entry equal to the total
 * vertex count. Returns the number of pieces (1 when v is already convex:
 * then out is a copy of v), or -1 if v is not a simple polygon with positive
 * area. `out` needs room for 3 * (n - 2) points, `starts` for n - 1 ints.
 *
 * Method: ear-clipping triangulation (an ear is accepted only when no other
 * remaining vertex lies in its closed triangle, and never with zero area),
 * then Hertel–Mehlhorn merging: each diagonal is dropped when the two pieces
 * it separates are convex together. Vertices exactly in line with their
 * neighbours are left out of the pieces of a concave input. Deterministic;
 * O(n^3) time in the worst case, no allocation. */
FL_API int fl_convex_decompose(const fl_vec2 *v, int n, fl_vec2 *out, int *starts);

#ifdef __cplusplus
}
#endif

#endif
