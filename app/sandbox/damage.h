/* What changed between two pictures of the window, as a few rectangles:
 * showing only those sends the display a fraction of a frame when most of
 * the picture (sky, water, walls) stands still. */
#ifndef FL_DAMAGE_H
#define FL_DAMAGE_H

#include <SDL.h>
#include <cairo.h>

#define DAMAGE_MOST 8

/* The parts of `now` that differ from `before` (both RGB24 images), in at
 * most DAMAGE_MOST rectangles (out); 0 when nothing changed; -1 when the
 * whole picture must go (no `before`, or of another size). */
int damage_between(cairo_surface_t *now, cairo_surface_t *before, SDL_Rect *out);

#endif
