/* A hold divided by bulkheads: its compartments, each the part of the hold
 * inside a region of the body, with water of its own lying level. A region
 * is split into convex pieces once, when it is added, and each piece clips
 * the hull and the outline (Sutherland-Hodgman: a concave subject's clip
 * may have zero-width edges, its area and first moment are still exact).
 * The space under a level is then the hull's clips under it less the
 * outline's: half-plane clips and shoelace sums, in the body's frame, with
 * gravity's direction turned into it. */
#include <math.h>
#include <string.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_world.h"
#include "fail.h"
#include "module.h"

/* The half-plane inside the edge p -> q of a convex polygon of positive
 * winding. */
static fl_halfplane inside_edge(fl_vec2 p, fl_vec2 q)
{
    fl_vec2 d = fl_sub(q, p);
    fl_vec2 n = fl_v2(-d.y, d.x);
    return (fl_halfplane){n, fl_dot(n, p)};
}

/* poly[0..n) clipped by the convex piece[0..m) into a new allocation
 * (*out, NULL when nothing is left); its count, or -1 out of memory. */
static int clip_by_piece(fl_world *w, const fl_vec2 *poly, int n, const fl_vec2 *piece, int m,
                         fl_vec2 **out)
{
    *out = NULL;
    int room = n;
    for (int e = 0; e < m; e++)
        room = FL_CLIP_MAX_OUT(room);
    fl_vec2 *a = fl_world_alloc(w, sizeof *a * (size_t)room);
    fl_vec2 *b = fl_world_alloc(w, sizeof *b * (size_t)room);
    if (!a || !b) {
        fl_world_free(w, a);
        fl_world_free(w, b);
        return -1;
    }
    memcpy(a, poly, sizeof *a * (size_t)n);
    int count = n;
    for (int e = 0; e < m && count >= 3; e++) {
        count = fl_clip_halfplane(a, count, inside_edge(piece[e], piece[(e + 1) % m]), b);
        fl_vec2 *t = a;
        a = b;
        b = t;
    }
    fl_world_free(w, b);
    if (count < 3) {
        fl_world_free(w, a);
        return 0;
    }
    *out = a;
    return count;
}

/* The area of poly[0..n) inside the convex piece[0..m), and its moment. */
static double area_in_piece(const fl_vec2 *poly, int n, const fl_vec2 *piece, int m)
{
    fl_vec2 buf[2][FL_CLIP_MAX_OUT(FL_CLIP_MAX_OUT(FL_COMPARTMENT_MAX_POINTS)) * 4];
    if (n > FL_COMPARTMENT_MAX_POINTS)
        return NAN;
    memcpy(buf[0], poly, sizeof *poly * (size_t)n);
    int count = n, at = 0;
    for (int e = 0; e < m && count >= 3; e++) {
        if (FL_CLIP_MAX_OUT(count) > (int)(sizeof buf[0] / sizeof buf[0][0]))
            return NAN;
        count = fl_clip_halfplane(buf[at], count, inside_edge(piece[e], piece[(e + 1) % m]),
                                  buf[1 - at]);
        at = 1 - at;
    }
    return count >= 3 ? fabs(fl_polygon_signed_area(buf[at], count)) : 0.0;
}

double compartment_area_under(const hold_compartment *k, fl_vec2 down_b, double level,
                              fl_vec2 *moment)
{
    fl_halfplane under = {down_b, level};
    double area = 0.0;
    fl_vec2 m = {0.0, 0.0};
    for (int p = 0; p < k->piece_count; p++) {
        const int *hs = k->hull_start, *ss = k->solid_start;
        fl_vec2 ch = {0.0, 0.0}, cs = {0.0, 0.0};
        double ah = hs[p + 1] - hs[p] >= 3
                        ? fl_clip_halfplane_area(k->hull + hs[p], hs[p + 1] - hs[p], under, &ch)
                        : 0.0;
        double as = ss[p + 1] - ss[p] >= 3
                        ? fl_clip_halfplane_area(k->solid + ss[p], ss[p + 1] - ss[p], under, &cs)
                        : 0.0;
        ah = ah > 0.0 ? ah : 0.0;
        as = as > 0.0 ? as : 0.0;
        area += ah - as;
        m = fl_add(m, fl_sub(fl_scale(ch, ah), fl_scale(cs, as)));
    }
    if (moment)
        *moment = m;
    return area;
}

double hold_main_area_under(const fl_hold *c, const fl_body *b, fl_vec2 down_b, double level,
                            fl_vec2 *moment)
{
    fl_vec2 m;
    double area = fl_hold_area_under(b->hull, b->hull_count, b->verts, b->vert_count, down_b,
                                     level, &m);
    for (int k = 0; k < c->compartment_count; k++) {
        fl_vec2 mk;
        area -= compartment_area_under(c->compartments[k], down_b, level, &mk);
        m = fl_sub(m, mk);
    }
    if (moment)
        *moment = m;
    return area;
}

double hold_space_area_under(const fl_hold *c, int s, const fl_body *b, fl_vec2 down_b,
                             double level, fl_vec2 *moment)
{
    return s == HOLD_MAIN ? hold_main_area_under(c, b, down_b, level, moment)
                          : compartment_area_under(c->compartments[s], down_b, level, moment);
}

typedef struct space_ctx {
    const fl_hold *c;
    const fl_body *b;
    int s;
    fl_vec2 down_b;
} space_ctx;

static double space_area(void *ctx, double level)
{
    const space_ctx *x = ctx;
    return hold_space_area_under(x->c, x->s, x->b, x->down_b, level, NULL);
}

bool hold_space_water(const fl_hold *c, int s, const fl_body *b, fl_vec2 down, double water,
                      fl_hold_water *out)
{
    if (!(water > 0.0))
        return false;
    fl_vec2 down_b = fl_unrotate(b->rot, down);
    /* The space's reach along down: the hull's (the main space), or its
     * pieces'. */
    const fl_vec2 *v = b->hull;
    int n = b->hull_count;
    if (s != HOLD_MAIN) {
        v = c->compartments[s]->hull;
        n = c->compartments[s]->hull_start[c->compartments[s]->piece_count];
    }
    double top = INFINITY, bottom = -INFINITY;
    for (int i = 0; i < n; i++) {
        double d = fl_dot(down_b, v[i]);
        top = fmin(top, d);
        bottom = fmax(bottom, d);
    }
    if (!(top <= bottom))
        return false;
    fl_vec2 moment;
    double room = hold_space_area_under(c, s, b, down_b, top, &moment);
    if (!(room > 0.0))
        return false;
    double level = top, held = room;
    if (water < room) {
        space_ctx x = {c, b, s, down_b};
        level = hold_level_for(space_area, &x, top, bottom, water);
        held = hold_space_area_under(c, s, b, down_b, level, &moment);
    }
    if (!(held > 1e-9 * room))
        return false;
    fl_vec2 centroid = fl_rotate(b->rot, fl_scale(moment, 1.0 / held));
    *out = (fl_hold_water){fmin(water, room), centroid, level, room};
    return true;
}

bool compartment_water(const fl_hold *c, int k, const fl_body *b, fl_vec2 down,
                       fl_hold_water *out)
{
    return hold_space_water(c, k, b, down, c->compartments[k]->water, out);
}

void compartments_weigh(const fl_hold *c, const fl_body *b, fl_vec2 down, double *mass,
                        double *inertia, fl_vec2 *moment)
{
    for (int k = 0; k < c->compartment_count; k++) {
        hold_compartment *q = c->compartments[k];
        fl_hold_water in;
        if (!compartment_water(c, k, b, down, &in))
            continue;
        q->water = in.area; /* never more than its room */
        double m = q->water_density * in.area;
        *mass += m;
        *inertia += m * fl_dot(in.centroid, in.centroid);
        *moment = fl_add(*moment, fl_scale(in.centroid, m));
    }
}

/* ---- the spaces each opening joins ---- */

/* The distance from p to the polygon's boundary, and whether p is inside
 * it (crossing count). */
static double boundary_distance(const fl_vec2 *v, int n, fl_vec2 p, bool *inside)
{
    double best = INFINITY;
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        fl_vec2 a = v[j], z = v[i], d = fl_sub(z, a);
        double len2 = fl_dot(d, d);
        double t = len2 > 0.0 ? fmin(fmax(fl_dot(fl_sub(p, a), d) / len2, 0.0), 1.0) : 0.0;
        best = fmin(best, fl_length(fl_sub(p, fl_add(a, fl_scale(d, t)))));
        if ((a.y > p.y) != (z.y > p.y) && p.x < a.x + (p.y - a.y) * d.x / d.y)
            in = !in;
    }
    *inside = in;
    return best;
}

bool hold_sort_openings(fl_world *w, fl_hold *c, const fl_body *b)
{
    if (c->compartment_count == 0)
        return true;
    int *grown = fl_world_grow(w, c->sides, &c->side_capacity, 2 * c->opening_count + 2,
                               sizeof *grown);
    if (!grown)
        return false;
    c->sides = grown;
    double tol = 1e-6 * fmax(b->hull_radius, 1e-300);
    for (int o = 0; o < c->opening_count; o++) {
        fl_vec2 mid = fl_lerp(c->openings[2 * o], c->openings[2 * o + 1], 0.5);
        bool in;
        bool on_hull = boundary_distance(b->hull, b->hull_count, mid, &in) <= tol;
        int found[2] = {HOLD_MAIN, HOLD_MAIN}, n = 0;
        for (int k = 0; k < c->compartment_count && n < 2; k++) {
            const hold_compartment *q = c->compartments[k];
            if (boundary_distance(q->points, q->point_count, mid, &in) <= tol || in)
                found[n++] = k;
        }
        /* On the hull: the space inside to the sea. Inside it: the two
         * spaces either side of the bulkhead (one and the rest of the hold
         * when only one region touches it). */
        c->sides[2 * o] = found[0];
        c->sides[2 * o + 1] = on_hull ? HOLD_SEA : found[1];
    }
    return true;
}

/* ---- made, copied and freed with the hold ---- */

void compartment_free(fl_world *w, hold_compartment *k)
{
    if (!k)
        return;
    fl_world_free(w, k->hull);
    fl_world_free(w, k->solid);
    fl_world_free(w, k->hull_start);
    fl_world_free(w, k->solid_start);
    fl_world_free(w, k);
}

static void *copy_of(fl_world *w, const void *from, size_t size, bool *ok)
{
    if (!from || size == 0)
        return NULL;
    void *to = fl_world_alloc(w, size);
    if (to)
        memcpy(to, from, size);
    else
        *ok = false;
    return to;
}

hold_compartment *compartment_copy(fl_world *w, const hold_compartment *k)
{
    hold_compartment *c = fl_world_alloc(w, sizeof *c);
    if (!c)
        return NULL;
    *c = *k;
    bool ok = true;
    size_t starts = sizeof(int) * (size_t)(k->piece_count + 1);
    c->hull_start = copy_of(w, k->hull_start, starts, &ok);
    c->solid_start = copy_of(w, k->solid_start, starts, &ok);
    c->hull = copy_of(w, k->hull, sizeof(fl_vec2) * (size_t)k->hull_start[k->piece_count], &ok);
    c->solid = copy_of(w, k->solid, sizeof(fl_vec2) * (size_t)k->solid_start[k->piece_count], &ok);
    if (!ok) {
        compartment_free(w, c);
        return NULL;
    }
    return c;
}

/* Appends poly[0..n) to the pieces' list (*list, *count points). */
static bool append(fl_world *w, fl_vec2 **list, int *count, int *capacity, const fl_vec2 *poly,
                   int n)
{
    fl_vec2 *grown = fl_world_grow(w, *list, capacity, *count + n + 1, sizeof *grown);
    if (!grown)
        return false;
    *list = grown;
    if (n > 0)
        memcpy(grown + *count, poly, sizeof *poly * (size_t)n);
    *count += n;
    return true;
}

/* The region's pieces clip the hull and the outline into k. */
static fl_status make_space(fl_world *w, const fl_body *b, hold_compartment *k,
                            const fl_vec2 *pieces, const int *starts, int count)
{
    k->piece_count = count;
    k->hull_start = fl_world_alloc(w, sizeof(int) * (size_t)(count + 1));
    k->solid_start = fl_world_alloc(w, sizeof(int) * (size_t)(count + 1));
    if (!k->hull_start || !k->solid_start)
        return FL_ENOMEM;
    int nh = 0, ns = 0, ch = 0, cs = 0;
    for (int p = 0; p < count; p++) {
        const fl_vec2 *piece = pieces + starts[p];
        int m = starts[p + 1] - starts[p];
        k->hull_start[p] = nh;
        k->solid_start[p] = ns;
        fl_vec2 *h, *s;
        int hn = clip_by_piece(w, b->hull, b->hull_count, piece, m, &h);
        int sn = clip_by_piece(w, b->verts, b->vert_count, piece, m, &s);
        bool ok = hn >= 0 && sn >= 0 && append(w, &k->hull, &nh, &ch, h, hn) &&
                  append(w, &k->solid, &ns, &cs, s, sn);
        fl_world_free(w, h);
        fl_world_free(w, s);
        if (!ok)
            return FL_ENOMEM;
    }
    k->hull_start[count] = nh;
    k->solid_start[count] = ns;
    return FL_OK;
}

fl_status hold_add_compartment(fl_world *w, fl_hold *c, const fl_body *b,
                               const fl_compartment_def *def, fl_error *err)
{
    int n = def->point_count;
    if (!def->points || n < 3 || n > FL_COMPARTMENT_MAX_POINTS)
        return fail_with(err, FL_EINVAL, "a compartment needs 3 to %d points",
                         FL_COMPARTMENT_MAX_POINTS);
    if (c->compartment_count >= FL_HOLD_MAX_COMPARTMENTS)
        return fail_with(err, FL_EINVAL, "a hold has at most %d compartments",
                         FL_HOLD_MAX_COMPARTMENTS);
    fl_vec2 region[FL_COMPARTMENT_MAX_POINTS];
    bool reverse = fl_polygon_signed_area(def->points, n) < 0.0;
    for (int i = 0; i < n; i++) {
        region[i] = def->points[reverse ? n - 1 - i : i];
        if (!isfinite(region[i].x) || !isfinite(region[i].y))
            return fail_with(err, FL_EINVAL, "a compartment's points must be finite");
    }
    double area = fl_polygon_signed_area(region, n);
    if (!fl_polygon_is_simple(region, n) || !(area > 0.0))
        return fail_with(err, FL_EINVAL, "a compartment must be a simple polygon with an area");
    if (!isfinite(def->water) || def->water < 0.0 || !isfinite(def->water_density) ||
        (def->water > 0.0 && !(def->water_density > 0.0)))
        return fail_with(err, FL_EINVAL, "water in a compartment needs an area >= 0 and a density > 0");
    fl_vec2 pieces[3 * FL_COMPARTMENT_MAX_POINTS];
    int starts[FL_COMPARTMENT_MAX_POINTS];
    int count = fl_convex_decompose(region, n, pieces, starts);
    if (count < 1)
        return fail_with(err, FL_EINVAL, "a compartment must be a simple polygon with an area");
    /* Inside the hull, and clear of the other compartments (to rounding). */
    double tol = 1e-9 * area;
    for (int q = 0; q < c->compartment_count; q++) {
        const hold_compartment *o = c->compartments[q];
        double shared = 0.0;
        for (int p = 0; p < count; p++)
            shared += area_in_piece(o->points, o->point_count, pieces + starts[p],
                                    starts[p + 1] - starts[p]);
        if (!(shared <= tol))
            return fail_with(err, FL_EINVAL, "compartments may not overlap (this one overlaps "
                                             "compartment %d by %g m^2)", q + 1, shared);
    }
    hold_compartment *k = fl_world_alloc(w, sizeof *k);
    if (!k)
        return fail_with(err, FL_ENOMEM, "out of memory adding a compartment");
    memset(k, 0, sizeof *k);
    k->point_count = n;
    memcpy(k->points, region, sizeof *region * (size_t)n);
    fl_status st = make_space(w, b, k, pieces, starts, count);
    if (st != FL_OK) {
        compartment_free(w, k);
        return fail_with(err, st, "out of memory adding a compartment");
    }
    double in_hull = 0.0;
    for (int p = 0; p < count; p++) {
        int hs = k->hull_start[p], he = k->hull_start[p + 1];
        if (he - hs >= 3)
            in_hull += fabs(fl_polygon_signed_area(k->hull + hs, he - hs));
    }
    if (!(in_hull >= area - tol)) {
        compartment_free(w, k);
        return fail_with(err, FL_EINVAL, "a compartment must lie inside the hull (%g m^2 of it "
                                         "is outside)", area - in_hull);
    }
    double solid = 0.0;
    for (int p = 0; p < count; p++) {
        int ss = k->solid_start[p], se = k->solid_start[p + 1];
        if (se - ss >= 3)
            solid += fabs(fl_polygon_signed_area(k->solid + ss, se - ss));
    }
    k->room = in_hull - solid;
    if (def->water > k->room * (1.0 + 1e-12)) {
        double room = k->room;
        compartment_free(w, k);
        return fail_with(err, FL_EINVAL, "%g m^2 of water does not fit in the compartment "
                                         "(%g m^2)", def->water, room);
    }
    hold_compartment **grown = fl_world_alloc(w, sizeof *grown * (size_t)(c->compartment_count + 1));
    int *sides = fl_world_grow(w, c->sides, &c->side_capacity, 2 * c->opening_count + 2,
                               sizeof *sides);
    if (sides)
        c->sides = sides;
    if (!grown || !sides) {
        fl_world_free(w, grown);
        compartment_free(w, k);
        return fail_with(err, FL_ENOMEM, "out of memory adding a compartment");
    }
    if (c->compartment_count > 0)
        memcpy(grown, c->compartments, sizeof *grown * (size_t)c->compartment_count);
    fl_world_free(w, c->compartments);
    c->compartments = grown;
    c->compartments[c->compartment_count++] = k;
    k->water = fmin(def->water, k->room);
    k->water_density = k->water > 0.0 ? def->water_density : 0.0;
    bool sorted = hold_sort_openings(w, c, b); /* its room was made above */
    FL_ASSERT(sorted);
    (void)sorted;
    return FL_OK;
}
