/* Rows are compared whole (memcmp); the rows that differ are gathered into
 * bands, rows a few apart joined, each band as wide as its changed pixels
 * reach. Bands beyond DAMAGE_MOST are merged into the last one. */
#include <stdint.h>
#include <string.h>
#include "damage.h"

#define JOIN_ROWS 8 /* bands closer than this are one */

/* The first and last pixels of a row that differ. */
static void changed_span(const uint32_t *a, const uint32_t *b, int w, int *lo, int *hi)
{
    int l = 0, h = w - 1;
    while (l < w && a[l] == b[l])
        l++;
    while (h > l && a[h] == b[h])
        h--;
    *lo = l;
    *hi = h;
}

int damage_between(cairo_surface_t *now, cairo_surface_t *before, SDL_Rect *out)
{
    if (!before)
        return -1;
    int w = cairo_image_surface_get_width(now), h = cairo_image_surface_get_height(now);
    int stride = cairo_image_surface_get_stride(now);
    if (w != cairo_image_surface_get_width(before) || h != cairo_image_surface_get_height(before) ||
        stride != cairo_image_surface_get_stride(before))
        return -1;
    const unsigned char *pa = cairo_image_surface_get_data(now);
    const unsigned char *pb = cairo_image_surface_get_data(before);
    int n = 0, last_row = -JOIN_ROWS - 1;
    for (int y = 0; y < h; y++) {
        const uint32_t *ra = (const uint32_t *)(const void *)(pa + (size_t)y * stride);
        const uint32_t *rb = (const uint32_t *)(const void *)(pb + (size_t)y * stride);
        if (!memcmp(ra, rb, (size_t)w * 4))
            continue;
        int lo, hi;
        changed_span(ra, rb, w, &lo, &hi);
        if (n > 0 && (y - last_row <= JOIN_ROWS || n == DAMAGE_MOST)) {
            SDL_Rect *r = &out[n - 1];
            int x0 = lo < r->x ? lo : r->x, x1 = hi + 1 > r->x + r->w ? hi + 1 : r->x + r->w;
            *r = (SDL_Rect){x0, r->y, x1 - x0, y + 1 - r->y};
        } else {
            out[n++] = (SDL_Rect){lo, y, hi + 1 - lo, 1};
        }
        last_row = y;
    }
    return n;
}
