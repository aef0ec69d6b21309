/* Drawn shapes become scene statements, read by the scene parser: the
 * window refuses exactly what a scene file would, with the same words. */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "drawn_shape.h"

/* Parses one body statement; its body into *out, or the reason into msg. */
static bool read_statement(const char *text, size_t len, fl_scene_body *out, char *msg,
                           size_t msg_size)
{
    fl_scene sc;
    fl_scene_error err;
    if (!fl_scene_parse(text, len, &sc, &err)) {
        snprintf(msg, msg_size, "cannot make that shape: %s", err.message);
        return false;
    }
    *out = sc.bodies[0];
    out->line = 0;
    fl_scene_free(&sc);
    return true;
}

bool drawn_shape_body(const fl_vec2 *points, int n, double density, fl_scene_body *out,
                      char *msg, size_t msg_size)
{
    if (n < 3) {
        snprintf(msg, msg_size, "a shape needs at least 3 points (it has %d)", n);
        return false;
    }
    if (n > FL_SCENE_MAX_POINTS) {
        snprintf(msg, msg_size, "a shape has at most %d points", FL_SCENE_MAX_POINTS);
        return false;
    }
    fl_vec2 at = {0.0, 0.0};
    for (int i = 0; i < n; i++)
        at = fl_add(at, points[i]);
    at = fl_scale(at, 1.0 / n);
    size_t size = 128 + (size_t)n * 64;
    char *text = malloc(size);
    if (!text) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    int len = snprintf(text, size, "flotsam-scene 1\npolygon at=%.17g,%.17g density=%.17g points=[",
                       at.x, at.y, density);
    for (int i = 0; i < n; i++)
        len += snprintf(text + len, size - (size_t)len, "%s%.17g,%.17g", i ? " " : "",
                        points[i].x - at.x, points[i].y - at.y);
    len += snprintf(text + len, size - (size_t)len, "]\n");
    bool ok = read_statement(text, (size_t)len, out, msg, msg_size);
    free(text);
    return ok;
}

bool drawn_box_body(fl_vec2 a, fl_vec2 b, double density, fl_scene_body *out, char *msg,
                    size_t msg_size)
{
    char text[256];
    int len = snprintf(text, sizeof text,
                       "flotsam-scene 1\nbox at=%.17g,%.17g size=%.17g,%.17g density=%.17g\n",
                       0.5 * (a.x + b.x), 0.5 * (a.y + b.y), fabs(b.x - a.x), fabs(b.y - a.y),
                       density);
    return read_statement(text, (size_t)len, out, msg, msg_size);
}
