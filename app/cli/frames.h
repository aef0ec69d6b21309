/* The pictures a run draws: PNG frames, an animation, a snapshot, and
 * charts. frames.c draws them with the renderer (app/render); a program
 * built without it (-Drender=disabled: no Cairo, libpng, giflib, libwebp
 * or libavcodec) has frames_none.c, which refuses each with the same one line. */
#ifndef FL_FRAMES_H
#define FL_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include "overlays.h"
#include "flotsam/flotsam.h"

/* NULL when this program draws pictures; else why it does not. */
const char *frames_missing(void);

/* Whether path names a file an animation (.gif, .webp, .mp4, .webm), a
 * video (.mp4, .webm) or a picture (.png, .svg, .pdf) is written as, and
 * the most frames a second an animation file of that kind plays. */
bool frames_animation_known(const char *path);
bool frames_video_known(const char *path);
double frames_animation_max_fps(const char *path);
bool frames_picture_known(const char *path);

/* What a run asks to draw. */
typedef struct frames_request {
    const char *frames;     /* folder for PNG frames; NULL: none */
    const char *animation;  /* .gif, .webp, .mp4 or .webm; NULL: none */
    double fps;             /* the animation's frames a second */
    bool overwrite;         /* remove the frames the folder holds */
    int width, height;      /* picture size */
    render_options overlay;
    const char *label;      /* the HUD's line */
} frames_request;

typedef struct frames frames;

/* Frames the run with the camera of the scene's view (else one that fits
 * it as it stands) and opens the frames folder and animation asked for;
 * NULL with a message in err. */
frames *frames_open(const frames_request *r, const fl_sim *s, char *err, size_t err_size);
/* Draws a frame (frame) and the snapshot into `snapshot` (not NULL) of s
 * as it is now; false with a message. */
bool frames_step(frames *f, fl_sim *s, bool frame, const char *snapshot, char *err,
                 size_t err_size);
/* Finishes the animation (ok) or drops it, and frees f (NULL: nothing);
 * false with a message. */
bool frames_close(frames *f, bool ok, char *err, size_t err_size);

/* Draws the chart (chart.h) into path (.png or .svg, its size the
 * chart's); false with a message. */
struct chart;
bool frames_chart(const char *path, const struct chart *c, char *err, size_t err_size);

/* Lets go of the fonts the pictures loaded (at exit, for leak checkers). */
void frames_release(void);

#endif
