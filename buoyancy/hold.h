/* A hull's hold as the buoyancy module keeps it: a column of the world
 * (fl_module.h) whose row for a body is its hold, or NULL for a body
 * whose hull is its outline. Private to the buoyancy module. */
#ifndef FL_BUOYANCY_HOLD_H
#define FL_BUOYANCY_HOLD_H

#include "flotsam/fl_buoyancy.h"
#include "flotsam/fl_hold.h"
#include "body_state.h"

typedef struct fl_hold {
    int count;            /* convex pieces of the hull, positive winding */
    int *start;           /* piece k is verts[start[k] .. start[k + 1]) */
    fl_vec2 *verts;       /* about the centre of mass, body frame */
    /* The water in it, m^2 and kg/m^2 (0 and 0 when dry): the body carries
     * its mass (fl_body_carry); its openings to the outside, 2 ends each,
     * about the centre of mass, body frame (in their own allocation:
     * openings can be punched later). */
    double water, water_density;
    fl_vec2 *openings;
    int opening_count, opening_capacity;
    /* Its compartments (compartment.c), if bulkheads divide it: the water
     * above is then what lies outside them all. sides[2 k], sides[2 k + 1]
     * are the spaces opening k joins (HOLD_MAIN, a compartment's index, or
     * HOLD_SEA), found when either changes. */
    struct hold_compartment **compartments;
    int compartment_count;
    int *sides;
    int side_capacity;
} fl_hold;

enum { HOLD_SEA = -2, HOLD_MAIN = -1, FL_HOLD_MAX_COMPARTMENTS = 16 };

/* A compartment: the part of the hold inside a convex-pieced region of
 * the body. The region's pieces clip the hull and the outline once, when
 * it is made; the space is the hull's clips less the outline's. All about
 * the centre of mass, body frame. */
typedef struct hold_compartment {
    int point_count;
    fl_vec2 points[FL_COMPARTMENT_MAX_POINTS]; /* the region as given */
    int piece_count;
    int *hull_start, *solid_start;  /* piece k: [start[k], start[k + 1]) */
    fl_vec2 *hull, *solid;
    double room;                     /* m^2 */
    double water, water_density;
} hold_compartment;

/* The column's class (hold.c); hold_of (module.h) reads a body's row. */
extern const fl_column_class hold_column_class;

/* Adds the opening a -> z (about the centre of mass, body frame) to the
 * hold: false when out of memory. hold.c. */
bool hold_add_opening(fl_world *w, fl_hold *c, fl_vec2 a, fl_vec2 z);
/* The body's hull and outline in world orientation about its centre of
 * mass, into hull[hull_count] and solid[vert_count]. hold_water.c. */
void hold_turn(const fl_body *b, fl_vec2 *hull, fl_vec2 *solid);
/* The level in [top, bottom] (along down) under which `area` holds
 * `target`: area(ctx, level) must fall as the level goes down. By
 * bisection, to rounding. hold_water.c. */
double hold_level_for(double (*area)(void *ctx, double level), void *ctx, double top,
                      double bottom, double target);
/* Lays the hold's water level under gravity g as the body stands, caps it
 * at the hold's room, and has the body carry its mass (at its centroid, as
 * a point). Returns whether it holds water, with where it lies in *out.
 * hold_water.c, hold.c. */
bool hold_water(const fl_hold *c, const fl_body *body, fl_vec2 g, fl_hold_water *out);
/* ... and lays each compartment's water too, the body carrying it all;
 * the compartments' first moment of mass (world orientation) in *moment
 * when not NULL, for their weight's torque. */
bool hold_settle(fl_world *w, fl_hold *c, fl_body *body, fl_vec2 g, fl_hold_water *out,
                 fl_vec2 *moment);
/* hold_settle's weighing without the carrying: the mass and moment of
 * inertia of all the water (as points about the centre of mass) in *mass
 * and *inertia. */
bool hold_weigh(fl_hold *c, const fl_body *body, fl_vec2 g, fl_hold_water *out, fl_vec2 *moment,
                double *mass, double *inertia);

/* ---- compartments (compartment.c) ---- */
/* The space's area under the level along down_b (body frame, about the
 * centre of mass), and its first moment when `moment` is not NULL. */
double compartment_area_under(const hold_compartment *k, fl_vec2 down_b, double level,
                              fl_vec2 *moment);
/* The area of the hold outside every compartment under the level. */
double hold_main_area_under(const fl_hold *c, const fl_body *b, fl_vec2 down_b, double level,
                            fl_vec2 *moment);
/* The same for space s (HOLD_MAIN or a compartment's index). */
double hold_space_area_under(const fl_hold *c, int s, const fl_body *b, fl_vec2 down_b,
                             double level, fl_vec2 *moment);
/* Where `water` m^2 lies in space s under gravity's direction `down`
 * (world): its level about the centre of mass along down, and its
 * centroid about the centre of mass in world orientation. False when
 * there is none, or no room. */
bool hold_space_water(const fl_hold *c, int s, const fl_body *b, fl_vec2 down, double water,
                      fl_hold_water *out);
bool compartment_water(const fl_hold *c, int k, const fl_body *b, fl_vec2 down,
                       fl_hold_water *out);
/* Adds a compartment (def's points about the centre of mass, body frame):
 * FL_EINVAL and why, FL_ENOMEM. */
fl_status hold_add_compartment(fl_world *w, fl_hold *c, const fl_body *b,
                               const fl_compartment_def *def, fl_error *err);
/* Finds the spaces each opening joins (c->sides); false when out of
 * memory. */
bool hold_sort_openings(fl_world *w, fl_hold *c, const fl_body *b);
/* The compartments' water, laid level: its mass, its moment of inertia
 * about the centre of mass (as points) and its first moment (mass times
 * centroid, world orientation) added to *mass, *inertia and *moment. */
void compartments_weigh(const fl_hold *c, const fl_body *b, fl_vec2 down, double *mass,
                        double *inertia, fl_vec2 *moment);
void compartment_free(fl_world *w, hold_compartment *k);
hold_compartment *compartment_copy(fl_world *w, const hold_compartment *k);

#endif
