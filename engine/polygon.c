#include "flotsam/fl_polygon.h"
#include "fail.h"

double fl_polygon_signed_area(const fl_vec2 *v, int n)
{
    if (n < 3)
        return 0.0;
    /* Twice the area, summed about v[0] so that far-off polygons keep their
     * precision; the terms with v[0] itself vanish. */
    double twice = 0.0;
    for (int i = 1; i + 1 < n; i++)
        twice += fl_cross(fl_sub(v[i], v[0]), fl_sub(v[i + 1], v[0]));
    return 0.5 * twice;
}

double fl_polygon_area_centroid(const fl_vec2 *v, int n, fl_vec2 *centroid)
{
    if (n < 3)
        return 0.0;
    /* Fan of triangles (v0, vi, vi+1): each contributes its signed area at
     * its centroid; the sum is the shoelace formula, exact for any simple
     * polygon, concave or with zero-width spikes. */
    double twice = 0.0, cx = 0.0, cy = 0.0;
    for (int i = 1; i + 1 < n; i++) {
        fl_vec2 a = fl_sub(v[i], v[0]);
        fl_vec2 b = fl_sub(v[i + 1], v[0]);
        double c = fl_cross(a, b);
        twice += c;
        cx += (a.x + b.x) * c;
        cy += (a.y + b.y) * c;
    }
    if (twice == 0.0)
        return 0.0;
    if (centroid)
        *centroid = fl_v2(v[0].x + cx / (3.0 * twice), v[0].y + cy / (3.0 * twice));
    return fabs(0.5 * twice);
}

fl_mass_props fl_polygon_mass_props(const fl_vec2 *v, int n)
{
    fl_mass_props mp = {0.0, fl_v2(0.0, 0.0), 0.0};
    fl_vec2 c;
    double area = fl_polygon_area_centroid(v, n, &c);
    if (area == 0.0)
        return mp;
    /* Polar second moment about the centroid, summed over the triangles
     * (c, vi, vi+1): each is |cross| * (a.a + a.b + b.b) / 12. Signed crosses
     * make the sum exact for concave outlines too. */
    double j = 0.0;
    for (int i = 0; i < n; i++) {
        fl_vec2 a = fl_sub(v[i], c);
        fl_vec2 b = fl_sub(v[(i + 1) % n], c);
        double cr = fl_cross(a, b);
        j += cr * (fl_dot(a, a) + fl_dot(a, b) + fl_dot(b, b));
    }
    mp.area = area;
    mp.centroid = c;
    mp.inertia = fabs(j / 12.0);
    return mp;
}

/* Sign of the turn a -> b -> c: 1 left (positive cross), -1 right, 0 collinear. */
static int orient(fl_vec2 a, fl_vec2 b, fl_vec2 c)
{
    /* Compare the two products rather than subtract them: no cancellation
     * can turn a tiny turn into a wrong sign. */
    double l = (b.x - a.x) * (c.y - a.y), r = (b.y - a.y) * (c.x - a.x);
    return (l > r) - (l < r);
}

/* For p collinear with segment ab: does p lie within its bounding box? */
static bool on_segment(fl_vec2 a, fl_vec2 b, fl_vec2 p)
{
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) &&
           fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

/* Closed segments ab and cd share at least one point. */
static bool segments_meet(fl_vec2 a, fl_vec2 b, fl_vec2 c, fl_vec2 d)
{
    int o1 = orient(a, b, c), o2 = orient(a, b, d);
    int o3 = orient(c, d, a), o4 = orient(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true; /* a proper crossing */
    return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
           (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

bool fl_polygon_is_simple(const fl_vec2 *v, int n)
{
    if (n < 3)
        return false;
    for (int i = 0; i < n; i++) {
        fl_vec2 a = v[i], b = v[(i + 1) % n];
        if (a.x == b.x && a.y == b.y)
            return false;
        /* Adjacent edges meet at b; they must not fold back over each other. */
        fl_vec2 c = v[(i + 2) % n];
        if (orient(a, b, c) == 0 && fl_dot(fl_sub(b, a), fl_sub(c, b)) < 0.0)
            return false;
        for (int j = i + 2; j < n; j++) {
            if (i == 0 && j == n - 1)
                continue; /* adjacent through the wrap */
            if (segments_meet(a, b, v[j], v[(j + 1) % n]))
                return false;
        }
    }
    return fl_polygon_signed_area(v, n) != 0.0;
}

bool fl_polygon_is_convex(const fl_vec2 *v, int n)
{
    int sign = 0;
    for (int i = 0; i < n; i++) {
        int o = orient(v[i], v[(i + 1) % n], v[(i + 2) % n]);
        if (o == 0)
            continue;
        if (sign == 0)
            sign = o;
        else if (o != sign)
            return false;
    }
    return sign != 0;
}

/* Where the clipped polygon's points go: written out, or summed into the
 * shoelace formula as they come (about the origin). */
typedef struct clip_sink {
    fl_vec2 *out;
    int count;
    double twice, cx, cy;
    fl_vec2 first, last;
} clip_sink;

static inline void emit_point(clip_sink *s, fl_vec2 q)
{
    s->out[s->count++] = q;
}

static inline void emit_sum(clip_sink *s, fl_vec2 q)
{
    if (s->count++ == 0) {
        s->first = q;
    } else {
        double c = fl_cross(s->last, q);
        s->twice += c;
        s->cx += (s->last.x + q.x) * c;
        s->cy += (s->last.y + q.y) * c;
    }
    s->last = q;
}

/* Sutherland–Hodgman's walk, the one place that decides which points the
 * clipped polygon has; inlined with each sink. */
static inline void clip_walk(const fl_vec2 *in, int n, fl_halfplane h, clip_sink *s,
                             void (*emit)(clip_sink *, fl_vec2))
{
    if (n <= 0)
        return;
    fl_vec2 a = in[n - 1];
    double da = fl_dot(h.normal, a) - h.offset;
    for (int i = 0; i < n; i++) {
        fl_vec2 b = in[i];
        double db = fl_dot(h.normal, b) - h.offset;
        if (db >= 0.0) {
            /* Entering: the crossing point first (unless a or b is on the line). */
            if (da < 0.0 && db > 0.0)
                emit(s, fl_lerp(a, b, da / (da - db)));
            emit(s, b);
        } else if (da > 0.0) {
            /* Leaving from strictly inside: the crossing point. */
            emit(s, fl_lerp(a, b, da / (da - db)));
        }
        a = b;
        da = db;
    }
}

int fl_clip_halfplane(const fl_vec2 *in, int n, fl_halfplane h, fl_vec2 *out)
{
    clip_sink s = {.out = out};
    clip_walk(in, n, h, &s, emit_point);
    return s.count;
}

double fl_clip_halfplane_area(const fl_vec2 *in, int n, fl_halfplane h, fl_vec2 *centroid)
{
    clip_sink s = {0};
    clip_walk(in, n, h, &s, emit_sum);
    if (s.count < 3)
        return 0.0;
    emit_sum(&s, s.first); /* the closing edge */
    if (s.twice == 0.0)
        return 0.0;
    if (centroid)
        *centroid = fl_v2(s.cx / (3.0 * s.twice), s.cy / (3.0 * s.twice));
    return fabs(0.5 * s.twice);
}

bool fl_polygon_same(const fl_vec2 *a, int n, const fl_vec2 *b, int m)
{
    FL_ASSERT((a || n == 0) && (b || m == 0));
    if (n != m)
        return false;
    for (int shift = 0; shift < n; shift++) {
        int k = 0;
        while (k < n && a[k].x == b[(k + shift) % n].x && a[k].y == b[(k + shift) % n].y)
            k++;
        if (k == n)
            return true;
    }
    return false;
}
