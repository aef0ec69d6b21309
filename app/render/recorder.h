/* Records a running simulation as numbered PNG frames in a folder:
 * frame-000001.png, frame-000002.png, ... through capture.h and render.h,
 * with a camera fixed when recording starts. */
#ifndef FL_RECORDER_H
#define FL_RECORDER_H

#include <stdbool.h>
#include <stddef.h>
#include "render.h"
#include "flotsam/flotsam.h"

typedef struct recorder_options {
    const char *dir;          /* created if missing (its parent must exist) */
    int width, height;        /* output pixels */
    render_options overlays;
    const char *label;        /* the HUD's text line; NULL: none */
} recorder_options;

typedef struct recorder recorder;

/* Prepares the drawing surface, the camera (the scene's view, else one that
 * fits the fluids and bodies where they are now) and the folder. Returns
 * NULL with a message in err[err_size]; nothing is then left on disk. */
recorder *recorder_open(const fl_sim *s, const recorder_options *o, char *err, size_t err_size);
void recorder_close(recorder *r);

/* Measures the buoyancy of the current state (no force is applied), draws
 * it and writes the next frame. Returns false with a message on failure. */
bool recorder_frame(recorder *r, fl_sim *s, char *err, size_t err_size);

#endif
