/* Drawing the bodies of a simulation (see bodies.c for how). */
#ifndef FL_BODIES_H
#define FL_BODIES_H

#include "render.h"

/* Static bodies first (in the world's order), then the moving ones. */
void render_bodies(draw_batch *b, const fl_sim *s, const camera *cam);

/* The n points of p moved out by `by` pixels (in, for by < 0) at every
 * corner, mitred (at most three times `by` at a sharp corner), into out.
 * False if the moved outline turns over (pulled in more than the body is
 * thick): out is then not a usable outline. */
bool render_offset_outline(const fl_vec2 *p, int n, double by, fl_vec2 *out);

#endif
