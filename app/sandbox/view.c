#include <math.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define ZOOM_STEP 1.15
#define MIN_WIDTH 0.05   /* metres across, at the closest */
#define MAX_WIDTH 1e5

/* The selected body's column grows with a tall window, its text with it:
 * 1 to 1.6 times. */
static double dock_grow(const sandbox *sb)
{
    return fmin(fmax(sb->view.px_h / (DOCK_TALL_POINTS * sb->view.px_per_point), 1.0), 1.6);
}

void sandbox_view_resize(sandbox *sb)
{
    int ww, wh, pw, ph;
    SDL_GetWindowSize(sb->window, &ww, &wh);
    /* Not from the window's surface: asking SDL for one can make the
     * window anew (for a framebuffer on a GPU texture), from under the
     * painter that draws into it (x11_show.c). */
    SDL_GetWindowSizeInPixels(sb->window, &pw, &ph);
    sb->view.px_per_point = ww > 0 ? (double)pw / ww : 1.0;
    sb->view.win_w = pw > 1 ? pw : 1;
    sb->view.px_h = ph > 1 ? ph : 1;
    /* The panel beside the world, never over it: its width in points, or
     * a third of a narrow window. */
    int panel = (int)lround(fmin(PANEL_POINTS * sb->view.px_per_point, sb->view.win_w / 3.0));
    int dock = (int)lround(fmin(DOCK_POINTS * dock_grow(sb) * sb->view.px_per_point,
                                sb->view.win_w / 3.0));
    sb->view.panel_px = sb->panel && sb->panel_shown ? panel : 0;
    sb->view.dock_px = sb->inspect.on ? dock : 0;
    int rest = sb->view.win_w - sb->view.panel_px - sb->view.dock_px;
    sb->view.px_w = rest > 1 ? rest : 1;
    sandbox_trace_line("layout %d %d panel %d dock %d", sb->view.win_w, sb->view.px_h,
                       sb->view.panel_px, sb->view.dock_px);
}

void sandbox_view_relayout(sandbox *sb)
{
    /* The world keeps its scale and every point of it stays where it was
     * in the window: the view's centre moves with the window x it is at. */
    double scale = sb->view.width / sb->view.px_w;
    double mid = sb->view.panel_px + 0.5 * sb->view.px_w;
    sandbox_view_resize(sb);
    sb->view.center.x += (sb->view.panel_px + 0.5 * sb->view.px_w - mid) * scale;
    sb->view.width = scale * sb->view.px_w;
}

void sandbox_toggle_panel(sandbox *sb)
{
    if (!sb->panel)
        return;
    sb->panel_shown = !sb->panel_shown;
    sandbox_view_relayout(sb);
}

/* The camera a capture of this window's shape would start with. */
void sandbox_view_fit(sandbox *sb)
{
    camera_fit_sim(sb->sim, true, (double)sb->view.px_w / sb->view.px_h, &sb->view.center,
                   &sb->view.width);
}

void sandbox_view_fit_bodies(sandbox *sb)
{
    const fl_world *w = fl_sim_world(sb->sim);
    fl_vec2 lo = {INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY};
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            continue;
        fl_vec2 p = fl_body_position(b);
        double r = fl_body_radius(b);
        lo = fl_v2(fmin(lo.x, p.x - r), fmin(lo.y, p.y - r));
        hi = fl_v2(fmax(hi.x, p.x + r), fmax(hi.y, p.y + r));
    }
    double aspect = (double)sb->view.px_w / sb->view.px_h;
    if (!(lo.x <= hi.x)) { /* no moving body: the whole scene, whatever its view */
        camera_fit_sim(sb->sim, false, aspect, &sb->view.center, &sb->view.width);
        return;
    }
    sb->view.center = fl_scale(fl_add(lo, hi), 0.5);
    sb->view.width = fmax(fmax(hi.x - lo.x, (hi.y - lo.y) * aspect) * 1.15, 2.0);
}

camera sandbox_camera(const sandbox *sb)
{
    return camera_make(sb->view.center, sb->view.width, sb->view.px_w, sb->view.px_h, 1.0);
}

fl_vec2 sandbox_to_pixels(const sandbox *sb, double x, double y)
{
    return fl_sub(fl_scale(fl_v2(x, y), sb->view.px_per_point), fl_v2(sb->view.panel_px, 0.0));
}

fl_vec2 sandbox_mouse_world(const sandbox *sb)
{
    camera c = sandbox_camera(sb);
    return camera_to_world(&c, sb->mouse.at);
}

void sandbox_pan(sandbox *sb, fl_vec2 delta_px)
{
    camera c = sandbox_camera(sb);
    sb->view.center = fl_sub(sb->view.center, fl_scale(delta_px, 1.0 / camera_scale(&c)));
}

/* The world point under the mouse stays under it. */
void sandbox_zoom(sandbox *sb, double clicks)
{
    fl_vec2 anchor = sandbox_mouse_world(sb);
    double w = sb->view.width * pow(ZOOM_STEP, -clicks);
    sb->view.width = w < MIN_WIDTH ? MIN_WIDTH : w > MAX_WIDTH ? MAX_WIDTH : w;
    camera c = sandbox_camera(sb);
    fl_vec2 drift = fl_sub(camera_to_world(&c, sb->mouse.at), anchor);
    sb->view.center = fl_sub(sb->view.center, drift);
}

double sandbox_dock_unit(const sandbox *sb)
{
    return DOCK_TEXT_UNIT * dock_grow(sb) * sb->view.px_per_point;
}
