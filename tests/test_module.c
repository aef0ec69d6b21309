/* Modules belong to their world (fl_module.h): the world destroys them,
 * in either order of destruction nothing is used after it is freed and
 * nothing is left, and a copy of the world brings copies of them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_world.h"

/* ---- an allocator that counts, and can be told to run out ------------- */

typedef struct counter {
    long live;  /* blocks handed out and not yet freed */
    long left;  /* allocations still granted; < 0: any number */
} counter;

static bool grant(counter *c)
{
    if (c->left == 0)
        return false;
    if (c->left > 0)
        c->left--;
    return true;
}

static void *count_alloc(size_t size, void *user)
{
    counter *c = user;
    void *p = grant(c) ? malloc(size) : NULL;
    c->live += p != NULL;
    return p;
}

static void *count_realloc(void *ptr, size_t size, void *user)
{
    counter *c = user;
    void *p = grant(c) ? realloc(ptr, size) : NULL;
    c->live += !ptr && p;
    return p;
}

static void count_free(void *ptr, void *user)
{
    counter *c = user;
    c->live -= ptr != NULL;
    free(ptr);
}

/* A floating 1 x 0.5 box of half the water's density in a counted world. */
static fl_world *counted_pond(counter *c, fl_buoyancy **water)
{
    fl_world_def d = fl_world_def_default();
    d.allocator = (fl_allocator){count_alloc, count_realloc, count_free, c};
    fl_world *w = fl_world_create(&d, NULL);
    assert_non_null(w);
    add_wall(w, fl_v2(0.0, 5.5), 20.0, 1.0);
    add_box_body(w, 1.0, 0.5, fl_v2(0.0, 1.9), 0.1, 500.0);
    *water = add_water(w, -10.0, 10.0, 2.0, 5.0);
    for (int i = 0; i < 30; i++)
        fl_world_step(w, 1.0 / 60.0);
    return w;
}

static void test_world_destroys_its_buoyancy(void **s)
{
    (void)s;
    counter c = {0, -1};
    fl_buoyancy *water;
    fl_world *w = counted_pond(&c, &water);
    assert_ptr_equal(fl_buoyancy_of(w), water);
    fl_world_destroy(w); /* the module with it: nothing left */
    assert_int_equal(c.live, 0);
}

static void test_buoyancy_destroyed_before_its_world(void **s)
{
    (void)s;
    counter c = {0, -1};
    fl_buoyancy *water;
    fl_world *w = counted_pond(&c, &water);
    fl_buoyancy_destroy(water);
    assert_null(fl_buoyancy_of(w));
    fl_vec2 before = fl_body_position(fl_world_body(w, 1));
    fl_world_step(w, 1.0 / 60.0); /* no hook left behind: the box now falls */
    assert_true(fl_body_position(fl_world_body(w, 1)).y > before.y);
    fl_world_destroy(w);
    assert_int_equal(c.live, 0);
}

/* The copy brings its own buoyancy: the same fluid, the same float, bit
 * for bit, and it outlives the original. */
static void test_copy_brings_its_buoyancy(void **s)
{
    (void)s;
    counter c = {0, -1};
    fl_buoyancy *water;
    fl_world *w = counted_pond(&c, &water);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    fl_buoyancy *copy_water = fl_buoyancy_of(copy);
    assert_non_null(copy_water);
    assert_ptr_not_equal(copy_water, water);
    assert_int_equal(fl_buoyancy_fluid_count(copy_water), 1);
    /* Field by field: a struct's padding is nobody's to compare. */
    const fl_fluid_def *fa = fl_buoyancy_fluid_def(water, 0), *fb = fl_buoyancy_fluid_def(copy_water, 0);
    ASSERT_EXACT(fb->density, fa->density);
    ASSERT_EXACT(fb->surface, fa->surface);
    ASSERT_EXACT(fb->left, fa->left);
    ASSERT_EXACT(fb->right, fa->right);
    ASSERT_EXACT(fb->bottom, fa->bottom);
    ASSERT_EXACT(fb->linear_drag, fa->linear_drag);
    ASSERT_EXACT(fb->angular_drag, fa->angular_drag);
    ASSERT_EXACT(fb->wave_amplitude, fa->wave_amplitude);
    ASSERT_EXACT(fb->wave_speed, fa->wave_speed);
    /* what the last step pushed, as the original reports it */
    const fl_buoyancy_total *ta = fl_buoyancy_applied_total(water, fl_world_body(fl_buoyancy_world(water), 1));
    const fl_buoyancy_total *tb = fl_buoyancy_applied_total(copy_water, fl_world_body(fl_buoyancy_world(copy_water), 1));
    assert_non_null(ta);
    assert_non_null(tb);
    ASSERT_EXACT(tb->force.y, ta->force.y);
    for (int i = 0; i < 120; i++) {
        fl_world_step(w, 1.0 / 60.0);
        fl_world_step(copy, 1.0 / 60.0);
    }
    fl_body_id a = fl_world_body(w, 1), b = fl_world_body(copy, 1);
    ASSERT_EXACT(fl_body_position(b).y, fl_body_position(a).y);
    ASSERT_EXACT(fl_body_angle(b), fl_body_angle(a));
    fl_world_destroy(w);
    /* it floats on without the original: a step changes nothing a float
     * near rest cannot do (it stays within 5 cm of its draft) */
    for (int i = 0; i < 60; i++)
        fl_world_step(copy, 1.0 / 60.0);
    assert_true(fabs(fl_body_position(fl_world_body(copy, 1)).y - 2.0) < 0.05);
    fl_world_destroy(copy);
    assert_int_equal(c.live, 0);
}

/* Out of memory at every allocation a copy makes: no copy, nothing left
 * of it, and the original unharmed. */
static void test_copy_out_of_memory_leaves_nothing(void **s)
{
    (void)s;
    counter c = {0, -1};
    fl_buoyancy *water;
    fl_world *w = counted_pond(&c, &water);
    long live = c.live;
    int failed = 0;
    for (long budget = 0;; budget++) {
        c.left = budget;
        fl_error err = {0};
        fl_world *copy = fl_world_clone(w, &err);
        c.left = -1;
        if (copy) {
            assert_non_null(fl_buoyancy_of(copy));
            fl_world_destroy(copy);
            assert_int_equal(c.live, live);
            break;
        }
        failed++;
        assert_non_null(strstr(err.message, "out of memory"));
        assert_int_equal(c.live, live);
    }
    assert_true(failed > 3); /* the world's copy and the module's both ran out */
    fl_world_step(w, 1.0 / 60.0);
    fl_world_destroy(w);
    assert_int_equal(c.live, 0);
}

/* ---- a module of the caller's own -------------------------------------- */

typedef struct tally {
    int destroyed[4]; /* the order the modules were destroyed in, by id */
    int count;
    int cloned;
} tally;

typedef struct probe {
    int id;
    tally *t;
} probe;

static void probe_destroy(void *module)
{
    probe *p = module;
    p->t->destroyed[p->t->count++] = p->id;
}

static const fl_module_class probe_class = {"probe", probe_destroy, NULL};

static fl_status probe_clone(const void *module, fl_world *copy, fl_error *err)
{
    (void)err;
    const probe *p = module;
    p->t->cloned++;
    static probe copies[2];
    copies[p->t->cloned - 1] = (probe){10 + p->id, p->t};
    return fl_world_add_module(copy, &probe_class, &copies[p->t->cloned - 1]);
}

static const fl_module_class cloned_probe_class = {"cloned probe", probe_destroy, probe_clone};

/* A warmed-up world and its buoyancy step with no memory at all; a copy,
 * whose step's scratch is still to be made, steps out of memory at each
 * allocation it makes (fl_world_last_step_status says so), leaks nothing,
 * and steps in full once memory is back. */
static void test_step_out_of_memory_with_buoyancy(void **s)
{
    (void)s;
    counter c = {0, -1};
    fl_buoyancy *water;
    fl_world *w = counted_pond(&c, &water);
    c.left = 0;
    fl_world_step(w, 1.0 / 60.0);
    assert_int_equal(fl_world_last_step_status(w), FL_OK);
    c.left = -1;
    long live = c.live;
    int starved = 0;
    for (long budget = 0;; budget++) {
        fl_world *copy = fl_world_clone(w, NULL);
        assert_non_null(copy);
        c.left = budget;
        fl_world_step(copy, 1.0 / 60.0);
        c.left = -1;
        fl_status st = fl_world_last_step_status(copy);
        if (st != FL_OK) {
            assert_int_equal(st, FL_ENOMEM);
            starved++;
        }
        fl_world_step(copy, 1.0 / 60.0);
        assert_int_equal(fl_world_last_step_status(copy), FL_OK);
        fl_world_destroy(copy);
        assert_int_equal(c.live, live);
        if (st == FL_OK)
            break;
    }
    assert_true(starved > 3);
    fl_world_destroy(w);
    assert_int_equal(c.live, 0);
}

static void test_modules_destroyed_last_first(void **s)
{
    (void)s;
    tally t = {{0}, 0, 0};
    probe p1 = {1, &t}, p2 = {2, &t}, p3 = {3, &t};
    fl_world *w = solved_world(fl_v2(0.0, 9.81), 1, 10);
    assert_int_equal(fl_world_add_module(w, &probe_class, &p1), FL_OK);
    assert_int_equal(fl_world_add_module(w, &cloned_probe_class, &p2), FL_OK);
    assert_int_equal(fl_world_add_module(w, &probe_class, &p3), FL_OK);
    assert_ptr_equal(fl_world_find_module(w, &probe_class), &p1);
    assert_ptr_equal(fl_world_find_module(w, &cloned_probe_class), &p2);
    /* a copy takes only what can be copied */
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    assert_int_equal(t.cloned, 1);
    assert_null(fl_world_find_module(copy, &cloned_probe_class));
    assert_int_equal(((probe *)fl_world_find_module(copy, &probe_class))->id, 12);
    fl_world_destroy(copy);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.destroyed[0], 12);
    /* taken back: no longer the world's to destroy */
    assert_int_equal(fl_world_remove_module(w, &p3), FL_OK);
    assert_int_equal(fl_world_remove_module(w, &p3), FL_ENOTFOUND);
    assert_int_equal(fl_world_add_module(w, &probe_class, &p3), FL_OK);
    fl_world_destroy(w);
    assert_int_equal(t.count, 4);
    assert_int_equal(t.destroyed[1], 3);
    assert_int_equal(t.destroyed[2], 2);
    assert_int_equal(t.destroyed[3], 1);
}

static void test_bad_modules_refused(void **s)
{
    (void)s;
    tally t = {{0}, 0, 0};
    probe p = {1, &t};
    const fl_module_class no_destroy = {"none", NULL, NULL};
    fl_world *w = solved_world(fl_v2(0.0, 9.81), 1, 10);
    assert_int_equal(fl_world_add_module(w, NULL, &p), FL_EINVAL);
    assert_int_equal(fl_world_add_module(w, &probe_class, NULL), FL_EINVAL);
    assert_int_equal(fl_world_add_module(w, &no_destroy, &p), FL_EINVAL);
    assert_int_equal(fl_world_add_module(w, &probe_class, &p), FL_OK);
    assert_int_equal(fl_world_add_module(w, &probe_class, &p), FL_EINVAL); /* given twice */
    fl_world_destroy(w);
    assert_int_equal(t.count, 1); /* destroyed once */
}

/* ---- columns: a module's rows, one a body ------------------------------ */

/* A module keeping each body's serial in a row, in a block of its own:
 * what is left allocated shows a row not freed. */
typedef struct ledger {
    fl_world *world;
    int column;
    long *live;      /* rows allocated and not freed, for every copy */
    uint32_t refuse; /* a body of this serial is refused (0: none) */
    bool owned;      /* a copy, freed by its destroy */
} ledger;

static fl_status ledger_add(void *module, fl_body_id b, void *row, fl_error *err)
{
    ledger *l = module;
    (void)err;
    if (l->refuse != 0 && fl_body_serial(b) == l->refuse)
        return FL_EINVAL;
    uint32_t *serial = malloc(sizeof *serial);
    assert_non_null(serial);
    *serial = fl_body_serial(b);
    *(uint32_t **)row = serial;
    (*l->live)++;
    return FL_OK;
}

static void ledger_remove(void *module, void *row)
{
    ledger *l = module;
    uint32_t *serial = *(uint32_t **)row;
    if (serial)
        (*l->live)--;
    free(serial);
}

static fl_status ledger_copy(void *module, void *row, const void *from, fl_error *err)
{
    ledger *l = module;
    (void)err;
    uint32_t *serial = malloc(sizeof *serial);
    assert_non_null(serial);
    *serial = **(uint32_t *const *)from;
    *(uint32_t **)row = serial;
    (*l->live)++;
    return FL_OK;
}

static const fl_column_class ledger_rows = {sizeof(uint32_t *), ledger_add, ledger_remove,
                                            ledger_copy};

static void ledger_destroy(void *module)
{
    ledger *l = module;
    if (l->owned)
        free(l);
}

static fl_status ledger_clone(const void *module, fl_world *copy, fl_error *err);
static const fl_module_class ledger_class = {"ledger", ledger_destroy, ledger_clone};

static fl_status ledger_clone(const void *module, fl_world *copy, fl_error *err)
{
    const ledger *from = module;
    ledger *l = malloc(sizeof *l);
    assert_non_null(l);
    *l = (ledger){copy, -1, from->live, 0, true};
    assert_int_equal(fl_world_add_module(copy, &ledger_class, l), FL_OK);
    l->column = fl_world_clone_column(copy, l, from->world, from->column, err);
    return l->column >= 0 ? FL_OK : FL_ENOMEM;
}

static fl_body_id add_box(fl_world *w, double x)
{
    return add_box_body(w, 1.0, 1.0, fl_v2(x, 0.0), 0.0, 500.0);
}

static uint32_t row_serial(fl_body_id b, int column)
{
    uint32_t *const *row = fl_body_row(b, column);
    assert_non_null(row);
    assert_non_null(*row);
    return **row;
}

static void test_columns_follow_bodies(void **s)
{
    (void)s;
    long live = 0;
    fl_world *w = solved_world(fl_v2(0.0, 9.81), 1, 10);
    ledger l = {w, -1, &live, 0, false};
    fl_body_id a = add_box(w, 0.0), b = add_box(w, 3.0);
    fl_error err;
    /* not a module of the world: refused */
    assert_int_equal(fl_world_add_column(w, &l, &ledger_rows, &err), -1);
    assert_int_equal(fl_world_add_module(w, &ledger_class, &l), FL_OK);
    l.column = fl_world_add_column(w, &l, &ledger_rows, &err);
    assert_true(l.column >= 0);
    /* the bodies there already have their rows */
    assert_int_equal(live, fl_world_body_count(w));
    assert_int_equal(row_serial(a, l.column), fl_body_serial(a));
    assert_int_equal(row_serial(b, l.column), fl_body_serial(b));
    /* a body added gets one; one removed frees its own, and its slot's
     * next body has a row of its own */
    fl_body_id c = add_box(w, 6.0);
    assert_int_equal(live, fl_world_body_count(w));
    assert_int_equal(fl_world_remove_body(w, a), FL_OK);
    assert_int_equal(live, fl_world_body_count(w));
    fl_body_id d = add_box(w, 9.0);
    assert_int_equal(d.index, a.index);
    assert_int_equal(row_serial(d, l.column), fl_body_serial(d));
    assert_int_equal(row_serial(c, l.column), fl_body_serial(c));
    assert_null(fl_body_row(b, l.column + 1)); /* no such column */
    /* a body the column refuses is not added, and leaves nothing */
    int before = fl_world_body_count(w);
    l.refuse = fl_body_serial(d) + 1;
    fl_body_id e = FL_NULL_BODY;
    fl_body_def def = fl_body_def_default();
    fl_vec2 pts[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    def.points = pts;
    def.point_count = 4;
    def.density = 1.0;
    assert_int_equal(fl_world_add_body(w, &def, &e, &err), FL_EINVAL);
    assert_true(fl_body_is_null(e));
    assert_int_equal(fl_world_body_count(w), before);
    assert_int_equal(live, before);
    l.refuse = 0;
    /* stepping moves nothing: rows stay with their bodies */
    for (int i = 0; i < 10; i++)
        fl_world_step(w, 1.0 / 60.0);
    assert_int_equal(row_serial(b, l.column), fl_body_serial(b));
    /* the module taken back takes its column with it */
    assert_int_equal(fl_world_remove_module(w, &l), FL_OK);
    assert_int_equal(live, 0);
    assert_null(fl_body_row(b, l.column));
    fl_world_destroy(w);
}

/* A clone copies a column only through its module, row for row; each
 * world frees its own rows, in either order. */
static void test_columns_cloned_and_freed(void **s)
{
    (void)s;
    long live = 0;
    fl_world *w = solved_world(fl_v2(0.0, 9.81), 1, 10);
    ledger l = {w, -1, &live, 0, false};
    for (int i = 0; i < 5; i++)
        (void)add_box(w, 3.0 * i);
    assert_int_equal(fl_world_remove_body(w, fl_world_body(w, 2)), FL_OK);
    assert_int_equal(fl_world_add_module(w, &ledger_class, &l), FL_OK);
    l.column = fl_world_add_column(w, &l, &ledger_rows, NULL);
    assert_true(l.column >= 0);
    int n = fl_world_body_count(w);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    ledger *lc = fl_world_find_module(copy, &ledger_class);
    assert_non_null(lc);
    assert_true(lc->column >= 0);
    assert_int_equal(live, 2 * n);
    for (int i = 0; i < n; i++)
        assert_int_equal(row_serial(fl_world_body(copy, i), lc->column),
                         row_serial(fl_world_body(w, i), l.column));
    /* a column not there is not copied */
    assert_int_equal(fl_world_clone_column(copy, lc, w, l.column + 5, NULL), -1);
    fl_world_destroy(w);
    assert_int_equal(live, n);
    fl_world_destroy(copy);
    assert_int_equal(live, 0);
}

/* A load carried adds to the mass and moment of inertia as a point mass,
 * keeps the angular momentum, and gone leaves the body exactly as it was. */
static void test_carried_load(void **s)
{
    (void)s;
    fl_world *w = solved_world(fl_v2(0.0, 0.0), 1, 10);
    fl_body_id b = add_box(w, 0.0);
    double m = fl_body_mass(b), i = fl_body_inertia(b);
    assert_int_equal(fl_body_set_spin(b, 2.0), FL_OK);
    assert_int_equal(fl_body_carry(b, 3.0, fl_v2(0.5, 0.0)), FL_OK);
    ASSERT_EXACT(fl_body_mass(b), m + 3.0);
    ASSERT_EXACT(fl_body_inertia(b), i + 0.75);
    ASSERT_REL(fl_body_spin(b) * fl_body_inertia(b), 2.0 * i, 1e-15);
    double carried_inertia;
    ASSERT_EXACT(fl_body_carried(b, &carried_inertia), 3.0);
    ASSERT_EXACT(carried_inertia, 0.75);
    assert_int_equal(fl_body_carry(b, -1.0, fl_v2(0.0, 0.0)), FL_EINVAL);
    assert_int_equal(fl_body_carry(b, NAN, fl_v2(0.0, 0.0)), FL_EINVAL);
    assert_int_equal(fl_body_carry(b, 1.0, fl_v2(INFINITY, 0.0)), FL_EINVAL);
    assert_int_equal(fl_body_carry(b, 0.0, fl_v2(0.0, 0.0)), FL_OK);
    ASSERT_EXACT(fl_body_mass(b), m);
    ASSERT_EXACT(fl_body_inertia(b), i);
    ASSERT_REL(fl_body_spin(b), 2.0, 1e-15);
    /* a copy carries what the original does */
    assert_int_equal(fl_body_carry(b, 2.0, fl_v2(0.0, 1.0)), FL_OK);
    fl_world *copy = fl_world_clone(w, NULL);
    assert_non_null(copy);
    fl_body_id bc = fl_body_in(copy, b);
    ASSERT_EXACT(fl_body_mass(bc), fl_body_mass(b));
    ASSERT_EXACT(fl_body_carried(bc, NULL), 2.0);
    fl_world_destroy(copy);
    fl_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_world_destroys_its_buoyancy),
        cmocka_unit_test(test_buoyancy_destroyed_before_its_world),
        cmocka_unit_test(test_copy_brings_its_buoyancy),
        cmocka_unit_test(test_copy_out_of_memory_leaves_nothing),
        cmocka_unit_test(test_step_out_of_memory_with_buoyancy),
        cmocka_unit_test(test_modules_destroyed_last_first),
        cmocka_unit_test(test_bad_modules_refused),
        cmocka_unit_test(test_columns_follow_bodies),
        cmocka_unit_test(test_columns_cloned_and_freed),
        cmocka_unit_test(test_carried_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
