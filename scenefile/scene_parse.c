/* The scene file parser: statements and their fields, and whole files. Field
 * values are read in scene_values.c, the names that ropes refer to are kept
 * in scene_names.c, and the lexical layer is in scene_lex.c. */
#include "check.h"
#include "scene_parser.h"
#include "store.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- statements and fields ------------------------------------------------ */

static const char *const keyword_names[K_COUNT] = {
    [K_NONE] = "", [K_WORLD] = "world", [K_VIEW] = "view", [K_FLUID] = "fluid",
    [K_BOX] = "box", [K_NGON] = "ngon", [K_POLYGON] = "polygon", [K_ROPE] = "rope",
    [K_ITEM] = "item", [K_TANK] = "tank", [K_COMPARTMENT] = "compartment",
};


#define BIT(f) ((uint64_t)1 << (f))

#define BODY_FIELDS                                                                              \
    (BIT(F_NAME) | BIT(F_AT) | BIT(F_DENSITY) | BIT(F_MASS) | BIT(F_CG) | BIT(F_ANGLE) | BIT(F_VELOCITY) | BIT(F_SPIN) |   \
     BIT(F_FRICTION) | BIT(F_RESTITUTION) | BIT(F_COLOR) | BIT(F_STATIC) | BIT(F_CATEGORY) |   \
     BIT(F_MASK) | BIT(F_SENSOR))

/* Fields written as a bare word. */
#define FLAG_FIELDS (BIT(F_STATIC) | BIT(F_SENSOR) | BIT(F_CLOSED))

static uint64_t allowed_fields(stmt_kind kind)
{
    switch (kind) {
    case K_WORLD: return BIT(F_GRAVITY) | BIT(F_RATE) | BIT(F_ITERATIONS) | BIT(F_SUBSTEPS);
    case K_VIEW: return BIT(F_CENTER) | BIT(F_WIDTH);
    case K_FLUID:
        return BIT(F_NAME) | BIT(F_DENSITY) | BIT(F_SURFACE) | BIT(F_LEFT) | BIT(F_RIGHT) |
               BIT(F_BOTTOM) | BIT(F_LINEAR_DRAG) | BIT(F_ANGULAR_DRAG) | BIT(F_CURRENT) |
               BIT(F_WAVE_AMPLITUDE) | BIT(F_WAVE_LENGTH) | BIT(F_WAVE_SPEED) | BIT(F_CLOSED);
    case K_BOX: return BODY_FIELDS | BIT(F_SIZE);
    case K_NGON: return BODY_FIELDS | BIT(F_SIDES) | BIT(F_RADIUS);
    case K_POLYGON:
        return BODY_FIELDS | BIT(F_POINTS) | BIT(F_HULL) | BIT(F_OPENINGS) | BIT(F_WATER) |
               BIT(F_WATER_DENSITY);
    case K_ROPE:
        return BIT(F_A) | BIT(F_B) | BIT(F_ANCHOR_A) | BIT(F_ANCHOR_B) | BIT(F_LENGTH) |
               BIT(F_STIFFNESS) | BIT(F_DAMPING);
    case K_ITEM: return BIT(F_NAME) | BIT(F_CONDITION) | BIT(F_BODY) | BIT(F_MASS) | BIT(F_AT);
    case K_TANK:
        return BIT(F_NAME) | BIT(F_CONDITION) | BIT(F_BODY) | BIT(F_POINTS) | BIT(F_FILL) |
               BIT(F_DENSITY);
    case K_COMPARTMENT:
        return BIT(F_NAME) | BIT(F_BODY) | BIT(F_POINTS) | BIT(F_WATER) | BIT(F_WATER_DENSITY);
    default: return 0;
    }
}

stmt_kind scene_keyword_of(const scene_token *tok)
{
    for (int k = K_WORLD; k < K_COUNT; k++)
        if (scene_token_is(tok, keyword_names[k]))
            return (stmt_kind)k;
    return K_NONE;
}

static int field_of(const scene_token *tok)
{
    for (int f = 0; f < F_COUNT; f++)
        if (scene_token_is(tok, scene_field_names[f]))
            return f;
    return -1;
}

/* ---- fields ---------------------------------------------------------------- */

static bool set_world_field(parser *p, field_id f, const scene_token *t)
{
    fl_scene *sc = &p->sc;
    double rate;
    switch (f) {
    case F_GRAVITY: return scene_read_point(p, t, &sc->gravity);
    case F_ITERATIONS: return scene_read_integer(p, t, f, 1, 1000, &sc->iterations);
    case F_SUBSTEPS: return scene_read_integer(p, t, f, 1, FL_MAX_SUBSTEPS, &sc->substeps);
    default:
        if (!scene_read_number(p, t, &rate))
            return false;
        if (!(rate >= 1 && rate <= 10000))
            return scene_fail(p, t->value_pos, "rate must be from 1 to 10000 steps per second");
        sc->rate = rate;
        return true;
    }
}

static bool set_view_field(parser *p, field_id f, const scene_token *t)
{
    if (f == F_CENTER)
        return scene_read_point(p, t, &p->sc.view_center);
    return scene_read_real(p, t, f, SCALE, &p->sc.view_width);
}

static bool set_fluid_field(parser *p, field_id f, const scene_token *t)
{
    fl_scene_fluid *fl = &p->cur.fluid;
    switch (f) {
    case F_NAME: return scene_read_new_name(p, t, fl->name);
    case F_DENSITY: return scene_read_real(p, t, f, SCALE, &fl->density);
    case F_SURFACE: return scene_read_real(p, t, f, ANY, &fl->surface);
    case F_LEFT: return scene_read_real(p, t, f, ANY, &fl->left);
    case F_RIGHT: return scene_read_real(p, t, f, ANY, &fl->right);
    case F_BOTTOM: return scene_read_real(p, t, f, ANY, &fl->bottom);
    case F_LINEAR_DRAG: return scene_read_real(p, t, f, NON_NEGATIVE, &fl->linear_drag);
    case F_ANGULAR_DRAG: return scene_read_real(p, t, f, NON_NEGATIVE, &fl->angular_drag);
    case F_CURRENT: return scene_read_point(p, t, &fl->current);
    case F_WAVE_AMPLITUDE: return scene_read_real(p, t, f, ANY, &fl->wave_amplitude);
    case F_WAVE_LENGTH: return scene_read_real(p, t, f, SCALE, &fl->wave_length);
    case F_CLOSED: fl->closed = true; return true;
    default:
        fl->wave_speed_given = true; /* else the dispersion relation's speed */
        return scene_read_real(p, t, f, ANY, &fl->wave_speed);
    }
}

static bool read_size(parser *p, const scene_token *t, fl_vec2 *out)
{
    if (!scene_read_point(p, t, out))
        return false;
    if (!(out->x >= SCENE_SMALL && out->y >= SCENE_SMALL))
        return scene_fail(p, t->value_pos, "size must be at least %g in both directions",
                          SCENE_SMALL);
    return true;
}

static bool read_restitution(parser *p, const scene_token *t, double *out)
{
    if (!scene_read_number(p, t, out))
        return false;
    if (!(*out >= 0 && *out <= 1))
        return scene_fail(p, t->value_pos, "restitution must be from 0 to 1");
    return true;
}

static bool set_body_field(parser *p, field_id f, const scene_token *t)
{
    fl_scene_body *b = &p->cur.body;
    switch (f) {
    case F_NAME: return scene_read_new_name(p, t, b->name);
    case F_AT: return scene_read_point(p, t, &b->at);
    case F_SIZE: return read_size(p, t, &b->size);
    case F_SIDES: return scene_read_integer(p, t, f, 3, FL_SCENE_MAX_POINTS, &b->sides);
    case F_RADIUS: return scene_read_real(p, t, f, SCALE, &b->radius);
    case F_POINTS: return scene_read_outline(p, t, "polygon", p->cur.room.points, &b->point_count);
    case F_HULL: return scene_read_outline(p, t, "hull", p->cur.room.hull, &b->hull_count);
    case F_OPENINGS:
        return (b->has_openings = scene_read_openings(p, t, p->cur.room.openings, &b->opening_count));
    case F_WATER: return scene_read_real(p, t, f, NON_NEGATIVE, &b->water);
    case F_WATER_DENSITY: return scene_read_real(p, t, f, SCALE, &b->water_density);
    case F_DENSITY: return scene_read_real(p, t, f, SCALE, &b->density);
    case F_MASS: return scene_read_real(p, t, f, SCALE, &b->mass);
    case F_CG: return (b->has_cg = scene_read_point(p, t, &b->cg));
    case F_ANGLE: return scene_read_angle(p, t, &b->angle);
    case F_VELOCITY: return scene_read_point(p, t, &b->velocity);
    case F_SPIN: return scene_read_real(p, t, f, ANY, &b->spin);
    case F_FRICTION: return scene_read_real(p, t, f, NON_NEGATIVE, &b->friction);
    case F_RESTITUTION: return read_restitution(p, t, &b->restitution);
    case F_COLOR: return (b->has_color = scene_read_color(p, t, &b->color));
    case F_CATEGORY: return scene_read_bits(p, t, f, &b->category);
    case F_MASK: return scene_read_bits(p, t, f, &b->mask);
    case F_SENSOR: b->sensor = true; return true;
    default: b->is_static = true; return true;
    }
}

static bool read_rope_end(parser *p, const scene_token *t, char out[FL_SCENE_NAME_MAX],
                          bool may_be_world)
{
    if (!scene_read_name(p, t, out))
        return false;
    if (!may_be_world && strcmp(out, "world") == 0)
        return scene_fail(p, t->value_pos, "rope end 'a' must be a body; only 'b' may be 'world'");
    return true;
}

static bool set_rope_field(parser *p, field_id f, const scene_token *t)
{
    fl_scene_rope *r = &p->cur.rope;
    switch (f) {
    case F_A: return read_rope_end(p, t, p->cur.rope_a, false);
    case F_B: return read_rope_end(p, t, p->cur.rope_b, true);
    case F_ANCHOR_A: return scene_read_point(p, t, &r->anchor_a);
    case F_ANCHOR_B: return scene_read_point(p, t, &r->anchor_b);
    case F_LENGTH: return (r->has_length = scene_read_real(p, t, f, POSITIVE, &r->length));
    case F_STIFFNESS: return (r->has_stiffness = scene_read_real(p, t, f, POSITIVE, &r->stiffness));
    default: return scene_read_real(p, t, f, NON_NEGATIVE, &r->damping);
    }
}

static bool set_item_field(parser *p, field_id f, const scene_token *t)
{
    fl_scene_item *it = &p->cur.item;
    double fill;
    switch (f) {
    case F_NAME: return scene_read_name(p, t, it->name);
    case F_CONDITION: return scene_read_name(p, t, it->condition);
    case F_BODY: return scene_read_name(p, t, p->cur.item_body);
    case F_MASS: return scene_read_real(p, t, f, SCALE, &it->mass);
    case F_AT: return scene_read_point(p, t, &it->at);
    case F_DENSITY:
    case F_WATER_DENSITY: return scene_read_real(p, t, f, SCALE, &it->density);
    case F_WATER: return scene_read_real(p, t, f, NON_NEGATIVE, &it->water);
    case F_POINTS:
        if (!scene_read_outline(p, t, keyword_names[p->cur.kind], p->cur.room.points,
                                &it->point_count))
            return false;
        if (it->point_count > FL_SCENE_TANK_POINTS)
            return scene_fail(p, t->value_pos, "a %s has at most %d points, got %d",
                              keyword_names[p->cur.kind], FL_SCENE_TANK_POINTS, it->point_count);
        memcpy(it->points, p->cur.room.points, sizeof *it->points * (size_t)it->point_count);
        return true;
    default:
        if (!scene_read_number(p, t, &fill))
            return false;
        if (!(fill >= 0 && fill <= 1))
            return scene_fail(p, t->value_pos, "fill is the share of the tank full, from 0 to 1");
        it->fill = fill;
        return true;
    }
}

static bool set_field(parser *p, field_id f, const scene_token *t)
{
    /* classify_field allows no field outside a statement */
    FL_ASSERT(p->cur.kind > K_NONE && p->cur.kind < K_COUNT && f >= 0 && f < F_COUNT);
    switch (p->cur.kind) {
    case K_WORLD: return set_world_field(p, f, t);
    case K_VIEW: return set_view_field(p, f, t);
    case K_FLUID: return set_fluid_field(p, f, t);
    case K_ROPE: return set_rope_field(p, f, t);
    case K_ITEM:
    case K_TANK:
    case K_COMPARTMENT: return set_item_field(p, f, t);
    default: return set_body_field(p, f, t);
    }
}

/* Which field a token names in the current statement, or -1 after an error. */
static int classify_field(parser *p, const scene_token *t)
{
    const char *kw = keyword_names[p->cur.kind];
    char quoted[SCENE_QUOTE_SIZE];
    int f = field_of(t);
    bool allowed = f >= 0 && (allowed_fields(p->cur.kind) & BIT(f)) != 0;
    if (!t->has_value) {
        if (allowed && (FLAG_FIELDS & BIT(f)))
            return f;
        scene_quote(quoted, t->key, t->key_len);
        scene_fail(p, t->key_pos, "unexpected word '%s' in %s (fields are written key=value)",
                   quoted, kw);
        return -1;
    }
    if (!allowed) {
        scene_quote(quoted, t->key, t->key_len);
        scene_fail(p, t->key_pos, "unknown field '%s' in %s", quoted, kw);
        return -1;
    }
    if (FLAG_FIELDS & BIT(f)) {
        scene_fail(p, t->key_pos, "'%s' is a flag and takes no value", scene_field_names[f]);
        return -1;
    }
    return f;
}

static bool apply_field(parser *p, const scene_token *t)
{
    int f = classify_field(p, t);
    if (f < 0)
        return false;
    if (p->cur.seen & BIT(f))
        return scene_fail(p, t->key_pos, "duplicate field '%s'", scene_field_names[f]);
    p->cur.seen |= BIT(f);
    p->cur.value_pos[f] = t->value_pos;
    return set_field(p, (field_id)f, t);
}

/* ---- statements ------------------------------------------------------------- */

bool scene_begin_statement(parser *p, stmt_kind kind, scene_pos where)
{
    FL_ASSERT(kind > K_NONE && kind < K_COUNT);
    int *first = kind == K_WORLD ? &p->world_line : kind == K_VIEW ? &p->view_line : NULL;
    if (first != NULL && *first != 0)
        return scene_fail(p, where, "only one '%s' statement is allowed (first on line %d)",
                          keyword_names[kind], *first);
    if (first != NULL)
        *first = where.line;
    memset(&p->cur, 0, sizeof p->cur);
    p->cur.kind = kind;
    p->cur.where = where;
    p->cur.body.line = p->cur.fluid.line = p->cur.rope.line = where.line;
    /* The defaults are the library's own, written once in its _def_default()s. */
    p->cur.body = fl_scene_body_default();
    p->cur.body.line = where.line;
    p->cur.body.shape = kind == K_NGON ? FL_SCENE_NGON : kind == K_POLYGON ? FL_SCENE_POLYGON : FL_SCENE_BOX;
    p->cur.body.points = p->cur.room.points;
    p->cur.body.hull = p->cur.room.hull;
    p->cur.body.openings = p->cur.room.openings;
    const fl_fluid_def fd = fl_fluid_def_default();
    p->cur.fluid.linear_drag = fd.linear_drag;
    p->cur.fluid.angular_drag = fd.angular_drag;
    p->cur.fluid.current = fd.current;
    p->cur.fluid.wave_amplitude = fd.wave_amplitude;
    p->cur.fluid.wave_length = fd.wave_length;
    p->cur.fluid.wave_speed = fd.wave_speed;
    p->cur.fluid.wave_speed_given = fd.wave_speed_given;
    p->cur.rope.b = -1;
    p->cur.event = -1;
    return true;
}

/* Fails at the keyword for the first field in `list` not given. */
static bool require(parser *p, const field_id *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((p->cur.seen & BIT(list[i])) == 0)
            return scene_fail(p, p->cur.where, "%s needs '%s'", keyword_names[p->cur.kind],
                              scene_field_names[list[i]]);
    return true;
}

bool scene_reserve(void **array, int *capacity, int count, size_t size)
{
    void *bigger;
    int wanted;
    if (count < *capacity)
        return true;
    if (*capacity > INT_MAX / 2)
        return false;
    wanted = *capacity == 0 ? 8 : *capacity * 2;
    if ((size_t)wanted > SIZE_MAX / size)
        return false;
    bigger = realloc(*array, (size_t)wanted * size);
    if (bigger == NULL)
        return false;
    *array = bigger;
    *capacity = wanted;
    return true;
}

static bool finish_view(parser *p)
{
    static const field_id needed[] = {F_CENTER, F_WIDTH};
    if (!require(p, needed, 2))
        return false;
    p->sc.has_view = true;
    return true;
}

static bool check_fluid(parser *p, const fl_scene_fluid *fl)
{
    if (!(fl->left < fl->right))
        return scene_fail(p, p->cur.value_pos[F_RIGHT], "right must be greater than left");
    if (!(fl->surface < fl->bottom))
        return scene_fail(p, p->cur.value_pos[F_BOTTOM], "bottom must be greater than surface");
    if (!(fabs(fl->wave_amplitude) < fl->bottom - fl->surface))
        return scene_fail(p, p->cur.value_pos[F_WAVE_AMPLITUDE],
                          "wave-amplitude must be smaller than the fluid's depth");
    if (!(fabs(fl->wave_amplitude) <= fl->wave_length * FL_WAVE_STEEPEST))
        return scene_fail(p, p->cur.value_pos[F_WAVE_AMPLITUDE],
                          "wave-amplitude must be at most wave-length / 14: a steeper water wave "
                          "breaks");
    return true;
}

static bool finish_fluid(parser *p)
{
    static const field_id needed[] = {F_DENSITY, F_SURFACE, F_LEFT, F_RIGHT, F_BOTTOM};
    fl_scene *sc = &p->sc;
    if (!require(p, needed, 5) || !check_fluid(p, &p->cur.fluid))
        return false;
    if (!scene_reserve((void **)&sc->fluids, &p->fluid_capacity, sc->fluid_count, sizeof *sc->fluids))
        return scene_fail_no_memory(p, p->cur.where, "the scene's fluids (%d read)",
                                    sc->fluid_count);
    sc->fluids[sc->fluid_count] = p->cur.fluid;
    if (p->cur.fluid.name[0] != '\0' &&
        !scene_add_name(p, p->cur.fluid.name, NAME_FLUID, sc->fluid_count))
        return scene_fail_no_memory(p, p->cur.where, "the scene's names");
    sc->fluid_count++;
    return true;
}

static bool require_shape(parser *p)
{
    static const field_id box[] = {F_AT, F_SIZE};
    static const field_id ngon[] = {F_AT, F_SIDES, F_RADIUS};
    static const field_id polygon[] = {F_AT, F_POINTS};
    switch (p->cur.kind) {
    case K_BOX: return require(p, box, 2);
    case K_NGON: return require(p, ngon, 3);
    default: return require(p, polygon, 2);
    }
}

static bool finish_body(parser *p)
{
    fl_scene *sc = &p->sc;
    const fl_scene_body *b = &p->cur.body;
    if (!require_shape(p))
        return false;
    uint64_t seen = p->cur.seen;
    if (b->is_static && (seen & (BIT(F_MASS) | BIT(F_CG))))
        return scene_fail(p, p->cur.value_pos[(seen & BIT(F_MASS)) ? F_MASS : F_CG],
                          "a static body has no weight: 'mass' and 'cg' are for dynamic bodies");
    if (!b->is_static && (seen & (BIT(F_DENSITY) | BIT(F_MASS))) == 0)
        return scene_fail(p, p->cur.where, "%s needs 'density' or 'mass' (or 'static')",
                          keyword_names[p->cur.kind]);
    if ((seen & BIT(F_DENSITY)) && (seen & BIT(F_MASS)))
        return scene_fail(p, p->cur.value_pos[F_MASS],
                          "give 'density' or 'mass', not both (with 'mass', the density is "
                          "the mass over the area)");
    static const field_id hold[] = {F_OPENINGS, F_WATER, F_WATER_DENSITY};
    for (size_t i = 0; i < sizeof hold / sizeof hold[0]; i++)
        if ((p->cur.seen & BIT(hold[i])) && b->hull_count == 0)
            return scene_fail(p, p->cur.value_pos[hold[i]],
                              "'%s' is about a hold: it needs a 'hull' of the polygon's own",
                              scene_field_names[hold[i]]);
    if (!scene_check_body(p))
        return false;
    if (p->cur.event >= 0) {
        FL_ASSERT(p->cur.event < sc->event_count); /* the event that spawns it is read */
        return scene_finish_spawn(p);
    }
    if (!scene_reserve((void **)&sc->bodies, &p->body_capacity, sc->body_count, sizeof *sc->bodies))
        return scene_fail_no_memory(p, p->cur.where, "the scene's bodies (%d read)",
                                    sc->body_count);
    fl_scene_body kept = *b;
    if (!scene_store_body(&sc->store, &kept))
        return scene_fail_no_memory(p, p->cur.where, "the scene's outlines (%d bodies read)",
                                    sc->body_count);
    FL_ASSERT(sc->body_count < p->body_capacity);
    sc->bodies[sc->body_count] = kept;
    if (b->name[0] != '\0' && !scene_add_name(p, b->name, NAME_BODY, sc->body_count))
        return scene_fail_no_memory(p, p->cur.where, "the scene's names");
    sc->body_count++;
    return true;
}

static bool reserve_rope(parser *p)
{
    fl_scene *sc = &p->sc;
    int capacity = p->rope_capacity;
    return scene_reserve((void **)&p->refs, &capacity, sc->rope_count, sizeof *p->refs) &&
           scene_reserve((void **)&sc->ropes, &p->rope_capacity, sc->rope_count, sizeof *sc->ropes);
}

static bool finish_rope(parser *p)
{
    static const field_id needed[] = {F_A, F_B};
    fl_scene *sc = &p->sc;
    const pending *c = &p->cur;
    rope_ref *ref;
    if (!require(p, needed, 2))
        return false;
    if (strcmp(c->rope_b, "world") == 0 && (c->seen & BIT(F_ANCHOR_B)) == 0)
        return scene_fail(p, c->where, "rope to 'world' needs 'anchor-b'");
    if (strcmp(c->rope_a, c->rope_b) == 0)
        return scene_fail(p, c->value_pos[F_B], "a rope must join two different bodies");
    if (!reserve_rope(p))
        return scene_fail_no_memory(p, c->where, "the scene's ropes (%d read)", sc->rope_count);
    FL_ASSERT(sc->rope_count < p->rope_capacity);
    sc->ropes[sc->rope_count] = c->rope;
    ref = &p->refs[sc->rope_count];
    memcpy(ref->a, c->rope_a, sizeof ref->a);
    memcpy(ref->b, c->rope_b, sizeof ref->b);
    ref->a_pos = c->value_pos[F_A];
    ref->b_pos = c->value_pos[F_B];
    sc->rope_count++;
    return true;
}

static bool finish_item(parser *p)
{
    static const field_id item[] = {F_CONDITION, F_BODY, F_MASS, F_AT};
    static const field_id tank[] = {F_CONDITION, F_BODY, F_POINTS, F_FILL, F_DENSITY};
    static const field_id compartment[] = {F_NAME, F_BODY, F_POINTS};
    fl_scene *sc = &p->sc;
    pending *c = &p->cur;
    if (!(c->kind == K_TANK          ? require(p, tank, 5)
          : c->kind == K_COMPARTMENT ? require(p, compartment, 3)
                                     : require(p, item, 4)))
        return false;
    if (!scene_item_body(p, c->item_body, c->value_pos[F_BODY], keyword_names[c->kind],
                         &c->item.body))
        return false;
    if (c->kind != K_ITEM && !scene_inside_hull(&sc->bodies[c->item.body], c->item.points,
                                                c->item.point_count))
        return scene_fail(p, c->value_pos[F_POINTS], "a %s must lie inside its body's hull; a point "
                          "of this one is outside '%s'", keyword_names[c->kind], c->item_body);
    if (c->kind == K_COMPARTMENT && (c->seen & (BIT(F_WATER) | BIT(F_WATER_DENSITY))) &&
        !scene_body_has_hold(&sc->bodies[c->item.body])) {
        field_id f = (c->seen & BIT(F_WATER)) ? F_WATER : F_WATER_DENSITY;
        return scene_fail(p, c->value_pos[f], "'%s' is about water in a hold: '%s' has none (its "
                          "hull is its outline), so its compartments are for --damage only",
                          scene_field_names[f], c->item_body);
    }
    if (!scene_reserve((void **)&sc->items, &p->item_capacity, sc->item_count, sizeof *sc->items))
        return scene_fail_no_memory(p, c->where, "the scene's loading conditions (%d parts read)",
                                    sc->item_count);
    c->item.kind = c->kind == K_TANK          ? FL_SCENE_TANK
                   : c->kind == K_COMPARTMENT ? FL_SCENE_COMPARTMENT
                                              : FL_SCENE_ITEM;
    c->item.line = c->where.line;
    sc->items[sc->item_count++] = c->item;
    return true;
}

/* A statement with a problem is dropped, but a name it gives stays known
 * (its entry is never used: the scene is not kept), so that what names it
 * reports nothing more. */
static void salvage_name(parser *p)
{
    pending *c = &p->cur;
    fl_scene *sc = &p->sc;
    bool body = c->kind == K_BOX || c->kind == K_NGON || c->kind == K_POLYGON;
    const char *name = c->kind == K_FLUID ? c->fluid.name : c->body.name;
    if ((!body && c->kind != K_FLUID) || !fl_scene_name_valid(name) || scene_name_kind(p, name) >= 0)
        return;
    if (body && c->event >= 0) {
        sc->events[c->event].body = c->body;
        scene_add_name(p, name, NAME_SPAWN, c->event);
    } else if (body) {
        if (!scene_reserve((void **)&sc->bodies, &p->body_capacity, sc->body_count,
                           sizeof *sc->bodies))
            return;
        sc->bodies[sc->body_count] = c->body;
        if (scene_add_name(p, name, NAME_BODY, sc->body_count))
            sc->body_count++;
    } else {
        if (!scene_reserve((void **)&sc->fluids, &p->fluid_capacity, sc->fluid_count,
                           sizeof *sc->fluids))
            return;
        sc->fluids[sc->fluid_count] = c->fluid;
        sc->fluids[sc->fluid_count].bottom = HUGE_VAL; /* unknown: no event is checked by it */
        if (scene_add_name(p, name, NAME_FLUID, sc->fluid_count))
            sc->fluid_count++;
    }
}

/* Keeps the problem in p->err and drops the statement being read: reading
 * goes on at the next statement. */
static void drop_statement(parser *p)
{
    scene_record(p);
    salvage_name(p);
    p->cur.kind = K_NONE;
    p->skipping = true;
}

/* Ends the statement being read: into the scene, or dropped with its
 * problem kept. */
static void finish_statement(parser *p)
{
    bool ok = true;
    FL_ASSERT(p->cur.kind >= K_NONE && p->cur.kind < K_COUNT);
    switch (p->cur.kind) {
    case K_NONE:
    case K_WORLD: break;
    case K_VIEW: ok = finish_view(p); break;
    case K_FLUID: ok = finish_fluid(p); break;
    case K_ROPE: ok = finish_rope(p); break;
    case K_ITEM:
    case K_TANK:
    case K_COMPARTMENT: ok = finish_item(p); break;
    default: ok = finish_body(p); break;
    }
    if (!ok)
        drop_statement(p);
    p->cur.kind = K_NONE;
}

/* ---- lines ------------------------------------------------------------------- */

static bool expect_line_end(parser *p, scene_cursor *c, const char *after)
{
    scene_token t;
    char quoted[SCENE_QUOTE_SIZE];
    switch (scene_lex_next(c, &t, p->err)) {
    case SCENE_LEX_END: return true;
    case SCENE_LEX_ERROR: return false;
    default:
        scene_quote(quoted, t.text, t.text_len);
        return scene_fail(p, t.key_pos, "unexpected '%s' after %s", quoted, after);
    }
}

static bool is_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

static bool parse_header(parser *p, scene_cursor *c, const scene_token *first)
{
    scene_token v;
    char quoted[SCENE_QUOTE_SIZE];
    scene_lex_result r;
    if (first->has_value || !scene_token_is(first, "flotsam-scene"))
        return scene_fail(p, first->key_pos, "expected 'flotsam-scene 1' before any statement");
    r = scene_lex_next(c, &v, p->err);
    if (r == SCENE_LEX_ERROR)
        return false;
    if (r == SCENE_LEX_END)
        return scene_fail(p, first->key_pos, "expected a version number after 'flotsam-scene'");
    scene_quote(quoted, v.text, v.text_len);
    if (v.has_value || !is_digits(v.key, v.key_len))
        return scene_fail(p, v.key_pos,
                          "expected a version number after 'flotsam-scene', got '%s'", quoted);
    if (!scene_token_is(&v, "1"))
        return scene_fail(p, v.key_pos,
                          "unsupported scene version %s (this program reads version 1)", quoted);
    p->has_header = true;
    return expect_line_end(p, c, "the header");
}

static bool apply_rest_of_line(parser *p, scene_cursor *c)
{
    scene_token t;
    for (;;) {
        switch (scene_lex_next(c, &t, p->err)) {
        case SCENE_LEX_END: return true;
        case SCENE_LEX_ERROR: return false;
        default:
            if (!apply_field(p, &t))
                return false;
        }
    }
}

/* The first token of a line that is not a continuation: a keyword. */
static bool start_statement(parser *p, const scene_token *t)
{
    char quoted[SCENE_QUOTE_SIZE];
    stmt_kind kind = t->has_value ? K_NONE : scene_keyword_of(t);
    if (kind != K_NONE)
        return scene_begin_statement(p, kind, t->key_pos);
    scene_quote(quoted, t->text, t->text_len);
    if (t->has_value)
        return scene_fail(p, t->key_pos,
                          "expected a keyword, got '%s' (indent continuation lines)", quoted);
    return scene_fail(p, t->key_pos, "unknown keyword '%s'", quoted);
}

/* The rest of a line that starts a statement (or an event): false, with
 * the problem in p->err, when it has one. */
static bool statement_line(parser *p, scene_cursor *c, const scene_token *first, bool indented)
{
    if (!indented && !first->has_value && scene_token_is(first, "at")) {
        int before = p->sc.event_count;
        if (scene_start_event(p, c, first) && apply_rest_of_line(p, c))
            return true;
        /* An event half read is dropped; a spawn's body is a statement. */
        if (!(p->cur.kind != K_NONE && p->cur.event == before))
            p->sc.event_count = before;
        return false;
    }
    return start_statement(p, first) && apply_rest_of_line(p, c);
}

static void parse_line(parser *p, const scene_line *line)
{
    scene_cursor c = {line, 0};
    scene_token first;
    bool indented = scene_lex_is_indented(line);
    if (scene_lex_is_blank(line))
        return;
    if (!indented) {
        finish_statement(p);
        p->skipping = false;
    }
    scene_lex_result r = scene_lex_next(&c, &first, p->err);
    if (r == SCENE_LEX_END)
        return;
    if (r == SCENE_LEX_ERROR) {
        if (!(indented && p->skipping))
            drop_statement(p);
        return;
    }
    if (!p->has_header) {
        if (!parse_header(p, &c, &first)) {
            scene_record(p);
            p->stopped = !p->has_header; /* without it, nothing else can be read */
        }
        return;
    }
    bool is_keyword = !first.has_value && scene_keyword_of(&first) != K_NONE;
    if (indented && !is_keyword) {
        /* More fields for the statement being read. */
        if (p->skipping)
            return;
        if (p->cur.kind == K_NONE)
            scene_fail(p, first.key_pos, "indented line, but there is no statement to continue");
        else if (apply_field(p, &first) && apply_rest_of_line(p, &c))
            return;
        drop_statement(p);
        return;
    }
    if (indented)
        finish_statement(p);
    p->skipping = false;
    if (!statement_line(p, &c, &first, indented))
        drop_statement(p);
}

static void parse_text(parser *p, const char *text, size_t len)
{
    size_t offset = 0;
    scene_line line = {0};
    scene_pos top = {1, 1};
    if (!scene_lex_check_text(text, len, p->err)) {
        scene_record(p);
        return;
    }
    while (!p->stopped && scene_lex_next_line(text, len, &offset, &line))
        parse_line(p, &line);
    if (p->stopped)
        return;
    if (!p->has_header) {
        scene_fail(p, top, "missing 'flotsam-scene 1' header");
        scene_record(p);
        return;
    }
    finish_statement(p);
    scene_resolve_ropes(p);
    scene_finish_events(p);
}

/* ---- public interface ---------------------------------------------------------- */

static void init_parser(parser *p, fl_scene_error *err)
{
    memset(p, 0, sizeof *p);
    p->err = err;
    const fl_world_def wd = fl_world_def_default();
    p->sc.gravity = wd.gravity;
    p->sc.rate = FL_SCENE_DEFAULT_RATE;
    p->sc.iterations = wd.iterations;
    p->sc.substeps = wd.substeps;
}

int fl_scene_parse_all(const char *text, size_t len, fl_scene *out, fl_scene_error_fn each,
                       void *ctx, fl_scene_error *err)
{
    assert(out != NULL && (text != NULL || len == 0));
    fl_scene_error spare, current;
    parser *p;
    if (err == NULL)
        err = &spare;
    memset(err, 0, sizeof *err);
    if (out == NULL) {
        snprintf(err->message, sizeof err->message, "no scene to fill");
        if (each)
            each(ctx, err);
        return 1;
    }
    memset(out, 0, sizeof *out);
    p = malloc(sizeof *p); /* a few kilobytes: keep it off the stack */
    if (p == NULL) {
        scene_set_no_memory(err, (scene_pos){0, 0}, "the scene reader");
        if (each)
            each(ctx, err);
        return 1;
    }
    if (text == NULL)
        text = "", len = 0;
    size_t bom = scene_lex_bom(text, len);
    text += bom, len -= bom;
    init_parser(p, &current);
    parse_text(p, text, len);
    int problems = scene_problems_count(&p->problems);
    /* a read that met no problem finished its last statement */
    FL_ASSERT(problems > 0 || p->cur.kind == K_NONE);
    if (problems == 0)
        *out = p->sc;
    else
        fl_scene_free(&p->sc);
    if (problems > 0)
        *err = *scene_problems_first(&p->problems);
    if (problems > 0 && each)
        scene_problems_report(&p->problems, each, ctx);
    scene_problems_free(&p->problems);
    free(p->refs);
    free(p->event_refs);
    free(p->names.slots);
    free(p);
    return problems;
}

bool fl_scene_parse(const char *text, size_t len, fl_scene *out, fl_scene_error *err)
{
    return fl_scene_parse_all(text, len, out, NULL, NULL, err) == 0;
}
