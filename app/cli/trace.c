/* The trace CSV: a header, then one row per body per traced step (step 0
 * too), written beside its final name and renamed into place when the run
 * ends well (out_open), and removed if a signal ends the run, so that a failed run leaves no half file. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "out_files.h"
#include "readings.h"
#include "trace.h"

static const char header[] =
    "step,time,body,name,x,y,angle,vx,vy,spin,submerged_fraction,draft,heel_deg,gm_solid,gm_fluid,"
    "kinetic_energy\n";

bool trace_open(trace *t, const char *path, long every, char *err, size_t err_size)
{
    memset(t, 0, sizeof *t);
    t->every = every > 0 ? every : 1;
    if (!out_open(&t->out, path, err, err_size))
        return false;
    if (fputs(header, t->out.f) < 0) {
        snprintf(err, err_size, "cannot write '%s': %s", path, strerror(errno));
        trace_close(t, false, NULL, 0);
        return false;
    }
    return true;
}

bool trace_due(const trace *t, long done) { return t->out.f && done % t->every == 0; }

/* A number of the CSV, or nothing where the reading does not apply. */
static void put_reading(FILE *f, double v, const char *after)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    fputs(after, f);
}

bool trace_step(trace *t, fl_sim *s, long done, char *err, size_t err_size)
{
    if (!trace_due(t, done))
        return true;
    fl_world *w = fl_sim_world(s);
    double now = fl_world_time(w);
    FILE *f = t->out.f;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            continue;
        fl_hydrostatics hs;
        fl_buoyancy_hydrostatics(fl_sim_buoyancy(s), b, now, &hs);
        fl_vec2 x = fl_body_position(b), v = fl_body_velocity(b);
        /* Names are letters, digits, '_' and '-': nothing to quote. */
        fprintf(f, "%ld,%.17g,%d,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,", done, now, i,
                fl_sim_body_name(s, b), x.x, x.y, fl_body_angle(b), v.x, v.y, fl_body_spin(b));
        put_reading(f, reading_value(s, b, &hs, READ_SUBMERGED), ",");
        put_reading(f, reading_value(s, b, &hs, READ_DRAFT), ",");
        put_reading(f, reading_value(s, b, &hs, READ_HEEL), ",");
        put_reading(f, reading_value(s, b, &hs, READ_GM), ",");
        put_reading(f, reading_value(s, b, &hs, READ_GM_FLUID), ",");
        put_reading(f, reading_value(s, b, &hs, READ_KINETIC), "\n");
        t->rows++;
    }
    if (ferror(f)) {
        snprintf(err, err_size, "cannot write '%s': %s", t->out.path, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

bool trace_close(trace *t, bool ok, char *err, size_t err_size)
{
    char spare[8];
    if (!t->out.f)
        return ok;
    if (!ok) {
        out_abort(&t->out);
        return false;
    }
    return out_commit(&t->out, err ? err : spare, err ? err_size : sizeof spare);
}
