#include "flotsam/fl_collide.h"

/* The largest separation of b from a over a's edge normals: how far b lies
 * outside a's face `*edge` (negative when they overlap on every axis).
 * Every vertex against every axis, without early exits: the loops are
 * short, and their branches would cost more than the products they save
 * (a third of the time of a typical pair). */
static double max_separation(const fl_poly *a, const fl_poly *b, int *edge)
{
    double best = -INFINITY;
    int best_edge = 0;
    for (int i = 0; i < a->count; i++) {
        fl_vec2 n = a->n[i];
        double deepest = INFINITY;
        for (int j = 0; j < b->count; j++)
            deepest = fl_min(deepest, fl_dot(n, b->v[j]));
        /* Taken about the world origin rather than a's vertex: off by a
         * few ulps of the coordinates, 1e-6 m even 1e9 m out, far below
         * the slop; it only picks the axis (the points are measured
         * below, about the face). */
        deepest -= fl_dot(n, a->v[i]);
        best_edge = deepest > best ? i : best_edge;
        best = fl_max(best, deepest);
    }
    *edge = best_edge;
    return best;
}

/* The edge of `inc` whose normal is most nearly opposite to `n`. */
static int incident_edge(const fl_poly *inc, fl_vec2 n)
{
    int best = 0;
    double lowest = INFINITY;
    for (int i = 0; i < inc->count; i++) {
        double d = fl_dot(n, inc->n[i]);
        if (d < lowest) {
            lowest = d;
            best = i;
        }
    }
    return best;
}

typedef struct clip_vertex {
    fl_vec2 p;
    uint32_t id;
} clip_vertex;

/* Keeps the part of segment in[0..1] where dot(t, p) <= limit; a point made
 * by the cut is named after the side plane `side`. Returns the points kept. */
static int clip_segment(const clip_vertex in[2], clip_vertex out[2], fl_vec2 t, double limit,
                        uint32_t side)
{
    int n = 0;
    double d0 = fl_dot(t, in[0].p) - limit, d1 = fl_dot(t, in[1].p) - limit;
    if (d0 <= 0.0)
        out[n++] = in[0];
    if (d1 <= 0.0)
        out[n++] = in[1];
    if (d0 * d1 < 0.0) {
        clip_vertex c;
        c.p = fl_lerp(in[0].p, in[1].p, d0 / (d0 - d1));
        c.id = (d0 > 0.0 ? in[0].id : in[1].id) | side;
        out[n++] = c;
    }
    return n;
}

/* Feature ids: the reference edge, the incident vertex, which side plane cut
 * it (if any), and whether A and B swapped roles. */
#define ID_REF(e) ((uint32_t)(e) & 0xffu)
#define ID_INC(v) (((uint32_t)(v) & 0xffu) << 8)
#define ID_SIDE1 (1u << 16)
#define ID_SIDE2 (2u << 16)
#define ID_FLIP (1u << 24)

void fl_collide_polygons(const fl_poly *a, const fl_poly *b, double margin, fl_manifold *m)
{
    m->count = 0;
    int edge_a, edge_b;
    double sep_a = max_separation(a, b, &edge_a);
    if (sep_a > margin)
        return;
    double sep_b = max_separation(b, a, &edge_b);
    if (sep_b > margin)
        return;

    /* Prefer A's face unless B's is clearly better, so that the choice does
     * not flicker between nearly equal axes from step to step. */
    const fl_poly *ref = a, *inc = b;
    int edge = edge_a;
    bool flip = false;
    if (sep_b > sep_a + 0.1 * FL_LINEAR_SLOP) {
        ref = b;
        inc = a;
        edge = edge_b;
        flip = true;
    }
    fl_vec2 n = ref->n[edge];
    fl_vec2 v1 = ref->v[edge], v2 = ref->v[(edge + 1) % ref->count];
    int ie = incident_edge(inc, n);
    int ie2 = (ie + 1) % inc->count;
    clip_vertex seg[2] = {{inc->v[ie], ID_REF(edge) | ID_INC(ie)},
                          {inc->v[ie2], ID_REF(edge) | ID_INC(ie2)}};

    /* Trim the incident edge to the reference face's extent along it. */
    fl_vec2 t = fl_sub(v2, v1);
    t = fl_scale(t, 1.0 / fl_length(t));
    clip_vertex c1[2], c2[2];
    if (clip_segment(seg, c1, fl_neg(t), -fl_dot(t, v1), ID_SIDE1) < 2)
        return;
    if (clip_segment(c1, c2, t, fl_dot(t, v2), ID_SIDE2) < 2)
        return;

    m->normal = flip ? fl_neg(n) : n;
    for (int i = 0; i < 2; i++) {
        double s = fl_dot(n, fl_sub(c2[i].p, v1));
        if (s > margin)
            continue;
        fl_manifold_point *mp = &m->points[m->count++];
        mp->separation = s;
        mp->point = fl_sub(c2[i].p, fl_scale(n, 0.5 * s));
        mp->id = c2[i].id | (flip ? ID_FLIP : 0u);
    }
}
