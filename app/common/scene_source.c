#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "scene_source.h"

/* Written by tools/embed.py from scenes/harbour.scene. */
extern const char default_scene_text[];
extern const size_t default_scene_text_len;

const char *scene_source_name(const char *path)
{
    if (!path)
        return SCENE_SOURCE_DEFAULT_NAME;
    return scene_source_is_stdin(path) ? SCENE_SOURCE_STDIN_NAME : path;
}

bool source_read_text(const char *path, char **text, size_t *len, fl_scene_error *err)
{
    *text = NULL;
    *len = 0;
    if (!scene_source_is_stdin(path))
        return fl_read_text_file(path, text, len, err);
    return fl_read_text_stream(stdin, text, len, err);
}

int scene_source_status(const fl_scene_error *err)
{
    return err->out_of_memory ? CLI_FAILED : CLI_BAD_INPUT;
}

/* Puts err into msg; returns the exit status it calls for. */
static int failed(const char *path, const fl_scene_error *err, char *msg, size_t msg_size)
{
    fl_scene_error_format(err, scene_source_name(path), msg, msg_size);
    return scene_source_status(err);
}

int scene_source_load(const char *path, fl_scene *out, char *msg, size_t msg_size)
{
    char *text = NULL;
    size_t len;
    int rc = scene_source_read(path, &text, &len, out, msg, msg_size);
    free(text);
    return rc;
}

int scene_source_parse(const char *path, char **text, size_t len, fl_scene *out, char *msg,
                       size_t msg_size)
{
    fl_scene_error err;
    if (fl_scene_parse(*text, len, out, &err))
        return CLI_OK;
    free(*text);
    *text = NULL;
    return failed(path, &err, msg, msg_size);
}

int scene_source_read(const char *path, char **text, size_t *len, fl_scene *out, char *msg,
                      size_t msg_size)
{
    fl_scene_error err;
    bool ok;
    if (path) {
        ok = source_read_text(path, text, len, &err);
    } else {
        *len = default_scene_text_len;
        *text = malloc(*len + 1);
        ok = *text != NULL;
        if (ok) {
            memcpy(*text, default_scene_text, *len);
            (*text)[*len] = '\0';
        } else {
            err = (fl_scene_error){0, 0, "out of memory for the default scene's text", true};
        }
    }
    if (!ok)
        return failed(path, &err, msg, msg_size);
    return scene_source_parse(path, text, *len, out, msg, msg_size);
}

int scene_source_build(const char *path, const fl_scene *sc, fl_sim **out, char *msg,
                       size_t msg_size)
{
    fl_scene_error err;
    return (*out = fl_sim_build(sc, &err)) ? CLI_OK : failed(path, &err, msg, msg_size);
}
