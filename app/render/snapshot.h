/* One picture of a simulation as a file: .png (the same pixels as a frame),
 * or .svg and .pdf through Cairo's vector surfaces, for papers and docs. In
 * the vector formats every shape stays its own path (nothing is merged), so
 * a figure can be edited shape by shape. */
#ifndef FL_SNAPSHOT_H
#define FL_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include "render_cairo.h"

/* Which formats a name asks for: .png, .svg or .pdf (any case). */
bool snapshot_format_known(const char *path);

/* Paints a picture of w x h pixels (or points, for the vector formats)
 * into `path`: paint(cr, raster, ctx) draws it (raster: into the PNG's
 * pixels, else a vector surface, where shapes stay their own paths), and
 * returns false on failure. Written beside `path` and renamed into place. */
typedef bool (*snapshot_painter)(cairo_t *cr, bool raster, void *ctx);
bool snapshot_paint(const char *path, int w, int h, snapshot_painter paint, void *ctx, char *err,
                    size_t err_size);

/* A document of `pages` pages of w x h points as a PDF (path ends .pdf):
 * paint(b, page, ctx) draws page `page` through b (draw.h). Written beside
 * `path` and renamed into place; false with a message. */
typedef bool (*snapshot_page_painter)(struct draw_batch *b, int page, void *ctx);
bool snapshot_document(const char *path, int w, int h, int pages, snapshot_page_painter paint,
                       void *ctx, char *err, size_t err_size);

/* Draws s through cam (its size is the picture's) into `path`, written
 * beside it and renamed into place. Returns false with a message. */
bool snapshot_write(const char *path, const fl_sim *s, const camera *cam,
                    const render_options *o, const render_hud *hud, char *err, size_t err_size);

#endif
