/* The joint rows of the solver: ropes (a unilateral distance row, rigid or
 * soft) and the mouse spring (a soft two-dimensional point row). */
#include "solver_rows.h"

/* An impulse p along the rope's row, booked. */
static void rope_kick(fl_joint *j, fl_motion *a, fl_motion *b, double p)
{
    double u = rel_speed(&a->vel, &b->vel, j->ra, j->rb, j->axis);
    j->work += p * u + 0.5 * p * p * j->row_k;
    kick(&a->vel, &b->vel, masses_of(a, b), j->ra, j->rb, fl_scale(j->axis, p));
}

static void prepare_rope(fl_joint *j, fl_motion *m, double dt)
{
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    fl_vec2 pa = joint_world_a(j), pb = joint_world_b(j);
    j->ra = fl_sub(pa, j->a->position);
    j->rb = j->b ? fl_sub(pb, j->b->position) : fl_v2(0.0, 0.0);
    fl_vec2 d = fl_sub(pb, pa);
    double dist = fl_length(d);
    j->slack = j->length - dist;
    j->bias_impulse = 0.0;
    double last = j->last_slack;
    bool had_last = j->has_last;
    j->last_slack = j->slack;
    j->has_last = dist >= 1e-9;
    if (dist < 1e-9) {
        j->mass = 0.0; /* no direction */
        j->impulse = 0.0;
        return;
    }
    /* The rope pulls b towards a: a push along n = -(b - a) / |b - a|. */
    j->axis = fl_scale(d, -1.0 / dist);
    if (j->stiffness > 0.0) {
        /* Soft constraint: the implicit spring-damper over one step, the
         * impulse h (k s' + c ds'/dt) for the stretch s' at the step's end
         * (C = -slack, s' = C + h dC/dt). An elastic rope hanging slack at
         * the start is solved too, as the spring alone: it pulls only if the
         * step would end stretched, for the part of the step it is taut
         * (catch_row, which makes no energy). Without it the step went
         * unopposed and the rope ended it holding k s'^2 / 2 from nothing.
         * The damper waits for a taut start, or it would hold back a slack
         * rope's ends. */
        bool slack = j->slack >= 0.0;
        if (slack)
            j->impulse = 0.0;
        double k = row_k(masses_of(a, b), j->ra, j->rb, j->axis);
        if (slack) {
            j->gamma = j->bias = 0.0; /* set at each pass, by catch_row */
        } else if (had_last) {
            /* Taut, the spring and damper by the average-acceleration
             * rule (integrate.c, docs/physics.md): the impulse is h times
             * k (s(n+1) + 2 s(n) + s(n-1)) / 4 + c (v0 + v1) / 2, v0 the
             * stretch rate over the last step, (slack(n) - slack(n-1)) /
             * h along the axis, and v1 this step's. Undamped at any step
             * for c = 0, and the damper's ratio is c's. */
            double v0 = (j->slack - last) / dt;
            double denom = 0.25 * dt * j->stiffness + 0.5 * j->damping;
            j->gamma = 1.0 / (dt * denom);
            j->bias = (j->slack * j->stiffness -
                       (0.25 * dt * j->stiffness - 0.5 * j->damping) * v0) / denom;
        } else {
            /* Taut with no step before it: backward Euler. */
            double denom = j->damping + dt * j->stiffness;
            j->gamma = 1.0 / (dt * denom);
            j->bias = j->slack * j->stiffness / denom;
        }
        j->mass = 1.0 / (k + j->gamma);
        j->catching = slack;
        j->row_k = k;
        rope_settle(j, a, b);
        rope_kick(j, a, b, j->impulse); /* the warm start, booked */
        return;
    }
    j->gamma = 0.0;
    j->bias = 0.0;
    j->mass = row_mass(masses_of(a, b), j->ra, j->rb, j->axis);
    kick(&a->vel, &b->vel, masses_of(a, b), j->ra, j->rb, fl_scale(j->axis, j->impulse));
}

/* An elastic rope slack by `slack` at the step's start that the step
 * would end stretched by s1 = -slack - dt vn (vn: the ends' closing speed
 * as the passes have it now) is taut for the part s1 / (s1 + slack) of the
 * step, its stretch growing from 0 along the step's straight path: the
 * impulse that gives is dt k s1^2 / (2 (s1 + slack)), the spring of
 * stiffness k s1 / (2 (s1 + slack)) taken at the step's end, found again
 * at each pass from the speed the passes have reached. It takes from the
 * ends' motion at least the k s1^2 / 2 it stores (the two differ by the
 * part the closing speed fell over the step), so a catch makes no energy;
 * backward Euler on the whole k, as before, took a tenth of a bouncing
 * cord's swing at every catch (a 250 kg box on a cord slack for part of
 * each bounce kept 0.81 of its swing over 20 s at 60 Hz, 0.92 now).
 * Returns false when the step ends slack (no pull at all). */
static bool catch_row(fl_joint *j, double vn, double dt)
{
    double s1 = -j->slack - dt * vn;
    if (!(s1 > 0.0))
        return false;
    double k = 0.5 * j->stiffness * s1 / (s1 + j->slack);
    j->gamma = 1.0 / (dt * dt * k);
    j->bias = j->slack / dt;
    j->mass = 1.0 / (j->row_k + j->gamma);
    return true;
}

static void solve_rope(fl_joint *j, fl_motion *m, double inv_dt)
{
    if (j->mass == 0.0)
        return;
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    if (j->stiffness > 0.0) {
        double vn = rel_speed(&a->vel, &b->vel, j->ra, j->rb, j->axis);
        if (j->catching && !catch_row(j, vn, 1.0 / inv_dt)) {
            rope_kick(j, a, b, -j->impulse);
            j->impulse = 0.0;
            return;
        }
        double next = fl_max(j->impulse - j->mass * (vn + j->bias + j->gamma * j->impulse), 0.0);
        double lambda = next - j->impulse;
        j->impulse = next;
        rope_kick(j, a, b, lambda);
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
    /* No slop: unlike a contact, a rope has no resting overlap to keep
     * stable, and split-impulse correction changes no real velocity, so
     * the rope is brought back to its length itself. */
    double stretch = -j->slack;
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

void joint_prepare(fl_joint *j, fl_motion *m, double dt)
{
    /* index_joints pointed it at its bodies' motions this step */
    FL_ASSERT(!j->removed && j->ia >= 0 && j->ib >= 0 && dt > 0.0);
    FL_ASSERT(j->type == FL_JOINT_ROPE || (j->type == FL_JOINT_MOUSE && !j->b));
    j->last_h = dt;
    if (j->type == FL_JOINT_ROPE)
        prepare_rope(j, m, dt);
    else
        prepare_mouse(j, m, dt);
}

void joint_solve(fl_joint *j, fl_motion *m, double inv_dt)
{
    if (j->type == FL_JOINT_ROPE)
        solve_rope(j, m, inv_dt);
    else
        solve_mouse(j, m, inv_dt);
}

void joint_correct(fl_joint *j, fl_motion *m, double inv_dt)
{
    if (j->type == FL_JOINT_ROPE)
        correct_rope(j, m, inv_dt);
}
