/* A body's curve of statical stability: its righting arm GZ every degree
 * of heel from -180 to 180 (fl_righting_arm), at its own mass over a
 * fluid's density, its hull about its centre of mass; where it rests (the
 * stable equilibrium the arm turns it to from upright) and GM there, the
 * largest arms either way and where the arm vanishes. What `flotsam stability` prints
 * and plots, and the sandbox's inspector draws. No SDL, no Cairo. */
#ifndef FL_GZ_CURVE_H
#define FL_GZ_CURVE_H

#include <stdbool.h>
#include "flotsam/flotsam.h"
#include "loading.h"

#define GZ_DEGREES 361 /* -180, -179, ... 180 */
#define GZ_UPRIGHT 180 /* the index of 0 */

typedef enum gz_status {
    GZ_OK,
    GZ_SINKS,        /* it needs more fluid under than its hull holds */
    GZ_NO_WATERLINE, /* fl_righting_arm found none at some heel (gz_curve.failed_at) */
} gz_status;

typedef struct gz_curve {
    double heel[GZ_DEGREES];  /* degrees: -180 .. 180 */
    double gz[GZ_DEGREES];    /* m */
    fl_vec2 b[GZ_DEGREES];    /* the centre of buoyancy about G, heeled */
    double displaced;         /* m2: mass (with any water in its hold, and its loading)
                                 over the fluid's density */
    double fluid_density;     /* kg/m2, the fluid's it floats in */
    loading load;             /* its loading condition (load.condition "": none) */
    double water;             /* m2: the water in its hold, as that much of the fluid */
    double hull_area;         /* m2 */
    double kg;                /* m: G's height above the keel (the hull's lowest point
                                 upright), as the curve counts it: the whole weight's,
                                 a tank's liquid where it lies upright */
    double kg_shift;          /* m: how far above the weights' own G that is (0: theirs) */
    bool upright;             /* upright is an equilibrium (GZ 0 there, to 1e-9 of the
                                 hull's size) */
    double upright_gm;        /* GM there (NAN: not an equilibrium) */
    bool rests;               /* a stable equilibrium was found ... */
    double rest;              /* degrees: ... the nearest to upright, the way the arm
                                 turns the body from upright (to 1e-9 degrees) */
    double gm;                /* GM fluid, m, at rest (the arm's slope there, per
                                 radian), the water in its hold lying level as it heels */
    bool liquid;              /* its hold's water, a tank's liquid or a compartment's
                                 water moves as it heels: GM is GM fluid */
    double gm_solid;          /* GM solid: the same water, and the tanks' liquid, frozen
                                 where it lies at rest (gm without the free-surface effect) */
    int top;                  /* index of the largest arm at or past rest (the first of equals) */
    int bottom;               /* index of the smallest arm at or before rest */
    double vanish;            /* degrees, where the arm falls through zero past the top;
                                 NAN: not below 180 */
    double vanish_back;       /* the same before the bottom (rises through zero going
                                 down to it); NAN: not above -180 */
    double flood, flood_back; /* degrees: where an opening of its hold first goes under
                                 heeling past rest one way and the other (NAN: none
                                 does before 180; rest itself: one is under already) */
    int failed_at;            /* GZ_NO_WATERLINE: the degree */
} gz_curve;

/* The hull that displaces the fluid: b's own hull, or its outline; n
 * points about its centre of mass. */
const fl_vec2 *gz_hull(fl_body_id b, int *n);

/* Fills c for body b (one that moves) floating in a fluid of
 * `fluid_density`, with the water its hold holds now lying level in it
 * at every heel (none spills: fl_righting_arm_loaded). */
gz_status gz_curve_fill(gz_curve *c, const fl_buoyancy *bu, fl_body_id b, double fluid_density);

/* The same loaded with `load` (NULL: nothing more), whose weights add to
 * the displacement and act where they lie (a tank's liquid level at each
 * heel), and with G at height kg above the keel (NAN: where the weights
 * put it): the weight's line moves, the displacement does not, so GZ(kg)
 * = GZ - (kg - KG) sin heel. */
gz_status gz_curve_fill_kg(gz_curve *c, const fl_buoyancy *bu, fl_body_id b, double fluid_density,
                           const loading *load, double kg);

/* The area under the arm from `from` to `to` degrees, m rad (dynamic
 * stability: the work the arm does per unit displacement), by adaptive
 * Simpson on fl_righting_arm to 1e-12 m rad; NAN where there is no
 * waterline. */
double gz_area(const gz_curve *c, fl_body_id b, double from, double to);

/* GZ at `heel` degrees as the curve counts it; NAN without a waterline. */
double gz_at(const gz_curve *c, fl_body_id b, double heel);

/* The arm of body b at `heel` radians, as the curve c made for it counts
 * it (displacement and water). */
bool gz_arm(const gz_curve *c, fl_body_id b, double heel, fl_righting *out);

/* Whether the body has a hold (its hull more than its outline): damage
 * then opens only the hold's part of a compartment. */
bool gz_has_hold(fl_body_id b);
/* Whether b's hold holds water, outside its compartments or in one. */
bool gz_hold_wet(const fl_buoyancy *bu, fl_body_id b);

#endif
