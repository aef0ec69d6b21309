/* Reads an animation back with the formats' own decoders (giflib's
 * DGifSlurp, libwebp's WebPAnimDecoder) and prints what it holds as one
 * JSON line: {"frames":N,"width":W,"height":H,"delays_ms":[...]}. With
 * --diff K PNG it also compares frame K (from 1), composited as a viewer
 * shows it, with a PNG of the same size: "mean_diff" is the mean absolute
 * difference of their channels (0 to 255). For the end-to-end tests of
 * `flotsam run --animation`.
 *
 * usage: anim_probe FILE.gif|FILE.webp [--diff K PNG] */
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/demux.h>
#include "png_diff.h"

typedef struct probe {
    int frames, w, h;
    int *delays_ms;
    uint32_t *canvas; /* w * h ARGB, the frame asked for */
} probe;

static void print(const probe *p, double diff)
{
    printf("{\"frames\":%d,\"width\":%d,\"height\":%d,\"delays_ms\":[", p->frames, p->w, p->h);
    for (int i = 0; i < p->frames; i++)
        printf("%s%d", i ? "," : "", p->delays_ms[i]);
    printf("]");
    if (diff >= 0.0)
        printf(",\"mean_diff\":%.4f", diff);
    printf("}\n");
}

static int read_gif(const char *path, int want, probe *p)
{
    int error = 0;
    GifFileType *g = DGifOpenFileName(path, &error);
    if (!g || DGifSlurp(g) != GIF_OK) {
        fprintf(stderr, "anim_probe: %s: %s\n", path, GifErrorString(g ? g->Error : error));
        return 1;
    }
    p->frames = g->ImageCount;
    p->w = g->SWidth;
    p->h = g->SHeight;
    p->delays_ms = calloc((size_t)p->frames + 1, sizeof *p->delays_ms);
    p->canvas = calloc((size_t)p->w * (size_t)p->h, sizeof *p->canvas);
    for (int k = 0; k < g->ImageCount; k++) {
        GraphicsControlBlock gcb = {0, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(g, k, &gcb);
        p->delays_ms[k] = 10 * gcb.DelayTime;
        if (k >= want)
            continue;
        const SavedImage *im = &g->SavedImages[k];
        const ColorMapObject *map = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap;
        for (int y = 0; y < im->ImageDesc.Height; y++)
            for (int x = 0; x < im->ImageDesc.Width; x++) {
                int c = im->RasterBits[y * im->ImageDesc.Width + x];
                if (c == gcb.TransparentColor)
                    continue;
                GifColorType rgb = map->Colors[c];
                p->canvas[(size_t)(y + im->ImageDesc.Top) * (size_t)p->w + (size_t)(x + im->ImageDesc.Left)] =
                    0xff000000u | (uint32_t)rgb.Red << 16 | (uint32_t)rgb.Green << 8 | rgb.Blue;
            }
    }
    DGifCloseFile(g, &error);
    return 0;
}

static int read_webp(const char *path, int want, probe *p)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    uint8_t *bytes = malloc((size_t)n);
    if (!bytes || fread(bytes, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        return 1;
    }
    fclose(f);
    WebPData data = {bytes, (size_t)n};
    WebPAnimDecoderOptions opt;
    WebPAnimDecoderOptionsInit(&opt);
    opt.color_mode = MODE_BGRA; /* in memory: Cairo's native-endian ARGB */
    WebPAnimDecoder *dec = WebPAnimDecoderNew(&data, &opt);
    WebPAnimInfo info;
    if (!dec || !WebPAnimDecoderGetInfo(dec, &info)) {
        fprintf(stderr, "anim_probe: %s: not an animated WebP\n", path);
        return 1;
    }
    p->frames = (int)info.frame_count;
    p->w = (int)info.canvas_width;
    p->h = (int)info.canvas_height;
    p->delays_ms = calloc((size_t)p->frames + 1, sizeof *p->delays_ms);
    p->canvas = calloc((size_t)p->w * (size_t)p->h, sizeof *p->canvas);
    int k = 0, last = 0;
    while (WebPAnimDecoderHasMoreFrames(dec)) {
        uint8_t *buf;
        int ts;
        if (!WebPAnimDecoderGetNext(dec, &buf, &ts))
            return 1;
        p->delays_ms[k] = ts - last; /* a frame's timestamp is when it ends */
        if (k + 1 == want)
            memcpy(p->canvas, buf, (size_t)p->w * (size_t)p->h * 4);
        last = ts;
        k++;
    }
    WebPAnimDecoderDelete(dec);
    free(bytes);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 5) {
        fprintf(stderr, "usage: anim_probe FILE [--diff K PNG]\n");
        return 2;
    }
    int want = argc == 5 ? atoi(argv[3]) : 0;
    probe p = {0, 0, 0, NULL, NULL};
    const char *dot = strrchr(argv[1], '.');
    int rc = dot && !strcmp(dot, ".gif") ? read_gif(argv[1], want, &p) : read_webp(argv[1], want, &p);
    if (rc != 0)
        return rc;
    double diff = want > 0 ? png_diff(p.canvas, p.w, p.h, argv[4]) : 0.0;
    if (want > 0 && diff < 0.0)
        rc = 1;
    print(&p, want > 0 ? diff : -1.0);
    free(p.delays_ms);
    free(p.canvas);
    return rc;
}
