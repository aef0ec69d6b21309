/* The two halves of a leapfrog step (kick, then drift), as passes over the
 * bodies and their motions (motions.c): velocities from forces before the
 * collision stage, each motion made ready for the solver on the way;
 * positions from the solved velocities after it (forces cleared on the
 * way). Each pass asks for bodies a few ahead of the one it works on, so
 * that a world too big for the caches waits for memory once per pass
 * rather than once per body. */
#include <string.h>
#include "arena.h"
#include "step_context.h"
#include "decay.h"
#include "world_state.h"

void integrate_take(fl_world *w, int unused)
{
    (void)unused;
    /* One per motion: the bodies, the ground and the solver's twins of
     * unmovable ones (split.c). */
    int n = 2 * (w->body_count + 1);
    w->positions = arena_take(&w->arena, n, sizeof *w->positions);
    w->kicks = arena_take(&w->arena, n, sizeof *w->kicks);
    w->sub = w->substeps > 1 ? arena_take(&w->arena, n, sizeof *w->sub) : NULL;
}

/* Motion m as this step's solve sees it: no position correction yet, and
 * the masses the velocity terms leave to contacts and joints. */
static inline void ready(fl_motion *m, const fl_body *b, const body_term *terms)
{
    double im = b->inv_mass, ii = b->inv_inertia;
    if (b->damped) {
        im *= terms[b->term].response;
        ii *= terms[b->term].angular_response;
    }
    m->bias = (fl_twist){{0.0, 0.0}, 0.0};
    m->im = im;
    m->ii = ii;
}

/* What the kick along a stiffness is divided by over h (k: h times the
 * drag's mean decay over it), the followed part s_mean by the
 * average-acceleration rule and s_end at the step's end (damp, below). */
static inline double stiff_divisor(double s_mean, double s_end, double h, double k)
{
    return 1.0 + (0.25 * s_mean + s_end) * h * k;
}

/* The velocity step (the kick) of a damped body, in closed form: over h
 * (the step dt, or half of it for a body's first step),
 *   dv/dt = a + pull - rate v  (a = F/m + g)
 * takes v to v + (a + pull - rate v) h mean(rate h), where mean(x) is
 * (1 - exp(-x)) / x: the decay of v is exact, and so is what a and the pull
 * add meanwhile, whatever rate dt is. The spin likewise. */
static void damp(const fl_body *b, fl_twist *vel, body_term *t, fl_vec2 g, double dt, double h)
{
    fl_vec2 v0 = vel->v;
    double w0 = vel->w;
    double k = decay_mean(t->damping * h) * h;
    double ka = decay_mean(t->angular_damping * h) * h;
    double ax = b->force.x * b->inv_mass + g.x + t->pull.x - t->damping * vel->v.x;
    double ay = b->force.y * b->inv_mass + g.y + t->pull.y - t->damping * vel->v.y;
    vel->v.x += ax * k;
    vel->v.y += ay * k;
    vel->w += (b->torque * b->inv_inertia - t->angular_damping * vel->w) * ka;
    /* A stiffness s (per mass) along u, the slope of a force the step
     * measured where the body stands. Leapfrog (the kick above, then the
     * drift by the new velocity) keeps a linear oscillator's energy, but
     * only while omega dt < 2. The average-acceleration rule is stable at
     * any omega dt and damps nothing: the force over the step is taken as
     * the mean of its values at x(n-1), twice at x(n) and at x(n+1),
     *   x(n+1) - 2 x(n) + x(n-1) = -(s dt^2 / 4) (x(n+1) + 2 x(n) + x(n-1)),
     * which is the kick dv divided along u by 1 + s dt^2 / 4 (the x(n)
     * part is in the force already; the rest is s dt^2 / 4 of the kick's
     * own displacement). Its two roots lie on the unit circle for every
     * s dt^2 > 0: the amplitude stays, and the period is long by about
     * (omega dt)^2 / 12 of itself (docs/physics.md). Stiffness beyond what
     * the step follows closely (a natural frequency above 0.5 / dt,
     * FL_STIFFNESS_FOLLOWED: a very light or thin body, or one the step
     * carries across the surface, fl_velocity_term.whole) is
     * instead taken wholly at the step's end, on the velocity itself
     * (backward Euler), so that what the step cannot follow settles
     * instead of ringing. Where the force is
     * zero (an equilibrium) nothing moves. */
    double soft = t->stiff_whole ? 0.0 : FL_STIFFNESS_FOLLOWED / (dt * dt);
    double s_mean = fl_min(t->stiffness, soft), s_end = t->stiffness - s_mean;
    double a_mean = fl_min(t->angular_stiffness, soft), a_end = t->angular_stiffness - a_mean;
    double heave = stiff_divisor(s_mean, s_end, h, k);
    double roll = stiff_divisor(a_mean, a_end, h, ka);
    if (heave > 1.0) {
        fl_vec2 u = t->stiff_axis;
        double kick = fl_dot(fl_sub(vel->v, v0), u);
        double along0 = fl_dot(v0, u);
        double cut = kick - (kick - s_end * h * k * along0) / heave;
        vel->v = fl_sub(vel->v, fl_scale(u, cut));
    }
    if (roll > 1.0)
        vel->w = w0 + (vel->w - w0 - a_end * h * ka * w0) / roll;
    /* A steady force f changed the velocity by f k / m / heave above; the
     * solver's impulses get the same answer from the body (one number for
     * both directions: the heave's, the one that holds a laden hull up). */
    if (h != dt) { /* a half kick: the solver's impulses still act over the whole step */
        k = decay_mean(t->damping * dt) * dt;
        ka = decay_mean(t->angular_damping * dt) * dt;
        heave = stiff_divisor(s_mean, s_end, dt, k);
        roll = stiff_divisor(a_mean, a_end, dt, ka);
    }
    t->response = k / dt / heave;
    t->angular_response = ka / dt / roll;
}

void integrate_velocities(fl_world *w, double dt, bool scratch)
{
    FL_ASSERT(w->in_step && dt > 0.0);
    FL_ASSERT(w->substeps >= 1 && w->substeps <= FL_MAX_SUBSTEPS);
    fl_vec2 g = w->gravity;
    int n = w->substeps;
    /* integrate_take took them from the step's arena */
    FL_ASSERT(!scratch || (w->positions && w->kicks && (n == 1 || w->sub)));
    /* the bodies', the ground's and their twins' (motions.c) */
    FL_ASSERT(w->motion_capacity >= 2 * (w->body_count + 1));
    fl_substep_motion *sub = scratch && n > 1 ? w->sub : NULL;
    if (sub)
        memset(sub, 0, sizeof *sub * (size_t)(2 * (w->body_count + 1)));
    fl_twist *kicks = scratch ? w->kicks : NULL;
    fl_vec2 *pos = w->positions;
    fl_motion *motions = w->motions;
    fl_body *const *bodies = w->bodies;
    int count = w->body_count;
    for (int i = 0; i < count; i++) {
        if (i + FL_PREFETCH_AHEAD < count) {
            body_prefetch_for_write(bodies[i + FL_PREFETCH_AHEAD]);
            FL_PREFETCH(&motions[i + FL_PREFETCH_AHEAD], 1);
        }
        const fl_body *b = bodies[i];
        fl_motion *m = &motions[i];
        fl_twist kick = {{0.0, 0.0}, 0.0};
        if (!b->is_static && !b->removed) {
            fl_twist v0 = m->vel;
            /* A velocity given (made, or set) is the body's at its own
             * time, not half a step behind: it is kicked to the middle of
             * the step, by half a step's forces. */
            double h = b->half_kick ? 0.5 * dt : dt;
            bodies[i]->half_kick = false;
            if (b->damped)
                damp(b, &m->vel, &w->terms[b->term], g, dt, h);
            else {
                m->vel.v.x += (b->force.x * b->inv_mass + g.x) * h;
                m->vel.v.y += (b->force.y * b->inv_mass + g.y) * h;
                m->vel.w += b->torque * b->inv_inertia * h;
            }
            kick = (fl_twist){fl_sub(m->vel.v, v0.v), m->vel.w - v0.w};
            if (sub)
                sub[i].kick = (fl_twist){fl_scale(kick.v, 1.0 / n), kick.w / n};
        }
        ready(m, b, w->terms);
        if (kicks) {
            kicks[i] = kick;
            pos[i] = b->position;
        }
    }
    /* The ground, the world end of joints, goes last. */
    motions[count] = (fl_motion){{{0.0, 0.0}, 0.0}, {{0.0, 0.0}, 0.0}, 0.0, 0.0};
    if (kicks) {
        kicks[count] = (fl_twist){{0.0, 0.0}, 0.0};
        pos[count] = fl_v2(0.0, 0.0);
    }
}

static void turn_by(fl_body *b, double turn)
{
    if (turn != 0.0) {
        b->angle += turn;
        b->rot = fl_rot_from(b->angle);
    }
}

void integrate_substep(fl_world *w, double h)
{
    FL_ASSERT(w->substeps > 1 && w->sub && h > 0.0);
    for (int i = 0; i < w->body_count; i++) {
        fl_body *b = w->bodies[i];
        fl_substep_motion *s = &w->sub[i];
        if (!s->held || b->is_static || b->removed)
            continue;
        const fl_motion *m = &w->motions[i];
        fl_twist d = {fl_scale(fl_add(m->vel.v, m->bias.v), h), (m->vel.w + m->bias.w) * h};
        s->moved.v = fl_add(s->moved.v, d.v);
        s->moved.w += d.w;
        b->position = fl_add(b->position, d.v);
        turn_by(b, d.w);
    }
}

void integrate_positions(fl_world *w, double dt, bool solved)
{
    fl_body *const *bodies = w->bodies;
    int count = w->body_count;
    const fl_motion *motions = w->motions;
    FL_ASSERT(w->in_step && dt > 0.0 && (count == 0 || motions));
    for (int i = 0; i < count; i++) {
        if (i + FL_PREFETCH_AHEAD < count) {
            body_prefetch_for_write(bodies[i + FL_PREFETCH_AHEAD]);
            FL_PREFETCH(&motions[i + FL_PREFETCH_AHEAD], 0);
        }
        fl_body *b = bodies[i];
        b->force = fl_v2(0.0, 0.0);
        b->torque = 0.0;
        if (b->damped)
            body_clear_damping(b);
        if (b->is_static || b->removed)
            continue;
        const fl_motion *m = &motions[i];
        if (!solved) {
            /* A step without memory for its scratch: bodies move by
             * their velocities (world.c). */
            b->position = fl_add(b->position, fl_scale(m->vel.v, dt));
            turn_by(b, m->vel.w * dt);
            continue;
        }
        /* The position moves by velocity plus the position correction's
         * pseudo-velocity; a body the substeps moved has the last of them
         * to go. */
        double h = w->substeps > 1 && w->sub[i].held ? dt / w->substeps : dt;
        b->position.x += (m->vel.v.x + m->bias.v.x) * h;
        b->position.y += (m->vel.v.y + m->bias.v.y) * h;
        turn_by(b, (m->vel.w + m->bias.w) * h);
    }
    /* Every body's terms are cleared, a body added during the step too
     * (it was not stepped): the list starts again. */
    for (int i = 0; i < w->pending_count; i++)
        body_clear_damping(w->pending[i].body);
    w->term_count = 0;
}
