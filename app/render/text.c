/* Text through Cairo's font API: one face, sized by units (text.h). */
#include <fontconfig/fontconfig.h>
#include "text.h"

#define FONT_UNITS 8.5     /* the font's size in units: capitals about 6 tall */
#define BASELINE_UNITS 8.5 /* from a line's top to its baseline */

static void use_font(cairo_t *cr, double unit)
{
    cairo_select_font_face(cr, TEXT_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, FONT_UNITS * unit);
}

double text_width(draw_batch *b, const char *s, double unit)
{
    cairo_text_extents_t e;
    use_font(b->cr, unit);
    cairo_text_extents(b->cr, s, &e);
    return e.x_advance;
}

void text_draw(draw_batch *b, const char *s, fl_vec2 at, double unit, rgba c)
{
    draw_flush(b);
    cairo_t *cr = b->cr;
    use_font(cr, unit);
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
    cairo_move_to(cr, at.x, at.y + BASELINE_UNITS * unit);
    cairo_show_text(cr, s);
    cairo_new_path(cr);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        b->ok = false;
}

void text_release_fonts(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}
