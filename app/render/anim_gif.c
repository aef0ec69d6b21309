/* GIF animations through giflib. The palette is built for the frames by
 * median cut (giflib's GifQuantizeBuffer) from the first frame, which shows
 * every body and fluid there is; colours that come later take the nearest
 * entry. The median cut works on 5 bits a channel, too coarse for the sky's
 * and the water's gradients, so pixels are dithered (a fixed 4 x 4 Bayer
 * pattern, which stays put from frame to frame) before they take their
 * nearest colour. Each later frame is written as the rectangle that
 * changed, with the pixels that did not change inside it transparent, so a
 * quiet scene costs little. */
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "anim.h"

#define PALETTE 255     /* colours; index 255 is transparent */
#define CLEAR 255

typedef struct gif_state {
    FILE *f;
    GifFileType *gif;
    int w, h;
    double fps;
    GifColorType palette[256];
    int16_t nearest[1 << 15]; /* palette index of each 15-bit colour; -1: unknown */
    uint8_t *prev, *cur;      /* palette indices of the last frame and this one */
    uint8_t *line;
} gif_state;

static int write_bytes(GifFileType *gif, const GifByteType *data, int n)
{
    FILE *f = gif->UserData;
    return (int)fwrite(data, 1, (size_t)n, f);
}

static void gif_abort(void *state)
{
    gif_state *s = state;
    if (!s)
        return;
    if (s->gif)
        EGifCloseFile(s->gif, NULL);
    free(s->prev);
    free(s->cur);
    free(s->line);
    free(s);
}

static bool fail(char *why, size_t size, int error)
{
    snprintf(why, size, "%s", GifErrorString(error));
    return false;
}

static void *gif_open(FILE *f, int w, int h, double fps, char *why, size_t why_size)
{
    gif_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    s->w = w;
    s->h = h;
    s->fps = fps;
    size_t n = (size_t)w * (size_t)h;
    s->prev = malloc(n);
    s->cur = malloc(n);
    s->line = malloc((size_t)w * 3 > n ? (size_t)w * 3 : n);
    s->f = f;
    if (!s->prev || !s->cur || !s->line) {
        snprintf(why, why_size, "out of memory");
        gif_abort(s);
        return NULL;
    }
    int error = 0;
    s->gif = EGifOpen(s->f, write_bytes, &error);
    if (!s->gif) {
        fail(why, why_size, error);
        gif_abort(s);
        return NULL;
    }
    memset(s->nearest, 0xff, sizeof s->nearest);
    return s;
}

/* Median cut over the first frame, into PALETTE colours. */
static bool build_palette(gif_state *s, const uint8_t *rgb, char *why, size_t why_size)
{
    size_t n = (size_t)s->w * (size_t)s->h;
    GifByteType *planes = malloc(3 * n);
    if (!planes) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        planes[i] = rgb[3 * i];
        planes[n + i] = rgb[3 * i + 1];
        planes[2 * n + i] = rgb[3 * i + 2];
    }
    int size = PALETTE;
    memset(s->palette, 0, sizeof s->palette);
    bool ok = GifQuantizeBuffer((unsigned)s->w, (unsigned)s->h, &size, planes, planes + n,
                                planes + 2 * n, s->cur, s->palette) == GIF_OK;
    free(planes);
    if (!ok)
        snprintf(why, why_size, "cannot build a palette");
    /* Its entries are the cut's 5-bit cells' lower corners: move each to
     * the middle of its cell. */
    for (int i = 0; i < size; i++) {
        GifColorType *c = &s->palette[i];
        c->Red = (GifByteType)(c->Red > 251 ? 255 : c->Red + 4);
        c->Green = (GifByteType)(c->Green > 251 ? 255 : c->Green + 4);
        c->Blue = (GifByteType)(c->Blue > 251 ? 255 : c->Blue + 4);
    }
    return ok;
}

/* The 4 x 4 Bayer matrix, as offsets of -7.5 .. 7.5 sixteenths of a cell
 * (8 levels): rounded to whole levels. */
static int dither(int x, int y)
{
    static const int bayer[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};
    return (2 * bayer[y & 3][x & 3] - 15) / 4;
}

static uint8_t clamp_byte(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

static uint8_t nearest(gif_state *s, const uint8_t *rgb, int x, int y)
{
    int d = dither(x, y);
    const uint8_t p[3] = {clamp_byte(rgb[0] + d), clamp_byte(rgb[1] + d), clamp_byte(rgb[2] + d)};
    int key = (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3);
    if (s->nearest[key] >= 0)
        return (uint8_t)s->nearest[key];
    /* The middle of the 15-bit cell against every colour. */
    int r = (p[0] & 0xf8) | 4, g = (p[1] & 0xf8) | 4, b = (p[2] & 0xf8) | 4;
    int best = 0;
    long best_d = -1;
    for (int i = 0; i < PALETTE; i++) {
        long dr = r - s->palette[i].Red, dg = g - s->palette[i].Green, db = b - s->palette[i].Blue;
        long d = 3 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = i;
        }
    }
    s->nearest[key] = (int16_t)best;
    return (uint8_t)best;
}

/* Writes the graphics control block and the image rectangle of s->cur. */
static bool put_frame(gif_state *s, long k, int x0, int y0, int x1, int y1, bool clear,
                      char *why, size_t why_size)
{
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, anim_delay(s->fps, k, 100.0),
                                clear ? CLEAR : NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    size_t len = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, (int)len, ext) != GIF_OK ||
        EGifPutImageDesc(s->gif, x0, y0, x1 - x0, y1 - y0, false, NULL) != GIF_OK)
        return fail(why, why_size, s->gif->Error);
    for (int y = y0; y < y1; y++) {
        uint8_t *row = s->line;
        for (int x = x0; x < x1; x++) {
            size_t i = (size_t)y * (size_t)s->w + (size_t)x;
            row[x - x0] = clear && s->cur[i] == s->prev[i] ? CLEAR : s->cur[i];
        }
        if (EGifPutLine(s->gif, row, x1 - x0) != GIF_OK)
            return fail(why, why_size, s->gif->Error);
    }
    return true;
}

static bool gif_add(void *state, const uint8_t *rgb, long k, char *why, size_t why_size)
{
    gif_state *s = state;
    if (k == 0) {
        if (!build_palette(s, rgb, why, why_size))
            return false;
        ColorMapObject *map = GifMakeMapObject(256, s->palette);
        if (!map) {
            snprintf(why, why_size, "out of memory");
            return false;
        }
        EGifSetGifVersion(s->gif, true);
        bool ok = EGifPutScreenDesc(s->gif, s->w, s->h, 8, 0, map) == GIF_OK;
        GifFreeMapObject(map);
        /* Loop for ever (the NETSCAPE2.0 application extension). */
        static const GifByteType loop[3] = {1, 0, 0};
        ok = ok && EGifPutExtensionLeader(s->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
             EGifPutExtensionBlock(s->gif, 11, "NETSCAPE2.0") == GIF_OK &&
             EGifPutExtensionBlock(s->gif, 3, loop) == GIF_OK &&
             EGifPutExtensionTrailer(s->gif) == GIF_OK;
        if (!ok)
            return fail(why, why_size, s->gif->Error);
    }
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            size_t i = (size_t)y * (size_t)s->w + (size_t)x;
            s->cur[i] = nearest(s, rgb + 3 * i, x, y);
        }
    int x0 = s->w, y0 = s->h, x1 = 0, y1 = 0;
    if (k == 0) {
        x0 = y0 = 0;
        x1 = s->w;
        y1 = s->h;
    } else {
        for (int y = 0; y < s->h; y++)
            for (int x = 0; x < s->w; x++) {
                size_t i = (size_t)y * (size_t)s->w + (size_t)x;
                if (s->cur[i] != s->prev[i]) {
                    x0 = x < x0 ? x : x0;
                    x1 = x + 1 > x1 ? x + 1 : x1;
                    y0 = y < y0 ? y : y0;
                    y1 = y + 1 > y1 ? y + 1 : y1;
                }
            }
        if (x1 == 0) { /* nothing moved: one transparent pixel keeps the time */
            x0 = y0 = 0;
            x1 = y1 = 1;
        }
    }
    if (!put_frame(s, k, x0, y0, x1, y1, k > 0, why, why_size))
        return false;
    uint8_t *t = s->prev;
    s->prev = s->cur;
    s->cur = t;
    return true;
}

static bool gif_finish(void *state, char *why, size_t why_size)
{
    gif_state *s = state;
    int error = 0;
    bool ok = EGifCloseFile(s->gif, &error) == GIF_OK;
    s->gif = NULL; /* closed either way */
    if (!ok)
        fail(why, why_size, error);
    gif_abort(s);
    return ok;
}

const anim_codec anim_gif_codec = {gif_open, gif_add, gif_finish, gif_abort};
