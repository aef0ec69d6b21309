/* Faces of unmovable parts that are no surface. A wall standing on the
 * floor has its foot on the floor's top face; two convex parts of one
 * concave static body share a seam. What lies past such an edge is solid,
 * so the narrow phase must never push a body out through it: a small body
 * pressed into the floor beside a wall, pushed up by the floor and down by
 * the wall's foot, was held between the two and crept into the wall.
 *
 * An edge is covered when both its ends, nudged out along its normal, lie
 * in another unmovable part that is no sensor and collides with all the
 * first one does. Found again only when bodies come or go or a static
 * body is moved (every step, if one is moved every step), not otherwise. */
#include "sort.h"
#include "world_state.h"

/* Whether x lies in the convex part (vertices v, normals n), within tol. */
static bool part_holds(const fl_vec2 *v, const fl_vec2 *n, int count, fl_vec2 x, double tol)
{
    for (int k = 0; k < count; k++)
        if (fl_dot(n[k], fl_sub(x, v[k])) > tol)
            return false;
    return true;
}

/* The edges of p lying against the inside of q. */
static uint64_t covered_by(const fl_world *w, const fl_proxy *p, const fl_proxy *q)
{
    const fl_vec2 *pv = w->geom + 2 * p->first, *pn = pv + p->count;
    const fl_vec2 *qv = w->geom + 2 * q->first, *qn = qv + q->count;
    uint64_t edges = 0;
    for (int e = 0; e < p->count && e < FL_COVER_EDGES; e++) {
        fl_vec2 a = pv[e], b = pv[(e + 1) % p->count];
        double size = fl_max(fl_max(fabs(a.x), fabs(a.y)), fl_max(fabs(b.x), fabs(b.y)));
        /* nudged out by a micrometre (more than rounding, at any size a
         * world has: a part's far side, beyond it, is never taken in) */
        double tol = 1e-9 * (1.0 + size);
        fl_vec2 out = fl_scale(pn[e], 1e-6 + 1e-12 * size);
        if (part_holds(qv, qn, q->count, fl_add(a, out), tol) &&
            part_holds(qv, qn, q->count, fl_add(b, out), tol))
            edges |= 1ull << e;
    }
    return edges;
}

/* By the left edges of their boxes (fattened by the step's margin, which
 * leaves room for rounding between neighbours that touch), then by key. */
static bool left_of(const void *ctx, int a, int b)
{
    const fl_proxy *p = ctx;
    if (p[a].box.lo.x != p[b].box.lo.x)
        return p[a].box.lo.x < p[b].box.lo.x;
    return p[a].key < p[b].key;
}

/* Whether q covers p's edges for whatever may touch p: q is solid (no
 * sensor) and collides with everything p collides with (a sensor, or a
 * static box other bodies pass through, lying against a wall's face made
 * it no surface, and a box thrown at the wall went through it). */
static bool covers_for_all(const fl_world *w, const fl_proxy *p, const fl_proxy *q)
{
    const fl_body *bp = w->bodies[p->body], *bq = w->bodies[q->body];
    return !bp->sensor && !bq->sensor && !(p->mask & ~q->mask) && !(p->category & ~q->category);
}

/* Whether the unmovable parts stand where they stood when their covered
 * edges were last found (bodies coming or going reset the keys, and say
 * so by shapes_changed). */
static bool covers_current(const fl_world *w)
{
    if (!w->covers_valid || w->shapes_changed)
        return false;
    for (int i = 0; i < w->cover_solid_count; i++) {
        const fl_cover *c = &w->covers[w->cover_solid[i]];
        const fl_body *b = w->bodies[c->body];
        if (b->removed || c->position.x != b->position.x || c->position.y != b->position.y ||
            c->angle != b->angle)
            return false;
    }
    return true;
}

/* Finds every unmovable part's covered edges, sweeping their boxes along x
 * (every pair whose boxes touch, however many there are). */
static fl_status find_covers(fl_world *w)
{
    int n = w->proxy_count, s = 0;
    fl_cover *c = fl_world_grow(w, w->covers, &w->cover_capacity, n, sizeof *c);
    if (!c)
        return FL_ENOMEM;
    w->covers = c;
    int *keys = fl_world_grow(w, w->cover_solid, &w->cover_solid_capacity, n, sizeof *keys);
    if (!keys)
        return FL_ENOMEM;
    w->cover_solid = keys;
    int *order = w->cover_order;
    for (int k = 0; k < n; k++) {
        const fl_proxy *p = &w->proxies[k];
        if (!p->is_static)
            continue; /* never read (cover_edges): its page need not be touched */
        const fl_body *b = w->bodies[p->body];
        bool solid = b->is_static && !b->removed;
        c[p->key] = (fl_cover){b->position, b->angle, 0, p->body, solid};
        if (solid)
            order[s++] = k;
    }
    sort_indices(order, order + n, s, left_of, w->proxies);
    for (int i = 0; i < s; i++) {
        const fl_proxy *p = &w->proxies[order[i]];
        keys[i] = p->key;
        fl_aabb pb = p->box;
        for (int j = i + 1; j < s; j++) {
            const fl_proxy *q = &w->proxies[order[j]];
            fl_aabb qb = q->box;
            if (qb.lo.x > pb.hi.x)
                break;
            if (qb.lo.y > pb.hi.y || qb.hi.y < pb.lo.y)
                continue;
            if (covers_for_all(w, p, q))
                c[p->key].edges |= covered_by(w, p, q);
            if (covers_for_all(w, q, p))
                c[q->key].edges |= covered_by(w, q, p);
        }
    }
    w->cover_solid_count = s;
    w->covers_valid = true;
    return FL_OK;
}

fl_status cover_update(fl_world *w)
{
    if (covers_current(w))
        return FL_OK;
    fl_status st = find_covers(w);
    if (st != FL_OK)
        w->covers_valid = false; /* the step stops here (FL_ENOMEM) */
    return st;
}

uint64_t cover_edges(const fl_world *w, const fl_proxy *p)
{
    if (!p->is_static || !w->covers_valid)
        return 0;
    const fl_cover *c = &w->covers[p->key];
    return c->solid ? c->edges : 0;
}

void cover_free(fl_world *w)
{
    fl_world_free(w, w->covers);
    fl_world_free(w, w->cover_solid);
    w->covers = NULL;
    w->cover_solid = NULL;
    w->cover_capacity = w->cover_solid_capacity = w->cover_solid_count = 0;
    w->covers_valid = false;
}
