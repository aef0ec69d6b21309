#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sandbox_trace.h"
#include "scene_keep.h"

typedef struct frame_note {
    long number;
    uint64_t step;
    int bodies;
    bool paused;
} frame_note;

static FILE *trace;
static frame_note drawing, taken; /* the frame handed to the painter; the one it gave back */
static char banner[SANDBOX_TEXT_MAX];

void sandbox_trace_open(void)
{
    const char *path = SDL_getenv("FLOTSAM_SANDBOX_TRACE");
    if (!path || !path[0])
        return;
    trace = fopen(path, "a");
    if (!trace)
        fprintf(stderr, "flotsam: cannot write the trace '%s'\n", path);
}

void sandbox_trace_close(void)
{
    if (!trace)
        return;
    sandbox_trace_line("end");
    fclose(trace);
    trace = NULL;
}

void sandbox_trace_world(const char *word, const char *what, const fl_sim *s)
{
    if (!trace)
        return;
    /* The world's scene text says all of it, densities, fluids and holes
     * as well as the bodies' motion that fl_state_hash covers. */
    size_t len = 0;
    fl_scene_view view = {false, {0, 0}, 0};
    char err[SANDBOX_TEXT_MAX];
    char *text = scene_text(s, &view, &len, err, sizeof err);
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; text && i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    if (text)
        sandbox_trace_line("%s %s %016llx", word, what, (unsigned long long)h);
    free(text);
}

void sandbox_trace_line(const char *fmt, ...)
{
    if (!trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(trace, fmt, ap);
    va_end(ap);
    fputc('\n', trace);
    fflush(trace);
}

static const char *window_event_name(Uint8 id)
{
    static const char *names[] = {"none", "shown", "hidden", "exposed", "moved", "resized",
                                  "size-changed", "minimized", "maximized", "restored", "enter",
                                  "leave", "focus-gained", "focus-lost", "close"};
    return id < sizeof names / sizeof *names ? names[id] : "other";
}

void sandbox_trace_event(const SDL_Event *e)
{
    if (!trace)
        return;
    switch (e->type) {
    case SDL_QUIT: sandbox_trace_line("quit"); break;
    case SDL_KEYDOWN: {
        Uint16 mod = e->key.keysym.mod;
        sandbox_trace_line("key %s%s%s%s", mod & KMOD_CTRL ? "ctrl+" : "",
                           mod & KMOD_ALT ? "alt+" : "", mod & KMOD_SHIFT ? "shift+" : "",
                           SDL_GetKeyName(e->key.keysym.sym));
        break;
    }
    case SDL_MOUSEBUTTONDOWN: case SDL_MOUSEBUTTONUP:
        sandbox_trace_line("button %s %d %d %d", e->type == SDL_MOUSEBUTTONDOWN ? "down" : "up",
                           e->button.button, e->button.x, e->button.y);
        break;
    case SDL_MOUSEMOTION: sandbox_trace_line("motion %d %d", e->motion.x, e->motion.y); break;
    case SDL_MOUSEWHEEL: sandbox_trace_line("wheel %d", e->wheel.y); break;
    case SDL_TEXTINPUT: sandbox_trace_line("text %s", e->text.text); break;
    case SDL_DROPFILE: sandbox_trace_line("drop %s", e->drop.file); break;
    case SDL_WINDOWEVENT: {
        const SDL_WindowEvent *w = &e->window;
        if (w->event == SDL_WINDOWEVENT_MOVED || w->event == SDL_WINDOWEVENT_RESIZED ||
            w->event == SDL_WINDOWEVENT_SIZE_CHANGED)
            sandbox_trace_line("window %s %d %d", window_event_name(w->event), w->data1, w->data2);
        else
            sandbox_trace_line("window %s", window_event_name(w->event));
        break;
    }
    default: break;
    }
}

void sandbox_trace_frame_begun(const sandbox *sb)
{
    if (!trace)
        return;
    if (strcmp(banner, sb->banner) != 0) {
        snprintf(banner, sizeof banner, "%s", sb->banner);
        sandbox_trace_line("banner%s%s", banner[0] ? " " : "", banner);
    }
    drawing = (frame_note){drawing.number + 1, fl_world_step_count(fl_sim_world(sb->sim)),
                           fl_world_body_count(fl_sim_world(sb->sim)), sb->clock.paused};
    sandbox_trace_line("draw %ld", drawing.number);
}

void sandbox_trace_frame_taken(void)
{
    if (trace)
        taken = drawing;
}

void sandbox_trace_frame_shown(void)
{
    if (trace)
        sandbox_trace_line("frame %ld step %llu bodies %d paused %d", taken.number,
                           (unsigned long long)taken.step, taken.bodies, taken.paused);
}
