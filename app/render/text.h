/* Lines of text drawn as triangles (stb_easy_font): the HUD's, and the
 * sandbox's cards and banners. Printable ASCII; anything else shows as '?'. */
#ifndef FL_TEXT_H
#define FL_TEXT_H

#include "draw.h"

#define TEXT_LINE_UNITS 12.0 /* a line's height in font units */

/* Width in pixels of s at `unit` pixels per font unit. */
double text_width(const char *s, double unit);
/* Draws s with its top-left corner at `at`. */
void text_draw(draw_batch *b, const char *s, fl_vec2 at, double unit, rgba c);

#endif
