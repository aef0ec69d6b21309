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
static inline bool solve_block(const fl_contact *c, fl_twist *ta, fl_twist *tb, pair_mass pm,
                               const double floor[2], double *acc0, double *acc1)
{
    fl_vec2 n = c->normal;
    const fl_contact_point *p1 = &c->points[0], *p2 = &c->points[1];
    double k11 = c->k11, k12 = c->k12, k22 = c->k22, inv_det = c->inv_det;
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

static bool solvable(const fl_contact *c)
{
    return !c->sensor && c->count > 0 && (c->a->inv_mass > 0.0 || c->b->inv_mass > 0.0);
}

static void prepare_contact(fl_contact *c, fl_motion *m)
{
    c->ia = c->a->index;
    c->ib = c->b->index;
    fl_motion *a = &m[c->ia], *b = &m[c->ib];
    pair_mass pm = masses_of(a, b);
    fl_vec2 n = c->normal, t = tangent_of(n);
    c->overlapping = false;
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        p->ra = fl_sub(p->point, c->a->position);
        p->rb = fl_sub(p->point, c->b->position);
        p->normal_mass = row_mass(pm, p->ra, p->rb, n);
        p->tangent_mass = row_mass(pm, p->ra, p->rb, t);
        /* A hit that the last step stopped at the surface bounces now, with
         * the speed it arrived at. */
        p->approach = fl_min(rel_speed(&a->vel, &b->vel, p->ra, p->rb, n), p->impact);
        p->impact = 0.0;
        p->max_normal_impulse = 0.0;
        p->bias_impulse = 0.0;
        c->overlapping = c->overlapping || p->separation < -ALLOWED_OVERLAP;
        /* Warm start: last step's impulses, where the same features meet. */
        fl_vec2 imp = fl_add(fl_scale(n, p->normal_impulse), fl_scale(t, p->tangent_impulse));
        kick(&a->vel, &b->vel, pm, p->ra, p->rb, imp);
    }
    c->inv_det = 0.0;
    if (c->count == 2) {
        const fl_contact_point *p1 = &c->points[0], *p2 = &c->points[1];
        double a1 = fl_cross(p1->ra, n), a2 = fl_cross(p2->ra, n);
        double b1 = fl_cross(p1->rb, n), b2 = fl_cross(p2->rb, n);
        double im = pm.ima + pm.imb;
        c->k11 = im + pm.iia * a1 * a1 + pm.iib * b1 * b1;
        c->k22 = im + pm.iia * a2 * a2 + pm.iib * b2 * b2;
        c->k12 = im + pm.iia * a1 * a2 + pm.iib * b1 * b2;
        double det = c->k11 * c->k22 - c->k12 * c->k12;
        /* Nearly parallel rows (a tiny contact face) are solved one by one. */
        if (c->k11 * c->k11 < MAX_CONDITION * det)
            c->inv_det = 1.0 / det;
    }
}

static inline void solve_normals(const fl_contact *c, fl_twist *ta, fl_twist *tb, pair_mass pm,
                                 const double floor[2], double *acc0, double *acc1)
{
    if (c->count == 2 && c->inv_det != 0.0 && solve_block(c, ta, tb, pm, floor, acc0, acc1))
        return;
    double *acc[2] = {acc0, acc1};
    for (int i = 0; i < c->count; i++) {
        const fl_contact_point *p = &c->points[i];
        if (floor[i] > -INFINITY)
            push(ta, tb, pm, p->ra, p->rb, c->normal, p->normal_mass, floor[i], acc[i]);
    }
}

static void solve_contact(fl_contact *c, fl_motion *m, double inv_dt)
{
    fl_motion *a = &m[c->ia], *b = &m[c->ib];
    pair_mass pm = masses_of(a, b);
    fl_twist va = a->vel, vb = b->vel;
    fl_vec2 n = c->normal, t = tangent_of(n);
    /* Friction first: the normal rows, solved last, matter most. */
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        double vt = rel_speed(&va, &vb, p->ra, p->rb, t);
        double limit = c->friction * p->normal_impulse;
        double next = fl_min(fl_max(p->tangent_impulse - p->tangent_mass * vt, -limit), limit);
        double lambda = next - p->tangent_impulse;
        p->tangent_impulse = next;
        kick(&va, &vb, pm, p->ra, p->rb, fl_scale(t, lambda));
    }
    /* Apart by s > 0: closing at up to s / dt is allowed. */
    double floor[2] = {0.0, 0.0};
    for (int i = 0; i < c->count; i++)
        floor[i] = c->points[i].separation > 0.0 ? -c->points[i].separation * inv_dt : 0.0;
    solve_normals(c, &va, &vb, pm, floor, &c->points[0].normal_impulse,
                  &c->points[1].normal_impulse);
    a->vel = va;
    b->vel = vb;
    for (int i = 0; i < c->count; i++)
        c->points[i].max_normal_impulse =
            fl_max(c->points[i].max_normal_impulse, c->points[i].normal_impulse);
}

static void restitute_contact(fl_contact *c, fl_motion *m)
{
    if (c->restitution == 0.0)
        return;
    /* Points that hit hard enough leave at -e times their approach speed;
     * the others keep what the velocity pass gave them. A hit on a point
     * still apart was only stopped at the surface: bouncing now would start
     * the rebound early, from the gap, so it bounces at the next step. */
    double floor[2] = {-INFINITY, -INFINITY};
    bool any = false;
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        bool hit = p->approach < -RESTITUTION_THRESHOLD && p->max_normal_impulse > 0.0;
        if (hit && p->separation > FL_LINEAR_SLOP) {
            p->impact = p->approach;
            hit = false;
        }
        floor[i] = hit ? -c->restitution * p->approach : -INFINITY;
        any = any || hit;
    }
    if (!any)
        return;
    fl_motion *a = &m[c->ia], *b = &m[c->ib];
    pair_mass pm = masses_of(a, b);
    if (c->count == 2 && (floor[0] == -INFINITY || floor[1] == -INFINITY)) {
        /* One point bounces, the other does not: no block for that. */
        for (int i = 0; i < 2; i++)
            if (floor[i] > -INFINITY)
                push(&a->vel, &b->vel, pm, c->points[i].ra, c->points[i].rb, c->normal,
                     c->points[i].normal_mass, floor[i], &c->points[i].normal_impulse);
        return;
    }
    solve_normals(c, &a->vel, &b->vel, pm, floor, &c->points[0].normal_impulse,
                  &c->points[1].normal_impulse);
}

static void correct_contact(fl_contact *c, fl_motion *m, double inv_dt)
{
    fl_motion *a = &m[c->ia], *b = &m[c->ib];
    double target[2] = {0.0, 0.0};
    for (int i = 0; i < c->count; i++)
        target[i] = POSITION_FRACTION * fl_max(-(c->points[i].separation + ALLOWED_OVERLAP), 0.0) * inv_dt;
    fl_twist ba = a->bias, bb = b->bias;
    solve_normals(c, &ba, &bb, masses_of(a, b), target, &c->points[0].bias_impulse,
                  &c->points[1].bias_impulse);
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
    /* The passes after the velocity iterations need few contacts: those
     * that can bounce and those that overlap. Listing them once saves
     * scanning every contact in each pass. The collision stage made room. */
    int *bouncy = w->solve_lists, *overlapping = w->solve_lists + n;
    int n_bouncy = 0, n_overlapping = 0;
    for (int i = 0; i < n; i++) {
        c[i].solved = solvable(&c[i]);
        if (!c[i].solved)
            continue;
        prepare_contact(&c[i], m);
        if (c[i].restitution > 0.0)
            bouncy[n_bouncy++] = i;
        if (c[i].overlapping)
            overlapping[n_overlapping++] = i;
    }
    for_joints(w, dt, fl_joint_prepare);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, fl_joint_solve);
        for (int i = 0; i < n; i++)
            if (c[i].solved)
                solve_contact(&c[i], m, inv_dt);
    }
    for (int k = 0; k < n_bouncy; k++)
        restitute_contact(&c[bouncy[k]], m);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, fl_joint_correct);
        for (int k = 0; k < n_overlapping; k++)
            correct_contact(&c[overlapping[k]], m, inv_dt);
    }
    FL_LAP(w, solver, mark);
}
