/* Replays ("flotsam-replay 1", docs/replay-format.md): a scene to start from
 * and every input that changed the world after it, each stamped with the
 * step it comes before, with the state hash every 60 steps and at the end.
 * The sandbox records one while a person works; fl_replay_player plays it
 * back, bit for bit, and says at which step a build disagrees. Inputs are
 * applied by fl_replay_apply, the same function for the recording and the
 * playing, so that what was seen is what replays. */
#ifndef FL_REPLAY_H
#define FL_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "flotsam/fl_joint.h"
#include "flotsam/fl_scene.h"
#include "flotsam/fl_sim.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checkpoints fall every this many steps. */
#define FL_REPLAY_CHECK_EVERY 60

typedef enum fl_input_kind {
    FL_INPUT_SPAWN,   /* adds the body spawns[spawn] */
    FL_INPUT_REMOVE,  /* removes the body with id `body` */
    FL_INPUT_GRAB,    /* the mouse spring takes body `body` at `anchor` (body frame,
                       * about its centre of mass) towards `target`, pulling with
                       * at most `force` N (0: fl_mouse_def's default) */
    FL_INPUT_DRAG,    /* the mouse spring's target moves to `target` */
    FL_INPUT_RELEASE, /* the mouse spring lets go */
    FL_INPUT_FLUID,   /* fluid `fluid`'s surface moves to `surface` */
    FL_INPUT_DENSITY, /* body `body` gets the density `density` */
    FL_INPUT_BUILD,   /* the world is built anew from scenes[scene] (a reset, a load) */
    FL_INPUT_HOLE,    /* body `body`'s hold is holed from `anchor` to `target` (world
                       * points, fl_buoyancy_add_opening) */
    FL_INPUT_WATER,   /* fluid `fluid` gets the density `density`, the drags
                       * `linear_drag` and `angular_drag` and the waves
                       * `wave_amplitude` (0: none) and `wave_length` */
    FL_INPUT_GRAVITY  /* the world's gravity becomes `gravity` */
} fl_input_kind;

typedef struct fl_input {
    uint64_t step;    /* comes before this step: after `step` steps of the replay */
    fl_input_kind kind;
    uint32_t body;
    fl_vec2 anchor, target;
    int fluid;
    double surface;
    double density;
    double force;
    int scene;
    int spawn;
    double linear_drag, angular_drag;   /* FL_INPUT_WATER (and `density`) */
    double wave_amplitude, wave_length;
    fl_vec2 gravity;                    /* FL_INPUT_GRAVITY */
    int line;         /* where it was read (0: made in memory) */
} fl_input;

/* A replay: its fields are private, read through the functions below. */
typedef struct fl_replay fl_replay;

/* ---- reading and writing ---- */

/* Parses replay text into a replay of its own (fl_replay_free it). On the
 * first error fills *err (line and column in the replay, also for errors
 * inside an embedded scene) and returns NULL, nothing left allocated. */
FL_API fl_replay *fl_replay_parse(const char *text, size_t len, fl_scene_error *err);
/* fl_replay_parse, reading on past its errors, as fl_scene_parse_all does
 * for a scene, so that one pass finds every problem it can: a line with a
 * problem is dropped and reading goes on at the next; each embedded scene
 * and spawned body gives every problem it has, at the replay's line and
 * column. It stops early only where the rest cannot be read (text that is
 * not clean UTF-8, a missing or wrong header, a scene whose number of lines
 * does not read or runs past the end, anything after `end`) and after
 * FL_SCENE_MAX_ERRORS problems.
 *
 * It also follows the world each input applies to as far as reading can
 * tell, without simulating it, and reports an input that playing would
 * certainly refuse when it got there: a body id the world never has or has
 * removed, a static body to grab or to give a density, a body without a
 * hull to hole, a hole of one point, a fluid it does not have, a surface
 * below the fluid's bottom. fl_replay_parse leaves those to the player;
 * each is a problem here.
 *
 * each (may be NULL) gets every problem, in order of line and column; *err
 * (may be NULL) gets the one fl_replay_parse reports, or, when that reads
 * the replay, the first of the others. Returns the number of problems: 0
 * when *out is the replay read (fl_replay_free it), else *out is NULL. */
FL_API int fl_replay_parse_all(const char *text, size_t len, fl_replay **out,
                               fl_scene_error_fn each, void *ctx, fl_scene_error *err);

/* Builds each scene of a replay that read as a `build` input builds it (the
 * start, or a reset), so that a scene that reads but cannot be built is told
 * before playing gets to it: what `flotsam check` does after
 * fl_replay_parse_all. False with *err (at the replay's line) at the first
 * that cannot be built. */
FL_API bool fl_replay_build_each(const fl_replay *r, fl_scene_error *err);

/* True when the first statement of the text (after a byte order mark,
 * blank lines and comments) is the word of a replay's header,
 * `flotsam-replay`, of whatever version: a replay rather than a scene. */
FL_API bool fl_text_is_replay(const char *text, size_t len);

/* Reads and parses a file, as fl_replay_parse (a file that cannot be read:
 * NULL with the reason at line 0). */
FL_API fl_replay *fl_replay_load_file(const char *path, fl_scene_error *err);
/* Frees a replay and all it holds; NULL: nothing. */
FL_API void fl_replay_free(fl_replay *r);

/* Writes r as replay text; false with a message when the stream fails. */
FL_API bool fl_replay_write(FILE *f, const fl_replay *r, char *err, size_t err_size);
/* fl_replay_write_file (fl_file.h) writes it into a file whole. */

/* ---- what a replay holds ---- */

/* Its scenes: the text of scene k (k from 0 below the count; scene 0 is the
 * start), `len` bytes (len may be NULL), kept as it was added; and the line
 * of the replay its text begins on (0: added in memory). The text is r's,
 * valid until r is freed. */
FL_API int fl_replay_scene_count(const fl_replay *r);
FL_API const char *fl_replay_scene_text(const fl_replay *r, int k, size_t *len);
FL_API int fl_replay_scene_line(const fl_replay *r, int k);
/* Its bodies to spawn, which spawn inputs name by index: r's, valid until
 * the next is added. */
FL_API int fl_replay_spawn_count(const fl_replay *r);
FL_API const fl_scene_body *fl_replay_spawn(const fl_replay *r, int i);
/* Its inputs, in step order: r's, valid until the next is added. */
FL_API int fl_replay_input_count(const fl_replay *r);
FL_API const fl_input *fl_replay_input(const fl_replay *r, int i);
/* Its checkpoints, in step order (the last is the end): how many, and after
 * how many steps checkpoint i falls. */
FL_API int fl_replay_check_count(const fl_replay *r);
FL_API uint64_t fl_replay_check_step(const fl_replay *r, int i);
/* Its length in steps (0 until it ends), and whether it has ended
 * (fl_replay_end was called, or its `end` read). */
FL_API uint64_t fl_replay_steps(const fl_replay *r);
FL_API bool fl_replay_ended(const fl_replay *r);

/* ---- recording ---- */

/* An empty replay, to record into; NULL when out of memory. */
FL_API fl_replay *fl_replay_create(void);
/* Empties r, as fl_replay_create made it (to record anew). */
FL_API void fl_replay_clear(fl_replay *r);
/* Adds scene text (a copy is kept); returns its index, or -1 with *err. */
FL_API int fl_replay_add_scene(fl_replay *r, const char *text, size_t len, fl_scene_error *err);
/* Reads scene k of r into *out (fl_scene_free it); false with err (its line
 * in the replay) when k is no scene of r or memory runs out. */
FL_API bool fl_replay_scene_read(const fl_replay *r, int k, fl_scene *out, fl_scene_error *err);
/* Adds a body to spawn; returns its index, or -1 when out of memory. */
FL_API int fl_replay_add_spawn(fl_replay *r, const fl_scene_body *b);
/* Appends an input (its step no earlier than the last one's). A drag that
 * follows a drag at the same step replaces it: only the last target before
 * a step matters. FL_EINVAL for an input out of order or after the end. */
FL_API fl_status fl_replay_add_input(fl_replay *r, const fl_input *in);
/* Records the state hash after `step` steps (steps in increasing order). */
FL_API fl_status fl_replay_add_check(fl_replay *r, uint64_t step, uint64_t hash);
/* Ends the replay after `steps` steps with the final state hash. */
FL_API fl_status fl_replay_end(fl_replay *r, uint64_t steps, uint64_t hash);

/* ---- applying and playing ---- */

/* Applies one input to a sim whose mouse spring (NULL: none) is *grab.
 * False with *err (at the input's line) when the input cannot apply: a body
 * id that is not in the world, a fluid or scene that does not exist. */
FL_API bool fl_replay_apply(fl_sim *s, fl_joint_id *grab, const fl_replay *r, const fl_input *in,
                            fl_scene_error *err);
/* The sim's mouse spring, found in its world (the one mouse joint there),
 * or NULL. The world frees the spring with the body it holds, and a
 * scene's script can remove that body during fl_sim_step: a handle kept
 * across a step is found again with this, never trusted. fl_replay_apply
 * does so with *grab before each input. */
FL_API fl_joint_id fl_replay_grab(const fl_sim *s);

/* A replay being played: its fields are private, read through the
 * functions below. */
typedef struct fl_replay_player fl_replay_player;

typedef enum fl_replay_status {
    FL_REPLAY_STEPPED,        /* one step taken; it matched any checkpoint there */
    FL_REPLAY_DONE,           /* the replay is over: no step taken */
    FL_REPLAY_DIFFERS,        /* the step was taken, and its hash is not the recorded one (or,
                               * before the first step, the state as built is not) */
    FL_REPLAY_FAILED          /* an input could not apply (*err says where) */
} fl_replay_status;

/* A player of r at its start, scene 0 built (fl_replay_player_free it);
 * NULL with *err when that cannot be built. The replay must outlive the
 * player. */
FL_API fl_replay_player *fl_replay_player_start(const fl_replay *r, fl_scene_error *err);
/* Applies the inputs due and takes one step, then checks a checkpoint that
 * falls there (DIFFERS: *expected and *got are the hashes). */
FL_API fl_replay_status fl_replay_player_step(fl_replay_player *p, fl_scene_error *err,
                                              uint64_t *expected, uint64_t *got);
/* Makes the player keep a copy of the world (fl_sim_clone) every `every`
 * steps as it plays, at most `most` of them (then every other one goes and
 * the interval doubles), so that a seek plays at most that interval. */
FL_API void fl_replay_player_keep(fl_replay_player *p, uint64_t every, int most);
/* Moves the player to just after `step` steps (at most the replay's
 * length): from the last copy kept before it, or by playing on, or from the
 * start, and then playing to it, so that the state is exactly the one
 * playing there gives. Checkpoints are
 * checked on the way; returns as fl_replay_player_step would for the last
 * step taken (STEPPED when none was needed). */
FL_API fl_replay_status fl_replay_player_seek(fl_replay_player *p, uint64_t step,
                                              fl_scene_error *err, uint64_t *expected,
                                              uint64_t *got);
/* Frees the player and its world; NULL: nothing. */
FL_API void fl_replay_player_free(fl_replay_player *p);
/* Frees the player but not its world, which it returns: the caller's from
 * then on, to step and to free (fl_sim_free). A mouse spring it held
 * (fl_replay_player_grab, asked before) stays in that world. */
FL_API fl_sim *fl_replay_player_release(fl_replay_player *p);

/* The steps of the replay it is past (fl_replay_player_step takes one, a
 * seek moves to any). */
FL_API uint64_t fl_replay_player_step_count(const fl_replay_player *p);
/* The world as the replay has it there: the player's, which keeps its
 * address while it plays, seeks and rebuilds it. */
FL_API fl_sim *fl_replay_player_sim(const fl_replay_player *p);
/* Its mouse spring, if one holds a body (else FL_NULL_JOINT). */
FL_API fl_joint_id fl_replay_player_grab(const fl_replay_player *p);

#ifdef __cplusplus
}
#endif

#endif
