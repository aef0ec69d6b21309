/* The renderer's Cairo target (draw.h): the window, frames, snapshots and
 * charts all draw through it. */
#ifndef FL_DRAW_CAIRO_H
#define FL_DRAW_CAIRO_H

#include <cairo.h>
#include "draw.h"

extern const draw_backend draw_cairo_backend;

/* draw_begin on a Cairo context, its path cleared. */
void draw_begin_cairo(draw_batch *b, cairo_t *cr);

/* Gives back what Cairo and fontconfig keep for the process's life (the
 * font faces met, the font configuration), so that a leak checker sees
 * nothing left at exit. Call it last, when nothing of Cairo is in use. */
void text_release_fonts(void);

#endif
