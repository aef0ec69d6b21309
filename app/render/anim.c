#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "anim.h"

struct anim {
    const anim_codec *codec;
    void *state;
    char *path, *tmp;
    long frames;
};

static const anim_codec *codec_for(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && !strcasecmp(dot, ".gif"))
        return &anim_gif_codec;
    if (dot && !strcasecmp(dot, ".webp"))
        return &anim_webp_codec;
    return NULL;
}

bool anim_format_known(const char *path) { return codec_for(path) != NULL; }

int anim_delay(double fps, long k, double units_per_second)
{
    return (int)(lround(units_per_second * (double)(k + 1) / fps) -
                 lround(units_per_second * (double)k / fps));
}

double anim_max_fps(const char *path) { return codec_for(path) == &anim_gif_codec ? 50.0 : 100.0; }

anim *anim_open(const char *path, int w, int h, double fps, char *err, size_t err_size)
{
    const anim_codec *codec = codec_for(path);
    if (!codec) {
        snprintf(err, err_size, "cannot write '%s': animations are .gif or .webp", path);
        return NULL;
    }
    anim *a = calloc(1, sizeof *a);
    size_t n = strlen(path) + 6;
    if (a) {
        a->path = strdup(path);
        a->tmp = malloc(n);
    }
    if (!a || !a->path || !a->tmp) {
        snprintf(err, err_size, "out of memory");
        if (a) {
            free(a->path);
            free(a->tmp);
        }
        free(a);
        return NULL;
    }
    snprintf(a->tmp, n, "%s.part", path);
    a->codec = codec;
    char why[256] = "";
    a->state = codec->open(a->tmp, w, h, fps, why, sizeof why);
    if (!a->state) {
        snprintf(err, err_size, "cannot write '%s': %s", path, why);
        remove(a->tmp);
        free(a->path);
        free(a->tmp);
        free(a);
        return NULL;
    }
    return a;
}

bool anim_add(anim *a, const uint8_t *rgb, char *err, size_t err_size)
{
    char why[256] = "";
    if (a->codec->add(a->state, rgb, a->frames, why, sizeof why)) {
        a->frames++;
        return true;
    }
    snprintf(err, err_size, "cannot write '%s': %s", a->path, why);
    return false;
}

static void release(anim *a)
{
    free(a->path);
    free(a->tmp);
    free(a);
}

bool anim_close(anim *a, char *err, size_t err_size)
{
    char why[256] = "";
    bool ok = a->codec->finish(a->state, why, sizeof why);
    if (ok && rename(a->tmp, a->path) != 0) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        ok = false;
    }
    if (!ok) {
        remove(a->tmp);
        snprintf(err, err_size, "cannot write '%s': %s", a->path, why);
    }
    release(a);
    return ok;
}

void anim_abort(anim *a)
{
    if (!a)
        return;
    a->codec->abort(a->state);
    remove(a->tmp);
    release(a);
}
