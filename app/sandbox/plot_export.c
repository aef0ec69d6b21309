/* E: the live plot's samples written out, every quantity G steps through
 * over the last 20 s: NAME-plot-N.csv (a column each), and NAME-plot-N.png
 * and .svg (a panel each, chart.h), where the window writes its files
 * (--out-dir, or here), N the first number none of the three has. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "chart.h"
#include "out_files.h"
#include "readings.h"
#include "sandbox_parts.h"
#include "series_csv.h"
#include "snapshot.h"

extern const reading sandbox_plotted[PLOT_QUANTITIES];

/* NAME-plot-N, the first N with none of its three files there. */
static void export_base(const sandbox *sb, char *out, size_t size)
{
    static const char *const exts[] = {".csv", ".png", ".svg", NULL};
    char name[SANDBOX_TEXT_MAX / 2], file[SANDBOX_TEXT_MAX / 2 + 8];
    sandbox_scene_name(sb, name, sizeof name);
    snprintf(file, sizeof file, "%s-plot", name);
    sandbox_free_name(sb, file, exts, out, size);
}

/* The selected body's name, or "body". */
static const char *body_name(const sandbox *sb)
{
    const fl_world *w = fl_sim_world(sb->sim);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_serial(b) == sb->plot.body && fl_sim_body_name(sb->sim, b)[0])
            return fl_sim_body_name(sb->sim, b);
    }
    return "body";
}

static bool write_all(sandbox *sb, const char *base, const double *t, const double *v, int n,
                      char *err, size_t err_size)
{
    char path[SANDBOX_TEXT_MAX + 8];
    const char *headers[PLOT_QUANTITIES];
    for (int q = 0; q < PLOT_QUANTITIES; q++)
        headers[q] = reading_label(sandbox_plotted[q]);
    series_csv csv = {"time (s)", headers, PLOT_QUANTITIES, t, v, n};
    snprintf(path, sizeof path, "%s.csv", base);
    if (!out_write(path, series_csv_write, &csv, err, err_size))
        return false;
    sandbox_wrote(path);
    char title[128];
    snprintf(title, sizeof title, "%s: the last %.0f s", body_name(sb), t[n - 1] - t[0]);
    chart c = {0};
    c.title = title;
    c.x_label = "time (s)";
    c.x = t;
    c.n = n;
    c.stride = PLOT_QUANTITIES;
    c.panel_count = PLOT_QUANTITIES;
    for (int q = 0; q < PLOT_QUANTITIES; q++) {
        c.panels[q].label = headers[q];
        c.panels[q].series = 1;
        c.panels[q].y[0] = v + q;
    }
    c.width = 960;
    c.height = 1200;
    for (const char *const *ext = (const char *const[]){".png", ".svg", NULL}; *ext; ext++) {
        snprintf(path, sizeof path, "%s%s", base, *ext);
        if (!snapshot_paint(path, c.width, c.height, chart_paint, &c, err, err_size))
            return false;
        sandbox_wrote(path);
    }
    return true;
}

void sandbox_export_plot(sandbox *sb)
{
    const sandbox_plot *p = &sb->plot;
    if (!sb->inspect.on || p->body != sb->inspect.body || p->count < 2) {
        sandbox_say(sb, "nothing to export: select a moving body, and let it move");
        return;
    }
    double *t = malloc(sizeof *t * (size_t)p->count);
    double *v = malloc(sizeof *v * (size_t)p->count * PLOT_QUANTITIES);
    char base[SANDBOX_TEXT_MAX], err[SANDBOX_TEXT_MAX];
    if (!t || !v) {
        free(t);
        free(v);
        sandbox_say(sb, "out of memory for the plot's export");
        return;
    }
    for (int i = 0; i < p->count; i++) {
        int k = (p->first + i) % PLOT_SAMPLES;
        t[i] = p->time[k];
        for (int q = 0; q < PLOT_QUANTITIES; q++)
            v[(size_t)i * PLOT_QUANTITIES + (size_t)q] = p->value[q][k];
    }
    export_base(sb, base, sizeof base);
    if (write_all(sb, base, t, v, p->count, err, sizeof err))
        sandbox_say(sb, "plot written: %s.csv, .png and .svg", base);
    else
        sandbox_say(sb, "%s", err);
    free(t);
    free(v);
}
