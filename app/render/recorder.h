/* Records a running simulation as numbered PNG frames in a folder
 * (frame-000001.png, frame-000002.png, ...) and/or as an animation (anim.h),
 * through capture.h and render.h, with a camera fixed when recording
 * starts. */
#ifndef FL_RECORDER_H
#define FL_RECORDER_H

#include <stdbool.h>
#include <stddef.h>
#include "render.h"
#include "flotsam/flotsam.h"

typedef struct recorder_options {
    const char *dir;          /* created if missing (its parent must exist); NULL: no PNGs */
    const char *animation;    /* a .gif or .webp to write; NULL: none */
    double fps;               /* the animation's frames a second */
    bool clear;               /* remove the frames dir holds already */
    int width, height;        /* output pixels */
    render_options overlays;
    const char *label;        /* the HUD's text line; NULL: none */
    bool has_view;            /* a camera to start from, in place of the scene's: */
    fl_vec2 view_center;      /* ... its centre */
    double view_width;        /* ... and the width it shows, m */
} recorder_options;

typedef struct recorder recorder;

/* Prepares the drawing surface, the camera (the options' view, else the
 * scene's, else one that fits the fluids and bodies where they are now)
 * and the folder. Returns
 * NULL with a message in err[err_size]; nothing is then left on disk. */
recorder *recorder_open(const fl_sim *s, const recorder_options *o, char *err, size_t err_size);
/* Finishes the animation, if any, and frees r; false with a message when
 * the animation could not be finished (it is then not left on disk). */
bool recorder_close(recorder *r, char *err, size_t err_size);
/* Frees r, dropping an unfinished animation. */
void recorder_abort(recorder *r);

/* Measures the buoyancy of the current state (no force is applied), draws
 * it and hands it to the writer's thread (frame_queue.h), which writes it
 * while the caller goes on. Returns false with a message on failure, which
 * may be an earlier frame's that failed to be written. */
bool recorder_frame(recorder *r, fl_sim *s, char *err, size_t err_size);
/* Frames handed over so far. */
long recorder_frames(const recorder *r);

#endif
