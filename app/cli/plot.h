/* --plot FILE.png|.svg --quantity Q [--body NAME]: one quantity of one body
 * through the run, drawn as a chart (chart.h) when it ends. */
#ifndef FL_PLOT_H
#define FL_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include "flotsam/flotsam.h"

typedef struct plot_series {
    const char *path, *quantity, *body;
    long every;
    double *t, *v;
    int n, capacity;
    char title[160];
} plot_series;

/* Whether q names a quantity (readings.h: draft, heel, vertical-speed,
 * kinetic-energy, submerged, gm, x, y). */
bool plot_quantity_known(const char *q);
/* Whether path names a file a chart is drawn as (.png or .svg). */
bool plot_format_known(const char *path);
/* Starts the series; false with a message (no such body, a path that
 * cannot be written). */
bool plot_open(plot_series *p, const char *path, const char *quantity, const char *body,
               long every, const fl_sim *s, char *err, size_t err_size);
/* Whether the step after `done` steps is sampled. */
bool plot_due(const plot_series *p, long done);
/* After `done` steps: a point when the step is sampled (s measured then:
 * fl_buoyancy_measure). */
bool plot_step(plot_series *p, fl_sim *s, long done, char *err, size_t err_size);
/* Draws the chart (ok) and frees the series; false with a message. */
bool plot_close(plot_series *p, bool ok, char *err, size_t err_size);

#endif
