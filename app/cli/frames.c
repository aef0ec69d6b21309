/* The pictures a run draws, with the renderer (frames.h). */
#include <stdio.h>
#include <stdlib.h>
#include "anim.h"
#include "camera.h"
#include "chart.h"
#include "frames.h"
#include "recorder.h"
#include "snapshot.h"
#include "draw_cairo.h"
#include "text.h"

struct frames {
    recorder *rec;          /* frames and the animation; NULL: neither */
    camera cam;             /* the snapshot's: the frames' camera */
    render_options overlay;
    const char *label;
};

const char *frames_missing(void) { return NULL; }
bool frames_animation_known(const char *path) { return anim_format_known(path); }
bool frames_video_known(const char *path) { return anim_format_is_video(path); }
double frames_animation_max_fps(const char *path) { return anim_max_fps(path); }
bool frames_picture_known(const char *path) { return snapshot_format_known(path); }

frames *frames_open(const frames_request *r, const fl_sim *s, char *err, size_t err_size)
{
    frames *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    f->overlay = r->overlay;
    f->label = r->label;
    /* The camera frames and snapshots share: fixed where the run starts. */
    fl_vec2 center;
    double width;
    camera_fit_sim(s, true, (double)r->width / r->height, &center, &width);
    f->cam = camera_make(center, width, r->width, r->height, 1.0);
    if (r->frames || r->animation) {
        recorder_options ro = {r->frames,  r->animation, r->fps, r->overwrite,   r->width, r->height,
                               r->overlay, r->label,     false,  fl_v2(0.0, 0.0), 0.0};
        f->rec = recorder_open(s, &ro, err, err_size);
        if (!f->rec) {
            free(f);
            return NULL;
        }
    }
    return f;
}

bool frames_step(frames *f, fl_sim *s, bool frame, const char *snapshot, char *err,
                 size_t err_size)
{
    if (frame && f->rec && !recorder_frame(f->rec, s, err, err_size))
        return false;
    if (snapshot) {
        render_hud hud = {-1.0, f->label};
        return snapshot_write(snapshot, s, &f->cam, &f->overlay, &hud, err, err_size);
    }
    return true;
}

bool frames_close(frames *f, bool ok, char *err, size_t err_size)
{
    if (!f)
        return ok;
    if (!ok)
        recorder_abort(f->rec);
    else
        ok = recorder_close(f->rec, err, err_size);
    free(f);
    return ok;
}

bool frames_chart(const char *path, const chart *c, char *err, size_t err_size)
{
    return snapshot_paint(path, c->width, c->height, chart_paint, (void *)c, err, err_size);
}

void frames_release(void) { text_release_fonts(); }
