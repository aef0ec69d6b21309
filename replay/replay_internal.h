/* Private to the replay files of the scene library. */
#ifndef FL_REPLAY_INTERNAL_H
#define FL_REPLAY_INTERNAL_H

#include "replay_state.h"
#include "scene_lex.h"

/* Appends an input as it is (no folding of drags: a replay read keeps what
 * it says); false when out of memory. */
bool replay_append_input(fl_replay *r, const fl_input *in);

/* fl_replay_add_scene, giving each problem of the scene text to each
 * (fl_scene_parse_all; NULL: none) as well as the first to *err. */
int replay_add_scene(fl_replay *r, const char *text, size_t len, fl_scene_error_fn each,
                     void *ctx, fl_scene_error *err);

/* Keeps the place of a scene that did not read, so that the scenes after
 * it keep their numbers: its text is NULL and its scene empty. Returns its
 * index, or -1 when out of memory. Only a replay that is thrown away has
 * one. */
int replay_add_unread_scene(fl_replay *r);

/* ---- what reading can tell of the world (replay_check.c) -------------------- */

/* Where an input's values were read, for messages. */
typedef struct input_where {
    scene_pos step, body, fluid, surface, to;
} input_where;

/* The world the inputs read so far are applied to, as far as reading can
 * tell without simulating it: the scene it was built from, which ids its
 * bodies may have, and which of them it has removed. Where reading cannot
 * tell (a build of a scene that did not read, a line that did not read and
 * may have been a spawn or a build), it is not known until the next
 * build, and nothing is checked till then. */
typedef struct replay_world {
    int scene;              /* the index in r->scenes it was built from; -1: not
                             * known. An index, not a pointer: r->scenes grows
                             * (and moves) as the replay is read on. */
    fl_scene sc;            /* that scene, read again from its text (the
                             * replay keeps the texts only) */
    int scene_line;         /* the scene's first line in the replay */
    uint32_t ids;           /* its bodies' ids are below this */
    int first_spawn;        /* ids past the scene's bodies are the spawn inputs' from
                             * r->spawns[first_spawn] on, in order; -1: not known
                             * (the scene spawns bodies itself, or a spawn did not read) */
    int *removed;           /* for each id below removed_size: the line of the input
                             * that removed it, or 0 */
    uint32_t removed_size;
} replay_world;

/* Starts the world anew from scene `scene` of r (not known when it did not
 * read). */
void replay_world_build(replay_world *w, const fl_replay *r, int scene);

/* What reading cannot follow happened: nothing is known until a build. */
void replay_world_forget(replay_world *w);

/* A spawn whose line or body did not read: it may take an id all the same. */
void replay_world_spawn_unread(replay_world *w);

/* Follows an input that read (a spawn's body already among r's spawns).
 * False, with *err at the value at fault, when playing would refuse it: a
 * body id that the world never has or has removed, a static body to grab
 * or to give a density, a body without a hull to hole, a hole of one
 * point, a fluid it does not have or a surface below that fluid's bottom. */
bool replay_world_apply(replay_world *w, const fl_replay *r, const fl_input *in,
                        const input_where *where, fl_scene_error *err);

void replay_world_free(replay_world *w);

#endif
