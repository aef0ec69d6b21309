/* A running simulation written back as scene text that loads to the same
 * state (fl_sim.h says how). */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "flotsam/flotsam.h"
#include "sim_state.h"
#include "format.h"

/* Names for bodies that ropes refer to but that have none in the scene. */
typedef struct name_table {
    int count;
    char (*name)[FL_SCENE_NAME_MAX];
} name_table;

static const char *body_scene_name(const fl_sim *s, int i)
{
    return fl_sim_body_name(s, fl_world_body(s->world, i));
}

static bool name_taken(const fl_sim *s, const name_table *t, const char *name)
{
    for (int i = 0; i < fl_buoyancy_fluid_count(s->buoyancy); i++)
        if (!strcmp(fl_sim_fluid_name(s, fl_buoyancy_fluid_at(s->buoyancy, i)), name))
            return true;
    for (int i = 0; i < t->count; i++)
        if (!strcmp(t->name[i], name))
            return true;
    return false;
}

static bool rope_end(const fl_world *w, int i)
{
    for (int k = 0; k < fl_world_joint_count(w); k++) {
        fl_joint_id j = fl_world_joint(w, k);
        fl_body_id b = fl_joint_body_b(j);
        if (fl_joint_kind(j) == FL_JOINT_ROPE &&
            (fl_body_index(fl_joint_body_a(j)) == i || (!fl_body_is_null(b) && fl_body_index(b) == i)))
            return true;
    }
    return false;
}

/* Every body keeps its scene name; unnamed rope ends get "body-N". */
static bool name_bodies(const fl_sim *s, name_table *t)
{
    t->count = fl_world_body_count(s->world);
    t->name = calloc((size_t)t->count + 1, sizeof *t->name);
    if (!t->name)
        return false;
    for (int i = 0; i < t->count; i++)
        snprintf(t->name[i], FL_SCENE_NAME_MAX, "%s", body_scene_name(s, i));
    int n = 0;
    for (int i = 0; i < t->count; i++) {
        if (t->name[i][0] || !rope_end(s->world, i))
            continue;
        char candidate[FL_SCENE_NAME_MAX];
        do
            snprintf(candidate, sizeof candidate, "body-%d", n++);
        while (name_taken(s, t, candidate));
        memcpy(t->name[i], candidate, sizeof candidate);
    }
    return true;
}

void format_num(FILE *f, const char *key, double x)
{
    char buf[32];
    fprintf(f, " %s=%s", key, format_double(x, buf));
}

void format_point(FILE *f, const char *key, fl_vec2 p)
{
    char bx[32], by[32];
    fprintf(f, " %s=%s,%s", key, format_double(p.x, bx), format_double(p.y, by));
}

void format_points(FILE *f, const char *key, const fl_vec2 *p, int n)
{
    char bx[32], by[32];
    fprintf(f, " %s=[", key);
    for (int k = 0; k < n; k++)
        fprintf(f, "%s%s,%s", k ? " " : "", format_double(p[k].x, bx),
                format_double(p[k].y, by));
    fputc(']', f);
}

static void write_header(FILE *f, const fl_sim *s, const fl_scene_view *view)
{
    fputs("flotsam-scene 1\n# written by flotsam\n", f);
    fputs("world", f);
    format_point(f, "gravity", fl_world_gravity(s->world));
    format_num(f, "rate", s->rate);
    fprintf(f, " iterations=%d", s->iterations);
    if (s->substeps > 1) /* 1, the default, is left out: files as before */
        fprintf(f, " substeps=%d", s->substeps);
    fputc('\n', f);
    if (view && view->has_view) {
        fputs("view", f);
        format_point(f, "center", view->center);
        format_num(f, "width", view->width);
        fputc('\n', f);
    } else if (s->has_view) {
        fputs("view", f);
        format_point(f, "center", s->view_center);
        format_num(f, "width", s->view_width);
        fputc('\n', f);
    }
}

static void write_fluids(FILE *f, const fl_sim *s)
{
    for (int i = 0; i < fl_buoyancy_fluid_count(s->buoyancy); i++) {
        const fl_fluid_def *fl = fl_buoyancy_fluid_def(s->buoyancy, i);
        fputs("fluid", f);
        if (fl_sim_fluid_name(s, fl_buoyancy_fluid_at(s->buoyancy, i))[0])
            fprintf(f, " name=%s", fl_sim_fluid_name(s, fl_buoyancy_fluid_at(s->buoyancy, i)));
        format_num(f, "density", fl->density);
        format_num(f, "surface", fl->surface);
        format_num(f, "left", fl->left);
        format_num(f, "right", fl->right);
        format_num(f, "bottom", fl->bottom);
        format_num(f, "linear-drag", fl->linear_drag);
        format_num(f, "angular-drag", fl->angular_drag);
        format_point(f, "current", fl->current);
        format_num(f, "wave-amplitude", fl->wave_amplitude);
        format_num(f, "wave-length", fl->wave_length);
        if (fl->wave_speed_given) /* else the dispersion speed, found again on reading */
            format_num(f, "wave-speed", fl->wave_speed);
        if (fl->closed) /* its level as it stands: the water read back is the same */
            fputs(" closed", f);
        fputc('\n', f);
    }
}

static bool has_own_hull(fl_body_id b)
{
    if (!fl_body_has_own_hull(b))
        return false;
    int nh, nv;
    const fl_vec2 *hull = fl_body_hull(b, &nh), *verts = fl_body_outline(b, &nv);
    return nh != nv || memcmp(hull, verts, sizeof *hull * (size_t)nv) != 0;
}

/* The hold as it is now: its openings always (the default ones, found from
 * the outline, could come out a rounding apart from the outline as
 * written), and its water. */
static void write_hold(FILE *f, const fl_buoyancy *bu, fl_body_id b)
{
    int n;
    const fl_vec2 *ends = fl_buoyancy_openings(bu, b, &n);
    fputs("\n       ", f);
    format_points(f, "openings", ends, 2 * n);
    double density, water = fl_buoyancy_water(bu, b, &density);
    if (water > 0.0) {
        format_num(f, "water", water);
        format_num(f, "water-density", density);
    }
}

static void write_body_fields(FILE *f, fl_body_id b)
{
    /* A stated weight: its mass, and its centre of mass at the points'
     * origin (the outline is written about it). */
    if (fl_body_mass_stated(b))
        format_num(f, "mass", fl_body_own_mass(b));
    else if (fl_body_density(b) > 0.0)
        format_num(f, "density", fl_body_density(b));
    if (fl_body_center_stated(b))
        format_point(f, "cg", fl_v2(0.0, 0.0));
    if (fl_body_is_static(b))
        fputs(" static", f);
    format_num(f, "angle", fl_body_angle(b));
    format_point(f, "velocity", fl_body_velocity(b));
    format_num(f, "spin", fl_body_spin(b));
    format_num(f, "friction", fl_body_friction(b));
    format_num(f, "restitution", fl_body_restitution(b));
    fprintf(f, " category=%lu mask=%lu", (unsigned long)fl_body_category(b),
            (unsigned long)fl_body_mask(b));
    if (fl_body_is_sensor(b))
        fputs(" sensor", f);
}

static bool write_body(FILE *f, const fl_sim *s, const name_table *t, int i, char *err,
                       size_t err_size)
{
    fl_body_id b = fl_world_body(s->world, i);
    if (fl_body_vertex_count(b) > FL_SCENE_MAX_POINTS || fl_body_hull_count(b) > FL_SCENE_MAX_POINTS) {
        snprintf(err, err_size, "body %d has more than %d points", i, FL_SCENE_MAX_POINTS);
        return false;
    }
    int openings;
    fl_buoyancy_openings(s->buoyancy, b, &openings);
    if (openings > FL_SCENE_MAX_POINTS / 2) {
        snprintf(err, err_size, "body %d has more than %d openings", i, FL_SCENE_MAX_POINTS / 2);
        return false;
    }
    fputs("polygon", f);
    if (t->name[i][0])
        fprintf(f, " name=%s", t->name[i]);
    format_point(f, "at", fl_body_position(b));
    write_body_fields(f, b);
    uint32_t color;
    if (fl_sim_body_color(s, b, &color))
        fprintf(f, " color=#%06lx", (unsigned long)color);
    fputs("\n       ", f);
    format_points(f, "points", fl_body_outline(b, NULL), fl_body_vertex_count(b));
    if (has_own_hull(b)) {
        fputs("\n       ", f);
        format_points(f, "hull", fl_body_hull(b, NULL), fl_body_hull_count(b));
    }
    if (fl_buoyancy_has_hold(s->buoyancy, b))
        write_hold(f, s->buoyancy, b);
    fputc('\n', f);
    return true;
}

/* Scene anchors are offsets from the centre as the body is turned now. */
static void write_rope(FILE *f, const name_table *t, fl_joint_id j)
{
    fl_body_id a = fl_joint_body_a(j), b = fl_joint_body_b(j);
    bool world = fl_body_is_null(b);
    fprintf(f, "rope a=%s b=%s", t->name[fl_body_index(a)], world ? "world" : t->name[fl_body_index(b)]);
    format_point(f, "anchor-a", fl_rotate(fl_body_rot(a), fl_joint_anchor_a(j)));
    format_point(f, "anchor-b", world ? fl_joint_anchor_b(j) : fl_rotate(fl_body_rot(b), fl_joint_anchor_b(j)));
    format_num(f, "length", fl_joint_length(j));
    if (fl_joint_stiffness(j) > 0.0)
        format_num(f, "stiffness", fl_joint_stiffness(j));
    if (fl_joint_damping(j) > 0.0)
        format_num(f, "damping", fl_joint_damping(j));
    fputc('\n', f);
}

void write_scene_body(FILE *f, const fl_scene_body *b)
{
    static const char *const shapes[] = {"box", "ngon", "polygon"};
    fputs(shapes[b->shape], f);
    if (b->name[0])
        fprintf(f, " name=%s", b->name);
    format_point(f, "at", b->at);
    if (b->shape == FL_SCENE_BOX)
        format_point(f, "size", b->size);
    if (b->shape == FL_SCENE_NGON) {
        fprintf(f, " sides=%d", b->sides);
        format_num(f, "radius", b->radius);
    }
    if (b->shape == FL_SCENE_POLYGON)
        format_points(f, "points", b->points, b->point_count);
    if (b->hull_count > 0)
        format_points(f, "hull", b->hull, b->hull_count);
    if (b->has_openings)
        format_points(f, "openings", b->openings, 2 * b->opening_count);
    if (b->water > 0.0)
        format_num(f, "water", b->water);
    if (b->water_density > 0.0)
        format_num(f, "water-density", b->water_density);
    if (b->density > 0.0)
        format_num(f, "density", b->density);
    if (b->mass > 0.0)
        format_num(f, "mass", b->mass);
    if (b->has_cg)
        format_point(f, "cg", b->cg);
    if (b->angle != 0.0)
        format_num(f, "angle", b->angle);
    if (b->velocity.x != 0.0 || b->velocity.y != 0.0)
        format_point(f, "velocity", b->velocity);
    if (b->spin != 0.0)
        format_num(f, "spin", b->spin);
    const fl_body_def d = fl_body_def_default();
    if (b->friction != d.friction)
        format_num(f, "friction", b->friction);
    if (b->restitution != d.restitution)
        format_num(f, "restitution", b->restitution);
    if (b->has_color)
        fprintf(f, " color=#%06x", (unsigned)(b->color & 0xffffffu));
    if (b->is_static)
        fputs(" static", f);
    if (b->category != d.category)
        fprintf(f, " category=%" PRIu32, b->category);
    if (b->mask != d.mask)
        fprintf(f, " mask=%" PRIu32, b->mask);
    if (b->sensor)
        fputs(" sensor", f);
}

/* The water in the world's compartment that the sim's i-th part (a
 * compartment of body b) made: the body's compartments are its
 * compartment parts in order. */
static void write_compartment_water(FILE *f, const fl_sim *s, fl_body_id b, int i)
{
    int k = 0;
    for (int j = 0; j < i; j++) {
        fl_body_id other;
        if (fl_sim_item(s, j, &other)->kind == FL_SCENE_COMPARTMENT && fl_body_index(other) == fl_body_index(b) && !fl_body_is_null(other))
            k++;
    }
    if (k >= fl_buoyancy_compartment_count(s->buoyancy, b))
        return;
    double density, water = fl_buoyancy_compartment_water(s->buoyancy, b, k, &density);
    if (water > 0.0) {
        format_num(f, "water", water);
        format_num(f, "water-density", density);
    }
}

/* The loading conditions' parts of the bodies still in the world, under
 * their bodies' names (the bodies' `at` is their centre of mass now). */
static void write_items(FILE *f, const fl_sim *s, const name_table *t)
{
    for (int i = 0; i < fl_sim_item_count(s); i++) {
        fl_body_id b;
        const fl_scene_item *it = fl_sim_item(s, i, &b);
        if (fl_body_is_null(b) || !t->name[fl_body_index(b)][0])
            continue;
        static const char *const kinds[] = {"item", "tank", "compartment"};
        fputs(kinds[it->kind], f);
        if (it->kind != FL_SCENE_COMPARTMENT)
            fprintf(f, " condition=%s", it->condition);
        fprintf(f, " body=%s", t->name[fl_body_index(b)]);
        if (it->name[0])
            fprintf(f, " name=%s", it->name);
        if (it->kind != FL_SCENE_ITEM)
            format_points(f, "points", it->points, it->point_count);
        if (it->kind == FL_SCENE_TANK) {
            format_num(f, "fill", it->fill);
            format_num(f, "density", it->density);
        } else if (it->kind == FL_SCENE_COMPARTMENT) {
            write_compartment_water(f, s, b, i);
        } else if (it->kind == FL_SCENE_ITEM) {
            format_num(f, "mass", it->mass);
            format_point(f, "at", it->at);
        }
        fputc('\n', f);
    }
}

/* The timed events still to come, their steps counted from now. */
static void write_events(FILE *f, const fl_sim *s)
{
    uint64_t now = fl_world_step_count(s->world);
    for (int i = s->next_event; i < s->event_count; i++) {
        const fl_scene_event *e = &s->events[i];
        fprintf(f, "at step=%llu", (unsigned long long)(e->step > now ? e->step - now : 0));
        switch (e->kind) {
        case FL_SCENE_SPAWN:
            fputs(" spawn ", f);
            write_scene_body(f, &e->body);
            break;
        case FL_SCENE_REMOVE: fprintf(f, " remove %s", e->name); break;
        case FL_SCENE_FLUID:
            fprintf(f, " fluid %s", e->name);
            if (e->has_surface)
                format_num(f, "surface", e->surface);
            if (e->has_density)
                format_num(f, "density", e->density);
            break;
        case FL_SCENE_PUSH:
            fprintf(f, " push %s", e->name);
            format_point(f, "impulse", e->impulse);
            format_point(f, "at", e->at);
            break;
        }
        fputc('\n', f);
    }
}

bool fl_scene_write(FILE *f, const fl_sim *s, const fl_scene_view *view, char *err, size_t err_size)
{
    assert(f != NULL && s != NULL && s->world != NULL);
    name_table t;
    if (!name_bodies(s, &t)) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    write_header(f, s, view);
    write_fluids(f, s);
    bool ok = true;
    for (int i = 0; ok && i < t.count; i++)
        ok = write_body(f, s, &t, i, err, err_size);
    for (int k = 0; ok && k < fl_world_joint_count(s->world); k++) {
        fl_joint_id j = fl_world_joint(s->world, k);
        if (fl_joint_kind(j) == FL_JOINT_ROPE)
            write_rope(f, &t, j);
    }
    if (ok) {
        write_items(f, s, &t);
        write_events(f, s);
    }
    free(t.name);
    if (ok && (fflush(f) != 0 || ferror(f))) {
        snprintf(err, err_size, "%s", strerror(errno));
        ok = false;
    }
    return ok;
}
