/* Water in a hull's hold (fl_buoyancy_has_hold): it lies level, under a
 * surface square to gravity, and fills the part of the hold under that
 * surface that holds its area. The hold is the hull less the outline, so
 * that part is the hull under the surface less the outline under it: two
 * half-plane clips and the shoelace formula, and a bisection on the level. */
#ifndef FL_HOLD_H
#define FL_HOLD_H

#include <stdbool.h>
#include "flotsam/fl_api.h"
#include "flotsam/fl_body.h"
#include "flotsam/fl_buoyancy.h"
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
 * at most FL_DECOMPOSE_MAX points each; ns 0 and solid NULL: the whole
 * hull holds it, a tank), under gravity's unit direction `down`. False (out untouched) for no water, a bad polygon or no room. */
FL_API bool fl_hold_water_in(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                             fl_vec2 down, double water, fl_hold_water *out);


/* ---- a body's hold, kept by the buoyancy module ---- */

/* A body whose hull is more than its outline has a hold: the hull's space
 * that the outline does not fill. The buoyancy module of its world keeps
 * it from the moment both are there, with openings by default wherever
 * the hull's boundary is not also the outline's (an open boat: the gap
 * between its gunwales), and dry. What it starts with instead: */
typedef struct fl_hold_def {
    /* Openings to the outside, segments of 2 ends each, about the body's
     * centre of mass in its own frame (fl_polygon_mass_props of the def's
     * points gives that centre about the def's origin). NULL keeps the
     * default; a list with opening_count 0 seals the hold (a decked one). */
    const fl_vec2 *openings;
    int opening_count;
    /* `water` m^2 of density `water_density` kg/m^2 in it. */
    double water, water_density;
} fl_hold_def;

/* Which part of a hold def fl_hold_def_check finds wrong. */
typedef enum fl_hold_def_part {
    FL_HOLD_DEF_OK,
    FL_HOLD_DEF_OPENINGS,
    FL_HOLD_DEF_WATER       /* water, water_density */
} fl_hold_def_part;

/* Whether fl_buoyancy_set_hold would take `hold` for a body made from
 * `body` (a def that fl_body_def_check takes): FL_OK, or FL_EINVAL and
 * why, and which part (may be NULL). A body whose hull is its outline has
 * no hold: it takes only a def with no openings and no water. */
/* The room of the hold a body made from `body` (a def that
 * fl_body_def_check takes) would have, m^2: its hull's area less its
 * outline's; negative when its hull is its outline (no hold). */
FL_API double fl_hold_def_room(const fl_body_def *body);
FL_API fl_status fl_hold_def_check(const fl_body_def *body, const fl_hold_def *hold,
                                   fl_hold_def_part *part, fl_error *err);
/* Gives the body's hold what `def` says, in place of what it had: the
 * openings (unless NULL) and the water, lying level under the world's
 * gravity and carried at once. The body's velocity and spin stay as they
 * are: they are taken to be those of the body with its water aboard.
 * FL_EINVAL (and why) for a body without a hold or a def that
 * fl_hold_def_check refuses; FL_ENOMEM. */
FL_API fl_status fl_buoyancy_set_hold(fl_buoyancy *b, fl_body_id body, const fl_hold_def *def,
                                      fl_error *err);
/* Whether the body has a hold; the water in it, m^2 (outside its
 * compartments, if it has any) (*density, kg/m^2,
 * when not NULL: 0 while it is dry), and its openings: 2 ends each, body
 * frame about the centre of mass (*count openings). 0, and NULL, for a
 * body without a hold. fl_body_mass and fl_body_inertia count the water
 * (fl_body_carried) as the last step left it; fl_body_density does not. */
FL_API bool fl_buoyancy_has_hold(const fl_buoyancy *b, fl_body_id body);
FL_API double fl_buoyancy_water(const fl_buoyancy *b, fl_body_id body, double *density);
FL_API const fl_vec2 *fl_buoyancy_openings(const fl_buoyancy *b, fl_body_id body, int *count);
/* Puts `area` m^2 of water of `density` kg/m^2 in the body's hold (0
 * empties it), lying level under the world's gravity; the body carries it
 * at once, keeping its angular momentum. FL_EINVAL without a hold or for
 * a bad number; the area is capped at the hold's room. */
FL_API fl_status fl_buoyancy_set_water(fl_buoyancy *b, fl_body_id body, double area,
                                       double density);
/* Punches an opening from a to z (world points) in the body's hold: what
 * lies across a hull's wall, where water can come in. FL_EINVAL without a
 * hold or for ends that are not distinct finite points; FL_ENOMEM. */
FL_API fl_status fl_buoyancy_add_opening(fl_buoyancy *b, fl_body_id body, fl_vec2 a, fl_vec2 z);
/* Where the water in the body's hold lies as it stands, under gravity g:
 * the centroid about the centre of mass, world orientation. False when it
 * holds no water (or has no hold, or g is 0). */
FL_API bool fl_buoyancy_hold_water(const fl_buoyancy *b, fl_body_id body, fl_vec2 g,
                                   fl_hold_water *out);

/* ---- compartments: a hold divided by bulkheads ---- */

/* A compartment is the part of a body's hold inside a region of the body
 * (a simple polygon of at most FL_COMPARTMENT_MAX_POINTS points, about
 * the centre of mass in the body's frame, inside the hull; it may take in
 * the walls, which stay solid). Its water lies level on its own, apart
 * from the rest of the hold's. An opening belongs to the spaces its middle
 * touches: one on the hull's boundary joins the compartment it lies in (or
 * the hold outside every compartment) to the sea; one inside the hull, in
 * a bulkhead, joins the two compartments either side of it (or one and
 * the rest of the hold), and water flows through it as through an opening
 * to the sea, the head being the difference of the two levels. */
#define FL_COMPARTMENT_MAX_POINTS 16
typedef struct fl_compartment_def {
    const fl_vec2 *points;
    int point_count;
    double water, water_density; /* m^2 in it at the start, and its kg/m^2 */
} fl_compartment_def;

/* Adds a compartment to the body's hold, its water lying level and
 * carried at once. FL_EINVAL (and why) without a hold, for a region that
 * is not a simple polygon, reaches out of the hull or overlaps another
 * compartment, or for water it cannot hold; FL_ENOMEM. */
FL_API fl_status fl_buoyancy_add_compartment(fl_buoyancy *b, fl_body_id body,
                                             const fl_compartment_def *def, fl_error *err);
/* How many compartments the body's hold has (0 without a hold); the k-th's
 * region (*count points, as given), and its water, m^2 (*density, kg/m^2,
 * when not NULL: 0 while it is dry). */
FL_API int fl_buoyancy_compartment_count(const fl_buoyancy *b, fl_body_id body);
FL_API const fl_vec2 *fl_buoyancy_compartment_region(const fl_buoyancy *b, fl_body_id body, int k,
                                                     int *count);
FL_API double fl_buoyancy_compartment_water(const fl_buoyancy *b, fl_body_id body, int k,
                                            double *density);
/* Where the k-th compartment's water lies as the body stands, under
 * gravity g (as fl_buoyancy_hold_water). */
FL_API bool fl_buoyancy_compartment_hold_water(const fl_buoyancy *b, fl_body_id body, int k,
                                               fl_vec2 g, fl_hold_water *out);

/* The area of the hold of hull less solid (as above) under the surface
 * dot(down, p) = level, and its first moment (area times centroid) in
 * *moment when not NULL. */
FL_API double fl_hold_area_under(const fl_vec2 *hull, int nh, const fl_vec2 *solid, int ns,
                                 fl_vec2 down, double level, fl_vec2 *moment);

#ifdef __cplusplus
}
#endif

#endif
