/* The part of a body under a wave's surface, and the wave's pressure on it.
 *
 * The surface is taken as the polyline through the sine at fixed points of
 * the world, x_j = j L / 128: between two of them it lies within
 * A (2 pi / 128)^2 / 8 = 3e-4 A of the sine, the area it cuts off is
 * within 2e-4 A of the wave's per metre of waterline, and it is one line
 * for every body, moving smoothly with time and with the body.
 *
 * Below the polyline is {y >= s(x)}, which is not convex (it is concave
 * under every trough), so it cannot be taken as one half-plane of
 * Sutherland–Hodgman. It is clipped as Sutherland–Hodgman would, edge by
 * edge, with the one change that from where the outline leaves the water
 * to where it next comes in, the clipped outline follows the polyline
 * (through its points between) instead of a straight line. For a concave
 * hull that path need not be the boundary of the part in the water, but
 * it runs along the same line (the graph of s over x), and two paths
 * along one line with the same ends are the same as chains: every
 * integral over the boundary -- area, centroid, the pressure's force and
 * moment, the waterline -- comes out exactly that of the part under the
 * surface, as Sutherland–Hodgman's zero-width edges do for a half-plane.
 *
 * The points of the clipped outline are summed as they come (shoelace,
 * the pressure's closed forms of wave_force.c), so nothing need be stored;
 * the outline is written out only when asked for, and dropped (its count
 * 0) if it would not fit. */
#include "submerge.h"
#include "wave.h"


/* The clipped outline's running sums, about the centre of mass `at`
 * (points are given relative to it). */
typedef struct sink {
    const wave *w;
    fl_vec2 at;
    double area2, mx, my;     /* twice the signed area; six times its first moments */
    wave_load load;
    double wl, wl3;           /* along the surface: the sums of dx and of d(x^3) / 3 */
    fl_vec2 first, prev;
    cplx first1, first2, prev1, prev2;
    int n;
    fl_vec2 *out;
    int room;
} sink;

static void sink_edge(sink *s, fl_vec2 a, fl_vec2 b, cplx a1, cplx a2, cplx b1, cplx b2,
                      bool surface)
{
    double c = fl_cross(a, b);
    s->area2 += c;
    s->mx += (a.x + b.x) * c;
    s->my += (a.y + b.y) * c;
    wave_edge_load(s->w, a, b, a1, a2, b1, b2, &s->load);
    if (surface) {
        s->wl += b.x - a.x;
        s->wl3 += (b.x * b.x * b.x - a.x * a.x * a.x) / 3.0;
    }
}

/* The next point of the clipped outline; `surface`: reached from the one
 * before along the water's surface. */
static void sink_point(sink *s, fl_vec2 p, bool surface)
{
    cplx v1, v2;
    wave_modes(s->w, fl_add(s->at, p), &v1, &v2);
    if (s->n == 0) {
        s->first = p;
        s->first1 = v1;
        s->first2 = v2;
    } else {
        sink_edge(s, s->prev, p, s->prev1, s->prev2, v1, v2, surface);
    }
    s->prev = p;
    s->prev1 = v1;
    s->prev2 = v2;
    if (s->out && s->n < s->room)
        s->out[s->n] = p;
    s->n++;
}

static void sink_close(sink *s, bool surface)
{
    if (s->n > 1)
        sink_edge(s, s->prev, s->first, s->prev1, s->prev2, s->first1, s->first2, surface);
}

/* Walking the outline against the polyline. */
typedef struct walker {
    sink *s;
    double spacing;           /* between the polyline's points */
    bool inside;              /* where the walk is now */
    bool have_exit, started_out;
    double exit_x, first_entry_x;
    /* The segment below() last used: each piece of an edge asks for the
     * one under it twice, and the pieces of an edge often share it. */
    bool have_segment;
    long segment_j;
    fl_vec2 segment_a, segment_b;
} walker;

/* The polyline's point j's x, relative to the centre of mass. */
static double node_x(const walker *wk, long j) { return (double)j * wk->spacing - wk->s->at.x; }

/* The polyline's point j, relative to the centre of mass. */
static fl_vec2 node(const walker *wk, long j)
{
    double x = (double)j * wk->spacing;
    return fl_v2(node_x(wk, j), wave_surface(wk->s->w, x) - wk->s->at.y);
}

/* The polyline's points strictly between relative x0 and x1: the first
 * past x0 (its index) and the way on to x1 (*step +1 rightwards, -1
 * leftwards, 0 when x1 is x0: none between). */
static long first_node(const walker *wk, double x0, double x1, int *step)
{
    double at = wk->s->at.x, h = wk->spacing;
    *step = x1 > x0 ? 1 : x1 < x0 ? -1 : 0;
    return *step > 0 ? (long)floor((at + x0) / h) + 1 : (long)ceil((at + x0) / h) - 1;
}

/* Whether the polyline's point j lies strictly before x1 on that way. */
static bool node_before(const walker *wk, long j, int step, double x1)
{
    return step > 0 ? node_x(wk, j) < x1 : step < 0 && node_x(wk, j) > x1;
}

/* The polyline's points strictly between relative x0 and x1, in order from
 * x0 to x1, into the sink as surface points. */
static void follow_surface(walker *wk, double x0, double x1)
{
    int step;
    for (long j = first_node(wk, x0, x1, &step); node_before(wk, j, step, x1); j += step)
        sink_point(wk->s, node(wk, j), true);
}

/* How far p is below the polyline's segment j (its points j and j + 1). */
static double below(walker *wk, long j, fl_vec2 p)
{
    if (!wk->have_segment || wk->segment_j != j) {
        wk->segment_a = node(wk, j);
        wk->segment_b = node(wk, j + 1);
        wk->segment_j = j;
        wk->have_segment = true;
    }
    fl_vec2 a = wk->segment_a, b = wk->segment_b;
    return p.y - (a.y + (p.x - a.x) * ((b.y - a.y) / (b.x - a.x)));
}

/* The segment of the polyline over the middle of a piece of an edge. */
static long segment_under(const walker *wk, fl_vec2 a, fl_vec2 b)
{
    return (long)floor((wk->s->at.x + 0.5 * (a.x + b.x)) / wk->spacing);
}

/* A piece of an edge within one segment of the polyline, where the depth
 * below it is linear: Sutherland–Hodgman's step, with the path along the
 * surface from the last exit at each entry. `end`: b is the edge's end. */
static void walk_piece(walker *wk, fl_vec2 a, fl_vec2 b, bool end)
{
    long j = segment_under(wk, a, b);
    double da = below(wk, j, a), db = below(wk, j, b);
    bool in_b = db >= 0.0;
    if (in_b != wk->inside) {
        /* The walk's state, not da's rounding, says where a is. */
        double t = da != db ? da / (da - db) : 0.5;
        fl_vec2 x = fl_lerp(a, b, fl_min(fl_max(t, 0.0), 1.0));
        if (wk->inside) {
            sink_point(wk->s, x, false);
            wk->have_exit = true;
            wk->exit_x = x.x;
        } else if (wk->have_exit) {
            follow_surface(wk, wk->exit_x, x.x);
            sink_point(wk->s, x, true);
        } else {
            wk->started_out = true;
            wk->first_entry_x = x.x;
            sink_point(wk->s, x, false);
        }
        wk->inside = in_b;
    }
    if (end && in_b)
        sink_point(wk->s, b, false);
}

/* The edge's point over the polyline's point j. */
static fl_vec2 over_node(const walker *wk, fl_vec2 a, fl_vec2 b, long j)
{
    double x = node_x(wk, j);
    return fl_v2(x, a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)));
}

/* Where the first piece of the edge from a to b ends, as walk_edge cuts
 * it: where the edge first passes over a point of the polyline, or b. */
static fl_vec2 first_piece_end(const walker *wk, fl_vec2 a, fl_vec2 b)
{
    int step;
    long j = first_node(wk, a.x, b.x, &step);
    return node_before(wk, j, step, b.x) ? over_node(wk, a, b, j) : b;
}

/* One edge of the outline, cut where it passes over a point of the
 * polyline. */
static void walk_edge(walker *wk, fl_vec2 a, fl_vec2 b)
{
    int step;
    fl_vec2 from = a;
    for (long j = first_node(wk, a.x, b.x, &step); node_before(wk, j, step, b.x); j += step) {
        fl_vec2 p = over_node(wk, a, b, j);
        walk_piece(wk, from, p, false);
        from = p;
    }
    walk_piece(wk, from, b, true);
}

/* The polygon p[0..n) (about the centre of mass) under the polyline, into
 * the sink. */
static void clip_under_surface(sink *s, const fl_vec2 *p, int n, double spacing)
{
    walker wk = {.s = s, .spacing = spacing};
    /* Where the walk starts: p[0] against the segment its first piece
     * lies under. (Against the one under the middle of the whole first
     * edge, that segment's line taken out to p[0] could be metres off for
     * a long edge: a 58 m crate across a 9 m swell started the walk on the
     * wrong side and came out with 0.28 m^2 of water centred 340 m away.) */
    wk.inside = below(&wk, segment_under(&wk, p[0], first_piece_end(&wk, p[0], p[1 % n])), p[0]) >= 0.0;
    for (int i = 0; i < n; i++)
        walk_edge(&wk, p[i], p[(i + 1) % n]);
    if (wk.started_out && wk.have_exit) {
        follow_surface(&wk, wk.exit_x, wk.first_entry_x);
        sink_close(s, true);
    } else {
        sink_close(s, false);
    }
}

/* The whole polygon p[0..n), into the sink. */
static void take_whole(sink *s, const fl_vec2 *p, int n)
{
    for (int i = 0; i < n; i++)
        sink_point(s, p[i], false);
    sink_close(s, false);
}

/* The body as it stands, against the wave w. */
static void measure(const fl_body *body, const fl_fluid_def *f, const wave *w, double t,
                    fl_vec2 *scratch, int scratch_size, bool keep_polygon, submerged_part *out)
{
    *out = submerge_nothing(body);
    out->flow = f->current;
    fl_vec2 at = body->position;
    double reach = body->hull_radius * (1.0 + 1e-12), crest = f->surface - fabs(f->wave_amplitude);
    if (at.y + reach < crest)
        return; /* above the highest crest */
    fl_halfplane planes[4];
    fl_fluid_halfplanes(f, at, t, planes);
    for (int i = 1; i < 4; i++)
        if (planes[i].offset > reach)
            return; /* beyond a wall or the bottom */
    /* The walls and the bottom, as Sutherland–Hodgman half-planes. */
    fl_vec2 *cur = scratch, *buf[2] = {scratch + scratch_size, scratch + 2 * scratch_size};
    fl_vec2 lo, hi;
    submerge_turn(body, cur, &lo, &hi);
    int count = body->hull_count, clips = 0;
    for (int i = 1; i < 4 && count > 0; i++) {
        if (submerge_box_side(planes[i], lo, hi) > 0)
            continue; /* wholly inside this one */
        count = fl_clip_halfplane(cur, count, planes[i], buf[clips & 1]);
        cur = buf[clips & 1];
        clips++;
    }
    if (count < 3)
        return;
    sink s = {.w = w, .at = at};
    if (keep_polygon) {
        s.out = buf[clips & 1];
        s.room = scratch_size;
    }
    bool whole = at.y + lo.y > f->surface + fabs(f->wave_amplitude);
    if (whole)
        take_whole(&s, cur, count);
    else
        clip_under_surface(&s, cur, count, f->wave_length / NODES_PER_WAVE);
    double sign = s.area2 < 0.0 ? -1.0 : 1.0, area = 0.5 * sign * s.area2;
    if (!(area > 0.0))
        return;
    out->kind = whole && clips == 0 ? SUBMERGE_WHOLE : SUBMERGE_CLIPPED;
    if (out->kind == SUBMERGE_WHOLE) {
        submerge_whole(body, out);
    } else {
        out->area = area;
        out->centroid = fl_add(at, fl_v2(s.mx / (3.0 * s.area2), s.my / (3.0 * s.area2)));
    }
    out->wave_force = fl_scale(s.load.force, sign);
    out->wave_moment = sign * s.load.moment;
    out->waterline = fabs(s.wl);
    out->waterline_moment = sign * s.wl3;
    out->flow = fl_add(f->current, wave_velocity(w, out->centroid));
    if (keep_polygon && out->kind == SUBMERGE_CLIPPED && s.n <= s.room) {
        out->polygon = s.out;
        out->count = s.n;
    }
}

/* The step's lift is the lift where the body stands, with the stiffness of
 * its waterline s = rho g W / m. The leapfrog's kick is centred on the time
 * the body stands at, t, and the part of s the step follows (up to
 * FL_STIFFNESS_FOLLOWED / dt^2) is taken about that time (integrate.c: the
 * average-acceleration rule), so a wave is measured at t; the part beyond
 * is taken at the step's end, and with it the lift where the step's path
 * is at the fraction theta = (s - FL_STIFFNESS_FOLLOWED / dt^2) / s: the
 * wave is then measured at t + theta dt. The dynamic pressure and the
 * water's velocity have no stiffness to carry them along: they are
 * measured on the body where it will stand then, moved on by its velocity
 * and spin for theta dt. Measured elsewhere in time than the kick, the
 * body would be a strip of v dt too deep or too shallow at its waterline,
 * in phase with the horizontal pressure gradient there, and the wave would
 * push it along on average: a plank 4 cm thick on a swell 20 m long and
 * 0.2 m high drifted at six times the Stokes drift at 60 Hz when measured
 * a half step off; measured so, at 0.9988 of it at 60 to 960 Hz
 * (tests/test_waves.c). theta is found from this fluid's waterline alone. */
static double stiff_fraction(const fl_body *body, const fl_fluid_def *f, double g, double dt,
                             double waterline)
{
    double s = f->density * g * waterline * body->inv_mass, soft = FL_STIFFNESS_FOLLOWED / (dt * dt);
    return s > 0.0 ? 1.0 - fl_min(s, soft) / s : 0.0;
}

void submerge_wave(const fl_body *body, fl_twist vel, const fl_fluid_def *f, double g, double t,
                   double dt, fl_vec2 *scratch, int scratch_size, bool keep_polygon,
                   submerged_part *out)
{
    double when = t;
    wave w = wave_at(f, g, when);
    measure(body, f, &w, when, scratch, scratch_size, keep_polygon, out);
    if (!(dt > 0.0) || out->kind == SUBMERGE_NONE)
        return;
    double theta = stiff_fraction(body, f, g, dt, out->waterline);
    if (theta > 0.0) {
        when = t + theta * dt;
        w = wave_at(f, g, when);
        measure(body, f, &w, when, scratch, scratch_size, keep_polygon, out);
        if (out->kind == SUBMERGE_NONE)
            return;
    }
    fl_body ahead = *body;
    ahead.position = fl_add(body->position, fl_scale(vel.v, theta * dt));
    ahead.angle = body->angle + theta * dt * vel.w;
    ahead.rot = fl_rot_from(ahead.angle);
    submerged_part there;
    /* (A polygon is kept only by a measure at t alone, dt 0: nothing
     * overwrites it here.) */
    measure(&ahead, f, &w, when, scratch, scratch_size, false, &there);
    out->wave_force = there.wave_force;
    out->wave_moment = there.wave_moment;
    out->flow = there.kind == SUBMERGE_NONE ? f->current : there.flow;
}
