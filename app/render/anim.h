/* Animated pictures of a run, written frame by frame as they are drawn
 * (nothing holds all the frames): GIF through giflib, WebP through
 * libwebp's animation encoder, MP4 (H.264) and WebM (VP9) through FFmpeg's
 * libavcodec and libavformat, chosen by the file's extension. The file is
 * written beside its name and renamed into place when it is finished
 * (fl_out_file), so a failed run leaves no half file. */
#ifndef FL_ANIM_H
#define FL_ANIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct anim anim;

/* Which formats a name asks for: ".gif", ".webp", ".mp4" or ".webm" (any
 * case); the last two are videos. */
bool anim_format_known(const char *path);
bool anim_format_is_video(const char *path);

/* Starts an animation of w x h pixels playing `fps` frames a second. Returns
 * NULL with a message in err[err_size]. */
anim *anim_open(const char *path, int w, int h, double fps, char *err, size_t err_size);
/* Adds a frame: w * h * 3 bytes of RGB, rows top to bottom. */
bool anim_add(anim *a, const uint8_t *rgb, char *err, size_t err_size);
/* Finishes the file and puts it in place (or not, on failure); frees a. */
bool anim_close(anim *a, char *err, size_t err_size);
/* Drops what was written; frees a. */
void anim_abort(anim *a);

/* The delay before frame k (from 0) at fps frames a second, in whole
 * units (100 a second for GIF's hundredths, 1000 for WebP's
 * milliseconds) that add up, so that n frames last n / fps seconds to the
 * nearest unit. */
int anim_delay(double fps, long k, double units_per_second);

/* The most frames a second a format plays (GIF: 50, a delay of two
 * hundredths; viewers slow anything faster; WebP 100; videos 1000), for a
 * file name it knows. */
double anim_max_fps(const char *path);

/* The encoders, behind anim.c. */
typedef struct anim_codec {
    /* The codec writes into f, which anim.c opened and closes. */
    void *(*open)(FILE *f, int w, int h, double fps, char *err, size_t err_size);
    bool (*add)(void *state, const uint8_t *rgb, long k, char *err, size_t err_size);
    bool (*finish)(void *state, char *err, size_t err_size); /* writes and frees */
    void (*abort)(void *state);
} anim_codec;

extern const anim_codec anim_gif_codec;
extern const anim_codec anim_webp_codec;
extern const anim_codec anim_mp4_codec;
extern const anim_codec anim_webm_codec;

#endif
