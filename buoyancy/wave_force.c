/* The wave's dynamic pressure integrated over a straight edge, in closed
 * form.
 *
 * Along the edge r(s) = a + s d, s from 0 to 1, each mode of the pressure
 * (wave.h) is one complex exponential of s: V(s) = V(0) exp(beta s), with
 * beta = k (-d.y + i d.x) for V1 and k (d.y + i d.x) for V2 (the real part
 * the decay with depth, the imaginary part the turn of the phase along
 * x). So
 *   J0 = integral of V ds     = (V(1) - V(0)) / beta,
 *   J1 = integral of s V ds   = (V(1) - J0) / beta,
 * exactly. Where |beta| is small (a short edge, a long wave) those
 * differences cancel, and beta is 0 for an edge of no length; there the
 * series
 *   J0 = V(0) sum beta^n / (n + 1)!,   J1 = V(0) sum beta^n (n + 1) / (n + 2)!
 * is used instead, summed to n = 20 for |beta| < 1, where the first term
 * left out is under 1 / 21! ~ 2e-20 of the sum: no division by ~0 and no
 * cancellation, edge parallel to the wave fronts (d.x = 0: a vertical
 * edge, where the phase does not turn) or to the still level (d.y = 0,
 * where the decay does not change) alike; beta is 0 only if d is. */
#include "wave.h"

enum { SERIES_TERMS = 20 };

/* The two integrals of one mode along the edge. */
static void mode_integrals(cplx beta, cplx va, cplx vb, cplx *j0, cplx *j1)
{
    if (beta.re * beta.re + beta.im * beta.im >= 1.0) {
        *j0 = cplx_div(cplx_sub(vb, va), beta);
        *j1 = cplx_div(cplx_sub(vb, *j0), beta);
        return;
    }
    /* Nested (Horner) forms: sum beta^n / (n + 1)! = 1 + beta/2 (1 + beta/3
     * (1 + ...)); the second's terms (n + 1) / (n + 2)! start at 1/2 and go
     * by the ratios (n + 2) / ((n + 1) (n + 3)). */
    cplx s0 = {1.0, 0.0}, s1 = {1.0, 0.0};
    for (int n = SERIES_TERMS; n >= 1; n--) {
        s0 = cplx_add((cplx){1.0, 0.0}, cplx_mul(cplx_scale(beta, 1.0 / (n + 1)), s0));
        double r = (double)(n + 1) / ((double)n * (n + 2));
        s1 = cplx_add((cplx){1.0, 0.0}, cplx_mul(cplx_scale(beta, r), s1));
    }
    *j0 = cplx_mul(va, s0);
    *j1 = cplx_mul(va, cplx_scale(s1, 0.5));
}

void wave_edge_load(const wave *w, fl_vec2 a, fl_vec2 b, cplx va1, cplx va2, cplx vb1, cplx vb2,
                    wave_load *load)
{
    fl_vec2 d = fl_sub(b, a);
    cplx j0a, j1a, j0b, j1b;
    mode_integrals((cplx){-w->k * d.y, w->k * d.x}, va1, vb1, &j0a, &j1a);
    mode_integrals((cplx){w->k * d.y, w->k * d.x}, va2, vb2, &j0b, &j1b);
    /* The pressure's mean along the edge, and its first moment in s. */
    double i0 = w->p_amp * (j0a.im + j0b.im), i1 = w->p_amp * (j1a.im + j1b.im);
    /* The force -p n dl with n dl = (d.y, -d.x) ds; its moment about the
     * origin r x (-p n) = p (r . d) ds, r = a + s d. */
    load->force = fl_add(load->force, fl_v2(-i0 * d.y, i0 * d.x));
    load->moment += fl_dot(a, d) * i0 + fl_dot(d, d) * i1;
}
