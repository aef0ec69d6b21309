/* Mass a body carries: what a module loads on it (the buoyancy module: the
 * water in a hull's hold), added to the body's own mass and moment of
 * inertia as a point mass would be. The centre of mass stays where it is:
 * the module applies the load's weight where the load lies. */
#include <math.h>
#include "world_state.h"

fl_status body_carry_reserve(fl_world *w, fl_body *b)
{
    if (b->carry)
        return FL_OK;
    body_load *c = fl_world_alloc(w, sizeof *c);
    if (!c)
        return FL_ENOMEM;
    *c = (body_load){0.0, 0.0, b->mass, b->inertia};
    b->carry = c;
    return FL_OK;
}

fl_status body_carry(fl_world *w, fl_body *b, double mass, double inertia)
{
    /* no negative load (NaN is let by: a pose that blew up, which the step
     * does not promise against, carries it here) */
    FL_ASSERT(!(mass < 0.0) && !(inertia < 0.0));
    if (b->is_static)
        return FL_OK;
    if (!b->carry && mass == 0.0 && inertia == 0.0)
        return FL_OK;
    if (body_carry_reserve(w, b) != FL_OK)
        return FL_ENOMEM;
    body_load *c = b->carry;
    if (mass == c->mass && inertia == c->inertia)
        return FL_OK;
    /* From the body's own, never by differences: a large load come and
     * gone must leave the body as it was. The load turns with the body:
     * their angular momentum is kept as the moment of inertia changes. */
    double before = b->inertia;
    b->mass = c->own_mass + mass;
    b->inertia = c->own_inertia + inertia;
    body_twist(w, b)->w *= before / b->inertia;
    b->inv_mass = 1.0 / b->mass;
    b->inv_inertia = 1.0 / b->inertia;
    c->mass = mass;
    c->inertia = inertia;
    FL_ASSERT(!(b->mass <= 0.0) && !(b->inertia <= 0.0));
    return FL_OK;
}

fl_status fl_body_carry(fl_body_id id, double mass, fl_vec2 at)
{
    fl_body *b = body_get(id);
    if (!b)
        return FL_ESTALE;
    if (!(mass >= 0.0) || !isfinite(mass) || !isfinite(at.x) || !isfinite(at.y) ||
        !isfinite(mass * fl_dot(at, at)))
        return FL_EINVAL;
    return body_carry(id.world, b, mass, mass * fl_dot(at, at));
}

double fl_body_carried(fl_body_id id, double *inertia)
{
    const fl_body *b = body_get(id);
    const body_load *c = b ? b->carry : NULL;
    if (inertia)
        *inertia = c ? c->inertia : 0.0;
    return c ? c->mass : 0.0;
}

double fl_body_own_mass(fl_body_id id)
{
    const fl_body *b = body_get(id);
    if (!b)
        return 0.0;
    return b->carry ? b->carry->own_mass : b->mass;
}
