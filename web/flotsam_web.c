/* flotsam in the browser: the library and the renderer compiled to
 * WebAssembly, driven by web/app.js. The page calls these functions (see
 * web/README.md); the picture is the renderer's, recorded as a command
 * list (draw_list.h) that the page replays on its canvas.
 *
 * Every change a person makes is an input of the replay format
 * (fl_input), applied by fl_replay_apply as the desktop sandbox applies
 * it, and kept: the session from the scene's opening is always a replay,
 * which `flotsam replay` plays on the desktop to the same checkpoints.
 * A replay opened here plays back the same way. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <emscripten/emscripten.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "camera.h"
#include "flotsam_web.h"
#include "draw_list.h"
#include "overlays.h"
#include "picking.h"
#include "readings.h"
#include "render.h"
#include "flotsam/flotsam.h"


/* The page measures text with its canvas, in the font it draws with. */
EM_JS(double, page_text_width, (const char *s, double size),
      { return Module.measureText(UTF8ToString(s), size); })

static double measure(void *ctx, const char *s, double size)
{
    (void)ctx;
    return page_text_width(s, size);
}

struct web {
    fl_sim *sim;                /* the world, or the player's */
    fl_replay *rec;             /* this session, from the scene it opened */
    fl_replay *played;          /* a replay being played (NULL: none) */
    fl_replay_player *player;
    fl_joint_id grab;
    uint64_t steps;
    uint64_t settled;           /* the state hash after the last step, before inputs */
    uint64_t *checks;           /* steps and hashes, two by two, every 60 steps */
    size_t check_count, check_cap;
    camera cam;
    draw_list list;
    int selected;               /* body index, or -1 */
    char err[512];
    char out[2048];             /* the last string handed to the page */
};

static void say(web *w, const char *fmt, const char *what)
{
    snprintf(w->err, sizeof w->err, fmt, what);
}

static void say_scene(web *w, const fl_scene_error *e)
{
    fl_scene_error_format(e, NULL, w->err, sizeof w->err);
}

static void close_world(web *w)
{
    fl_replay_player_free(w->player);
    w->player = NULL;
    if (!w->played)
        fl_sim_free(w->sim);
    fl_replay_free(w->played);
    w->played = NULL;
    fl_replay_free(w->rec);
    w->rec = NULL;
    w->sim = NULL;
    w->grab = FL_NULL_JOINT;
    w->steps = 0;
    w->check_count = 0;
    w->selected = -1;
}

FW_API web *fw_create(void)
{
    web *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    draw_list_init(&w->list, 1, 1);
    w->list.measure = measure;
    w->selected = -1;
    return w;
}

FW_API const char *fw_error(web *w) { return w->err; }

/* Frames the world for a canvas of px_w x px_h as a snapshot would. */
FW_API void fw_view(web *w, int px_w, int px_h)
{
    fl_vec2 c;
    double width;
    if (!w->sim || px_w < 1 || px_h < 1)
        return;
    camera_fit_sim(w->sim, true, (double)px_w / px_h, &c, &width);
    w->cam = camera_make(c, width, px_w, px_h, 1.0);
}

static bool open_scene(web *w, const char *text, size_t len)
{
    fl_scene_error e;
    fl_scene sc;
    if (!fl_scene_parse(text, len, &sc, &e)) {
        say_scene(w, &e);
        return false;
    }
    w->sim = fl_sim_build(&sc, &e);
    fl_scene_free(&sc);
    if (!w->sim) {
        say_scene(w, &e);
        return false;
    }
    w->rec = fl_replay_create();
    if (!w->rec || fl_replay_add_scene(w->rec, text, len, &e) < 0) {
        say(w, "%s", "out of memory");
        return false;
    }
    return true;
}

static bool open_replay(web *w, const char *text, size_t len)
{
    fl_scene_error e;
    if (!(w->played = fl_replay_parse(text, len, &e)) || !(w->player = fl_replay_player_start(w->played, &e))) {
        say_scene(w, &e);
        return false;
    }
    w->sim = fl_replay_player_sim(w->player);
    return true;
}

/* A scene or a replay; 1 when it opened, else 0 and fw_error says why
 * (the world before it is gone either way). */
FW_API int fw_open(web *w, const char *text)
{
    close_world(w);
    w->err[0] = '\0';
    size_t len = strlen(text);
    bool ok = fl_text_is_replay(text, len) ? open_replay(w, text, len) : open_scene(w, text, len);
    if (!ok) {
        close_world(w);
        return 0;
    }
    fw_view(w, w->cam.px_w > 0 ? w->cam.px_w : 960, w->cam.px_h > 0 ? w->cam.px_h : 540);
    w->settled = fl_state_hash(fl_sim_world(w->sim));
    return 1;
}

FW_API int fw_playing(web *w) { return w->player != NULL; }

static bool keep_check(web *w)
{
    if (w->check_count + 2 > w->check_cap) {
        size_t cap = w->check_cap ? 2 * w->check_cap : 64;
        uint64_t *c = realloc(w->checks, cap * sizeof *c);
        if (!c) {
            say(w, "%s", "out of memory recording the session");
            return false;
        }
        w->checks = c;
        w->check_cap = cap;
    }
    w->checks[w->check_count++] = w->steps;
    w->checks[w->check_count++] = w->settled;
    return true;
}

/* Steps n times. 0: done; for a replay, 1 when it is over, 2 when a step
 * differs from its recording, 3 when an input failed (fw_error says). */
FW_API int fw_step(web *w, int n)
{
    fl_scene_error e;
    for (int i = 0; i < n && w->sim; i++) {
        if (w->player) {
            uint64_t want, got;
            fl_replay_status st = fl_replay_player_step(w->player, &e, &want, &got);
            w->steps = fl_replay_player_step_count(w->player);
            if (st == FL_REPLAY_DONE)
                return 1;
            if (st == FL_REPLAY_DIFFERS) {
                snprintf(w->err, sizeof w->err,
                         "step %" PRIu64 " differs from the recording: state hash %016" PRIx64
                         ", recorded %016" PRIx64, w->steps, got, want);
                return 2;
            }
            if (st == FL_REPLAY_FAILED) {
                say_scene(w, &e);
                return 3;
            }
            continue;
        }
        if (!fl_sim_step(w->sim, &e)) {
            say_scene(w, &e);
            return 3;
        }
        w->steps++;
        w->settled = fl_state_hash(fl_sim_world(w->sim));
        if (w->steps % FL_REPLAY_CHECK_EVERY == 0 && !keep_check(w))
            return 3;
    }
    return 0;
}

FW_API double fw_steps(web *w) { return (double)w->steps; }

FW_API const char *fw_hash(web *w)
{
    snprintf(w->out, sizeof w->out, "%016" PRIx64, w->sim ? fl_state_hash(fl_sim_world(w->sim)) : 0);
    return w->out;
}

FW_API double fw_rate(web *w) { return w->sim ? fl_sim_rate(w->sim) : 60.0; }

FW_API int fw_body_count(web *w) { return w->sim ? fl_world_body_count(fl_sim_world(w->sim)) : 0; }

/* ---- drawing ---- */

/* Draws the world as the desktop does into the command list: overlays a
 * comma list as --overlay takes; step_ms < 0 leaves the cost out of the
 * HUD. Returns the number of doubles (fw_ops, fw_text and fw_text_length
 * say where they are), or -1 when the list could not be made. */
FW_API int fw_draw(web *w, const char *overlays, double step_ms)
{
    if (!w->sim)
        return -1;
    render_options o;
    char bad[64];
    if (!render_options_parse(overlays, &o, bad, sizeof bad)) {
        say(w, "no overlay '%s'", bad);
        return -1;
    }
    draw_list_reset(&w->list, w->cam.px_w, w->cam.px_h);
    fl_buoyancy_measure(fl_sim_buoyancy(w->sim), fl_world_time(fl_sim_world(w->sim)));
    render_hud hud = {step_ms, w->player ? "replay" : NULL};
    if (!render_to(&draw_list_backend, &w->list, true, w->sim, &w->cam, &o, &hud))
        return -1;
    const fl_world *world = fl_sim_world(w->sim);
    if (w->selected >= 0 && w->selected < fl_world_body_count(world)) {
        draw_batch b;
        draw_begin(&b, &draw_list_backend, &w->list);
        render_selection(&b, w->sim, &w->cam, fl_world_body(world, w->selected));
        if (!draw_flush(&b))
            return -1;
    }
    return (int)w->list.count;
}

FW_API const double *fw_ops(web *w) { return w->list.ops; }
FW_API const char *fw_text(web *w) { return w->list.text; }
FW_API int fw_text_length(web *w) { return (int)w->list.text_len; }

static fl_vec2 world_at(const web *w, double px, double py)
{
    return camera_to_world(&w->cam, fl_v2(px, py));
}

/* ---- what a person does: inputs, recorded ---- */

static bool apply(web *w, fl_input *in)
{
    fl_scene_error e;
    if (w->player) {
        say(w, "%s", "a replay is playing: open a scene to change the world");
        return false;
    }
    in->step = w->steps;
    if (!fl_replay_apply(w->sim, &w->grab, w->rec, in, &e)) {
        say_scene(w, &e);
        return false;
    }
    if (fl_replay_add_input(w->rec, in) != FL_OK) {
        say(w, "%s", "out of memory recording the input");
        return false;
    }
    return true;
}

/* Takes the body under canvas point (px, py) with the mouse spring, pulling
 * with at most five times its weight; its index, or -1 (none there). */
FW_API int fw_grab(web *w, double px, double py)
{
    if (!w->sim || w->player)
        return -1;
    fl_vec2 p = world_at(w, px, py);
    int i = picking_body_at(fl_sim_world(w->sim), p, true);
    if (i < 0)
        return -1;
    fl_body_id b = fl_world_body(fl_sim_world(w->sim), i);
    fl_input in = {0};
    in.kind = FL_INPUT_GRAB;
    in.body = fl_body_serial(b);
    in.anchor = fl_unrotate(fl_body_rot(b), fl_sub(p, fl_body_position(b)));
    in.target = p;
    in.force = 5.0 * fl_body_mass(b) * fl_length(fl_world_gravity(fl_sim_world(w->sim)));
    return apply(w, &in) ? i : -1;
}

FW_API void fw_drag(web *w, double px, double py)
{
    if (!w->sim || fl_joint_is_null(w->grab))
        return;
    fl_input in = {0};
    in.kind = FL_INPUT_DRAG;
    in.target = world_at(w, px, py);
    apply(w, &in);
}

FW_API void fw_release(web *w)
{
    if (!w->sim || fl_joint_is_null(w->grab))
        return;
    fl_input in = {0};
    in.kind = FL_INPUT_RELEASE;
    apply(w, &in);
}

/* Adds a body at canvas point (px, py): kind 0 a box 1 m square, 1 a
 * hexagon of radius 0.6 m; of `density` kg/m^2. 1 when it was added. */
FW_API int fw_spawn(web *w, double px, double py, int kind, double density)
{
    if (!w->sim || !(density > 0.0))
        return 0;
    fl_scene_body b = fl_scene_body_default();
    b.at = world_at(w, px, py);
    b.density = density;
    if (kind == 1) {
        b.shape = FL_SCENE_NGON;
        b.sides = 6;
        b.radius = 0.6;
    } else {
        b.shape = FL_SCENE_BOX;
        b.size = fl_v2(1.0, 1.0);
    }
    fl_input in = {0};
    in.kind = FL_INPUT_SPAWN;
    in.spawn = fl_replay_add_spawn(w->rec, &b);
    if (in.spawn < 0) {
        say(w, "%s", "out of memory adding the body");
        return 0;
    }
    return apply(w, &in) ? 1 : 0;
}

/* The first fluid's density (kg/m^2), its waves (amplitude 0: none) and its
 * drags as they are. */
static const fl_fluid_def *first_fluid(const web *w)
{
    const fl_buoyancy *bu = fl_sim_buoyancy(w->sim);
    return fl_buoyancy_fluid_count(bu) > 0 ? fl_buoyancy_fluid_def(bu, 0) : NULL;
}

/* The first fluid gets this density and these waves; 1 when it did. */
FW_API int fw_water(web *w, double density, double wave_amplitude, double wave_length)
{
    const fl_fluid_def *f = w->sim ? first_fluid(w) : NULL;
    if (!f) {
        say(w, "%s", "this scene has no fluid");
        return 0;
    }
    fl_input in = {0};
    in.kind = FL_INPUT_WATER;
    in.fluid = 0;
    in.density = density;
    in.linear_drag = f->linear_drag;
    in.angular_drag = f->angular_drag;
    in.wave_amplitude = wave_amplitude;
    in.wave_length = wave_length;
    return apply(w, &in) ? 1 : 0;
}

/* The first fluid's still surface moves to height y (m, down). */
FW_API int fw_level(web *w, double surface)
{
    if (!w->sim || !first_fluid(w)) {
        say(w, "%s", "this scene has no fluid");
        return 0;
    }
    fl_input in = {0};
    in.kind = FL_INPUT_FLUID;
    in.fluid = 0;
    in.surface = surface;
    return apply(w, &in) ? 1 : 0;
}

/* The first fluid as JSON: density, surface, bottom, waves. */
FW_API const char *fw_fluid(web *w)
{
    const fl_fluid_def *f = w->sim ? first_fluid(w) : NULL;
    if (!f)
        return "null";
    snprintf(w->out, sizeof w->out,
             "{\"density\":%.17g,\"surface\":%.17g,\"bottom\":%.17g,\"top\":%.17g,"
             "\"wave_amplitude\":%.17g,\"wave_length\":%.17g}",
             f->density, f->surface, f->bottom, f->surface - 0.5 * (f->bottom - f->surface),
             f->wave_amplitude, f->wave_length);
    return w->out;
}

/* ---- the inspector ---- */

/* Selects the body under canvas point (px, py); its index or -1. */
FW_API int fw_select(web *w, double px, double py)
{
    w->selected = w->sim ? picking_body_at(fl_sim_world(w->sim), world_at(w, px, py), false) : -1;
    return w->selected;
}

static void put_number(char *out, size_t size, const char *name, double v, bool comma)
{
    size_t n = strlen(out);
    if (isfinite(v))
        snprintf(out + n, size - n, "%s\"%s\":%.10g", comma ? "," : "", name, v);
    else
        snprintf(out + n, size - n, "%s\"%s\":null", comma ? "," : "", name);
}

/* The selected body's numbers as JSON (null: none selected), the same
 * readings the desktop inspector shows. */
FW_API const char *fw_inspect(web *w)
{
    const fl_world *world = w->sim ? fl_sim_world(w->sim) : NULL;
    if (!world || w->selected < 0 || w->selected >= fl_world_body_count(world))
        return "null";
    fl_body_id b = fl_world_body(world, w->selected);
    const char *name = fl_sim_body_name(w->sim, b);
    fl_hydrostatics hs;
    fl_buoyancy_hydrostatics(fl_sim_buoyancy(w->sim), b, fl_world_time(world), &hs);
    snprintf(w->out, sizeof w->out, "{\"index\":%d,\"name\":\"%s\",\"static\":%s", w->selected,
             name ? name : "", fl_body_is_static(b) ? "true" : "false");
    put_number(w->out, sizeof w->out, "mass", fl_body_mass(b), true);
    put_number(w->out, sizeof w->out, "density", fl_body_density(b), true);
    put_number(w->out, sizeof w->out, "area", fl_body_area(b), true);
    static const struct {
        const char *name;
        reading r;
    } shown[] = {{"draft", READ_DRAFT},   {"heel", READ_HEEL}, {"submerged", READ_SUBMERGED},
                 {"gm", READ_GM},         {"vertical_speed", READ_VERTICAL_SPEED},
                 {"kinetic", READ_KINETIC}};
    for (size_t k = 0; k < sizeof shown / sizeof shown[0]; k++)
        put_number(w->out, sizeof w->out, shown[k].name,
                   fl_body_is_static(b) ? NAN : reading_value(w->sim, b, &hs, shown[k].r), true);
    size_t n = strlen(w->out);
    snprintf(w->out + n, sizeof w->out - n, "}");
    return w->out;
}

/* ---- the session as a replay ---- */

/* The session so far as a replay of its own, ended after the last step
 * with the state it had then (inputs since come before a step not taken,
 * and are left out); NULL when out of memory. */
static fl_replay *session(const web *w)
{
    fl_replay *r = fl_replay_create();
    fl_scene_error e;
    size_t len;
    const char *text = fl_replay_scene_text(w->rec, 0, &len);
    bool ok = r && fl_replay_add_scene(r, text, len, &e) == 0;
    for (int i = 0; ok && i < fl_replay_spawn_count(w->rec); i++)
        ok = fl_replay_add_spawn(r, fl_replay_spawn(w->rec, i)) == i;
    for (int i = 0; ok && i < fl_replay_input_count(w->rec); i++)
        ok = fl_replay_input(w->rec, i)->step >= w->steps ||
             fl_replay_add_input(r, fl_replay_input(w->rec, i)) == FL_OK;
    for (size_t i = 0; ok && i < w->check_count; i += 2)
        ok = fl_replay_add_check(r, w->checks[i], w->checks[i + 1]) == FL_OK;
    if (ok && fl_replay_end(r, w->steps, w->settled) == FL_OK)
        return r;
    fl_replay_free(r);
    return NULL;
}

/* This session since its scene opened, as replay text that `flotsam
 * replay` plays to the same checkpoints (every 60 steps, and the end); NULL
 * with fw_error when it cannot be written. The page frees it (fw_free). */
FW_API char *fw_replay(web *w)
{
    if (!w->rec) {
        say(w, "%s", w->player ? "a replay is playing: it is its own record" : "nothing is open");
        return NULL;
    }
    fl_replay *r = session(w);
    char *text = NULL;
    size_t len = 0;
    FILE *f = r ? open_memstream(&text, &len) : NULL;
    if (!f) {
        fl_replay_free(r);
        say(w, "%s", "out of memory");
        return NULL;
    }
    bool ok = fl_replay_write(f, r, w->err, sizeof w->err);
    fclose(f);
    fl_replay_free(r);
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

FW_API void fw_free(void *p) { free(p); }
