#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stb_image_write.h>
#include "flotsam/flotsam.h"
#include "png_file.h"

/* stb_image_write hands the encoded bytes to this in pieces. */
typedef struct png_sink {
    FILE *f;
    int error; /* errno of the first failed write, or 0 */
} png_sink;

static void sink_write(void *ctx, void *data, int size)
{
    png_sink *s = ctx;
    if (!s->error && fwrite(data, 1, (size_t)size, s->f) != (size_t)size)
        s->error = errno ? errno : EIO;
}

typedef struct png_image {
    const uint8_t *rgb;
    int w, h;
} png_image;

/* Encodes into an open file (fl_write_file's writer). */
static bool write_to(FILE *f, void *ctx, char *why, size_t why_size)
{
    const png_image *im = ctx;
    png_sink s = {f, 0};
    errno = 0;
    if (!stbi_write_png_to_func(sink_write, &s, im->w, im->h, 3, im->rgb, im->w * 3))
        s.error = s.error ? s.error : ENOMEM;
    if (s.error)
        snprintf(why, why_size, "%s", strerror(s.error));
    return s.error == 0;
}

bool png_write_file(const char *path, const uint8_t *rgb, int w, int h, char *err, size_t err_size)
{
    png_image im = {rgb, w, h};
    return fl_write_file(path, write_to, &im, err, err_size);
}
