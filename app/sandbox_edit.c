#include <stdlib.h>
#include <string.h>
#include "sandbox_parts.h"

/* Densities the spawn keys step through (kg/m^2; water is 1000). */
static const double density_ladder[] = {50,  100, 200, 300, 400,  500,  600,  700,  800,  900,
                                        950, 1000, 1100, 1250, 1500, 2000, 3000, 5000, 8000};
#define LADDER_SIZE ((int)(sizeof density_ladder / sizeof density_ladder[0]))
#define BOX_SIZE fl_v2(1.0, 0.6)
#define NGON_RADIUS 0.5

double sandbox_spawn_density(const sandbox *sb)
{
    return density_ladder[sb->density_index];
}

void sandbox_change_density(sandbox *sb, int direction)
{
    int i = sb->density_index + direction;
    sb->density_index = i < 0 ? 0 : i >= LADDER_SIZE ? LADDER_SIZE - 1 : i;
}

/* A scene body as the parser would make it, with the format's defaults. */
static scene_body spawn_desc(const sandbox *sb, fl_vec2 at)
{
    fl_body_def d = fl_body_def_default();
    scene_body b;
    memset(&b, 0, sizeof b);
    b.at = at;
    b.density = sandbox_spawn_density(sb);
    b.friction = d.friction;
    b.restitution = d.restitution;
    b.category = d.category;
    b.mask = d.mask;
    return b;
}

static void shape_desc(scene_body *b, sandbox_spawn kind, unsigned count)
{
    switch (kind) {
    case SPAWN_BOX:
        b->shape = SCENE_BOX;
        b->size = BOX_SIZE;
        break;
    case SPAWN_NGON:
        b->shape = SCENE_NGON;
        b->sides = 3 + (int)(count % 6);
        b->radius = NGON_RADIUS;
        break;
    case SPAWN_ROCK:
        b->shape = SCENE_POLYGON;
        b->point_count = sandbox_rock(count, b->points, SCENE_MAX_POINTS);
        break;
    }
}

/* Adds a body to the world and its description to the live scene. */
static bool add_body(sandbox *sb, const scene_body *sbody)
{
    scene_body *grown = realloc(sb->live.bodies, sizeof *grown * (size_t)(sb->live.body_count + 1));
    if (!grown)
        return false;
    sb->live.bodies = grown;
    fl_vec2 pts[SCENE_MAX_POINTS];
    fl_body_def d = fl_body_def_default();
    d.points = pts;
    d.point_count = scene_body_outline(sbody, pts);
    d.origin = sbody->at;
    d.density = sbody->density;
    fl_error err;
    if (fl_world_add_body(sb->sim.world, &d, NULL, &err) != FL_OK) {
        sandbox_say(sb, "cannot add the body: %s", err.message);
        return false;
    }
    grown[sb->live.body_count++] = *sbody;
    sb->sim.body_count = sb->live.body_count;
    return true;
}

void sandbox_spawn_at(sandbox *sb, sandbox_spawn kind, fl_vec2 at)
{
    scene_body b = spawn_desc(sb, at);
    shape_desc(&b, kind, sb->spawn_count);
    if (add_body(sb, &b))
        sb->spawn_count++;
}

/* Crossing test of the local point p against an outline. */
static bool outline_holds(const fl_vec2 *v, int n, fl_vec2 p)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((v[i].y > p.y) != (v[j].y > p.y) &&
            p.x < v[j].x + (p.y - v[j].y) * (v[i].x - v[j].x) / (v[i].y - v[j].y))
            in = !in;
    }
    return in;
}

int sandbox_body_at(const sandbox *sb, fl_vec2 p, bool dynamic_only)
{
    const fl_world *w = sb->sim.world;
    for (int i = fl_world_body_count(w) - 1; i >= 0; i--) {
        const fl_body *b = fl_world_body(w, i);
        if (dynamic_only && b->is_static)
            continue;
        fl_vec2 local = fl_unrotate(b->rot, fl_sub(p, b->position));
        if (outline_holds(b->verts, b->vert_count, local))
            return i;
    }
    return -1;
}

/* The live scene's ropes follow the world's bodies down one index. */
static void forget_body(scene *sc, int index)
{
    memmove(sc->bodies + index, sc->bodies + index + 1,
            sizeof *sc->bodies * (size_t)(sc->body_count - index - 1));
    sc->body_count--;
    int kept = 0;
    for (int k = 0; k < sc->rope_count; k++) {
        scene_rope r = sc->ropes[k];
        if (r.a == index || r.b == index)
            continue;
        r.a -= r.a > index;
        r.b -= r.b > index;
        sc->ropes[kept++] = r;
    }
    sc->rope_count = kept;
}

void sandbox_delete_body(sandbox *sb, int index)
{
    fl_body *b = fl_world_body(sb->sim.world, index);
    if (sb->mouse.grab && sb->mouse.grab->a == b)
        sb->mouse.grab = NULL; /* the world removes the spring with the body */
    fl_world_remove_body(sb->sim.world, b);
    forget_body(&sb->live, index);
    sb->sim.body_count = sb->live.body_count;
}

void sandbox_grab(sandbox *sb, fl_vec2 p)
{
    sandbox_release(sb);
    int i = sandbox_body_at(sb, p, true);
    if (i < 0)
        return;
    fl_body *b = fl_world_body(sb->sim.world, i);
    fl_mouse_def d = {0};
    d.body = b;
    d.anchor = fl_unrotate(b->rot, fl_sub(p, b->position));
    d.target = p;
    if (fl_world_add_mouse(sb->sim.world, &d, &sb->mouse.grab, NULL) != FL_OK)
        sb->mouse.grab = NULL;
}

void sandbox_drag(sandbox *sb, fl_vec2 p)
{
    if (sb->mouse.grab)
        fl_mouse_set_target(sb->mouse.grab, p);
}

void sandbox_release(sandbox *sb)
{
    if (!sb->mouse.grab)
        return;
    fl_world_remove_joint(sb->sim.world, sb->mouse.grab);
    sb->mouse.grab = NULL;
}

void sandbox_move_water(sandbox *sb, double dy)
{
    fl_buoyancy *bu = sb->sim.buoyancy;
    for (int i = 0; i < fl_buoyancy_fluid_count(bu); i++) {
        fl_fluid_def f = *fl_buoyancy_fluid(bu, i);
        f.surface += dy;
        if (!(f.surface < f.bottom) || fl_buoyancy_set_fluid(bu, i, &f, NULL) != FL_OK)
            continue;
        if (i < sb->live.fluid_count)
            sb->live.fluids[i].surface = f.surface;
    }
}
