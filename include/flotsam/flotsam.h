/* flotsam: a 2D rigid-body simulator whose bodies float. Include this one
 * header for the whole public API: the engine, the buoyancy module and scene
 * files. */
#ifndef FLOTSAM_H
#define FLOTSAM_H

#include "flotsam/fl_version.h"
#include "flotsam/fl_math.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_collide.h"
#include "flotsam/fl_body.h"
#include "flotsam/fl_contact.h"
#include "flotsam/fl_events.h"
#include "flotsam/fl_module.h"
#include "flotsam/fl_joint.h"
#include "flotsam/fl_world.h"
#include "flotsam/fl_fluid.h"
#include "flotsam/fl_buoyancy.h"
#include "flotsam/fl_hold.h"
#include "flotsam/fl_stability.h"
#if FL_HAS_FILES
#include "flotsam/fl_file.h"
#endif
#include "flotsam/fl_scene.h"
#include "flotsam/fl_sim.h"
#include "flotsam/fl_replay.h"

#endif
