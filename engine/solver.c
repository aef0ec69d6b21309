/* The constraint solver: sequential impulses over contacts and joints.
 *
 * Velocities: warm start with last step's impulses, then `iterations`
 * passes; each contact point keeps its accumulated normal impulse >= 0 and
 * its friction impulse within the Coulomb cone. Speculative points (still
 * apart by s) only stop the approach that would close the gap within the
 * step, so fast bodies cannot tunnel. Restitution follows as one more pass
 * that targets -e times the approach speed, for points that really hit.
 * Positions: overlap beyond the slop is removed by split impulses, solved
 * into separate pseudo-velocities that move bodies but add no momentum, so
 * resting stacks do not jitter or bounce. */
#include "solver_rows.h"

/* Both normal rows of a two-point contact at once, as the small linear
 * complementarity problem they are: find impulses x >= 0 with normal speeds
 * w = K x + q >= floor and x . (w - floor) = 0. Solving the two points one
 * after the other instead leaves a box on a floor rocking, since whichever
 * goes first takes more of the load. Returns false (nothing applied) when no
 * case fits, which rounding can cause. */
static inline bool solve_block(const contact_row *r, fl_twist *ta, fl_twist *tb, pair_mass pm,
                               const double floor[2], double *acc0, double *acc1)
{
    fl_vec2 n = r->normal;
    const row_point *p1 = &r->points[0], *p2 = &r->points[1];
    double k11 = r->k11, k12 = r->k12, k22 = r->k22, inv_det = r->inv_det;
    double x1 = *acc0, x2 = *acc1;
    /* q: the speeds above their floors with the current impulses removed. */
    double q1 = rel_speed(ta, tb, p1->ra, p1->rb, n) - floor[0] - (k11 * x1 + k12 * x2);
    double q2 = rel_speed(ta, tb, p2->ra, p2->rb, n) - floor[1] - (k12 * x1 + k22 * x2);
    double y1, y2;
    if ((y1 = (k12 * q2 - k22 * q1) * inv_det) >= 0.0 &&
        (y2 = (k12 * q1 - k11 * q2) * inv_det) >= 0.0) {
        /* both points pushing */
    } else if ((y1 = -q1 * p1->normal_mass) >= 0.0 && k12 * y1 + q2 >= 0.0) {
        y2 = 0.0;
    } else if ((y2 = -q2 * p2->normal_mass) >= 0.0 && k12 * y2 + q1 >= 0.0) {
        y1 = 0.0;
    } else if (q1 >= 0.0 && q2 >= 0.0) {
        y1 = y2 = 0.0;
    } else {
        return false;
    }
    *acc0 = y1;
    *acc1 = y2;
    kick(ta, tb, pm, p1->ra, p1->rb, fl_scale(n, y1 - x1));
    kick(ta, tb, pm, p2->ra, p2->rb, fl_scale(n, y2 - x2));
    return true;
}

static bool solvable(const fl_contact *c, const fl_motion *m)
{
    return !c->sensor && c->count > 0 && (m[c->index_a].im > 0.0 || m[c->index_b].im > 0.0);
}

/* Fills row r for contact c (index `index`) and warm starts it. */
static void prepare_row(contact_row *r, fl_contact *c, int index, fl_motion *m)
{
    r->ia = c->index_a;
    r->ib = c->index_b;
    r->count = c->count;
    r->contact = index;
    r->normal = c->normal;
    r->friction = c->friction;
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_vec2 n = c->normal, t = tangent_of(n);
    for (int i = 0; i < c->count; i++) {
        const fl_contact_point *cp = &c->points[i];
        row_point *p = &r->points[i];
        p->ra = fl_sub(cp->point, a->position);
        p->rb = fl_sub(cp->point, b->position);
        p->normal_mass = row_mass(pm, p->ra, p->rb, n);
        p->tangent_mass = row_mass(pm, p->ra, p->rb, t);
        p->normal_impulse = cp->normal_impulse;
        p->tangent_impulse = cp->tangent_impulse;
        p->bias_impulse = 0.0;
        p->separation = cp->separation;
    }
    r->inv_det = 0.0;
    if (c->count == 2) {
        const row_point *p1 = &r->points[0], *p2 = &r->points[1];
        double a1 = fl_cross(p1->ra, n), a2 = fl_cross(p2->ra, n);
        double b1 = fl_cross(p1->rb, n), b2 = fl_cross(p2->rb, n);
        double im = pm.ima + pm.imb;
        r->k11 = im + pm.iia * a1 * a1 + pm.iib * b1 * b1;
        r->k22 = im + pm.iia * a2 * a2 + pm.iib * b2 * b2;
        r->k12 = im + pm.iia * a1 * a2 + pm.iib * b1 * b2;
        double det = r->k11 * r->k22 - r->k12 * r->k12;
        /* Nearly parallel rows (a tiny contact face) are solved one by one. */
        if (r->k11 * r->k11 < MAX_CONDITION * det)
            r->inv_det = 1.0 / det;
    }
}

/* The speed each point of a bouncing row approaches at, taken before its
 * own warm start as the solve found it; a hit that the last step stopped
 * at the surface bounces now, with the speed it arrived at. */
static void note_approach(bounce_row *br, const contact_row *r, fl_contact *c, const fl_motion *m)
{
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        br->approach[i] = fl_min(rel_speed(&m[r->ia].vel, &m[r->ib].vel, p->ra, p->rb, r->normal),
                                 c->points[i].impact);
        br->max_impulse[i] = 0.0;
        c->points[i].impact = 0.0;
    }
}

/* Warm start: last step's impulses, where the same features meet. */
static void warm_start(const contact_row *r, fl_motion *m)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_vec2 n = r->normal, t = tangent_of(n);
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        fl_vec2 imp = fl_add(fl_scale(n, p->normal_impulse), fl_scale(t, p->tangent_impulse));
        kick(&a->vel, &b->vel, pm, p->ra, p->rb, imp);
    }
}

static inline void solve_normals(const contact_row *r, fl_twist *ta, fl_twist *tb, pair_mass pm,
                                 const double floor[2], double *acc0, double *acc1)
{
    if (r->count == 2 && r->inv_det != 0.0 && solve_block(r, ta, tb, pm, floor, acc0, acc1))
        return;
    double *acc[2] = {acc0, acc1};
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        if (floor[i] > -INFINITY)
            push(ta, tb, pm, p->ra, p->rb, r->normal, p->normal_mass, floor[i], acc[i]);
    }
}

static void solve_row(contact_row *r, fl_motion *m, double inv_dt)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_twist va = a->vel, vb = b->vel;
    fl_vec2 n = r->normal, t = tangent_of(n);
    /* Friction first: the normal rows, solved last, matter most. */
    for (int i = 0; i < r->count; i++) {
        row_point *p = &r->points[i];
        double vt = rel_speed(&va, &vb, p->ra, p->rb, t);
        double limit = r->friction * p->normal_impulse;
        double next = fl_min(fl_max(p->tangent_impulse - p->tangent_mass * vt, -limit), limit);
        double lambda = next - p->tangent_impulse;
        p->tangent_impulse = next;
        kick(&va, &vb, pm, p->ra, p->rb, fl_scale(t, lambda));
    }
    /* Apart by s > 0: closing at up to s / dt is allowed. */
    double floor[2] = {0.0, 0.0};
    for (int i = 0; i < r->count; i++)
        floor[i] = r->points[i].separation > 0.0 ? -r->points[i].separation * inv_dt : 0.0;
    solve_normals(r, &va, &vb, pm, floor, &r->points[0].normal_impulse,
                  &r->points[1].normal_impulse);
    a->vel = va;
    b->vel = vb;
}

static void restitute_row(contact_row *r, bounce_row *br, fl_contact *c, double e, fl_motion *m)
{
    /* Points that hit hard enough leave at -e times their approach speed;
     * the others keep what the velocity pass gave them. A hit on a point
     * still apart was only stopped at the surface: bouncing now would start
     * the rebound early, from the gap, so it bounces at the next step. */
    double floor[2] = {-INFINITY, -INFINITY};
    bool any = false;
    for (int i = 0; i < r->count; i++) {
        bool hit = br->approach[i] < -RESTITUTION_THRESHOLD && br->max_impulse[i] > 0.0;
        if (hit && r->points[i].separation > FL_LINEAR_SLOP) {
            c->points[i].impact = br->approach[i];
            hit = false;
        }
        floor[i] = hit ? -e * br->approach[i] : -INFINITY;
        any = any || hit;
    }
    if (!any)
        return;
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    if (r->count == 2 && (floor[0] == -INFINITY || floor[1] == -INFINITY)) {
        /* One point bounces, the other does not: no block for that. */
        for (int i = 0; i < 2; i++)
            if (floor[i] > -INFINITY)
                push(&a->vel, &b->vel, pm, r->points[i].ra, r->points[i].rb, r->normal,
                     r->points[i].normal_mass, floor[i], &r->points[i].normal_impulse);
        return;
    }
    solve_normals(r, &a->vel, &b->vel, pm, floor, &r->points[0].normal_impulse,
                  &r->points[1].normal_impulse);
}

static void correct_row(contact_row *r, fl_motion *m, double inv_dt)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    double target[2] = {0.0, 0.0};
    for (int i = 0; i < r->count; i++)
        target[i] = POSITION_FRACTION * fl_max(-(r->points[i].separation + ALLOWED_OVERLAP), 0.0) * inv_dt;
    fl_twist ba = a->bias, bb = b->bias;
    solve_normals(r, &ba, &bb, masses_of(a, b), target, &r->points[0].bias_impulse,
                  &r->points[1].bias_impulse);
    a->bias = ba;
    b->bias = bb;
}

/* ---- the whole solve ---------------------------------------------------- */

typedef void (*joint_fn)(fl_joint *, fl_motion *, double);

static void for_joints(fl_world *w, double arg, joint_fn fn)
{
    for (int i = 0; i < w->joint_count; i++)
        if (!w->joints[i]->removed)
            fn(w->joints[i], w->motions, arg);
}

/* Points every joint at its bodies' places in the packed motions. */
static void index_joints(fl_world *w)
{
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        j->ia = j->a->index;
        j->ib = j->b ? j->b->index : w->body_count;
    }
}

/* Room for a row per contact, and for the lists of rows that bounce or
 * overlap; grown only when a step has more contacts than any before. */
static bool reserve_rows(fl_world *w, int n)
{
    contact_row *r = fl_world_grow(w, w->rows, &w->row_capacity, n, sizeof *r);
    if (r)
        w->rows = r;
    bounce_row *b = fl_world_grow(w, w->bounces, &w->bounce_capacity, n, sizeof *b);
    if (b)
        w->bounces = b;
    int *o = fl_world_grow(w, w->overlapping, &w->overlapping_capacity, n, sizeof *o);
    if (o)
        w->overlapping = o;
    return r && b && o;
}

/* The largest normal impulse of each bouncing point, over the passes. */
static void track_max_impulse(fl_world *w, int n_bounce)
{
    for (int k = 0; k < n_bounce; k++) {
        bounce_row *br = &w->bounces[k];
        const contact_row *r = &w->rows[br->row];
        for (int i = 0; i < r->count; i++)
            br->max_impulse[i] = fl_max(br->max_impulse[i], r->points[i].normal_impulse);
    }
}

void fl_solve(fl_world *w, double dt)
{
    /* The velocities were packed as they were integrated; without memory
     * for them bodies just move by their velocities (fl_integrate_positions). */
    if (!w->motions_ready)
        return;
    double mark = w->profile ? fl_clock_ms() : 0.0;
    index_joints(w);
    fl_motion *m = w->motions;
    double inv_dt = 1.0 / dt;
    fl_contact *c = w->contacts.items;
    int n = w->contacts.count;
    /* Out of memory: this step goes without contact responses. */
    int rows = 0, n_bounce = 0, n_overlapping = 0;
    if (reserve_rows(w, n)) {
        for (int i = 0; i < n; i++) {
            if (!solvable(&c[i], m))
                continue;
            contact_row *r = &w->rows[rows];
            prepare_row(r, &c[i], i, m);
            if (c[i].restitution > 0.0) {
                w->bounces[n_bounce].row = rows;
                note_approach(&w->bounces[n_bounce++], r, &c[i], m);
            }
            warm_start(r, m);
            bool overlapping = false;
            for (int k = 0; k < r->count; k++)
                overlapping = overlapping || r->points[k].separation < -ALLOWED_OVERLAP;
            if (overlapping)
                w->overlapping[n_overlapping++] = rows;
            rows++;
        }
    }
    contact_row *r = w->rows;
    for_joints(w, dt, fl_joint_prepare);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, fl_joint_solve);
        for (int i = 0; i < rows; i++)
            solve_row(&r[i], m, inv_dt);
        track_max_impulse(w, n_bounce);
    }
    for (int k = 0; k < n_bounce; k++) {
        bounce_row *br = &w->bounces[k];
        fl_contact *ct = &c[r[br->row].contact];
        restitute_row(&r[br->row], br, ct, ct->restitution, m);
    }
    /* What the contacts report, and the next step starts from. */
    for (int i = 0; i < rows; i++) {
        fl_contact *ct = &c[r[i].contact];
        for (int k = 0; k < r[i].count; k++) {
            ct->points[k].normal_impulse = r[i].points[k].normal_impulse;
            ct->points[k].tangent_impulse = r[i].points[k].tangent_impulse;
        }
    }
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, fl_joint_correct);
        for (int k = 0; k < n_overlapping; k++)
            correct_row(&r[w->overlapping[k]], m, inv_dt);
    }
    FL_LAP(w, solver, mark);
}
