/* Off-screen capture: a software renderer drawing into a memory surface
 * `supersample` times the output size, box-filtered down to the output, so
 * that edges come out anti-aliased. It needs no SDL_Init, no window and no
 * video driver. */
#ifndef FL_CAPTURE_H
#define FL_CAPTURE_H

#include <SDL.h>
#include <stddef.h>
#include <stdint.h>
#include "camera.h"

typedef struct capture capture;

/* The largest factor, 3 at most, whose supersampled target of w x h output
 * pixels stays within 64 megapixels (256 MB). */
int capture_supersample_for(int w, int h);

/* An output of w x h pixels drawn at `supersample` (1 or more) times that.
 * Returns NULL and a message in err[err_size] on failure. */
capture *capture_create(int w, int h, int supersample, char *err, size_t err_size);
void capture_destroy(capture *c);

int capture_width(const capture *c);
int capture_height(const capture *c);
/* What to draw with, onto the supersampled target. */
SDL_Renderer *capture_renderer(const capture *c);
/* A camera for the supersampled target showing `width` metres about center. */
camera capture_camera(const capture *c, fl_vec2 center, double width);

/* Finishes what was drawn and box-filters it to the output size: returns
 * width * height * 3 bytes of RGB, rows top to bottom, owned by the capture
 * and valid until the next call; NULL if SDL failed. */
const uint8_t *capture_resolve(capture *c);

#endif
