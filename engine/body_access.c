/* Reading and changing a body through the public API (fl_body.h): each
 * call finds the body its id names (body_get: a stale id reads as zeros
 * and changes nothing); the struct itself is private (body_state.h). */
#include <math.h>
#include "body_state.h"

/* A reader of one field: `none` for a stale id. */
#define READER(type, name, expr, none)          \
    type fl_body_##name(fl_body_id id)          \
    {                                           \
        const fl_body *b = body_get(id);        \
        return b ? (expr) : (none);             \
    }

static const fl_vec2 zero2 = {0.0, 0.0};
static const fl_rot no_turn = {1.0, 0.0};

READER(int, index, b->index >= 0 ? b->index : -1, -1)
READER(uint32_t, serial, b->id, 0)
READER(bool, is_static, b->is_static, false)
READER(bool, is_sensor, b->sensor, false)
READER(fl_vec2, position, b->position, zero2)
READER(double, angle, b->angle, 0.0)
READER(fl_rot, rot, b->rot, no_turn)
READER(fl_vec2, velocity, body_velocity(id.world, b), zero2)
READER(double, spin, body_spin(id.world, b), 0.0)
READER(fl_vec2, force, b->force, zero2)
READER(double, torque, b->torque, 0.0)
READER(double, mass, b->mass, 0.0)
READER(double, inertia, b->inertia, 0.0)
READER(double, density, b->density, 0.0)
READER(bool, mass_stated, b->mass_stated, false)
READER(bool, center_stated, b->center_stated, false)
READER(double, area, b->area, 0.0)
READER(int, vertex_count, b->vert_count, 0)
READER(int, hull_count, b->hull_count, 0)
READER(bool, has_own_hull, b->hull != b->verts, false)
READER(double, hull_area, b->hull_area, 0.0)
READER(fl_vec2, hull_centroid, b->hull_centroid, zero2)
READER(double, radius, b->radius, 0.0)
READER(int, part_count, b->part_count, 0)
READER(double, friction, b->friction, 0.0)
READER(double, restitution, b->restitution, 0.0)
READER(uint32_t, category, b->category, 0)
READER(uint32_t, mask, b->mask, 0)
READER(void *, user, b->user, NULL)

const fl_vec2 *fl_body_outline(fl_body_id id, int *count)
{
    const fl_body *b = body_get(id);
    if (count)
        *count = b ? b->vert_count : 0;
    return b ? b->verts : NULL;
}

const fl_vec2 *fl_body_hull(fl_body_id id, int *count)
{
    const fl_body *b = body_get(id);
    if (count)
        *count = b ? b->hull_count : 0;
    return b ? b->hull : NULL;
}

const fl_vec2 *fl_body_part(fl_body_id id, int k, int *count)
{
    const fl_body *b = body_get(id);
    if (!b || k < 0 || k >= b->part_count) {
        if (count)
            *count = 0;
        return NULL;
    }
    FL_ASSERT(b->part_start[k + 1] - b->part_start[k] >= 3);
    if (count)
        *count = b->part_start[k + 1] - b->part_start[k];
    return b->part_verts + b->part_start[k];
}

fl_vec2 fl_body_world_point(fl_body_id id, fl_vec2 p)
{
    const fl_body *b = body_get(id);
    return b ? body_world_point(b, p) : zero2;
}

fl_vec2 fl_body_point_velocity(fl_body_id id, fl_vec2 p)
{
    const fl_body *b = body_get(id);
    return b ? body_point_velocity(id.world, b, p) : zero2;
}

fl_status fl_body_set_user(fl_body_id id, void *user)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    b->user = user;
    return FL_OK;
}

fl_status fl_body_set_velocity(fl_body_id id, fl_vec2 v)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!isfinite(v.x) || !isfinite(v.y))
        return FL_EINVAL;
    if (!b->is_static) {
        body_twist(id.world, b)->v = v;
        b->half_kick = true;
    }
    return FL_OK;
}

fl_status fl_body_set_spin(fl_body_id id, double spin)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!isfinite(spin))
        return FL_EINVAL;
    if (!b->is_static) {
        body_twist(id.world, b)->w = spin;
        b->half_kick = true;
    }
    return FL_OK;
}

fl_status fl_body_set_friction(fl_body_id id, double friction)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!(friction >= 0.0) || !isfinite(friction))
        return FL_EINVAL;
    b->friction = friction;
    return FL_OK;
}

fl_status fl_body_set_density(fl_body_id id, double density)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (b->is_static || !(density > 0.0) || !isfinite(density))
        return FL_EINVAL;
    FL_ASSERT(b->density > 0.0); /* body_create refuses a dynamic body without one */
    /* What it carries stays as it is. */
    double k = density / b->density;
    body_load *c = b->carry;
    double own_mass = c ? c->own_mass : b->mass, own_inertia = c ? c->own_inertia : b->inertia;
    double wm = c ? c->mass : 0.0, wi = c ? c->inertia : 0.0;
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
fl_status fl_body_set_restitution(fl_body_id id, double restitution)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!(restitution >= 0.0 && restitution <= 1.0))
        return FL_EINVAL;
    b->restitution = restitution;
    return FL_OK;
}
