#include <stdio.h>
#include <stdlib.h>
#include "capture.h"

#define CAPTURE_MAX_SAMPLES (64L * 1024 * 1024)

struct capture {
    int w, h, ss;
    SDL_Surface *surface; /* (w * ss) x (h * ss), ARGB8888 */
    SDL_Renderer *renderer;
    uint8_t *rgb;         /* w * h * 3 */
};

int capture_supersample_for(int w, int h)
{
    int ss = 3;
    while (ss > 1 && (long)w * h * ss * ss > CAPTURE_MAX_SAMPLES)
        ss--;
    return ss;
}

capture *capture_create(int w, int h, int supersample, char *err, size_t err_size)
{
    capture *c = calloc(1, sizeof *c);
    if (!c || w < 1 || h < 1 || supersample < 1) {
        snprintf(err, err_size, "%s", c ? "bad capture size" : "out of memory");
        free(c);
        return NULL;
    }
    *c = (capture){w, h, supersample, NULL, NULL, NULL};
    c->rgb = malloc((size_t)w * (size_t)h * 3);
    c->surface = SDL_CreateRGBSurfaceWithFormat(0, w * supersample, h * supersample, 32,
                                                SDL_PIXELFORMAT_ARGB8888);
    if (c->surface)
        c->renderer = SDL_CreateSoftwareRenderer(c->surface);
    if (!c->rgb || !c->renderer) {
        snprintf(err, err_size, "cannot make a %dx%d drawing surface: %s", w * supersample,
                 h * supersample, c->rgb ? SDL_GetError() : "out of memory");
        capture_destroy(c);
        return NULL;
    }
    return c;
}

void capture_destroy(capture *c)
{
    if (!c)
        return;
    if (c->renderer)
        SDL_DestroyRenderer(c->renderer);
    SDL_FreeSurface(c->surface);
    free(c->rgb);
    free(c);
}

int capture_width(const capture *c) { return c->w; }
int capture_height(const capture *c) { return c->h; }
SDL_Renderer *capture_renderer(const capture *c) { return c->renderer; }

camera capture_camera(const capture *c, fl_vec2 center, double width)
{
    return camera_make(center, width, c->w * c->ss, c->h * c->ss, c->ss);
}

/* Output row y: the mean of each ss x ss block of samples, rounded. */
static void resolve_row(const capture *c, int y, uint8_t *out)
{
    const int ss = c->ss, n = ss * ss;
    for (int x = 0; x < c->w; x++) {
        uint32_t sum[3] = {0, 0, 0};
        for (int j = 0; j < ss; j++) {
            size_t offset = (size_t)(y * ss + j) * (size_t)c->surface->pitch;
            const uint8_t *row = (const uint8_t *)c->surface->pixels + offset;
            const uint32_t *px = (const uint32_t *)(const void *)row + (size_t)x * (size_t)ss;
            for (int i = 0; i < ss; i++) {
                sum[0] += (px[i] >> 16) & 0xff;
                sum[1] += (px[i] >> 8) & 0xff;
                sum[2] += px[i] & 0xff;
            }
        }
        for (int k = 0; k < 3; k++)
            out[x * 3 + k] = (uint8_t)((sum[k] + (uint32_t)n / 2) / (uint32_t)n);
    }
}

const uint8_t *capture_resolve(capture *c)
{
    if (SDL_RenderFlush(c->renderer) != 0 || SDL_LockSurface(c->surface) != 0)
        return NULL;
    for (int y = 0; y < c->h; y++)
        resolve_row(c, y, c->rgb + (size_t)y * (size_t)c->w * 3);
    SDL_UnlockSurface(c->surface);
    return c->rgb;
}
