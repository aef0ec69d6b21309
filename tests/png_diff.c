#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_diff.h"

double png_diff(const uint32_t *pixels, int w, int h, const char *png)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS ||
        cairo_image_surface_get_width(s) != w || cairo_image_surface_get_height(s) != h) {
        fprintf(stderr, "%s: not a PNG of the animation's size\n", png);
        cairo_surface_destroy(s);
        return -1.0;
    }
    const uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    double sum = 0.0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t a = pixels[(size_t)y * (size_t)w + (size_t)x], b;
            memcpy(&b, data + (size_t)y * (size_t)stride + 4 * (size_t)x, sizeof b);
            for (int k = 0; k < 3; k++)
                sum += abs((int)((a >> (8 * k)) & 0xff) - (int)((b >> (8 * k)) & 0xff));
        }
    cairo_surface_destroy(s);
    return sum / (3.0 * w * h);
}
