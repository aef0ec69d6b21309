/* Drawing primitives for the renderer: anti-aliased fills and strokes in
 * target pixels. Consecutive shapes of one colour (and one line width) are
 * gathered into a single path and filled or stroked at once, so that a
 * thousand bodies of a few colours cost a few fills, not a thousand.
 *
 * Everything is drawn through a small backend (draw_backend): paths of
 * lines and circles, filled by the nonzero rule or stroked, a clip, and
 * text. Cairo is one (draw_cairo.h: the window, captures, pictures), a list
 * of commands another (draw_list.h: the web page replays it on a canvas),
 * so there is one renderer, whatever it draws on. */
#ifndef FL_DRAW_H
#define FL_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/flotsam.h"

typedef struct rgba {
    uint8_t r, g, b, a;
} rgba;

/* 0xRRGGBB with the given alpha. */
rgba rgba_hex(uint32_t rgb, uint8_t alpha);
/* (1 - t) a + t b, channel by channel (t clamped to 0..1). */
rgba rgba_mix(rgba a, rgba b, double t);
rgba rgba_alpha(rgba c, uint8_t alpha);

typedef enum draw_kind { DRAW_NONE, DRAW_FILL, DRAW_STROKE } draw_kind;

typedef enum draw_cap { DRAW_CAP_BUTT, DRAW_CAP_ROUND, DRAW_CAP_SQUARE } draw_cap;

/* What a target does. A path is built with move_to, line_to, close and
 * circle (a closed sub-path of its own), and fill or stroke draws and
 * clears it; joins are round. clip restricts drawing to the path's inside
 * (and clears it) until unclip, and gives the clip's bounds in target
 * pixels. text draws s with its baseline's start at (x, y), `size` pixels
 * high. fast_fills (may be NULL) asks for cheaper anti-aliasing of fills
 * that follow, until called with false. status is false once the target
 * has failed. */
typedef struct draw_backend {
    void (*move_to)(void *t, double x, double y);
    void (*line_to)(void *t, double x, double y);
    void (*close)(void *t);
    void (*circle)(void *t, double x, double y, double r);
    void (*fill)(void *t, rgba c);
    /* Fills shaded from c0 at height y0 to c1 at y1, flat beyond. */
    void (*fill_vertical)(void *t, double y0, rgba c0, double y1, rgba c1);
    void (*stroke)(void *t, rgba c, double width, draw_cap cap);
    void (*clip)(void *t, double *x0, double *y0, double *x1, double *y1);
    void (*unclip)(void *t);
    void (*text)(void *t, const char *s, double x, double y, double size, rgba c);
    double (*text_width)(void *t, const char *s, double size);
    void (*fast_fills)(void *t, bool fast);
    bool (*status)(void *t);
} draw_backend;

/* A target being drawn on, and the path waiting to be filled or stroked.
 * `ok` turns false if the target ever fails. */
typedef struct draw_batch {
    const draw_backend *be;
    void *t;
    bool ok;
    bool merge;         /* gather shapes of one colour (false: each its own path) */
    draw_kind pending;
    rgba color;
    double width;
    draw_cap cap;
} draw_batch;

void draw_begin(draw_batch *b, const draw_backend *be, void *target);
/* Fills or strokes what is gathered; returns b->ok. */
bool draw_flush(draw_batch *b);

/* Adds the closed polygon p (n points) to the target's path, its points in
 * order or (reversed) backwards: for callers that build their own paths
 * (after a draw_flush). */
void draw_add_closed(draw_batch *b, const fl_vec2 *p, int n, bool reversed);

/* Fills the path built on the target since the last flush (nonzero rule),
 * for callers that build their own; what was gathered before is drawn first
 * only if it was flushed before the path was begun. */
void draw_fill_path(draw_batch *b, rgba c);

/* A simple polygon, convex or not, in either winding. */
void draw_polygon(draw_batch *b, const fl_vec2 *p, int n, rgba c);
/* A polygon shaded from c0 at height y0 to c1 at y1 (target pixels). */
void draw_polygon_shaded(draw_batch *b, const fl_vec2 *p, int n, double y0, rgba c0, double y1,
                         rgba c1);

/* A segment `width` pixels wide; `cap` extends it by half the width at both
 * ends. */
void draw_line(draw_batch *b, fl_vec2 a, fl_vec2 z, double width, bool cap, rgba c);
/* Segments through n points, joined; `closed` adds the one from the last to
 * the first. */
void draw_polyline(draw_batch *b, const fl_vec2 *p, int n, bool closed, double width, rgba c);
/* A circle's outline and a filled disc. */
void draw_ring(draw_batch *b, fl_vec2 center, double radius, double width, rgba c);
void draw_disc(draw_batch *b, fl_vec2 center, double radius, rgba c);
/* An arrow from `from` to `to` with a head `head` pixels long. */
void draw_arrow(draw_batch *b, fl_vec2 from, fl_vec2 to, double width, double head, rgba c);
/* Diagonal lines `spacing` pixels apart, clipped to the inside of a simple
 * polygon (the pattern is fixed to the target, not to the polygon). */
void draw_hatch(draw_batch *b, const fl_vec2 *p, int n, double spacing, double width, rgba c);

#endif
