/* The --plot series: sampled as the run goes, drawn at its end. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "frames.h"
#include "plot.h"
#include "readings.h"

bool plot_quantity_known(const char *q) { return reading_named(q) >= 0; }

bool plot_format_known(const char *path)
{
    return frames_picture_known(path) && strcasecmp(strrchr(path, '.'), ".pdf") != 0;
}

bool plot_open(plot_series *p, const char *path, const char *quantity, const char *body,
               long every, const fl_sim *s, char *err, size_t err_size)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    p->quantity = quantity;
    p->body = body;
    p->every = every > 0 ? every : 1;
    fl_body_id b = reading_body(s, body);
    if (fl_body_is_null(b)) {
        snprintf(err, err_size, body ? "--body: no body named '%s' in the scene"
                                     : "--plot: the scene has no moving body%s", body ? body : "");
        return false;
    }
    const char *name = fl_sim_body_name(s, b);
    snprintf(p->title, sizeof p->title, "%s%s%s", name[0] ? name : "", name[0] ? ": " : "",
             reading_label((reading)reading_named(quantity)));
    return true;
}

bool plot_due(const plot_series *p, long done) { return p->path && done % p->every == 0; }

bool plot_step(plot_series *p, fl_sim *s, long done, char *err, size_t err_size)
{
    if (!plot_due(p, done))
        return true;
    fl_body_id b = reading_body(s, p->body);
    if (fl_body_is_null(b))
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
    fl_hydrostatics hs;
    fl_buoyancy_hydrostatics(fl_sim_buoyancy(s), b, fl_world_time(fl_sim_world(s)), &hs);
    p->t[p->n] = fl_world_time(fl_sim_world(s));
    p->v[p->n++] = reading_value(s, b, &hs, (reading)reading_named(p->quantity));
    return true;
}

bool plot_close(plot_series *p, bool ok, char *err, size_t err_size)
{
    if (p->path && ok)
        ok = frames_chart(p->path, p->title, "time (s)", p->t, p->v, p->n, err, err_size);
    free(p->t);
    free(p->v);
    memset(p, 0, sizeof *p);
    return ok;
}
