/* The steady state allocates nothing: the harbor benchmark scene (N = 200,
 * built by the benchmark's own code) with a counting allocator, warmed up
 * for 600 steps, then 100 more steps with not one alloc or realloc; and
 * after destroying the world, every allocation is freed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "flotsam_harbor.h"

typedef struct counter {
    long allocs, reallocs, frees;
    long live; /* blocks handed out and not yet freed */
} counter;

static void *count_alloc(size_t size, void *user)
{
    counter *c = user;
    void *p = malloc(size);
    c->allocs++;
    c->live += p != NULL;
    return p;
}

static void *count_realloc(void *ptr, size_t size, void *user)
{
    counter *c = user;
    c->reallocs++;
    void *p = realloc(ptr, size);
    if (!ptr && p)
        c->live++;
    return p;
}

static void count_free(void *ptr, void *user)
{
    counter *c = user;
    if (ptr) {
        c->frees++;
        c->live--;
    }
    free(ptr);
}

static void test_harbor_steady_state_allocates_nothing(void **state)
{
    (void)state;
    harbor_scene sc;
    assert_true(harbor_generate(&sc, 200));
    counter c;
    memset(&c, 0, sizeof c);
    fl_allocator a = {count_alloc, count_realloc, count_free, &c};
    flotsam_harbor h;
    fl_error err;
    assert_int_equal(flotsam_harbor_build(&h, &sc, FLOTSAM_HARBOR_DEFAULT, &a, &err), FL_OK);
    assert_true(c.allocs + c.reallocs > 0); /* the hook is really used */

    flotsam_harbor_run(&h, 600);
    long before = c.allocs + c.reallocs;
    flotsam_harbor_run(&h, 100);
    long during = c.allocs + c.reallocs - before;
    if (during != 0)
        print_error("%ld allocations in 100 steady steps\n", during);
    assert_int_equal(during, 0);

    /* The scene is still sane after the run. */
    harbor_stats st = flotsam_harbor_measure(&h);
    assert_false(st.nan);
    assert_int_equal(st.bodies, 200);
    assert_int_equal(st.outside, 0);

    flotsam_harbor_destroy(&h);
    if (c.live != 0)
        print_error("%ld allocations not freed\n", c.live);
    assert_int_equal(c.live, 0);
    harbor_free(&sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_harbor_steady_state_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
