/* The names given to bodies, fluids and spawned bodies, in a hash set, and the ropes' body
 * names resolved against them once the whole file is read. */
#include "scene_parser.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- names -------------------------------------------------------------------- */

static size_t hash_name(const char *name)
{
    uint64_t h = 14695981039346656037u;
    for (; *name != '\0'; name++)
        h = (h ^ (unsigned char)*name) * 1099511628211u;
    return (size_t)h;
}

static const char *slot_name(const fl_scene *sc, size_t slot)
{
    size_t index = (slot - 1) / NAME_KINDS;
    switch ((slot - 1) % NAME_KINDS) {
    case NAME_BODY: return sc->bodies[index].name;
    case NAME_FLUID: return sc->fluids[index].name;
    default: return sc->events[index].body.name;
    }
}

/* The slot holding `name`, or the empty slot where it would go. */
static size_t *find_slot(const name_table *t, const fl_scene *sc, const char *name)
{
    size_t mask = t->capacity - 1;
    for (size_t i = hash_name(name) & mask;; i = (i + 1) & mask)
        if (t->slots[i] == 0 || strcmp(slot_name(sc, t->slots[i]), name) == 0)
            return &t->slots[i];
}

/* The entry for `name` (0 when not used). */
static size_t lookup_name(const parser *p, const char *name)
{
    return p->names.capacity == 0 ? 0 : *find_slot(&p->names, &p->sc, name);
}

static bool grow_names(parser *p)
{
    name_table old = p->names, bigger = {0};
    bigger.capacity = old.capacity == 0 ? 16 : old.capacity * 2;
    bigger.slots = calloc(bigger.capacity, sizeof *bigger.slots);
    if (bigger.slots == NULL)
        return false;
    for (size_t i = 0; i < old.capacity; i++)
        if (old.slots[i] != 0)
            *find_slot(&bigger, &p->sc, slot_name(&p->sc, old.slots[i])) = old.slots[i];
    bigger.count = old.count;
    free(old.slots);
    p->names = bigger;
    return true;
}

/* Records a name already stored at sc's `kind` array, entry `index`. */
bool scene_add_name(parser *p, const char *name, name_kind kind, int index)
{
    if ((p->names.count + 1) * 2 > p->names.capacity && !grow_names(p))
        return false;
    *find_slot(&p->names, &p->sc, name) = 1 + NAME_KINDS * (size_t)index + (size_t)kind;
    p->names.count++;
    return true;
}

static int entry_line(const parser *p, size_t slot)
{
    size_t index = (slot - 1) / NAME_KINDS;
    switch ((slot - 1) % NAME_KINDS) {
    case NAME_BODY: return p->sc.bodies[index].line;
    case NAME_FLUID: return p->sc.fluids[index].line;
    default: return p->sc.events[index].line;
    }
}

int scene_name_kind(const parser *p, const char *name)
{
    size_t slot = lookup_name(p, name);
    return slot == 0 ? -1 : (int)((slot - 1) % NAME_KINDS);
}

bool scene_read_new_name(parser *p, const scene_token *t, char out[FL_SCENE_NAME_MAX])
{
    size_t slot;
    if (!scene_read_name(p, t, out))
        return false;
    if (strcmp(out, "world") == 0)
        return scene_fail(p, t->value_pos, "'world' is reserved and cannot be a name");
    slot = lookup_name(p, out);
    if (slot != 0)
        return scene_fail(p, t->value_pos, "name '%s' is already used (line %d)", out,
                          entry_line(p, slot));
    return true;
}

/* ---- ropes' bodies ------------------------------------------------------------- */

static bool resolve_body(parser *p, const char *name, scene_pos at, int *index)
{
    size_t slot = lookup_name(p, name);
    if (slot == 0)
        return scene_fail(p, at, "unknown body '%s' in rope", name);
    if ((slot - 1) % NAME_KINDS == NAME_FLUID)
        return scene_fail(p, at, "'%s' is a fluid, not a body", name);
    if ((slot - 1) % NAME_KINDS == NAME_SPAWN)
        return scene_fail(p, at, "'%s' is spawned by an event; a rope ties bodies the scene "
                          "starts with", name);
    *index = (int)((slot - 1) / NAME_KINDS);
    return true;
}

bool scene_item_body(parser *p, const char *name, scene_pos at, const char *what, int *index)
{
    size_t slot = lookup_name(p, name);
    if (slot == 0 || (slot - 1) % NAME_KINDS != NAME_BODY)
        return scene_fail(p, at, "%s: '%s' is not a body named above it", what, name);
    *index = (int)((slot - 1) / NAME_KINDS);
    /* A compartment of a static body's hold (a dock, a lock) divides it
     * in the world. */
    const fl_scene_body *b = &p->sc.bodies[*index];
    if (b->is_static && !(strcmp(what, "compartment") == 0 && scene_body_has_hold(b)))
        return scene_fail(p, at, "%s: '%s' is static: a loading condition is of a body that "
                          "floats (a compartment of a static body needs a hold)", what, name);
    return true;
}

bool scene_resolve_ropes(parser *p)
{
    bool all = true;
    for (int i = 0; i < p->sc.rope_count; i++) {
        fl_scene_rope *r = &p->sc.ropes[i];
        const rope_ref *ref = &p->refs[i];
        bool ok = true;
        if (!resolve_body(p, ref->a, ref->a_pos, &r->a)) {
            scene_record(p);
            ok = false;
        }
        if (strcmp(ref->b, "world") == 0)
            r->b = -1;
        else if (!resolve_body(p, ref->b, ref->b_pos, &r->b)) {
            scene_record(p);
            ok = false;
        }
        all = all && ok;
    }
    return all;
}
