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
#include "world_internal.h"

#define RESTITUTION_THRESHOLD 1.0 /* m/s: slower impacts do not bounce */
#define POSITION_FRACTION 0.2     /* of the overlap removed per step */
#define ALLOWED_OVERLAP 0.0005    /* m: overlap left alone, so contacts stay warm */
#define MAX_CONDITION 1000.0      /* of a two-point block worth solving as one */

static fl_vec2 tangent_of(fl_vec2 n) { return fl_v2(-n.y, n.x); }

/* Speed along d of b's material point at rb relative to a's at ra. */
static inline double rel_speed(const fl_twist *a, const fl_twist *b, fl_vec2 ra, fl_vec2 rb,
                               fl_vec2 d)
{
    double dx = (b->v.x - b->w * rb.y) - (a->v.x - a->w * ra.y);
    double dy = (b->v.y + b->w * rb.x) - (a->v.y + a->w * ra.x);
    return dx * d.x + dy * d.y;
}

/* The inverse masses and inertias of a constraint's two bodies, passed by
 * value so that the solver's inner loops keep the velocities they update in
 * registers (two pointers into one array might alias, as far as the
 * compiler knows). */
typedef struct pair_mass {
    double ima, iia, imb, iib;
} pair_mass;

static inline pair_mass masses_of(const fl_motion *a, const fl_motion *b)
{
    return (pair_mass){a->im, a->ii, b->im, b->ii};
}

/* Impulse p on b at rb and -p on a at ra, applied to twists ta and tb. */
static inline void kick(fl_twist *ta, fl_twist *tb, pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 p)
{
    ta->v.x -= p.x * pm.ima;
    ta->v.y -= p.y * pm.ima;
    ta->w -= pm.iia * fl_cross(ra, p);
    tb->v.x += p.x * pm.imb;
    tb->v.y += p.y * pm.imb;
    tb->w += pm.iib * fl_cross(rb, p);
}

/* How much the relative speed along d at ra, rb changes per unit impulse
 * along d: the inverse of the effective mass. */
static double row_k(pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double ca = fl_cross(ra, d), cb = fl_cross(rb, d);
    return pm.ima + pm.imb + pm.iia * ca * ca + pm.iib * cb * cb;
}

static double row_mass(pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double k = row_k(pm, ra, rb, d);
    return k > 0.0 ? 1.0 / k : 0.0;
}

/* One unilateral row on the twists of a and b (real or pseudo): push along
 * n so that the relative speed is at least `floor`, keeping the accumulated
 * impulse >= 0. */
static inline void push(fl_twist *ta, fl_twist *tb, pair_mass pm, fl_vec2 ra, fl_vec2 rb,
                        fl_vec2 n, double mass, double floor, double *accumulated)
{
    double vn = rel_speed(ta, tb, ra, rb, n);
    double next = fl_max(*accumulated - mass * (vn - floor), 0.0);
    double lambda = next - *accumulated;
    *accumulated = next;
    kick(ta, tb, pm, ra, rb, fl_scale(n, lambda));
}

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

/* ---- joints ------------------------------------------------------------- */

static void prepare_rope(fl_joint *j, fl_motion *m, double dt)
{
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    fl_vec2 pa = fl_joint_world_a(j), pb = fl_joint_world_b(j);
    j->ra = fl_sub(pa, j->a->position);
    j->rb = j->b ? fl_sub(pb, j->b->position) : fl_v2(0.0, 0.0);
    fl_vec2 d = fl_sub(pb, pa);
    double dist = fl_length(d);
    j->slack = j->length - dist;
    j->bias_impulse = 0.0;
    if (dist < 1e-9 || (j->stiffness > 0.0 && j->slack >= 0.0)) {
        j->mass = 0.0; /* no direction, or an elastic rope hanging slack */
        j->impulse = 0.0;
        return;
    }
    /* The rope pulls b towards a: a push along n = -(b - a) / |b - a|. */
    j->axis = fl_scale(d, -1.0 / dist);
    if (j->stiffness > 0.0) {
        /* Soft constraint: the implicit spring-damper over one step. */
        double k = row_k(masses_of(a, b), j->ra, j->rb, j->axis);
        double denom = j->damping + dt * j->stiffness;
        j->gamma = 1.0 / (dt * denom);
        j->bias = j->slack * j->stiffness / denom;
        j->mass = 1.0 / (k + j->gamma);
    } else {
        j->gamma = 0.0;
        j->bias = 0.0;
        j->mass = row_mass(masses_of(a, b), j->ra, j->rb, j->axis);
    }
    kick(&a->vel, &b->vel, masses_of(a, b), j->ra, j->rb, fl_scale(j->axis, j->impulse));
}

static void solve_rope(fl_joint *j, fl_motion *m, double inv_dt)
{
    if (j->mass == 0.0)
        return;
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    if (j->stiffness > 0.0) {
        double vn = rel_speed(&a->vel, &b->vel, j->ra, j->rb, j->axis);
        double next = fl_max(j->impulse - j->mass * (vn + j->bias + j->gamma * j->impulse), 0.0);
        double lambda = next - j->impulse;
        j->impulse = next;
        kick(&a->vel, &b->vel, masses_of(a, b), j->ra, j->rb, fl_scale(j->axis, lambda));
        return;
    }
    /* Slack by s > 0: the ends may part at up to s / dt before it bites. */
    double floor = j->slack > 0.0 ? -j->slack * inv_dt : 0.0;
    push(&a->vel, &b->vel, masses_of(a, b), j->ra, j->rb, j->axis, j->mass, floor, &j->impulse);
}

static void correct_rope(fl_joint *j, fl_motion *m, double inv_dt)
{
    if (j->mass == 0.0 || j->stiffness > 0.0)
        return;
    double stretch = -(j->slack + FL_LINEAR_SLOP);
    if (stretch <= 0.0)
        return;
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    push(&a->bias, &b->bias, masses_of(a, b), j->ra, j->rb, j->axis, j->mass,
         POSITION_FRACTION * stretch * inv_dt, &j->bias_impulse);
}

static void prepare_mouse(fl_joint *j, fl_motion *m, double dt)
{
    fl_motion *b = &m[j->ia];
    fl_body *body = j->a;
    j->ra = fl_rotate(body->rot, j->local_a);
    double omega = 2.0 * FL_PI * j->frequency;
    double k = body->mass * omega * omega, c = 2.0 * body->mass * j->damping_ratio * omega;
    double denom = c + dt * k;
    j->gamma = denom > 0.0 ? 1.0 / (dt * denom) : 0.0;
    double beta = denom > 0.0 ? dt * k / denom : 0.0;
    fl_vec2 r = j->ra;
    double k11 = b->im + b->ii * r.y * r.y + j->gamma, k12 = -b->ii * r.x * r.y;
    double k22 = b->im + b->ii * r.x * r.x + j->gamma;
    double det = k11 * k22 - k12 * k12;
    det = det != 0.0 ? 1.0 / det : 0.0;
    j->mouse_mass[0] = det * k22;
    j->mouse_mass[1] = -det * k12;
    j->mouse_mass[2] = det * k11;
    fl_vec2 err = fl_sub(fl_add(body->position, r), j->target);
    j->mouse_bias = fl_scale(err, beta / dt);
    b->vel.v = fl_add(b->vel.v, fl_scale(j->mouse_impulse, b->im));
    b->vel.w += b->ii * fl_cross(r, j->mouse_impulse);
}

static void solve_mouse(fl_joint *j, fl_motion *m, double inv_dt)
{
    fl_motion *b = &m[j->ia];
    fl_vec2 r = j->ra;
    fl_vec2 cdot = fl_add(b->vel.v, fl_cross_sv(b->vel.w, r));
    fl_vec2 rhs = fl_neg(fl_add(fl_add(cdot, j->mouse_bias), fl_scale(j->mouse_impulse, j->gamma)));
    fl_vec2 lambda = fl_v2(j->mouse_mass[0] * rhs.x + j->mouse_mass[1] * rhs.y,
                           j->mouse_mass[1] * rhs.x + j->mouse_mass[2] * rhs.y);
    fl_vec2 old = j->mouse_impulse, next = fl_add(old, lambda);
    double most = j->max_force / inv_dt, len = fl_length(next);
    if (len > most)
        next = fl_scale(next, most / len);
    lambda = fl_sub(next, old);
    j->mouse_impulse = next;
    b->vel.v = fl_add(b->vel.v, fl_scale(lambda, b->im));
    b->vel.w += b->ii * fl_cross(r, lambda);
}

/* ---- the whole solve ---------------------------------------------------- */

typedef void (*joint_fn)(fl_joint *, fl_motion *, double);

static void for_joints(fl_world *w, double arg, joint_fn rope, joint_fn mouse)
{
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        if (j->removed)
            continue;
        if (j->type == FL_JOINT_ROPE)
            rope(j, w->motions, arg);
        else if (mouse)
            mouse(j, w->motions, arg);
    }
}

/* Packs every body's velocities for the solver; the ground goes last. */
static bool load_motions(fl_world *w)
{
    fl_motion *m = fl_world_grow(w, w->motions, &w->motion_capacity, w->body_count + 1, sizeof *m);
    if (!m)
        return false;
    w->motions = m;
    for (int i = 0; i < w->body_count; i++) {
        const fl_body *b = w->bodies[i];
        m[i] = (fl_motion){{b->velocity, b->spin}, {{0.0, 0.0}, 0.0}, b->inv_mass, b->inv_inertia};
    }
    m[w->body_count] = (fl_motion){{{0.0, 0.0}, 0.0}, {{0.0, 0.0}, 0.0}, 0.0, 0.0};
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        j->ia = j->a->index;
        j->ib = j->b ? j->b->index : w->body_count;
    }
    return true;
}

/* Velocities back to the bodies; positions move by velocity plus the
 * position correction's pseudo-velocity. */
static void store_and_integrate(fl_world *w, double dt)
{
    for (int i = 0; i < w->body_count; i++) {
        fl_body *b = w->bodies[i];
        if (b->is_static || b->removed)
            continue;
        const fl_motion *m = &w->motions[i];
        b->velocity = m->vel.v;
        b->spin = m->vel.w;
        b->position.x += (m->vel.v.x + m->bias.v.x) * dt;
        b->position.y += (m->vel.v.y + m->bias.v.y) * dt;
        double turn = (m->vel.w + m->bias.w) * dt;
        if (turn != 0.0) {
            b->angle += turn;
            b->rot = fl_rot_from(b->angle);
        }
    }
}

/* Without memory for the solver's arrays the step still moves bodies, by
 * their velocities alone. */
static void integrate_unsolved(fl_world *w, double dt)
{
    for (int i = 0; i < w->body_count; i++) {
        fl_body *b = w->bodies[i];
        if (b->is_static || b->removed)
            continue;
        b->position = fl_add(b->position, fl_scale(b->velocity, dt));
        b->angle += b->spin * dt;
        b->rot = fl_rot_from(b->angle);
    }
}

void fl_solve(fl_world *w, double dt)
{
    double mark = w->profile ? fl_clock_ms() : 0.0;
    if (!load_motions(w)) {
        integrate_unsolved(w, dt);
        return;
    }
    fl_motion *m = w->motions;
    double inv_dt = 1.0 / dt;
    fl_contact *c = w->contacts.items;
    int n = w->contacts.count;
    for (int i = 0; i < n; i++) {
        c[i].solved = solvable(&c[i]);
        if (c[i].solved)
            prepare_contact(&c[i], m);
    }
    for_joints(w, dt, prepare_rope, prepare_mouse);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, solve_rope, solve_mouse);
        for (int i = 0; i < n; i++)
            if (c[i].solved)
                solve_contact(&c[i], m, inv_dt);
    }
    for (int i = 0; i < n; i++)
        if (c[i].solved)
            restitute_contact(&c[i], m);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, inv_dt, correct_rope, NULL);
        for (int i = 0; i < n; i++)
            if (c[i].overlapping && c[i].solved)
                correct_contact(&c[i], m, inv_dt);
    }
    FL_LAP(w, solver, mark);
    store_and_integrate(w, dt);
    FL_LAP(w, integration, mark);
}
