/* Drawn shapes become scene statements, read by the scene parser: the
 * window refuses exactly what a scene file would, with the same words. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drawn_shape.h"

/* Copies n points (if any) into room and points *to at them. */
static void keep_in(const fl_vec2 **to, int n, fl_vec2 *room)
{
    if (n > 0)
        memcpy(room, *to, sizeof *room * (size_t)n);
    *to = n > 0 ? room : NULL;
}

/* Parses one body statement; its body into *out (its outlines in *room),
 * or the reason into msg. */
static bool read_statement(const char *text, size_t len, fl_scene_body *out,
                           fl_scene_body_room *room, char *msg, size_t msg_size)
{
    fl_scene sc;
    fl_scene_error err;
    if (!fl_scene_parse(text, len, &sc, &err)) {
        snprintf(msg, msg_size, "cannot make that shape: %s", err.message);
        return false;
    }
    *out = sc.bodies[0];
    out->line = 0;
    keep_in(&out->points, out->point_count, room->points);
    keep_in(&out->hull, out->hull_count, room->hull);
    keep_in(&out->openings, 2 * out->opening_count, room->openings);
    fl_scene_free(&sc);
    return true;
}

/* " KEY=[x,y x,y ...]" of world points as offsets from `at`, appended at
 * text + *len. */
static void put_points(char *text, size_t size, int *len, const char *key, const fl_vec2 *p,
                       int n, fl_vec2 at)
{
    *len += snprintf(text + *len, size - (size_t)*len, " %s=[", key);
    for (int i = 0; i < n; i++)
        *len += snprintf(text + *len, size - (size_t)*len, "%s%.17g,%.17g", i ? " " : "",
                         p[i].x - at.x, p[i].y - at.y);
    *len += snprintf(text + *len, size - (size_t)*len, "]");
}

/* A polygon statement at `at` with these points (world) and, when hn > 0,
 * this hull, read back as a scene file would read it. */
static bool read_polygon(fl_vec2 at, double density, const fl_vec2 *points, int n,
                         const fl_vec2 *hull, int hn, fl_scene_body *out,
                         fl_scene_body_room *room, char *msg, size_t msg_size)
{
    size_t size = 128 + (size_t)(n + hn) * 64;
    char *text = malloc(size);
    if (!text) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    int len = snprintf(text, size, "flotsam-scene 1\npolygon at=%.17g,%.17g density=%.17g",
                       at.x, at.y, density);
    put_points(text, size, &len, "points", points, n, at);
    if (hn > 0)
        put_points(text, size, &len, "hull", hull, hn, at);
    len += snprintf(text + len, size - (size_t)len, "\n");
    bool ok = read_statement(text, (size_t)len, out, room, msg, msg_size);
    free(text);
    return ok;
}

bool drawn_shape_body(const fl_vec2 *points, int n, double density, fl_scene_body *out,
                      fl_scene_body_room *room,
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
    return read_polygon(at, density, points, n, NULL, 0, out, room, msg, msg_size);
}

/* Where the lines p + s u and q + t v meet (false: parallel). */
static bool meet(fl_vec2 p, fl_vec2 u, fl_vec2 q, fl_vec2 v, fl_vec2 *out)
{
    double d = fl_cross(u, v);
    if (fabs(d) < 1e-12)
        return false;
    double s = fl_cross(fl_sub(q, p), v) / d;
    *out = fl_add(p, fl_scale(u, s));
    return true;
}

bool drawn_hull_body(const fl_vec2 *points, int n, double density, double wall,
                     fl_scene_body *out, fl_scene_body_room *room, char *msg, size_t msg_size)
{
    fl_scene_body hull;
    if (!drawn_shape_body(points, n, density, &hull, room, msg, msg_size))
        return false;
    if (2 * n > FL_SCENE_MAX_POINTS) {
        snprintf(msg, msg_size, "a hollow hull has at most %d corners", FL_SCENE_MAX_POINTS / 2);
        return false;
    }
    /* Counter-clockwise on screen (y down): the inside is to the right of
     * each edge; offset every edge inward by the wall. */
    fl_vec2 p[FL_SCENE_MAX_POINTS];
    double area = fl_polygon_signed_area(points, n);
    for (int i = 0; i < n; i++)
        p[i] = area > 0 ? points[i] : points[n - 1 - i];
    /* The gunwale: the edge highest up (least y at its middle). */
    int top = 0;
    for (int i = 1; i < n; i++)
        if (p[i].y + p[(i + 1) % n].y < p[top].y + p[(top + 1) % n].y)
            top = i;
    fl_vec2 inner[FL_SCENE_MAX_POINTS];
    for (int i = 0; i < n; i++) {
        fl_vec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
        fl_vec2 u = fl_sub(b, a), v = fl_sub(c, b);
        double lu = fl_length(u), lv = fl_length(v);
        fl_vec2 nu = fl_scale(fl_v2(-u.y, u.x), wall / lu), nv = fl_scale(fl_v2(-v.y, v.x), wall / lv);
        /* The gunwale's ends stay on it: the wall is open there. */
        if (i == top)
            nv = fl_v2(0.0, 0.0);
        if (i == (top + 1) % n)
            nu = fl_v2(0.0, 0.0);
        if (!meet(fl_add(a, nu), u, fl_add(b, nv), v, &inner[i])) {
            snprintf(msg, msg_size, "cannot make that hull: two of its edges run straight on");
            return false;
        }
    }
    /* The shell: outside from the gunwale's far end round to its near one,
     * then inside back again. */
    fl_vec2 shell[FL_SCENE_MAX_POINTS];
    int m = 0;
    for (int k = 0; k < n; k++)
        shell[m++] = p[(top + 1 + k) % n];
    for (int k = 0; k < n; k++)
        shell[m++] = inner[(top + n - k) % n];
    return read_polygon(hull.at, density, shell, m, p, n, out, room, msg, msg_size);
}

bool drawn_box_body(fl_vec2 a, fl_vec2 b, double density, fl_scene_body *out, char *msg,
                    size_t msg_size)
{
    char text[256];
    int len = snprintf(text, sizeof text,
                       "flotsam-scene 1\nbox at=%.17g,%.17g size=%.17g,%.17g density=%.17g\n",
                       0.5 * (a.x + b.x), 0.5 * (a.y + b.y), fabs(b.x - a.x), fabs(b.y - a.y),
                       density);
    fl_scene_body_room none; /* a box has no outline to keep */
    return read_statement(text, (size_t)len, out, &none, msg, msg_size);
}
