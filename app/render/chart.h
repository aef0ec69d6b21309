/* Line charts for docs: a title, then one panel per quantity stacked over a
 * shared time axis, each with its label (and unit) and ticks at 1-2-5
 * steps (ticks.h), a line at zero when zero is in its range, and a line per
 * series (a body) in its own colour, named in a legend when there are
 * several. Drawn with the renderer's lines and text. */
#ifndef FL_CHART_H
#define FL_CHART_H

#include <stdbool.h>

struct _cairo; /* cairo_t: the data below needs no Cairo, the painting does */

#define CHART_MOST 8 /* panels, and series in a panel */

typedef struct chart_panel {
    const char *label;            /* e.g. "draft (m)" */
    const double *y[CHART_MOST];  /* each series' values: y[s][i * stride] for x[i] */
    int series;
} chart_panel;

/* A straight line drawn in the first panel (x0,y0 to x1,y1, in its
 * units), and a point marked there with its label beside it. */
typedef struct chart_line {
    double x0, y0, x1, y1;
    const char *label; /* at its far end; NULL: none */
} chart_line;
typedef struct chart_mark {
    double x, y;
    const char *label;
} chart_mark;

typedef struct chart {
    const char *title;      /* e.g. "iceberg" */
    const char *x_label;    /* e.g. "time (s)" */
    const double *x;        /* n points, increasing */
    int n, stride;          /* stride: the step between a series' values (0: 1) */
    chart_panel panels[CHART_MOST];
    int panel_count;
    const char *names[CHART_MOST]; /* the series' names (the legend; NULL: none) */
    chart_line lines[CHART_MOST];  /* in the first panel, thin and grey */
    int line_count;
    chart_mark marks[CHART_MOST];  /* in the first panel: a dot and its label */
    int mark_count;
    int width, height;      /* pixels */
} chart;

/* The colour of series s, the same in every panel. */
unsigned chart_color(int s);
/* Paints c on cr (a snapshot_painter's work, ctx a chart); false when
 * Cairo fails. */
bool chart_paint(struct _cairo *cr, bool raster, void *ctx);
/* Draws c on any target (draw.h), c->width x c->height of it. */
struct draw_batch;
bool chart_draw(struct draw_batch *b, const chart *c);

#endif
