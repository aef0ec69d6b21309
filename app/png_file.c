#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stb_image_write.h>
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

/* Encodes into an open file; returns 0 or an errno value. */
static int write_to(FILE *f, const uint8_t *rgb, int w, int h)
{
    png_sink s = {f, 0};
    errno = 0;
    if (!stbi_write_png_to_func(sink_write, &s, w, h, 3, rgb, w * 3))
        return s.error ? s.error : ENOMEM;
    if (!s.error && fflush(f) != 0)
        s.error = errno;
    return s.error;
}

bool png_write_file(const char *path, const uint8_t *rgb, int w, int h, char *err, size_t err_size)
{
    size_t n = strlen(path) + 5;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        return false;
    }
    snprintf(tmp, n, "%s.tmp", path);
    int e = 0;
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        e = errno;
    } else {
        e = write_to(f, rgb, w, h);
        if (fclose(f) != 0 && !e)
            e = errno;
        if (!e && rename(tmp, path) != 0)
            e = errno;
        if (e)
            remove(tmp);
    }
    if (e)
        snprintf(err, err_size, "cannot write '%s': %s", path, strerror(e));
    free(tmp);
    return e == 0;
}
