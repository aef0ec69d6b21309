/* draw.h's backend on Cairo, text in DejaVu Sans through fontconfig. */
#include <fontconfig/fontconfig.h>
#include "draw_cairo.h"
#include "text.h"

static void set_color(cairo_t *cr, rgba c)
{
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

static void move_to(void *t, double x, double y) { cairo_move_to(t, x, y); }

static void line_to(void *t, double x, double y) { cairo_line_to(t, x, y); }

static void close(void *t) { cairo_close_path(t); }

static void circle(void *t, double x, double y, double r)
{
    cairo_new_sub_path(t);
    cairo_arc(t, x, y, r, 0.0, 2.0 * FL_PI);
    cairo_close_path(t);
}

static void fill(void *t, rgba c)
{
    set_color(t, c);
    cairo_set_fill_rule(t, CAIRO_FILL_RULE_WINDING);
    cairo_fill(t);
}

static void fill_vertical(void *t, double y0, rgba c0, double y1, rgba c1)
{
    cairo_pattern_t *g = cairo_pattern_create_linear(0.0, y0, 0.0, y1);
    cairo_pattern_add_color_stop_rgba(g, 0.0, c0.r / 255.0, c0.g / 255.0, c0.b / 255.0, c0.a / 255.0);
    cairo_pattern_add_color_stop_rgba(g, 1.0, c1.r / 255.0, c1.g / 255.0, c1.b / 255.0, c1.a / 255.0);
    cairo_pattern_set_extend(g, CAIRO_EXTEND_PAD);
    cairo_set_source(t, g);
    cairo_set_fill_rule(t, CAIRO_FILL_RULE_WINDING);
    cairo_fill(t);
    cairo_pattern_destroy(g);
}

static void stroke(void *t, rgba c, double width, draw_cap cap)
{
    set_color(t, c);
    cairo_set_line_width(t, width);
    cairo_set_line_cap(t, cap == DRAW_CAP_ROUND    ? CAIRO_LINE_CAP_ROUND
                          : cap == DRAW_CAP_SQUARE ? CAIRO_LINE_CAP_SQUARE
                                                   : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(t, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(t);
}

static void clip(void *t, double *x0, double *y0, double *x1, double *y1)
{
    cairo_save(t);
    cairo_clip(t);
    cairo_clip_extents(t, x0, y0, x1, y1);
}

static void unclip(void *t) { cairo_restore(t); }

static void use_font(cairo_t *cr, double size)
{
    cairo_select_font_face(cr, TEXT_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static void show_text(void *t, const char *s, double x, double y, double size, rgba c)
{
    use_font(t, size);
    set_color(t, c);
    cairo_move_to(t, x, y);
    cairo_show_text(t, s);
    cairo_new_path(t);
}

static double measure_text(void *t, const char *s, double size)
{
    cairo_text_extents_t e;
    use_font(t, size);
    cairo_text_extents(t, s, &e);
    return e.x_advance;
}

static void fast_fills(void *t, bool fast)
{
    cairo_set_antialias(t, fast ? CAIRO_ANTIALIAS_FAST : CAIRO_ANTIALIAS_DEFAULT);
}

static bool status(void *t) { return cairo_status(t) == CAIRO_STATUS_SUCCESS; }

const draw_backend draw_cairo_backend = {move_to, line_to,  close,      circle,     fill,
                                         fill_vertical, stroke, clip, unclip, show_text,
                                         measure_text, fast_fills, status};

void draw_begin_cairo(draw_batch *b, cairo_t *cr)
{
    cairo_new_path(cr);
    draw_begin(b, &draw_cairo_backend, cr);
}

void text_release_fonts(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}
