/* The debug overlays of render.h: centres of mass and buoyancy, submerged
 * polygons, force arrows, contact points and ropes. */
#include "render.h"

#define INK 0x1a1a1a
#define HALO 0xffffff
#define CB_COLOR 0x1048c8
#define SUBMERGED_COLOR 0xd0208a
#define LIFT_COLOR 0x1f9a4a
#define WEIGHT_COLOR 0xd02828
#define DRAG_COLOR 0xe88a00
#define ROPE_COLOR 0x5c4328
#define MOUSE_COLOR 0x7a3cc8
#define CONTACT_COLOR 0xe0202a

static void draw_com(draw_batch *b, const camera *cam, fl_vec2 at)
{
    fl_vec2 p = camera_to_screen(cam, at);
    double arm = 5.0 * cam->px;
    for (int pass = 0; pass < 2; pass++) {
        double w = (pass == 0 ? 3.5 : 1.5) * cam->px;
        rgba c = rgba_hex(pass == 0 ? HALO : INK, 255);
        draw_line(b, fl_v2(p.x - arm, p.y), fl_v2(p.x + arm, p.y), w, pass == 0, c);
        draw_line(b, fl_v2(p.x, p.y - arm), fl_v2(p.x, p.y + arm), w, pass == 0, c);
    }
}

static void draw_cb(draw_batch *b, const camera *cam, fl_vec2 at)
{
    fl_vec2 p = camera_to_screen(cam, at);
    draw_ring(b, p, 4.5 * cam->px, 3.5 * cam->px, rgba_hex(HALO, 255));
    draw_ring(b, p, 4.5 * cam->px, 1.5 * cam->px, rgba_hex(CB_COLOR, 255));
}

static void draw_submerged(draw_batch *b, const fl_sim *s, const camera *cam, int i)
{
    for (int f = 0; f < fl_buoyancy_fluid_count(s->buoyancy); f++) {
        const fl_submerged *sub = fl_buoyancy_submerged(s->buoyancy, i, f);
        if (!sub || sub->count < 2)
            continue;
        for (int k = 0; k < sub->count; k++) {
            fl_vec2 a = camera_to_screen(cam, sub->polygon[k]);
            fl_vec2 z = camera_to_screen(cam, sub->polygon[(k + 1) % sub->count]);
            draw_line(b, a, z, 1.5 * cam->px, true, rgba_hex(SUBMERGED_COLOR, 255));
        }
    }
}

/* Target pixels per newton: the heaviest dynamic body's weight is drawn
 * RENDER_FORCE_VIEW_FRACTION of the target's width long. */
static double force_scale(const fl_sim *s, const camera *cam)
{
    double g = fl_length(fl_world_gravity(s->world)), heaviest = 0.0;
    for (int i = 0; i < fl_world_body_count(s->world); i++)
        heaviest = fmax(heaviest, fl_body_mass(fl_world_body(s->world, i)) * g);
    return RENDER_FORCE_VIEW_FRACTION * cam->px_w / (heaviest > 0.0 ? heaviest : 1.0);
}

static void force_arrow(draw_batch *b, const camera *cam, fl_vec2 at, fl_vec2 force, double k,
                        uint32_t color)
{
    fl_vec2 p = camera_to_screen(cam, at);
    fl_vec2 tip = fl_add(p, fl_scale(force, k));
    if (fl_length(fl_sub(tip, p)) < 1.0 * cam->px)
        return;
    draw_arrow(b, p, tip, 2.0 * cam->px, 9.0 * cam->px, rgba_hex(color, 230));
}

/* The weight at the centre of mass, and what the buoyancy module applied in
 * the last step, fluid by fluid: lift and drag at the centre of buoyancy
 * it measured then. */
static void draw_forces(draw_batch *b, const fl_sim *s, const camera *cam, int i, double k)
{
    const fl_body *body = fl_world_body(s->world, i);
    fl_vec2 g = fl_world_gravity(s->world);
    force_arrow(b, cam, fl_body_position(body), fl_scale(g, fl_body_mass(body)), k, WEIGHT_COLOR);
    for (int f = 0; f < fl_buoyancy_fluid_count(s->buoyancy); f++) {
        const fl_buoyancy_push *p = fl_buoyancy_applied(s->buoyancy, i, f);
        if (!p)
            continue;
        force_arrow(b, cam, p->at, p->lift, k, LIFT_COLOR);
        force_arrow(b, cam, p->at, p->drag, k, DRAG_COLOR);
    }
}

/* Each contact point as a dot, with a short stroke along the normal; points
 * still apart (speculative) are drawn hollow. */
static void draw_contacts(draw_batch *b, const fl_sim *s, const camera *cam)
{
    rgba c = rgba_hex(CONTACT_COLOR, 255);
    for (int i = 0; i < fl_world_contact_count(s->world); i++) {
        const fl_contact *k = fl_world_contact(s->world, i);
        for (int j = 0; j < k->count; j++) {
            fl_vec2 p = camera_to_screen(cam, k->points[j].point);
            fl_vec2 tip = fl_add(p, fl_scale(k->normal, 10.0 * cam->px));
            draw_line(b, p, tip, 1.5 * cam->px, true, c);
            if (k->points[j].separation <= 0.0)
                draw_disc(b, p, 3.0 * cam->px, c);
            else
                draw_ring(b, p, 3.0 * cam->px, 1.2 * cam->px, c);
        }
    }
}

/* Ropes and the mouse spring, between the engine's own anchors. */
static void draw_ropes(draw_batch *b, const fl_sim *s, const camera *cam)
{
    for (int i = 0; i < fl_world_joint_count(s->world); i++) {
        const fl_joint *j = fl_world_joint(s->world, i);
        rgba c = rgba_hex(fl_joint_kind(j) == FL_JOINT_MOUSE ? MOUSE_COLOR : ROPE_COLOR, 255);
        fl_vec2 a = camera_to_screen(cam, fl_joint_world_a(j));
        fl_vec2 z = camera_to_screen(cam, fl_joint_world_b(j));
        draw_line(b, a, z, 2.0 * cam->px, false, c);
        draw_disc(b, a, 2.5 * cam->px, c);
        draw_disc(b, z, 2.5 * cam->px, c);
    }
}

void render_overlays(draw_batch *b, const fl_sim *s, const camera *cam, const render_options *o)
{
    if (o->ropes)
        draw_ropes(b, s, cam);
    double k = force_scale(s, cam);
    for (int i = 0; i < fl_world_body_count(s->world); i++) {
        const fl_body *body = fl_world_body(s->world, i);
        if (fl_body_is_static(body))
            continue;
        fl_vec2 cb;
        if (o->submerged)
            draw_submerged(b, s, cam, i);
        if (o->forces)
            draw_forces(b, s, cam, i, k);
        if (o->com)
            draw_com(b, cam, fl_body_position(body));
        if (o->cb && fl_buoyancy_body_area(s->buoyancy, i, &cb) > 0.0)
            draw_cb(b, cam, cb);
    }
    if (o->contacts)
        draw_contacts(b, s, cam);
}
