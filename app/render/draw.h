/* Drawing primitives for the renderer, on Cairo: anti-aliased fills and
 * strokes in target pixels. Consecutive shapes of one colour (and one line
 * width) are gathered into a single path and filled or stroked at once, so
 * that a thousand bodies of a few colours cost a few fills, not a thousand. */
#ifndef FL_DRAW_H
#define FL_DRAW_H

#include <cairo.h>
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

/* A Cairo context being drawn on, and the path waiting to be filled or
 * stroked. `ok` turns false if Cairo ever fails. */
typedef struct draw_batch {
    cairo_t *cr;
    bool ok;
    bool merge;         /* gather shapes of one colour (false: each its own path) */
    draw_kind pending;
    rgba color;
    double width;
    cairo_line_cap_t cap;
} draw_batch;

void draw_begin(draw_batch *b, cairo_t *cr);
/* Fills or strokes what is gathered; returns b->ok. */
bool draw_flush(draw_batch *b);

/* Adds the closed polygon p (n points) to cr's path, its points in order
 * or (reversed) backwards: for callers that build their own paths. */
void draw_add_closed(cairo_t *cr, const fl_vec2 *p, int n, bool reversed);

/* Fills the path built on b->cr since the last flush (by the nonzero rule),
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
