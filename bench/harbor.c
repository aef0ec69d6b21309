#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harbor.h"

#define HARBOR_PI 3.14159265358979323846

harbor_rng harbor_rng_seed(void) { return (harbor_rng){12345u}; }

double harbor_rand(harbor_rng *r)
{
    uint32_t s = r->s;
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    r->s = s;
    return (double)(s >> 8) / 16777216.0;
}

static double cross3(harbor_vec2 o, harbor_vec2 a, harbor_vec2 b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Drops each point that makes the outline concave, keeping the rest in
 * order, until none does. The points wind one way around the origin. */
static int convex_in_order(harbor_vec2 *p, int n)
{
    double turn = 0.0;
    harbor_vec2 origin = {0.0, 0.0};
    for (int i = 0; i < n; i++)
        turn += cross3(origin, p[i], p[(i + 1) % n]);
    double sign = turn > 0.0 ? 1.0 : -1.0;
    bool changed = true;
    while (changed && n > 3) {
        changed = false;
        for (int i = 0; i < n; i++) {
            harbor_vec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
            if (sign * cross3(a, b, c) <= 0.0) {
                memmove(p + i, p + i + 1, sizeof *p * (size_t)(n - i - 1));
                n--;
                changed = true;
                break;
            }
        }
    }
    return n;
}

/* Area centroid by the shoelace formula (the points wind either way). */
static harbor_vec2 centroid(const harbor_vec2 *p, int n)
{
    double a = 0.0, cx = 0.0, cy = 0.0;
    for (int i = 0; i < n; i++) {
        harbor_vec2 p0 = p[i], p1 = p[(i + 1) % n];
        double c = p0.x * p1.y - p1.x * p0.y;
        a += c;
        cx += (p0.x + p1.x) * c;
        cy += (p0.y + p1.y) * c;
    }
    return (harbor_vec2){cx / (3.0 * a), cy / (3.0 * a)};
}

/* Draws body i's shape into v (room for 8 points); returns its point count. */
static int draw_shape(harbor_rng *rng, int kind, harbor_vec2 *v)
{
    if (kind == HARBOR_BOX) {
        double w = 0.4 + 0.4 * harbor_rand(rng);
        double h = 0.4 + 0.4 * harbor_rand(rng);
        v[0] = (harbor_vec2){-w / 2, -h / 2};
        v[1] = (harbor_vec2){w / 2, -h / 2};
        v[2] = (harbor_vec2){w / 2, h / 2};
        v[3] = (harbor_vec2){-w / 2, h / 2};
        return 4;
    }
    if (kind == HARBOR_REGULAR) {
        int n = 5 + (int)floor(4.0 * harbor_rand(rng));
        double radius = 0.3 + 0.15 * harbor_rand(rng);
        for (int k = 0; k < n; k++) {
            double a = 2.0 * HARBOR_PI * k / n;
            v[k] = (harbor_vec2){radius * cos(a), radius * sin(a)};
        }
        return n;
    }
    for (int k = 0; k < 6; k++) {
        double a = 2.0 * HARBOR_PI * (k + 0.8 * harbor_rand(rng)) / 6.0;
        double radius = 0.25 + 0.2 * harbor_rand(rng);
        v[k] = (harbor_vec2){radius * cos(a), radius * sin(a)};
    }
    int n = convex_in_order(v, 6);
    harbor_vec2 c = centroid(v, n);
    for (int k = 0; k < n; k++)
        v[k] = (harbor_vec2){v[k].x - c.x, v[k].y - c.y};
    return n;
}

bool harbor_generate(harbor_scene *out, int n)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > HARBOR_MAX_BODIES)
        return false;
    harbor_body *bodies = malloc(sizeof *bodies * (size_t)n);
    harbor_vec2 *verts = malloc(sizeof *verts * (size_t)n * 8);
    if (!bodies || !verts) {
        free(bodies);
        free(verts);
        return false;
    }
    int cols = (n + 7) / 8;
    double width = cols * 1.0 + 2.0;
    out->body_count = n;
    out->cols = cols;
    out->width = width;
    out->tank[0] = (harbor_box){-1.0, width + 1.0, HARBOR_FLOOR_TOP, HARBOR_FLOOR_TOP + 1.0};
    out->tank[1] = (harbor_box){-1.0, 0.0, -10.0, HARBOR_FLOOR_TOP};
    out->tank[2] = (harbor_box){width, width + 1.0, -10.0, HARBOR_FLOOR_TOP};
    harbor_rng rng = harbor_rng_seed();
    int used = 0;
    for (int i = 0; i < n; i++) {
        int c = i % cols, r = i / cols;
        harbor_body *b = &bodies[i];
        b->position = (harbor_vec2){1.5 + c * 1.0, 7.0 - r * 1.0};
        double q = 0.3 + 0.6 * harbor_rand(&rng);
        b->density = q * HARBOR_WATER_DENSITY;
        b->kind = i % 3;
        b->first_vertex = used;
        b->vertex_count = draw_shape(&rng, b->kind, verts + used);
        used += b->vertex_count;
    }
    out->bodies = bodies;
    out->vertices = verts;
    out->vertex_count = used;
    return true;
}

void harbor_free(harbor_scene *sc)
{
    free(sc->bodies);
    free(sc->vertices);
    memset(sc, 0, sizeof *sc);
}

void harbor_stats_add(harbor_stats *st, const harbor_scene *sc, double x, double y, double angle,
                      double submerged_fraction)
{
    st->bodies++;
    if (!isfinite(x) || !isfinite(y) || !isfinite(angle))
        st->nan = true;
    if (y > HARBOR_SURFACE)
        st->below_surface++;
    if (!(x >= 0.0 && x <= sc->width && y <= HARBOR_FLOOR_TOP))
        st->outside++;
    st->mean_submerged_fraction += submerged_fraction;
}

void harbor_stats_finish(harbor_stats *st)
{
    if (st->bodies > 0)
        st->mean_submerged_fraction /= st->bodies;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double harbor_median(double *v, long n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
