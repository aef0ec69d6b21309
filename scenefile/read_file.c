/* Reading a scene or replay file whole, up to FL_TEXT_FILE_MAX bytes, and
 * loading a scene from one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flotsam/flotsam.h"

/* No room for the file's text: out of memory, not a fault of the file. */
static const char no_room[] = "out of memory for the file's text";

static bool fail_read(fl_scene_error *err, const char *why)
{
    memset(err, 0, sizeof *err);
    if (why == no_room) {
        snprintf(err->message, sizeof err->message, "%s", why);
        err->out_of_memory = true;
    } else {
        snprintf(err->message, sizeof err->message, "cannot read file: %s", why);
    }
    return false;
}

/* Reads all of f (at most FL_TEXT_FILE_MAX bytes) into a malloc'd buffer;
 * false with the reason in *why on failure. */
static bool read_all(FILE *f, char **data, size_t *len, const char **why)
{
    size_t capacity = 0, used = 0;
    char *buffer = NULL;
    for (;;) {
        if (used == capacity) {
            if (capacity > FL_TEXT_FILE_MAX) {
                free(buffer);
                *why = "it is larger than 64 MB, the most a scene or replay file may be";
                return false;
            }
            /* One byte beyond the cap, to tell a file of exactly the cap
             * from a larger one. */
            size_t wanted = capacity == 0 ? 4096 : capacity * 2;
            if (wanted > FL_TEXT_FILE_MAX)
                wanted = FL_TEXT_FILE_MAX + 1;
            char *bigger = realloc(buffer, wanted);
            if (bigger == NULL) {
                free(buffer);
                *why = no_room;
                return false;
            }
            buffer = bigger;
            capacity = wanted;
        }
        size_t got = fread(buffer + used, 1, capacity - used, f);
        used += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buffer);
        *why = strerror(errno != 0 ? errno : EIO);
        return false;
    }
    if (used > FL_TEXT_FILE_MAX) {
        free(buffer);
        *why = "it is larger than 64 MB, the most a scene or replay file may be";
        return false;
    }
    *data = buffer;
    *len = used;
    return true;
}

bool fl_read_text_file(const char *path, char **text, size_t *len, fl_scene_error *err)
{
    fl_scene_error spare;
    if (err == NULL)
        err = &spare;
    *text = NULL;
    *len = 0;
    errno = 0;
    FILE *f = path == NULL ? NULL : fopen(path, "rb");
    if (f == NULL)
        return fail_read(err, strerror(path == NULL ? EINVAL : errno));
    errno = 0;
    const char *why = "";
    bool ok = read_all(f, text, len, &why);
    fclose(f);
    return ok || fail_read(err, why);
}

bool fl_read_text_stream(FILE *f, char **text, size_t *len, fl_scene_error *err)
{
    fl_scene_error spare;
    if (err == NULL)
        err = &spare;
    *text = NULL;
    *len = 0;
    if (f == NULL)
        return fail_read(err, strerror(EINVAL));
    errno = 0;
    const char *why = "";
    return read_all(f, text, len, &why) || fail_read(err, why);
}

bool fl_scene_load_file(const char *path, fl_scene *out, fl_scene_error *err)
{
    return fl_scene_load_file_all(path, out, NULL, NULL, err) == 0;
}

int fl_scene_load_file_all(const char *path, fl_scene *out, fl_scene_error_fn each, void *ctx,
                           fl_scene_error *err)
{
    fl_scene_error spare;
    char *data = NULL;
    size_t len = 0;
    if (err == NULL)
        err = &spare;
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (!fl_read_text_file(path, &data, &len, err)) {
        if (each)
            each(ctx, err);
        return 1;
    }
    int n = fl_scene_parse_all(data, len, out, each, ctx, err);
    free(data);
    return n;
}
