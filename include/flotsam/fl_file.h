/* Writing a file so that it is whole or not there: what the scene, replay
 * and state writers use, and the program's every output file. POSIX calls:
 * the one part of the library a C17 compiler and libm alone do not build,
 * so it is built only where they are there (meson option `files`;
 * FL_HAS_FILES in fl_version.h says whether it was). */
#ifndef FL_FILE_H
#define FL_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A file being written the safe way (scenefile/file.c): into a temporary
 * TARGET.XXXXXX.part beside it, created with O_EXCL (a stale temporary that
 * is not ours is left alone), flushed and fsynced, renamed onto TARGET and
 * the folder fsynced. TARGET is path, or the file its symbolic links lead
 * to: a link is written through and stays a link. What exists and is no
 * regular file (a device, a pipe) is written in place, with tmp NULL. */
typedef struct fl_out_file {
    FILE *f;
    char *path;   /* as given, for messages */
    char *target; /* what is replaced */
    char *tmp;    /* the temporary; NULL when written in place */
} fl_out_file;

/* Opens o for path; false with "cannot write 'PATH': WHY" in err. */
FL_API bool fl_out_open(fl_out_file *o, const char *path, char *err, size_t err_size);
/* Flushes, syncs and renames into place; on failure removes the temporary
 * (nothing at path changes) and says why. Either way o is finished. */
FL_API bool fl_out_commit(fl_out_file *o, char *err, size_t err_size);
/* Drops what was written; o is finished. */
FL_API void fl_out_abort(fl_out_file *o);
/* Could path be written: before the work, so that a bad output fails first.
 * Creates and removes a temporary of its own beside the target (a pipe or
 * a device only has its permission checked). */
FL_API bool fl_out_check(const char *path, char *err, size_t err_size);

/* Writes a file through fl_out_file: write(f, ctx, why, why_size) fills it;
 * on any failure nothing at `path` changes, and err gets "cannot write
 * 'PATH': WHY". write returns false (with why) to fail. */
typedef bool (*fl_file_writer)(FILE *f, void *ctx, char *why, size_t why_size);
FL_API bool fl_write_file(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size);

typedef struct fl_sim fl_sim;
typedef struct fl_scene_view fl_scene_view;
typedef struct fl_replay fl_replay;

/* A world written as a scene (fl_scene_write) into `path`, whole or not at
 * all. */
FL_API bool fl_scene_write_file(const char *path, const fl_sim *s, const fl_scene_view *view,
                                char *err, size_t err_size);
/* A replay (fl_replay_write) into `path`, whole or not at all. */
FL_API bool fl_replay_write_file(const char *path, const fl_replay *r, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
