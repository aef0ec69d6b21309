/* Private to the replay files of the scene library. */
#ifndef FL_REPLAY_INTERNAL_H
#define FL_REPLAY_INTERNAL_H

#include "flotsam/fl_replay.h"

/* Appends an input as it is (no folding of drags: a replay read keeps what
 * it says); false when out of memory. */
bool replay_append_input(fl_replay *r, const fl_input *in);

#endif
