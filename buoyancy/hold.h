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
} fl_hold;

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
bool hold_settle(fl_world *w, fl_hold *c, fl_body *body, fl_vec2 g, fl_hold_water *out);

#endif
