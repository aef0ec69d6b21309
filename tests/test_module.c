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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
