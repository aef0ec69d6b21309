/* render.h's pictures drawn on Cairo. */
#include "draw_cairo.h"
#include "render_cairo.h"

bool render_sim(cairo_t *cr, const fl_sim *s, const camera *cam, const render_options *o,
                const render_hud *hud)
{
    cairo_new_path(cr);
    return render_to(&draw_cairo_backend, cr, true, s, cam, o, hud);
}

bool render_sim_unmerged(cairo_t *cr, const fl_sim *s, const camera *cam, const render_options *o,
                         const render_hud *hud)
{
    cairo_new_path(cr);
    return render_to(&draw_cairo_backend, cr, false, s, cam, o, hud);
}

bool render_hud_fits(const fl_sim *s, const camera *cam, const render_hud *hud)
{
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(surface);
    draw_batch b;
    draw_begin_cairo(&b, cr);
    bool fits = render_hud_fits_on(&b, s, cam, hud);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return fits;
}
