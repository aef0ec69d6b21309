/* Picking a body: a crossing test in the body's own frame. */
#include "picking.h"

bool picking_holds(const fl_vec2 *v, int n, fl_vec2 p)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if ((v[i].y > p.y) != (v[j].y > p.y) &&
            p.x < v[j].x + (p.y - v[j].y) * (v[i].x - v[j].x) / (v[i].y - v[j].y))
            in = !in;
    return in;
}

bool picking_body_holds(fl_body_id b, fl_vec2 p, bool hull)
{
    fl_vec2 local = fl_unrotate(fl_body_rot(b), fl_sub(p, fl_body_position(b)));
    if (hull) {
        int n;
        const fl_vec2 *h = fl_body_hull(b, &n);
        return fl_body_has_own_hull(b) && picking_holds(h, n, local);
    }
    return picking_holds(fl_body_outline(b, NULL), fl_body_vertex_count(b), local);
}

int picking_body_at(const fl_world *w, fl_vec2 p, bool dynamic_only)
{
    for (int i = fl_world_body_count(w) - 1; i >= 0; i--) {
        fl_body_id b = fl_world_body(w, i);
        if (dynamic_only && fl_body_is_static(b))
            continue;
        if (picking_body_holds(b, p, false))
            return i;
    }
    return -1;
}
