/* The state output of a run ("flotsam-state 1"): every body's motion as JSON,
 * and a 64-bit hash over the exact bits of it. */
#ifndef FL_STATE_H
#define FL_STATE_H

#include <stdint.h>
#include <stdio.h>
#include "sim.h"

/* FNV-1a over the little-endian bytes of each body's x, y, angle, vx, vy and
 * spin, in body order: equal only for runs that agree bit for bit. */
uint64_t state_hash(const fl_world *w);

/* Writes the state JSON, one body to a line. Measures buoyancy first so
 * that submerged areas match the positions written. Returns 0, or -1 when
 * the stream reports an error. */
int state_write_json(FILE *f, sim *s);

/* Prints the shortest decimal that reads back as exactly x ("null" if x is
 * not finite) into buf; returns buf. */
const char *state_format_double(double x, char buf[32]);

#endif
