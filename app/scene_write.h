/* Writes a running simulation back as a scene file ("flotsam-scene 1") that
 * loads to the same state: every body becomes a `polygon` whose `at` is its
 * centre of mass and whose `points` are its outline about that centre in its
 * own frame, turned by its `angle`; fluids are written as they are now, and
 * ropes from the engine's rope joints. Numbers are printed with the fewest
 * digits that read back as the same double. */
#ifndef FL_SCENE_WRITE_H
#define FL_SCENE_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "sim.h"

/* The camera to write as the `view` statement; has_view false: the scene's
 * own view, if it has one. */
typedef struct scene_write_view {
    bool has_view;
    fl_vec2 center;
    double width;
} scene_write_view;

/* Writes s as scene text to f. Names and colours come from s->desc, whose
 * bodies and fluids must match the world's index for index where they
 * exist (bodies past desc's count are written without them). Returns false
 * with a message in err[err_size] when a body cannot be expressed in the
 * format or the stream fails. */
bool scene_write(FILE *f, const sim *s, const scene_write_view *view, char *err, size_t err_size);

/* Writes the scene to `path`: first beside it, then renamed into place, so a
 * failed write leaves no half file. */
bool scene_write_file(const char *path, const sim *s, const scene_write_view *view, char *err,
                      size_t err_size);

#endif
