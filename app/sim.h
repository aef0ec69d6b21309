/* A simulation built from a scene: the world, its buoyancy module, and the
 * step the scene asks for. */
#ifndef FL_SIM_H
#define FL_SIM_H

#include <stdbool.h>
#include <stdio.h>
#include "flotsam/flotsam.h"
#include "scene.h"

typedef struct sim {
    fl_world *world;
    fl_buoyancy *buoyancy;
    double dt;          /* 1 / the scene's rate */
    int body_count;     /* the scene's bodies are the world's, in file order */
    const scene *desc;  /* borrowed: the scene it was built from */
} sim;

/* Builds a world from a parsed scene. The scene must outlive the sim. On
 * failure fills err (with the line of the statement that failed) and leaves
 * nothing allocated. */
bool sim_build(sim *out, const scene *sc, scene_error *err);
void sim_free(sim *s);

/* The outline of a scene body in its own frame (offsets from `at`). */
int scene_body_outline(const scene_body *b, fl_vec2 *out);

/* The embedded default scene (scenes/harbour.scene). */
extern const char default_scene_text[];
extern const size_t default_scene_text_len;
#define DEFAULT_SCENE_NAME "<default scene>"

#endif
