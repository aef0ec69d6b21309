/* Value-type 2D vector math. The y axis points down, as on screen: a positive
 * angle turns +x towards +y (clockwise on screen), and a positive torque
 * increases the angle. */
#ifndef FL_MATH_H
#define FL_MATH_H

#include <math.h>

#include "fl_fmath.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FL_PI 3.14159265358979323846

typedef struct fl_vec2 {
    double x, y;
} fl_vec2;

/* A rotation stored as its cosine and sine. */
typedef struct fl_rot {
    double c, s;
} fl_rot;

/* Smaller and larger of two numbers that are not NaN: plain comparisons the
 * compiler keeps inline, unlike fmin and fmax. */
static inline double fl_min(double a, double b) { return a < b ? a : b; }
static inline double fl_max(double a, double b) { return a > b ? a : b; }

/* (Initialised locals rather than compound literals, so that C++ reads
 * these headers too.) */
static inline fl_vec2 fl_v2(double x, double y)
{
    fl_vec2 v = {x, y};
    return v;
}
static inline fl_vec2 fl_add(fl_vec2 a, fl_vec2 b) { return fl_v2(a.x + b.x, a.y + b.y); }
static inline fl_vec2 fl_sub(fl_vec2 a, fl_vec2 b) { return fl_v2(a.x - b.x, a.y - b.y); }
static inline fl_vec2 fl_scale(fl_vec2 a, double s) { return fl_v2(a.x * s, a.y * s); }
static inline fl_vec2 fl_neg(fl_vec2 a) { return fl_v2(-a.x, -a.y); }
static inline double fl_dot(fl_vec2 a, fl_vec2 b) { return a.x * b.x + a.y * b.y; }
/* z component of the 3D cross product (a, 0) x (b, 0). */
static inline double fl_cross(fl_vec2 a, fl_vec2 b) { return a.x * b.y - a.y * b.x; }
/* (0, 0, s) x (v, 0): the velocity of a point at offset v for spin s. */
static inline fl_vec2 fl_cross_sv(double s, fl_vec2 v) { return fl_v2(-s * v.y, s * v.x); }
static inline double fl_length(fl_vec2 a) { return sqrt(fl_dot(a, a)); }
static inline fl_vec2 fl_lerp(fl_vec2 a, fl_vec2 b, double t)
{
    return fl_v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

/* The rotation by angle, from flotsam's own sin and cos (fl_fmath.h), so
 * that it is the same on every platform. */
static inline fl_rot fl_rot_from(double angle)
{
    fl_rot r;
    fl_sincos(angle, &r.s, &r.c);
    return r;
}
static inline fl_vec2 fl_rotate(fl_rot r, fl_vec2 v)
{
    return fl_v2(r.c * v.x - r.s * v.y, r.s * v.x + r.c * v.y);
}
static inline fl_vec2 fl_unrotate(fl_rot r, fl_vec2 v)
{
    return fl_v2(r.c * v.x + r.s * v.y, -r.s * v.x + r.c * v.y);
}

#ifdef __cplusplus
}
#endif

#endif
