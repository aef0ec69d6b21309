/* The renderer (render.h) on Cairo: the window, captures and snapshots. */
#ifndef FL_RENDER_CAIRO_H
#define FL_RENDER_CAIRO_H

#include <cairo.h>
#include "render.h"

/* Draws the whole picture over a Cairo context whose target is the camera's
 * (px_w x px_h pixels). Returns false if Cairo failed. */
bool render_sim(cairo_t *cr, const fl_sim *s, const camera *cam, const render_options *o,
                const render_hud *hud);

/* The same, each shape its own path (snapshot.h's vector files). */
bool render_sim_unmerged(cairo_t *cr, const fl_sim *s, const camera *cam, const render_options *o,
                         const render_hud *hud);

/* Whether the HUD fits the camera's target, measured with Cairo. */
bool render_hud_fits(const fl_sim *s, const camera *cam, const render_hud *hud);

#endif
