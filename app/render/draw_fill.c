/* draw_polygon of draw.h: filling simple polygons that may be concave. */
#include "draw.h"
#include "flotsam/flotsam.h"

bool draw_polygon(draw_batch *b, const fl_vec2 *p, int n, rgba c)
{
    if (n < 3)
        return false;
    if (fl_polygon_is_convex(p, n) || n > FL_DECOMPOSE_MAX) {
        draw_convex(b, p, n, c);
        return n <= FL_DECOMPOSE_MAX;
    }
    fl_vec2 out[3 * (FL_DECOMPOSE_MAX - 2)];
    int starts[FL_DECOMPOSE_MAX - 1];
    int pieces = fl_convex_decompose(p, n, out, starts);
    if (pieces < 0) {
        draw_convex(b, p, n, c); /* not simple: the fan is the best guess */
        return false;
    }
    for (int k = 0; k < pieces; k++)
        draw_convex(b, out + starts[k], starts[k + 1] - starts[k], c);
    return true;
}
