/* Curves of form from the seed's tools: the hull clipped at a level
 * waterline (fl_clip_halfplane_area: the displaced area and its centroid,
 * exact for concave hulls), and the waterline itself, the pieces of the
 * line y = level inside the hull (crossings of its edges, sorted and taken
 * in pairs). BM = I / A, I the waterline's second moment about its own
 * centroid: the axis a small heel turns it about. */
#include <math.h>
#include <stdlib.h>
#include "curves_of_form.h"

static void bounds(const fl_vec2 *p, int n, double *top, double *keel)
{
    *top = INFINITY;
    *keel = -INFINITY;
    for (int i = 0; i < n; i++) {
        *top = fmin(*top, p[i].y);
        *keel = fmax(*keel, p[i].y);
    }
}

double form_keel(const fl_vec2 *hull, int n)
{
    double top, keel;
    bounds(hull, n, &top, &keel);
    return keel;
}

double form_depth(const fl_vec2 *hull, int n)
{
    double top, keel;
    bounds(hull, n, &top, &keel);
    return keel - top;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

bool form_waterline(const fl_vec2 *p, int n, double level, double *len, double *m1, double *m2)
{
    double *x = malloc(sizeof *x * (size_t)(n > 0 ? n : 1));
    if (!x)
        return false;
    int k = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        /* Half-open in y, so a vertex on the line is counted once. */
        if ((p[i].y > level) != (p[j].y > level))
            x[k++] = p[j].x + (level - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y);
    }
    qsort(x, (size_t)k, sizeof *x, by_value);
    *len = *m1 = *m2 = 0.0;
    for (int i = 0; i + 1 < k; i += 2) {
        double a = x[i], b = x[i + 1];
        *len += b - a;
        *m1 += (b * b - a * a) / 2.0;
        *m2 += (b * b * b - a * a * a) / 3.0;
    }
    free(x);
    return true;
}

bool form_at(const fl_vec2 *hull, int n, double density, double draft, form_row *out)
{
    double top, keel;
    bounds(hull, n, &top, &keel);
    if (n < 3 || !(draft > 0.0) || !(draft <= keel - top))
        return false;
    double level = keel - draft;
    fl_vec2 c;
    double area = fl_clip_halfplane_area(hull, n, (fl_halfplane){{0.0, 1.0}, level}, &c);
    double len, m1, m2;
    if (!(area > 0.0) || !form_waterline(hull, n, level, &len, &m1, &m2))
        return false;
    double centre = len > 0.0 ? m1 / len : 0.0;
    double inertia = m2 - len * centre * centre; /* about the waterline's centroid */
    *out = (form_row){draft, area, density * area, keel - c.y, inertia / area, 0.0, len,
                      density * len * 0.01};
    out->km = out->kb + out->bm;
    return true;
}

bool form_kn(const fl_vec2 *hull, int n, double area, double heel, double *kn)
{
    double top, keel;
    bounds(hull, n, &top, &keel);
    fl_righting r;
    if (!fl_righting_arm(hull, n, area, heel, &r))
        return false;
    /* K at (0, keel) in the hull's frame, G at its origin: heeled, K lies
     * -keel sin(heel) across from G. */
    *kn = r.gz + keel * fl_sin(heel);
    return true;
}

bool form_for_area(const fl_vec2 *hull, int n, double density, double area, form_row *out)
{
    double lo = 0.0, hi = form_depth(hull, n);
    form_row r;
    if (!form_at(hull, n, density, hi, &r) || !(area > 0.0) || area > r.area)
        return false;
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (form_at(hull, n, density, mid, &r) && r.area < area)
            lo = mid;
        else
            hi = mid;
    }
    return form_at(hull, n, density, hi, out);
}
