/* The control panel: Dear ImGui's widgets for the table of controls
 * (controls.h), docked along the window's left edge; the world's view
 * takes the rest. The main thread feeds it events and builds it once a
 * frame (panel.cpp); what ImGui would draw is kept as plain triangles and
 * glyphs (panel_picture), which the painter thread draws with Cairo over
 * the frame (panel_paint.c), so that the panel shows however the frame
 * is shown. */
#ifndef FL_SANDBOX_PANEL_H
#define FL_SANDBOX_PANEL_H

#include <stdbool.h>
#include <stdint.h>
#include <SDL.h>
#include <cairo.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sandbox sandbox;
typedef struct panel panel;

/* ImGui's drawing, copied: vertices in drawable pixels, colours as ImGui
 * packs them (red in the low byte), triangles as index triples, and runs
 * of them under one clip rectangle. */
typedef struct panel_vertex {
    float x, y, u, v;
    uint32_t col;
} panel_vertex;

typedef struct panel_run {
    float clip[4]; /* x0, y0, x1, y1 */
    int first, count; /* indices */
} panel_run;

typedef struct panel_picture {
    panel_vertex *vtx;
    uint32_t *idx;
    panel_run *runs;
    int vtx_count, idx_count, run_count;
    int vtx_cap, idx_cap, run_cap;
    float white_u, white_v;   /* where the font atlas is solid: an untextured triangle */
    cairo_surface_t *atlas;   /* the font atlas, A8 */
    int atlas_w, atlas_h;
} panel_picture;

/* The panel for `window`, its fonts at `px_per_point` drawable pixels a
 * point. NULL with a message when it cannot be made. */
panel *panel_open(SDL_Window *window, double px_per_point, char *err, size_t err_size);
void panel_close(panel *p);
/* Gives the panel an event; true when it is the panel's (the pointer is
 * over it, or it is being typed in), and the world's input must not see it. */
bool panel_event(panel *p, const SDL_Event *e);
/* Builds this frame's panel, `height` drawable pixels tall: runs what the
 * person clicked or typed, and keeps what it draws. */
void panel_build(panel *p, sandbox *sb, int width_px, int height_px, double px_per_point);
/* What the last build drew: for the painter, until the next build. */
const panel_picture *panel_picture_of(const panel *p);
/* Draws it (panel_paint.c). False when Cairo fails. */
bool panel_paint(const panel_picture *pic, cairo_t *cr);

#ifdef __cplusplus
}
#endif

#endif
