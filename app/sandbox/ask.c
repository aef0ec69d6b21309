/* Leaving a world the person changed asks first. Opening another scene (the
 * picker, a file dropped), a reset, reloading the open file when it
 * changed on disk and quitting (Ctrl+Q, closing the window) would lose the
 * changes that sandbox_apply counted since the world was loaded, reset or
 * kept: with any, the window asks "Discard 7 changes and quit?", Enter (or
 * Y) goes on and Esc (or N) stays. While a replay is recorded nothing is
 * lost (a scene opened and a reset are among its inputs, and quitting
 * writes it), and nothing is asked. */
#include <stdio.h>
#include <string.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define ANSWER "Enter: yes, Esc: no"

int sandbox_unkept(const sandbox *sb)
{
    return sb->replay.on ? 0 : sb->changes;
}

static void go(sandbox *sb, sandbox_leave leave, const char *path)
{
    switch (leave) {
    case SANDBOX_LEAVE_OPEN:
        if (sandbox_load(sb, path, true)) {
            sandbox_history_clear(sb); /* another scene */
            sandbox_say(sb, "opened %s", path);
        }
        break;
    case SANDBOX_LEAVE_RESET: sandbox_reset(sb); break;
    case SANDBOX_LEAVE_RELOAD: {
        /* The file's new text is an edit of the same scene: undoable. */
        bool kept = !sb->play.on && sandbox_history_push(sb, "reload", -1);
        if (sandbox_load(sb, sb->file.path, false))
            sandbox_say(sb, "reloaded %s", sb->file.path);
        else if (kept)
            sandbox_history_drop_last(sb);
        break;
    }
    case SANDBOX_LEAVE_QUIT: sb->quit = true; break;
    }
}

/* The question, without its answers. */
static void question(const sandbox *sb, char *out, size_t size)
{
    int n = sandbox_unkept(sb);
    char what[32];
    snprintf(what, sizeof what, "%d change%s", n, n == 1 ? "" : "s");
    const char *path = sb->ask.leave == SANDBOX_LEAVE_RELOAD ? sb->file.path : sb->ask.path;
    const char *slash = path ? strrchr(path, '/') : NULL, *file = slash ? slash + 1 : path;
    switch (sb->ask.leave) {
    case SANDBOX_LEAVE_OPEN: snprintf(out, size, "Discard %s and open %s?", what, file); break;
    case SANDBOX_LEAVE_RESET: snprintf(out, size, "Discard %s and reset the scene?", what); break;
    case SANDBOX_LEAVE_RELOAD:
        snprintf(out, size, "%s changed on disk: discard %s and reload it?", file, what);
        break;
    case SANDBOX_LEAVE_QUIT: snprintf(out, size, "Discard %s and quit?", what); break;
    }
}

void sandbox_leave_to(sandbox *sb, sandbox_leave leave, const char *path)
{
    if (sandbox_unkept(sb) == 0) {
        go(sb, leave, path);
        return;
    }
    sandbox_ask *a = &sb->ask;
    a->on = true;
    a->leave = leave;
    snprintf(a->path, sizeof a->path, "%s", path ? path : "");
    char q[2 * SANDBOX_TEXT_MAX];
    question(sb, q, sizeof q);
    sandbox_trace_line("ask %s %s", q, ANSWER);
}

bool sandbox_ask_key(sandbox *sb, SDL_Keycode k)
{
    sandbox_ask *a = &sb->ask;
    if (!a->on)
        return false;
    bool yes = k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_y;
    if (yes || k == SDLK_ESCAPE || k == SDLK_n) {
        a->on = false;
        sandbox_trace_line("answer %s", yes ? "yes" : "no");
        if (yes) {
            char path[sizeof a->path];
            memcpy(path, a->path, sizeof path);
            go(sb, a->leave, path);
        }
    }
    return true; /* the question has the keyboard until it is answered */
}

void sandbox_draw_ask(draw_batch *b, const sandbox *sb)
{
    if (!sb->ask.on)
        return;
    camera cam = sandbox_camera(sb);
    double u = 1.15 * render_text_unit(&cam), row = TEXT_LINE_UNITS * u, pad = 10 * u;
    char q[2 * SANDBOX_TEXT_MAX];
    question(sb, q, sizeof q);
    double w = fmax(text_width(b, q, u), text_width(b, ANSWER, u)) + 2 * pad;
    if (w > sb->view.px_w - 8 * u) { /* narrower than the question: it shrinks with it */
        double k = (sb->view.px_w - 8 * u) / w;
        u *= k, row *= k, pad *= k, w *= k;
    }
    double h = 2 * row + 2 * pad, x = (sb->view.px_w - w) / 2, y = (sb->view.px_h - h) / 2;
    fl_vec2 box[4] = {fl_v2(x, y), fl_v2(x + w, y), fl_v2(x + w, y + h), fl_v2(x, y + h)};
    draw_polygon(b, box, 4, rgba_hex(SANDBOX_PANEL_COLOR, 245));
    draw_polyline(b, box, 4, true, 1.5 * u, rgba_hex(SANDBOX_SELECT_COLOR, 255));
    text_draw(b, q, fl_v2(x + pad, y + pad), u, rgba_hex(0xffffff, 255));
    text_draw(b, ANSWER, fl_v2(x + pad, y + pad + row), u, rgba_hex(0xffd866, 255));
}
