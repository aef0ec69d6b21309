/* Where the program's scenes come from: a file, or the built-in harbour
 * scene (scenes/harbour.scene, compiled in) when no file is named. Shared by
 * the commands and the sandbox. */
#ifndef FL_SCENE_SOURCE_H
#define FL_SCENE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "flotsam/flotsam.h"

#define SCENE_SOURCE_DEFAULT_NAME "<default scene>"

#define SCENE_SOURCE_STDIN_NAME "<stdin>"

/* Whether path names stdin: "-". */
static inline bool scene_source_is_stdin(const char *path) { return path && !strcmp(path, "-"); }

/* The name messages use for path (NULL: the built-in scene; "-": stdin). */
const char *scene_source_name(const char *path);

/* All of the file at path, or of stdin when path is "-" (at most
 * FL_TEXT_FILE_MAX, fl_read_text_stream): *text malloc'd, NUL after its *len bytes. */
bool source_read_text(const char *path, char **text, size_t *len, fl_scene_error *err);

/* The exit status a problem of reading, building or playing calls for:
 * CLI_FAILED when memory ran out (no fault of the input), else
 * CLI_BAD_INPUT. */
int scene_source_status(const fl_scene_error *err);

/* Reads and parses path, or the built-in scene when path is NULL. Returns
 * CLI_OK, or on error puts "FILE:LINE:COLUMN: message" into msg[msg_size]
 * and returns the exit status it calls for (scene_source_status). */
int scene_source_load(const char *path, fl_scene *out, char *msg, size_t msg_size);

/* scene_source_load, keeping the text read as well (*text malloc'd, NUL
 * after its *len bytes): what a replay embeds. */
int scene_source_read(const char *path, char **text, size_t *len, fl_scene *out, char *msg,
                      size_t msg_size);

/* Parses *text (*len bytes, NUL after them), read from path: the end of
 * scene_source_read, for a text already read. On error frees *text, sets
 * it NULL and fills msg as above. */
int scene_source_parse(const char *path, char **text, size_t len, fl_scene *out, char *msg,
                       size_t msg_size);

/* Builds a simulation of sc, which was read from path; returns as above. */
int scene_source_build(const char *path, const fl_scene *sc, fl_sim **out, char *msg,
                       size_t msg_size);

#endif
