/* A program's output files, written the library's safe way (fl_out_file:
 * into TARGET.XXXXXX.part beside the target, renamed into place when whole),
 * and kept in a list that a signal ending the program reads: on SIGINT,
 * SIGTERM, SIGHUP and SIGPIPE every temporary still being written is
 * removed before the program dies of the signal, so that an interrupted run
 * leaves neither half a file under its final name nor a .part beside it.
 * A .part that an earlier run left (killed by SIGKILL, a crash, a power cut)
 * is removed when the next run checks that output. */
#ifndef FL_OUT_FILES_H
#define FL_OUT_FILES_H

#include "flotsam/flotsam.h"

/* Takes SIGINT, SIGTERM, SIGHUP and SIGPIPE where their action is still the
 * default: one that is ignored (nohup) stays ignored, and one that a library
 * took (SDL turns SIGINT and SIGTERM into a quit event, and the window then
 * ends as when closed) stays the library's. */
void out_files_on_signals(void);

/* fl_out_open, fl_out_commit and fl_out_abort, with the temporary in the
 * list from its creation to its rename or removal. Any thread may call them. */
bool out_open(fl_out_file *o, const char *path, char *err, size_t err_size);
bool out_commit(fl_out_file *o, char *err, size_t err_size);
void out_abort(fl_out_file *o);

/* fl_write_file the same way. */
bool out_write(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size);

/* fl_out_check, and then the stale temporaries of path (PATH.XXXXXX.part
 * that no running program holds) are removed, each said on stderr. */
bool out_check(const char *path, char *err, size_t err_size);

/* The same for the temporaries of every file in dir whose name begins with
 * prefix (a frame folder's "frame-"); how many were removed. */
int out_remove_stale(const char *dir, const char *prefix);

#endif
