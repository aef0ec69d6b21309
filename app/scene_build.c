#include <stdio.h>
#include <string.h>
#include "sim.h"

int scene_body_outline(const scene_body *b, fl_vec2 *out)
{
    switch (b->shape) {
    case SCENE_BOX: {
        double hx = 0.5 * b->size.x, hy = 0.5 * b->size.y;
        out[0] = fl_v2(-hx, -hy);
        out[1] = fl_v2(hx, -hy);
        out[2] = fl_v2(hx, hy);
        out[3] = fl_v2(-hx, hy);
        return 4;
    }
    case SCENE_NGON:
        for (int k = 0; k < b->sides; k++) {
            double a = 2.0 * FL_PI * k / b->sides;
            out[k] = fl_v2(b->radius * cos(a), b->radius * sin(a));
        }
        return b->sides;
    case SCENE_POLYGON:
        memcpy(out, b->points, sizeof *out * (size_t)b->point_count);
        return b->point_count;
    }
    return 0;
}

static fl_fluid_def fluid_def(const scene_fluid *f)
{
    fl_fluid_def d = fl_fluid_def_default();
    d.density = f->density;
    d.left = f->left;
    d.right = f->right;
    d.surface = f->surface;
    d.bottom = f->bottom;
    d.linear_drag = f->linear_drag;
    d.angular_drag = f->angular_drag;
    d.current = f->current;
    d.wave_amplitude = f->wave_amplitude;
    d.wave_length = f->wave_length;
    d.wave_speed = f->wave_speed;
    return d;
}

/* Scene anchors are offsets from a body's centre as the scene shows it;
 * the engine keeps them in the body's own frame. */
static fl_rope_def rope_def(const fl_world *w, const scene_rope *r)
{
    fl_rope_def d = {0};
    d.a = fl_world_body(w, r->a);
    d.anchor_a = fl_unrotate(d.a->rot, r->anchor_a);
    if (r->b >= 0) {
        d.b = fl_world_body(w, r->b);
        d.anchor_b = fl_unrotate(d.b->rot, r->anchor_b);
    } else {
        d.anchor_b = r->anchor_b;
    }
    d.length = r->has_length ? r->length : 0.0;
    d.stiffness = r->has_stiffness ? r->stiffness : 0.0;
    d.damping = r->damping;
    return d;
}

static bool fail(sim *s, scene_error *err, int line, const char *why)
{
    sim_free(s);
    err->line = line;
    err->column = 1;
    snprintf(err->message, sizeof err->message, "%s", why);
    return false;
}

bool sim_build(sim *out, const scene *sc, scene_error *err)
{
    memset(out, 0, sizeof *out);
    fl_error e;
    fl_world_def wd = fl_world_def_default();
    wd.gravity = sc->gravity;
    wd.iterations = sc->iterations;
    out->desc = sc;
    out->dt = 1.0 / sc->rate;
    out->world = fl_world_create(&wd, &e);
    if (!out->world)
        return fail(out, err, 1, e.message);
    out->buoyancy = fl_buoyancy_create(out->world, &e);
    if (!out->buoyancy)
        return fail(out, err, 1, e.message);
    for (int i = 0; i < sc->fluid_count; i++) {
        fl_fluid_def fd = fluid_def(&sc->fluids[i]);
        if (fl_buoyancy_add_fluid(out->buoyancy, &fd, &e) < 0)
            return fail(out, err, sc->fluids[i].line, e.message);
    }
    for (int i = 0; i < sc->body_count; i++) {
        const scene_body *sb = &sc->bodies[i];
        fl_vec2 pts[SCENE_MAX_POINTS];
        fl_body_def bd = fl_body_def_default();
        bd.points = pts;
        bd.point_count = scene_body_outline(sb, pts);
        if (sb->hull_count > 0) {
            bd.hull = sb->hull;
            bd.hull_count = sb->hull_count;
        }
        bd.origin = sb->at;
        bd.angle = sb->angle;
        bd.velocity = sb->velocity;
        bd.spin = sb->spin;
        bd.density = sb->density;
        bd.is_static = sb->is_static;
        bd.friction = sb->friction;
        bd.restitution = sb->restitution;
        bd.category = sb->category;
        bd.mask = sb->mask;
        bd.sensor = sb->sensor;
        if (fl_world_add_body(out->world, &bd, NULL, &e) != FL_OK)
            return fail(out, err, sb->line, e.message);
    }
    out->body_count = sc->body_count;
    for (int i = 0; i < sc->rope_count; i++) {
        fl_rope_def rd = rope_def(out->world, &sc->ropes[i]);
        if (fl_world_add_rope(out->world, &rd, NULL, &e) != FL_OK)
            return fail(out, err, sc->ropes[i].line, e.message);
    }
    return true;
}

void sim_free(sim *s)
{
    fl_buoyancy_destroy(s->buoyancy);
    fl_world_destroy(s->world);
    memset(s, 0, sizeof *s);
}
