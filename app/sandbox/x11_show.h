/* The painter's own way to the display on X11 (x11_show.c); elsewhere (or
 * when it cannot be set up) the main thread shows the frames through SDL. */
#ifndef FL_X11_SHOW_H
#define FL_X11_SHOW_H

#include <SDL.h>
#include <cairo.h>
#include <stdbool.h>

typedef struct x11_show x11_show;

/* NULL when the window is not on X11, or its display lacks what this needs
 * (MIT-SHM, a 24-bit TrueColor visual). On the thread that made the
 * window (it flushes SDL's connection). */
x11_show *x11_show_open(SDL_Window *window);
void x11_show_close(x11_show *x);

/* Puts the parts of s in damage[count] (count < 0: all of it) into the
 * window, and waits for the display to have them. */
bool x11_show_frame(x11_show *x, cairo_surface_t *s, const SDL_Rect *damage, int count);

#endif
