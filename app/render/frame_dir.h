/* The folder that captured frames go to. */
#ifndef FL_FRAME_DIR_H
#define FL_FRAME_DIR_H

#include <stdbool.h>
#include <stddef.h>

/* Makes sure frames can be written into `dir`: creates it when missing (one
 * level, like mkdir: its parent must exist), then creates and removes a probe
 * file in it. On failure returns false with a message in err[err_size] and
 * leaves nothing behind (a folder it created is removed again). */
bool frame_dir_prepare(const char *dir, char *err, size_t err_size);

/* How many frames (frame-NNNNNN.png) `dir` holds already: 0 when it holds
 * none or does not exist. */
long frame_dir_count(const char *dir);
/* Removes them; returns false with a message on failure. */
bool frame_dir_clear(const char *dir, char *err, size_t err_size);

/* Bytes frame_path needs for `dir`, with its terminating NUL. */
size_t frame_path_size(const char *dir);
/* "dir/frame-000042.png" for number 42 (numbers count from 1). */
void frame_path(char *out, size_t size, const char *dir, long number);

#endif
