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

static fl_vec2 tangent_of(fl_vec2 n) { return fl_v2(-n.y, n.x); }

/* Velocity of b's material point at offset r, minus a's at ra. */
static fl_vec2 relative_velocity(const fl_body *a, const fl_body *b, fl_vec2 ra, fl_vec2 rb)
{
    fl_vec2 va = fl_add(a->velocity, fl_cross_sv(a->spin, ra));
    fl_vec2 vb = fl_add(b->velocity, fl_cross_sv(b->spin, rb));
    return fl_sub(vb, va);
}

static void apply_impulse(fl_body *a, fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 p)
{
    a->velocity = fl_sub(a->velocity, fl_scale(p, a->inv_mass));
    a->spin -= a->inv_inertia * fl_cross(ra, p);
    b->velocity = fl_add(b->velocity, fl_scale(p, b->inv_mass));
    b->spin += b->inv_inertia * fl_cross(rb, p);
}

static void apply_bias_impulse(fl_body *a, fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 p)
{
    a->bias_velocity = fl_sub(a->bias_velocity, fl_scale(p, a->inv_mass));
    a->bias_spin -= a->inv_inertia * fl_cross(ra, p);
    b->bias_velocity = fl_add(b->bias_velocity, fl_scale(p, b->inv_mass));
    b->bias_spin += b->inv_inertia * fl_cross(rb, p);
}

/* How much the relative velocity along d at offsets ra, rb changes per unit
 * impulse along d: the inverse of the effective mass. */
static double row_k(const fl_body *a, const fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double ca = fl_cross(ra, d), cb = fl_cross(rb, d);
    return a->inv_mass + b->inv_mass + a->inv_inertia * ca * ca + b->inv_inertia * cb * cb;
}

static double row_mass(const fl_body *a, const fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double k = row_k(a, b, ra, rb, d);
    return k > 0.0 ? 1.0 / k : 0.0;
}

/* One unilateral row: push along n (b away from a) so that the normal
 * velocity is at least `floor`, keeping the accumulated impulse >= 0. */
static void solve_push(fl_body *a, fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 n, double mass,
                       double floor, double *accumulated)
{
    double vn = fl_dot(relative_velocity(a, b, ra, rb), n);
    double lambda = -mass * (vn - floor);
    double next = fmax(*accumulated + lambda, 0.0);
    lambda = next - *accumulated;
    *accumulated = next;
    apply_impulse(a, b, ra, rb, fl_scale(n, lambda));
}

/* The same row on the pseudo-velocities of the position correction. */
static void solve_push_bias(fl_body *a, fl_body *b, fl_vec2 ra, fl_vec2 rb, fl_vec2 n, double mass,
                            double target, double *accumulated)
{
    fl_vec2 va = fl_add(a->bias_velocity, fl_cross_sv(a->bias_spin, ra));
    fl_vec2 vb = fl_add(b->bias_velocity, fl_cross_sv(b->bias_spin, rb));
    double vn = fl_dot(fl_sub(vb, va), n);
    double lambda = -mass * (vn - target);
    double next = fmax(*accumulated + lambda, 0.0);
    lambda = next - *accumulated;
    *accumulated = next;
    apply_bias_impulse(a, b, ra, rb, fl_scale(n, lambda));
}

/* Velocities of a body: real, or the pseudo ones of position correction. */
typedef struct motion {
    fl_vec2 *v;
    double *w;
} motion;

static motion motion_of(fl_body *b, bool bias)
{
    return bias ? (motion){&b->bias_velocity, &b->bias_spin} : (motion){&b->velocity, &b->spin};
}

static double normal_speed(motion ma, motion mb, fl_vec2 ra, fl_vec2 rb, fl_vec2 n)
{
    fl_vec2 va = fl_add(*ma.v, fl_cross_sv(*ma.w, ra));
    fl_vec2 vb = fl_add(*mb.v, fl_cross_sv(*mb.w, rb));
    return fl_dot(fl_sub(vb, va), n);
}

/* Both normal rows of a two-point contact at once, as the small linear
 * complementarity problem they are: find impulses x >= 0 with normal speeds
 * w = K x + q >= floor and x . (w - floor) = 0. Solving the two points one
 * after the other instead leaves a box on a floor rocking, since whichever
 * goes first takes more of the load. Returns false (nothing applied) when K
 * is too ill-conditioned to trust. */
static bool solve_block(fl_contact *c, bool bias, const double floor[2], double *acc[2])
{
    fl_body *a = c->a, *b = c->b;
    fl_vec2 n = c->normal;
    fl_contact_point *p1 = &c->points[0], *p2 = &c->points[1];
    double a1 = fl_cross(p1->ra, n), a2 = fl_cross(p2->ra, n);
    double b1 = fl_cross(p1->rb, n), b2 = fl_cross(p2->rb, n);
    double m = a->inv_mass + b->inv_mass;
    double k11 = m + a->inv_inertia * a1 * a1 + b->inv_inertia * b1 * b1;
    double k22 = m + a->inv_inertia * a2 * a2 + b->inv_inertia * b2 * b2;
    double k12 = m + a->inv_inertia * a1 * a2 + b->inv_inertia * b1 * b2;
    double det = k11 * k22 - k12 * k12;
    if (!(k11 * k11 < 1000.0 * det))
        return false;
    motion ma = motion_of(a, bias), mb = motion_of(b, bias);
    double x1 = *acc[0], x2 = *acc[1];
    /* q: the speeds above their floors with the current impulses removed. */
    double q1 = normal_speed(ma, mb, p1->ra, p1->rb, n) - floor[0] - (k11 * x1 + k12 * x2);
    double q2 = normal_speed(ma, mb, p2->ra, p2->rb, n) - floor[1] - (k12 * x1 + k22 * x2);
    double y1, y2;
    if ((y1 = (k12 * q2 - k22 * q1) / det) >= 0.0 && (y2 = (k12 * q1 - k11 * q2) / det) >= 0.0) {
        /* both points pushing */
    } else if ((y1 = -q1 / k11) >= 0.0 && k12 * y1 + q2 >= 0.0) {
        y2 = 0.0;
    } else if ((y2 = -q2 / k22) >= 0.0 && k12 * y2 + q1 >= 0.0) {
        y1 = 0.0;
    } else if (q1 >= 0.0 && q2 >= 0.0) {
        y1 = y2 = 0.0;
    } else {
        return false;
    }
    fl_vec2 d1 = fl_scale(n, y1 - x1), d2 = fl_scale(n, y2 - x2);
    *acc[0] = y1;
    *acc[1] = y2;
    void (*apply)(fl_body *, fl_body *, fl_vec2, fl_vec2, fl_vec2) =
        bias ? apply_bias_impulse : apply_impulse;
    apply(a, b, p1->ra, p1->rb, d1);
    apply(a, b, p2->ra, p2->rb, d2);
    return true;
}

static bool solvable(const fl_contact *c)
{
    return !c->sensor && c->count > 0 && (c->a->inv_mass > 0.0 || c->b->inv_mass > 0.0);
}

static void prepare_contact(fl_contact *c)
{
    fl_vec2 n = c->normal, t = tangent_of(n);
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        p->ra = fl_sub(p->point, c->a->position);
        p->rb = fl_sub(p->point, c->b->position);
        p->normal_mass = row_mass(c->a, c->b, p->ra, p->rb, n);
        p->tangent_mass = row_mass(c->a, c->b, p->ra, p->rb, t);
        /* A hit that the last step stopped at the surface bounces now, with
         * the speed it arrived at. */
        p->approach = fmin(fl_dot(relative_velocity(c->a, c->b, p->ra, p->rb), n), p->impact);
        p->impact = 0.0;
        p->max_normal_impulse = 0.0;
        p->bias_impulse = 0.0;
        /* Warm start: last step's impulses, where the same features meet. */
        fl_vec2 imp = fl_add(fl_scale(n, p->normal_impulse), fl_scale(t, p->tangent_impulse));
        apply_impulse(c->a, c->b, p->ra, p->rb, imp);
    }
}

static void solve_contact(fl_contact *c, double dt)
{
    fl_vec2 n = c->normal, t = tangent_of(n);
    /* Friction first: the normal rows, solved last, matter most. */
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        double vt = fl_dot(relative_velocity(c->a, c->b, p->ra, p->rb), t);
        double limit = c->friction * p->normal_impulse;
        double next = fmin(fmax(p->tangent_impulse - p->tangent_mass * vt, -limit), limit);
        double lambda = next - p->tangent_impulse;
        p->tangent_impulse = next;
        apply_impulse(c->a, c->b, p->ra, p->rb, fl_scale(t, lambda));
    }
    /* Apart by s > 0: closing at up to s / dt is allowed. */
    double floor[2];
    for (int i = 0; i < c->count; i++)
        floor[i] = c->points[i].separation > 0.0 ? -c->points[i].separation / dt : 0.0;
    double *acc[2] = {&c->points[0].normal_impulse, &c->points[1].normal_impulse};
    if (c->count < 2 || !solve_block(c, false, floor, acc))
        for (int i = 0; i < c->count; i++) {
            fl_contact_point *p = &c->points[i];
            solve_push(c->a, c->b, p->ra, p->rb, n, p->normal_mass, floor[i], &p->normal_impulse);
        }
    for (int i = 0; i < c->count; i++)
        c->points[i].max_normal_impulse =
            fmax(c->points[i].max_normal_impulse, c->points[i].normal_impulse);
}

static void restitute_contact(fl_contact *c)
{
    if (c->restitution == 0.0)
        return;
    /* Points that hit hard enough leave at -e times their approach speed;
     * the others keep what the velocity pass gave them. A hit on a point
     * still apart was only stopped at the surface: bouncing now would start
     * the rebound early, from the gap, so it bounces at the next step. */
    double floor[2];
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
    double *acc[2] = {&c->points[0].normal_impulse, &c->points[1].normal_impulse};
    if (c->count == 2 && isfinite(floor[0]) && isfinite(floor[1]) && solve_block(c, false, floor, acc))
        return;
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        if (isfinite(floor[i]))
            solve_push(c->a, c->b, p->ra, p->rb, c->normal, p->normal_mass, floor[i],
                       &p->normal_impulse);
    }
}

static void correct_contact(fl_contact *c, double dt)
{
    double target[2];
    for (int i = 0; i < c->count; i++)
        target[i] = POSITION_FRACTION * fmax(-(c->points[i].separation + ALLOWED_OVERLAP), 0.0) / dt;
    double *acc[2] = {&c->points[0].bias_impulse, &c->points[1].bias_impulse};
    if (c->count == 2 && solve_block(c, true, target, acc))
        return;
    for (int i = 0; i < c->count; i++) {
        fl_contact_point *p = &c->points[i];
        solve_push_bias(c->a, c->b, p->ra, p->rb, c->normal, p->normal_mass, target[i],
                        &p->bias_impulse);
    }
}

/* ---- joints ------------------------------------------------------------- */

static void prepare_rope(fl_joint *j, double dt)
{
    fl_body *a = j->a, *b = j->body_b;
    fl_vec2 pa = fl_joint_world_a(j), pb = fl_joint_world_b(j);
    j->ra = fl_sub(pa, a->position);
    j->rb = j->b ? fl_sub(pb, b->position) : fl_v2(0.0, 0.0);
    fl_vec2 d = fl_sub(pb, pa);
    double dist = fl_length(d);
    j->slack = j->length - dist;
    if (dist < 1e-9 || (j->stiffness > 0.0 && j->slack >= 0.0)) {
        j->mass = 0.0; /* no direction, or an elastic rope hanging slack */
        j->impulse = 0.0;
        return;
    }
    /* The rope pulls b towards a: a push along n = -(b - a) / |b - a|. */
    j->axis = fl_scale(d, -1.0 / dist);
    if (j->stiffness > 0.0) {
        double k = row_k(a, b, j->ra, j->rb, j->axis);
        /* Soft constraint: the implicit spring-damper over one step. */
        double h = dt, denom = j->damping + h * j->stiffness;
        j->gamma = 1.0 / (h * denom);
        j->bias = j->slack * j->stiffness / denom;
        j->mass = 1.0 / (k + j->gamma);
    } else {
        j->gamma = 0.0;
        j->bias = 0.0;
        j->mass = row_mass(a, b, j->ra, j->rb, j->axis);
    }
    j->bias_impulse = 0.0;
    apply_impulse(a, b, j->ra, j->rb, fl_scale(j->axis, j->impulse));
}

static void solve_rope(fl_joint *j, double dt)
{
    if (j->mass == 0.0)
        return;
    fl_body *a = j->a, *b = j->body_b;
    if (j->stiffness > 0.0) {
        double vn = fl_dot(relative_velocity(a, b, j->ra, j->rb), j->axis);
        double lambda = -j->mass * (vn + j->bias + j->gamma * j->impulse);
        double next = fmax(j->impulse + lambda, 0.0);
        lambda = next - j->impulse;
        j->impulse = next;
        apply_impulse(a, b, j->ra, j->rb, fl_scale(j->axis, lambda));
        return;
    }
    /* Slack by s > 0: the ends may part at up to s / dt before it bites. */
    double floor = j->slack > 0.0 ? -j->slack / dt : 0.0;
    solve_push(a, b, j->ra, j->rb, j->axis, j->mass, floor, &j->impulse);
}

static void correct_rope(fl_joint *j, double dt)
{
    if (j->mass == 0.0 || j->stiffness > 0.0)
        return;
    double stretch = -(j->slack + FL_LINEAR_SLOP);
    if (stretch <= 0.0)
        return;
    fl_body *a = j->a, *b = j->body_b;
    solve_push_bias(a, b, j->ra, j->rb, j->axis, j->mass, POSITION_FRACTION * stretch / dt,
                    &j->bias_impulse);
}

static void prepare_mouse(fl_joint *j, double dt)
{
    fl_body *b = j->a;
    j->ra = fl_rotate(b->rot, j->local_a);
    double omega = 2.0 * FL_PI * j->frequency;
    double k = b->mass * omega * omega, c = 2.0 * b->mass * j->damping_ratio * omega;
    double denom = c + dt * k;
    j->gamma = denom > 0.0 ? 1.0 / (dt * denom) : 0.0;
    double beta = denom > 0.0 ? dt * k / denom : 0.0;
    fl_vec2 r = j->ra;
    double m = b->inv_mass, i = b->inv_inertia;
    double k11 = m + i * r.y * r.y + j->gamma, k12 = -i * r.x * r.y, k22 = m + i * r.x * r.x + j->gamma;
    double det = k11 * k22 - k12 * k12;
    det = det != 0.0 ? 1.0 / det : 0.0;
    j->mouse_mass[0] = det * k22;
    j->mouse_mass[1] = -det * k12;
    j->mouse_mass[2] = det * k11;
    fl_vec2 err = fl_sub(fl_add(b->position, r), j->target);
    j->mouse_bias = fl_scale(err, beta / dt);
    b->velocity = fl_add(b->velocity, fl_scale(j->mouse_impulse, m));
    b->spin += i * fl_cross(r, j->mouse_impulse);
}

static void solve_mouse(fl_joint *j, double dt)
{
    fl_body *b = j->a;
    fl_vec2 r = j->ra;
    fl_vec2 cdot = fl_add(b->velocity, fl_cross_sv(b->spin, r));
    fl_vec2 rhs = fl_neg(fl_add(fl_add(cdot, j->mouse_bias), fl_scale(j->mouse_impulse, j->gamma)));
    fl_vec2 lambda = fl_v2(j->mouse_mass[0] * rhs.x + j->mouse_mass[1] * rhs.y,
                           j->mouse_mass[1] * rhs.x + j->mouse_mass[2] * rhs.y);
    fl_vec2 old = j->mouse_impulse, next = fl_add(old, lambda);
    double most = j->max_force * dt, len = fl_length(next);
    if (len > most)
        next = fl_scale(next, most / len);
    lambda = fl_sub(next, old);
    j->mouse_impulse = next;
    b->velocity = fl_add(b->velocity, fl_scale(lambda, b->inv_mass));
    b->spin += b->inv_inertia * fl_cross(r, lambda);
}

/* ---- the whole solve ---------------------------------------------------- */

static void for_joints(fl_world *w, double dt, void (*rope)(fl_joint *, double),
                       void (*mouse)(fl_joint *, double))
{
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        if (j->removed)
            continue;
        if (j->type == FL_JOINT_ROPE)
            rope(j, dt);
        else if (mouse)
            mouse(j, dt);
    }
}

static void integrate_positions(fl_world *w, double dt)
{
    for (int i = 0; i < w->body_count; i++) {
        fl_body *b = w->bodies[i];
        if (b->is_static || b->removed)
            continue;
        b->position.x += (b->velocity.x + b->bias_velocity.x) * dt;
        b->position.y += (b->velocity.y + b->bias_velocity.y) * dt;
        double turn = (b->spin + b->bias_spin) * dt;
        if (turn != 0.0) {
            b->angle += turn;
            b->rot = fl_rot_from(b->angle);
        }
        b->bias_velocity = fl_v2(0.0, 0.0);
        b->bias_spin = 0.0;
    }
}

void fl_solve(fl_world *w, double dt)
{
    fl_contact *c = w->contacts.items;
    int n = w->contacts.count;
    for (int i = 0; i < n; i++)
        if (solvable(&c[i]))
            prepare_contact(&c[i]);
    for_joints(w, dt, prepare_rope, prepare_mouse);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, dt, solve_rope, solve_mouse);
        for (int i = 0; i < n; i++)
            if (solvable(&c[i]))
                solve_contact(&c[i], dt);
    }
    for (int i = 0; i < n; i++)
        if (solvable(&c[i]))
            restitute_contact(&c[i]);
    for (int it = 0; it < w->iterations; it++) {
        for_joints(w, dt, correct_rope, NULL);
        for (int i = 0; i < n; i++)
            if (solvable(&c[i]))
                correct_contact(&c[i], dt);
    }
    integrate_positions(w, dt);
}
