/* Convex decomposition: ear clipping, then Hertel–Mehlhorn merging.
 *
 * The triangulation is kept as "corners": every triangle contributes three
 * corners (one per vertex), linked into a cycle in positive winding. A corner
 * also names the directed edge that leaves it. Merging two pieces across a
 * diagonal splices their two cycles and drops the two corners whose edges
 * were the diagonal, so every other corner keeps naming the same edge. */
#include "flotsam/fl_decompose.h"

#include <stdbool.h>

#include "flotsam/fl_polygon.h"

#define MAX_TRIANGLES (FL_DECOMPOSE_MAX - 2)
#define MAX_CORNERS (3 * MAX_TRIANGLES)

/* What is left of the polygon while ears are cut off: a cyclic list of
 * vertex indices. across[i] is the corner on the far side of the edge from i
 * to next[i] when that edge is a diagonal, or -1 for an edge of the input. */
typedef struct ring {
    int next[FL_DECOMPOSE_MAX];
    int prev[FL_DECOMPOSE_MAX];
    int across[FL_DECOMPOSE_MAX];
    int count;
} ring;

/* The pieces as cycles of corners. */
typedef struct corners {
    int vert[MAX_CORNERS];
    int next[MAX_CORNERS];
    int prev[MAX_CORNERS];
    bool alive[MAX_CORNERS];
    int count;
} corners;

/* The diagonals, each as the two corners that start it, one in each piece. */
typedef struct diagonals {
    int a[MAX_TRIANGLES];
    int b[MAX_TRIANGLES];
    int count;
} diagonals;

/* Sign of the turn a -> b -> c: 1 left (positive cross), -1 right, 0 in line.
 * The same test as fl_polygon_is_convex uses, so that every piece accepted
 * here passes it: the two products are compared, not subtracted. */
static int orient(fl_vec2 a, fl_vec2 b, fl_vec2 c)
{
    double l = (b.x - a.x) * (c.y - a.y), r = (b.y - a.y) * (c.x - a.x);
    return (l > r) - (l < r);
}

/* p lies in the closed triangle abc (abc in positive winding). */
static bool in_closed_triangle(fl_vec2 a, fl_vec2 b, fl_vec2 c, fl_vec2 p)
{
    return orient(a, b, p) >= 0 && orient(b, c, p) >= 0 && orient(c, a, p) >= 0;
}

/* The input is usable: finite, simple, positive winding. */
static bool valid_input(const fl_vec2 *v, int n)
{
    if (!v || n < 3 || n > FL_DECOMPOSE_MAX)
        return false;
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i].x) || !isfinite(v[i].y))
            return false;
    return fl_polygon_is_simple(v, n) && fl_polygon_signed_area(v, n) > 0.0;
}

static void ring_init(ring *r, int n)
{
    for (int i = 0; i < n; i++) {
        r->next[i] = (i + 1) % n;
        r->prev[i] = (i + n - 1) % n;
        r->across[i] = -1;
    }
    r->count = n;
}

/* Vertex e of the ring is an ear: a strict left turn whose closed triangle
 * holds no other remaining vertex, not even on its sides. Vertices in line
 * with their neighbours (zero-area ears) are never ears. */
static bool is_ear(const fl_vec2 *v, const ring *r, int e)
{
    int p = r->prev[e], q = r->next[e];
    if (orient(v[p], v[e], v[q]) <= 0)
        return false;
    for (int w = r->next[q]; w != p; w = r->next[w])
        if (in_closed_triangle(v[p], v[e], v[q], v[w]))
            return false;
    return true;
}

/* The first ear of the ring from vertex `start` on, or -1 if there is none.
 * (Preferring well-shaped ears was tried: it does not lower the piece count
 * after merging.) */
static int find_ear(const fl_vec2 *v, const ring *r, int start)
{
    int e = start;
    for (int k = 0; k < r->count; k++, e = r->next[e])
        if (is_ear(v, r, e))
            return e;
    return -1;
}

/* Appends triangle (a, b, c), positive winding, and returns its first corner;
 * the corners of b and c follow it. */
static int add_triangle(corners *c, int a, int b, int cc)
{
    int k = c->count;
    int vs[3] = {a, b, cc};
    for (int i = 0; i < 3; i++) {
        c->vert[k + i] = vs[i];
        c->next[k + i] = k + (i + 1) % 3;
        c->prev[k + i] = k + (i + 2) % 3;
        c->alive[k + i] = true;
    }
    c->count += 3;
    return k;
}

/* If the ring edge from vertex i is a diagonal, pairs it with `corner`, which
 * starts the same edge on the near side. */
static void pair_edge(const ring *r, int i, int corner, diagonals *d)
{
    if (r->across[i] < 0)
        return;
    d->a[d->count] = corner;
    d->b[d->count] = r->across[i];
    d->count++;
}

/* Cuts ear e off the ring as a new triangle. */
static void clip_ear(ring *r, int e, corners *c, diagonals *d)
{
    int p = r->prev[e], q = r->next[e];
    int k = add_triangle(c, p, e, q);
    pair_edge(r, p, k, d);     /* edge p -> e */
    pair_edge(r, e, k + 1, d); /* edge e -> q */
    r->next[p] = q;
    r->prev[q] = p;
    r->across[p] = k + 2; /* the new edge p -> q; its far side is q -> p */
    r->count--;
}

/* Triangulates v into c, recording the diagonals in d. False if no ear can
 * be found (only possible for input that is not simple to rounding). */
static bool triangulate(const fl_vec2 *v, int n, corners *c, diagonals *d)
{
    ring r;
    ring_init(&r, n);
    c->count = 0;
    d->count = 0;
    int start = 0;
    while (r.count > 3) {
        int e = find_ear(v, &r, start);
        if (e < 0)
            return false;
        start = r.next[e];
        clip_ear(&r, e, c, d);
    }
    int a = start, b = r.next[a], cc = r.next[b];
    if (orient(v[a], v[b], v[cc]) <= 0)
        return false;
    int k = add_triangle(c, a, b, cc);
    pair_edge(&r, a, k, d);
    pair_edge(&r, b, k + 1, d);
    pair_edge(&r, cc, k + 2, d);
    return true;
}

/* The corner turn p -> m -> q does not bend right: a left turn, or straight
 * on (a straight fold back would be a zero-width spike). */
static bool no_right_turn(fl_vec2 p, fl_vec2 m, fl_vec2 q)
{
    int o = orient(p, m, q);
    return o > 0 || (o == 0 && fl_dot(fl_sub(m, p), fl_sub(q, m)) > 0.0);
}

/* Merges the two pieces on either side of a diagonal when their union is
 * convex. ca starts edge a -> b in one piece, db starts b -> a in the other;
 * only the turns at a and b change, every other corner stays convex. */
static void try_merge(const fl_vec2 *v, corners *c, int ca, int db)
{
    int cb = c->next[ca], da = c->next[db];
    int pa = c->prev[ca], pb = c->prev[db];
    fl_vec2 a = v[c->vert[ca]], b = v[c->vert[db]];
    if (!no_right_turn(v[c->vert[pa]], a, v[c->vert[c->next[da]]]) ||
        !no_right_turn(v[c->vert[pb]], b, v[c->vert[c->next[cb]]]))
        return;
    c->next[pa] = da;
    c->prev[da] = pa;
    c->next[pb] = cb;
    c->prev[cb] = pb;
    c->alive[ca] = false;
    c->alive[db] = false;
}

/* Writes the piece through corner k (marking its corners used), leaving out
 * vertices exactly in line with their neighbours. Returns its vertex count. */
static int emit_piece(const fl_vec2 *v, corners *c, int k, fl_vec2 *out)
{
    int m = 0, i = k;
    do {
        fl_vec2 p = v[c->vert[c->prev[i]]], q = v[c->vert[c->next[i]]];
        if (orient(p, v[c->vert[i]], q) != 0)
            out[m++] = v[c->vert[i]];
        c->alive[i] = false;
        i = c->next[i];
    } while (i != k);
    return m;
}

/* Writes every piece, in the order of their lowest corners. */
static int emit_pieces(const fl_vec2 *v, corners *c, fl_vec2 *out, int *starts)
{
    int pieces = 0, total = 0;
    for (int k = 0; k < c->count; k++) {
        if (!c->alive[k])
            continue;
        starts[pieces++] = total;
        total += emit_piece(v, c, k, out + total);
    }
    starts[pieces] = total;
    return pieces;
}

int fl_convex_decompose(const fl_vec2 *v, int n, fl_vec2 *out, int *starts)
{
    if (!valid_input(v, n))
        return -1;
    if (fl_polygon_is_convex(v, n)) {
        for (int i = 0; i < n; i++)
            out[i] = v[i];
        starts[0] = 0;
        starts[1] = n;
        return 1;
    }
    corners c;
    diagonals d;
    if (!triangulate(v, n, &c, &d))
        return -1;
    for (int i = 0; i < d.count; i++)
        try_merge(v, &c, d.a[i], d.b[i]);
    return emit_pieces(v, &c, out, starts);
}
