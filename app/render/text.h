/* Lines of text in DejaVu Sans (Debian's fonts-dejavu-core: found through
 * fontconfig by Cairo, loaded by the web page), drawn by the target: the
 * HUD's, the legend's, and the sandbox's cards and banners. Sizes are in "units": a line is
 * TEXT_LINE_UNITS units tall, and a caller picks pixels per unit for its
 * target. Text is UTF-8; bytes that are not are shown as '?'. */
#ifndef FL_TEXT_H
#define FL_TEXT_H

#include "draw.h"

#define TEXT_LINE_UNITS 12.0 /* a line's height in units */
#define TEXT_FONT "DejaVu Sans"

/* Width in pixels of s at `unit` pixels per unit. */
double text_width(draw_batch *b, const char *s, double unit);
/* Draws s in the line whose top-left corner is `at`. */
void text_draw(draw_batch *b, const char *s, fl_vec2 at, double unit, rgba c);

/* The bytes of the character at s (1 for a byte that starts none), for
 * cutting text between characters. */
size_t text_char_length(const char *s);

#endif
