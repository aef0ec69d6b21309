/* The energy account of the simulation target.
 *
 * The energy the world holds is, over its dynamic bodies i and fluids f,
 *
 *   E = sum_i [ m_i |v_i|^2 / 2 + I_i w_i^2 / 2 - m_i g . p_i ]
 *     + sum_(i,f) rho_f g_y A_if (c_if,y - surface_f)      (buoyancy's potential)
 *     + sum_elastic ropes k s^2 / 2                         (s: stretch past length)
 *
 * where A_if and c_if are the part of i's hull under f and its centroid.
 * The buoyancy term is the potential of the lift -rho A g only where the
 * lift is conservative: still water, gravity along y, and the body's hull
 * clear of the fluid's side walls and bottom (there the part under grows
 * or shrinks with no lift along the motion), and no dry hold near it (a
 * hold shares its water's lift between two bodies). Such a pair is counted
 * in E when it is so at both ends of a step; otherwise the lift's work in
 * that step is bounded instead by force times distance (below).
 *
 * Each step, E may grow by at most the work of what is not conservative,
 * each bounded generously (R_i: the largest distance of i's outline or hull
 * from its centre of mass; move_i = |dp_i| + R_i |d angle_i|; F_i =
 * m_i |g| + sum_f rho_f |g| hull area_i + the pulls k s of the elastic
 * ropes on it, the most gravity, lift and ropes can press it with):
 *   - lift not counted in E:  2 max(|lift applied|, rho_f |g| hull area) move_i;
 *   - lift counted in E, in a step that starts dry or wholly under: that
 *     step may lift the body as a box of its height would be
 *     (docs/limits.md), so 2 rho_f |g| (bounding box area - hull area) move_i, 0 for
 *     a box square to the surface; in a step that starts cut by the
 *     surface, the lift is taken along its tangent there (the waterline
 *     W), so rho_f |g| |A_end - (A_start + W dy)| move_i, 0 for a box
 *     (a round body entering the water gains about 1% of its energy so);
 *     and the kick takes that tangent's value at the step's start, not its
 *     mean over the step (the leapfrog's rectangle for the trapezoid, a
 *     swing of its energy that the step gives back as the body goes the
 *     other way, and that damps nothing), which gains at most
 *     rho_f |g| W move_i^2 / 2;
 *   - drag towards the water's velocity u (a current, a wave's orbit) at
 *     rate r (fl_buoyancy_applied_total): m r dt (2u)^2 + its moment's
 *     m r (2u + |v|) R_i |d angle| (drag's power m r (u - v).v is at most
 *     m r u^2 / 4);
 *   - contacts and rigid ropes pushing overlap and stretch out by position
 *     corrections (split impulses move a body by at most the overlap past
 *     the slop): 2 (F_a + F_b) depth for each contact at either end of the
 *     step, 2 (F_a + F_b) stretch for each rope;
 *   - an elastic rope's spring (taut at both ends of the step, the
 *     average-acceleration rule's swing, k ds^2 / 2 for a stretch that
 *     changed by ds, and going slack what it carried in, k (s - s0)^2 / 2
 *     for s0 the stretch a step before, and k s^2 / 2; going taut, the
 *     following), stepped implicitly on
 *     the stretch s_lin linearised at the step's start (its anchors moving with their
 *     bodies' velocity and spin there): that makes no energy by s_lin
 *     (backward Euler on the convex k max(s, 0)^2 / 2), but the stretch s
 *     the bodies end with is off from s_lin by delta at most: r t^2 / 2 for
 *     each end r from its body's centre that turned by t (it moves along
 *     the chord, not the tangent), and the distance's curvature, |D|^2 /
 *     (2 rho) for D the change of the vector between the anchors and rho
 *     its least length along the way (never beyond 2 |D|). So k s^2 / 2 may
 *     pass what the step paid by k delta (s + delta / 2). Second order in
 *     the step; a rope stretched 1 km that turns its log by 84 rad in one
 *     step makes 86 MJ against 98 GJ of it;
 *   - an elastic rope whose pull turns an end faster than the step
 *     follows (h^2 T r / I >= 4) is held by its own account over a run,
 *     to a tenth of the most it and its ends' relative motion held: in a
 *     step, twice that;
 *   - a bounce: restitution gives back in one step what the contact took
 *     in the steps before, so a gain is allowed up to what the bodies in
 *     contacts with restitution (at this step or the last) have lost since
 *     those contacts began, and what it uses is spent; the credit is gone
 *     with the last such contact;
 *   - water coming into or going out of a hold (the mass changes, and the
 *     water's weight acts off the centre of mass): |dm| (|v|^2 + |g| (4 R +
 *     the deepest fluid)) + |dI| w^2 + 2 m_water |g| (move + R), and the
 *     lift of that water on whatever is in a hold: 2 rho_max |g| hull area
 *     move. (Water that comes in takes the hull's velocity and spin at
 *     once, with no momentum of its own: |dm| v^2 / 2 + |dI| w^2 / 2 out of
 *     nothing, a known case, fuzz/README.md.)
 * In every step, the energy gained less the allowance must stay under 1e-8
 * of the sizes of the energies and allowances of that step (roundoff).
 *
 * It does not apply (fuzz_energy_start returns false) at fewer than 3
 * steps a second (docs/physics.md: the lift is shown to make no energy
 * from 3 Hz up; at 1 Hz a light log that leaves the water plunges a metre
 * under it in one step), when a static body
 * moves (it would do work through contacts), when a body's outline reaches
 * outside its own hull (its hold, the hull less the outline, is then not a
 * region), a rope's anchor lies off its body, further from its centre
 * than its outline reaches, or a wave is steeper than water waves can be
 * (fuzz/README.md, known cases), once an elastic rope pulls hard enough
 * to turn an end faster than the step follows while a contact pushes on
 * that end (ropes_followed), when the numbers are beyond
 * about 1e100 (the sums overflow or lose every digit), or once a timed
 * event has happened (sim.c stops it there). */
#include "energy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "flotsam/fl_hold.h"
#include "flotsam/fl_contact.h"
#include "flotsam/fl_joint.h"

struct fuzz_body_state {
    bool dynamic;
    fl_vec2 p, v;
    double angle, spin, m, inertia, water;
    double reach;      /* R */
    double press;      /* F */
    double hull_area;
    fl_vec2 lo, hi;    /* the hull's bounding box, world */
};

static const double big = 1e100;

static fl_vec2 gravity_of(const fl_sim *s) { return fl_world_gravity(fl_sim_world(s)); }

static void hull_box(fl_body_id b, fl_vec2 *lo, fl_vec2 *hi, double *reach)
{
    int n;
    const fl_vec2 *h = fl_body_hull(b, &n);
    double r = fl_body_radius(b);
    *lo = fl_v2(INFINITY, INFINITY);
    *hi = fl_v2(-INFINITY, -INFINITY);
    fl_vec2 c = fl_body_position(b);
    fl_rot q = fl_body_rot(b);
    for (int k = 0; k < n; k++) {
        fl_vec2 w = fl_add(c, fl_rotate(q, h[k]));
        lo->x = fl_min(lo->x, w.x);
        lo->y = fl_min(lo->y, w.y);
        hi->x = fl_max(hi->x, w.x);
        hi->y = fl_max(hi->y, w.y);
        r = fl_max(r, fl_length(h[k]));
    }
    if (n == 0) {
        *lo = fl_sub(c, fl_v2(r, r));
        *hi = fl_add(c, fl_v2(r, r));
    }
    *reach = r;
}

static double box_area(const fuzz_body_state *b)
{
    return (b->hi.x - b->lo.x) * (b->hi.y - b->lo.y);
}

static bool boxes_meet(const fuzz_body_state *a, const fuzz_body_state *b)
{
    return a->lo.x <= b->hi.x && b->lo.x <= a->hi.x && a->lo.y <= b->hi.y && b->lo.y <= a->hi.y;
}

/* Whether p is inside the polygon v[n] or within tol of its boundary. */
static bool in_polygon(const fl_vec2 *v, int n, fl_vec2 p, double tol)
{
    bool in = false;
    for (int k = 0, j = n - 1; k < n; j = k++) {
        fl_vec2 a = v[j], b = v[k], ab = fl_sub(b, a);
        double len2 = fl_dot(ab, ab);
        double t = len2 > 0.0 ? fl_max(0.0, fl_min(1.0, fl_dot(fl_sub(p, a), ab) / len2)) : 0.0;
        if (fl_length(fl_sub(p, fl_add(a, fl_scale(ab, t)))) <= tol)
            return true;
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * ab.x / ab.y)
            in = !in;
    }
    return in;
}

bool fuzz_outlines_in_hulls(const fl_world *w)
{
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (!fl_body_has_own_hull(b))
            continue;
        int nh, no;
        const fl_vec2 *h = fl_body_hull(b, &nh);
        const fl_vec2 *o = fl_body_outline(b, &no);
        double tol = 1e-9 * (1.0 + fl_body_radius(b));
        for (int k = 0; k < no; k++)
            if (!in_polygon(h, nh, o[k], tol))
                return false;
    }
    return true;
}

bool fuzz_waves_unbroken(const fl_buoyancy *b)
{
    for (int f = 0; f < fl_buoyancy_fluid_count(b); f++) {
        const fl_fluid_def *fd = fl_buoyancy_fluid_def(b, f);
        double ka = 2.0 * 3.14159265358979323846 / fd->wave_length * fabs(fd->wave_amplitude);
        if (fd->wave_amplitude != 0.0 && !(ka <= 3.14159265358979323846 / 7.0))
            return false;
    }
    return true;
}

/* Whether every rope's anchors lie within their bodies' reach. */
static bool anchors_on_bodies(const fl_world *w)
{
    for (int r = 0; r < fl_world_joint_count(w); r++) {
        fl_joint_id j = fl_world_joint(w, r);
        fl_body_id a = fl_joint_body_a(j), b = fl_joint_body_b(j);
        if (!fl_body_is_null(a) && fl_length(fl_joint_anchor_a(j)) > fl_body_radius(a) * (1.0 + 1e-9))
            return false;
        if (!fl_body_is_null(b) && fl_length(fl_joint_anchor_b(j)) > fl_body_radius(b) * (1.0 + 1e-9))
            return false;
    }
    return true;
}

static double rope_stretch(fl_joint_id j)
{
    double d = fl_length(fl_sub(fl_joint_world_a(j), fl_joint_world_b(j)));
    return fl_max(d - fl_joint_length(j), 0.0);
}

/* A turn of t about the centre moves an anchor r from it along the chord,
 * not the tangent: |R(t) r - r - t x r| <= r t^2 / 2 (none for the world). */
static double end_bend(fl_vec2 anchor, const fuzz_body_state *s0, const fuzz_body_state *s1)
{
    if (!s1)
        return 0.0;
    double t = s1->angle - s0->angle;
    return 0.5 * fl_length(fl_sub(anchor, s1->p)) * t * t;
}

/* How far an elastic rope's stretch at the end of a step may be from the
 * one the solver stepped (the stretch at the start moved along the rope
 * by the anchors' motion linearised there), for the bodies' states a and
 * b at the ends of the step (NULL: the world). */
static double rope_bend(const fl_vec2 ends0[2], const fl_vec2 ends1[2],
                        const fuzz_body_state *a0, const fuzz_body_state *a1,
                        const fuzz_body_state *b0, const fuzz_body_state *b1)
{
    double bend = end_bend(ends1[0], a0, a1) + end_bend(ends1[1], b0, b1);
    /* The distance |d| is convex: |d + D| - |d| - D.d/|d| lies between 0
     * and |D|^2 / (2 rho), rho the least |d + t D| for t in [0, 1], and
     * never beyond 2 |D|. */
    fl_vec2 d = fl_sub(ends0[1], ends0[0]), e = fl_sub(ends1[1], ends1[0]), dd = fl_sub(e, d);
    double len2 = fl_dot(dd, dd);
    double t = len2 > 0.0 ? fl_max(0.0, fl_min(1.0, -fl_dot(d, dd) / len2)) : 0.0;
    double rho = fl_length(fl_add(d, fl_scale(dd, t)));
    double curve = 2.0 * sqrt(len2);
    if (rho > 0.0)
        curve = fl_min(curve, len2 / (2.0 * rho));
    return bend + curve;
}

/* Whether a contact pushed on body i in the step just taken. */
static bool touches(const fl_world *w, int i)
{
    for (int c = 0; c < fl_world_contact_count(w); c++) {
        fl_contact_data ct_data, *ct = &ct_data;
        if (!fl_world_contact(w, c, ct))
            continue;
        if (ct->sensor || (ct->index_a != i && ct->index_b != i))
            continue;
        for (int k = 0; k < ct->count; k++)
            if (ct->points[k].normal_impulse > 0.0)
                return true;
    }
    return false;
}

/* Whether rope r's pull at the step's start turns end k (0: a, 1: b)
 * faster than the step can follow (h^2 T r / I >= 4). */
static bool end_unfollowed(const fuzz_energy *e, const fl_sim *s, int r, int k)
{
    fl_joint_id j = fl_world_joint(fl_sim_world(s), r);
    fl_body_id end = k == 0 ? fl_joint_body_a(j) : fl_joint_body_b(j);
    double tension = fl_joint_stiffness(j) * e->prev.stretch[r];
    if (fl_joint_kind(j) != FL_JOINT_ROPE || !(tension > 0.0) || fl_body_is_null(end))
        return false;
    double h = fl_sim_dt(s) / (fl_sim_substeps(s) > 1 ? fl_sim_substeps(s) : 1);
    const fuzz_body_state *b = &e->prev.bodies[fl_body_index(end)];
    double arm = fl_length(fl_sub(e->prev.ends[2 * r + k], b->p));
    return b->inertia > 0.0 && !(h * h * tension * arm < 4.0 * b->inertia);
}

/* Whether every elastic rope's pull, at the stretch it starts the step
 * with, turns its ends no faster than the step can follow, or else
 * touches nothing: a tension T at an anchor r from a body's centre is a
 * turning stiffness T r, and the rope's step, linearised where the step
 * starts, follows it only while h^2 T r / I < 4 (omega h < 2, h a
 * substep). Past that, with its ends free, the stretch's bend is allowed
 * for (rope_bend); but an end pressed into another body by such a pull (a
 * rope stretched a kilometre dragging a log by an anchor 0.35 m off its
 * centre into a wall: omega h = 9) trades the rope's energy through the
 * contact, which the rope's own account bounds over a run, not in a step
 * (engine/rope_account.c, docs/physics.md). There this account stops. */
static bool ropes_followed(const fuzz_energy *e, const fl_sim *s)
{
    for (int r = 0; r < e->ropes; r++) {
        fl_joint_id j = fl_world_joint(fl_sim_world(s), r);
        for (int k = 0; k < 2; k++) {
            fl_body_id end = k == 0 ? fl_joint_body_a(j) : fl_joint_body_b(j);
            if (end_unfollowed(e, s, r, k) && touches(fl_sim_world(s), fl_body_index(end)))
                return false;
        }
    }
    return true;
}

/* What an elastic rope and its ends' motion relative to their common
 * centre of mass hold in a state (engine/rope_account.c: its scale). */
static double rope_holds(const fuzz_energy_state *st, fl_joint_id j, double stretch)
{
    fl_body_id ends[2] = {fl_joint_body_a(j), fl_joint_body_b(j)};
    const fuzz_body_state *moving[2];
    int n = 0;
    for (int k = 0; k < 2; k++)
        if (!fl_body_is_null(ends[k]) && st->bodies[fl_body_index(ends[k])].dynamic)
            moving[n++] = &st->bodies[fl_body_index(ends[k])];
    /* the common centre only if both ends move (the engine's measure:
     * an end held by the world leaves the other's whole motion) */
    fl_vec2 centre = {0.0, 0.0};
    if (n == 2) {
        const fuzz_body_state *a = moving[0], *b = moving[1];
        centre = fl_scale(fl_add(fl_scale(a->v, a->m), fl_scale(b->v, b->m)), 1.0 / (a->m + b->m));
    }
    double s = fmax(stretch, 0.0), held = 0.5 * fl_joint_stiffness(j) * s * s;
    for (int k = 0; k < n; k++) {
        const fuzz_body_state *b = moving[k];
        fl_vec2 u = fl_sub(b->v, centre);
        held += 0.5 * b->m * fl_dot(u, u) + 0.5 * b->inertia * b->spin * b->spin;
    }
    return held;
}

static double contacts_allowance(const fuzz_energy *e, const fl_world *w)
{
    double sum = 0.0;
    for (int c = 0; c < fl_world_contact_count(w); c++) {
        fl_contact_data ct_data, *ct = &ct_data;
        if (!fl_world_contact(w, c, ct))
            continue;
        if (ct->sensor || ct->count == 0)
            continue;
        double f = 0.0;
        if (ct->index_a < e->bodies)
            f += e->now.bodies[ct->index_a].press;
        if (ct->index_b < e->bodies)
            f += e->now.bodies[ct->index_b].press;
        sum += 2.0 * f * fl_contact_depth(ct);
    }
    return sum;
}

/* Reads the sim's state into e->now. */
static bool take(fuzz_energy *e, fl_sim *s)
{
    fl_world *w = fl_sim_world(s);
    if (fl_world_body_count(w) != e->bodies ||
        fl_buoyancy_fluid_count(fl_sim_buoyancy(s)) != e->fluids ||
        fl_world_joint_count(w) != e->ropes)
        return false;
    if (fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(w)) != FL_OK)
        return false;
    fl_vec2 g = gravity_of(s);
    double gn = fl_length(g);
    double rho_max = 0.0;
    for (int f = 0; f < e->fluids; f++)
        rho_max = fl_max(rho_max, fl_buoyancy_fluid_def(fl_sim_buoyancy(s), f)->density);
    for (int i = 0; i < e->bodies; i++) {
        fl_body_id b = fl_world_body(w, i);
        fuzz_body_state *st = &e->now.bodies[i];
        st->dynamic = !fl_body_is_static(b);
        st->p = fl_body_position(b);
        st->v = fl_body_velocity(b);
        st->angle = fl_body_angle(b);
        st->spin = fl_body_spin(b);
        st->m = st->dynamic ? fl_body_mass(b) : 0.0;
        st->inertia = st->dynamic ? fl_body_inertia(b) : 0.0;
        st->water = fl_buoyancy_water(fl_sim_buoyancy(s), b, NULL);
        hull_box(b, &st->lo, &st->hi, &st->reach);
        st->hull_area = fl_body_hull_area(b);
        st->press = st->dynamic ? st->m * gn + rho_max * gn * st->hull_area * e->fluids : 0.0;
        if (!st->dynamic && (fl_length(st->v) != 0.0 || st->spin != 0.0))
            return false;
        if (!(fabs(st->p.x) < big && fabs(st->p.y) < big && st->m < big && st->inertia < big &&
              st->reach < big && st->press < big && fl_length(st->v) < 1e50))
            return false;
    }
    for (int i = 0; i < e->bodies; i++) {
        fl_body_id b = fl_world_body(w, i);
        bool near_hold = fl_body_has_own_hull(b);
        for (int j = 0; j < e->bodies && !near_hold; j++)
            near_hold = j != i && fl_body_has_own_hull(fl_world_body(w, j)) &&
                        boxes_meet(&e->now.bodies[i], &e->now.bodies[j]);
        for (int f = 0; f < e->fluids; f++) {
            const fl_fluid_def *fd = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), f);
            const fl_submerged *sub =
                fl_buoyancy_submerged(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i),
                                      fl_buoyancy_fluid_at(fl_sim_buoyancy(s), f));
            int at = i * e->fluids + f;
            e->now.area[at] = sub ? sub->area : 0.0;
            e->now.waterline[at] = sub ? sub->waterline : 0.0;
            e->now.depth[at] = sub && sub->area > 0.0 ? sub->centroid.y - fd->surface : 0.0;
            const fuzz_body_state *st = &e->now.bodies[i];
            e->now.inside[at] = st->dynamic && !near_hold && g.x == 0.0 &&
                                fd->wave_amplitude == 0.0 && st->lo.x > fd->left &&
                                st->hi.x < fd->right && st->hi.y < fd->bottom;
            if (!isfinite(e->now.area[at]) || !isfinite(e->now.depth[at]) ||
                !isfinite(e->now.waterline[at]))
                return false;
        }
    }
    for (int r = 0; r < e->ropes; r++) {
        fl_joint_id j = fl_world_joint(w, r);
        e->now.stretch[r] = rope_stretch(j);
        e->now.ends[2 * r] = fl_joint_world_a(j);
        e->now.ends[2 * r + 1] = fl_joint_world_b(j);
        /* an elastic rope's pull presses its ends too */
        double pull = fl_joint_kind(j) == FL_JOINT_ROPE ? fl_joint_stiffness(j) * e->now.stretch[r] : 0.0;
        fl_body_id ends[2] = {fl_joint_body_a(j), fl_joint_body_b(j)};
        for (int k = 0; k < 2; k++)
            if (!fl_body_is_null(ends[k]) && pull > 0.0 && e->now.bodies[fl_body_index(ends[k])].dynamic)
                e->now.bodies[fl_body_index(ends[k])].press += pull;
    }
    return true;
}

static void swap(fuzz_energy *e)
{
    fuzz_energy_state t = e->prev;
    e->prev = e->now;
    e->now = t;
}

static void free_state(fuzz_energy_state *st)
{
    free(st->bodies);
    free(st->area);
    free(st->depth);
    free(st->waterline);
    free(st->inside);
    free(st->stretch);
    free(st->ends);
}

static bool alloc_state(fuzz_energy_state *st, size_t bodies, size_t pairs, size_t ropes)
{
    st->bodies = calloc(bodies, sizeof *st->bodies);
    st->area = calloc(pairs, sizeof *st->area);
    st->depth = calloc(pairs, sizeof *st->depth);
    st->waterline = calloc(pairs, sizeof *st->waterline);
    st->inside = calloc(pairs, sizeof *st->inside);
    st->stretch = calloc(ropes, sizeof *st->stretch);
    st->ends = calloc(2 * ropes, sizeof *st->ends);
    return st->bodies && st->area && st->depth && st->waterline && st->inside && st->stretch &&
           st->ends;
}

void fuzz_energy_free(fuzz_energy *e)
{
    free_state(&e->prev);
    free_state(&e->now);
    free(e->bouncing);
    free(e->stretch_before);
    free(e->rope_scale);
    *e = (fuzz_energy){0};
}

bool fuzz_energy_start(fuzz_energy *e, fl_sim *s)
{
    *e = (fuzz_energy){0};
    if (!(fl_sim_rate(s) >= 3.0))
        return false;
    e->bodies = fl_world_body_count(fl_sim_world(s));
    e->fluids = fl_buoyancy_fluid_count(fl_sim_buoyancy(s));
    e->ropes = fl_world_joint_count(fl_sim_world(s));
    size_t nb = (size_t)e->bodies + 1, np = nb * ((size_t)e->fluids + 1), nr = (size_t)e->ropes + 1;
    e->bouncing = calloc(nb, 1);
    e->stretch_before = malloc(nr * sizeof *e->stretch_before);
    e->rope_scale = calloc(nr, sizeof *e->rope_scale);
    for (size_t r = 0; e->stretch_before && r < nr; r++)
        e->stretch_before[r] = NAN; /* no step before the first */
    if (!e->bouncing || !e->stretch_before || !e->rope_scale ||
        !alloc_state(&e->prev, nb, np, nr) || !alloc_state(&e->now, nb, np, nr) ||
        !fuzz_outlines_in_hulls(fl_sim_world(s)) || !anchors_on_bodies(fl_sim_world(s)) ||
        !fuzz_waves_unbroken(fl_sim_buoyancy(s)) || !take(e, s)) {
        fuzz_energy_free(e);
        return false;
    }
    e->contacts_prev = contacts_allowance(e, fl_sim_world(s));
    swap(e);
    return true;
}

/* The lift the last step applied to body i in fluid f, along y (0: none). */
static double lift_applied_y(const fl_buoyancy *b, fl_body_id i, int f)
{
    const fl_buoyancy_push *p = fl_buoyancy_applied(b, i, fl_buoyancy_fluid_at(b, f));
    return p ? p->lift.y : 0.0;
}

static double kinetic(const fuzz_body_state *b)
{
    return 0.5 * b->m * fl_dot(b->v, b->v) + 0.5 * b->inertia * b->spin * b->spin;
}

fuzz_energy_verdict fuzz_energy_step(fuzz_energy *e, fl_sim *s, int k)
{
    if (!ropes_followed(e, s) || !take(e, s))
        return FUZZ_ENERGY_STOPPED;
    fl_vec2 g = gravity_of(s);
    double gn = fl_length(g), dt = fl_sim_dt(s);
    double rho_max = 0.0, deepest = 0.0;
    for (int f = 0; f < e->fluids; f++) {
        const fl_fluid_def *fd = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), f);
        rho_max = fl_max(rho_max, fd->density);
        deepest = fl_max(deepest, fd->bottom - fd->surface);
    }
    bool holds = false;
    for (int i = 0; i < e->bodies; i++)
        holds = holds || fl_buoyancy_has_hold(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i));

    /* Bodies in a contact with restitution, at the last step or this one. */
    bool any_bouncing = false;
    for (int i = 0; i < e->bodies; i++)
        e->bouncing[i] = (unsigned char)((e->bouncing[i] & 2) ? 1 : 0);
    for (int c = 0; c < fl_world_contact_count(fl_sim_world(s)); c++) {
        fl_contact_data ct_data, *ct = &ct_data;
        if (!fl_world_contact(fl_sim_world(s), c, ct))
            continue;
        if (ct->restitution > 0.0 && ct->index_a >= 0 && ct->index_a < e->bodies &&
            ct->index_b >= 0 && ct->index_b < e->bodies) {
            e->bouncing[ct->index_a] |= 2;
            e->bouncing[ct->index_b] |= 2;
        }
    }
    double lost_bouncing = 0.0;

    double gained = 0.0, allow = 0.0, size = 0.0;
    double part[5] = {0}; /* lift, drag, hold, ropes, contacts: for FUZZ_ENERGY_DEBUG */
    for (int i = 0; i < e->bodies; i++) {
        const fuzz_body_state *a = &e->prev.bodies[i], *b = &e->now.bodies[i];
        if (!b->dynamic)
            continue;
        double gained_before = gained;
        double ka = kinetic(a), kb = kinetic(b);
        double mean_m = 0.5 * (a->m + b->m);
        fl_vec2 dp = fl_sub(b->p, a->p);
        double turn = fabs(b->angle - a->angle);
        double move = fl_length(dp) + b->reach * turn;
        gained += kb - ka - mean_m * fl_dot(g, dp);
        if (getenv("FUZZ_ENERGY_DEBUG"))
            fprintf(stderr,
                    "  body %d: kinetic %.17g -> %.17g, mass %.17g -> %.17g, gravity's work %.17g; "
                    "v %g,%g spin %g angle %g\n",
                    i, ka, kb, a->m, b->m, mean_m * fl_dot(g, dp), b->v.x, b->v.y, b->spin, b->angle);
        size += ka + kb + mean_m * gn * (fl_length(dp) + b->reach);

        const fl_buoyancy_total *tot =
            fl_buoyancy_applied_total(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i));
        double flow = 0.0;
        for (int f = 0; f < e->fluids; f++) {
            const fl_fluid_def *fd = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), f);
            int at = i * e->fluids + f;
            double lift_u = fd->density * g.y;
            if (e->prev.inside[at] && e->now.inside[at]) {
                double ua = lift_u * e->prev.area[at] * e->prev.depth[at];
                double ub = lift_u * e->now.area[at] * e->now.depth[at];
                gained += ub - ua;
                size += fabs(ua) + fabs(ub);
                if (getenv("FUZZ_ENERGY_DEBUG"))
                    fprintf(
                        stderr,
                        "  body %d in fluid %d: area %.17g -> %.17g, lift's potential %.17g -> "
                        "%.17g, lift applied %.17g\n",
                        i, f, e->prev.area[at], e->now.area[at], ua, ub,
                        lift_applied_y(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i), f));
                double aa = e->prev.area[at];
                double bent = 0.0;
                if (aa > 0.0 && aa < b->hull_area * (1.0 - 1e-9)) {
                    /* cut at the start: the lift is taken along its tangent
                     * there, off by what the part under grows past it */
                    double tangent = aa + e->prev.waterline[at] * dp.y;
                    bent = fd->density * gn * fabs(e->now.area[at] - tangent) * move;
                    /* and the kick takes that tangent at the start, not
                     * its mean over the step (leapfrog): by rho g W d^2 / 2
                     * at most for a waterline moved by d */
                    bent += 0.5 * fd->density * gn * e->prev.waterline[at] * move * move;
                    allow += bent;
                    part[0] += bent;
                }
                if (aa == 0.0 || aa >= b->hull_area * (1.0 - 1e-9)) {
                    /* dry or wholly under at the start: the step may be lifted
                     * as the box of its height (docs/limits.md) */
                    double box = fl_max(box_area(a), box_area(b));
                    double off = fl_max(box - b->hull_area, 0.0);
                    allow += 2.0 * fd->density * gn * off * move;
                    part[0] += 2.0 * fd->density * gn * off * move;
                }
            } else {
                const fl_buoyancy_push *push =
                    fl_buoyancy_applied(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i),
                                        fl_buoyancy_fluid_at(fl_sim_buoyancy(s), f));
                double lift = fd->density * gn * b->hull_area;
                if (push)
                    lift = fl_max(lift, fl_length(push->lift));
                if (getenv("FUZZ_ENERGY_DEBUG"))
                    fprintf(stderr,
                            "  body %d in fluid %d, not counted: area %.17g -> %.17g, lift %.17g%s, "
                            "at %.17g,%.17g\n",
                            i, f, e->prev.area[at], e->now.area[at], lift,
                            push ? "" : " (none applied)", b->p.x, b->p.y);
                if (push || e->prev.area[at] > 0.0 || e->now.area[at] > 0.0) {
                    allow += 2.0 * lift * move;
                    part[0] += 2.0 * lift * move;
                }
            }
            const fl_submerged *sub =
                fl_buoyancy_submerged(fl_sim_buoyancy(s), fl_world_body(fl_sim_world(s), i),
                                      fl_buoyancy_fluid_at(fl_sim_buoyancy(s), f));
            double u = fl_length(fd->current);
            if (sub && sub->area > 0.0)
                u = fl_max(u, fl_length(sub->flow));
            if (fd->wave_amplitude != 0.0) {
                /* the orbit's speed at the surface: a omega / tanh(k h) at most */
                double kw = 2.0 * 3.14159265358979323846 / fd->wave_length, h = fd->bottom - fd->surface;
                double omega = sqrt(gn * kw * tanh(kw * h));
                if (fd->wave_speed_given)
                    omega = fl_max(omega, kw * fabs(fd->wave_speed));
                u = fl_max(u, fabs(fd->current.x) + fabs(fd->current.y) +
                                  fabs(fd->wave_amplitude) * omega / tanh(kw * h));
            }
            flow = fl_max(flow, u);
        }
        if (tot) {
            double rate = fabs(tot->damping), u2 = 2.0 * flow;
            double speed = fl_max(fl_length(a->v), fl_length(b->v));
            double drag = b->m * rate * dt * u2 * u2 + b->m * rate * (u2 + speed) * b->reach * turn;
            allow += drag;
            part[1] += drag;
        }
        if (e->bouncing[i]) {
            any_bouncing = true;
            lost_bouncing += fl_max(gained_before - gained, 0.0);
        }
        if (holds) {
            double dm = fabs(b->m - a->m);
            double water_m =
                fl_max(a->m, b->m) - fl_body_density(fl_world_body(fl_sim_world(s), i)) *
                                         fl_body_area(fl_world_body(fl_sim_world(s), i));
            water_m = fl_max(water_m, 0.0);
            double hold = dm * (fl_dot(a->v, a->v) + fl_dot(b->v, b->v) +
                                gn * (4.0 * b->reach + deepest)) +
                          fabs(b->inertia - a->inertia) * (a->spin * a->spin + b->spin * b->spin) +
                          2.0 * water_m * gn * (move + b->reach) +
                          2.0 * rho_max * gn * b->hull_area * move;
            allow += hold;
            part[2] += hold;
        }
    }
    for (int r = 0; r < e->ropes; r++) {
        fl_joint_id j = fl_world_joint(fl_sim_world(s), r);
        double sa = e->prev.stretch[r], sb = e->now.stretch[r];
        double f = 0.0;
        fl_body_id ba = fl_joint_body_a(j), bb = fl_joint_body_b(j);
        if (!fl_body_is_null(ba))
            f += e->now.bodies[fl_body_index(ba)].press;
        if (!fl_body_is_null(bb))
            f += e->now.bodies[fl_body_index(bb)].press;
        double k_rope = fl_joint_stiffness(j);
        if (getenv("FUZZ_ENERGY_DEBUG"))
            fprintf(stderr, "  rope %d: stretch %.17g -> %.17g%s\n", r, sa, sb,
                    k_rope > 0.0 ? ", elastic" : "");
        if (fl_joint_kind(j) == FL_JOINT_ROPE && k_rope > 0.0) {
            gained += 0.5 * k_rope * (sb * sb - sa * sa);
            size += 0.5 * k_rope * (sb * sb + sa * sa);
            /* The step is the spring's implicit step on the stretch s_lin
             * linearised at its start, which makes no energy by that
             * stretch; the real one is off by delta at most (rope_bend),
             * so k s^2 / 2 may exceed what was paid for by k delta (s +
             * delta / 2). */
            int ia = !fl_body_is_null(ba) ? fl_body_index(ba) : -1, ib = !fl_body_is_null(bb) ? fl_body_index(bb) : -1;
            double delta = rope_bend(&e->prev.ends[2 * r], &e->now.ends[2 * r],
                                     ia >= 0 ? &e->prev.bodies[ia] : NULL, ia >= 0 ? &e->now.bodies[ia] : NULL,
                                     ib >= 0 ? &e->prev.bodies[ib] : NULL, ib >= 0 ? &e->now.bodies[ib] : NULL);
            double bent = k_rope * delta * (sb + 0.5 * delta);
            /* A taut rope's spring is taken by the average-acceleration
             * rule, which damps nothing: its energy, measured with the
             * velocities half a step behind, swings as the lift's does,
             * by k ds^2 / 2 at most for a stretch that changed by ds. */
            if (sa > 0.0 && sb > 0.0)
                bent += 0.5 * k_rope * (sb - sa) * (sb - sa);
            /* Going slack, the swing the rule carried into the step (its
             * impulse takes in the stretch of the step before, s0: k (sa -
             * s0)^2 / 2) and that of the step's taut part (k sa^2 / 2) are
             * left standing, with no taut steps after to pay them back;
             * the next catch takes more (over a bounce a cord loses:
             * test_collide, the slack cord). Two boxes parting on a rope
             * of 20000 N/m at 6 m/s gained 18.5 J in the step it went
             * slack, against 94 J of these. */
            else if (sa > 0.0) {
                double s0 = isfinite(e->stretch_before[r]) ? e->stretch_before[r] : sa;
                bent += 0.5 * k_rope * ((sa - s0) * (sa - s0) + sa * sa);
            }
            e->stretch_before[r] = sa;
            /* A rope whose pull turns an end faster than the step follows
             * is held by its own account: over a run it makes no more
             * than a tenth of the most it and its ends' relative motion
             * held (and a millimetre's stretch), its credit no more than
             * that, so in one step no more than twice it. A rope of
             * 300093 N/m stretched 34 m spinning a 2.2 kg plank made 11
             * MJ in a step, the engine's band being 17 MJ. */
            e->rope_scale[r] = fmax(e->rope_scale[r], fmax(rope_holds(&e->prev, j, sa),
                                                           rope_holds(&e->now, j, sb)));
            if (end_unfollowed(e, s, r, 0) || end_unfollowed(e, s, r, 1))
                bent = fmax(bent, 2.0 * (0.1 * e->rope_scale[r] + 0.5 * k_rope * 1e-6));
            allow += bent;
            part[3] += bent;
        } else {
            allow += 2.0 * f * fl_max(sa, sb);
            part[3] += 2.0 * f * fl_max(sa, sb);
        }
    }
    if (getenv("FUZZ_ENERGY_DEBUG") && atoi(getenv("FUZZ_ENERGY_DEBUG")) > 1)
        for (int c = 0; c < fl_world_contact_count(fl_sim_world(s)); c++) {
            fl_contact_data ct_data, *ct = &ct_data;
            if (!fl_world_contact(fl_sim_world(s), c, ct))
                continue;
            for (int q = 0; q < ct->count; q++)
                fprintf(stderr, "  contact %d-%d n %g,%g point %g,%g sep %g impulse %g tangent %g id %u\n",
                        ct->index_a, ct->index_b, ct->normal.x, ct->normal.y, ct->points[q].point.x,
                        ct->points[q].point.y, ct->points[q].separation, ct->points[q].normal_impulse,
                        ct->points[q].tangent_impulse, (unsigned)ct->points[q].id);
        }
    double contacts = contacts_allowance(e, fl_sim_world(s));
    allow += e->contacts_prev + contacts;
    part[4] = e->contacts_prev + contacts;
    e->contacts_prev = contacts;
    /* A bounce gives back in one step what its contact took in the steps
     * before (restitution e returns e^2 of it): a gain is allowed up to
     * what the bodies in contacts with restitution have lost since those
     * contacts began, and what it uses is spent. Where no such contact is
     * left, the credit is gone. */
    if (any_bouncing) {
        double used = fl_min(e->bounce_credit, fl_max(gained - allow, 0.0));
        allow += used;
        part[4] += used;
        e->bounce_credit += lost_bouncing - used;
    } else {
        e->bounce_credit = 0.0;
    }

    if (getenv("FUZZ_ENERGY_DEBUG"))
        fprintf(stderr,
                "step %d: gained %.17g J, allowed %.17g J (lift %.3g, drag %.3g, holds %.3g, "
                "ropes %.3g, contacts %.3g)\n",
                k, gained, allow, part[0], part[1], part[2], part[3], part[4]);
    if (!isfinite(gained) || !isfinite(allow) || !isfinite(size) || size > big) {
        swap(e);
        return FUZZ_ENERGY_STOPPED;
    }
    e->excess += gained - allow;
    e->scale += size + allow;
    /* Each step on its own: what an earlier step lost may not pay for what
     * a later one makes. */
    double roundoff = 1e-8 * (size + allow) + 1e-12;
    if (gained - allow > roundoff) {
        fprintf(stderr,
                "fuzz: energy out of nothing at step %d: gained %.17g J against an allowance "
                "of %.17g J (roundoff %.3g J); %.17g J beyond the allowances since the start\n",
                k, gained, allow, roundoff, e->excess);
        swap(e);
        return FUZZ_ENERGY_GAINED;
    }
    swap(e);
    return FUZZ_ENERGY_HELD;
}
