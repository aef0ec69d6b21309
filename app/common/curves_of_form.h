/* A hull's curves of form: what it displaces, and where, floating upright
 * at each draft from light to its deck, per metre of its length (a 2D
 * section is a prismatic hull's own). What `flotsam hydrostatics` prints
 * and draws. No SDL, no Cairo. */
#ifndef FL_CURVES_OF_FORM_H
#define FL_CURVES_OF_FORM_H

#include <stdbool.h>
#include "flotsam/flotsam.h"

typedef struct form_row {
    double draft;        /* m: from the keel (the hull's lowest point) up to the waterline */
    double area;         /* m2: displaced, m3 per metre of length */
    double mass;         /* kg per metre of length: area times the fluid's density */
    double kb;           /* m: the centre of buoyancy above the keel */
    double bm;           /* m: the waterline's second moment over the area */
    double km;           /* m: kb + bm */
    double breadth;      /* m: the waterline's length across the section */
    double per_cm;       /* kg per cm of immersion, per metre of length */
} form_row;

/* The row at `draft` for the hull (n points, its own frame, y down) in a
 * fluid of `density`; false when the draft is not within the hull's depth. */
bool form_at(const fl_vec2 *hull, int n, double density, double draft, form_row *out);

/* The row at the draft where the hull displaces `area` (bisection, to
 * 1e-13 of its depth); false when it does not float upright. */
bool form_for_area(const fl_vec2 *hull, int n, double density, double area, form_row *out);

/* The hull's depth, keel to its highest point. */
double form_depth(const fl_vec2 *hull, int n);

/* The keel: the y of the hull's lowest point upright (y down: the largest),
 * from which KG, KB and KM are counted. */
double form_keel(const fl_vec2 *hull, int n);

/* The line y = level across the polygon p (a waterline, a tank's free
 * surface): the total length of its pieces inside p, and their first and
 * second moments about x = 0. False when out of memory. */
bool form_waterline(const fl_vec2 *p, int n, double level, double *len, double *m1, double *m2);

/* KN: how far across from the keel K (the hull's lowest point upright, a
 * point of the hull's frame) the lift acts, the hull heeled `heel` radians
 * and displacing `area` m2. It is the hull's alone, whatever the weight:
 * GZ = KN - KG sin heel for G at any KG. False where fl_righting_arm
 * finds no waterline. */
bool form_kn(const fl_vec2 *hull, int n, double area, double heel, double *kn);

#endif
