/* Private to the scene library: the definitions a scene body is built
 * from, shared by the world builder (sim.c) and the reader, which refuses
 * what the world would (scene_geometry.c). */
#ifndef FL_SCENE_BODY_DEF_H
#define FL_SCENE_BODY_DEF_H

#include "flotsam/flotsam.h"

/* What scene body sb is built from: the body's def, and its hold's (the
 * buoyancy module's: openings and water), pointing into the arrays here
 * and into sb. water_density is the hold's water's when sb gives none. */
typedef struct scene_defs {
    fl_body_def body;
    fl_hold_def hold;
    bool has_hold;        /* sb gives openings or water */
    fl_vec2 points[FL_SCENE_MAX_POINTS];
    fl_vec2 openings[FL_SCENE_MAX_POINTS]; /* about the centre of mass */
} scene_defs;

void scene_defs_make(scene_defs *d, const fl_scene_body *sb, double water_density);

#endif
