#include <stdio.h>
#include <stdlib.h>
#include "anim.h"
#include "capture.h"
#include "frame_dir.h"
#include "png_file.h"
#include "recorder.h"

struct recorder {
    recorder_options o;
    capture *cap;
    anim *anim;   /* NULL: none */
    camera cam;
    long frames;  /* written so far */
    char *path;   /* room for a frame's path */
    size_t path_size;
};

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
    if (ok && o->dir)
        ok = frame_dir_prepare(o->dir, err, err_size) &&
             (!o->clear || frame_dir_clear(o->dir, err, err_size));
    if (ok && o->animation) {
        r->anim = anim_open(o->animation, o->width, o->height, o->fps, err, err_size);
        ok = r->anim != NULL;
    }
    if (!ok) {
        recorder_abort(r);
        return NULL;
    }
    fl_vec2 center;
    double width;
    camera_fit_sim(s, (double)o->width / o->height, &center, &width);
    r->cam = capture_camera(r->cap, center, width);
    return r;
}

void recorder_abort(recorder *r)
{
    if (!r)
        return;
    anim_abort(r->anim);
    capture_destroy(r->cap);
    free(r->path);
    free(r);
}

bool recorder_close(recorder *r, char *err, size_t err_size)
{
    if (!r)
        return true;
    bool ok = !r->anim || anim_close(r->anim, err, err_size);
    r->anim = NULL;
    recorder_abort(r);
    return ok;
}

bool recorder_frame(recorder *r, fl_sim *s, char *err, size_t err_size)
{
    fl_buoyancy_measure(s->buoyancy, fl_world_time(s->world));
    render_hud hud = {-1.0, r->o.label};
    const uint8_t *rgb = NULL;
    if (render_sim(capture_cairo(r->cap), s, &r->cam, &r->o.overlays, &hud))
        rgb = capture_resolve(r->cap);
    if (!rgb) {
        snprintf(err, err_size, "cannot draw frame %ld: %s", r->frames + 1,
                 cairo_status_to_string(cairo_status(capture_cairo(r->cap))));
        return false;
    }
    if (r->o.dir) {
        frame_path(r->path, r->path_size, r->o.dir, r->frames + 1);
        if (!png_write_file(r->path, rgb, capture_width(r->cap), capture_height(r->cap), err,
                            err_size))
            return false;
    }
    if (r->anim && !anim_add(r->anim, rgb, err, err_size))
        return false;
    r->frames++;
    return true;
}
