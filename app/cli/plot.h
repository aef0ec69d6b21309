/* --plot FILE.png|.svg|.csv --quantity Q [--quantity Q2 ...] [--body NAME
 * ...]: quantities of bodies through the run, drawn when it ends as a chart
 * (chart.h: a panel per quantity, a line per body) or written as CSV. */
#ifndef FL_PLOT_H
#define FL_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include "flotsam/flotsam.h"

#define PLOT_MOST 8 /* quantities, and bodies */

typedef struct picture_options picture_options;

typedef struct plot_series {
    const char *path;
    int quantities[PLOT_MOST], nq;  /* readings.h */
    const char *bodies[PLOT_MOST];  /* by name (NULL: the first that moves) */
    int nb;
    char names[PLOT_MOST][64];      /* the bodies' names as shown */
    long every;
    double *t, *v;                  /* n samples; v: nq * nb values each, [q][b] */
    int n, capacity;
} plot_series;

/* Whether q names a quantity (readings.h: draft, heel, vertical-speed,
 * kinetic-energy, submerged, gm, x, y). */
bool plot_quantity_known(const char *q);
/* Whether path names a file a plot is drawn as (.png or .svg) or written
 * as (.csv). */
bool plot_format_known(const char *path);
/* Starts the series of o's --plot; false with a message (no such body). */
bool plot_open(plot_series *p, const picture_options *o, const fl_sim *s, char *err,
               size_t err_size);
/* Whether the step after `done` steps is sampled. */
bool plot_due(const plot_series *p, long done);
/* After `done` steps: a point when the step is sampled (s measured then:
 * fl_buoyancy_measure). */
bool plot_step(plot_series *p, fl_sim *s, long done, char *err, size_t err_size);
/* Draws the chart or writes the CSV (ok) and frees the series; false with
 * a message. */
bool plot_close(plot_series *p, bool ok, char *err, size_t err_size);

#endif
