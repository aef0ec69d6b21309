/* Text for the HUD, the cards and the banners: stb_easy_font turns a line into
 * quads (in font units, 12 to a line), sent here as triangles. */
#include <stdlib.h>
#include <string.h>
#include <stb_easy_font.h>
#include "text.h"

#define TEXT_MAX 256
#define QUAD_BYTES 64              /* 4 vertices of x, y, z floats and a colour */
#define BUFFER_BYTES (TEXT_MAX * 270)

/* stb_easy_font knows printable ASCII; anything else shows as '?'. */
static void printable(char out[TEXT_MAX], const char *s)
{
    int n = 0;
    for (; s[n] && n < TEXT_MAX - 1; n++)
        out[n] = (s[n] >= 32 && s[n] < 127) ? s[n] : '?';
    out[n] = '\0';
}

double text_width(const char *s, double unit)
{
    char t[TEXT_MAX];
    printable(t, s);
    return stb_easy_font_width(t) * unit;
}

void text_draw(draw_batch *b, const char *s, fl_vec2 at, double unit, rgba c)
{
    char t[TEXT_MAX];
    printable(t, s);
    char *buf = malloc(BUFFER_BYTES);
    if (!buf) {
        b->ok = false;
        return;
    }
    int quads = stb_easy_font_print(0, 0, t, NULL, buf, BUFFER_BYTES);
    for (int q = 0; q < quads; q++) {
        fl_vec2 p[4];
        for (int k = 0; k < 4; k++) {
            float xy[2];
            memcpy(xy, buf + q * QUAD_BYTES + k * (QUAD_BYTES / 4), sizeof xy);
            p[k] = fl_v2(at.x + xy[0] * unit, at.y + xy[1] * unit);
        }
        draw_triangle(b, p[0], p[1], p[2], c);
        draw_triangle(b, p[0], p[2], p[3], c);
    }
    free(buf);
}
