/* Which body lies under a point: what the sandbox and the web page pick a
 * body with (a click, a grab). No SDL, no Cairo. */
#ifndef FL_PICKING_H
#define FL_PICKING_H

#include <stdbool.h>
#include "flotsam/flotsam.h"

/* Whether the outline v[0..n) holds the point p (its frame), by crossings. */
bool picking_holds(const fl_vec2 *v, int n, fl_vec2 p);

/* Whether body b's outline, or its own hull when `hull` (a hollow boat's
 * hold: false for a body without one), holds world point p. */
bool picking_body_holds(fl_body_id b, fl_vec2 p, bool hull);

/* The index of the topmost body of w (the last in its list) whose outline
 * holds world point p, dynamic ones only when asked; -1 for none. */
int picking_body_at(const fl_world *w, fl_vec2 p, bool dynamic_only);

#endif
