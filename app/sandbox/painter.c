#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "damage.h"
#include "painter.h"
#include "sandbox_parts.h"
#include "x11_show.h"

struct painter {
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake, *done;
    bool busy, quit, fresh, failed;
    sandbox *job;             /* the frame's copy of the sandbox; its sim is a clone */
    bool has_sim;
    char *path;               /* job->file.path */
    uint64_t *checks;         /* job->play.checks */
    int check_count, check_capacity;
    /* Two pictures: the thread draws one while the main thread shows the
     * other. */
    capture *frames[2];
    int drawing;              /* the one the thread draws next */
    SDL_Rect damage[DAMAGE_MOST]; /* where the last frame differs from the one before */
    int damage_count;         /* -1: everywhere */
    double paint_ms;          /* smoothed cost of drawing a frame */
    /* On X11 the painter shows its frames itself (x11_show.c); NULL: the
     * main thread does, through SDL. */
    x11_show *x11;
    bool shown;               /* ... it showed the last frame */
    bool x11_stale;           /* ... and must show all of the next */
    double show_ms;           /* smoothed cost of showing one */
};

/* The picture to draw into, of the job's size (made again when that
 * changes). */
static capture *frame_for(painter *p, int w, int h)
{
    capture **f = &p->frames[p->drawing];
    if (*f && capture_width(*f) == w && capture_height(*f) == h)
        return *f;
    capture_destroy(*f);
    char err[256];
    *f = capture_create(w, h, err, sizeof err);
    if (!*f)
        fprintf(stderr, "flotsam: %s\n", err);
    return *f;
}

static int paint_loop(void *arg)
{
    painter *p = arg;
    SDL_LockMutex(p->lock);
    for (;;) {
        while (!p->busy && !p->quit)
            SDL_CondWait(p->wake, p->lock);
        if (p->quit)
            break;
        SDL_UnlockMutex(p->lock);
        uint64_t t0 = SDL_GetPerformanceCounter();
        capture *frame = frame_for(p, p->job->view.win_w, p->job->view.px_h);
        bool ok = frame && sandbox_paint(p->job, frame);
        if (!ok) { /* a Cairo context that failed stays failed: made again next time */
            capture_destroy(frame);
            p->frames[p->drawing] = NULL;
        } else {
            capture *before = p->frames[1 - p->drawing];
            p->damage_count = damage_between(capture_surface(frame),
                                             before ? capture_surface(before) : NULL, p->damage);
        }
        fl_sim_free(p->job->sim); /* here, not on the thread that steps */
        p->has_sim = false;
        double ms = sandbox_ms_since(t0);
        bool shown = false;
        double show_ms = 0.0;
        if (ok && p->x11) {
            t0 = SDL_GetPerformanceCounter();
            bool all = p->x11_stale || p->job->screen_stale;
            shown = x11_show_frame(p->x11, capture_surface(frame), p->damage,
                                   all ? -1 : p->damage_count);
            p->x11_stale = !shown;
            ok = shown;
            show_ms = sandbox_ms_since(t0);
        }
        SDL_LockMutex(p->lock);
        p->paint_ms = sandbox_smooth_ms(p->paint_ms, ms);
        p->shown = shown;
        if (shown)
            p->show_ms = sandbox_smooth_ms(p->show_ms, show_ms);
        p->busy = false;
        p->fresh = true;
        p->failed = !ok;
        SDL_CondBroadcast(p->done);
    }
    SDL_UnlockMutex(p->lock);
    return 0;
}

painter *painter_start(SDL_Window *window, char *err, size_t err_size)
{
    painter *p = calloc(1, sizeof *p);
    if (p)
        p->job = calloc(1, sizeof *p->job);
    if (p && p->job)
        p->x11 = x11_show_open(window);
    if (p && p->job) {
        p->lock = SDL_CreateMutex();
        p->wake = SDL_CreateCond();
        p->done = SDL_CreateCond();
    }
    if (p && p->lock && p->wake && p->done)
        p->thread = SDL_CreateThread(paint_loop, "flotsam-painter", p);
    if (p && p->thread)
        return p;
    snprintf(err, err_size, "cannot start the drawing thread: %s",
             p && p->job ? SDL_GetError() : "out of memory");
    if (p) {
        if (p->done)
            SDL_DestroyCond(p->done);
        if (p->wake)
            SDL_DestroyCond(p->wake);
        if (p->lock)
            SDL_DestroyMutex(p->lock);
        x11_show_close(p->x11);
        free(p->job);
        free(p);
    }
    return NULL;
}

void painter_stop(painter *p)
{
    if (!p)
        return;
    SDL_LockMutex(p->lock);
    while (p->busy)
        SDL_CondWait(p->done, p->lock);
    p->quit = true;
    SDL_CondBroadcast(p->wake);
    SDL_UnlockMutex(p->lock);
    SDL_WaitThread(p->thread, NULL);
    SDL_DestroyCond(p->done);
    SDL_DestroyCond(p->wake);
    SDL_DestroyMutex(p->lock);
    if (p->has_sim)
        fl_sim_free(p->job->sim);
    x11_show_close(p->x11);
    capture_destroy(p->frames[0]);
    capture_destroy(p->frames[1]);
    free(p->checks);
    free(p->path);
    free(p->job);
    free(p);
}

bool painter_idle(painter *p)
{
    SDL_LockMutex(p->lock);
    bool idle = !p->busy;
    SDL_UnlockMutex(p->lock);
    return idle;
}

bool painter_wait(painter *p, int ms)
{
    SDL_LockMutex(p->lock);
    if (p->busy && ms > 0)
        SDL_CondWaitTimeout(p->done, p->lock, (Uint32)ms);
    bool idle = !p->busy;
    SDL_UnlockMutex(p->lock);
    return idle;
}

/* What the frame reads beyond the sandbox itself: the scene's path (the
 * HUD's name) and a playing replay's checkpoints (the timeline's ticks). */
static bool copy_extras(painter *p, const sandbox *sb)
{
    const char *path = sb->file.path ? sb->file.path : "";
    char *copy = realloc(p->path, strlen(path) + 1);
    if (!copy)
        return false;
    p->path = strcpy(copy, path);
    int n = sb->play.on ? fl_replay_check_count(sb->play.replay) : 0;
    if (n > p->check_capacity) {
        uint64_t *c = realloc(p->checks, sizeof *c * (size_t)n);
        if (!c)
            return false;
        p->checks = c;
        p->check_capacity = n;
    }
    for (int i = 0; i < n; i++)
        p->checks[i] = fl_replay_check_step(sb->play.replay, i);
    p->check_count = n;
    return true;
}

bool painter_submit(painter *p, const sandbox *sb)
{
    fl_sim *clone = NULL;
    fl_error err;
    if (!copy_extras(p, sb) || !(clone = fl_sim_clone(sb->sim, &err)))
        return false;
    sandbox *job = p->job;
    memcpy(job, sb, sizeof *job);
    job->sim = clone;
    p->has_sim = true;
    job->file.path = sb->file.path ? p->path : NULL;
    job->play.checks = p->checks;
    job->play.check_count = p->check_count;
    /* What the copy must never touch: the window, the scene as read, the
     * replay being recorded or played and its player, the mouse spring
     * (the main world's). The recorder's pointer is kept only to say that
     * one runs. */
    job->window = NULL;
    memset(&job->loaded, 0, sizeof job->loaded);
    job->loaded_text = NULL;
    job->replay.rec = NULL;
    job->play.replay = NULL;
    job->play.player = NULL;
    job->mouse.grab = FL_NULL_JOINT;
    SDL_LockMutex(p->lock);
    p->busy = true;
    p->fresh = false;
    SDL_CondBroadcast(p->wake);
    SDL_UnlockMutex(p->lock);
    return true;
}

cairo_surface_t *painter_take(painter *p, bool *failed, bool *shown, const SDL_Rect **damage,
                              int *count)
{
    SDL_LockMutex(p->lock);
    bool fresh = p->fresh && !p->busy;
    *failed = fresh && p->failed;
    *shown = fresh && p->shown;
    cairo_surface_t *s = NULL;
    if (fresh) {
        p->fresh = false;
        capture *done = p->frames[p->drawing];
        s = !*failed && !*shown && done ? capture_surface(done) : NULL;
        *damage = p->damage;
        *count = p->damage_count;
        p->drawing = 1 - p->drawing; /* the next frame goes into the other one */
    }
    SDL_UnlockMutex(p->lock);
    return s;
}

void painter_costs(painter *p, double *draw_ms, double *show_ms)
{
    SDL_LockMutex(p->lock);
    *draw_ms = p->paint_ms;
    *show_ms = p->show_ms;
    SDL_UnlockMutex(p->lock);
}

bool painter_shows(const painter *p) { return p->x11 != NULL; }
