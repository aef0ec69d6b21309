/* The inspector: a click selects a body (highlighted), and a panel in the
 * top right corner reads it as a naval architect would: its density, mass
 * and area, how much of it is under and how deep, its heel and motion, the
 * lift, and for a floating body its metacentric height GM from the current
 * waterline, with the verdict; for a hull with a hold, the water in it.
 * - and = step its density down and up.
 * Under the panel: the live plot (G, plot.c) and the stability curve (Z,
 * gz.c), stacked. */
#include <math.h>
#include <stdio.h>
#include "readings.h"
#include "sandbox_parts.h"

#define INSPECT_LINES 11
#define MIN_SQUEEZE 0.35 /* the charts under the panel at least this part of their height */

/* The selected body now, or NULL (it may have gone). */
static fl_body_id selected(const sandbox *sb)
{
    if (!sb->inspect.on)
        return FL_NULL_BODY;
    const fl_world *w = fl_sim_world(sb->sim);
    for (int i = 0; i < fl_world_body_count(w); i++)
        if (fl_body_serial(fl_world_body(w, i)) == sb->inspect.body)
            return fl_world_body(w, i);
    return FL_NULL_BODY;
}

void sandbox_select_at(sandbox *sb, fl_vec2 p)
{
    int i = sandbox_body_or_hull_at(sb, p);
    sb->inspect.on = i >= 0;
    if (i >= 0)
        sb->inspect.body = fl_body_serial(fl_world_body(fl_sim_world(sb->sim), i));
}

void sandbox_change_selected_density(sandbox *sb, int direction)
{
    fl_body_id b = selected(sb);
    if (fl_body_is_null(b) || fl_body_is_static(b)) {
        sandbox_say(sb, "select a moving body first (click it)");
        return;
    }
    double d = fl_body_density(b);
    fl_input in = {0};
    in.kind = FL_INPUT_DENSITY;
    in.body = fl_body_serial(b);
    in.density = sandbox_density_step(d, direction);
    if (in.density != d)
        sandbox_apply(sb, &in);
}

/* The panel's lines for body b (measured this frame). */
static int inspector_lines(const sandbox *sb, fl_body_id b, char lines[][96])
{
    const fl_sim *s = sb->sim;
    int n = 0, i = fl_body_index(b);
    const char *name = fl_sim_body_name(s, b);
    if (name[0])
        snprintf(lines[n++], 96, "%s", name);
    else
        snprintf(lines[n++], 96, "body #%d", i);
    if (fl_body_is_static(b)) {
        snprintf(lines[n++], 96, "static, area %.3f m2", fl_body_area(b));
        return n;
    }
    snprintf(lines[n++], 96, "density %.0f kg/m2   mass %.1f kg", fl_body_density(b),
             fl_body_mass(b));
    snprintf(lines[n++], 96, "area %.3f m2", fl_body_area(b));
    fl_hold_water in;
    const fl_buoyancy *bu = fl_sim_buoyancy(s);
    int compartments = fl_buoyancy_compartment_count(bu, b);
    if (compartments > 0) {
        /* A divided hold: how many compartments hold water, and how much
         * in all. */
        int wet = 0;
        double water = fl_buoyancy_water(bu, b, NULL);
        for (int k = 0; k < compartments; k++) {
            double in_k = fl_buoyancy_compartment_water(bu, b, k, NULL);
            wet += in_k > 0.0;
            water += in_k;
        }
        snprintf(lines[n++], 96, "hold: %d of %d compartments wet, %.3f m2", wet, compartments,
                 water);
    } else if (fl_buoyancy_hold_water(bu, b, fl_world_gravity(fl_sim_world(s)), &in)) {
        snprintf(lines[n++], 96, "hold: %.3f m2 of water, %.0f %% full", in.area,
                 100.0 * in.area / in.room);
    } else if (fl_buoyancy_has_hold(bu, b)) {
        snprintf(lines[n++], 96, "hold: dry");
    }
    fl_hydrostatics hs;
    bool wet =
        fl_buoyancy_hydrostatics(fl_sim_buoyancy(s), b, fl_world_time(fl_sim_world(s)), &hs) &&
        !fl_fluid_is_null(hs.fluid);
    if (wet)
        snprintf(lines[n++], 96, "submerged %.1f %%   draft %.3f m", 100.0 * hs.fraction, hs.draft);
    else
        snprintf(lines[n++], 96, "dry");
    fl_vec2 v = fl_body_velocity(b);
    snprintf(lines[n++], 96, "heel %.1f deg   spin %.2f rad/s",
             reading_value(s, b, &hs, READ_HEEL), fl_body_spin(b));
    snprintf(lines[n++], 96, "speed %.3f m/s", fl_length(v));
    if (wet) {
        double lift = fl_buoyancy_fluid(fl_sim_buoyancy(s), hs.fluid)->density * hs.area *
                      fl_length(fl_world_gravity(fl_sim_world(s)));
        snprintf(lines[n++], 96, "buoyant force %.1f N (weight %.1f N)", lift,
                 fl_body_mass(b) * fl_length(fl_world_gravity(fl_sim_world(s))));
    }
    int taut;
    double pull = reading_rope_pull(s, b, &taut);
    if (taut > 0 && pull >= 0.0) /* what a spring balance on the rope reads */
        snprintf(lines[n++], 96, "on its rope%s: apparent weight %.1f N", taut > 1 ? "s" : "",
                 pull);
    else if (taut > 0)
        snprintf(lines[n++], 96, "its rope%s hold%s it down with %.1f N", taut > 1 ? "s" : "",
                 taut > 1 ? "" : "s", -pull);
    /* GM at the waterline it has now (loaded, pushed, bobbing), named as
     * the stability panel names its GM at rest: the two agree at rest. */
    if (wet && hs.floating) {
        char gm[48];
        bool free = hs.free_surface > 0.0; /* water in its hold: both, named */
        reading_gm_text(gm, sizeof gm, hs.gm, hs.gm_fluid, free);
        const char *verdict = (free ? hs.gm_fluid : hs.gm) > 0.0 ? "stable" : "unstable";
        if (free) { /* too long for one line of the column */
            snprintf(lines[n++], 96, "%s", gm);
            snprintf(lines[n++], 96, "  here, at this waterline: %s", verdict);
        } else {
            snprintf(lines[n++], 96, "%s here: %s", gm, verdict);
        }
    }
    return n;
}

void sandbox_inspect_update(sandbox *sb)
{
    fl_body_id b = selected(sb);
    sb->inspect.on = !fl_body_is_null(b);
    /* The column opens with a selection and closes without one; a body
     * selected where the column now stands is brought back into view. */
    if ((sb->view.dock_px > 0) != sb->inspect.on && sb->window) {
        sandbox_view_relayout(sb);
        camera cam = sandbox_camera(sb);
        double x = sb->inspect.on ? camera_to_screen(&cam, fl_body_position(b)).x : 0.0;
        double edge = 0.85 * sb->view.px_w;
        if (x > edge)
            sb->view.center.x += (x - edge) * sb->view.width / sb->view.px_w;
    }
    fl_hydrostatics hs;
    bool moving = !fl_body_is_null(b) && !fl_body_is_static(b) &&
                  fl_buoyancy_hydrostatics(fl_sim_buoyancy(sb->sim), b,
                                           fl_world_time(fl_sim_world(sb->sim)), &hs);
    if (moving)
        sandbox_plot_sample(sb, b, &hs);
    sandbox_gz_update(sb, moving ? b : FL_NULL_BODY, &hs);
}

void sandbox_draw_inspector(draw_batch *batch, const sandbox *sb)
{
    camera cam = sandbox_camera(sb);
    render_selection(batch, sb->sim, &cam, selected(sb));
}

void sandbox_draw_dock(draw_batch *batch, const sandbox *sb)
{
    fl_body_id b = selected(sb);
    if (fl_body_is_null(b) || sb->view.dock_px <= 0)
        return;
    double u = sandbox_dock_unit(sb), line_h = TEXT_LINE_UNITS * u, pad = 6 * u;
    double gap = 4 * u, x = gap, w = sb->view.dock_px - 2 * gap;
    fl_vec2 back[4] = {{0, 0}, {sb->view.dock_px, 0}, {sb->view.dock_px, sb->view.px_h},
                       {0, sb->view.px_h}};
    draw_polygon(batch, back, 4, rgba_hex(SANDBOX_DOCK_COLOR, 255));
    /* Its numbers, at the top. */
    char lines[INSPECT_LINES][96];
    int count = inspector_lines(sb, b, lines);
    double h = count * line_h + 1.5 * pad, y = gap;
    sandbox_draw_panel(batch, x, y, w, h);
    draw_line(batch, fl_v2(x, y), fl_v2(x + w, y), 2.0 * u, false, rgba_hex(SANDBOX_SELECT_COLOR, 255));
    for (int i = 0; i < count; i++)
        text_draw(batch, lines[i], fl_v2(x + pad, y + pad + i * line_h), u,
                  rgba_hex(0xffffff, 255));
    /* Under them, the live plot (G) and the stability curve (Z), stacked;
     * where both do not fit, their charts are made shorter. */
    bool plot = !fl_body_is_static(b) && sb->plot.body == sb->inspect.body;
    double top = y + h + gap;
    double full = (plot ? sandbox_plot_height(sb, u, 1.0) : 0.0) + sandbox_gz_height(sb, u, 1.0);
    double fixed = (plot ? sandbox_plot_height(sb, u, 0.0) : 0.0) + sandbox_gz_height(sb, u, 0.0);
    double room = sb->view.px_h - top - 2 * gap, squeeze = 1.0;
    if (full > room && full > fixed)
        squeeze = fmax((room - fixed) / (full - fixed), MIN_SQUEEZE);
    double plot_h = plot ? sandbox_plot_height(sb, u, squeeze) : 0.0;
    if (plot_h > 0.0)
        sandbox_draw_plot(batch, sb, x, top, w, u, squeeze);
    sandbox_draw_gz(batch, sb, x, plot_h > 0.0 ? top + plot_h + gap : top, w, u, squeeze);
}
