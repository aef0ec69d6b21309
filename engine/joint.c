#include <string.h>
#include "world_state.h"

/* The body of world w the id names, if it is one that has joined (not
 * removed, not waiting for a step to end): NULL otherwise. */
static fl_body *alive(const fl_world *w, fl_body_id id)
{
    fl_body *b = id.world == w ? body_find(id) : NULL;
    return b && !b->removed && b->index >= 0 ? b : NULL;
}

fl_joint *joint_find(fl_joint_id id)
{
    return id.world ? ids_get(&id.world->joint_ids, id.index, id.generation) : NULL;
}

/* The joint the id names, or NULL for a stale or null id (an assert in
 * debug builds). */
static fl_joint *joint_get(fl_joint_id id)
{
    fl_joint *j = joint_find(id);
    FL_ASSERT(j != NULL && "a stale or null joint id");
    return j;
}

bool fl_joint_is_valid(fl_joint_id id) { return joint_find(id) != NULL; }

static fl_status append_joint(fl_world *w, fl_joint *j, fl_joint_id *out)
{
    fl_joint **grown = fl_world_grow(w, w->joints, &w->joint_capacity, w->joint_count + 1,
                                     sizeof *grown);
    if (!grown || ids_take(w, &w->joint_ids, j, &j->self.index, &j->self.generation) != FL_OK) {
        if (grown)
            w->joints = grown;
        fl_world_free(w, j);
        return FL_ENOMEM;
    }
    w->joints = grown;
    FL_ASSERT(w->joint_count < w->joint_capacity);
    j->self.world = w;
    j->index = w->joint_count;
    w->joints[w->joint_count++] = j;
    if (out)
        *out = j->self;
    return FL_OK;
}

static fl_joint *new_joint(fl_world *w, fl_joint_type type)
{
    fl_joint *j = fl_world_alloc(w, sizeof *j);
    if (j) {
        memset(j, 0, sizeof *j);
        j->type = type;
    }
    return j;
}

fl_vec2 joint_world_a(const fl_joint *j)
{
    FL_ASSERT(j && j->a);
    return body_world_point(j->a, j->local_a);
}

fl_vec2 joint_world_b(const fl_joint *j)
{
    FL_ASSERT(j);
    if (j->type == FL_JOINT_MOUSE)
        return j->target;
    return j->b ? body_world_point(j->b, j->local_b) : j->local_b;
}

fl_status fl_world_add_rope(fl_world *w, const fl_rope_def *def, fl_joint_id *out, fl_error *err)
{
    FL_ASSERT(w != NULL && def != NULL);
    fl_body *a = alive(w, def->a), *b = fl_body_is_null(def->b) ? NULL : alive(w, def->b);
    if (!a || (!fl_body_is_null(def->b) && !b) || a == b)
        return fail_with(err, FL_EINVAL, "a rope needs a body in this world and another body or the world");
    if (!isfinite(def->anchor_a.x) || !isfinite(def->anchor_a.y) || !isfinite(def->anchor_b.x) ||
        !isfinite(def->anchor_b.y) || !isfinite(def->length) || !(def->stiffness >= 0.0) ||
        !(def->damping >= 0.0) || !isfinite(def->stiffness) || !isfinite(def->damping))
        return fail_with(err, FL_EINVAL, "rope anchors and length must be finite, stiffness and damping >= 0");
    fl_joint *j = new_joint(w, FL_JOINT_ROPE);
    if (!j)
        return fail_with(err, FL_ENOMEM, "out of memory adding a rope");
    j->a = a;
    j->b = b;
    j->body_b = b ? b : &w->ground;
    j->local_a = def->anchor_a;
    j->local_b = def->anchor_b;
    j->length = def->length > 0.0 ? def->length
                                  : fl_length(fl_sub(joint_world_b(j), joint_world_a(j)));
    FL_ASSERT(!(j->length < 0.0));
    j->stiffness = def->stiffness;
    j->damping = def->damping;
    if (append_joint(w, j, out) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory adding a rope");
    return FL_OK;
}

fl_status fl_world_add_mouse(fl_world *w, const fl_mouse_def *def, fl_joint_id *out, fl_error *err)
{
    FL_ASSERT(w != NULL && def != NULL);
    fl_body *b = alive(w, def->body);
    if (!b || b->is_static)
        return fail_with(err, FL_EINVAL, "a mouse spring needs a dynamic body in this world");
    if (!isfinite(def->target.x) || !isfinite(def->target.y) || !isfinite(def->anchor.x) ||
        !isfinite(def->anchor.y) || !(def->frequency >= 0.0) || !(def->damping_ratio >= 0.0) ||
        !(def->max_force >= 0.0) || !isfinite(def->max_force) || !isfinite(def->frequency))
        return fail_with(err, FL_EINVAL, "mouse spring values must be finite and >= 0");
    fl_joint *j = new_joint(w, FL_JOINT_MOUSE);
    if (!j)
        return fail_with(err, FL_ENOMEM, "out of memory adding a mouse spring");
    j->a = b;
    j->body_b = &w->ground;
    j->local_a = def->anchor;
    j->target = def->target;
    j->frequency = def->frequency > 0.0 ? def->frequency : 5.0;
    j->damping_ratio = def->damping_ratio > 0.0 ? def->damping_ratio : 0.7;
    double g = fl_length(w->gravity);
    j->max_force = def->max_force > 0.0 ? def->max_force : 1000.0 * b->mass * (g > 0.0 ? g : 9.81);
    if (append_joint(w, j, out) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory adding a mouse spring");
    return FL_OK;
}

fl_status fl_mouse_set_target(fl_joint_id id, fl_vec2 target)
{
    fl_joint *j = joint_get(id);
    if (!j)
        return FL_ESTALE;
    if (j->type != FL_JOINT_MOUSE || !isfinite(target.x) || !isfinite(target.y))
        return FL_EINVAL;
    j->target = target;
    return FL_OK;
}

void joints_sweep(fl_world *w)
{
    FL_ASSERT(!w->in_step); /* the solver holds the joints by index */
    int kept = 0;
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        FL_ASSERT(j->a && j->body_b && j->index == i);
        if (j->removed || j->a->removed || (j->b && j->b->removed)) {
            if (!j->removed) /* its id went stale with it, at its removal */
                ids_release(&w->joint_ids, j->self.index);
            fl_world_free(w, j);
            continue;
        }
        j->index = kept;
        w->joints[kept++] = j;
    }
    w->joint_count = kept;
    w->joints_removed = 0;
}

fl_status fl_world_remove_joint(fl_world *w, fl_joint_id id)
{
    FL_ASSERT(w != NULL);
    fl_joint *j = joint_get(id);
    if (!j || id.world != w)
        return FL_ESTALE;
    FL_ASSERT(j->index >= 0 && j->index < w->joint_count && w->joints[j->index] == j);
    ids_release(&w->joint_ids, id.index);
    j->removed = true;
    w->joints_removed++;
    if (!w->in_step)
        joints_sweep(w);
    return FL_OK;
}

int fl_world_joint_count(const fl_world *w)
{
    FL_ASSERT(w);
    return w->joint_count;
}

fl_joint_id fl_world_joint(const fl_world *w, int index)
{
    FL_ASSERT(w != NULL);
    return (index >= 0 && index < w->joint_count) ? w->joints[index]->self : FL_NULL_JOINT;
}

void joints_free(fl_world *w)
{
    for (int i = 0; i < w->joint_count; i++)
        fl_world_free(w, w->joints[i]);
    fl_world_free(w, w->joints);
    w->joints = NULL;
    w->joint_count = w->joint_capacity = 0;
}

/* A reader of one field of a joint: `none` for a stale id. */
#define READER(type, name, expr, none)     \
    type name(fl_joint_id id)              \
    {                                      \
        const fl_joint *j = joint_get(id); \
        return j ? (expr) : (none);        \
    }

static const fl_vec2 zero2 = {0.0, 0.0};

READER(fl_joint_type, fl_joint_kind, j->type, FL_JOINT_ROPE)
READER(int, fl_joint_index, j->index, -1)
READER(fl_body_id, fl_joint_body_a, body_id(id.world, j->a), FL_NULL_BODY)
READER(fl_body_id, fl_joint_body_b, j->b ? body_id(id.world, j->b) : FL_NULL_BODY, FL_NULL_BODY)
READER(fl_vec2, fl_joint_anchor_a, j->local_a, zero2)
READER(fl_vec2, fl_joint_anchor_b, j->local_b, zero2)
READER(double, fl_joint_length, j->length, 0.0)
READER(double, fl_joint_stiffness, j->stiffness, 0.0)
READER(double, fl_joint_damping, j->damping, 0.0)
READER(fl_vec2, fl_mouse_target, j->target, zero2)
READER(fl_vec2, fl_joint_world_a, joint_world_a(j), zero2)
READER(fl_vec2, fl_joint_world_b, joint_world_b(j), zero2)

/* The impulse the last (sub)step's solve left on the joint, over its time:
 * what it pulled with (the restitution pass and the split-impulse
 * correction move no real velocity and do not count). */
static double pull_of(const fl_joint *j)
{
    if (!(j->last_h > 0.0))
        return 0.0;
    double impulse = j->type == FL_JOINT_ROPE ? j->impulse : fl_length(j->mouse_impulse);
    return impulse / j->last_h;
}

READER(double, fl_joint_tension, pull_of(j), 0.0)
