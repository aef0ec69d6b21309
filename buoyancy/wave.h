/* Linear (Airy) wave theory for one fluid at one moment, as the buoyancy
 * module uses it: private to the module.
 *
 * y points down. The surface is y0 + A sin(theta), theta = k x - w t, so
 * the elevation upwards is eta = -A sin(theta). With z = y - y0 the depth
 * below the still level, h the depth of the fluid and q = exp(-2 k h),
 * the fields of linear theory are sums of two complex exponentials,
 *   V1 = exp(-k z + i theta),   V2 = exp(k (z - 2 h) + i theta),
 *   cosh(k (h - z)) / cosh(k h) = (|V1| + |V2|) / (1 + q),
 *   sinh(k (h - z)) / sinh(k h) = (|V1| - |V2|) / (1 - q),
 * written so that nothing overflows however deep the fluid (V2 <= e^-kh
 * anywhere above the bottom):
 *   dynamic pressure  p = -rho g A / (1 + q) Im(V1 + V2)
 *   velocity          u = -A w / (1 - q) Im(V1 + V2)
 *                     v = -A w / (1 - q) Re(V1 - V2)   (v along +y, down)
 * p is harmonic and (u, v) = grad phi: the linearised Euler equation
 * rho du/dt = -grad p holds exactly when w^2 = g k (1 - q) / (1 + q) =
 * g k tanh(k h), the dispersion relation. */
#ifndef FL_BUOYANCY_WAVE_H
#define FL_BUOYANCY_WAVE_H

#include <math.h>
#include "flotsam/fl_fluid.h"
#include "flotsam/fl_math.h"

typedef struct cplx {
    double re, im;
} cplx;

static inline cplx cplx_mul(cplx a, cplx b)
{
    return (cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
static inline cplx cplx_add(cplx a, cplx b) { return (cplx){a.re + b.re, a.im + b.im}; }
static inline cplx cplx_sub(cplx a, cplx b) { return (cplx){a.re - b.re, a.im - b.im}; }
static inline cplx cplx_scale(cplx a, double s) { return (cplx){a.re * s, a.im * s}; }
/* a / b, b != 0: through b's conjugate (written out, so every compiler
 * rounds it alike). */
static inline cplx cplx_div(cplx a, cplx b)
{
    double n = b.re * b.re + b.im * b.im;
    return (cplx){(a.re * b.re + a.im * b.im) / n, (a.im * b.re - a.re * b.im) / n};
}

typedef struct wave {
    double y0;        /* the still level */
    double amp;       /* A */
    double k, omega;  /* wavenumber 2 pi / L, angular frequency k * speed */
    double depth;     /* h = bottom - surface */
    double phase;     /* -w t */
    double p_amp;     /* -rho g A / (1 + q) */
    double v_amp;     /* -A w / (1 - q) */
} wave;

/* The wave of fluid f (its wave_speed as it is) under gravity g at time t. */
wave wave_at(const fl_fluid_def *f, double g, double t);

/* V1 and V2 at world point p. */
static inline void wave_modes(const wave *w, fl_vec2 p, cplx *v1, cplx *v2)
{
    double z = p.y - w->y0, theta = w->k * p.x + w->phase;
    double s, c;
    fl_sincos(theta, &s, &c);
    double e1 = fl_exp(-w->k * z), e2 = fl_exp(w->k * (z - 2.0 * w->depth));
    *v1 = (cplx){e1 * c, e1 * s};
    *v2 = (cplx){e2 * c, e2 * s};
}

/* The water's orbital velocity at p (the current left out). */
static inline fl_vec2 wave_velocity(const wave *w, fl_vec2 p)
{
    cplx v1, v2;
    wave_modes(w, p, &v1, &v2);
    return fl_v2(w->v_amp * (v1.im + v2.im), w->v_amp * (v1.re - v2.re));
}

/* The surface's height at world x. */
static inline double wave_surface(const wave *w, double x)
{
    return w->y0 + w->amp * fl_sin(w->k * x + w->phase);
}

/* What the dynamic pressure does to a polygon: its force and its moment
 * about a point, summed edge by edge (wave_force.c). */
typedef struct wave_load {
    fl_vec2 force;    /* N */
    double moment;    /* N m, about the point the edges are given from */
} wave_load;

/* Adds to *load the dynamic pressure's force on the edge from `a` to `b`
 * of a polygon of positive shoelace area (outward normal (d.y, -d.x) for
 * d = b - a), and its moment about `at`, a and b given relative to `at`;
 * va1, va2, vb1, vb2: wave_modes at the two ends. */
void wave_edge_load(const wave *w, fl_vec2 a, fl_vec2 b, cplx va1, cplx va2, cplx vb1, cplx vb2,
                    wave_load *load);

#endif
