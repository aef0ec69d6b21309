/* Drawing primitives for the renderer: everything becomes coloured
 * triangles, gathered in a batch and sent to SDL_RenderGeometry, so that
 * lines have real widths and shapes have exact sub-pixel edges. All
 * coordinates are target pixels. */
#ifndef FL_DRAW_H
#define FL_DRAW_H

#include <SDL.h>
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

#define DRAW_BATCH_VERTS 1536 /* a multiple of 3 */

/* Triangles waiting to be drawn. Draw calls add to it and send it on when it
 * is full; draw_flush sends the rest. `ok` turns false if SDL ever fails. */
typedef struct draw_batch {
    SDL_Renderer *renderer;
    int count;
    bool ok;
    SDL_Vertex v[DRAW_BATCH_VERTS];
} draw_batch;

void draw_begin(draw_batch *b, SDL_Renderer *r);
/* Sends what is batched; returns b->ok. */
bool draw_flush(draw_batch *b);

void draw_triangle(draw_batch *b, fl_vec2 p0, fl_vec2 p1, fl_vec2 p2, rgba c);
/* A triangle whose corners have their own colours (Gouraud shading). */
void draw_triangle3(draw_batch *b, const fl_vec2 p[3], const rgba c[3]);

/* A convex polygon, as a fan from its first vertex. */
void draw_convex(draw_batch *b, const fl_vec2 *p, int n, rgba c);
/* Any simple polygon of positive winding (+x towards +y): split into convex
 * pieces, each drawn as a fan. Returns false if it could not be split. */
bool draw_polygon(draw_batch *b, const fl_vec2 *p, int n, rgba c);

/* A segment `width` pixels wide; `cap` extends it by half the width at both
 * ends, so that segments meeting at a corner leave no notch. */
void draw_line(draw_batch *b, fl_vec2 a, fl_vec2 z, double width, bool cap, rgba c);
/* Segments through n points; `closed` adds the one from the last to the first. */
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
