/* Reading and changing a body through the public API (fl_body.h); the
 * struct itself is private (body_internal.h). */
#include <math.h>
#include "body_internal.h"

int fl_body_index(const fl_body *b) { return b->index; }
uint32_t fl_body_id(const fl_body *b) { return b->id; }
bool fl_body_is_static(const fl_body *b) { return b->is_static; }
bool fl_body_is_sensor(const fl_body *b) { return b->sensor; }

fl_vec2 fl_body_position(const fl_body *b) { return b->position; }
double fl_body_angle(const fl_body *b) { return b->angle; }
fl_rot fl_body_rot(const fl_body *b) { return b->rot; }
fl_vec2 fl_body_velocity(const fl_body *b) { return b->velocity; }
double fl_body_spin(const fl_body *b) { return b->spin; }
fl_vec2 fl_body_force(const fl_body *b) { return b->force; }
double fl_body_torque(const fl_body *b) { return b->torque; }

double fl_body_mass(const fl_body *b) { return b->mass; }
double fl_body_inertia(const fl_body *b) { return b->inertia; }
double fl_body_density(const fl_body *b) { return b->density; }
double fl_body_area(const fl_body *b) { return b->area; }

const fl_vec2 *fl_body_outline(const fl_body *b, int *count)
{
    FL_ASSERT(b != NULL);
    if (count)
        *count = b->vert_count;
    return b->verts;
}

const fl_vec2 *fl_body_hull(const fl_body *b, int *count)
{
    FL_ASSERT(b != NULL);
    if (count)
        *count = b->hull_count;
    return b->hull;
}

int fl_body_vertex_count(const fl_body *b) { return b->vert_count; }
int fl_body_hull_count(const fl_body *b) { return b->hull_count; }
bool fl_body_has_own_hull(const fl_body *b) { return b->hull != b->verts; }
double fl_body_hull_area(const fl_body *b) { return b->hull_area; }
fl_vec2 fl_body_hull_centroid(const fl_body *b) { return b->hull_centroid; }
double fl_body_radius(const fl_body *b) { return b->radius; }
int fl_body_part_count(const fl_body *b) { return b->part_count; }

const fl_vec2 *fl_body_part(const fl_body *b, int k, int *count)
{
    FL_ASSERT(b != NULL);
    if (k < 0 || k >= b->part_count) {
        if (count)
            *count = 0;
        return NULL;
    }
    if (count)
        *count = b->part_start[k + 1] - b->part_start[k];
    return b->part_verts + b->part_start[k];
}

double fl_body_friction(const fl_body *b) { return b->friction; }
double fl_body_restitution(const fl_body *b) { return b->restitution; }
uint32_t fl_body_category(const fl_body *b) { return b->category; }
uint32_t fl_body_mask(const fl_body *b) { return b->mask; }
void *fl_body_user(const fl_body *b) { return b->user; }
void fl_body_set_user(fl_body *b, void *user) { b->user = user; }

fl_vec2 fl_body_world_point(const fl_body *b, fl_vec2 p) { return body_world_point(b, p); }
fl_vec2 fl_body_point_velocity(const fl_body *b, fl_vec2 p) { return body_point_velocity(b, p); }

fl_status fl_body_set_velocity(fl_body *b, fl_vec2 v)
{
    FL_ASSERT(b != NULL);
    if (!isfinite(v.x) || !isfinite(v.y))
        return FL_EINVAL;
    if (!b->is_static) {
        b->velocity = v;
        b->half_kick = true;
    }
    return FL_OK;
}

fl_status fl_body_set_spin(fl_body *b, double spin)
{
    FL_ASSERT(b != NULL);
    if (!isfinite(spin))
        return FL_EINVAL;
    if (!b->is_static) {
        b->spin = spin;
        b->half_kick = true;
    }
    return FL_OK;
}

/* A body damped from now on answers the solver as an undamped one until
 * the velocity update works out its response (damping added after that
 * update, from a collision hook, takes effect at the next step). */
static void mark_damped(fl_body *b)
{
    if (!b->damped) {
        b->damped = true;
        b->response = b->angular_response = 1.0;
    }
}

void fl_body_add_damping(fl_body *b, double rate, fl_vec2 toward, double angular_rate)
{
    FL_ASSERT(b != NULL);
    if (b->is_static || !(rate >= 0.0) || !(angular_rate >= 0.0) || !isfinite(rate + angular_rate))
        return;
    mark_damped(b);
    b->damping += rate;
    b->angular_damping += angular_rate;
    b->pull = fl_add(b->pull, fl_scale(toward, rate));
}

void fl_body_add_stiffness(fl_body *b, double linear, fl_vec2 axis, double angular)
{
    FL_ASSERT(b != NULL);
    double n = fl_length(axis);
    if (b->is_static || !(linear >= 0.0) || !(angular >= 0.0) || !isfinite(linear + angular) ||
        !(n > 0.0))
        return;
    mark_damped(b);
    b->stiffness += linear * b->inv_mass;
    b->angular_stiffness += angular * b->inv_inertia;
    b->stiff_axis = fl_scale(axis, 1.0 / n);
}

double fl_body_damping(const fl_body *b, fl_vec2 *toward, double *angular_rate)
{
    FL_ASSERT(b != NULL);
    if (toward)
        *toward = b->damping > 0.0 ? fl_scale(b->pull, 1.0 / b->damping) : fl_v2(0.0, 0.0);
    if (angular_rate)
        *angular_rate = b->angular_damping;
    return b->damping;
}

void fl_body_clear_damping(fl_body *b)
{
    FL_ASSERT(b != NULL);
    b->damped = false;
    b->damping = b->angular_damping = 0.0;
    b->pull = fl_v2(0.0, 0.0);
    b->stiffness = b->angular_stiffness = 0.0;
    b->stiff_whole = false;
}

void fl_body_take_stiffness_whole(fl_body *b)
{
    FL_ASSERT(b != NULL);
    if (b->damped)
        b->stiff_whole = true;
}

fl_status fl_body_set_friction(fl_body *b, double friction)
{
    FL_ASSERT(b != NULL);
    if (!(friction >= 0.0) || !isfinite(friction))
        return FL_EINVAL;
    b->friction = friction;
    return FL_OK;
}

fl_status fl_body_set_density(fl_body *b, double density)
{
    FL_ASSERT(b != NULL);
    if (b->is_static || !(density > 0.0) || !isfinite(density))
        return FL_EINVAL;
    /* The water a hold carries stays as it is. */
    double k = density / b->density;
    fl_hold *c = b->hold;
    double own_mass = c ? c->own_mass : b->mass, own_inertia = c ? c->own_inertia : b->inertia;
    double wm = c ? c->carried_mass : 0.0, wi = c ? c->carried_inertia : 0.0;
    double mass = own_mass * k + wm, inertia = own_inertia * k + wi;
    if (!(mass > 0.0 && isfinite(mass) && inertia > 0.0 && isfinite(inertia) &&
          isfinite(1.0 / mass) && isfinite(1.0 / inertia)))
        return FL_EINVAL;
    b->density = density;
    if (c) {
        c->own_mass = own_mass * k;
        c->own_inertia = own_inertia * k;
    }
    b->mass = mass;
    b->inv_mass = 1.0 / mass;
    b->inertia = inertia;
    b->inv_inertia = 1.0 / inertia;
    return FL_OK;
}
fl_status fl_body_set_restitution(fl_body *b, double restitution)
{
    FL_ASSERT(b != NULL);
    if (!(restitution >= 0.0 && restitution <= 1.0))
        return FL_EINVAL;
    b->restitution = restitution;
    return FL_OK;
}
