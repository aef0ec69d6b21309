/* The flotsam engine: include this for the whole public API. */
#ifndef FLOTSAM_H
#define FLOTSAM_H

#include "fl_math.h"
#include "fl_types.h"
#include "fl_polygon.h"
#include "fl_body.h"
#include "fl_events.h"
#include "fl_world.h"
#include "fl_collide.h"
#include "fl_contact.h"
#include "fl_joint.h"

#define FL_VERSION_STRING "0.1.0"

#endif
