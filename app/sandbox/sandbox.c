/* The sandbox's window and loop: events, a fixed step driven by an
 * accumulator, and a frame drawn at the display's rate. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmdline.h"
#include "out_files.h"
#include "sandbox.h"
#include "painter.h"
#include "panel.h"
#include "workers.h"
#include "frame_dir.h"
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define MAX_FRAME_SECONDS 0.25 /* a longer frame (a stall, a drag of the window) counts as this */
#define MAX_CATCH_UP 0.1       /* at most this much simulated time per frame: no spiral of death */
#define FRAME_SECONDS (1.0 / 60.0) /* a frame is begun at most this often */
#define SLOW_FACTOR 0.25

static double seconds(uint64_t ticks)
{
    return (double)ticks / (double)SDL_GetPerformanceFrequency();
}

/* SDL falls back on drivers that show nothing (offscreen, dummy) when no
 * display answers; only a person who asks for one by name gets it. */
static bool video_shows(void)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (!driver || (asked && asked[0]))
        return driver != NULL;
    if (!SDL_strcmp(driver, "offscreen") || !SDL_strcmp(driver, "dummy")) {
        SDL_SetError("no display (SDL found only its '%s' video driver)", driver);
        return false;
    }
    return true;
}

/* Without a display to name, probing one only prints libraries' noise. */
static bool display_named(void)
{
    const char *vars[] = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"};
    for (int i = 0; i < 3; i++) {
        const char *v = SDL_getenv(vars[i]);
        if (v && v[0])
            return true;
    }
    SDL_SetError("no display (DISPLAY and WAYLAND_DISPLAY are not set)");
    return false;
}

static bool open_window(sandbox *sb)
{
#ifdef SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE
    /* Closing the window is its close event alone (input.c asks first
     * when that would lose changes); SDL_QUIT is then a signal's. */
    SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0");
#endif
    if (!display_named() || SDL_Init(SDL_INIT_VIDEO) != 0 || !video_shows())
        return false;
    /* After SDL_Init: SDL turns SIGINT and SIGTERM into a quit event (the
     * window ends as when closed, writing what it owes); the rest end it
     * with the temporaries of captures under way removed. */
    out_files_on_signals();
    char title[160], name[128];
    sandbox_scene_name(sb, name, sizeof name);
    snprintf(title, sizeof title, "flotsam - %s", name);
    sb->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  sb->opt.width, sb->opt.height,
                                  SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!sb->window)
        return false;
    SDL_StopTextInput(); /* text is read only while the picker is open */
    char err[256];
    sb->painter = painter_start(sb->window, err, sizeof err);
    if (!sb->painter) {
        SDL_SetError("%s", err);
        return false;
    }
    /* Where the painter does not show its frames, the window's own surface
     * does (draw.c): no renderer, no vsync (showing a frame must not hold
     * up the steps; the loop paces the frames). */
    if (!painter_shows(sb->painter) && !SDL_GetWindowSurface(sb->window))
        return false;
    /* The control panel; the window works without one, with its keys. */
    int ww, pw, ph;
    SDL_GetWindowSize(sb->window, &ww, &ph);
    SDL_GetWindowSizeInPixels(sb->window, &pw, &ph);
    sb->panel = panel_open(sb->window, ww > 0 ? (double)pw / ww : 1.0, err, sizeof err);
    if (!sb->panel)
        fprintf(stderr, "flotsam: no control panel: %s\n", err);
    sb->panel_shown = sb->panel && !sb->opt.no_panel;
    sandbox_view_resize(sb);
    return true;
}

static void close_window(sandbox *sb)
{
    painter_stop(sb->painter);
    sb->painter = NULL;
    panel_close(sb->panel);
    sb->panel = NULL;
    if (sb->window)
        SDL_DestroyWindow(sb->window);
    SDL_Quit();
}

/* How many steps this frame owes the world. */
static int steps_due(sandbox_clock *c, double dt, double elapsed)
{
    if (c->paused) {
        int n = c->single_steps;
        c->single_steps = 0;
        return n;
    }
    c->accumulator += fmin(elapsed, MAX_FRAME_SECONDS) * (c->slow ? SLOW_FACTOR : 1.0);
    int cap = (int)ceil(MAX_CATCH_UP / dt);
    double owed = floor(c->accumulator / dt);
    if (owed > cap) {
        c->accumulator = 0.0; /* drop what cannot be caught up */
        return cap;
    }
    c->accumulator -= owed * dt;
    return (int)owed;
}

static void advance(sandbox *sb, double elapsed)
{
    int n = steps_due(&sb->clock, fl_sim_dt(sb->sim), elapsed);
    if (n <= 0)
        return;
    sb->clock.simulated += n * fl_sim_dt(sb->sim);
    uint64_t spent = 0;
    if (sb->play.on) {
        uint64_t t0 = SDL_GetPerformanceCounter();
        sandbox_play_steps(sb, n);
        spent = SDL_GetPerformanceCounter() - t0;
    } else {
        /* The world may have been built anew since the last frame. */
        fl_world_set_task_runner(fl_sim_world(sb->sim), sb->workers ? workers_run : NULL,
                                 sb->workers);
        for (int i = 0; i < n; i++) {
            uint64_t t0 = SDL_GetPerformanceCounter();
            fl_scene_error err;
            if (!fl_sim_step(sb->sim, &err)) {
                char name[128];
                sandbox_scene_name(sb, name, sizeof name);
                sandbox_say(sb, "%s:%d: %s", name, err.line, err.message);
            }
            /* The scene's script may have removed the body in hand, and
             * the world the spring with it: the handle is found again. */
            sb->mouse.grab = fl_replay_grab(sb->sim);
            spent += SDL_GetPerformanceCounter() - t0;
            sandbox_replay_step(sb);
            sandbox_record_step(sb);
        }
        sandbox_remove_lost(sb);
    }
    double ms = 1000.0 * seconds(spent) / n;
    sb->clock.step_ms = sandbox_smooth_ms(sb->clock.step_ms, ms);
}

/* Frames a second and the simulation's speed against the wall clock,
 * measured over windows of half a second. */
static void count_frame(sandbox *sb)
{
    sandbox_clock *c = &sb->clock;
    c->frames++;
    double span = c->now - c->window_start;
    if (span < (sb->opt.report_speed ? 1.0 : 0.5))
        return;
    c->fps = c->frames / span;
    c->speed = c->simulated / span;
    c->frames = 0;
    c->simulated = 0.0;
    c->window_start = c->now;
    if (sb->opt.report_speed) {
        double draw_ms, show_ms;
        painter_costs(sb->painter, &draw_ms, &show_ms);
        printf("t %.1f s   %.1f fps   %.3fx real time   %d bodies   %.3f ms/step   "
               "%.2f ms/draw   %.2f ms/show\n",
               c->now, c->fps, c->speed, fl_world_body_count(fl_sim_world(sb->sim)), c->step_ms,
               draw_ms, show_ms > 0 ? show_ms : c->show_ms);
        fflush(stdout);
    }
}

/* Paused, with nothing in hand: wait for the next event (half a second at
 * most, for the file watch and the HUD's messages) instead of drawing the
 * same picture again and again. */
static bool idle(const sandbox *sb)
{
    return sb->clock.paused && sb->clock.single_steps == 0 && fl_joint_is_null(sb->mouse.grab) &&
           !sb->mouse.panning && !sb->drawing.on && !sb->drawing.boxing;
}

/* Shows a frame the painter finished (taken with painter_take). */
static void show_frame(sandbox *sb, cairo_surface_t *frame, bool failed, bool shown_by_painter,
                       const SDL_Rect *damage, int count)
{
    if (shown_by_painter) {
        sandbox_trace_frame_shown();
        sb->draw_failed = false;
        count_frame(sb);
        return;
    }
    if (!frame && !failed)
        return;
    uint64_t t0 = SDL_GetPerformanceCounter();
    /* The window's pixels are only what the last frame left when it was
     * shown, and nothing since uncovered or resized them. */
    bool shown = frame && sandbox_present(sb, frame, damage, sb->screen_stale ? -1 : count);
    sb->screen_stale = !shown;
    sb->clock.show_ms = sandbox_smooth_ms(sb->clock.show_ms, sandbox_ms_since(t0));
    if (!shown && !sb->draw_failed)
        fprintf(stderr, "flotsam: cannot draw the window\n"); /* once, not every frame */
    sb->draw_failed = !shown;
    if (shown) {
        sandbox_trace_frame_shown();
        count_frame(sb);
    }
}

/* Seconds until the world owes its next step (a frame's worth when it
 * stands still). */
static double until_step(const sandbox *sb)
{
    const sandbox_clock *c = &sb->clock;
    if (c->paused)
        return FRAME_SECONDS;
    return (fl_sim_dt(sb->sim) - c->accumulator) * (c->slow ? 1.0 / SLOW_FACTOR : 1.0);
}

/* The main thread handles events and steps the world; the painter draws
 * the frames meanwhile, each from a copy of the world as it was between two
 * steps. A frame is begun when the painter is free, at most 60 times a
 * second. */
static void run(sandbox *sb)
{
    uint64_t start = SDL_GetPerformanceCounter(), last = start;
    double next_frame = 0.0;
    while (!sb->quit) {
        SDL_Event e;
        bool waited = painter_idle(sb->painter) && idle(sb) && !sb->redraw;
        if (waited && SDL_WaitEventTimeout(&e, 500)) {
            sandbox_handle_event(sb, &e);
            sb->redraw = true;
        }
        while (SDL_PollEvent(&e)) {
            sandbox_handle_event(sb, &e);
            sb->redraw = true;
        }
        uint64_t now = SDL_GetPerformanceCounter();
        sb->clock.now = seconds(now - start);
        sandbox_poll_file(sb);
        advance(sb, seconds(now - last));
        last = now;
        /* Idle, the picture only changes when something happened, or a
         * message runs out. */
        bool expired = sb->status_until > sb->drawn_at && sb->status_until <= sb->clock.now;
        bool wanted = !idle(sb) || sb->redraw || expired;
        bool due = wanted && sb->clock.now >= next_frame;
        if (painter_idle(sb->painter) && (due || !wanted)) {
            /* The finished frame is shown while the next one is drawn. */
            bool failed;
            const SDL_Rect *damage = NULL;
            int count = -1;
            bool shown;
            cairo_surface_t *done = painter_take(sb->painter, &failed, &shown, &damage, &count);
            sandbox_trace_frame_taken();
            if (due) {
                sb->redraw = false;
                sb->drawn_at = sb->clock.now;
                sandbox_inspect_update(sb);
                sandbox_place_hud(sb);
                /* The panel runs what was clicked in it, then is drawn with the frame. */
                if (sb->panel && sb->panel_shown)
                    panel_build(sb->panel, sb, sb->view.panel_px, sb->view.px_h,
                                sb->view.px_per_point);
                /* On a steady beat: a frame begun late does not put off the
                 * next one, unless it is a whole frame late. */
                next_frame = fmax(next_frame + FRAME_SECONDS, sb->clock.now - FRAME_SECONDS);
                bool submitted = painter_submit(sb->painter, sb);
                if (submitted)
                    sandbox_trace_frame_begun(sb);
                if (!submitted && !sb->draw_failed)
                    fprintf(stderr, "flotsam: out of memory for a frame\n");
                else if (painter_shows(sb->painter))
                    sb->screen_stale = false; /* the job took it over */
            }
            show_frame(sb, done, failed, shown, damage, count);
        }
        /* Until the next step is due, the next frame may begin, or the
         * painter finishes. */
        double wait = fmin(until_step(sb), fmax(next_frame - sb->clock.now, 0.0));
        int ms = (int)fmin(fmax(wait * 1000.0, 0.0), 100.0);
        if (!painter_idle(sb->painter))
            painter_wait(sb->painter, ms);
        else if (wanted && ms > 0)
            SDL_Delay((uint32_t)ms);
    }
}

/* Whether Shift+C can make its frames in `dir`: an existing folder it may
 * write in, or one it may make (its parent a folder it may write in). */
static bool frames_dir_writable(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            fprintf(stderr, "flotsam: cannot write frames in '%s': not a folder\n", dir);
            return false;
        }
        if (access(dir, W_OK | X_OK) != 0) {
            fprintf(stderr, "flotsam: cannot write frames in '%s': %s\n", dir, strerror(errno));
            return false;
        }
        return true;
    }
    /* The folder it would be made in: what comes before the last '/' (of
     * the name without trailing ones), "/" or ".". */
    char up[4096];
    snprintf(up, sizeof up, "%s", dir);
    size_t n = strlen(up);
    while (n > 1 && up[n - 1] == '/')
        up[--n] = '\0';
    char *slash = strrchr(up, '/');
    if (!slash)
        snprintf(up, sizeof up, ".");
    else if (slash == up)
        up[1] = '\0';
    else
        *slash = '\0';
    if (access(up, W_OK | X_OK) != 0) {
        fprintf(stderr, "flotsam: cannot make the frames folder '%s': %s\n", dir, strerror(errno));
        return false;
    }
    return true;
}

/* --save-as, --replay-out, --frames and --out-dir (made when missing),
 * checked before the window opens. */
static bool outputs_writable(const sandbox_options *o)
{
    const char *paths[] = {o->save_as, o->replay_out};
    char err[512];
    for (int k = 0; k < 2; k++)
        if (paths[k] && !out_check(paths[k], err, sizeof err)) {
            fprintf(stderr, "flotsam: %s\n", err);
            return false;
        }
    if (o->out_dir && !frame_dir_prepare(o->out_dir, err, sizeof err)) {
        fprintf(stderr, "flotsam: --out-dir: %s\n", err);
        return false;
    }
    return !o->frames_dir || frames_dir_writable(o->frames_dir);
}

static int session(sandbox *sb)
{
    sb->overlays = render_options_default();
    sb->spawn_density = 500.0; /* half as dense as water */
    sb->plot.quantity = 0;  /* the draft, once a body is selected */
    sb->spawn_scale = 1.0;
    sb->view = (sandbox_view){.px_w = sb->opt.width, .px_h = sb->opt.height, .px_per_point = 1};
    if (!sandbox_load(sb, sb->opt.scene_path, true))
        return sb->load_status;
    if (!outputs_writable(&sb->opt))
        return CLI_FAILED;
    if (!open_window(sb)) {
        const char *path = sb->opt.scene_path;
        fprintf(stderr, "flotsam: cannot open a window: %s; to simulate without one, use "
                "'flotsam %s %s --frames DIR'\n", SDL_GetError(),
                sandbox_is_replay(path) ? "replay" : "run", path ? path : "SCENE");
        return CLI_FAILED;
    }
    sandbox_view_fit(sb);
    sb->workers = workers_start(1); /* none: the steps are the same, only slower */
    run(sb);
    workers_stop(sb->workers);
    sb->workers = NULL;
    sandbox_stop_replay(sb); /* nothing recorded is lost at quit */
    sandbox_release(sb);
    sandbox_stop_recording(sb);
    return CLI_OK;
}

int sandbox_main(int argc, char **argv)
{
    sandbox *sb = calloc(1, sizeof *sb);
    if (!sb || !(sb->replay.rec = fl_replay_create())) {
        fputs("flotsam: out of memory\n", stderr);
        free(sb);
        return CLI_FAILED;
    }
    int rc = sandbox_parse_args(argc, argv, &sb->opt);
    if (rc == 0) {
        sandbox_trace_open();
        rc = session(sb);
        sandbox_trace_close();
    }
    close_window(sb);
    sandbox_history_clear(sb);
    sandbox_unload(sb);
    fl_replay_free(sb->replay.rec);
    free(sb->loaded_text);
    free(sb->file.path);
    free(sb);
    return rc;
}
