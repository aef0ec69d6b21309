/* The painter: the window's pictures drawn on a thread of their own, so
 * that the world steps while a frame is drawn.
 *
 * A frame is handed over as a copy of what it shows: the world cloned
 * between steps (fl_sim_clone) and the sandbox's state as it stands (view,
 * HUD, panels). The painter draws the copy with Cairo and nothing else; the
 * window itself (SDL) stays with the main thread, which shows each finished
 * frame. The world is only read to be cloned, so the steps are the same as
 * without a painter, bit for bit. */
#ifndef FL_PAINTER_H
#define FL_PAINTER_H

#include <SDL.h>
#include <cairo.h>
#include <stdbool.h>

struct sandbox;
typedef struct painter painter;

/* Starts the thread, for frames of `window`; NULL (with a message in err)
 * if it cannot. On X11 the painter also shows its frames, through a display
 * connection of its own (x11_show.h); elsewhere the main thread shows them. */
painter *painter_start(SDL_Window *window, char *err, size_t err_size);
/* Waits for the frame in hand and ends the thread. */
void painter_stop(painter *p);

/* True when no frame is being drawn. */
bool painter_idle(painter *p);
/* Waits up to `ms` milliseconds for the frame being drawn; true if idle. */
bool painter_wait(painter *p, int ms);
/* Hands over a frame of sb as it is now (painter idle only). False, with
 * nothing handed over, when the copy cannot be made (out of memory). */
bool painter_submit(painter *p, const struct sandbox *sb);
/* The last finished frame, once, for the main thread to show (NULL: none
 * new, or it could not be drawn, or the painter showed it itself: *failed
 * and *shown say which), and where it differs from the frame before
 * (*count rectangles in *damage, -1: everywhere). Idle only. The painter draws the next frame
 * into another picture, so this one stays valid (and may be shown while the
 * next is drawn) until the next painter_take. */
cairo_surface_t *painter_take(painter *p, bool *failed, bool *shown, const SDL_Rect **damage,
                              int *count);
/* The smoothed times a frame takes to draw, and to show when the painter
 * shows it (0: none yet), in ms. */
void painter_costs(painter *p, double *draw_ms, double *show_ms);
/* True when the painter shows its frames itself (X11). */
bool painter_shows(const painter *p);

#endif
