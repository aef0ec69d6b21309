/* What reading a replay can tell of the world each input is applied to,
 * without simulating it, and so which inputs playing would certainly
 * refuse when it got to them (replay_internal.h). Every check here is one
 * that fl_replay_apply would fail as well: where reading cannot be sure,
 * nothing is said. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "replay_internal.h"

void replay_world_forget(replay_world *w)
{
    fl_scene_free(&w->sc);
    w->scene = -1;
    w->ids = 0;
    w->first_spawn = -1;
    if (w->removed) /* memset of NULL is undefined, even of no bytes */
        memset(w->removed, 0, sizeof *w->removed * w->removed_size);
}

/* The spawn events of a scene take ids as the world steps, in between the
 * inputs' spawns. */
static uint32_t spawn_events(const fl_scene *sc)
{
    uint32_t n = 0;
    for (int i = 0; i < sc->event_count; i++)
        n += sc->events[i].kind == FL_SCENE_SPAWN;
    return n;
}

void replay_world_build(replay_world *w, const fl_replay *r, int scene)
{
    replay_world_forget(w);
    if (scene < 0 || scene >= r->scene_count || r->scenes[scene].text == NULL)
        return; /* a scene that did not read: its world is not known */
    const replay_scene *s = &r->scenes[scene];
    fl_scene_error e;
    if (!fl_scene_parse(s->text, s->len, &w->sc, &e))
        return; /* out of memory: not known */
    uint32_t events = spawn_events(&w->sc);
    w->scene = scene;
    w->scene_line = s->line;
    /* A world is made with its scene's bodies as ids 0, 1, ... in file
     * order; later ones count on from there. */
    w->ids = (uint32_t)w->sc.body_count + events;
    w->first_spawn = events == 0 ? r->spawn_count : -1;
}

void replay_world_spawn_unread(replay_world *w)
{
    w->ids++; /* it may have been added all the same */
    w->first_spawn = -1;
}

void replay_world_free(replay_world *w)
{
    fl_scene_free(&w->sc);
    free(w->removed);
    *w = (replay_world){.scene = -1, .first_spawn = -1};
}

/* The body with that id when reading can tell which it is (one of the
 * scene's, or a spawn input's), with the replay line it was given on;
 * else NULL. */
static const fl_scene_body *body_of(const replay_world *w, const fl_replay *r, uint32_t id,
                                    int *line)
{
    const fl_scene *sc = &w->sc; /* the scene it was built from */
    uint32_t own = (uint32_t)sc->body_count;
    if (id < own) {
        *line = w->scene_line + sc->bodies[id].line - 1;
        return &sc->bodies[id];
    }
    if (w->first_spawn < 0 || id - own >= (uint32_t)(r->spawn_count - w->first_spawn))
        return NULL;
    const fl_scene_body *b = &r->spawns[w->first_spawn + (int)(id - own)];
    *line = b->line;
    return b;
}

/* Notes that input `line` removed body `id`; false when out of memory. */
static bool note_removed(replay_world *w, uint32_t id, int line)
{
    if (id >= w->removed_size) {
        uint32_t size = w->ids; /* ids never go past it in this world */
        int *bigger = realloc(w->removed, sizeof *bigger * size);
        if (!bigger)
            return false;
        memset(bigger + w->removed_size, 0, sizeof *bigger * (size - w->removed_size));
        w->removed = bigger;
        w->removed_size = size;
    }
    w->removed[id] = line;
    return true;
}

static bool refuse(fl_scene_error *err, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);

static bool refuse(fl_scene_error *err, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->line = at.line;
    err->column = at.column;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* What the player says it wants a body for (fl_replay_apply's words). */
static const char *purpose(fl_input_kind kind)
{
    switch (kind) {
    case FL_INPUT_REMOVE: return "remove";
    case FL_INPUT_GRAB: return "grab";
    case FL_INPUT_DENSITY: return "change";
    default: return "hole";
    }
}

static bool check_body(const replay_world *w, const fl_replay *r, const fl_input *in,
                       const input_where *where, fl_scene_error *err)
{
    const char *verb = purpose(in->kind);
    const char *moving = in->kind == FL_INPUT_GRAB ? "moving " : "";
    if (in->body >= w->ids && w->ids == 0)
        return refuse(err, where->body, "no %sbody with id %u to %s: the world has no bodies here",
                      moving, (unsigned)in->body, verb);
    if (in->body >= w->ids)
        return refuse(err, where->body,
                      "no %sbody with id %u to %s: none here has an id above %u", moving,
                      (unsigned)in->body, verb, (unsigned)(w->ids - 1));
    if (in->body < w->removed_size && w->removed[in->body] > 0)
        return refuse(err, where->body, "no %sbody with id %u to %s: it was removed on line %d",
                      moving, (unsigned)in->body, verb, w->removed[in->body]);
    int line = 0;
    const fl_scene_body *b = body_of(w, r, in->body, &line);
    if (b && b->is_static && in->kind == FL_INPUT_GRAB)
        return refuse(err, where->body, "no moving body with id %u to grab: body %u is static "
                      "(line %d)", (unsigned)in->body, (unsigned)in->body, line);
    if (b && b->is_static && in->kind == FL_INPUT_DENSITY)
        return refuse(err, where->body, "body %u is static and has no density to change (line %d)",
                      (unsigned)in->body, line);
    if (b && b->hull_count == 0 && in->kind == FL_INPUT_HOLE)
        return refuse(err, where->body, "body %u has no hold to hole: it has no hull (line %d)",
                      (unsigned)in->body, line);
    return true;
}

static bool check_fluid(const replay_world *w, const fl_input *in, const input_where *where,
                        fl_scene_error *err)
{
    const fl_scene *sc = &w->sc; /* the scene it was built from */
    int n = sc->fluid_count;
    if (in->fluid >= n && n == 0)
        return refuse(err, where->fluid, "no fluid %d in the world: it has none", in->fluid);
    if (in->fluid >= n)
        return refuse(err, where->fluid, "no fluid %d in the world: it has fluids 0 to %d",
                      in->fluid, n - 1);
    if (in->kind == FL_INPUT_WATER) {
        /* Waves steeper than a water wave can stand (fl_fluid_check). */
        if (in->wave_amplitude > FL_WAVE_STEEPEST * in->wave_length)
            return refuse(err, where->surface, "a wave of amplitude %g is too steep for its "
                          "length %g (at most %g of it)", in->wave_amplitude, in->wave_length,
                          FL_WAVE_STEEPEST);
        return true;
    }
    /* Its bottom stays where the scene put it: neither inputs nor the
     * scene's events move it. */
    double bottom = sc->fluids[in->fluid].bottom;
    if (!(in->surface < bottom))
        return refuse(err, where->surface, "surface must be less than fluid %d's bottom (%g)",
                      in->fluid, bottom);
    return true;
}

bool replay_world_apply(replay_world *w, const fl_replay *r, const fl_input *in,
                        const input_where *where, fl_scene_error *err)
{
    if (in->kind == FL_INPUT_BUILD) {
        replay_world_build(w, r, in->scene);
        return true;
    }
    if (w->scene < 0)
        return true;
    switch (in->kind) {
    case FL_INPUT_SPAWN:
        w->ids++;
        return true;
    case FL_INPUT_FLUID:
    case FL_INPUT_WATER: return check_fluid(w, in, where, err);
    case FL_INPUT_REMOVE:
    case FL_INPUT_GRAB:
    case FL_INPUT_DENSITY:
    case FL_INPUT_HOLE:
        if (!check_body(w, r, in, where, err))
            return false;
        if (in->kind == FL_INPUT_HOLE && in->anchor.x == in->target.x &&
            in->anchor.y == in->target.y)
            return refuse(err, where->to, "a hole's ends must be two points, not one");
        if (in->kind == FL_INPUT_REMOVE && !note_removed(w, in->body, in->line))
            replay_world_forget(w); /* out of memory: no more is checked in this world */
        return true;
    default: return true;
    }
}
