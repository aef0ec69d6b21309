/* Exact geometry of simple polygons (convex or concave, either winding). */
#ifndef FL_POLYGON_H
#define FL_POLYGON_H

#include <stdbool.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Area, centroid and second moment of a polygon of uniform unit density. */
typedef struct fl_mass_props {
    double area;      /* always >= 0 */
    fl_vec2 centroid; /* area centroid */
    double inertia;   /* polar second moment of area about the centroid */
} fl_mass_props;

/* Signed area by the shoelace formula: positive when the vertices run from +x
 * towards +y (clockwise on a y-down screen). */
FL_API double fl_polygon_signed_area(const fl_vec2 *v, int n);

/* Area and centroid by the shoelace formula, computed about v[0] for precision.
 * Returns the absolute area; *centroid is left unset when the area is zero. */
FL_API double fl_polygon_area_centroid(const fl_vec2 *v, int n, fl_vec2 *centroid);

/* Area, centroid and polar second moment about the centroid. */
FL_API fl_mass_props fl_polygon_mass_props(const fl_vec2 *v, int n);

/* True when no two non-adjacent edges meet and no adjacent edges fold back. */
FL_API bool fl_polygon_is_simple(const fl_vec2 *v, int n);

/* Whether a[0..n) and b[0..m) are the same polygon, point for point, from
 * whichever point each starts (both in the same winding). */
FL_API bool fl_polygon_same(const fl_vec2 *a, int n, const fl_vec2 *b, int m);

/* True when every turn has the same sign (collinear vertices allowed). */
FL_API bool fl_polygon_is_convex(const fl_vec2 *v, int n);

/* A half-plane {p : dot(normal, p) >= offset}. */
typedef struct fl_halfplane {
    fl_vec2 normal;
    double offset;
} fl_halfplane;

/* Sutherland–Hodgman against one half-plane: writes the part of polygon `in`
 * (n vertices) inside `h` to `out` and returns its vertex count. Vertices on
 * the line count as inside. Each inside vertex is written once and each
 * crossing adds one, so a convex input gives at most n + 1 vertices and any
 * simple input at most FL_CLIP_MAX_OUT(n). `in` and `out` must not overlap.
 * A concave input may come back with zero-width edges along the line; its
 * area and centroid are still exact. */
#define FL_CLIP_MAX_OUT(n) ((n) + (n) / 2 + 1)
FL_API int fl_clip_halfplane(const fl_vec2 *in, int n, fl_halfplane h, fl_vec2 *out);

/* The area and centroid of what fl_clip_halfplane would write, without
 * writing it: the same points, summed into the shoelace formula as they
 * come. The sums are taken about the origin, so give points near it (a
 * body's outline about its centre of mass). Returns 0, centroid unset, when
 * nothing of area is left. */
FL_API double fl_clip_halfplane_area(const fl_vec2 *in, int n, fl_halfplane h, fl_vec2 *centroid);

#ifdef __cplusplus
}
#endif

#endif
