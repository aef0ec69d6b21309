/* PNG files through libpng, tuned for frames: zlib's fastest level and no
 * row filter, which on these pictures (flat fills and gentle gradients)
 * is several times faster than a thorough search and no larger. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include "flotsam/flotsam.h"
#include "out_files.h"
#include "png_file.h"

typedef struct png_image_rgb {
    const uint8_t *rgb;
    int w, h;
} png_image_rgb;

/* libpng reports errors by longjmp; the message is kept for the caller. */
static void on_error(png_structp png, png_const_charp message)
{
    char *why = png_get_error_ptr(png);
    snprintf(why, 128, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message;
}

/* Encodes into an open file (out_write's writer). */
static bool write_to(FILE *f, void *ctx, char *why, size_t why_size)
{
    const png_image_rgb *im = ctx;
    char message[128] = "";
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(why, why_size, "out of memory");
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        snprintf(why, why_size, "%s", errno ? strerror(errno) : message);
        return false;
    }
    errno = 0;
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)im->w, (png_uint_32)im->h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int y = 0; y < im->h; y++)
        png_write_row(png, im->rgb + (size_t)y * (size_t)im->w * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return true;
}

bool png_write_file(const char *path, const uint8_t *rgb, int w, int h, char *err, size_t err_size)
{
    png_image_rgb im = {rgb, w, h};
    return out_write(path, write_to, &im, err, err_size);
}
