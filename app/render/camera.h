/* The camera: which part of the world a render target shows. The y axis
 * points down in the world and on screen alike, so world -> screen is one
 * uniform scale and a shift. */
#ifndef FL_CAMERA_H
#define FL_CAMERA_H

#include "flotsam/flotsam.h"

struct fl_sim;

typedef struct camera {
    fl_vec2 center;  /* world point at the middle of the target */
    double width;    /* metres of world across the target */
    int px_w, px_h;  /* target size in pixels */
    double px;       /* what line widths and text are scaled by (1: as
                        designed, in target pixels) */
} camera;

/* A camera of `width` metres across a target of w x h pixels. */
camera camera_make(fl_vec2 center, double width, int w, int h, double px);

/* Target pixels per metre. */
double camera_scale(const camera *c);

/* World point -> target pixel coordinates (pixel centres at +0.5), and back. */
fl_vec2 camera_to_screen(const camera *c, fl_vec2 world);
fl_vec2 camera_to_world(const camera *c, fl_vec2 screen);

/* The world rectangle the target shows: top-left and bottom-right corners. */
void camera_visible(const camera *c, fl_vec2 *top_left, fl_vec2 *bottom_right);

/* The view a capture starts with: the scene's `view` when it has one (and
 * use_view), else the fluids and bodies (in their current place) with a
 * margin, framed for a target whose width / height is `aspect`. */
void camera_fit_sim(const struct fl_sim *s, bool use_view, double aspect, fl_vec2 *center,
                    double *width);

#endif
