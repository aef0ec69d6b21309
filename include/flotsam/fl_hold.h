/* Water in a hull's hold (fl_body_has_hold): it lies level, under a
 * surface square to gravity, and fills the part of the hold under that
 * surface that holds its area. The hold is the hull less the outline, so
 * that part is the hull under the surface less the outline under it: two
 * half-plane clips and the shoelace formula, and a bisection on the level. */
#ifndef FL_HOLD_H
#define FL_HOLD_H

#include <stdbool.h>
#include "flotsam/fl_api.h"
#include "flotsam/fl_body.h"
#include "flotsam/fl_math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_hold_water {
    double area;       /* held, m^2: what was asked, or the hold's room if less
                        * (the level holds it to rounding) */
    fl_vec2 centroid;  /* of the water, about the centre of mass (as the polygons are given) */
    double level;      /* its surface: the points p with dot(down, p) = level */
    double room;       /* the hold's whole area, m^2 */
} fl_hold_water;

/* `water` m^2 in the hold of the hull hull[0..nh) less the outline
 * solid[0..ns) (both about the centre of mass, oriented as they stand;
 * at most FL_DECOMPOSE_MAX points each), under gravity's unit direction
 * `down`. False (out untouched) for no water, a bad polygon or no room. */
FL_API bool fl_hold_water_in(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                             fl_vec2 down, double water, fl_hold_water *out);

/* The same for a body's hold as it stands, under gravity g: the centroid
 * about the centre of mass, world orientation. False when it holds no
 * water (or has no hold, or g is 0). */
FL_API bool fl_body_hold_water(fl_body_id b, fl_vec2 g, fl_hold_water *out);

/* The area of the hold of hull less solid (as above) under the surface
 * dot(down, p) = level, and its first moment (area times centroid) in
 * *moment when not NULL. */
FL_API double fl_hold_area_under(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                                 fl_vec2 down, double level, fl_vec2 *moment);

#ifdef __cplusplus
}
#endif

#endif
