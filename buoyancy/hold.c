/* A hull's hold: the space of a body's hull that its outline does not
 * fill. The buoyancy module keeps one for every body whose hull is more
 * than its outline, in a column of the world (a row a body, made, freed
 * and copied with it): its shape (the hull's convex pieces), its openings
 * to the outside and the water in it, whose mass the body carries. This
 * makes, copies and frees holds; hold_access.c reads and changes them,
 * and the water moves in flood.c. */
#include <math.h>
#include <string.h>
#include "flotsam/fl_decompose.h"
#include "flotsam/fl_polygon.h"
#include "flotsam/fl_world.h"
#include "fail.h"
#include "module.h"

static bool reserve_openings(fl_world *w, fl_hold *c, int need)
{
    fl_vec2 *grown = fl_world_grow(w, c->openings, &c->opening_capacity, need, 2 * sizeof *grown);
    if (!grown)
        return false;
    c->openings = grown;
    return true;
}

bool hold_add_opening(fl_world *w, fl_hold *c, fl_vec2 a, fl_vec2 z)
{
    if (!reserve_openings(w, c, c->opening_count + 1))
        return false;
    /* A divided hold has room for the spaces it joins before it has it
     * (hold_sort_openings then cannot fail). */
    if (c->compartment_count > 0) {
        int *sides = fl_world_grow(w, c->sides, &c->side_capacity, 2 * c->opening_count + 4,
                                   sizeof *sides);
        if (!sides)
            return false;
        c->sides = sides;
    }
    FL_ASSERT(c->opening_count < c->opening_capacity);
    c->openings[2 * c->opening_count] = a;
    c->openings[2 * c->opening_count + 1] = z;
    c->opening_count++;
    return true;
}

/* The parts of [0, 1] along the hull edge a -> z that no outline edge lies
 * on, added as openings. An outline edge lies on it when both its ends are
 * on the edge's line (to rounding, `tol`); the parameters it covers are
 * cut out of what is left. */
static bool open_uncovered(fl_world *w, const fl_body *b, fl_hold *c, fl_vec2 a, fl_vec2 z,
                           double tol)
{
    fl_vec2 d = fl_sub(z, a);
    double len2 = fl_dot(d, d);
    if (!(len2 > 0.0))
        return true;
    double len = sqrt(len2);
    /* What is left, as up to MAX_GAPS intervals sorted along the edge. */
    enum { MAX_GAPS = 64 };
    double lo[MAX_GAPS], hi[MAX_GAPS];
    int gaps = 1;
    lo[0] = 0.0;
    hi[0] = 1.0;
    for (int i = 0; i < b->vert_count && gaps > 0; i++) {
        fl_vec2 p = b->verts[i], q = b->verts[(i + 1) % b->vert_count];
        if (fabs(fl_cross(d, fl_sub(p, a))) > tol * len || fabs(fl_cross(d, fl_sub(q, a))) > tol * len)
            continue;
        double s = fl_dot(fl_sub(p, a), d) / len2, e = fl_dot(fl_sub(q, a), d) / len2;
        if (s > e) {
            double t = s;
            s = e;
            e = t;
        }
        /* Cut [s, e] out of every gap. */
        int kept = 0;
        double nlo[MAX_GAPS], nhi[MAX_GAPS];
        for (int k = 0; k < gaps; k++) {
            if (e <= lo[k] || s >= hi[k]) {
                nlo[kept] = lo[k], nhi[kept++] = hi[k];
                continue;
            }
            if (s > lo[k] && kept < MAX_GAPS)
                nlo[kept] = lo[k], nhi[kept++] = s;
            if (e < hi[k] && kept < MAX_GAPS)
                nlo[kept] = e, nhi[kept++] = hi[k];
        }
        gaps = kept;
        memcpy(lo, nlo, sizeof lo[0] * (size_t)kept);
        memcpy(hi, nhi, sizeof hi[0] * (size_t)kept);
    }
    for (int k = 0; k < gaps; k++)
        if ((hi[k] - lo[k]) * len > tol &&
            !hold_add_opening(w, c, fl_add(a, fl_scale(d, lo[k])), fl_add(a, fl_scale(d, hi[k]))))
            return false;
    return true;
}

static void free_hold(fl_world *w, fl_hold *c)
{
    if (c) {
        fl_world_free(w, c->openings);
        for (int k = 0; k < c->compartment_count; k++)
            compartment_free(w, c->compartments[k]);
        fl_world_free(w, c->compartments);
        fl_world_free(w, c->sides);
    }
    fl_world_free(w, c);
}

/* The copy's compartments and the spaces its openings join: c is k's
 * bytes, its pointers still k's. */
static bool copy_compartments(fl_world *w, fl_hold *c, const fl_hold *k)
{
    c->compartments = NULL;
    c->sides = NULL;
    c->side_capacity = 0;
    int n = k->compartment_count;
    c->compartment_count = 0;
    if (n == 0)
        return true;
    c->compartments = fl_world_alloc(w, sizeof *c->compartments * (size_t)n);
    c->sides = fl_world_alloc(w, sizeof *c->sides * (size_t)(2 * k->opening_count + 2));
    if (!c->compartments || !c->sides)
        return false;
    c->side_capacity = 2 * k->opening_count + 2;
    memcpy(c->sides, k->sides, sizeof *c->sides * (size_t)(2 * k->opening_count));
    for (; c->compartment_count < n; c->compartment_count++) {
        hold_compartment *q = compartment_copy(w, k->compartments[c->compartment_count]);
        if (!q)
            return false;
        c->compartments[c->compartment_count] = q;
    }
    return true;
}

/* A new body's row: a hold, with its default openings, if its hull is more
 * than its outline. */
static fl_status add_row(void *module, fl_body_id id, void *row, fl_error *err)
{
    fl_buoyancy *bu = module;
    fl_world *w = bu->world;
    fl_body *b = body_find(id);
    FL_ASSERT(b && id.world == w);
    if (body_hull_is_outline(b))
        return FL_OK;
    /* The hull's convex pieces: the hull itself when convex. The body
     * checked that it splits (fl_body_def_check). */
    fl_vec2 *pieces = fl_world_alloc(w, sizeof *pieces * 3 * (size_t)b->hull_count);
    int *starts = fl_world_alloc(w, sizeof *starts * (size_t)(b->hull_count + 1));
    int count = 0;
    if (pieces && starts) {
        if (fl_polygon_is_convex(b->hull, b->hull_count)) {
            memcpy(pieces, b->hull, sizeof *pieces * (size_t)b->hull_count);
            starts[0] = 0;
            starts[1] = b->hull_count;
            count = 1;
        } else {
            count = fl_convex_decompose(b->hull, b->hull_count, pieces, starts);
        }
    }
    fl_hold *c = NULL;
    if (count >= 1) {
        int nv = starts[count];
        size_t head = (sizeof(fl_hold) + sizeof(fl_vec2) - 1) / sizeof(fl_vec2) * sizeof(fl_vec2);
        size_t start_bytes = (sizeof(int) * (size_t)(count + 1) + sizeof(fl_vec2) - 1) /
                             sizeof(fl_vec2) * sizeof(fl_vec2);
        c = fl_world_alloc(w, head + start_bytes + sizeof(fl_vec2) * (size_t)nv);
        if (c) {
            memset(c, 0, sizeof *c);
            c->count = count;
            c->start = (int *)(void *)((char *)c + head);
            c->verts = (fl_vec2 *)(void *)((char *)c + head + start_bytes);
            memcpy(c->start, starts, sizeof(int) * (size_t)(count + 1));
            memcpy(c->verts, pieces, sizeof(fl_vec2) * (size_t)nv);
        }
    }
    fl_world_free(w, pieces);
    fl_world_free(w, starts);
    if (!c)
        return fail_with(err, count >= 1 || !pieces || !starts ? FL_ENOMEM : FL_EINVAL,
                         count >= 1 || !pieces || !starts ? "out of memory adding a body"
                                                          : "the hull could not be split into convex pieces");
    double tol = 1e-9 * fmax(b->hull_radius, 1e-300);
    bool made = body_carry_reserve(w, b) == FL_OK;
    for (int i = 0; made && i < b->hull_count; i++)
        made = open_uncovered(w, b, c, b->hull[i], b->hull[(i + 1) % b->hull_count], tol);
    if (!made) {
        free_hold(w, c);
        return fail_with(err, FL_ENOMEM, "out of memory adding a body");
    }
    *(fl_hold **)row = c;
    return FL_OK;
}

static void remove_row(void *module, void *row)
{
    fl_buoyancy *bu = module;
    free_hold(bu->world, *(fl_hold **)row);
}

static fl_status copy_row(void *module, void *row, const void *from, fl_error *err)
{
    fl_buoyancy *bu = module;
    const fl_hold *k = *(fl_hold *const *)from;
    if (!k)
        return FL_OK;
    /* The hold and its pieces are one block: copied whole, pointers moved. */
    size_t size = (size_t)((const char *)(k->verts + k->start[k->count]) - (const char *)k);
    fl_hold *c = fl_world_alloc(bu->world, size);
    fl_vec2 *openings = k->opening_count > 0
                            ? fl_world_alloc(bu->world, 2 * sizeof *openings * (size_t)k->opening_count)
                            : NULL;
    if (!c || (k->opening_count > 0 && !openings)) {
        fl_world_free(bu->world, c);
        fl_world_free(bu->world, openings);
        return fail_with(err, FL_ENOMEM, "out of memory copying a hold");
    }
    memcpy(c, k, size);
    c->openings = openings;
    if (!copy_compartments(bu->world, c, k)) {
        free_hold(bu->world, c);
        return fail_with(err, FL_ENOMEM, "out of memory copying a hold");
    }
    c->start = (int *)(void *)((char *)c + ((const char *)k->start - (const char *)k));
    c->verts = (fl_vec2 *)(void *)((char *)c + ((const char *)k->verts - (const char *)k));
    if (openings)
        memcpy(openings, k->openings, 2 * sizeof *openings * (size_t)k->opening_count);
    c->opening_capacity = k->opening_count;
    *(fl_hold **)row = c;
    return FL_OK;
}

const fl_column_class hold_column_class = {sizeof(fl_hold *), add_row, remove_row, copy_row};

