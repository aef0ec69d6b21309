/* The --plot series: sampled as the run goes, drawn at its end. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart.h"
#include "plot.h"
#include "snapshot.h"

static const char *const quantities[] = {"draft", "heel", "vertical-speed", "kinetic-energy",
                                         "submerged", "gm", "x", "y"};
static const char *const units[] = {"draft (m)", "heel (deg)", "vertical speed, up (m/s)",
                                    "kinetic energy (J)", "submerged fraction", "GM (m)", "x (m)",
                                    "y (m)"};
#define QUANTITY_COUNT ((int)(sizeof quantities / sizeof quantities[0]))

static int quantity_index(const char *q)
{
    for (int i = 0; i < QUANTITY_COUNT; i++)
        if (!strcmp(q, quantities[i]))
            return i;
    return -1;
}

bool plot_quantity_known(const char *q) { return quantity_index(q) >= 0; }

/* The body named, or the first that moves. */
static const fl_body *plotted(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_world_body_count(s->world); i++) {
        const fl_body *b = fl_world_body(s->world, i);
        if (name ? !strcmp(fl_sim_body_name(s, b), name) : !fl_body_is_static(b))
            return b;
    }
    return NULL;
}

bool plot_open(plot_series *p, const char *path, const char *quantity, const char *body,
               long every, const fl_sim *s, char *err, size_t err_size)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    p->quantity = quantity;
    p->body = body;
    p->every = every > 0 ? every : 1;
    const fl_body *b = plotted(s, body);
    if (!b) {
        snprintf(err, err_size, body ? "--body: no body named '%s' in the scene"
                                     : "--plot: the scene has no moving body%s", body ? body : "");
        return false;
    }
    if (!snapshot_probe(path, err, err_size))
        return false;
    const char *name = fl_sim_body_name(s, b);
    snprintf(p->title, sizeof p->title, "%s%s%s", name[0] ? name : "", name[0] ? ": " : "",
             units[quantity_index(quantity)]);
    return true;
}

static double value_of(const fl_sim *s, const fl_body *b, int q)
{
    fl_hydrostatics hs;
    fl_vec2 v = fl_body_velocity(b);
    double w = fl_body_spin(b);
    bool wet = fl_buoyancy_hydrostatics(s->buoyancy, fl_body_index(b), fl_world_time(s->world), &hs) &&
               hs.fluid >= 0;
    switch (q) {
    case 0: return wet ? hs.draft : NAN;
    case 1: return remainder(fl_body_angle(b), 2.0 * FL_PI) * 180.0 / FL_PI;
    case 2: return -v.y;
    case 3: return 0.5 * fl_body_mass(b) * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * w * w;
    case 4: return wet ? hs.fraction : 0.0;
    case 5: return wet && hs.floating ? hs.gm : NAN;
    case 6: return fl_body_position(b).x;
    default: return fl_body_position(b).y;
    }
}

bool plot_step(plot_series *p, fl_sim *s, long done, char *err, size_t err_size)
{
    if (!p->path || done % p->every != 0)
        return true;
    const fl_body *b = plotted(s, p->body);
    if (!b)
        return true; /* removed (by a script, a replay): the line ends */
    if (p->n == p->capacity) {
        int want = p->capacity ? 2 * p->capacity : 256;
        double *t = realloc(p->t, sizeof *t * (size_t)want);
        if (t)
            p->t = t;
        double *v = t ? realloc(p->v, sizeof *v * (size_t)want) : NULL;
        if (!t || !v) {
            snprintf(err, err_size, "out of memory for the plot");
            return false;
        }
        p->v = v;
        p->capacity = want;
    }
    fl_buoyancy_measure(s->buoyancy, fl_world_time(s->world));
    p->t[p->n] = fl_world_time(s->world);
    p->v[p->n++] = value_of(s, b, quantity_index(p->quantity));
    return true;
}

bool plot_close(plot_series *p, bool ok, char *err, size_t err_size)
{
    if (p->path && ok) {
        chart c = {p->title, "time (s)", p->t, p->v, p->n, 960, 540};
        ok = snapshot_paint(p->path, c.width, c.height, chart_paint, &c, err, err_size);
    }
    free(p->t);
    free(p->v);
    memset(p, 0, sizeof *p);
    return ok;
}
