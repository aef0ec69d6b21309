#include <string.h>
#include "world_internal.h"

static bool alive(const fl_world *w, const fl_body *b)
{
    return b && !b->removed && b->index >= 0 && b->index < w->body_count && w->bodies[b->index] == b;
}

static fl_status append_joint(fl_world *w, fl_joint *j, fl_joint **out)
{
    fl_joint **grown = fl_world_grow(w, w->joints, &w->joint_capacity, w->joint_count + 1,
                                     sizeof *grown);
    if (!grown) {
        fl_world_free(w, j);
        return FL_ENOMEM;
    }
    w->joints = grown;
    j->index = w->joint_count;
    w->joints[w->joint_count++] = j;
    if (out)
        *out = j;
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

fl_vec2 fl_joint_world_a(const fl_joint *j) { return body_world_point(j->a, j->local_a); }

fl_vec2 fl_joint_world_b(const fl_joint *j)
{
    FL_ASSERT(j != NULL);
    if (j->type == FL_JOINT_MOUSE)
        return j->target;
    return j->b ? body_world_point(j->b, j->local_b) : j->local_b;
}

fl_status fl_world_add_rope(fl_world *w, const fl_rope_def *def, fl_joint **out, fl_error *err)
{
    FL_ASSERT(w != NULL);
    if (!alive(w, def->a) || (def->b && !alive(w, def->b)) || def->a == def->b)
        return fail_with(err, FL_EINVAL, "a rope needs a body in this world and another body or the world");
    if (!isfinite(def->anchor_a.x) || !isfinite(def->anchor_a.y) || !isfinite(def->anchor_b.x) ||
        !isfinite(def->anchor_b.y) || !isfinite(def->length) || !(def->stiffness >= 0.0) ||
        !(def->damping >= 0.0) || !isfinite(def->stiffness) || !isfinite(def->damping))
        return fail_with(err, FL_EINVAL, "rope anchors and length must be finite, stiffness and damping >= 0");
    fl_joint *j = new_joint(w, FL_JOINT_ROPE);
    if (!j)
        return fail_with(err, FL_ENOMEM, "out of memory adding a rope");
    j->a = def->a;
    j->b = def->b;
    j->body_b = def->b ? def->b : &w->ground;
    j->local_a = def->anchor_a;
    j->local_b = def->anchor_b;
    j->length = def->length > 0.0 ? def->length
                                  : fl_length(fl_sub(fl_joint_world_b(j), fl_joint_world_a(j)));
    j->stiffness = def->stiffness;
    j->damping = def->damping;
    if (append_joint(w, j, out) != FL_OK)
        return fail_with(err, FL_ENOMEM, "out of memory adding a rope");
    return FL_OK;
}

fl_status fl_world_add_mouse(fl_world *w, const fl_mouse_def *def, fl_joint **out, fl_error *err)
{
    FL_ASSERT(w != NULL);
    if (!alive(w, def->body) || def->body->is_static)
        return fail_with(err, FL_EINVAL, "a mouse spring needs a dynamic body in this world");
    if (!isfinite(def->target.x) || !isfinite(def->target.y) || !isfinite(def->anchor.x) ||
        !isfinite(def->anchor.y) || !(def->frequency >= 0.0) || !(def->damping_ratio >= 0.0) ||
        !(def->max_force >= 0.0) || !isfinite(def->max_force) || !isfinite(def->frequency))
        return fail_with(err, FL_EINVAL, "mouse spring values must be finite and >= 0");
    fl_joint *j = new_joint(w, FL_JOINT_MOUSE);
    if (!j)
        return fail_with(err, FL_ENOMEM, "out of memory adding a mouse spring");
    fl_body *b = def->body;
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

void fl_mouse_set_target(fl_joint *j, fl_vec2 target)
{
    FL_ASSERT(j != NULL);
    if (j->type == FL_JOINT_MOUSE && isfinite(target.x) && isfinite(target.y))
        j->target = target;
}

void joints_sweep(fl_world *w)
{
    int kept = 0;
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        if (j->removed || j->a->removed || (j->b && j->b->removed)) {
            fl_world_free(w, j);
            continue;
        }
        j->index = kept;
        w->joints[kept++] = j;
    }
    w->joint_count = kept;
    w->joints_removed = 0;
}

void fl_world_remove_joint(fl_world *w, fl_joint *j)
{
    FL_ASSERT(w != NULL);
    if (!j || j->removed)
        return;
    j->removed = true;
    w->joints_removed++;
    if (!w->in_step)
        joints_sweep(w);
}

int fl_world_joint_count(const fl_world *w) { return w->joint_count; }

fl_joint *fl_world_joint(const fl_world *w, int index)
{
    FL_ASSERT(w != NULL);
    return (index >= 0 && index < w->joint_count) ? w->joints[index] : NULL;
}

void joints_free(fl_world *w)
{
    for (int i = 0; i < w->joint_count; i++)
        fl_world_free(w, w->joints[i]);
    fl_world_free(w, w->joints);
    w->joints = NULL;
    w->joint_count = w->joint_capacity = 0;
}

fl_joint_type fl_joint_kind(const fl_joint *j) { return j->type; }
int fl_joint_index(const fl_joint *j) { return j->index; }
fl_body *fl_joint_body_a(const fl_joint *j) { return j->a; }
fl_body *fl_joint_body_b(const fl_joint *j) { return j->b; }
fl_vec2 fl_joint_anchor_a(const fl_joint *j) { return j->local_a; }
fl_vec2 fl_joint_anchor_b(const fl_joint *j) { return j->local_b; }
double fl_joint_length(const fl_joint *j) { return j->length; }
double fl_joint_stiffness(const fl_joint *j) { return j->stiffness; }
double fl_joint_damping(const fl_joint *j) { return j->damping; }
fl_vec2 fl_mouse_target(const fl_joint *j) { return j->target; }
