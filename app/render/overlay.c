/* The debug overlays of render.h: centres of mass and buoyancy, submerged
 * polygons, force arrows, contact points and ropes. */
#include <stdio.h>
#include "render.h"
#include "text.h"

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

/* The marks, at target pixel p. */
static void com_mark(draw_batch *b, const camera *cam, fl_vec2 p)
{
    double arm = 5.0 * cam->px;
    for (int pass = 0; pass < 2; pass++) {
        double w = (pass == 0 ? 3.5 : 1.5) * cam->px;
        rgba c = rgba_hex(pass == 0 ? HALO : INK, 255);
        draw_line(b, fl_v2(p.x - arm, p.y), fl_v2(p.x + arm, p.y), w, pass == 0, c);
        draw_line(b, fl_v2(p.x, p.y - arm), fl_v2(p.x, p.y + arm), w, pass == 0, c);
    }
}

static void cb_mark(draw_batch *b, const camera *cam, fl_vec2 p)
{
    draw_ring(b, p, 4.5 * cam->px, 3.5 * cam->px, rgba_hex(HALO, 255));
    draw_ring(b, p, 4.5 * cam->px, 1.5 * cam->px, rgba_hex(CB_COLOR, 255));
}

static void draw_submerged(draw_batch *b, const fl_sim *s, const camera *cam, int i)
{
    const fl_buoyancy *water = fl_sim_buoyancy(s);
    fl_body_id body = fl_world_body(fl_sim_world(s), i);
    for (int f = 0; f < fl_buoyancy_fluid_count(water); f++) {
        const fl_submerged *sub =
            fl_buoyancy_submerged(water, body, fl_buoyancy_fluid_at(water, f));
        if (!sub || sub->count < 2)
            continue;
        for (int k = 0; k < sub->count; k++) {
            fl_vec2 a = camera_to_screen(cam, sub->polygon[k]);
            fl_vec2 z = camera_to_screen(cam, sub->polygon[(k + 1) % sub->count]);
            draw_line(b, a, z, 1.5 * cam->px, true, rgba_hex(SUBMERGED_COLOR, 255));
        }
    }
}

double render_force_scale(const fl_sim *s, const camera *cam)
{
    double g = fl_length(fl_world_gravity(fl_sim_world(s))), heaviest = 0.0;
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++)
        heaviest = fmax(heaviest, fl_body_mass(fl_world_body(fl_sim_world(s), i)) * g);
    return RENDER_FORCE_VIEW_FRACTION * cam->px_w / (heaviest > 0.0 ? heaviest : 1.0);
}

/* An arrow for `force` from `at`, shortened where it would leave the
 * target (a margin inside its edges), so that it never runs off the view;
 * none when `at` itself is outside. */
static void force_arrow(draw_batch *b, const camera *cam, fl_vec2 at, fl_vec2 force, double k,
                        uint32_t color)
{
    fl_vec2 p = camera_to_screen(cam, at);
    fl_vec2 d = fl_scale(force, k);
    double m = 4.0 * cam->px, lo[2] = {m, m}, hi[2] = {cam->px_w - m, cam->px_h - m};
    double pc[2] = {p.x, p.y}, dc[2] = {d.x, d.y}, t = 1.0;
    for (int a = 0; a < 2; a++) {
        if (pc[a] < lo[a] || pc[a] > hi[a])
            return;
        if (pc[a] + t * dc[a] > hi[a])
            t = (hi[a] - pc[a]) / dc[a];
        if (pc[a] + t * dc[a] < lo[a])
            t = (lo[a] - pc[a]) / dc[a];
    }
    fl_vec2 tip = fl_add(p, fl_scale(d, t));
    if (fl_length(fl_sub(tip, p)) < 1.0 * cam->px)
        return;
    draw_arrow(b, p, tip, 2.0 * cam->px, 9.0 * cam->px, rgba_hex(color, 230));
}

/* The weight at the centre of mass, and what the buoyancy module applied in
 * the last step, fluid by fluid: lift and drag at the centre of buoyancy
 * it measured then. */
static void draw_forces(draw_batch *b, const fl_sim *s, const camera *cam, int i, double k)
{
    fl_body_id body = fl_world_body(fl_sim_world(s), i);
    fl_vec2 g = fl_world_gravity(fl_sim_world(s));
    force_arrow(b, cam, fl_body_position(body), fl_scale(g, fl_body_mass(body)), k, WEIGHT_COLOR);
    const fl_buoyancy *water = fl_sim_buoyancy(s);
    for (int f = 0; f < fl_buoyancy_fluid_count(water); f++) {
        const fl_buoyancy_push *p =
            fl_buoyancy_applied(water, body, fl_buoyancy_fluid_at(water, f));
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
    for (int i = 0; i < fl_world_contact_count(fl_sim_world(s)); i++) {
        fl_contact_data d;
        const fl_contact_data *k = &d;
        if (!fl_world_contact(fl_sim_world(s), i, &d))
            continue;
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
    for (int i = 0; i < fl_world_joint_count(fl_sim_world(s)); i++) {
        fl_joint_id j = fl_world_joint(fl_sim_world(s), i);
        rgba c = rgba_hex(fl_joint_kind(j) == FL_JOINT_MOUSE ? MOUSE_COLOR : ROPE_COLOR, 255);
        fl_vec2 a = camera_to_screen(cam, fl_joint_world_a(j));
        fl_vec2 z = camera_to_screen(cam, fl_joint_world_b(j));
        draw_line(b, a, z, 2.0 * cam->px, false, c);
        draw_disc(b, a, 2.5 * cam->px, c);
        draw_disc(b, z, 2.5 * cam->px, c);
    }
}

/* A line of text centred on x with its foot at `foot` (pixels), on a dark
 * backing so that it reads over water and sky alike. */
static void label_at(draw_batch *b, const char *text, double x, double foot, double u)
{
    double w = text_width(b, text, u), h = TEXT_LINE_UNITS * u, pad = 2.0 * u;
    fl_vec2 at = fl_v2(x - 0.5 * w, foot - h - 2.0 * pad);
    fl_vec2 box[4] = {{at.x - pad, at.y - 0.5 * pad}, {at.x + w + pad, at.y - 0.5 * pad},
                      {at.x + w + pad, at.y + h + 0.5 * pad}, {at.x - pad, at.y + h + 0.5 * pad}};
    draw_polygon(b, box, 4, rgba_hex(0x10202c, 150));
    text_draw(b, text, at, u, rgba_hex(0xffffff, 255));
}

/* Each named body's name, centred over it; and what each taut rope pulls
 * with, at its middle: for a body hanging still, its apparent weight. */
static void draw_labels(draw_batch *b, const fl_sim *s, const camera *cam)
{
    double u = render_text_unit(cam);
    const fl_world *w = fl_sim_world(s);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id body = fl_world_body(w, i);
        const char *name = fl_sim_body_name(s, body);
        if (!name || !name[0] || fl_body_is_static(body))
            continue;
        fl_vec2 top = camera_to_screen(
            cam, fl_sub(fl_body_position(body), fl_v2(0.0, fl_body_radius(body))));
        label_at(b, name, top.x, top.y, u);
    }
    for (int i = 0; i < fl_world_joint_count(w); i++) {
        fl_joint_id j = fl_world_joint(w, i);
        double t = fl_joint_kind(j) == FL_JOINT_ROPE ? fl_joint_tension(j) : 0.0;
        if (!(t > 0.0))
            continue;
        char text[32];
        if (t >= 1e4)
            snprintf(text, sizeof text, "%.2f kN", t / 1000.0);
        else
            snprintf(text, sizeof text, "%.0f N", t);
        fl_vec2 mid = camera_to_screen(
            cam, fl_scale(fl_add(fl_joint_world_a(j), fl_joint_world_b(j)), 0.5));
        label_at(b, text, mid.x, mid.y + 0.5 * TEXT_LINE_UNITS * u, u);
    }
}

void render_overlays(draw_batch *b, const fl_sim *s, const camera *cam, const render_options *o)
{
    if (o->ropes)
        draw_ropes(b, s, cam);
    double k = render_force_scale(s, cam);
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++) {
        fl_body_id body = fl_world_body(fl_sim_world(s), i);
        if (fl_body_is_static(body))
            continue;
        fl_vec2 cb;
        if (o->submerged)
            draw_submerged(b, s, cam, i);
        if (o->forces)
            draw_forces(b, s, cam, i, k);
        if (o->com)
            com_mark(b, cam, camera_to_screen(cam, fl_body_position(body)));
        if (o->cb && fl_buoyancy_body_area(fl_sim_buoyancy(s), body, &cb) > 0.0)
            cb_mark(b, cam, camera_to_screen(cam, cb));
    }
    if (o->contacts)
        draw_contacts(b, s, cam);
    if (o->labels)
        draw_labels(b, s, cam);
}

/* ---- the legend ---------------------------------------------------------- */

/* A round number of newtons (1, 2 or 5 times a power of ten) whose arrow is
 * about `px` pixels long at k pixels a newton. */
static double round_newtons(double px, double k)
{
    double f = px / k, p = pow(10.0, floor(log10(f)));
    return f / p >= 5.0 ? 5.0 * p : f / p >= 2.0 ? 2.0 * p : p;
}

typedef enum legend_mark { MARK_COM, MARK_CB, MARK_SUBMERGED, MARK_CONTACT, MARK_FORCES } legend_mark;

static void legend_mark_draw(draw_batch *b, const camera *cam, legend_mark m, fl_vec2 c, double u)
{
    switch (m) {
    case MARK_COM: com_mark(b, cam, c); break;
    case MARK_CB: cb_mark(b, cam, c); break;
    case MARK_SUBMERGED:
        draw_line(b, fl_v2(c.x - 7 * u, c.y), fl_v2(c.x + 7 * u, c.y), 1.5 * cam->px, true,
                  rgba_hex(SUBMERGED_COLOR, 255));
        break;
    case MARK_CONTACT: draw_disc(b, c, 3.0 * cam->px, rgba_hex(CONTACT_COLOR, 255)); break;
    case MARK_FORCES: break;
    }
}

void render_legend(draw_batch *b, const fl_sim *s, const camera *cam, const render_options *o)
{
    static const char *const names[] = {"centre of mass", "centre of buoyancy", "submerged part",
                                        "contact"};
    const bool on[] = {o->com, o->cb, o->submerged, o->contacts};
    double u = render_text_unit(cam), line = TEXT_LINE_UNITS * u, pad = 5 * u;
    double key = 18 * u; /* the marks' column */
    int rows = 0;
    double wide = 0.0;
    for (int i = 0; i < 4; i++)
        if (on[i]) {
            rows++;
            wide = fmax(wide, text_width(b, names[i], u));
        }
    double k = render_force_scale(s, cam), newtons = 0.0, bar = 0.0;
    char scale[64] = "";
    if (o->forces) {
        newtons = round_newtons(60.0 * cam->px, k);
        bar = newtons * k;
        snprintf(scale, sizeof scale, "%g N", newtons);
        wide = fmax(wide, fmax(text_width(b, "weight, buoyancy, drag", u), bar + 6 * u +
                                                                         text_width(b, scale, u)));
        rows += 2;
    }
    if (rows == 0)
        return;
    double w = key + wide + 2 * pad, h = rows * line + 2 * pad;
    double x = cam->px_w - w - 4 * u, y = cam->px_h - h - 4 * u;
    if (w > 0.45 * cam->px_w || h > 0.45 * cam->px_h)
        return; /* no room on so small a target: the key would hide the picture */
    const fl_vec2 panel[4] = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    draw_polygon(b, panel, 4, rgba_hex(0xffffff, 210));
    double ty = y + pad;
    rgba ink = rgba_hex(0x1a1a1a, 255);
    for (int i = 0; i < 4; i++) {
        if (!on[i])
            continue;
        legend_mark_draw(b, cam, (legend_mark)i, fl_v2(x + pad + key / 2 - 2 * u, ty + 0.45 * line), u);
        text_draw(b, names[i], fl_v2(x + pad + key, ty), u, ink);
        ty += line;
    }
    if (o->forces) {
        /* The three arrows as they point for a floating body: weight down,
         * buoyancy up, drag across; then the scale bar. */
        const uint32_t colors[3] = {WEIGHT_COLOR, LIFT_COLOR, DRAG_COLOR};
        const fl_vec2 from[3] = {{0, 0.15}, {0, 0.85}, {-0.3, 0.5}}, to[3] = {{0, 0.85}, {0, 0.15}, {0.4, 0.5}};
        for (int j = 0; j < 3; j++) {
            double ax = x + pad + (j < 2 ? j * 4 : 9) * u;
            draw_arrow(b, fl_v2(ax + from[j].x * line, ty + from[j].y * line),
                       fl_v2(ax + to[j].x * line, ty + to[j].y * line), 1.5 * cam->px, 3.5 * u,
                       rgba_hex(colors[j], 230));
        }
        text_draw(b, "weight, buoyancy, drag", fl_v2(x + pad + key, ty), u, ink);
        ty += line;
        double by = ty + 0.45 * line;
        draw_line(b, fl_v2(x + pad, by), fl_v2(x + pad + bar, by), 2.0 * cam->px, false, ink);
        draw_line(b, fl_v2(x + pad, by - 3 * u), fl_v2(x + pad, by + 3 * u), 1.5 * cam->px, false, ink);
        draw_line(b, fl_v2(x + pad + bar, by - 3 * u), fl_v2(x + pad + bar, by + 3 * u),
                  1.5 * cam->px, false, ink);
        text_draw(b, scale, fl_v2(x + pad + bar + 6 * u, ty), u, ink);
    }
}
