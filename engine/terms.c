/* A body's velocity terms for a step (fl_body_add_velocity_term): the
 * damping and implicit stiffness the velocity update takes besides the
 * forces (integrate.c). They are kept in a list of the world's, for the
 * bodies that have them this step only (most bodies in air have none),
 * and the list starts again as each step ends. */
#include <math.h>
#include "world_state.h"

fl_status body_terms_reserve(fl_world *w, int bodies)
{
    body_term *grown = fl_world_grow(w, w->terms, &w->term_capacity, bodies, sizeof *grown);
    if (!grown)
        return FL_ENOMEM;
    w->terms = grown;
    return FL_OK;
}

body_term *body_term_of(const fl_world *w, const fl_body *b)
{
    FL_ASSERT(b->damped && b->term >= 0 && b->term < w->term_count);
    return &w->terms[b->term];
}

/* The body's terms, made zero the first time this step (NULL: no memory
 * for them). A body damped from now on answers the solver as an undamped
 * one until the velocity update works out its response (damping added
 * after that update, from a collision hook, takes effect at the next
 * step). */
static body_term *mark_damped(fl_world *w, fl_body *b)
{
    if (b->damped)
        return body_term_of(w, b);
    /* the step reserves a place for every body (world.c) */
    if (body_terms_reserve(w, w->term_count + 1) != FL_OK)
        return NULL;
    b->damped = true;
    b->term = w->term_count++;
    body_term *t = &w->terms[b->term];
    *t = (body_term){0.0, 0.0, {0.0, 0.0}, 0.0, 0.0, {0.0, 0.0}, false, 1.0, 1.0};
    return t;
}

void body_add_damping(fl_world *w, fl_body *b, double rate, fl_vec2 toward, double angular_rate)
{
    FL_ASSERT(w != NULL && b != NULL);
    if (b->is_static || !(rate >= 0.0) || !(angular_rate >= 0.0) || !isfinite(rate + angular_rate))
        return;
    body_term *t = mark_damped(w, b);
    if (!t)
        return;
    t->damping += rate;
    t->angular_damping += angular_rate;
    t->pull = fl_add(t->pull, fl_scale(toward, rate));
}

void body_add_stiffness(fl_world *w, fl_body *b, double linear, fl_vec2 axis, double angular)
{
    FL_ASSERT(w != NULL && b != NULL);
    double n = fl_length(axis);
    if (b->is_static || !(linear >= 0.0) || !(angular >= 0.0) || !isfinite(linear + angular) ||
        !(n > 0.0))
        return;
    /* a dynamic body is never massless (NaN only after a pose blew up) */
    FL_ASSERT(!(b->inv_mass <= 0.0) && !(b->inv_inertia <= 0.0));
    body_term *t = mark_damped(w, b);
    if (!t)
        return;
    t->stiffness += linear * b->inv_mass;
    t->angular_stiffness += angular * b->inv_inertia;
    t->stiff_axis = fl_scale(axis, 1.0 / n);
}

fl_velocity_term fl_body_velocity_term(fl_body_id id)
{
    fl_velocity_term v = {0.0, {0.0, 0.0}, 0.0, 0.0, {0.0, 0.0}, 0.0, false};
    const fl_body *b = body_get(id);
    if (!b || !b->damped)
        return v;
    const body_term *t = body_term_of(id.world, b);
    v.rate = t->damping;
    v.toward = t->damping > 0.0 ? fl_scale(t->pull, 1.0 / t->damping) : fl_v2(0.0, 0.0);
    v.angular_rate = t->angular_damping;
    /* kept per unit mass and moment of inertia */
    v.stiffness = t->stiffness * b->mass;
    v.axis = t->stiffness > 0.0 || t->angular_stiffness > 0.0 ? t->stiff_axis : fl_v2(0.0, 0.0);
    v.angular_stiffness = t->angular_stiffness * b->inertia;
    v.whole = t->stiff_whole;
    return v;
}

static bool finite_term(double x) { return x >= 0.0 && isfinite(x); }

fl_status fl_body_add_velocity_term(fl_body_id id, const fl_velocity_term *t)
{
    FL_ASSERT(t != NULL);
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!finite_term(t->rate) || !finite_term(t->angular_rate) || !isfinite(t->toward.x) ||
        !isfinite(t->toward.y) || !finite_term(t->stiffness) || !finite_term(t->angular_stiffness) ||
        !isfinite(t->axis.x) || !isfinite(t->axis.y) ||
        (t->stiffness > 0.0 && !(fl_length(t->axis) > 0.0)))
        return FL_EINVAL;
    if (b->is_static)
        return FL_OK;
    fl_world *w = id.world;
    if (!mark_damped(w, b))
        return FL_ENOMEM;
    body_add_damping(w, b, t->rate, t->toward, t->angular_rate);
    if (t->stiffness > 0.0 || t->angular_stiffness > 0.0) {
        /* A spin's stiffness alone needs no axis: it keeps the one there. */
        fl_vec2 axis = t->axis, kept = body_term_of(w, b)->stiff_axis;
        if (!(t->stiffness > 0.0))
            axis = kept.x != 0.0 || kept.y != 0.0 ? kept : fl_v2(0.0, 1.0);
        body_add_stiffness(w, b, t->stiffness, axis, t->angular_stiffness);
    }
    if (t->whole)
        body_take_stiffness_whole(w, b);
    return FL_OK;
}

void body_clear_damping(fl_body *b)
{
    FL_ASSERT(b != NULL);
    b->damped = false; /* its terms stay in the list until the step ends */
    b->term = -1;
}

void body_take_stiffness_whole(fl_world *w, fl_body *b)
{
    FL_ASSERT(b != NULL);
    if (b->damped)
        body_term_of(w, b)->stiff_whole = true;
}
