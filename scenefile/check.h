/* The scene files' internal invariants, checked as the engine checks its
 * own (engine/fail.h, which this module does not see): in debug builds,
 * compiled out of release builds (NDEBUG). Private to the scene files. */
#ifndef FL_SCENE_CHECK_H
#define FL_SCENE_CHECK_H

#include <assert.h>

#define FL_ASSERT(cond) assert(cond)

#endif
