/* The benchmark's own helpers: timing the buoyancy pass alone must leave
 * the world exactly as it was, so that the run can go on as if it had
 * never been timed, and must allocate nothing in the world. And the
 * harbor as a closed, damped tank: once settled, its energy never rises. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <pthread.h>
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
        fl_body_id p = fl_world_body(a, i), q = fl_world_body(b, i);
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
    assert_int_equal(flotsam_harbor_build(&timed, &sc, FLOTSAM_HARBOR_DEFAULT, &counted, &err), FL_OK);
    assert_int_equal(flotsam_harbor_build(&plain, &sc, FLOTSAM_HARBOR_DEFAULT, NULL, &err), FL_OK);
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

/* The mechanical energy of the harbor's floating bodies: kinetic, gravity's
 * (y down) and the buoyancy potential, rho g A_sub times the depth of the
 * centre of buoyancy (whose derivative in any move is minus the lift's
 * work); and the sum of the terms' sizes, for roundoff. */
static double harbor_energy(flotsam_harbor *h, double *scale)
{
    fl_world *w = h->world;
    assert_int_equal(fl_buoyancy_measure(h->buoyancy, fl_world_time(w)), FL_OK);
    double e = 0.0;
    *scale = 0.0;
    for (int i = h->first_dynamic; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        fl_vec2 v = fl_body_velocity(b), c;
        double m = fl_body_mass(b), spin = fl_body_spin(b);
        double kinetic = 0.5 * m * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * spin * spin;
        double fall = -m * HARBOR_GRAVITY * fl_body_position(b).y;
        double a = fl_buoyancy_body_area(h->buoyancy, fl_world_body(h->world, i), &c);
        double lift = a > 0.0 ? HARBOR_WATER_DENSITY * HARBOR_GRAVITY * a * (c.y - HARBOR_SURFACE) : 0.0;
        e += kinetic + fall + lift;
        *scale += kinetic + fabs(fall) + fabs(lift);
    }
    return e;
}

/* 500 bodies of the harbor (closed: a floor and two walls; damped water)
 * settle for 60 s; then, checked every second for 30 s, their energy never
 * rises by more than 1e-10 of the size of its terms (the solver leaves
 * settled bodies moving by about 1e-13 m a step, which rounds the
 * potential at that level; measured rises are below 6e-12 of it). No drag
 * or contact can make energy, so any rise is the method's: position
 * correction lifting bodies it pushes apart, or the lift's integration. */
static void test_settled_tank_makes_no_energy(void **state)
{
    (void)state;
    harbor_scene sc;
    assert_true(harbor_generate(&sc, 500));
    flotsam_harbor h;
    assert_int_equal(flotsam_harbor_build(&h, &sc, FLOTSAM_HARBOR_DEFAULT, NULL, NULL), FL_OK);
    for (int i = 0; i < 60 * 60; i++)
        fl_world_step(h.world, HARBOR_DT);
    double scale, e = harbor_energy(&h, &scale);
    for (int k = 1; k <= 30; k++) {
        for (int i = 0; i < 60; i++)
            fl_world_step(h.world, HARBOR_DT);
        double next = harbor_energy(&h, &scale);
        if (!(next - e <= 1e-10 * scale))
            fail_msg("second %d after settling: the energy rose by %g J (of terms summing to %g J)",
                     k, next - e, scale);
        e = next;
    }
    flotsam_harbor_destroy(&h);
    harbor_free(&sc);
}


/* ---- the split solve (engine/split.c): the same steps whoever runs it */

static int runner_calls;

/* Tasks last first, on the stepping thread. */
static void backwards(void *runner_ctx, fl_task_fn fn, void *ctx, int count)
{
    (void)runner_ctx;
    runner_calls++;
    for (int i = count - 1; i >= 0; i--)
        fn(ctx, i);
}

typedef struct task_arg {
    fl_task_fn fn;
    void *ctx;
    int index;
} task_arg;

static void *run_task(void *arg)
{
    task_arg *t = arg;
    t->fn(t->ctx, t->index);
    return NULL;
}

/* Every task on a thread of its own, at once. */
static void threaded(void *runner_ctx, fl_task_fn fn, void *ctx, int count)
{
    (void)runner_ctx;
    runner_calls++;
    pthread_t threads[8];
    task_arg args[8];
    assert_true(count <= 8);
    for (int i = 0; i < count; i++) {
        args[i] = (task_arg){fn, ctx, i};
        assert_int_equal(pthread_create(&threads[i], NULL, run_task, &args[i]), 0);
    }
    for (int i = 0; i < count; i++)
        pthread_join(threads[i], NULL);
}

static void test_split_solve_is_the_same_however_run(void **state)
{
    (void)state;
    harbor_scene sc;
    assert_true(harbor_generate(&sc, 1600)); /* some 3000 contacts: split */
    flotsam_harbor plain, back, threads;
    fl_error err;
    assert_int_equal(flotsam_harbor_build(&plain, &sc, (flotsam_harbor_solver){10, 1}, NULL, &err), FL_OK);
    assert_int_equal(flotsam_harbor_build(&back, &sc, (flotsam_harbor_solver){10, 1}, NULL, &err), FL_OK);
    assert_int_equal(flotsam_harbor_build(&threads, &sc, (flotsam_harbor_solver){10, 1}, NULL, &err), FL_OK);
    fl_world_set_task_runner(back.world, backwards, NULL);
    fl_world_set_task_runner(threads.world, threaded, NULL);
    runner_calls = 0;
    for (int round = 0; round < 12; round++) {
        flotsam_harbor_run(&plain, 25);
        flotsam_harbor_run(&back, 25);
        flotsam_harbor_run(&threads, 25);
        uint64_t h = fl_state_hash(plain.world);
        if (fl_state_hash(back.world) != h || fl_state_hash(threads.world) != h)
            fail_msg("the runs part after %d steps", 25 * (round + 1));
    }
    /* The piles touch by 300 steps: the solver handed out its halves (and
     * the narrow phase its pairs, 4096 or more). */
    assert_true(runner_calls > 0);
    assert_true(fl_world_contact_count(plain.world) > 2048);
    flotsam_harbor_destroy(&plain);
    flotsam_harbor_destroy(&back);
    flotsam_harbor_destroy(&threads);
    harbor_free(&sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing_buoyancy_alone_changes_nothing),
        cmocka_unit_test(test_settled_tank_makes_no_energy),
        cmocka_unit_test(test_split_solve_is_the_same_however_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
