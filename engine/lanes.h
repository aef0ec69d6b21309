/* Four doubles side by side: the solver's batches of rows (wide.c) work on
 * four rows at once. The compiler's vector extension (GCC and Clang), so
 * each operation is the IEEE one on every lane, as many at a time as the
 * target has room for (four with AVX, two with SSE2 or NEON, one where
 * there is no vector unit): the results are the same bits on every target.
 * Private to the engine. */
#ifndef FL_LANES_H
#define FL_LANES_H

#include <stdbool.h>

#define FL_LANES 4

/* Lanes only ever pass between functions inlined into one another (the
 * passes are compiled with AVX and without, wide.c): the compilers' note
 * that a vector's calling convention differs with and without AVX never
 * applies. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpsabi"
#define LANE_INLINE static inline __attribute__((always_inline))

/* Aligned as a double: the batches need no aligned allocation. */
typedef double lane __attribute__((vector_size(32), aligned(8)));
typedef long long lane_mask __attribute__((vector_size(32), aligned(8)));

LANE_INLINE lane lane_of(double x) { return (lane){x, x, x, x}; }

/* a on the lanes where m is set, b elsewhere. */
LANE_INLINE lane lane_select(lane_mask m, lane a, lane b)
{
    return (lane)(((lane_mask)a & m) | ((lane_mask)b & ~m));
}

/* fl_max and fl_min, lane by lane. */
LANE_INLINE lane lane_max(lane a, lane b) { return lane_select((lane_mask)(a > b), a, b); }
LANE_INLINE lane lane_min(lane a, lane b) { return lane_select((lane_mask)(a < b), a, b); }

LANE_INLINE bool lane_any(lane_mask m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }
LANE_INLINE bool lane_all(lane_mask m) { return (m[0] & m[1] & m[2] & m[3]) != 0; }

#endif
