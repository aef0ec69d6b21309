#include "sandbox_parts.h"

/* splitmix64: a small, well-mixed generator; the same seed always gives
 * the same numbers, on every machine. */
static uint64_t next_u64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi). */
static double uniform(uint64_t *state, double lo, double hi)
{
    return lo + (hi - lo) * (double)(next_u64(state) >> 11) * 0x1.0p-53;
}

/* Points of an ellipse taken in increasing parameter order always make a
 * convex polygon; jittering the parameters (less than half a gap each) and
 * the ellipse's axes and tilt makes every rock different. */
int sandbox_rock(unsigned seed, fl_vec2 *out, int max_points)
{
    uint64_t state = 0x726f636bull ^ ((uint64_t)seed << 32);
    int n = 6 + (int)(next_u64(&state) % 5);
    n = n > max_points ? max_points : n;
    double a = uniform(&state, 0.4, 0.7), b = uniform(&state, 0.28, 0.45);
    fl_rot tilt = fl_rot_from(uniform(&state, 0.0, FL_PI));
    double gap = 2.0 * FL_PI / n;
    for (int k = 0; k < n; k++) {
        double t = gap * (k + uniform(&state, -0.35, 0.35));
        out[k] = fl_rotate(tilt, fl_v2(a * cos(t), b * sin(t)));
    }
    return n;
}
