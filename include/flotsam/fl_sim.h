/* A simulation built from a scene: the world, its buoyancy module, the step
 * the scene asks for, and what the scene file says of its bodies that the
 * engine does not keep (names, colours). fl_scene_write turns it back into
 * scene text that loads to the same state; fl_state_* report its motion. */
#ifndef FL_SIM_H
#define FL_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "flotsam/fl_buoyancy.h"
#include "flotsam/fl_scene.h"
#include "flotsam/fl_world.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A simulation: its fields are private, read through the functions below. */
typedef struct fl_sim fl_sim;

/* Builds a world from a scene description (which need not outlive the
 * sim): its bodies are the world's, in file order. A description made by
 * hand is checked as the parser would have (outline sizes, rope ends,
 * names, the rate). NULL on failure, with err filled (with the line of the
 * statement that failed) and nothing left allocated. */
FL_API fl_sim *fl_sim_build(const fl_scene *sc, fl_scene_error *err);
/* Frees the sim, its world (and the world's modules) with it; NULL: nothing. */
FL_API void fl_sim_free(fl_sim *s);

/* A copy of a sim between steps (fl_world_clone, a buoyancy module of the
 * same fluids, the labels, the script and where it stands): stepped as the
 * original is, it stays equal to it bit for bit. NULL (with err) when out
 * of memory; then nothing is left to free. */
FL_API fl_sim *fl_sim_clone(const fl_sim *s, fl_error *err);

/* Its world and the world's buoyancy module (the sim's: freed with it). */
FL_API fl_world *fl_sim_world(const fl_sim *s);
FL_API fl_buoyancy *fl_sim_buoyancy(const fl_sim *s);
/* The step the scene asks for: steps per second, and 1 / rate (s); the
 * world's solver substeps per step. */
FL_API double fl_sim_rate(const fl_sim *s);
FL_API double fl_sim_dt(const fl_sim *s);
FL_API int fl_sim_substeps(const fl_sim *s);
/* The scene's camera (its `view` statement): false when it gave none. */
FL_API bool fl_sim_view(const fl_sim *s, fl_vec2 *center, double *width);
/* How many of the scene's timed events have happened so far. */
FL_API int fl_sim_events_done(const fl_sim *s);

/* Adds a body described as a scene describes one (`at` in the world), with
 * its name and colour if it has them: what fl_sim_build does for each of a
 * scene's bodies. FL_EINVAL for a bad outline size or a name that is taken
 * or not valid (then nothing is added). */
FL_API fl_status fl_sim_add_body(fl_sim *s, const fl_scene_body *b, fl_body_id *out, fl_error *err);

/* One step of the scene: first the timed events whose step has come (those
 * for the world's step count or before, in order), then fl_world_step at
 * the scene's dt. An event that cannot apply (a body removed already, a
 * name taken) is skipped; the first such fills err (at the event's line)
 * and makes it return false. Call this, not fl_world_step, to run a
 * scripted scene. */
FL_API bool fl_sim_step(fl_sim *s, fl_scene_error *err);

/* A body's name in the scene ("" when it has none), and its colour
 * (0xRRGGBB; false when the scene gave none). These follow the body itself,
 * whatever its index, for as long as it lives. The name's text is the
 * sim's, valid until the next body is labelled (copy it to keep it). */
FL_API const char *fl_sim_body_name(const fl_sim *s, fl_body_id b);
/* The parts of the loading conditions the scene gave (`item`, `tank`):
 * how many, and the i-th (0 <= i < count) with its body in *body (the
 * null id once that body is removed). Its offsets (at, points) are about
 * the body's centre of mass in the body's frame, not about its `at`. */
FL_API int fl_sim_item_count(const fl_sim *s);
FL_API const fl_scene_item *fl_sim_item(const fl_sim *s, int i, fl_body_id *body);
FL_API bool fl_sim_body_color(const fl_sim *s, fl_body_id b, uint32_t *rgb);
/* Gives a body (one added after building, say) a name and, when rgb is not
 * NULL, a colour (0xRRGGBB). FL_EINVAL unless the name is "" or valid
 * (fl_scene_name_valid) and no other body or fluid of the sim has it. */
FL_API fl_status fl_sim_label_body(fl_sim *s, fl_body_id b, const char *name, const uint32_t *rgb);
/* A fluid's name in the scene ("" when it has none, or is not one of the
 * scene's fluids). */
FL_API const char *fl_sim_fluid_name(const fl_sim *s, fl_fluid_id f);

/* The camera to write as the `view` statement; has_view false: the sim's
 * own view, if it has one. */
typedef struct fl_scene_view {
    bool has_view;
    fl_vec2 center;
    double width;
} fl_scene_view;

/* Writes s as scene text to f: every body as a `polygon` whose `at` is its
 * centre of mass and whose `points` are its outline about that centre in its
 * own frame, turned by its `angle`; fluids as they are now; ropes from the
 * rope joints. Numbers are printed with the fewest digits that read back as
 * the same double. Returns false with a message in err[err_size] when a body
 * cannot be expressed in the format or the stream fails. */
FL_API bool fl_scene_write(FILE *f, const fl_sim *s, const fl_scene_view *view, char *err,
                    size_t err_size);
/* fl_scene_write_file (fl_file.h) writes it into a file whole. */

/* FNV-1a over the little-endian bytes of each body's x, y, angle, vx, vy and
 * spin, in body order: equal only for runs that agree bit for bit. */
FL_API uint64_t fl_state_hash(const fl_world *w);
/* Writes the state JSON ("flotsam-state 1"), one body to a line. Measures
 * buoyancy first so that submerged areas match the positions written.
 * Returns 0, or -1 when the stream reports an error. */
FL_API int fl_state_write_json(FILE *f, fl_sim *s);

#ifdef __cplusplus
}
#endif

#endif
