/* A replay's and a player's insides (fl_replay.h keeps them private):
 * shared by the replay files, and by white-box tests. */
#ifndef FL_REPLAY_STATE_H
#define FL_REPLAY_STATE_H

#include "flotsam/fl_replay.h"

/* A scene of a replay, as text: a replay of many scenes holds none of
 * them read (fl_replay_scene_read reads one). */
typedef struct replay_scene {
    char *text;       /* the scene file, verbatim (read and checked when added);
                       * NULL: a scene that did not read (replay_add_unread_scene) */
    size_t len;
    int line;         /* the first line of its text in the replay (0: in memory) */
} replay_scene;

typedef struct replay_check {
    uint64_t step;    /* after this many steps */
    uint64_t hash;    /* fl_state_hash */
    int line;
} replay_check;

struct fl_replay {
    replay_scene *scenes;    /* scenes[0] is the start */
    int scene_count;
    fl_scene_body *spawns;
    int spawn_count;
    fl_input *inputs;        /* in step order */
    int input_count;
    replay_check *checks;    /* in step order; the last is the end */
    int check_count;
    uint64_t steps;          /* its length */
    bool ended;              /* fl_replay_end was called, or `end` read */
    int scene_capacity, spawn_capacity, input_capacity, check_capacity;
    fl_scene_store *store;   /* the outlines the spawns point at */
};

/* A copy of the world kept on the way (fl_replay_player_keep). */
typedef struct replay_snapshot {
    uint64_t step;
    fl_sim *sim;
    int grab;                 /* the mouse spring's joint index, or -1 */
    int next_input, next_check;
} replay_snapshot;

struct fl_replay_player {
    const fl_replay *replay;
    fl_sim *sim;                /* the world as the replay has it now */
    fl_joint_id grab;           /* its mouse spring, if one holds a body */
    uint64_t step;              /* steps taken */
    int next_input, next_check;
    replay_snapshot *snapshots;
    int snapshot_count, snapshot_most;
    uint64_t snapshot_every;
};

#endif
