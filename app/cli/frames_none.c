/* The pictures of a program built without the renderer (frames.h): it
 * knows their file names, so that the options read as they do elsewhere,
 * and refuses to draw any, saying why. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "frames.h"

#define MISSING "this flotsam was built without pictures (-Drender=disabled)"

const char *frames_missing(void) { return MISSING; }

/* Whether path ends in one of the n extensions (in any case), as
 * plot_format_known reads one. */
static bool ends_with(const char *path, const char *const *ends, int n)
{
    const char *dot = strrchr(path, '.');
    for (int i = 0; dot && i < n; i++)
        if (!strcasecmp(dot, ends[i]))
            return true;
    return false;
}

bool frames_animation_known(const char *path)
{
    static const char *const ends[] = {".gif", ".webp", ".mp4", ".webm"};
    return ends_with(path, ends, 4);
}

bool frames_video_known(const char *path)
{
    static const char *const ends[] = {".mp4", ".webm"};
    return ends_with(path, ends, 2);
}

double frames_animation_max_fps(const char *path)
{
    (void)path;
    return 0.0;
}

bool frames_picture_known(const char *path)
{
    static const char *const ends[] = {".png", ".svg", ".pdf"};
    return ends_with(path, ends, 3);
}

frames *frames_open(const frames_request *r, const fl_sim *s, char *err, size_t err_size)
{
    (void)r;
    (void)s;
    snprintf(err, err_size, "%s", MISSING);
    return NULL;
}

bool frames_step(frames *f, fl_sim *s, bool frame, const char *snapshot, char *err,
                 size_t err_size)
{
    (void)f;
    (void)s;
    (void)frame;
    (void)snapshot;
    snprintf(err, err_size, "%s", MISSING);
    return false;
}

bool frames_close(frames *f, bool ok, char *err, size_t err_size)
{
    (void)f;
    (void)err;
    (void)err_size;
    return ok;
}

bool frames_chart(const char *path, const struct chart *c, char *err, size_t err_size)
{
    (void)path;
    (void)c;
    snprintf(err, err_size, "%s", MISSING);
    return false;
}

void frames_release(void) {}
