/* PNG files written whole or not at all. */
#ifndef FL_PNG_FILE_H
#define FL_PNG_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes w x h pixels of RGB (3 bytes each, rows top to bottom) as a PNG at
 * `path` through fl_write_file (beside it, then renamed into place), so that a
 * failed or interrupted write never leaves a truncated file under `path`.
 * Returns false with a message in err[err_size] (and no temporary file). */
bool png_write_file(const char *path, const uint8_t *rgb, int w, int h, char *err, size_t err_size);

#endif
