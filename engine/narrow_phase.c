#include "narrow_phase.h"
#include "flotsam/fl_math.h"

/* The edges of a that must not be the reference face against b: a's own
 * covered edges (covered_a: no surface), and any edge of a facing within
 * 60 degrees against a covered edge of b (covered_b), which would push b
 * out through that edge just the same. All of them: none is skipped. */
static uint64_t skipped_edges(const fl_poly *a, uint64_t covered_a, const fl_poly *b,
                              uint64_t covered_b)
{
    uint64_t skip = covered_a;
    for (int k = 0; covered_b && k < b->count && k < FL_COVER_EDGES; k++) {
        if (!(covered_b >> k & 1))
            continue;
        for (int i = 0; i < a->count && i < FL_COVER_EDGES; i++)
            if (fl_dot(a->n[i], b->n[k]) < -0.5)
                skip |= 1ull << i;
    }
    uint64_t every = a->count >= FL_COVER_EDGES ? ~0ull : (1ull << a->count) - 1;
    if (a->count <= FL_COVER_EDGES && skip == every)
        skip = 0;
    return skip;
}

/* The largest separation of b from a over a's edge normals: how far b lies
 * outside a's face `*edge` (negative when they overlap on every axis).
 * Every vertex against every axis, without early exits: the loops are
 * short, and their branches would cost more than the products they save
 * (a third of the time of a typical pair). Edges in `skip` are left out. */
static double max_separation(const fl_poly *a, const fl_poly *b, uint64_t skip, int *edge)
{
    double best = -INFINITY;
    int best_edge = 0;
    for (int i = 0; i < a->count; i++) {
        if (i < FL_COVER_EDGES && (skip >> i & 1))
            continue;
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

/* The points of the incident face of inc against ref's face `edge` (the
 * normal turned round if `flip`); false when the incident face, trimmed to
 * the reference face's extent, keeps fewer than two. */
static bool face_manifold(const fl_poly *ref, const fl_poly *inc, int edge, bool flip,
                          double margin, fl_manifold *m)
{
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
        return false;
    if (clip_segment(c1, c2, t, fl_dot(t, v2), ID_SIDE2) < 2)
        return false;

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
    return true;
}

void fl_collide_polygons(const fl_poly *a, const fl_poly *b, double margin, fl_manifold *m)
{
    collide_parts(a, 0, b, 0, margin, m);
}

/* As fl_collide_polygons, with the edges of a and b marked in covered_a
 * and covered_b (bit i: edge i) no surface: see narrow_phase.h. */
void collide_parts(const fl_poly *a, uint64_t covered_a, const fl_poly *b, uint64_t covered_b,
                      double margin, fl_manifold *m)
{
    m->count = 0;
    int edge_a, edge_b;
    double sep_a = max_separation(a, b, 0, &edge_a);
    if (sep_a > margin)
        return;
    double sep_b = max_separation(b, a, 0, &edge_b);
    if (sep_b > margin)
        return;
    if (covered_a || covered_b) {
        /* A covered edge is no surface: what lies past it is inside
         * another unmovable part, and a body pushed out through it would
         * be pushed into that part (a body caught between a wall's foot
         * and the floor under it was held there, pressed up by the floor
         * and down by the wall, and crept into the wall). Apart, and
         * apart most along one of its own covered edges, a part does not
         * touch the other: what lies past it is the other part's to hold.
         * Overlapping, the reference face is one of the other edges. */
        uint64_t skip_a = skipped_edges(a, covered_a, b, covered_b);
        uint64_t skip_b = skipped_edges(b, covered_b, a, covered_a);
        bool on_a = sep_a >= sep_b;
        int edge = on_a ? edge_a : edge_b;
        uint64_t skip = on_a ? skip_a : skip_b;
        uint64_t own = on_a ? covered_a : covered_b;
        if (fl_max(sep_a, sep_b) > 0.0 && edge < FL_COVER_EDGES && (skip >> edge & 1) &&
            (own >> edge & 1))
            return;
        sep_a = max_separation(a, b, skip_a, &edge_a);
        sep_b = max_separation(b, a, skip_b, &edge_b);
    }

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
    if (face_manifold(ref, inc, edge, flip, margin, m) || !(covered_a || covered_b))
        return;
    /* A face chosen past the skipped ones may not reach the other part:
     * then the other part's best face, and failing that the choice with
     * every edge a surface. */
    if (face_manifold(flip ? a : b, flip ? b : a, flip ? edge_a : edge_b, !flip, margin, m))
        return;
    m->count = 0;
    collide_parts(a, 0, b, 0, margin, m);
}
