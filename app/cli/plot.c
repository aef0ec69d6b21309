/* The --plot series: sampled as the run goes, drawn or written at its end. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "chart.h"
#include "cli.h"
#include "frames.h"
#include "pictures.h"
#include "plot.h"
#include "readings.h"
#include "series_csv.h"

bool plot_quantity_known(const char *q) { return reading_named(q) >= 0; }

static bool is_csv(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && !strcasecmp(dot, ".csv");
}

bool plot_format_known(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && (is_csv(path) || (frames_picture_known(path) && strcasecmp(dot, ".pdf") != 0));
}

bool plot_open(plot_series *p, const picture_options *o, const fl_sim *s, char *err,
               size_t err_size)
{
    memset(p, 0, sizeof *p);
    p->path = o->plot;
    p->every = o->every > 0 ? o->every : 1;
    p->nq = o->quantity_count;
    for (int q = 0; q < p->nq; q++)
        p->quantities[q] = reading_named(o->quantities[q]);
    p->nb = o->body_count > 0 ? o->body_count : 1;
    for (int k = 0; k < p->nb; k++) {
        const char *name = o->body_count > 0 ? o->bodies[k] : NULL;
        fl_body_id b = reading_body(s, name);
        if (fl_body_is_null(b)) {
            snprintf(err, err_size, name ? "--body: no body named '%s' in the scene"
                                         : "--plot: the scene has no moving body%s",
                     name ? name : "");
            return false;
        }
        p->bodies[k] = name;
        const char *shown = fl_sim_body_name(s, b);
        snprintf(p->names[k], sizeof p->names[k], "%s",
                 shown[0] ? shown : "body");
    }
    return true;
}

bool plot_due(const plot_series *p, long done) { return p->path && done % p->every == 0; }

bool plot_step(plot_series *p, fl_sim *s, long done, char *err, size_t err_size)
{
    if (!plot_due(p, done))
        return true;
    int row = p->nq * p->nb;
    if (p->n == p->capacity) {
        int want = p->capacity ? 2 * p->capacity : 256;
        double *t = realloc(p->t, sizeof *t * (size_t)want);
        if (t)
            p->t = t;
        double *v = t ? realloc(p->v, sizeof *v * (size_t)want * (size_t)row) : NULL;
        if (!t || !v) {
            snprintf(err, err_size, "out of memory for the plot");
            return false;
        }
        p->v = v;
        p->capacity = want;
    }
    double now = fl_world_time(fl_sim_world(s));
    double *v = p->v + (size_t)p->n * (size_t)row;
    for (int k = 0; k < p->nb; k++) {
        /* A body removed (by a script, a replay): its lines end. */
        fl_body_id b = reading_body(s, p->bodies[k]);
        fl_hydrostatics hs;
        if (!fl_body_is_null(b))
            fl_buoyancy_hydrostatics(fl_sim_buoyancy(s), b, now, &hs);
        for (int q = 0; q < p->nq; q++)
            v[q * p->nb + k] =
                fl_body_is_null(b) ? NAN : reading_value(s, b, &hs, (reading)p->quantities[q]);
    }
    p->t[p->n++] = now;
    return true;
}

/* The CSV: a column for each body and quantity, "crate draft (m)". */
static bool write_csv(const plot_series *p)
{
    char headers[PLOT_MOST * PLOT_MOST][160];
    const char *named[PLOT_MOST * PLOT_MOST];
    for (int q = 0; q < p->nq; q++)
        for (int k = 0; k < p->nb; k++) {
            int c = q * p->nb + k;
            snprintf(headers[c], sizeof headers[c], "%s %s", p->names[k],
                     reading_label((reading)p->quantities[q]));
            named[c] = headers[c];
        }
    series_csv csv = {"time (s)", named, p->nq * p->nb, p->t, p->v, p->n};
    return cli_output_write(p->path, series_csv_write, &csv) == CLI_OK;
}

/* The chart: a panel per quantity, a line per body, named in its legend. */
static bool draw(const plot_series *p, char *err, size_t err_size)
{
    chart c = {0};
    char title[160];
    size_t used = 0; /* the bodies' names, "tall, wide" */
    title[0] = '\0';
    for (int k = 0; k < p->nb && used < sizeof title; k++)
        used += (size_t)snprintf(title + used, sizeof title - used, "%s%s", k ? ", " : "",
                                 p->names[k]);
    c.title = title;
    c.x_label = "time (s)";
    c.x = p->t;
    c.n = p->n;
    c.stride = p->nq * p->nb;
    c.panel_count = p->nq;
    for (int q = 0; q < p->nq; q++) {
        c.panels[q].label = reading_label((reading)p->quantities[q]);
        c.panels[q].series = p->nb;
        for (int k = 0; k < p->nb; k++)
            c.panels[q].y[k] = p->v + q * p->nb + k;
    }
    for (int k = 0; k < p->nb; k++)
        c.names[k] = p->names[k];
    c.width = 960;
    c.height = p->nq > 1 ? 300 + 220 * p->nq : 540;
    return frames_chart(p->path, &c, err, err_size);
}

bool plot_close(plot_series *p, bool ok, char *err, size_t err_size)
{
    if (p->path && ok) {
        if (is_csv(p->path)) {
            ok = write_csv(p);
            if (!ok)
                snprintf(err, err_size, "the plot's CSV was not written");
        } else {
            ok = draw(p, err, err_size);
        }
    }
    free(p->t);
    free(p->v);
    memset(p, 0, sizeof *p);
    return ok;
}
