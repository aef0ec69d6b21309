/* A world saved as an edit of the scene text it was loaded from: every
 * statement whose object is as the text made it stays as written (its
 * comments, `box` and `ngon` shapes and numbers as typed), one whose
 * object changed is written anew (fl_scene_write's statement for it), a
 * removed body's statement goes, and bodies added since are appended, so
 * that the saved file diffs cleanly against its source. No SDL, no Cairo. */
#ifndef FL_SCENE_KEEP_H
#define FL_SCENE_KEEP_H

#include <stddef.h>
#include "flotsam/flotsam.h"

/* The world as fl_scene_write writes it, in memory (malloc'd, *len bytes,
 * NUL after them; view as fl_scene_write takes it), or NULL with a message
 * in err[err_size]. */
char *scene_text(const fl_sim *s, const fl_scene_view *view, size_t *len, char *err,
                 size_t err_size);

/* The text (malloc'd, *len bytes, NUL after them), or NULL when the
 * source cannot be kept that way (it does not read, or it has statements
 * beyond world, view, fluids, bodies and ropes: timed events, a script) or
 * memory runs out: the caller then writes the world whole. The `view`
 * statement is kept as written (the camera is not the world's state). */
char *scene_keep_text(const char *source, size_t source_len, const fl_sim *s, size_t *len);

#endif
