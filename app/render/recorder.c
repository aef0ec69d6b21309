/* The recorder draws on the caller's thread and hands each frame to a
 * frame_queue, whose worker writes the PNG and the animation frame. */
#include <stdio.h>
#include <stdlib.h>
#include "anim.h"
#include "capture.h"
#include "frame_dir.h"
#include "frame_queue.h"
#include "png_file.h"
#include "recorder.h"
#include "render_cairo.h"

#define QUEUE_SLOTS 4 /* frames drawn ahead of the writer, at most */

struct recorder {
    recorder_options o;
    capture *cap;
    frame_queue *queue;
    anim *anim;   /* NULL: none; written by the queue's worker only */
    camera cam;
    long frames;  /* handed to the writer so far */
    char *path;   /* room for a frame's path (the worker's) */
    size_t path_size;
};

/* The queue's worker: frame `number` to the folder and the animation. */
static bool write_frame(void *ctx, const uint8_t *rgb, long number, char *err, size_t err_size)
{
    recorder *r = ctx;
    if (r->o.dir) {
        frame_path(r->path, r->path_size, r->o.dir, number);
        if (!png_write_file(r->path, rgb, r->o.width, r->o.height, err, err_size))
            return false;
    }
    return !r->anim || anim_add(r->anim, rgb, err, err_size);
}

recorder *recorder_open(const fl_sim *s, const recorder_options *o, char *err, size_t err_size)
{
    recorder *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    r->o = *o;
    r->path_size = frame_path_size(o->dir ? o->dir : "");
    r->path = malloc(r->path_size);
    r->cap = r->path ? capture_create(o->width, o->height, err, err_size) : NULL;
    if (!r->path)
        snprintf(err, err_size, "out of memory");
    bool ok = r->cap != NULL;
    if (ok && o->animation) {
        r->anim = anim_open(o->animation, o->width, o->height, o->fps, err, err_size);
        ok = r->anim != NULL;
    }
    if (ok && o->dir)
        ok = frame_dir_prepare(o->dir, err, err_size);
    if (ok) {
        r->queue = frame_queue_start(o->width, o->height, QUEUE_SLOTS, write_frame, r, err,
                                     err_size);
        ok = r->queue != NULL;
    }
    /* Old frames go last, once nothing else can fail. */
    if (ok && o->dir && o->clear)
        ok = frame_dir_clear(o->dir, err, err_size);
    if (!ok) {
        recorder_abort(r);
        return NULL;
    }
    fl_vec2 center = o->view_center;
    double width = o->view_width;
    if (!o->has_view)
        camera_fit_sim(s, true, (double)o->width / o->height, &center, &width);
    r->cam = capture_camera(r->cap, center, width);
    return r;
}

void recorder_abort(recorder *r)
{
    if (!r)
        return;
    char ignored[64];
    if (r->queue)
        (void)frame_queue_finish(r->queue, ignored, sizeof ignored);
    anim_abort(r->anim);
    capture_destroy(r->cap);
    free(r->path);
    free(r);
}

bool recorder_close(recorder *r, char *err, size_t err_size)
{
    if (!r)
        return true;
    bool ok = frame_queue_finish(r->queue, err, err_size);
    r->queue = NULL;
    if (ok && r->anim) {
        ok = anim_close(r->anim, err, err_size);
        r->anim = NULL;
    }
    recorder_abort(r);
    return ok;
}

bool recorder_frame(recorder *r, fl_sim *s, char *err, size_t err_size)
{
    fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(fl_sim_world(s)));
    render_hud hud = {-1.0, r->o.label};
    const uint8_t *rgb = NULL;
    if (render_sim(capture_cairo(r->cap), s, &r->cam, &r->o.overlays, &hud))
        rgb = capture_resolve(r->cap);
    if (!rgb) {
        snprintf(err, err_size, "cannot draw frame %ld: %s", r->frames + 1,
                 cairo_status_to_string(cairo_status(capture_cairo(r->cap))));
        return false;
    }
    if (!frame_queue_push(r->queue, rgb, err, err_size))
        return false;
    r->frames++;
    return true;
}

long recorder_frames(const recorder *r) { return r->frames; }
