#include <stdio.h>
#include <stdlib.h>
#include "capture.h"

struct capture {
    int w, h;
    cairo_surface_t *surface; /* w x h, CAIRO_FORMAT_RGB24 */
    cairo_t *cr;
    uint8_t *rgb;             /* w * h * 3 */
};

capture *capture_create(int w, int h, char *err, size_t err_size)
{
    capture *c = calloc(1, sizeof *c);
    if (!c || w < 1 || h < 1) {
        snprintf(err, err_size, "%s", c ? "bad capture size" : "out of memory");
        free(c);
        return NULL;
    }
    c->w = w;
    c->h = h;
    c->rgb = malloc((size_t)w * (size_t)h * 3);
    c->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    c->cr = cairo_create(c->surface);
    if (!c->rgb || cairo_status(c->cr) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, err_size, "cannot make a %dx%d drawing surface: %s", w, h,
                 c->rgb ? cairo_status_to_string(cairo_status(c->cr)) : "out of memory");
        capture_destroy(c);
        return NULL;
    }
    return c;
}

void capture_destroy(capture *c)
{
    if (!c)
        return;
    cairo_destroy(c->cr);
    cairo_surface_destroy(c->surface);
    free(c->rgb);
    free(c);
}

int capture_width(const capture *c) { return c->w; }
int capture_height(const capture *c) { return c->h; }
cairo_t *capture_cairo(const capture *c) { return c->cr; }
cairo_surface_t *capture_surface(const capture *c) { return c->surface; }

camera capture_camera(const capture *c, fl_vec2 center, double width)
{
    return camera_make(center, width, c->w, c->h, 1.0);
}

const uint8_t *capture_resolve(capture *c)
{
    cairo_surface_flush(c->surface);
    if (cairo_surface_status(c->surface) != CAIRO_STATUS_SUCCESS)
        return NULL;
    const uint8_t *data = cairo_image_surface_get_data(c->surface);
    int stride = cairo_image_surface_get_stride(c->surface);
    for (int y = 0; y < c->h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *out = c->rgb + (size_t)y * (size_t)c->w * 3;
        for (int x = 0; x < c->w; x++) {
            out[3 * x] = (uint8_t)(row[x] >> 16);
            out[3 * x + 1] = (uint8_t)(row[x] >> 8);
            out[3 * x + 2] = (uint8_t)row[x];
        }
    }
    return c->rgb;
}
