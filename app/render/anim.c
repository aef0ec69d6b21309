#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "anim.h"
#include "out_files.h"
#include "flotsam/flotsam.h"

struct anim {
    const anim_codec *codec;
    void *state;
    fl_out_file out;
    long frames;
};

static const anim_codec *codec_for(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && !strcasecmp(dot, ".gif"))
        return &anim_gif_codec;
    if (dot && !strcasecmp(dot, ".webp"))
        return &anim_webp_codec;
    if (dot && !strcasecmp(dot, ".mp4"))
        return &anim_mp4_codec;
    if (dot && !strcasecmp(dot, ".webm"))
        return &anim_webm_codec;
    return NULL;
}

bool anim_format_known(const char *path) { return codec_for(path) != NULL; }

bool anim_format_is_video(const char *path)
{
    const anim_codec *c = codec_for(path);
    return c == &anim_mp4_codec || c == &anim_webm_codec;
}

int anim_delay(double fps, long k, double units_per_second)
{
    return (int)(lround(units_per_second * (double)(k + 1) / fps) -
                 lround(units_per_second * (double)k / fps));
}

/* A video player keeps time at any rate, dropping what the screen cannot
 * show; 1000 is only a bound on what is sensible to ask for. */
double anim_max_fps(const char *path)
{
    if (anim_format_is_video(path))
        return 1000.0;
    return codec_for(path) == &anim_gif_codec ? 50.0 : 100.0;
}

anim *anim_open(const char *path, int w, int h, double fps, char *err, size_t err_size)
{
    const anim_codec *codec = codec_for(path);
    if (!codec) {
        snprintf(err, err_size, "cannot write '%s': animations are .gif, .webp, .mp4 or .webm", path);
        return NULL;
    }
    anim *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (!out_open(&a->out, path, err, err_size)) {
        free(a);
        return NULL;
    }
    a->codec = codec;
    char why[256] = "";
    a->state = codec->open(a->out.f, w, h, fps, why, sizeof why);
    if (!a->state) {
        snprintf(err, err_size, "cannot write '%s': %s", path, why);
        out_abort(&a->out);
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
    snprintf(err, err_size, "cannot write '%s': %s", a->out.path, why);
    return false;
}

bool anim_close(anim *a, char *err, size_t err_size)
{
    char why[256] = "";
    bool ok = a->codec->finish(a->state, why, sizeof why);
    if (ok) {
        ok = out_commit(&a->out, err, err_size);
    } else {
        snprintf(err, err_size, "cannot write '%s': %s", a->out.path, why);
        out_abort(&a->out);
    }
    free(a);
    return ok;
}

void anim_abort(anim *a)
{
    if (!a)
        return;
    a->codec->abort(a->state);
    out_abort(&a->out);
    free(a);
}
