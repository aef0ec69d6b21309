/* The benchmark's own helpers: timing the buoyancy pass alone must leave
 * the world exactly as it was, so that the run can go on as if it had
 * never been timed, and must allocate nothing in the world. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "flotsam_harbor.h"

static long world_allocs;

static void *counted_alloc(size_t size, void *user)
{
    (void)user;
    world_allocs++;
    return malloc(size);
}

static void *counted_realloc(void *ptr, size_t size, void *user)
{
    (void)user;
    world_allocs++;
    return realloc(ptr, size);
}

static void plain_free(void *ptr, void *user)
{
    (void)user;
    free(ptr);
}

static void assert_same_bodies(fl_world *a, fl_world *b)
{
    assert_int_equal(fl_world_body_count(a), fl_world_body_count(b));
    for (int i = 0; i < fl_world_body_count(a); i++) {
        const fl_body *p = fl_world_body(a, i), *q = fl_world_body(b, i);
        /* Bit for bit: the same operations in the same order. */
        const fl_vec2 pv[3] = {fl_body_position(p), fl_body_velocity(p), fl_body_force(p)};
        const fl_vec2 qv[3] = {fl_body_position(q), fl_body_velocity(q), fl_body_force(q)};
        const double ps[3] = {fl_body_angle(p), fl_body_spin(p), fl_body_torque(p)};
        const double qs[3] = {fl_body_angle(q), fl_body_spin(q), fl_body_torque(q)};
        assert_memory_equal(pv, qv, sizeof pv);
        assert_memory_equal(ps, qs, sizeof ps);
    }
}

static void test_timing_buoyancy_alone_changes_nothing(void **state)
{
    (void)state;
    harbor_scene sc;
    assert_true(harbor_generate(&sc, 120));
    fl_allocator counted = {counted_alloc, counted_realloc, plain_free, NULL};
    flotsam_harbor timed, plain;
    fl_error err;
    assert_int_equal(flotsam_harbor_build(&timed, &sc, FLOTSAM_HARBOR_ITERATIONS, &counted, &err), FL_OK);
    assert_int_equal(flotsam_harbor_build(&plain, &sc, FLOTSAM_HARBOR_ITERATIONS, NULL, &err), FL_OK);
    flotsam_harbor_run(&timed, 200);
    flotsam_harbor_run(&plain, 200);

    long before = world_allocs;
    double cached = flotsam_harbor_time_buoyancy(&timed, 0, 5);
    double evicted = flotsam_harbor_time_buoyancy(&timed, (size_t)1 << 20, 3);
    assert_true(cached >= 0.0);
    assert_true(evicted >= 0.0);
    assert_int_equal(world_allocs - before, 0);
    assert_same_bodies(timed.world, plain.world);

    /* ... and the runs go on alike. */
    flotsam_harbor_run(&timed, 100);
    flotsam_harbor_run(&plain, 100);
    assert_same_bodies(timed.world, plain.world);

    flotsam_harbor_destroy(&timed);
    flotsam_harbor_destroy(&plain);
    harbor_free(&sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing_buoyancy_alone_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
