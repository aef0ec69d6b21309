/* Flooding's parts, private to the buoyancy module: the orifice law's
 * integral (orifice.c), a pass over a hold's openings (flood.c) and the
 * step that makes them second order (flood_step.c). */
#ifndef FL_BUOYANCY_FLOOD_H
#define FL_BUOYANCY_FLOOD_H

#include "module.h"

/* What one pass over a hold's openings does: moves h seconds of flow
 * (none when h is 0), at each opening's rate as the levels and the pose
 * give it, or as `given`; writes the rates it finds to `found` (each NULL
 * when not wanted); and counts what comes in from the sea. */
typedef struct flow_pass {
    double h;
    const double *given;
    double *found;
    /* What comes in from the sea: its momentum (the fluid's current times
     * its mass), added up when not NULL; */
    fl_vec2 *in_momentum;
    double *out; /* and what goes out to it, kg */
} flow_pass;

/* The integral along an opening (parameter 0..1) of sign(head) sqrt(|head|),
 * the head being the depth under one surface less the depth under the
 * other, each running linearly from o0 to o1 and from i0 to i1 (negative:
 * above that surface, counted 0): exact, piece by piece. */
double orifice_root_head(double o0, double o1, double i0, double i1);

/* One pass over the hold's openings at the body's pose as it stands (ps
 * says what the pass does): the hold outside its compartments to the sea,
 * then the compartments'. */
void flood_pass(fl_buoyancy *b, fl_body *body, fl_hold *c, fl_vec2 down, double gl, double t,
                const flow_pass *ps);

#endif
