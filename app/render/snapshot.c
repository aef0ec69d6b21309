#define _POSIX_C_SOURCE 200809L
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "capture.h"
#include "draw_cairo.h"
#include "out_files.h"
#include "png_file.h"
#include "render_cairo.h"
#include "snapshot.h"

typedef enum snapshot_kind { SNAP_NONE, SNAP_PNG, SNAP_SVG, SNAP_PDF } snapshot_kind;

static snapshot_kind kind_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return SNAP_NONE;
    return !strcasecmp(dot, ".png") ? SNAP_PNG
           : !strcasecmp(dot, ".svg") ? SNAP_SVG
           : !strcasecmp(dot, ".pdf") ? SNAP_PDF
                                      : SNAP_NONE;
}

bool snapshot_format_known(const char *path) { return kind_of(path) != SNAP_NONE; }

typedef struct vector_job {
    snapshot_kind kind;
    int w, h;
    snapshot_painter paint;
    void *ctx;
} vector_job;

static cairo_status_t to_file(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

/* Ends a vector document: the context and the surface let go, the file's
 * last bytes written; false with the first failure said. */
static bool finish(cairo_t *cr, cairo_surface_t *surface, bool ok, char *why, size_t why_size)
{
    cairo_status_t drawn = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_status_t st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (ok && st == CAIRO_STATUS_SUCCESS && drawn == CAIRO_STATUS_SUCCESS)
        return true;
    snprintf(why, why_size, "%s", cairo_status_to_string(st != CAIRO_STATUS_SUCCESS ? st : drawn));
    return false;
}

/* out_write's writer: a vector surface streaming into f. */
static bool write_vector(FILE *f, void *ctx, char *why, size_t why_size)
{
    const vector_job *j = ctx;
    double w = j->w, h = j->h;
    cairo_surface_t *surface = j->kind == SNAP_SVG
                                   ? cairo_svg_surface_create_for_stream(to_file, f, w, h)
                                   : cairo_pdf_surface_create_for_stream(to_file, f, w, h);
    cairo_t *cr = cairo_create(surface);
    bool ok = j->paint(cr, false, j->ctx);
    cairo_show_page(cr);
    return finish(cr, surface, ok, why, why_size);
}

bool snapshot_paint(const char *path, int w, int h, snapshot_painter paint, void *ctx, char *err,
                    size_t err_size)
{
    snapshot_kind kind = kind_of(path);
    if (kind == SNAP_NONE) {
        snprintf(err, err_size, "cannot write '%s': pictures are .png, .svg or .pdf", path);
        return false;
    }
    if (kind != SNAP_PNG) {
        vector_job j = {kind, w, h, paint, ctx};
        return out_write(path, write_vector, &j, err, err_size);
    }
    capture *c = capture_create(w, h, err, err_size);
    if (!c)
        return false;
    const uint8_t *rgb = NULL;
    if (paint(capture_cairo(c), true, ctx))
        rgb = capture_resolve(c);
    bool ok = rgb && png_write_file(path, rgb, w, h, err, err_size);
    if (!rgb)
        snprintf(err, err_size, "cannot draw '%s': %s", path,
                 cairo_status_to_string(cairo_status(capture_cairo(c))));
    capture_destroy(c);
    return ok;
}

typedef struct sim_job {
    const fl_sim *s;
    const camera *cam;
    const render_options *o;
    const render_hud *hud;
} sim_job;

static bool paint_sim(cairo_t *cr, bool raster, void *ctx)
{
    const sim_job *j = ctx;
    return raster ? render_sim(cr, j->s, j->cam, j->o, j->hud)
                  : render_sim_unmerged(cr, j->s, j->cam, j->o, j->hud);
}

bool snapshot_write(const char *path, const fl_sim *s, const camera *cam,
                    const render_options *o, const render_hud *hud, char *err, size_t err_size)
{
    sim_job j = {s, cam, o, hud};
    return snapshot_paint(path, cam->px_w, cam->px_h, paint_sim, &j, err, err_size);
}

typedef struct document_job {
    int w, h, pages;
    snapshot_page_painter paint;
    void *ctx;
} document_job;

static bool write_document(FILE *f, void *ctx, char *why, size_t why_size)
{
    const document_job *j = ctx;
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(to_file, f, j->w, j->h);
    cairo_t *cr = cairo_create(surface);
    bool ok = true;
    for (int k = 0; ok && k < j->pages; k++) {
        draw_batch b;
        draw_begin_cairo(&b, cr);
        ok = j->paint(&b, k, j->ctx) && draw_flush(&b);
        cairo_show_page(cr);
    }
    return finish(cr, surface, ok, why, why_size);
}

bool snapshot_document(const char *path, int w, int h, int pages, snapshot_page_painter paint,
                       void *ctx, char *err, size_t err_size)
{
    if (kind_of(path) != SNAP_PDF) {
        snprintf(err, err_size, "cannot write '%s': a document is a .pdf", path);
        return false;
    }
    document_job j = {w, h, pages, paint, ctx};
    return out_write(path, write_document, &j, err, err_size);
}
