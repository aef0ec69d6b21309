/* The trace CSV: a header, then one row per body per traced step (step 0
 * too), written beside its final name and renamed into place when the run
 * ends well, so that a failed run leaves no half file. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "trace.h"

static const char header[] =
    "step,time,body,name,x,y,angle,vx,vy,spin,submerged_fraction,draft,heel_deg,gm,"
    "kinetic_energy\n";

bool trace_open(trace *t, const char *path, long every, char *err, size_t err_size)
{
    memset(t, 0, sizeof *t);
    t->every = every > 0 ? every : 1;
    size_t n = strlen(path);
    t->path = malloc(n + 1);
    t->part = malloc(n + 6);
    if (!t->path || !t->part) {
        snprintf(err, err_size, "out of memory");
        return trace_close(t, false, err, err_size) && false;
    }
    memcpy(t->path, path, n + 1);
    snprintf(t->part, n + 6, "%s.part", path);
    t->f = fopen(t->part, "w");
    if (!t->f || fputs(header, t->f) < 0) {
        snprintf(err, err_size, "cannot write '%s': %s", path, strerror(errno));
        trace_close(t, false, NULL, 0);
        return false;
    }
    return true;
}

/* A field of the CSV: a name never holds a comma or quote (scene names are
 * letters, digits, '_' and '-'), but say so in the quoting anyway. */
static void put_name(FILE *f, const char *name)
{
    fputs(name, f);
}

bool trace_step(trace *t, fl_sim *s, long done, char *err, size_t err_size)
{
    if (!t->f || done % t->every != 0)
        return true;
    fl_world *w = s->world;
    double now = fl_world_time(w);
    fl_buoyancy_measure(s->buoyancy, now);
    for (int i = 0; i < fl_world_body_count(w); i++) {
        const fl_body *b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            continue;
        fl_hydrostatics hs;
        fl_buoyancy_hydrostatics(s->buoyancy, i, now, &hs);
        fl_vec2 x = fl_body_position(b), v = fl_body_velocity(b);
        double spin = fl_body_spin(b), a = fl_body_angle(b);
        double heel = remainder(a, 2.0 * FL_PI) * 180.0 / FL_PI;
        double ke = 0.5 * fl_body_mass(b) * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin;
        fprintf(t->f, "%ld,%.17g,%d,", done, now, i);
        put_name(t->f, fl_sim_body_name(s, b));
        fprintf(t->f, ",%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,", x.x, x.y, a, v.x, v.y, spin,
                hs.fluid >= 0 ? hs.fraction : 0.0);
        if (hs.fluid >= 0)
            fprintf(t->f, "%.17g", hs.draft);
        fprintf(t->f, ",%.17g,", heel);
        if (hs.floating)
            fprintf(t->f, "%.17g", hs.gm);
        fprintf(t->f, ",%.17g\n", ke);
        t->rows++;
    }
    if (ferror(t->f)) {
        snprintf(err, err_size, "cannot write '%s': %s", t->path, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

bool trace_close(trace *t, bool ok, char *err, size_t err_size)
{
    if (t->f) {
        if (fclose(t->f) != 0 && ok) {
            if (err)
                snprintf(err, err_size, "cannot write '%s': %s", t->path, strerror(errno));
            ok = false;
        }
        t->f = NULL;
        if (ok && rename(t->part, t->path) != 0) {
            if (err)
                snprintf(err, err_size, "cannot write '%s': %s", t->path, strerror(errno));
            ok = false;
        }
        if (!ok)
            remove(t->part);
    }
    free(t->path);
    free(t->part);
    t->path = t->part = NULL;
    return ok;
}
