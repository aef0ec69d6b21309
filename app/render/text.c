/* Text in lines sized by units (text.h), drawn by the target's backend. */
#include <stdlib.h>
#include <string.h>
#include "text.h"

#define FONT_UNITS 8.5     /* the font's size in units: capitals about 6 tall */
#define BASELINE_UNITS 8.5 /* from a line's top to its baseline */

/* The length of the UTF-8 sequence at s (1 to 4), or 0 if it is not one
 * (Cairo refuses invalid text and stays failed afterwards). */
static size_t sequence_length(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3
                                  : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 2 && s[0] < 0xc2)
        return 0; /* overlong */
    for (size_t k = 1; k < n; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    return n;
}

size_t text_char_length(const char *s)
{
    size_t n = sequence_length((const unsigned char *)s);
    return n ? n : 1;
}

/* s as valid UTF-8 (each byte that starts no sequence becomes '?'), in a
 * malloc'd string; NULL when out of memory. */
static char *valid_utf8(const char *s)
{
    size_t len = strlen(s);
    char *out = malloc(len + 1), *o = out;
    if (!out)
        return NULL;
    for (size_t i = 0; i < len;) {
        size_t n = sequence_length((const unsigned char *)s + i);
        if (n == 0) {
            *o++ = '?';
            i++;
        } else {
            memcpy(o, s + i, n);
            o += n;
            i += n;
        }
    }
    *o = '\0';
    return out;
}

double text_width(draw_batch *b, const char *s, double unit)
{
    char *t = valid_utf8(s);
    if (!t) {
        b->ok = false;
        return 0.0;
    }
    double w = b->be->text_width(b->t, t, FONT_UNITS * unit);
    free(t);
    return w;
}

void text_draw(draw_batch *b, const char *s, fl_vec2 at, double unit, rgba c)
{
    draw_flush(b);
    char *t = valid_utf8(s);
    if (!t) {
        b->ok = false;
        return;
    }
    b->be->text(b->t, t, at.x, at.y + BASELINE_UNITS * unit, FONT_UNITS * unit, c);
    free(t);
    if (!b->be->status(b->t))
        b->ok = false;
}
