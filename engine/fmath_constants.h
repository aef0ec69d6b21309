/* flotsam's elementary functions: their constants, as printed by
 * scripts/fmath_coefficients.py (do not edit; run it again). */
#ifndef FL_FMATH_CONSTANTS_H
#define FL_FMATH_CONSTANTS_H

#include <stdint.h>

/* pi/2 in three parts, the first two of 33 bits (n p1 and n p2 exact for n < 2^20) */
#define PIO2_1 0x1.921fb54400000p+0
#define PIO2_2 0x1.0b4611a600000p-34
#define PIO2_3 0x1.3198a2e037073p-69
/* pi/2 as a double and its remainder; 2/pi */
#define PIO2_HI 0x1.921fb54442d18p+0
#define PIO2_LO 0x1.1a62633145c07p-54
#define INV_PIO2 0x1.45f306dc9c883p-1
/* ln 2 in two parts, the first of 42 bits (n l1 exact for |n| < 2^11); 1/ln 2 */
#define LN2_1 0x1.62e42fefa3800p-1
#define LN2_2 0x1.ef35793c76730p-45
#define INV_LN2 0x1.71547652b82fep+0
/* 2/pi = sum of TWO_OVER_PI[k] 2^(-32 (k + 1)) */
static const uint32_t two_over_pi[40] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041,
    0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c,
    0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
    0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
    0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
    0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d,
};
/* SIN_: degree 6 on [0.0, 0.616851], error 6.32e-18 of the result */
#define SIN_0 -0x1.5555555555555p-3
#define SIN_1 0x1.1111111111110p-7
#define SIN_2 -0x1.a01a01a019938p-13
#define SIN_3 0x1.71de3a5460952p-19
#define SIN_4 -0x1.ae645412c4787p-26
#define SIN_5 0x1.61217f0ac7f98p-33
#define SIN_6 -0x1.ab17d3985bccep-41
/* COS_: degree 6 on [0.0, 0.616851], error 1.22e-18 of the result */
#define COS_0 0x1.5555555555555p-5
#define COS_1 -0x1.6c16c16c16c16p-10
#define COS_2 0x1.a01a01a019d0ap-16
#define COS_3 -0x1.27e4fb7712d61p-22
#define COS_4 0x1.1eed8deb97423p-29
#define COS_5 -0x1.9394ba0c332d9p-37
#define COS_6 0x1.ab785aa02d659p-45
/* EM1_: degree 9 on [-0.346912, 0.346912], error 2.48e-18 of the result */
#define EM1_0 0x1.5555555555556p-3
#define EM1_1 0x1.5555555555555p-5
#define EM1_2 0x1.11111111109a6p-7
#define EM1_3 0x1.6c16c16c167dap-10
#define EM1_4 0x1.a01a01a7ce75dp-13
#define EM1_5 0x1.a01a01a480ee6p-16
#define EM1_6 0x1.71de0d863c737p-19
#define EM1_7 0x1.27e4e1dd94aefp-22
#define EM1_8 0x1.af39091a8441ap-26
#define EM1_9 0x1.1f67160206a4dp-29

#endif
