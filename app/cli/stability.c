/* `flotsam stability SCENE --body NAME [--csv FILE] [--plot FILE]`: the
 * curve of statical stability of one body of a scene, at its own mass and
 * centre of mass, in the scene's first fluid (fl_righting_arm), every
 * degree from -180 to 180; where the body rests and GM there, GM upright
 * when upright is an equilibrium, the largest arms either way, where the
 * arm vanishes and every equilibrium. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "body_command.h"
#include "booklet.h"
#include "chart.h"
#include "criteria.h"
#include "curves_of_form.h"
#include "frames.h"
#include "gz_curve.h"
#include "plot.h"

static bool write_csv(FILE *f, void *ctx, char *why, size_t why_size)
{
    (void)why, (void)why_size;
    const gz_curve *c = ctx;
    fprintf(f, "heel_deg,gz_m,b_x_m,b_y_m\n");
    for (int k = 0; k < GZ_DEGREES; k++)
        fprintf(f, "%d,%.9g,%.9g,%.9g\n", (int)c->heel[k], c->gz[k], c->b[k].x, c->b[k].y);
    return !ferror(f);
}

/* Where the arm passes through zero between whole degrees, by straight
 * lines: stable where it grows through zero (a heel beyond turns the body
 * back), unstable where it falls; upright and at rest as found exactly. */
static void report_zeros(const gz_curve *c)
{
    double tol = 1e-9 * sqrt(c->hull_area);
    printf("  equilibria:");
    for (int k = 0; k < GZ_DEGREES; k++) {
        double a = c->gz[k];
        if (c->heel[k] == -180.0)
            continue; /* it is 180, said at the end */
        if (fabs(a) < tol) { /* on a whole degree: upright, 180, or a corner */
            double before = c->gz[k - 1], after = k + 1 < GZ_DEGREES ? c->gz[k + 1] : c->gz[1];
            bool stable = k == GZ_UPRIGHT && c->upright ? c->upright_gm > 0 : after > before;
            printf(" %.*f deg (%s)", k == GZ_UPRIGHT ? 0 : 1, c->heel[k], stable ? "stable" : "unstable");
            continue;
        }
        double z = k + 1 < GZ_DEGREES ? c->gz[k + 1] : 0.0;
        if (k + 1 >= GZ_DEGREES || fabs(z) < tol || (a < 0) == (z < 0))
            continue;
        double at = c->heel[k] + a / (a - z);
        if (c->rests && fabs(at - c->rest) < 1.0)
            at = c->rest;
        printf(" %.1f deg (%s)", at, a < 0 ? "stable" : "unstable");
    }
    printf("\n");
}

/* KN cross curves: KN every 10 degrees to 90, at `count` displacements
 * spread over the hull's (the k-th: k / (count + 1) of its area). */
static void report_cross_curves(fl_body_id b, int count)
{
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    double whole = fabs(fl_polygon_signed_area(hull, n));
    printf("KN cross curves (m), the hull alone, K its lowest point upright:\n  %12s", "area m2");
    for (int deg = 10; deg <= 90; deg += 10)
        printf(" %7d deg", deg);
    printf("\n");
    for (int k = 1; k <= count; k++) {
        double area = whole * k / (count + 1);
        printf("  %12.4f", area);
        for (int deg = 10; deg <= 90; deg += 10) {
            double kn;
            if (form_kn(hull, n, area, deg * FL_PI / 180.0, &kn))
                printf(" %11.4f", kn);
            else
                printf(" %11s", "-");
        }
        printf("\n");
    }
}

/* The IS Code 2008 criteria as a table; returns how many fail. */
static int report_criteria(const gz_curve *c, fl_body_id b)
{
    criterion cr[IS2008_COUNT];
    int failed = criteria_is2008(c, b, cr);
    printf("IMO IS Code 2008, Part A 2.2 (from %s, the worse way of the two):\n",
           c->rests && c->rest != 0.0 ? "where it rests" : "upright");
    printf("  %-36s %9s %14s %9s\n", "criterion", "value", "limit", "margin");
    for (int k = 0; k < IS2008_COUNT; k++) {
        char limit[32];
        int digits = strcmp(cr[k].unit, "deg") == 0 ? 1 : 4;
        snprintf(limit, sizeof limit, ">= %g %s", cr[k].limit, cr[k].unit);
        printf("  %-36s %9.*f %14s %+9.*f  %s\n", cr[k].what, digits, cr[k].value, limit, digits,
               cr[k].value - cr[k].limit, cr[k].pass ? "pass" : "FAIL");
    }
    if (failed)
        printf("%d of %d criteria fail\n", failed, IS2008_COUNT);
    else
        printf("all %d criteria pass\n", IS2008_COUNT);
    return failed;
}

/* The curve as a chart, with what the window's shows: GM's tangent at the
 * origin (it reaches GM at one radian of heel, where a rise marks GM), the
 * largest arm and the angle where the arm vanishes (their labels the
 * caller's). */
chart stability_chart(const gz_curve *c, const char *title, char largest[64], char vanish[64],
                     char rest[64])
{
    chart ch = {0};
    ch.title = title;
    ch.x_label = "heel (deg)";
    ch.x = c->heel;
    ch.n = GZ_DEGREES;
    double at = c->rests ? c->rest : 0.0;
    ch.panel_count = 1;
    ch.panels[0].label = "righting arm GZ (m)";
    ch.panels[0].series = 1;
    ch.panels[0].y[0] = c->gz;
    double radian = 180.0 / FL_PI;
    /* Only where GM does not flatten the curve: up to 2.5 times its top. */
    if (c->gm > 0.0 && c->gm < 2.5 * fmax(c->gz[c->top], 1e-9)) {
        ch.lines[ch.line_count++] = (chart_line){at, 0.0, at + radian, c->gm, NULL};
        ch.lines[ch.line_count++] = (chart_line){at + radian, 0.0, at + radian, c->gm, "GM"};
    }
    snprintf(largest, 64, "largest %.3f m at %d deg", c->gz[c->top], (int)c->heel[c->top]);
    ch.marks[ch.mark_count++] = (chart_mark){c->heel[c->top], c->gz[c->top], largest};
    if (!isnan(c->vanish)) {
        snprintf(vanish, 64, "vanishes at %.1f deg", c->vanish);
        ch.marks[ch.mark_count++] = (chart_mark){c->vanish, 0.0, vanish};
    }
    if (c->rests && c->rest != 0.0) {
        snprintf(rest, 64, "rests at %.1f deg", c->rest);
        ch.marks[ch.mark_count++] = (chart_mark){c->rest, 0.0, rest};
    }
    ch.width = 960;
    ch.height = 540;
    return ch;
}

/* The loading condition: what it adds, and each tank's free surface at
 * rest with the correction it makes to GM (rho_t i / (rho V)). */
static void report_condition(const gz_curve *c, fl_body_id b)
{
    const loading *l = &c->load;
    double tanks = loading_mass(l) - l->mass;
    printf("  condition %s: %d item%s %.1f kg, %d tank%s %.1f kg; the body itself %.1f kg\n",
           l->condition, l->items, l->items == 1 ? "" : "s", l->mass, l->tank_count,
           l->tank_count == 1 ? "" : "s", tanks, fl_body_mass(b));
    double at = c->rests ? c->rest * FL_PI / 180.0 : 0.0;
    for (int k = 0; k < l->tank_count; k++) {
        const loading_tank *t = &l->tanks[k];
        double width, i = loading_free_surface(t, at, &width);
        printf("    tank %s: %.0f%% full, %.1f kg; free surface %.4f m wide, correction %.4f m\n",
               t->name, 100.0 * t->fill, t->mass, width,
               t->density * i / (c->fluid_density * c->displaced));
    }
}

/* Damage: the compartment open to the sea, the buoyancy it lost upright
 * (its part under the intact waterline), and where the hull then rests:
 * its heel and its draft on the centreline. */
static void report_damage(const gz_curve *c, fl_body_id b)
{
    const loading *l = &c->load;
    int n;
    const fl_vec2 *hull = gz_hull(b, &n);
    double keel = form_keel(hull, n);
    fl_righting intact, r;
    double lost = NAN;
    if (fl_righting_arm(hull, n, c->displaced, 0.0, &intact)) {
        int ns;
        const fl_vec2 *solid = fl_body_outline(b, &ns);
        lost = c->displaced - fl_bilged_area_under(hull, n, solid, gz_has_hold(b) ? ns : 0,
                                                   l->open, l->open_n, intact.level);
    }
    printf("  damaged: compartment %s open to the sea, %.4g m2 of buoyancy lost at the intact "
           "waterline\n", l->open_name, lost);
    double at = c->rests ? c->rest : 0.0;
    if (!c->rests)
        printf("    no stable equilibrium: it capsizes or sinks\n");
    else if (fabs(at) >= 60.0) /* on its side or over: a draft on the centreline means nothing */
        printf("    rests at %.3f deg: it capsizes (intact: draft %.4f m upright)\n", at,
               keel - intact.level);
    else if (gz_arm(c, b, at * FL_PI / 180.0, &r))
        printf("    rests at %.3f deg, draft %.4f m on the centreline (intact: %.4f m upright)\n", at,
               keel - r.level / fl_cos(at * FL_PI / 180.0), keel - intact.level);
}

/* The booklet: of the curve c, and when no --condition chose one, of each
 * of the body's loading conditions after it (damaged as c is, at the same
 * --kg); a condition it does not float in is left out, and said. */
static int write_booklet(const char *path, const fl_sim *s, fl_body_id b, const gz_curve *c,
                         const char *damage, double kg)
{
    const gz_curve *curves[BOOKLET_MOST] = {c};
    gz_curve *made[BOOKLET_MOST] = {NULL};
    const char *names[BOOKLET_MOST - 1];
    int count = 1, rc = CLI_OK;
    int conditions = c->load.condition[0] ? 0 : loading_names(s, b, false, names, BOOKLET_MOST - 1);
    if (conditions > BOOKLET_MOST - 1)
        fprintf(stderr, "flotsam: --report: the booklet holds the first %d loading conditions of %d\n",
                BOOKLET_MOST - 1, conditions);
    static loading load;
    for (int i = 0; i < conditions && i < BOOKLET_MOST - 1 && rc == CLI_OK; i++) {
        gz_curve *g = calloc(1, sizeof *g);
        if (!g) {
            fprintf(stderr, "flotsam: out of memory\n");
            rc = CLI_FAILED;
            break;
        }
        made[i] = g;
        loading_find(&load, s, b, names[i]);
        if (damage)
            loading_damage(&load, s, b, damage);
        if (gz_curve_fill_kg(g, fl_sim_buoyancy(s), b, c->fluid_density, &load, kg) == GZ_OK)
            curves[count++] = g;
        else
            fprintf(stderr, "flotsam: --report: loaded as %s, '%s' does not float: left out\n",
                    names[i], fl_sim_body_name(s, b));
    }
    char err[512];
    if (rc == CLI_OK && !booklet_write(path, s, b, curves, count, c->fluid_density, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        rc = CLI_FAILED;
    }
    for (int i = 0; i < BOOKLET_MOST; i++)
        free(made[i]);
    return rc;
}

int cli_stability(int argc, char **argv)
{
    const char *scene, *body = NULL, *csv = NULL, *plot = NULL, *kg_text = NULL, *criteria = NULL,
               *cross_text = NULL, *report = NULL, *condition = NULL, *damage = NULL;
    const char *const names[] = {"--body", "--csv", "--plot", "--kg", "--criteria", "--cross-curves",
                                 "--report", "--condition", "--damage"};
    const char **slots[] = {&body, &csv, &plot, &kg_text, &criteria, &cross_text, &report, &condition,
                            &damage};
    int rc = body_command_args("stability", argc, argv, names, slots, 9, &scene);
    if (rc != CLI_OK)
        return rc;
    long cross = 0;
    if (cross_text && !cli_parse_count(cross_text, 1, 100, &cross))
        return cli_usage_error("--cross-curves wants a count of displacements from 1 to 100, got '%s'",
                               cross_text);
    double kg = NAN;
    if (kg_text) {
        char *end;
        kg = strtod(kg_text, &end);
        if (end == kg_text || *end || !isfinite(kg) || fabs(kg) > 1e6)
            return cli_usage_error("--kg wants G's height above the keel in metres, got '%s'", kg_text);
    }
    if (criteria && strcmp(criteria, "is2008") != 0)
        return cli_usage_error("--criteria knows is2008 (the IMO's IS Code 2008, Part A 2.2), "
                               "got '%s'", criteria);
    if (plot && !plot_format_known(plot))
        return cli_usage_error("--plot draws .png or .svg files, got '%s'", plot);
    size_t rl = report ? strlen(report) : 0;
    if (report && (rl < 5 || strcasecmp(report + rl - 4, ".pdf") != 0))
        return cli_usage_error("--report writes a .pdf, got '%s'", report);
    if (report && frames_missing())
        return cli_usage_error("--report: %s", frames_missing());
    if (plot && frames_missing())
        return cli_usage_error("--plot: %s", frames_missing());
    char err[512];
    if (cli_output_check(csv) != CLI_OK || cli_output_check(plot) != CLI_OK ||
        cli_output_check(report) != CLI_OK)
        return CLI_FAILED;
    fl_sim *s;
    fl_body_id b;
    if ((rc = body_command_open("stability", scene, body, &s, &b)) != CLI_OK)
        return rc;
    double rho = fl_buoyancy_fluid_def(fl_sim_buoyancy(s), 0)->density;
    bool short_of_criteria = false; /* exit 1 once everything asked for is written */
    gz_curve *c = calloc(1, sizeof *c);
    loading *load = calloc(1, sizeof *load);
    if (!c || !load) {
        fprintf(stderr, "flotsam: out of memory\n");
        rc = CLI_FAILED;
    } else if (damage && gz_hold_wet(fl_sim_buoyancy(s), b)) {
        fprintf(stderr, "flotsam: --damage: '%s' has water in its hold; damage is worked out for "
                "a hull whose hold is dry\n", fl_sim_body_name(s, b));
        rc = CLI_BAD_INPUT;
    } else {
        rc = body_command_loading(s, b, condition, damage, load);
    }
    if (rc != CLI_OK) {
        free(c);
        free(load);
        fl_sim_free(s);
        return rc;
    }
    gz_status st = gz_curve_fill_kg(c, fl_sim_buoyancy(s), b, rho, load, kg);
    free(load);
    if (st == GZ_SINKS && c->load.open_n > 0) {
        fprintf(stderr,
                "flotsam: stability: with %s open to the sea '%s' sinks: it needs %.4g m2 of "
                "the fluid under, its intact part holds %.4g m2\n", c->load.open_name,
                fl_sim_body_name(s, b), c->displaced,
                c->hull_area - fabs(fl_polygon_signed_area(c->load.open, c->load.open_n)));
        rc = CLI_FAILED;
    } else if (st == GZ_SINKS) {
        fprintf(stderr,
                "flotsam: stability: '%s' does not float: it needs %.4g m2 of the "
                "fluid under, its hull holds %.4g m2\n",
                fl_sim_body_name(s, b), c->displaced, c->hull_area);
        rc = CLI_FAILED;
    } else if (st == GZ_NO_WATERLINE) {
        fprintf(stderr, "flotsam: stability: no waterline at %d degrees\n", c->failed_at);
        rc = CLI_FAILED;
    }
    if (rc == CLI_OK) {
        const char *name = fl_sim_body_name(s, b);
        const char *fluid = fl_sim_fluid_name(s, fl_buoyancy_fluid_at(fl_sim_buoyancy(s), 0));
        const char *fl = c->liquid ? "fluid " : "";
        printf("%s: displacement %.4g m2 of %s", name[0] ? name : "body", c->displaced,
               fluid[0] ? fluid : "fluid");
        if (c->rests && c->rest == 0.0)
            printf(", GM %s%.4f m upright\n", fl, c->gm);
        else if (c->rests)
            printf(", rests heeled %.3f deg: GM %s%.4f m there\n", c->rest, fl, c->gm);
        else
            printf(": no stable equilibrium from -180 to 180 deg\n");
        if (!c->upright)
            printf("  upright is no equilibrium: GZ %.4f m there turns it to %s heel\n",
                   c->gz[GZ_UPRIGHT], c->gz[GZ_UPRIGHT] > 0 ? "negative" : "positive");
        else if (!(c->rests && c->rest == 0.0))
            printf("  upright: GM %s%.4f m (unstable)\n", fl, c->upright_gm);
        if (condition)
            report_condition(c, b);
        if (damage)
            report_damage(c, b);
        printf("  KG %.4f m%s\n", c->kg, c->kg_shift != 0.0 ? " (--kg: G moved up by the difference)" : "");
        if (c->liquid && c->rests)
            /* the hold's water and the tanks' liquid: GM solid, and what their free surface takes */
            printf("  GM solid %.4f m (the liquids frozen), free-surface correction %.4f m, "
                   "GM fluid %.4f m\n", c->gm_solid, c->gm_solid - c->gm, c->gm);
        printf("  largest GZ %.4f m at %d deg", c->gz[c->top], (int)c->heel[c->top]);
        printf(", and %.4f m at %d deg the other way\n", c->gz[c->bottom], (int)c->heel[c->bottom]);
        if (!isnan(c->vanish))
            printf("  vanishing stability at %.1f deg", c->vanish);
        else
            printf("  no angle of vanishing stability below 180 deg");
        if (!isnan(c->vanish_back))
            printf(", and at %.1f deg the other way\n", c->vanish_back);
        else
            printf(", none above -180 deg the other way\n");
        report_zeros(c);
        if (!isnan(c->flood) || !isnan(c->flood_back)) {
            printf("  downflooding (an opening of the hold under) at ");
            if (isnan(c->flood))
                printf("none below 180 deg");
            else
                printf("%.3f deg", c->flood);
            if (isnan(c->flood_back))
                printf(", none above -180 deg the other way\n");
            else
                printf(", and at %.3f deg the other way\n", c->flood_back);
        }
        double from = c->rests ? c->rest : 0.0;
        printf("  area under GZ from %s to 30, 40 deg: %.4f, %.4f m rad\n",
               c->rests && c->rest != 0.0 ? "rest" : "0", gz_area(c, b, from, from + 30.0),
               gz_area(c, b, from, from + 40.0));
        if (cross > 0)
            report_cross_curves(b, (int)cross);
        short_of_criteria = criteria && report_criteria(c, b) > 0;
    }
    if (rc == CLI_OK && csv)
        rc = cli_output_write(csv, write_csv, c);
    if (rc == CLI_OK && report)
        rc = write_booklet(report, s, b, c, damage, kg);
    if (rc == CLI_OK && plot) {
        char title[160];
        snprintf(title, sizeof title, "%s: righting arm GZ against heel",
                 fl_sim_body_name(s, b)[0] ? fl_sim_body_name(s, b) : "body");
        char largest[64], vanish[64], rest[64];
        chart ch = stability_chart(c, title, largest, vanish, rest);
        if (!frames_chart(plot, &ch, err, sizeof err)) {
            fprintf(stderr, "flotsam: %s\n", err);
            rc = CLI_FAILED;
        }
    }
    if (rc == CLI_OK && short_of_criteria)
        rc = CLI_FAILED;
    free(c);
    fl_sim_free(s);
    return rc;
}
