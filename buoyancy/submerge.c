#include "submerge.h"
#include "flotsam/fl_decompose.h"

int submerge_room(int n)
{
    for (int i = 0; i < 4; i++)
        n = FL_CLIP_MAX_OUT(n);
    return n + 3 * 2 * NODES_PER_WAVE + 8;
}

int submerge_box_side(fl_halfplane h, fl_vec2 lo, fl_vec2 hi)
{
    fl_vec2 n = h.normal;
    double near = n.x * (n.x >= 0.0 ? lo.x : hi.x) + n.y * (n.y >= 0.0 ? lo.y : hi.y);
    double far = n.x * (n.x >= 0.0 ? hi.x : lo.x) + n.y * (n.y >= 0.0 ? hi.y : lo.y);
    return near >= h.offset ? 1 : far < h.offset ? -1 : 0;
}

void submerge_world_outline(const fl_body *body, fl_vec2 *out)
{
    for (int k = 0; k < body->hull_count; k++)
        out[k] = fl_add(body->position, fl_rotate(body->rot, body->hull[k]));
}

/* The outline turned into world orientation (about the centre of mass)
 * into `out`; returns how many of the half-planes cut its box, listed in
 * cuts, or -1 when the box is wholly outside one of them. */
void submerge_turn(const fl_body *body, fl_vec2 *out, fl_vec2 *lo_out, fl_vec2 *hi_out)
{
    fl_vec2 lo = {INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY};
    for (int k = 0; k < body->hull_count; k++) {
        fl_vec2 p = fl_rotate(body->rot, body->hull[k]);
        out[k] = p;
        lo = fl_v2(fl_min(lo.x, p.x), fl_min(lo.y, p.y));
        hi = fl_v2(fl_max(hi.x, p.x), fl_max(hi.y, p.y));
    }
    *lo_out = lo;
    *hi_out = hi;
}

static int turn_and_box(const fl_body *body, const fl_halfplane planes[4], fl_vec2 *out, int cuts[4])
{
    fl_vec2 lo, hi;
    submerge_turn(body, out, &lo, &hi);
    int ncut = 0;
    for (int i = 0; i < 4; i++) {
        int side = submerge_box_side(planes[i], lo, hi);
        if (side < 0)
            return -1;
        if (side == 0)
            cuts[ncut++] = i;
    }
    return ncut;
}

/* Where the circle around the fluid outline lies against the half-planes:
 * 1 wholly inside, -1 wholly outside one of them, 0 across an edge. Every
 * point of the outline is within hull_radius of the centre of mass (the
 * planes' origin), so n.p lies within hull_radius * (|n.x| + |n.y|) of 0,
 * and so does the box around the turned outline. Widened a little for the
 * rounding of the turn, the circle only decides what the box test of
 * turn_and_box would decide the same way. */
static int circle_side(const fl_body *body, const fl_halfplane planes[4])
{
    int side = 1;
    for (int i = 0; i < 4; i++) {
        fl_vec2 n = planes[i].normal;
        double reach = body->hull_radius * (fabs(n.x) + fabs(n.y)) * (1.0 + 1e-12);
        if (planes[i].offset > reach)
            return -1;
        if (planes[i].offset > -reach)
            side = 0;
    }
    return side;
}

void submerge(const fl_body *body, const fl_fluid_def *f, double t, fl_vec2 *scratch,
              int scratch_size, bool keep_polygon, submerged_part *out)
{
    *out = submerge_nothing(body);
    fl_halfplane planes[4];
    fl_fluid_halfplanes(f, body->position, t, planes);
    int side = circle_side(body, planes);
    if (side > 0)
        submerge_whole(body, out);
    else if (side == 0)
        submerge_across(body, planes, scratch, scratch_size, keep_polygon, out);
}

/* The waterline of the turned outline p[0..n) (about the centre of mass)
 * on the surface line of plane h: the intervals of the line inside the
 * outline, found from where its edges cross the line (paired in order
 * along it), their total length and their second moment about the foot of
 * the centre of mass on the line. */
static void waterline(const fl_vec2 *p, int n, fl_halfplane h, submerged_part *out)
{
    double len = fl_length(h.normal);
    fl_vec2 u = fl_scale(h.normal, 1.0 / len), t = fl_v2(u.y, -u.x);
    double off = h.offset / len, s[FL_DECOMPOSE_MAX];
    int m = 0;
    for (int i = 0; i < n && m < FL_DECOMPOSE_MAX; i++) {
        fl_vec2 a = p[i], z = p[(i + 1) % n];
        double da = fl_dot(u, a) - off, dz = fl_dot(u, z) - off;
        if ((da > 0.0) == (dz > 0.0))
            continue;
        /* Kept in order as found: a convex outline crosses the line
         * twice, a concave one a few times more. */
        double x = fl_dot(t, fl_lerp(a, z, da / (da - dz)));
        int j = m++;
        for (; j > 0 && s[j - 1] > x; j--)
            s[j] = s[j - 1];
        s[j] = x;
    }
    for (int k = 0; k + 1 < m; k += 2) {
        out->waterline += s[k + 1] - s[k];
        out->waterline_moment += (s[k + 1] * s[k + 1] * s[k + 1] - s[k] * s[k] * s[k]) / 3.0;
    }
}

void submerge_across(const fl_body *body, const fl_halfplane planes[4], fl_vec2 *scratch,
                     int scratch_size, bool keep_polygon, submerged_part *out)
{
    *out = submerge_nothing(body);
    int cuts[4], ncut = turn_and_box(body, planes, scratch, cuts);
    if (ncut < 0)
        return;
    if (ncut == 0) {
        submerge_whole(body, out);
        return;
    }
    /* All cuts but the last are clipped into the buffers; the last is
     * measured as it is clipped, and written out only when asked for. */
    fl_vec2 *buf[2] = {scratch + scratch_size, scratch + 2 * scratch_size};
    const fl_vec2 *cur = scratch;
    int count = body->hull_count;
    for (int i = 0; i + 1 < ncut && count > 0; i++) {
        count = fl_clip_halfplane(cur, count, planes[cuts[i]], buf[i & 1]);
        cur = buf[i & 1];
    }
    fl_vec2 c;
    fl_halfplane last = planes[cuts[ncut - 1]];
    double area = count > 0 ? fl_clip_halfplane_area(cur, count, last, &c) : 0.0;
    if (!(area > 0.0))
        return;
    out->kind = SUBMERGE_CLIPPED;
    out->area = area;
    out->centroid = fl_add(body->position, c);
    /* The surface (plane 0) cuts the outline: the turned outline, still
     * whole in scratch, gives its waterline. */
    if (cuts[0] == 0)
        waterline(scratch, body->hull_count, planes[0], out);
    if (keep_polygon) {
        fl_vec2 *dst = buf[(ncut - 1) & 1];
        out->count = fl_clip_halfplane(cur, count, last, dst);
        out->polygon = dst;
    }
}
