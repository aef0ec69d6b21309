/* A sim's insides (fl_sim.h keeps them private): shared by the scene
 * files' own sources and by replays, which build one sim into another. */
#ifndef FL_SIM_STATE_H
#define FL_SIM_STATE_H

#include "flotsam/fl_sim.h"

typedef struct sim_labels sim_labels;

struct fl_sim {
    fl_world *world;
    fl_buoyancy *buoyancy;
    double rate;    /* steps per second */
    double dt;      /* 1 / rate */
    int iterations; /* the world's solver passes per substep */
    int substeps;   /* ... and substeps per step */
    bool has_view;  /* the scene's camera, if it gave one */
    fl_vec2 view_center;
    double view_width;
    sim_labels *labels; /* names and colours, by body serial (sim.c) */
    /* The scene's timed events (a copy, in step order), and the next to
     * happen: fl_sim_step applies them. */
    fl_scene_event *events;
    int event_count, next_event;
    fl_scene_store *store; /* the outlines the spawns point at */
    /* The scene's loading conditions' parts, their offsets about their
     * bodies' centres of mass, and each one's body (its serial). */
    fl_scene_item *items;
    uint32_t *item_bodies;
    int item_count;
};

/* Frees what s holds and zeroes it (the struct itself stays). */
void sim_clear(fl_sim *s);
/* Puts what `from` holds into `into` (freeing what `into` held), and
 * frees the `from` shell: a sim rebuilt in place, its address kept. */
void sim_move(fl_sim *into, fl_sim *from);

#endif
