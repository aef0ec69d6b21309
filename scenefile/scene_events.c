/* Timed events of a scripted scene (docs/scene-format.md):
 *
 *   at t=2s spawn box at=3,1 size=1,1 density=500
 *   at step=300 remove crate
 *   at t=5s fluid water surface=7.5
 *   at t=3s push crate impulse=0,-200 at=0.2,0
 *
 * read at the start of their line, their names checked and their times
 * turned into steps once the whole file (and its rate) is read. */
#include "scene_parser.h"
#include "store.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SCENE_MOST_STEPS 1e12 /* the latest step an event may name */

static bool next_token(parser *p, scene_cursor *c, scene_token *t, scene_pos after,
                       const char *wanted)
{
    scene_lex_result r = scene_lex_next(c, t, p->err);
    if (r == SCENE_LEX_ERROR)
        return false;
    if (r == SCENE_LEX_END)
        return scene_fail(p, after, "expected %s", wanted);
    return true;
}

/* t=T (seconds, with an optional `s`) or step=N. */
static bool read_when(parser *p, const scene_token *t, fl_scene_event *e, event_ref *ref)
{
    ref->when_pos = t->has_value ? t->value_pos : t->key_pos;
    if (t->has_value && scene_token_is(t, "t")) {
        size_t n = t->value_len;
        if (n > 0 && t->value[n - 1] == 's')
            n--;
        double v;
        scene_number_status st = scene_lex_number(t->value, n, &v);
        if (st == SCENE_NUMBER_NO_MEMORY)
            return scene_fail_no_memory(p, t->value_pos, "reading a number");
        if (st != SCENE_NUMBER_OK)
            return scene_fail(p, t->value_pos, "t wants a time in seconds, such as t=2.5s");
        if (!(v >= 0.0 && v <= SCENE_MOST_STEPS / 1000.0))
            return scene_fail(p, t->value_pos, "t must be from 0 to %g s", SCENE_MOST_STEPS / 1000.0);
        ref->timed = true;
        ref->time = v;
        return true;
    }
    if (t->has_value && scene_token_is(t, "step")) {
        double v;
        scene_number_status st = scene_lex_number(t->value, t->value_len, &v);
        size_t d = 0; /* the value is not NUL-terminated: count within it */
        while (d < t->value_len && t->value[d] >= '0' && t->value[d] <= '9')
            d++;
        bool digits = t->value_len > 0 && d == t->value_len;
        if (st != SCENE_NUMBER_OK || !digits || v > SCENE_MOST_STEPS)
            return scene_fail(p, t->value_pos, "step wants a whole number from 0 to %g",
                              SCENE_MOST_STEPS);
        e->step = (uint64_t)v;
        return true;
    }
    return scene_fail(p, t->key_pos, "'at' needs t=TIME or step=N first");
}

/* The name an event acts on (a bare word). */
static bool read_target(parser *p, scene_cursor *c, scene_pos after, fl_scene_event *e,
                        event_ref *ref, const char *what)
{
    scene_token t;
    char wanted[64];
    snprintf(wanted, sizeof wanted, "the name of the %s", what);
    if (!next_token(p, c, &t, after, wanted))
        return false;
    if (t.has_value)
        return scene_fail(p, t.key_pos, "expected %s, got a field", wanted);
    scene_token as_value = t;
    as_value.value = t.key;
    as_value.value_len = t.key_len;
    as_value.value_pos = t.key_pos;
    ref->name_pos = t.key_pos;
    return scene_read_name(p, &as_value, e->name);
}

/* The key=value fields after the name of a fluid or push event. */
static bool read_fields(parser *p, scene_cursor *c, fl_scene_event *e, event_ref *ref)
{
    scene_token t;
    scene_lex_result r;
    bool seen_surface = false, seen_density = false, seen_impulse = false, seen_at = false;
    while ((r = scene_lex_next(c, &t, p->err)) == SCENE_LEX_TOKEN) {
        char q[SCENE_QUOTE_SIZE];
        scene_quote(q, t.key, t.key_len);
        bool *seen = NULL;
        if (e->kind == FL_SCENE_FLUID && scene_token_is(&t, "surface"))
            seen = &seen_surface;
        else if (e->kind == FL_SCENE_FLUID && scene_token_is(&t, "density"))
            seen = &seen_density;
        else if (e->kind == FL_SCENE_PUSH && scene_token_is(&t, "impulse"))
            seen = &seen_impulse;
        else if (e->kind == FL_SCENE_PUSH && scene_token_is(&t, "at"))
            seen = &seen_at;
        if (!seen)
            return scene_fail(p, t.key_pos, "unknown field '%s' in %s", q,
                              e->kind == FL_SCENE_FLUID ? "a fluid event" : "a push");
        if (!t.has_value)
            return scene_fail(p, t.key_pos, "'%s' needs a value (%s=...)", q, q);
        if (*seen)
            return scene_fail(p, t.key_pos, "duplicate field '%s'", q);
        *seen = true;
        bool ok;
        if (seen == &seen_surface) {
            ok = scene_read_real(p, &t, F_SURFACE, ANY, &e->surface);
            e->has_surface = true;
            ref->surface_pos = t.value_pos;
        } else if (seen == &seen_density) {
            ok = scene_read_real(p, &t, F_DENSITY, SCALE, &e->density);
            e->has_density = true;
        } else if (seen == &seen_impulse) {
            ok = scene_read_point(p, &t, &e->impulse);
        } else {
            ok = scene_read_point(p, &t, &e->at);
        }
        if (!ok)
            return false;
    }
    if (r == SCENE_LEX_ERROR)
        return false;
    if (e->kind == FL_SCENE_FLUID && !seen_surface && !seen_density)
        return scene_fail(p, (scene_pos){e->line, 1}, "a fluid event needs surface= or density=");
    if (e->kind == FL_SCENE_PUSH && !seen_impulse)
        return scene_fail(p, (scene_pos){e->line, 1}, "push needs 'impulse'");
    return true;
}

bool scene_start_event(parser *p, scene_cursor *c, const scene_token *at)
{
    fl_scene *sc = &p->sc;
    int capacity = p->event_capacity;
    if (!scene_reserve((void **)&p->event_refs, &capacity, sc->event_count, sizeof *p->event_refs) ||
        !scene_reserve((void **)&sc->events, &p->event_capacity, sc->event_count, sizeof *sc->events))
        return scene_fail_no_memory(p, at->key_pos, "the scene's timed events (%d read)",
                                    p->sc.event_count);
    fl_scene_event *e = &sc->events[sc->event_count];
    event_ref *ref = &p->event_refs[sc->event_count];
    memset(e, 0, sizeof *e);
    memset(ref, 0, sizeof *ref);
    e->line = at->key_pos.line;
    scene_token t;
    if (!next_token(p, c, &t, at->key_pos, "t=TIME or step=N after 'at'") ||
        !read_when(p, &t, e, ref))
        return false;
    scene_pos after = t.key_pos;
    if (!next_token(p, c, &t, after, "what happens (spawn, remove, fluid, push)"))
        return false;
    char q[SCENE_QUOTE_SIZE];
    scene_quote(q, t.text, t.text_len);
    if (t.has_value)
        return scene_fail(p, t.key_pos, "expected what happens (spawn, remove, fluid, push), got '%s'", q);
    int index = sc->event_count++; /* its arrays hold it from here: nothing half-made */
    if (scene_token_is(&t, "spawn")) {
        e->kind = FL_SCENE_SPAWN;
        scene_token shape;
        if (!next_token(p, c, &shape, t.key_pos, "a body after 'spawn' (box, ngon, polygon)"))
            return false;
        stmt_kind k = shape.has_value ? K_NONE : scene_keyword_of(&shape);
        if (k != K_BOX && k != K_NGON && k != K_POLYGON) {
            scene_quote(q, shape.text, shape.text_len);
            return scene_fail(p, shape.key_pos, "'spawn' is followed by box, ngon or polygon, got '%s'", q);
        }
        if (!scene_begin_statement(p, k, shape.key_pos))
            return false;
        p->cur.event = index;
        return true; /* the body's fields follow */
    }
    if (scene_token_is(&t, "remove")) {
        e->kind = FL_SCENE_REMOVE;
        return read_target(p, c, t.key_pos, e, ref, "body to remove");
    }
    if (scene_token_is(&t, "fluid")) {
        e->kind = FL_SCENE_FLUID;
        return read_target(p, c, t.key_pos, e, ref, "fluid") && read_fields(p, c, e, ref);
    }
    if (scene_token_is(&t, "push")) {
        e->kind = FL_SCENE_PUSH;
        return read_target(p, c, t.key_pos, e, ref, "body to push") && read_fields(p, c, e, ref);
    }
    return scene_fail(p, t.key_pos, "unknown event '%s' (spawn, remove, fluid, push)", q);
}

bool scene_finish_spawn(parser *p)
{
    fl_scene_event *e = &p->sc.events[p->cur.event];
    e->body = p->cur.body;
    if (!scene_store_body(&p->sc.store, &e->body))
        return scene_fail_no_memory(p, p->cur.where, "the scene's outlines");
    if (e->body.name[0] != '\0' && !scene_add_name(p, e->body.name, NAME_SPAWN, p->cur.event))
        return scene_fail_no_memory(p, p->cur.where, "the scene's names");
    return true;
}

static int by_step(const void *a, const void *b)
{
    const fl_scene_event *x = a, *y = b;
    if (x->step != y->step)
        return x->step < y->step ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line; /* file order within a step */
}

/* The bottom of the fluid named `name` (there is one). */
static double fluid_bottom(const parser *p, const char *name)
{
    for (int i = 0; i < p->sc.fluid_count; i++)
        if (strcmp(p->sc.fluids[i].name, name) == 0)
            return p->sc.fluids[i].bottom;
    return 0.0;
}

bool scene_finish_events(parser *p)
{
    fl_scene *sc = &p->sc;
    bool all = true;
    for (int i = 0; i < sc->event_count; i++) {
        fl_scene_event *e = &sc->events[i];
        const event_ref *ref = &p->event_refs[i];
        if (ref->timed)
            e->step = (uint64_t)llround(ref->time * sc->rate);
        if (e->kind == FL_SCENE_SPAWN)
            continue;
        int kind = scene_name_kind(p, e->name);
        bool fluid = e->kind == FL_SCENE_FLUID;
        if (kind < 0)
            all = scene_fail(p, ref->name_pos, "unknown %s '%s'", fluid ? "fluid" : "body", e->name);
        else if (fluid != (kind == NAME_FLUID))
            all = scene_fail(p, ref->name_pos, "'%s' is a %s, not a %s", e->name,
                             fluid ? "body" : "fluid", fluid ? "fluid" : "body");
        else if (fluid && e->has_surface && !(e->surface < fluid_bottom(p, e->name)))
            /* as the world would refuse it when the event comes */
            all = scene_fail(p, ref->surface_pos, "surface must be above the bottom of fluid '%s' (%g)",
                             e->name, fluid_bottom(p, e->name));
        else
            continue;
        scene_record(p);
    }
    if (sc->event_count > 1)
        qsort(sc->events, (size_t)sc->event_count, sizeof *sc->events, by_step);
    return all;
}
