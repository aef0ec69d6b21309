#define _POSIX_C_SOURCE 200809L
/* WebP animations through libwebp's animation encoder, lossy, tuned for
 * drawings; it finds what changed between frames itself. The encoder keeps
 * the compressed frames until the end, never the raw ones. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include "anim.h"
#include "flotsam/flotsam.h"

#define QUALITY 80

typedef struct webp_state {
    FILE *f;       /* opened at the start (anim.c), so that a bad path fails at once */
    WebPAnimEncoder *enc;
    WebPConfig config;
    int w, h;
    double fps;
    long ms;       /* the time so far, milliseconds */
} webp_state;

static void webp_abort(void *state)
{
    webp_state *s = state;
    if (!s)
        return;
    WebPAnimEncoderDelete(s->enc);
    free(s);
}

static void *webp_open(FILE *f, int w, int h, double fps, char *why, size_t why_size)
{
    webp_state *s = calloc(1, sizeof *s);
    WebPAnimEncoderOptions opt;
    if (!s || !WebPAnimEncoderOptionsInit(&opt) ||
        !WebPConfigPreset(&s->config, WEBP_PRESET_DRAWING, QUALITY)) {
        snprintf(why, why_size, "%s", s ? "libwebp's version does not match" : "out of memory");
        free(s);
        return NULL;
    }
    s->config.method = 3;
    opt.allow_mixed = 1;          /* lossless where that is smaller */
    opt.anim_params.loop_count = 0;
    s->f = f;
    s->enc = WebPAnimEncoderNew(w, h, &opt);
    s->w = w;
    s->h = h;
    s->fps = fps;
    if (!s->enc) {
        snprintf(why, why_size, "out of memory");
        webp_abort(s);
        return NULL;
    }
    return s;
}

static bool webp_add(void *state, const uint8_t *rgb, long k, char *why, size_t why_size)
{
    webp_state *s = state;
    WebPPicture pic;
    if (!WebPPictureInit(&pic)) {
        snprintf(why, why_size, "libwebp's version does not match");
        return false;
    }
    pic.width = s->w;
    pic.height = s->h;
    pic.use_argb = 1;
    bool ok = WebPPictureImportRGB(&pic, rgb, s->w * 3) &&
              WebPAnimEncoderAdd(s->enc, &pic, (int)s->ms, &s->config);
    if (!ok)
        snprintf(why, why_size, "%s", WebPAnimEncoderGetError(s->enc));
    WebPPictureFree(&pic);
    s->ms += anim_delay(s->fps, k, 1000.0);
    return ok;
}

static bool webp_finish(void *state, char *why, size_t why_size)
{
    webp_state *s = state;
    WebPData data;
    WebPDataInit(&data);
    bool ok = WebPAnimEncoderAdd(s->enc, NULL, (int)s->ms, NULL) &&
              WebPAnimEncoderAssemble(s->enc, &data);
    if (!ok) {
        snprintf(why, why_size, "%s", WebPAnimEncoderGetError(s->enc));
    } else {
        errno = 0;
        ok = fwrite(data.bytes, 1, data.size, s->f) == data.size;
        if (!ok)
            snprintf(why, why_size, "%s", errno ? strerror(errno) : "cannot write the file");
    }
    WebPDataClear(&data);
    webp_abort(s);
    return ok;
}

const anim_codec anim_webp_codec = {webp_open, webp_add, webp_finish, webp_abort};
