/* `flotsam hydrostatics SCENE [--body NAME] [--drafts N] [--csv FILE]
 * [--plot FILE]`: one body's curves of form (curves_of_form.h), upright in
 * the scene's first fluid, at N drafts from light to its deck, and the row
 * at its own displacement. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "body_command.h"
#include "chart.h"
#include "cli.h"
#include "curves_of_form.h"
#include "frames.h"
#include "gz_curve.h"
#include "plot.h"

#define DRAFTS_MOST 10000

typedef struct table {
    form_row *rows;
    int count;
    double kg;  /* the body's own G above its keel */
} table;

static bool write_csv(FILE *f, void *ctx, char *why, size_t why_size)
{
    (void)why, (void)why_size;
    const table *t = ctx;
    fprintf(f, "draft_m,area_m2,mass_kg_per_m,kb_m,bm_m,km_m,gm_m,breadth_m,kg_per_cm\n");
    for (int i = 0; i < t->count; i++) {
        const form_row *r = &t->rows[i];
        fprintf(f, "%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", r->draft, r->area,
                r->mass, r->kb, r->bm, r->km, r->km - t->kg, r->breadth, r->per_cm);
    }
    return !ferror(f);
}

static void print_row(const form_row *r, double kg, const char *mark)
{
    printf("  %8.4f %10.4f %11.1f %8.4f %9.4f %9.4f %9.4f %8.4f %9.2f%s\n", r->draft, r->area, r->mass,
           r->kb, r->bm, r->km, r->km - kg, r->breadth, r->per_cm, mark);
}

void form_chart(chart *ch, const form_row *rows, int n, double *v, const char *title)
{
    double *x = v, *area = v + n, *kb = v + 2 * n, *km = v + 3 * n, *bm = v + 4 * n;
    for (int i = 0; i < n; i++) {
        x[i] = rows[i].draft;
        area[i] = rows[i].area;
        kb[i] = rows[i].kb;
        km[i] = rows[i].km;
        bm[i] = rows[i].bm;
    }
    *ch = (chart){0};
    ch->title = title;
    ch->x_label = "draft (m)";
    ch->x = x;
    ch->n = n;
    /* (The waterline's breadth is in the table.) */
    ch->panel_count = 3;
    ch->panels[0] = (chart_panel){"KB and KM (m)", {kb, km}, 2};
    ch->panels[1] = (chart_panel){"BM (m)", {bm}, 1};
    ch->panels[2] = (chart_panel){"displacement (m2 per metre)", {area}, 1};
    ch->names[0] = "KB";
    ch->names[1] = "KM";
    ch->width = 960;
    ch->height = 1080;
}

static int draw(const char *path, const table *t, const char *name)
{
    int n = t->count;
    double *v = malloc(sizeof *v * (size_t)n * 5);
    if (!v) {
        fprintf(stderr, "flotsam: out of memory\n");
        return CLI_FAILED;
    }
    char title[160];
    snprintf(title, sizeof title, "%s: curves of form (per metre of length)", name);
    chart ch;
    form_chart(&ch, t->rows, n, v, title);
    char err[512];
    int rc = CLI_OK;
    if (!frames_chart(path, &ch, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        rc = CLI_FAILED;
    }
    free(v);
    return rc;
}

static int report(fl_sim *s, fl_body_id b, const loading *load, int drafts, const char *csv,
                  const char *plot)
{
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), 0);
    double depth = form_depth(hull, n), keel = form_keel(hull, n);
    /* The weights' G above the keel: the body's own, or with its loading
     * (a tank's liquid where it lies upright). */
    double mass = fl_body_mass(b) + loading_mass(load);
    double kg = keel - loading_moment_y(load) / mass;
    table t = {calloc((size_t)drafts, sizeof(form_row)), 0, kg};
    if (!t.rows) {
        fprintf(stderr, "flotsam: out of memory\n");
        return CLI_FAILED;
    }
    for (int i = 1; i <= drafts; i++)
        if (form_at(hull, n, f->density, depth * i / drafts, &t.rows[t.count]))
            t.count++;
    const char *name = fl_sim_body_name(s, b)[0] ? fl_sim_body_name(s, b) : "body";
    char whose[FL_SCENE_NAME_MAX + 32];
    snprintf(whose, sizeof whose, load->condition[0] ? "as loaded: %s" : "its own G", load->condition);
    printf("%s: curves of form upright in %s of %g kg/m2, per metre of length; depth %.4f m, "
           "KG %.4f m (%s)\n", name, fl_sim_fluid_name(s, fl_buoyancy_fluid_at(fl_sim_buoyancy(s), 0))[0]
               ? fl_sim_fluid_name(s, fl_buoyancy_fluid_at(fl_sim_buoyancy(s), 0)) : "the fluid",
           f->density, depth, kg, whose);
    printf("  %8s %10s %11s %8s %9s %9s %9s %8s %9s\n", "draft m", "area m2", "mass kg/m", "KB m",
           "BM m", "KM m", "GM m", "WL m", "kg/cm");
    for (int i = 0; i < t.count; i++)
        print_row(&t.rows[i], kg, "");
    form_row own;
    double displaced = mass / f->density; /* as the GZ curve counts it */
    const char *at = load->condition[0] ? "at the condition's displacement" : "at its own displacement";
    if (form_for_area(hull, n, f->density, displaced, &own)) {
        printf("  %s:\n", at);
        print_row(&own, kg, "  *");
    } else {
        printf("  %s (%.4g m2) it sinks: the hull holds %.4g m2\n", at, displaced,
               t.count ? t.rows[t.count - 1].area : 0.0);
    }
    int rc = CLI_OK;
    if (csv)
        rc = cli_output_write(csv, write_csv, &t);
    if (rc == CLI_OK && plot)
        rc = draw(plot, &t, name);
    free(t.rows);
    return rc;
}

int cli_hydrostatics(int argc, char **argv)
{
    const char *scene, *body = NULL, *csv = NULL, *plot = NULL, *drafts_text = NULL,
               *condition = NULL;
    const char *const names[] = {"--body", "--csv", "--plot", "--drafts", "--condition"};
    const char **slots[] = {&body, &csv, &plot, &drafts_text, &condition};
    int rc = body_command_args("hydrostatics", argc, argv, names, slots, 5, &scene);
    if (rc != CLI_OK)
        return rc;
    long drafts = 20;
    if (drafts_text && !cli_parse_count(drafts_text, 1, DRAFTS_MOST, &drafts))
        return cli_usage_error("--drafts wants a count from 1 to %d, got '%s'", DRAFTS_MOST, drafts_text);
    if (plot && !plot_format_known(plot))
        return cli_usage_error("--plot draws .png or .svg files, got '%s'", plot);
    if (plot && frames_missing())
        return cli_usage_error("--plot: %s", frames_missing());
    if (cli_output_check(csv) != CLI_OK || cli_output_check(plot) != CLI_OK)
        return CLI_FAILED;
    fl_sim *s;
    fl_body_id b;
    if ((rc = body_command_open("hydrostatics", scene, body, &s, &b)) != CLI_OK)
        return rc;
    loading *load = malloc(sizeof *load);
    if (!load) {
        fprintf(stderr, "flotsam: out of memory\n");
        rc = CLI_FAILED;
    } else if ((rc = body_command_loading(s, b, condition, NULL, load)) == CLI_OK)
        rc = report(s, b, load, (int)drafts, csv, plot);
    free(load);
    fl_sim_free(s);
    return rc;
}
