/* Where one body's fluid outline lies in one fluid: wholly in, wholly out,
 * or cut, and then the submerged part. Private to the buoyancy module. */
#ifndef FL_SUBMERGE_H
#define FL_SUBMERGE_H

#include "fl_fluid.h"

typedef enum submerge_kind {
    SUBMERGE_NONE,   /* no part of the outline is in the fluid */
    SUBMERGE_WHOLE,  /* all of it is: area and centroid are the outline's */
    SUBMERGE_CLIPPED /* a part is: the polygon is in the scratch buffers */
} submerge_kind;

typedef struct submerged_part {
    submerge_kind kind;
    double area;
    fl_vec2 centroid;      /* world */
    const fl_vec2 *polygon; /* SUBMERGE_CLIPPED and kept: about the centre of mass */
    int count;
} submerged_part;

/* Clipping one n-gon against the fluid's four half-planes grows it at most
 * to this many points; `scratch` must hold three buffers of that size for
 * the largest outline measured. */
int submerge_room(int n);

/* Measures `body` (dynamic, in the world) against fluid f at time t. Most
 * bodies are decided by the circle around their outline alone; only those
 * whose circle crosses the fluid's edge have their outline turned into the
 * world and clipped, against just the half-planes that cut its box. The
 * submerged polygon of a clipped body is written out only when
 * keep_polygon is set; area and centroid come out the same either way. */
void submerge(const fl_body *body, const fl_fluid_def *f, double t, fl_vec2 *scratch,
              int scratch_size, bool keep_polygon, submerged_part *out);

/* Writes the body's whole fluid outline in world coordinates to out. */
void submerge_world_outline(const fl_body *body, fl_vec2 *out);

#endif
