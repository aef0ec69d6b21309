/* flotsam's own elementary functions. The step, the buoyancy module and the
 * scene reader call these rather than the C library's sin, cos, exp, expm1
 * and tanh, which are not correctly rounded and round differently from one
 * libm to the next (glibc with and without FMA, musl, WebAssembly). These
 * are written in IEEE double arithmetic alone (+, -, *, / and exact
 * operations on the representation), so they give the same bits wherever
 * the compiler keeps to IEEE double (no x87, no contraction into fused
 * multiply-adds): a world steps to the same state on every such platform.
 *
 * Each is within 1 ulp of the exact value over its whole domain (measured
 * error under 0.8 ulp; tests/test_fmath.py checks millions of arguments
 * against mpmath), keeps the sign of zero, and returns NaN for NaN (and
 * for sin and cos of an infinity). sin and cos reduce any finite argument
 * exactly enough, up to the largest double. */
#ifndef FL_FMATH_H
#define FL_FMATH_H

#include "fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

FL_API double fl_sin(double x);
FL_API double fl_cos(double x);
/* Both at once, for one reduction of the argument: the same bits as
 * fl_sin and fl_cos. */
FL_API void fl_sincos(double x, double *sin_out, double *cos_out);
/* e^x: +inf above ln(DBL_MAX), 0 below the smallest subnormal's log. */
FL_API double fl_exp(double x);
/* e^x - 1, exact to the last bit near 0 where e^x - 1 cancels. */
FL_API double fl_expm1(double x);
FL_API double fl_tanh(double x);

#ifdef __cplusplus
}
#endif

#endif
