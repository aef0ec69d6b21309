/* Private to the scene library: the body definition a scene body is built
 * from, shared by the world builder (sim.c) and the reader, which refuses
 * what the world would (scene_geometry.c). */
#ifndef FL_SCENE_BODY_DEF_H
#define FL_SCENE_BODY_DEF_H

#include "flotsam/flotsam.h"

/* The def of scene body sb, its outline put in pts (room for
 * FL_SCENE_MAX_POINTS); water_density is the hold's water's when sb gives
 * none. The def points into pts and sb. */
fl_body_def scene_body_def(const fl_scene_body *sb, fl_vec2 *pts, double water_density);

#endif
