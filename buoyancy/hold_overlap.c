#include "hold_overlap.h"
#include "flotsam/fl_polygon.h"

/* p clipped to the convex polygon q[0..m) (positive winding, about
 * `origin` in world orientation, turned by rot and moved by shift into p's
 * frame); returns its area and adds area * centroid to *moment. */
static double clip_to_convex(const fl_vec2 *p, int n, const fl_vec2 *q, int m, fl_rot rot,
                             fl_vec2 shift, fl_vec2 *buf, int room, fl_vec2 *moment)
{
    const fl_vec2 *cur = p;
    int count = n;
    for (int k = 0; k < m && count > 0; k++) {
        fl_vec2 a = fl_add(fl_rotate(rot, q[k]), shift);
        fl_vec2 z = fl_add(fl_rotate(rot, q[(k + 1) % m]), shift);
        /* Inside is to the left of a -> z in positive winding: where
         * cross(z - a, x - a) >= 0. */
        fl_vec2 d = fl_sub(z, a), normal = fl_v2(-d.y, d.x);
        fl_halfplane h = {normal, fl_dot(normal, a)};
        fl_vec2 *out = buf + (k & 1) * room;
        count = fl_clip_halfplane(cur, count, h, out);
        cur = out;
    }
    if (count < 3)
        return 0.0;
    fl_vec2 c;
    double area = fl_polygon_area_centroid(cur, count, &c);
    if (area > 0.0)
        *moment = fl_add(*moment, fl_scale(c, area));
    return area;
}

double hold_overlap(const fl_hold *cav, const fl_body *vessel, const fl_body *inside,
                    const fl_vec2 *p, int n, fl_vec2 *buf, int room, fl_vec2 *moment)
{
    FL_ASSERT(cav);
    *moment = fl_v2(0.0, 0.0);
    fl_vec2 shift = fl_sub(vessel->position, inside->position);
    double area = 0.0;
    for (int k = 0; k < cav->count; k++)
        area += clip_to_convex(p, n, cav->verts + cav->start[k], cav->start[k + 1] - cav->start[k],
                               vessel->rot, shift, buf, room, moment);
    return area;
}

int hold_most_edges(const fl_hold *cav)
{
    int most = 0;
    for (int k = 0; k < cav->count; k++)
        most = cav->start[k + 1] - cav->start[k] > most ? cav->start[k + 1] - cav->start[k] : most;
    return most;
}
