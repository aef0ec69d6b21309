/* Draws a simulation on any target draw.h has a backend for: the sky, each
 * fluid (a translucent fill under its moving surface), each body (filled
 * with its colour and outlined; static bodies stone-like and hatched), then
 * the debug overlays asked for and a HUD, anti-aliased. Nothing here needs a
 * window: the window and a capture both draw into a Cairo image surface
 * (capture.h), and the web page replays the same drawing on a canvas
 * (draw_list.h), so the same state, size and camera give the same picture.
 *
 * Overlays show the buoyancy module's last measurement. To show the current
 * state exactly, call fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(w))
 * before rendering (it applies no force, so the run is unchanged).
 *
 * Force arrows share one scale, so their lengths compare: a force equal to
 * the weight of the heaviest dynamic body is drawn RENDER_FORCE_VIEW_FRACTION
 * of the view's width long. Gravity is drawn from the centre of mass (m g);
 * the buoyant force and the linear drag are what the buoyancy module applied
 * in the last step (fl_buoyancy_applied), each fluid's from the centre of
 * buoyancy it measured then. Before the first step nothing was applied, so
 * only weights are drawn. */
#ifndef FL_RENDER_H
#define FL_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "camera.h"
#include "draw.h"
#include "overlays.h"
#include "flotsam/flotsam.h"

#define RENDER_SKY_TOP 0xb9d9ee    /* the sky at the top of the target */
#define RENDER_SKY_BOTTOM 0xeef5f9 /* and at its bottom */
#define RENDER_STATIC_COLOR 0x8c8a84
#define RENDER_FORCE_VIEW_FRACTION 0.12
#define RENDER_SELECT_COLOR 0xffd23c /* a selected body's outline */


/* The HUD's content. */
#define RENDER_HUD_LINES 6
#define RENDER_HUD_LINE_MAX 96
typedef struct render_hud {
    double step_ms;   /* cost of a step in ms; < 0: not shown */
    const char *text; /* a free line of text; NULL: none */
} render_hud;


/* Draws the whole picture on a target whose size is the camera's (px_w x
 * px_h pixels), through backend be (draw.h); merge gathers shapes of one
 * colour into one path (false: each its own, for vector files). Returns
 * false if the target failed. The Cairo target's calls are render_cairo.h's. */
bool render_to(const draw_backend *be, void *target, bool merge, const fl_sim *s, const camera *cam,
               const render_options *o, const render_hud *hud);

/* Pixels per text unit (text.h) for text on this target: readable on a
 * small one, not shouting on a large one. */
double render_text_unit(const camera *cam);

/* The fill of body i (0xRRGGBB): its scene colour, else a wood tone from its
 * density relative to the first fluid's (light for light wood, dark for
 * dense), or stone grey for a static body. */
uint32_t render_body_color(const fl_sim *s, int i);
/* The fill of a fluid (translucent), drawn under the bodies, and the veil
 * drawn again over them so that what is under water looks under water. */
rgba render_fluid_color(const fl_fluid_def *f);
rgba render_fluid_veil(const fl_fluid_def *f);
/* Either shaded towards the fluid's bottom: this at the bottom, c at the
 * still surface, linearly in between. */
rgba render_fluid_deep(rgba c);

/* Target pixels per newton of the force arrows: the heaviest dynamic body's
 * weight is drawn RENDER_FORCE_VIEW_FRACTION of the target's width long. */
double render_force_scale(const fl_sim *s, const camera *cam);

/* A key to the overlays that are on (the marks for centres of mass and
 * buoyancy, submerged parts, contacts, and the force arrows with a scale
 * bar in newtons), in the bottom-right corner; nothing when none is on. */
void render_legend(draw_batch *b, const fl_sim *s, const camera *cam, const render_options *o);

/* A selected body's outline, drawn over the picture (the window and the
 * web page mark the body whose numbers they show). */
void render_selection(draw_batch *b, const fl_sim *s, const camera *cam, fl_body_id body);

/* Parts of render_sim, for renderers that compose their own picture. */
void render_overlays(draw_batch *b, const fl_sim *s, const camera *cam, const render_options *o);
void render_hud_draw(draw_batch *b, const fl_sim *s, const camera *cam, const render_hud *hud);
/* Whether the HUD fits the camera's target (render_hud_draw leaves it out
 * where it would hide the picture), its text measured on b's target, and
 * its lines, for a window to show them elsewhere then (returns how many). */
bool render_hud_fits_on(draw_batch *b, const fl_sim *s, const camera *cam, const render_hud *hud);
int render_hud_lines(const fl_sim *s, const render_hud *hud,
                     char lines[RENDER_HUD_LINES][RENDER_HUD_LINE_MAX]);

#endif
