/* A world built from a scene description, and the labels (names, colours)
 * that the scene gives its bodies and fluids, kept by body id so that they
 * follow each body whatever happens to the others. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "body_def.h"
#include "scene_lex.h"
#include "sim_state.h"
#include "store.h"

typedef struct body_label {
    uint32_t id;
    bool has_color;
    uint32_t color;
    char name[FL_SCENE_NAME_MAX];
} body_label;

struct sim_labels {
    body_label *bodies;    /* sorted by id */
    int body_count, body_capacity;
    char (*fluids)[FL_SCENE_NAME_MAX];
    int fluid_count;
};

/* The label of body id, or where it would go (its index in the sorted list). */
static int find_label(const sim_labels *l, uint32_t id, bool *found)
{
    int lo = 0, hi = l->body_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (l->bodies[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < l->body_count && l->bodies[lo].id == id;
    return lo;
}

static const body_label *label_of(const fl_sim *s, fl_body_id b)
{
    bool found;
    if (!s->labels || fl_body_is_null(b))
        return NULL;
    int i = find_label(s->labels, fl_body_serial(b), &found);
    return found ? &s->labels->bodies[i] : NULL;
}

const char *fl_sim_body_name(const fl_sim *s, fl_body_id b)
{
    const body_label *l = label_of(s, b);
    return l ? l->name : "";
}

bool fl_sim_body_color(const fl_sim *s, fl_body_id b, uint32_t *rgb)
{
    const body_label *l = label_of(s, b);
    if (!l || !l->has_color)
        return false;
    *rgb = l->color;
    return true;
}

const char *fl_sim_fluid_name(const fl_sim *s, fl_fluid_id f)
{
    /* The scene's fluid i took slot i of a fresh module, generation 1: a
     * fluid added or put in a freed slot later has no name. */
    if (!s->labels || f.module != s->buoyancy || f.generation != 1 || f.index < 0 ||
        f.index >= s->labels->fluid_count || !fl_fluid_is_valid(f))
        return "";
    return s->labels->fluids[f.index];
}

/* Is body `id` still in the world? (Labels of removed bodies stay behind,
 * unread, since ids are never reused.) */
static bool id_alive(const fl_world *w, uint32_t id)
{
    for (int i = 0; i < fl_world_body_count(w); i++)
        if (fl_body_serial(fl_world_body(w, i)) == id)
            return true;
    return false;
}

/* Is `name` already another living body's (not b's) or a fluid's? */
static bool name_used(const fl_sim *s, fl_body_id b, const char *name)
{
    const sim_labels *l = s->labels;
    for (int i = 0; i < l->fluid_count; i++)
        if (!strcmp(l->fluids[i], name))
            return true;
    for (int i = 0; i < l->body_count; i++)
        if (l->bodies[i].id != fl_body_serial(b) && !strcmp(l->bodies[i].name, name) &&
            id_alive(s->world, l->bodies[i].id))
            return true;
    return false;
}

static fl_status label_body(fl_sim *s, fl_body_id b, const char *name, const uint32_t *rgb)
{
    sim_labels *l = s->labels;
    /* The name may be a label of this list (fl_sim_body_name), which moves
     * as it grows, or this very body's, cleared below: copied first. */
    char own[FL_SCENE_NAME_MAX];
    snprintf(own, sizeof own, "%s", name);
    bool found;
    int i = find_label(l, fl_body_serial(b), &found);
    if (!found) {
        if (l->body_count == l->body_capacity) {
            int cap = l->body_capacity ? 2 * l->body_capacity : 16;
            body_label *grown = realloc(l->bodies, sizeof *grown * (size_t)cap);
            if (!grown)
                return FL_ENOMEM;
            l->bodies = grown;
            l->body_capacity = cap;
        }
        memmove(&l->bodies[i + 1], &l->bodies[i], sizeof *l->bodies * (size_t)(l->body_count - i));
        l->body_count++;
    }
    body_label *e = &l->bodies[i];
    memset(e, 0, sizeof *e);
    e->id = fl_body_serial(b);
    snprintf(e->name, sizeof e->name, "%s", own);
    e->has_color = rgb != NULL;
    e->color = rgb ? *rgb & 0xffffffu : 0;
    return FL_OK;
}

fl_status fl_sim_label_body(fl_sim *s, fl_body_id b, const char *name, const uint32_t *rgb)
{
    if (!s->labels || fl_body_is_null(b) || !name || (name[0] && !fl_scene_name_valid(name)) ||
        (name[0] && name_used(s, b, name)))
        return FL_EINVAL;
    return label_body(s, b, name, rgb);
}

static void free_labels(sim_labels *l)
{
    if (!l)
        return;
    free(l->bodies);
    free(l->fluids);
    free(l);
}

/* Labels for the scene's fluids; the bodies' come as they are added. */
static sim_labels *new_labels(const fl_scene *sc)
{
    sim_labels *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->fluids = calloc((size_t)sc->fluid_count + 1, sizeof *l->fluids);
    if (!l->fluids) {
        free_labels(l);
        return NULL;
    }
    for (int i = 0; i < sc->fluid_count; i++)
        memcpy(l->fluids[i], sc->fluids[i].name, sizeof l->fluids[i]);
    l->fluid_count = sc->fluid_count;
    return l;
}

static fl_fluid_def fluid_def(const fl_scene_fluid *f)
{
    fl_fluid_def d = fl_fluid_def_default();
    d.density = f->density;
    d.left = f->left;
    d.right = f->right;
    d.surface = f->surface;
    d.bottom = f->bottom;
    d.linear_drag = f->linear_drag;
    d.angular_drag = f->angular_drag;
    d.current = f->current;
    d.wave_amplitude = f->wave_amplitude;
    d.wave_length = f->wave_length;
    d.wave_speed = f->wave_speed;
    d.wave_speed_given = f->wave_speed_given;
    d.closed = f->closed;
    return d;
}

/* Scene anchors are offsets from a body's centre as the scene shows it;
 * the engine keeps them in the body's own frame. */
static fl_rope_def rope_def(const fl_world *w, const fl_scene_rope *r)
{
    fl_rope_def d = {0};
    d.a = fl_world_body(w, r->a);
    d.anchor_a = fl_unrotate(fl_body_rot(d.a), r->anchor_a);
    if (r->b >= 0) {
        d.b = fl_world_body(w, r->b);
        d.anchor_b = fl_unrotate(fl_body_rot(d.b), r->anchor_b);
    } else {
        d.anchor_b = r->anchor_b;
    }
    d.length = r->has_length ? r->length : 0.0;
    d.stiffness = r->has_stiffness ? r->stiffness : 0.0;
    d.damping = r->damping;
    return d;
}

static bool fail(fl_sim *s, fl_scene_error *err, int line, const char *why)
{
    sim_clear(s);
    err->line = line;
    err->column = 1;
    snprintf(err->message, sizeof err->message, "%s", why);
    err->out_of_memory = false;
    return false;
}

/* fail for what the engine or the buoyancy module refused with status st
 * and reason e: marked out of memory when that is why. */
static bool fail_engine(fl_sim *s, fl_scene_error *err, int line, fl_status st,
                        const fl_error *e)
{
    fail(s, err, line, e->message);
    err->out_of_memory = st == FL_ENOMEM;
    return false;
}

/* What a create that returned NULL says of why: the engine's words for
 * FL_ENOMEM begin "out of memory". */
static fl_status create_status(const fl_error *e)
{
    return strncmp(e->message, "out of memory", 13) == 0 ? FL_ENOMEM : FL_EINVAL;
}

static bool fail_no_memory(fl_sim *s, fl_scene_error *err, int line, const char *what)
{
    sim_clear(s);
    scene_set_no_memory(err, (scene_pos){line, 1}, "%s", what);
    return false;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The first name given twice among the scene's bodies and fluids, or NULL;
 * *oom on running out of memory. */
static const char *repeated_name(const fl_scene *sc, bool *oom)
{
    size_t n = 0, total = (size_t)sc->body_count + (size_t)sc->fluid_count;
    const char **names = malloc(sizeof *names * (total + 1));
    *oom = names == NULL;
    if (!names)
        return NULL;
    for (int i = 0; i < sc->body_count; i++)
        if (sc->bodies[i].name[0])
            names[n++] = sc->bodies[i].name;
    for (int i = 0; i < sc->fluid_count; i++)
        if (sc->fluids[i].name[0])
            names[n++] = sc->fluids[i].name;
    qsort(names, n, sizeof *names, compare_names);
    const char *twice = NULL;
    for (size_t i = 1; i < n && !twice; i++)
        if (!strcmp(names[i - 1], names[i]))
            twice = names[i];
    free(names);
    return twice;
}

static bool outline_count_ok(int n) { return n >= 3 && n <= FL_SCENE_MAX_POINTS; }

/* A description filled in by hand may say what no file could: everything
 * the builder relies on is checked first. Fills err and returns false. */
static bool check_scene(const fl_scene *sc, fl_scene_error *err)
{
    char why[160] = "";
    int line = 1;
    if (!(sc->rate > 0.0) || !isfinite(sc->rate))
        snprintf(why, sizeof why, "the rate must be a positive number of steps per second");
    for (int i = 0; !why[0] && i < sc->fluid_count; i++) {
        line = sc->fluids[i].line;
        if (sc->fluids[i].name[0] && !fl_scene_name_valid(sc->fluids[i].name))
            snprintf(why, sizeof why, "fluid %d has a bad name", i);
    }
    for (int i = 0; !why[0] && i < sc->body_count; i++) {
        const fl_scene_body *b = &sc->bodies[i];
        line = b->line;
        int n = b->shape == FL_SCENE_NGON ? b->sides : b->shape == FL_SCENE_POLYGON ? b->point_count : 4;
        if (b->shape != FL_SCENE_BOX && b->shape != FL_SCENE_NGON && b->shape != FL_SCENE_POLYGON)
            snprintf(why, sizeof why, "body %d has no shape", i);
        else if (!outline_count_ok(n))
            snprintf(why, sizeof why, "body %d needs 3 to %d points, not %d", i,
                     FL_SCENE_MAX_POINTS, n);
        else if (b->hull_count != 0 && !outline_count_ok(b->hull_count))
            snprintf(why, sizeof why, "body %d's hull needs 3 to %d points, not %d", i,
                     FL_SCENE_MAX_POINTS, b->hull_count);
        else if (b->opening_count < 0 || b->opening_count > FL_SCENE_MAX_POINTS / 2)
            snprintf(why, sizeof why, "body %d has %d openings: 0 to %d", i, b->opening_count,
                     FL_SCENE_MAX_POINTS / 2);
        else if (b->name[0] && !fl_scene_name_valid(b->name))
            snprintf(why, sizeof why, "body %d has a bad name", i);
    }
    for (int i = 0; !why[0] && i < sc->rope_count; i++) {
        const fl_scene_rope *r = &sc->ropes[i];
        line = r->line;
        if (r->a < 0 || r->a >= sc->body_count || r->b < -1 || r->b >= sc->body_count)
            snprintf(why, sizeof why, "rope %d names a body that is not in the scene", i);
    }
    if (!why[0]) {
        bool oom;
        const char *twice = repeated_name(sc, &oom);
        line = 1;
        if (oom)
            snprintf(why, sizeof why, "out of memory for the scene's names");
        else if (twice)
            snprintf(why, sizeof why, "name '%s' is used twice", twice);
    }
    if (!why[0])
        return true;
    err->line = line;
    err->column = 1;
    snprintf(err->message, sizeof err->message, "%s", why);
    err->out_of_memory = !strncmp(why, "out of memory", 13);
    return false;
}

/* The density of water a scene puts in a hold without saying: its first
 * fluid's. */
static double hold_water_density(const fl_buoyancy *b)
{
    return fl_buoyancy_fluid_count(b) > 0 ? fl_buoyancy_fluid_def(b, 0)->density : 1000.0;
}

void scene_defs_make(scene_defs *d, const fl_scene_body *sb, double water_density)
{
    fl_body_def bd = fl_body_def_default();
    bd.points = d->points;
    bd.point_count = fl_scene_body_outline(sb, d->points);
    if (sb->hull_count > 0) {
        bd.hull = sb->hull;
        bd.hull_count = sb->hull_count;
    }
    bd.origin = sb->at;
    bd.angle = sb->angle;
    bd.velocity = sb->velocity;
    bd.spin = sb->spin;
    bd.density = sb->density;
    bd.mass = sb->mass;
    bd.has_center = sb->has_cg;
    bd.center = sb->cg;
    bd.is_static = sb->is_static;
    bd.friction = sb->friction;
    bd.restitution = sb->restitution;
    bd.category = sb->category;
    bd.mask = sb->mask;
    bd.sensor = sb->sensor;
    d->body = bd;
    /* The openings are offsets from `at`, as the points are: the hold
     * takes them about the centre of mass (cg, or the centroid). */
    fl_hold_def hd = {NULL, 0, sb->water,
                      sb->water_density > 0.0 ? sb->water_density : water_density};
    if (sb->has_openings) {
        int n = 2 * sb->opening_count;
        fl_vec2 c = fl_body_def_center(&bd);
        for (int i = 0; i < n && i < FL_SCENE_MAX_POINTS; i++)
            d->openings[i] = fl_sub(sb->openings[i], c);
        hd.openings = d->openings;
        hd.opening_count = sb->opening_count;
    }
    d->hold = hd;
    d->has_hold = sb->has_openings || sb->water != 0.0;
}

/* A scene's compartment in its body's hold, if the body has one (a
 * compartment of a body without is for the analysis commands only). */
static fl_status add_compartment(fl_sim *s, const fl_scene *sc, const fl_scene_item *it,
                                 fl_error *e)
{
    fl_body_id body = fl_world_body(s->world, it->body);
    if (it->kind != FL_SCENE_COMPARTMENT || !fl_buoyancy_has_hold(s->buoyancy, body))
        return FL_OK;
    scene_defs d;
    scene_defs_make(&d, &sc->bodies[it->body], 1000.0);
    fl_vec2 c = fl_body_def_center(&d.body), points[FL_SCENE_TANK_POINTS];
    for (int k = 0; k < it->point_count; k++)
        points[k] = fl_sub(it->points[k], c);
    fl_compartment_def def = {points, it->point_count, it->water,
                              it->density > 0.0 ? it->density : hold_water_density(s->buoyancy)};
    return fl_buoyancy_add_compartment(s->buoyancy, body, &def, e);
}

/* A scene body in the world, unlabelled. */
/* The scene's loading conditions' parts, each moved from its body's `at`
 * to its centre of mass, and tied to the body (the world's i-th is the
 * scene's i-th as it is built). */
static bool keep_items(fl_sim *s, const fl_scene *sc)
{
    if (sc->item_count == 0)
        return true;
    s->items = malloc(sizeof *s->items * (size_t)sc->item_count);
    s->item_bodies = malloc(sizeof *s->item_bodies * (size_t)sc->item_count);
    if (!s->items || !s->item_bodies)
        return false;
    for (int i = 0; i < sc->item_count; i++) {
        fl_scene_item it = sc->items[i];
        scene_defs d;
        scene_defs_make(&d, &sc->bodies[it.body], 1000.0);
        fl_vec2 g = fl_body_def_center(&d.body);
        if (it.kind == FL_SCENE_ITEM)
            it.at = fl_sub(it.at, g);
        for (int k = 0; k < it.point_count; k++)
            it.points[k] = fl_sub(it.points[k], g);
        s->items[i] = it;
        s->item_bodies[i] = fl_body_serial(fl_world_body(s->world, it.body));
    }
    s->item_count = sc->item_count;
    return true;
}

int fl_sim_item_count(const fl_sim *s)
{
    FL_ASSERT(s);
    return s->item_count;
}

const fl_scene_item *fl_sim_item(const fl_sim *s, int i, fl_body_id *body)
{
    FL_ASSERT(s && i >= 0 && i < s->item_count);
    if (body) {
        *body = FL_NULL_BODY;
        for (int k = 0; k < fl_world_body_count(s->world); k++)
            if (fl_body_serial(fl_world_body(s->world, k)) == s->item_bodies[i])
                *body = fl_world_body(s->world, k);
    }
    return &s->items[i];
}

static fl_status add_body(fl_world *w, fl_buoyancy *buoyancy, const fl_scene_body *sb,
                          fl_body_id *out, fl_error *e)
{
    scene_defs d;
    scene_defs_make(&d, sb, hold_water_density(buoyancy));
    fl_body_id id;
    fl_status st = fl_world_add_body(w, &d.body, &id, e);
    if (st != FL_OK)
        return st;
    if (d.has_hold && (st = fl_buoyancy_set_hold(buoyancy, id, &d.hold, e)) != FL_OK) {
        fl_world_remove_body(w, id);
        return st;
    }
    if (out)
        *out = id;
    return FL_OK;
}

fl_status fl_sim_add_body(fl_sim *s, const fl_scene_body *b, fl_body_id *out, fl_error *err)
{
    FL_ASSERT(s && s->world && b);
    fl_error spare;
    if (!err)
        err = &spare;
    int n = b->shape == FL_SCENE_POLYGON ? b->point_count : b->shape == FL_SCENE_NGON ? b->sides : 4;
    if (!outline_count_ok(n) || (b->hull_count != 0 && !outline_count_ok(b->hull_count))) {
        snprintf(err->message, sizeof err->message, "a body needs 3 to %d points",
                 FL_SCENE_MAX_POINTS);
        return FL_EINVAL;
    }
    fl_body_id body;
    fl_status st = add_body(s->world, s->buoyancy, b, &body, err);
    if (st != FL_OK)
        return st;
    if (b->name[0] || b->has_color) {
        st = fl_sim_label_body(s, body, b->name, b->has_color ? &b->color : NULL);
        if (st != FL_OK) {
            fl_world_remove_body(s->world, body);
            if (st == FL_ENOMEM)
                snprintf(err->message, sizeof err->message, "out of memory for the body's label");
            else
                snprintf(err->message, sizeof err->message, "the name '%s' is taken or not valid",
                         b->name);
            return st;
        }
    }
    if (out)
        *out = body;
    return FL_OK;
}

/* Builds into *out (zeroed); on failure leaves it zeroed. */
static bool build_into(fl_sim *out, const fl_scene *sc, fl_scene_error *err)
{
    if (!check_scene(sc, err))
        return false;
    fl_error e;
    fl_world_def wd = fl_world_def_default();
    wd.gravity = sc->gravity;
    wd.iterations = sc->iterations;
    wd.substeps = sc->substeps; /* 0 (a scene built by hand): 1 */
    out->rate = sc->rate;
    out->dt = 1.0 / sc->rate;
    out->iterations = sc->iterations;
    out->substeps = sc->substeps;
    out->has_view = sc->has_view;
    out->view_center = sc->view_center;
    out->view_width = sc->view_width;
    out->labels = new_labels(sc);
    if (!out->labels)
        return fail_no_memory(out, err, 1, "the scene's labels");
    out->world = fl_world_create(&wd, &e);
    if (!out->world)
        return fail_engine(out, err, 1, create_status(&e), &e);
    out->buoyancy = fl_buoyancy_create(out->world, &e);
    if (!out->buoyancy)
        return fail_engine(out, err, 1, create_status(&e), &e);
    for (int i = 0; i < sc->fluid_count; i++) {
        fl_fluid_def fd = fluid_def(&sc->fluids[i]);
        fl_status st = fl_buoyancy_add_fluid(out->buoyancy, &fd, NULL, &e);
        if (st != FL_OK)
            return fail_engine(out, err, sc->fluids[i].line, st, &e);
    }
    for (int i = 0; i < sc->body_count; i++) {
        const fl_scene_body *sb = &sc->bodies[i];
        fl_body_id body;
        fl_status st = add_body(out->world, out->buoyancy, sb, &body, &e);
        if (st != FL_OK)
            return fail_engine(out, err, sb->line, st, &e);
        /* The names were checked above, all at once. */
        if ((sb->name[0] || sb->has_color) &&
            label_body(out, body, sb->name, sb->has_color ? &sb->color : NULL) != FL_OK)
            return fail_no_memory(out, err, sb->line, "the body's label");
    }
    for (int i = 0; i < sc->rope_count; i++) {
        fl_rope_def rd = rope_def(out->world, &sc->ropes[i]);
        fl_status st = fl_world_add_rope(out->world, &rd, NULL, &e);
        if (st != FL_OK)
            return fail_engine(out, err, sc->ropes[i].line, st, &e);
    }
    /* the world's list is the scene's, in file order */
    FL_ASSERT(fl_world_body_count(out->world) == sc->body_count &&
              fl_world_joint_count(out->world) == sc->rope_count &&
              fl_buoyancy_fluid_count(out->buoyancy) == sc->fluid_count);
    for (int i = 0; i < sc->item_count; i++) {
        fl_status st = add_compartment(out, sc, &sc->items[i], &e);
        if (st != FL_OK)
            return fail_engine(out, err, sc->items[i].line, st, &e);
    }
    if (!keep_items(out, sc))
        return fail_no_memory(out, err, 1, "the scene's loading conditions");
    if (sc->event_count > 0) {
        out->events = malloc(sizeof *out->events * (size_t)sc->event_count);
        if (!out->events)
            return fail_no_memory(out, err, 1, "the scene's timed events");
        memcpy(out->events, sc->events, sizeof *out->events * (size_t)sc->event_count);
        out->event_count = sc->event_count;
        if (!scene_store_spawns(&out->store, out->events, out->event_count))
            return fail_no_memory(out, err, 1, "the scene's timed events");
    }
    return true;
}

static sim_labels *copy_labels(const sim_labels *l)
{
    sim_labels *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->bodies = malloc(sizeof *c->bodies * (size_t)(l->body_capacity + 1));
    c->fluids = malloc(sizeof *c->fluids * (size_t)(l->fluid_count + 1));
    if (!c->bodies || !c->fluids) {
        free_labels(c);
        return NULL;
    }
    /* A sim whose bodies have no names has no array of them at all, and a
     * memcpy from NULL is undefined even of no bytes. */
    if (l->body_count > 0)
        memcpy(c->bodies, l->bodies, sizeof *c->bodies * (size_t)l->body_count);
    if (l->fluid_count > 0)
        memcpy(c->fluids, l->fluids, sizeof *c->fluids * (size_t)l->fluid_count);
    c->body_count = l->body_count;
    c->body_capacity = l->body_capacity;
    c->fluid_count = l->fluid_count;
    return c;
}

static bool clone_into(fl_sim *out, const fl_sim *s, fl_error *err)
{
    FL_ASSERT(out && s && out != s && s->world && s->labels);
    fl_error spare;
    if (!err)
        err = &spare;
    *out = *s;
    out->buoyancy = NULL;
    out->labels = copy_labels(s->labels);
    out->events = NULL;
    out->store = NULL;
    out->items = NULL;
    out->item_bodies = NULL;
    /* The world's copy brings its buoyancy module's, with the fluids and
     * what the last step pushed (for pictures of the copy). */
    out->world = fl_world_clone(s->world, err);
    if (out->world)
        out->buoyancy = fl_buoyancy_of(out->world);
    bool ok = out->labels && out->buoyancy;
    if (ok && s->item_count > 0) {
        out->items = malloc(sizeof *out->items * (size_t)s->item_count);
        out->item_bodies = malloc(sizeof *out->item_bodies * (size_t)s->item_count);
        ok = out->items && out->item_bodies;
        if (ok) {
            memcpy(out->items, s->items, sizeof *out->items * (size_t)s->item_count);
            memcpy(out->item_bodies, s->item_bodies, sizeof *out->item_bodies * (size_t)s->item_count);
        }
    }
    if (ok && s->event_count > 0) {
        out->events = malloc(sizeof *out->events * (size_t)s->event_count);
        ok = out->events != NULL;
        if (ok)
            memcpy(out->events, s->events, sizeof *out->events * (size_t)s->event_count);
        ok = ok && scene_store_spawns(&out->store, out->events, s->event_count);
    }
    if (!ok) {
        if (!out->labels || out->world) /* else the world's copy said why */
            snprintf(err->message, sizeof err->message, "out of memory copying a sim");
        sim_clear(out);
        return false;
    }
    return true;
}

void sim_clear(fl_sim *s)
{
    FL_ASSERT(s);
    fl_world_destroy(s->world); /* and its buoyancy module */
    free_labels(s->labels);
    free(s->events);
    free(s->items);
    free(s->item_bodies);
    scene_store_free(&s->store);
    memset(s, 0, sizeof *s);
}

void sim_move(fl_sim *into, fl_sim *from)
{
    sim_clear(into);
    *into = *from;
    free(from);
}

fl_sim *fl_sim_build(const fl_scene *sc, fl_scene_error *err)
{
    assert(sc != NULL);
    fl_sim *s = calloc(1, sizeof *s);
    if (!s) {
        scene_set_no_memory(err, (scene_pos){1, 1}, "%s", "the sim");
        return NULL;
    }
    if (!build_into(s, sc, err)) {
        free(s);
        return NULL;
    }
    return s;
}

fl_sim *fl_sim_clone(const fl_sim *s, fl_error *err)
{
    assert(s != NULL);
    fl_sim *c = calloc(1, sizeof *c);
    if (!c) {
        if (err)
            snprintf(err->message, sizeof err->message, "out of memory copying a sim");
        return NULL;
    }
    if (!clone_into(c, s, err)) {
        free(c);
        return NULL;
    }
    return c;
}

void fl_sim_free(fl_sim *s)
{
    if (!s)
        return;
    sim_clear(s);
    free(s);
}

fl_world *fl_sim_world(const fl_sim *s) { return s->world; }
fl_buoyancy *fl_sim_buoyancy(const fl_sim *s) { return s->buoyancy; }
double fl_sim_rate(const fl_sim *s) { return s->rate; }
double fl_sim_dt(const fl_sim *s) { return s->dt; }
int fl_sim_substeps(const fl_sim *s) { return s->substeps; }
int fl_sim_events_done(const fl_sim *s) { return s->next_event; }

bool fl_sim_view(const fl_sim *s, fl_vec2 *center, double *width)
{
    if (s->has_view) {
        if (center)
            *center = s->view_center;
        if (width)
            *width = s->view_width;
    }
    return s->has_view;
}
