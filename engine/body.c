#include <string.h>
#include "fl_polygon.h"
#include "world_internal.h"

fl_body_def fl_body_def_default(void)
{
    fl_body_def d;
    memset(&d, 0, sizeof d);
    d.friction = 0.4;
    d.restitution = 0.0;
    return d;
}

static bool finite_vec(fl_vec2 v) { return isfinite(v.x) && isfinite(v.y); }

static fl_status check_outline(const fl_vec2 *p, int n, const char *what, fl_error *err)
{
    if (!p || n < 3)
        return fl_fail(err, FL_EINVAL, "%s needs at least 3 points", what);
    for (int i = 0; i < n; i++)
        if (!finite_vec(p[i]))
            return fl_fail(err, FL_EINVAL, "%s point %d is not finite", what, i);
    if (!fl_polygon_is_simple(p, n))
        return fl_fail(err, FL_EINVAL, "%s must be a simple polygon with non-zero area", what);
    return FL_OK;
}

/* Copies n points less `shift`, reversed if needed so the winding is positive. */
static void copy_outline(fl_vec2 *dst, const fl_vec2 *src, int n, fl_vec2 shift)
{
    bool reverse = fl_polygon_signed_area(src, n) < 0.0;
    for (int i = 0; i < n; i++)
        dst[i] = fl_sub(src[reverse ? n - 1 - i : i], shift);
}

fl_status fl_body_create(fl_world *w, const fl_body_def *def, fl_body **out, fl_error *err)
{
    fl_status st = check_outline(def->points, def->point_count, "outline", err);
    if (st == FL_OK && def->hull)
        st = check_outline(def->hull, def->hull_count, "hull", err);
    if (st != FL_OK)
        return st;
    if (!finite_vec(def->origin) || !isfinite(def->angle) || !finite_vec(def->velocity) ||
        !isfinite(def->spin) || !isfinite(def->friction) || !isfinite(def->restitution))
        return fl_fail(err, FL_EINVAL, "body placement and motion must be finite");
    if (!def->is_static && !(def->density > 0.0 && isfinite(def->density)))
        return fl_fail(err, FL_EINVAL, "a dynamic body needs a finite density > 0");

    int hull_count = def->hull ? def->hull_count : 0;
    size_t size = sizeof(fl_body) + sizeof(fl_vec2) * (size_t)(def->point_count + hull_count);
    fl_body *b = fl_world_alloc(w, size);
    if (!b)
        return fl_fail(err, FL_ENOMEM, "out of memory adding a body");
    memset(b, 0, sizeof *b);

    fl_mass_props mp = fl_polygon_mass_props(def->points, def->point_count);
    b->verts = (fl_vec2 *)(b + 1);
    b->vert_count = def->point_count;
    copy_outline(b->verts, def->points, def->point_count, mp.centroid);
    if (hull_count) {
        b->hull = b->verts + def->point_count;
        b->hull_count = hull_count;
        copy_outline(b->hull, def->hull, hull_count, mp.centroid);
        b->hull_area = fabs(fl_polygon_signed_area(b->hull, hull_count));
    } else {
        b->hull = b->verts;
        b->hull_count = b->vert_count;
        b->hull_area = mp.area;
    }

    b->index = -1;
    b->is_static = def->is_static;
    b->area = mp.area;
    b->density = def->density;
    if (!def->is_static) {
        b->mass = def->density * mp.area;
        b->inv_mass = 1.0 / b->mass;
        b->inertia = def->density * mp.inertia;
        b->inv_inertia = 1.0 / b->inertia;
    }
    b->friction = def->friction;
    b->restitution = def->restitution;
    b->user = def->user;
    b->angle = def->angle;
    b->rot = fl_rot_from(def->angle);
    b->position = fl_add(def->origin, fl_rotate(b->rot, mp.centroid));
    if (!def->is_static) {
        b->velocity = def->velocity;
        b->spin = def->spin;
    }
    *out = b;
    return FL_OK;
}

void fl_body_destroy(fl_world *w, fl_body *b) { fl_world_free(w, b); }

void fl_body_apply_force(fl_body *b, fl_vec2 point, fl_vec2 force)
{
    b->force = fl_add(b->force, force);
    b->torque += fl_cross(fl_sub(point, b->position), force);
}

void fl_body_apply_central_force(fl_body *b, fl_vec2 force) { b->force = fl_add(b->force, force); }

void fl_body_apply_torque(fl_body *b, double torque) { b->torque += torque; }

void fl_body_set_transform(fl_body *b, fl_vec2 position, double angle)
{
    b->position = position;
    b->angle = angle;
    b->rot = fl_rot_from(angle);
}
