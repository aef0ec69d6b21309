/* Keys and mouse -> actions. Every key here is on the help card
 * (sandbox_help.c). */
#include <math.h>
#include "panel.h"
#include "sandbox_parts.h"
#include "sandbox_trace.h"

static void toggle(bool *flag)
{
    *flag = !*flag;
}

static void delete_under_mouse(sandbox *sb)
{
    int i = sandbox_body_at(sb, sandbox_mouse_world(sb), false);
    if (i >= 0)
        sandbox_delete_body(sb, i);
}

/* Ctrl held: save, undo, redo, reset, quit (the last two ask first when they would
 * lose changes). False when the key means something else. */
static bool control_key(sandbox *sb, SDL_Keycode k, Uint16 mod)
{
    switch (k) {
    case SDLK_s: sandbox_save(sb); return true;
    case SDLK_z:
        if (mod & KMOD_SHIFT)
            sandbox_redo(sb);
        else
            sandbox_undo(sb);
        return true;
    case SDLK_y: sandbox_redo(sb); return true;
    case SDLK_r: sandbox_leave_to(sb, SANDBOX_LEAVE_RESET, NULL); return true;
    case SDLK_q: sandbox_leave_to(sb, SANDBOX_LEAVE_QUIT, NULL); return true;
    default: return false;
    }
}

/* The overlay keys 1 to 6 and H; false for any other key. */
static bool overlay_key(sandbox *sb, SDL_Keycode k)
{
    render_options *o = &sb->overlays;
    switch (k) {
    case SDLK_1: toggle(&o->com); return true;
    case SDLK_2: toggle(&o->cb); return true;
    case SDLK_3: toggle(&o->submerged); return true;
    case SDLK_4: toggle(&o->forces); return true;
    case SDLK_5: toggle(&o->contacts); return true;
    case SDLK_6: toggle(&o->ropes); return true;
    case SDLK_7: toggle(&o->labels); return true;
    case SDLK_h: toggle(&o->hud); return true;
    default: return false;
    }
}

/* Keys that change the world or the clock. */
static void world_key(sandbox *sb, SDL_Keycode k)
{
    fl_vec2 at = sandbox_mouse_world(sb);
    switch (k) {
    case SDLK_b: sandbox_spawn_at(sb, SPAWN_BOX, at); break;
    case SDLK_n: sandbox_spawn_at(sb, SPAWN_NGON, at); break;
    case SDLK_r: sandbox_spawn_at(sb, SPAWN_ROCK, at); break;
    case SDLK_DELETE: case SDLK_x: delete_under_mouse(sb); break;
    case SDLK_LEFTBRACKET: sandbox_change_density(sb, -1); break;
    case SDLK_MINUS: case SDLK_KP_MINUS: sandbox_change_selected_density(sb, -1); break;
    case SDLK_EQUALS: case SDLK_KP_PLUS: sandbox_change_selected_density(sb, +1); break;
    case SDLK_RIGHTBRACKET: sandbox_change_density(sb, +1); break;
    case SDLK_SPACE: sandbox_toggle_pause(sb); break;
    case SDLK_PERIOD: case SDLK_s: sandbox_single_step(sb); break;
    case SDLK_m: toggle(&sb->clock.slow); break;
    case SDLK_BACKSPACE: sandbox_leave_to(sb, SANDBOX_LEAVE_RESET, NULL); break;
    case SDLK_PAGEUP: case SDLK_w: sandbox_raise_water(sb); break;
    case SDLK_PAGEDOWN: case SDLK_q: sandbox_lower_water(sb); break;
    case SDLK_c: sandbox_toggle_replay(sb); break;
    case SDLK_p: sandbox_start_drawing(sb); break;
    case SDLK_g: sandbox_next_plot(sb); break;
    case SDLK_e: sandbox_export_plot(sb); break;
    case SDLK_z: sandbox_toggle_gz(sb); break;
    case SDLK_k: sandbox_punch_hole(sb); break;
    case SDLK_o: sandbox_open_picker(sb); break;
    case SDLK_HOME: sandbox_view_fit_bodies(sb); break;
    case SDLK_F1: toggle(&sb->help); break;
    case SDLK_TAB: sandbox_toggle_panel(sb); break;
    case SDLK_ESCAPE: sb->help = false; break;
    default: break;
    }
}

/* Moving about a replay playing: false for any other key. */
static bool replay_key(sandbox *sb, const SDL_KeyboardEvent *e)
{
    if (!sb->play.on)
        return false;
    double far = (e->keysym.mod & KMOD_SHIFT) ? 10.0 : 1.0;
    switch (e->keysym.sym) {
    case SDLK_LEFT: sandbox_play_by(sb, -far); return true;
    case SDLK_RIGHT: sandbox_play_by(sb, far); return true;
    case SDLK_HOME: sandbox_play_seek(sb, 0); return true;
    case SDLK_END: sandbox_play_seek(sb, sb->play.steps); return true;
    default: return false;
    }
}

/* Keys while drawing a shape: false for any other key. */
static bool drawing_key(sandbox *sb, SDL_Keycode k)
{
    if (!sb->drawing.on)
        return false;
    switch (k) {
    case SDLK_RETURN: case SDLK_KP_ENTER: sandbox_finish_drawing(sb); return true;
    case SDLK_ESCAPE: sandbox_cancel_drawing(sb); return true;
    case SDLK_BACKSPACE: sandbox_drawing_undo(sb); return true;
    case SDLK_t: sandbox_toggle_hollow(sb); return true;
    default: return false;
    }
}

/* A question on the screen has the keyboard; then Ctrl's keys, the picker
 * (while open), a replay playing, a shape being drawn, and the rest. */
static void key_down(sandbox *sb, const SDL_KeyboardEvent *e)
{
    SDL_Keycode k = e->keysym.sym;
    if (sandbox_ask_key(sb, k) || ((e->keysym.mod & KMOD_CTRL) && control_key(sb, k, e->keysym.mod)) ||
        sandbox_picker_key(sb, k) || replay_key(sb, e) || drawing_key(sb, k))
        return;
    if ((e->keysym.mod & KMOD_SHIFT) && k == SDLK_c) {
        sandbox_toggle_recording(sb); /* frames, live */
        return;
    }
    if (!overlay_key(sb, k))
        world_key(sb, k);
}

static void mouse_button(sandbox *sb, const SDL_MouseButtonEvent *e, bool down)
{
    sb->mouse.at = sandbox_to_pixels(sb, e->x, e->y);
    if (down && sb->ask.on)
        return; /* the question is answered with keys */
    if (e->button == SDL_BUTTON_LEFT) {
        double at;
        fl_vec2 world = sandbox_mouse_world(sb);
        bool shift = (SDL_GetModState() & KMOD_SHIFT) != 0;
        if (down && sandbox_picker_click(sb, sb->mouse.at))
            ;
        else if (down && sandbox_timeline_at(sb, sb->mouse.at, &at))
            sandbox_play_seek(sb, (uint64_t)llround(at * (double)sb->play.steps));
        else if (down && sb->drawing.on)
            sandbox_drawing_click(sb, world);
        else if (down && shift)
            sandbox_box_from(sb, world);
        else if (down) {
            sandbox_select_at(sb, world);
            sandbox_grab(sb, world);
        }
        else if (sb->drawing.boxing)
            sandbox_box_to(sb, world);
        else
            sandbox_release(sb);
    } else if (e->button == SDL_BUTTON_RIGHT) {
        sb->mouse.panning = down;
    }
}

static void mouse_motion(sandbox *sb, const SDL_MouseMotionEvent *e)
{
    fl_vec2 at = sandbox_to_pixels(sb, e->x, e->y);
    if (sb->mouse.panning)
        sandbox_pan(sb, fl_sub(at, sb->mouse.at));
    sb->mouse.at = at;
    sandbox_drag(sb, sandbox_mouse_world(sb));
}

static void wheel(sandbox *sb, const SDL_MouseWheelEvent *e)
{
    double clicks = e->direction == SDL_MOUSEWHEEL_FLIPPED ? -e->y : e->y;
    if (sandbox_picker_wheel(sb, (int)clicks))
        return;
    if (SDL_GetModState() & KMOD_CTRL)
        sandbox_change_spawn_size(sb, clicks);
    else
        sandbox_zoom(sb, clicks);
}

static void drop_file(sandbox *sb, char *path)
{
    sandbox_leave_to(sb, SANDBOX_LEAVE_OPEN, path);
    SDL_free(path);
}

static void window_event(sandbox *sb, const SDL_WindowEvent *e)
{
    if (e->event == SDL_WINDOWEVENT_SIZE_CHANGED)
        sandbox_view_resize(sb);
    if (e->event == SDL_WINDOWEVENT_SIZE_CHANGED || e->event == SDL_WINDOWEVENT_EXPOSED)
        sb->screen_stale = true; /* the next frame shows all of itself */
    if (e->event == SDL_WINDOWEVENT_CLOSE) /* a person closing it: asked as Ctrl+Q is */
        sandbox_leave_to(sb, SANDBOX_LEAVE_QUIT, NULL);
}

void sandbox_handle_event(sandbox *sb, const SDL_Event *e)
{
    sandbox_trace_event(e);
    /* The panel's own: the pointer over it, or a value being typed. */
    if (sb->panel && sb->panel_shown && e->type != SDL_QUIT &&
        panel_event(sb->panel, e))
        return;
    switch (e->type) {
    case SDL_QUIT: sb->quit = true; break; /* a signal (SIGINT, SIGTERM): no one to ask */
    case SDL_KEYDOWN: key_down(sb, &e->key); break;
    case SDL_MOUSEBUTTONDOWN: mouse_button(sb, &e->button, true); break;
    case SDL_MOUSEBUTTONUP: mouse_button(sb, &e->button, false); break;
    case SDL_MOUSEMOTION: mouse_motion(sb, &e->motion); break;
    case SDL_MOUSEWHEEL: wheel(sb, &e->wheel); break;
    case SDL_TEXTINPUT: sandbox_picker_text(sb, e->text.text); break;
    case SDL_DROPFILE: drop_file(sb, e->drop.file); break;
    case SDL_WINDOWEVENT: window_event(sb, &e->window); break;
    default: break;
    }
}
