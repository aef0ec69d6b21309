/* Off-screen capture: the renderer draws into a Cairo image surface of the
 * output's size (Cairo anti-aliases its edges), read back as RGB. It needs
 * no SDL, no window and no video driver. The sandbox's window draws into the
 * same kind of surface, so a frame and the window show the same pixels. */
#ifndef FL_CAPTURE_H
#define FL_CAPTURE_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>
#include "camera.h"

typedef struct capture capture;

/* An output of w x h pixels. Returns NULL and a message in err[err_size] on
 * failure. */
capture *capture_create(int w, int h, char *err, size_t err_size);
void capture_destroy(capture *c);

int capture_width(const capture *c);
int capture_height(const capture *c);
/* What to draw with; its target is the whole output. */
cairo_t *capture_cairo(const capture *c);
/* The image itself (for the window's texture, or a PNG). */
cairo_surface_t *capture_surface(const capture *c);
/* A camera for the output showing `width` metres about center. */
camera capture_camera(const capture *c, fl_vec2 center, double width);

/* Finishes what was drawn and returns width * height * 3 bytes of RGB, rows
 * top to bottom, owned by the capture and valid until the next call; NULL if
 * Cairo failed. */
const uint8_t *capture_resolve(capture *c);

#endif
