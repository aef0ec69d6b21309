#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "picking.h"
#include "sandbox_parts.h"

/* Densities the spawn keys step through (kg/m^2; water is 1000). */
static const double density_ladder[] = {50,  100, 200, 300, 400,  500,  600,  700,  800,  900,
                                        950, 1000, 1100, 1250, 1500, 2000, 3000, 5000, 8000};
#define LADDER_SIZE ((int)(sizeof density_ladder / sizeof density_ladder[0]))
#define BOX_SIZE fl_v2(1.0, 0.6)
#define NGON_RADIUS 0.5
#define GRAB_WEIGHTS 3.0 /* the mouse spring pulls with at most this many times the weight */

double sandbox_spawn_density(const sandbox *sb)
{
    return sb->spawn_density;
}

void sandbox_set_spawn_density(sandbox *sb, double d)
{
    if (isfinite(d))
        sb->spawn_density = fmin(fmax(d, SPAWN_DENSITY_MIN), SPAWN_DENSITY_MAX);
}

double sandbox_density_step(double d, int direction)
{
    if (direction > 0) {
        for (int i = 0; i < LADDER_SIZE; i++)
            if (density_ladder[i] > d)
                return density_ladder[i];
        return d;
    }
    for (int i = LADDER_SIZE - 1; i >= 0; i--)
        if (density_ladder[i] < d)
            return density_ladder[i];
    return d;
}

void sandbox_change_density(sandbox *sb, int direction)
{
    sb->spawn_density = sandbox_density_step(sb->spawn_density, direction);
}

/* A body of the spawn density and the format's defaults, shaped by `kind`,
 * at `at`: as a scene statement would give it. */
void sandbox_change_spawn_size(sandbox *sb, double clicks)
{
    sandbox_set_spawn_size(sb, sb->spawn_scale * pow(1.15, clicks));
    sandbox_say(sb, "spawns %.2f times their first size (a box %.2f x %.2f m)", sb->spawn_scale,
                BOX_SIZE.x * sb->spawn_scale, BOX_SIZE.y * sb->spawn_scale);
}

void sandbox_set_spawn_size(sandbox *sb, double scale)
{
    if (isfinite(scale))
        sb->spawn_scale = fmin(fmax(scale, SPAWN_SIZE_MIN), SPAWN_SIZE_MAX);
}

static void spawn_body(sandbox_spawn kind, unsigned count, fl_vec2 at, double density,
                       double scale, fl_scene_body *b, fl_scene_body_room *room)
{
    *b = fl_scene_body_default();
    b->at = at;
    b->density = density;
    switch (kind) {
    case SPAWN_BOX:
        b->shape = FL_SCENE_BOX;
        b->size = fl_scale(BOX_SIZE, scale);
        break;
    case SPAWN_NGON:
        b->shape = FL_SCENE_NGON;
        b->sides = 3 + (int)(count % 6);
        b->radius = NGON_RADIUS * scale;
        break;
    case SPAWN_ROCK:
        b->shape = FL_SCENE_POLYGON;
        b->point_count = sandbox_rock(count, room->points, FL_SCENE_MAX_POINTS);
        for (int i = 0; i < b->point_count; i++)
            room->points[i] = fl_scale(room->points[i], scale);
        b->points = room->points;
        break;
    }
}

void sandbox_spawn_at(sandbox *sb, sandbox_spawn kind, fl_vec2 at)
{
    fl_scene_body b;
    fl_scene_body_room room;
    spawn_body(kind, sb->spawn_count, at, sandbox_spawn_density(sb), sb->spawn_scale, &b, &room);
    if (sandbox_spawn_body(sb, &b))
        sb->spawn_count++;
}

int sandbox_body_or_hull_at(const sandbox *sb, fl_vec2 p)
{
    int i = sandbox_body_at(sb, p, false);
    const fl_world *w = fl_sim_world(sb->sim);
    for (int k = fl_world_body_count(w) - 1; i < 0 && k >= 0; k--)
        if (picking_body_holds(fl_world_body(w, k), p, true))
            i = k;
    return i;
}

int sandbox_body_at(const sandbox *sb, fl_vec2 p, bool dynamic_only)
{
    return picking_body_at(fl_sim_world(sb->sim), p, dynamic_only);
}

/* The input that removes the body at index. */
static fl_input removal(const sandbox *sb, int index)
{
    fl_input in = {0};
    in.kind = FL_INPUT_REMOVE;
    in.body = fl_body_serial(fl_world_body(fl_sim_world(sb->sim), index));
    return in;
}

void sandbox_delete_body(sandbox *sb, int index)
{
    fl_input in = removal(sb, index);
    sandbox_apply(sb, &in);
}

void sandbox_grab(sandbox *sb, fl_vec2 p)
{
    sandbox_release(sb);
    int i = sandbox_body_at(sb, p, true);
    if (i < 0)
        return;
    fl_body_id b = fl_world_body(fl_sim_world(sb->sim), i);
    fl_input in = {0};
    in.kind = FL_INPUT_GRAB;
    in.body = fl_body_serial(b);
    in.anchor = fl_unrotate(fl_body_rot(b), fl_sub(p, fl_body_position(b)));
    in.target = p;
    /* A hand, not a crane: a few times the body's weight at most. */
    in.force = GRAB_WEIGHTS * fl_body_mass(b) * fl_length(fl_world_gravity(fl_sim_world(sb->sim)));
    sandbox_apply(sb, &in);
}

void sandbox_drag(sandbox *sb, fl_vec2 p)
{
    if (fl_joint_is_null(sb->mouse.grab))
        return;
    fl_input in = {0};
    in.kind = FL_INPUT_DRAG;
    in.target = p;
    sandbox_apply(sb, &in);
}

void sandbox_release(sandbox *sb)
{
    if (fl_joint_is_null(sb->mouse.grab))
        return;
    fl_input in = {0};
    in.kind = FL_INPUT_RELEASE;
    sandbox_apply(sb, &in);
}

void sandbox_move_water(sandbox *sb, double dy)
{
    fl_buoyancy *bu = fl_sim_buoyancy(sb->sim);
    for (int i = 0; i < fl_buoyancy_fluid_count(bu); i++) {
        const fl_fluid_def *f = fl_buoyancy_fluid_def(bu, i);
        if (!(f->surface + dy < f->bottom))
            continue;
        fl_input in = {0};
        in.kind = FL_INPUT_FLUID;
        in.fluid = i;
        in.surface = f->surface + dy;
        sandbox_apply(sb, &in);
    }
}

/* How far below the lowest fluid bottom or static body a body may fall
 * before it is taken out of the world. */
#define LOST_BELOW 50.0

void sandbox_remove_lost(sandbox *sb)
{
    const fl_world *w = fl_sim_world(sb->sim);
    double floor = -INFINITY;
    for (int i = 0; i < fl_buoyancy_fluid_count(fl_sim_buoyancy(sb->sim)); i++)
        floor = fmax(floor, fl_buoyancy_fluid_def(fl_sim_buoyancy(sb->sim), i)->bottom);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            floor = fmax(floor, fl_body_position(b).y + fl_body_radius(b));
    }
    if (!isfinite(floor))
        return; /* nothing to fall past */
    for (int i = fl_world_body_count(w) - 1; i >= 0; i--) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_is_static(b) || !(fl_body_position(b).y > floor + LOST_BELOW))
            continue;
        const char *name = fl_sim_body_name(sb->sim, b);
        sandbox_say(sb, "%s fell out of the world, %.0f m below its floor: removed",
                    name[0] ? name : "a body", LOST_BELOW);
        fl_input in = removal(sb, i);
        sandbox_apply_own(sb, &in);
    }
}
