/* The fuzz targets' bodies, shared by the libFuzzer entry points
 * (fuzz_*.c) and by the regression driver (regress.c) that replays the
 * kept inputs in the ordinary test suite. Each takes any bytes, returns 0,
 * and aborts (with a message on stderr) when it finds something wrong that
 * a sanitizer would not: a non-finite state, or energy out of nothing. */
#ifndef FLOTSAM_FUZZ_TARGETS_H
#define FLOTSAM_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

/* Scene text in memory -> fl_scene, then freed. */
int fuzz_scene(const uint8_t *data, size_t size);
/* Replay text in memory -> fl_replay, then freed. */
int fuzz_replay(const uint8_t *data, size_t size);
/* Scene text -> fl_scene -> fl_sim, then FUZZ_SIM_STEPS steps, each
 * checked (fuzz/sim.c says what). */
int fuzz_sim(const uint8_t *data, size_t size);

#define FUZZ_SIM_STEPS 30
#define FUZZ_SIM_PASSES 1000 /* the most a step's solve may ask, the old iterations limit */

#endif
