/* A line chart of one series, for docs: a title, the values' range on the
 * left, time along the bottom, drawn with the renderer's lines and text. */
#ifndef FL_CHART_H
#define FL_CHART_H

#include <cairo.h>
#include <stdbool.h>

typedef struct chart {
    const char *title;      /* e.g. "iceberg: submerged fraction" */
    const char *x_label;    /* e.g. "time (s)" */
    const double *x, *y;    /* n points, x increasing */
    int n;
    int width, height;      /* pixels */
} chart;

/* Paints c on cr (a snapshot_painter's work, ctx a chart); false when
 * Cairo fails. */
bool chart_paint(cairo_t *cr, bool raster, void *ctx);

#endif
