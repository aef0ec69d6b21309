/* A scripted scene's timed events, applied as the sim steps. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "sim_state.h"

static fl_body_id body_named(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_world_body_count(s->world); i++) {
        fl_body_id b = fl_world_body(s->world, i);
        if (!strcmp(fl_sim_body_name(s, b), name))
            return b;
    }
    return FL_NULL_BODY;
}

static int fluid_named(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_buoyancy_fluid_count(s->buoyancy); i++)
        if (!strcmp(fl_sim_fluid_name(s, fl_buoyancy_fluid_at(s->buoyancy, i)), name))
            return i;
    return -1;
}

static bool fail(fl_scene_error *err, const fl_scene_event *e, const char *what, const char *name)
{
    memset(err, 0, sizeof *err);
    err->line = e->line;
    err->column = 1;
    int n = snprintf(err->message, sizeof err->message, "at step %llu: ",
                     (unsigned long long)e->step);
    if (n > 0 && (size_t)n < sizeof err->message)
        snprintf(err->message + n, sizeof err->message - (size_t)n, "%.120s%s%s", what,
                 name ? name : "", name ? "'" : "");
    return false;
}

static bool apply(fl_sim *s, const fl_scene_event *e, fl_scene_error *err)
{
    fl_error why;
    fl_body_id b;
    switch (e->kind) {
    case FL_SCENE_SPAWN: {
        fl_status st = fl_sim_add_body(s, &e->body, NULL, &why);
        if (st != FL_OK) {
            fail(err, e, why.message, NULL);
            err->out_of_memory = st == FL_ENOMEM;
            return false;
        }
        return true;
    }
    case FL_SCENE_REMOVE:
        if (fl_body_is_null(b = body_named(s, e->name)))
            return fail(err, e, "nothing to remove: no body '", e->name);
        fl_world_remove_body(s->world, b);
        return true;
    case FL_SCENE_PUSH:
        if (fl_body_is_null(b = body_named(s, e->name)))
            return fail(err, e, "nothing to push: no body '", e->name);
        fl_body_apply_impulse(b, fl_body_world_point(b, e->at), e->impulse);
        return true;
    case FL_SCENE_FLUID: {
        int i = fluid_named(s, e->name);
        if (i < 0)
            return fail(err, e, "no fluid '", e->name);
        fl_fluid_def f = *fl_buoyancy_fluid_def(s->buoyancy, i);
        if (e->has_surface)
            f.surface = e->surface;
        if (e->has_density)
            f.density = e->density;
        fl_status st = fl_buoyancy_set_fluid(s->buoyancy, fl_buoyancy_fluid_at(s->buoyancy, i), &f, &why);
        if (st != FL_OK) {
            fail(err, e, why.message, NULL);
            err->out_of_memory = st == FL_ENOMEM;
            return false;
        }
        return true;
    }
    }
    return fail(err, e, "unknown event", NULL);
}

bool fl_sim_step(fl_sim *s, fl_scene_error *err)
{
    assert(s != NULL && s->world != NULL);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    FL_ASSERT(s && s->world && s->dt > 0.0);
    FL_ASSERT(s->next_event >= 0 && s->next_event <= s->event_count);
    bool ok = true;
    uint64_t now = fl_world_step_count(s->world);
    while (s->next_event < s->event_count && s->events[s->next_event].step <= now) {
        fl_scene_error e;
        if (!apply(s, &s->events[s->next_event++], &e) && ok) {
            *err = e;
            ok = false;
        }
    }
    fl_world_step(s->world, s->dt);
    return ok;
}
