/* Writing a file so that it is whole or not there: what the scene writer
 * uses, and the program's PNG frames and state output. */
#ifndef FL_FILE_H
#define FL_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest input the readers take: 64 MiB (scenes, replays, stdin). */
#define FL_FILE_MAX_BYTES (64u * 1024u * 1024u)

/* Writes a file the safe way: write(f, ctx, why, why_size) fills a
 * temporary file beside `path`, which is then renamed onto it; on any
 * failure the temporary is removed, nothing at `path` changes, and err gets
 * "cannot write 'PATH': WHY". write returns false (with why) to fail. */
typedef bool (*fl_file_writer)(FILE *f, void *ctx, char *why, size_t why_size);
FL_API bool fl_write_file(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
