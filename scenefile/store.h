/* Where a scene (or a replay) keeps its bodies' outlines: points copied in
 * chunks that never move, so that a body in a list that grows still points
 * at its own. Private to the scene files. */
#ifndef FL_SCENE_STORE_H
#define FL_SCENE_STORE_H

#include "flotsam/fl_scene.h"
#include "check.h"

/* Copies b's points, hull and openings into *store (made on first use)
 * and points b at the copies; false when out of memory (b then as it
 * was). */
bool scene_store_body(fl_scene_store **store, fl_scene_body *b);
/* scene_store_body for every spawn among the events. */
bool scene_store_spawns(fl_scene_store **store, fl_scene_event *events, int count);
/* Frees the store and every outline in it. */
void scene_store_free(fl_scene_store **store);

#endif
