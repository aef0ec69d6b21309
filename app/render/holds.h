/* Drawing holds: the water in them (under the bodies) and their openings
 * (over them). holds.c. */
#ifndef FL_RENDER_HOLDS_H
#define FL_RENDER_HOLDS_H

#include "render.h"

void render_hold_water(draw_batch *b, const fl_sim *s, const camera *cam);
void render_openings(draw_batch *b, const fl_sim *s, const camera *cam);

#endif
