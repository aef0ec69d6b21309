/* Unit tests for engine/events.c: callback order, user pointers, the event
 * record, fl_world_off, and changes to a hook list while it is triggered. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check.h"
#include "world_state.h" /* white-box: the step's own trigger */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flotsam/flotsam.h"

/* ---- a log of calls ---------------------------------------------------- */

typedef struct entry {
    int id;
    fl_event ev;
    const fl_event *ev_ptr;
} entry;

static entry log_[4096];
static int log_n;

static int reset_log(void **state)
{
    (void)state;
    log_n = 0;
    return 0;
}

static void log_call(int id, const fl_event *ev)
{
    assert_true(log_n < COUNT(log_));
    log_[log_n].id = id;
    log_[log_n].ev = *ev;
    log_[log_n].ev_ptr = ev;
    log_n++;
}

/* Checks that the log holds exactly these ids, in order, then clears it. */
static void expect_log_impl(const int *ids, int n, const char *file, int line)
{
    bool same = log_n == n;
    for (int i = 0; same && i < n; i++)
        same = log_[i].id == ids[i];
    if (!same) {
        char got[512] = "", want[512] = "";
        for (int i = 0; i < log_n && strlen(got) < 480; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), " %d", log_[i].id);
        for (int i = 0; i < n && strlen(want) < 480; i++)
            snprintf(want + strlen(want), sizeof want - strlen(want), " %d", ids[i]);
        print_error("calls:%s\nexpected:%s\n", got, want);
        _fail(file, line);
    }
    log_n = 0;
}

#define EXPECT_LOG(...)                                                                        \
    do {                                                                                       \
        const int ids_[] = {__VA_ARGS__};                                                      \
        expect_log_impl(ids_, COUNT(ids_), __FILE__, __LINE__);                                \
    } while (0)
#define EXPECT_NO_CALLS() expect_log_impl(NULL, 0, __FILE__, __LINE__)

/* Logs the int its user pointer points at. */
static void rec(const fl_event *ev, void *user) { log_call(*(const int *)user, ev); }
/* A second function, to tell (fn, user) pairs apart by fn. */
static void rec2(const fl_event *ev, void *user) { log_call(1000 + *(const int *)user, ev); }

static fl_world *make_world(void)
{
    fl_world_def def = fl_world_def_default();
    def.gravity = fl_v2(0, 8);
    fl_world *w = fl_world_create(&def, NULL);
    assert_non_null(w);
    return w;
}

/* ---- order, user pointers and the record ------------------------------- */

static void test_order_and_record(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int ids[] = {1, 2, 3, 4, 5};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &ids[0]), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &ids[3]), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &ids[1]), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &ids[4]), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &ids[2]), FL_OK);

    /* Powers of two: every time below is exact in binary. */
    const double dts[] = {0.25, 0.5, 0.125};
    double t = 0;
    for (int k = 0; k < 3; k++) {
        fl_world_step(w, dts[k]);
        /* Before-callbacks in the order added, then the after-callbacks. */
        assert_int_equal(log_n, 5);
        const int order[] = {1, 2, 3, 4, 5};
        for (int i = 0; i < 5; i++) {
            const entry *e = &log_[i];
            assert_int_equal(e->id, order[i]);
            bool before = i < 3;
            assert_int_equal(e->ev.type, before ? FL_EVENT_BEFORE_UPDATE : FL_EVENT_AFTER_UPDATE);
            assert_ptr_equal(e->ev.world, w);
            /* Step numbers count from 1. */
            assert_int_equal(e->ev.step, (uint64_t)(k + 1));
            ASSERT_EXACT(e->ev.dt, dts[k]);
            /* Start of the step before, end of it after (exact sums). */
            ASSERT_EXACT(e->ev.time, before ? t : t + dts[k]);
        }
        t += dts[k];
        log_n = 0;
        assert_int_equal(fl_world_step_count(w), (uint64_t)(k + 1));
        ASSERT_EXACT(fl_world_time(w), t);
    }
    fl_world_destroy(w);
}

/* What the world looks like from inside its hooks. */
typedef struct probe {
    fl_body_id body;
    double y_before, y_after;
    uint64_t count_before, count_after;
} probe;

static void probe_before(const fl_event *ev, void *user)
{
    probe *p = user;
    p->y_before = fl_body_position(p->body).y;
    p->count_before = fl_world_step_count(ev->world);
}

static void probe_after(const fl_event *ev, void *user)
{
    probe *p = user;
    p->y_after = fl_body_position(p->body).y;
    p->count_after = fl_world_step_count(ev->world);
}

static void test_before_and_after_see_the_step(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_vec2 box[] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    fl_body_def def = fl_body_def_default();
    def.points = box;
    def.point_count = 4;
    def.density = 1;
    probe p;
    memset(&p, 0, sizeof p);
    assert_int_equal(fl_world_add_body(w, &def, &p.body, NULL), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, probe_before, &p), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, probe_after, &p), FL_OK);
    fl_world_step(w, 0.5);
    /* beforeUpdate sees the body where it was and the step not counted;
     * afterUpdate sees it moved by g dt^2 / 2 = 8 * 0.25 / 2 = 1, free
     * fall's own (its first step kicks half a step; exact). */
    ASSERT_EXACT(p.y_before, 0.0);
    ASSERT_EXACT(p.y_after, 1.0);
    assert_int_equal(p.count_before, 0);
    assert_int_equal(p.count_after, 1);
    fl_world_destroy(w);
}

static void test_many_callbacks_and_off(void **state)
{
    (void)state;
    fl_world *w = make_world();
    static int ids[100];
    for (int i = 0; i < 100; i++) {
        ids[i] = i;
        assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &ids[i]), FL_OK);
    }
    fl_world_step(w, 1);
    assert_int_equal(log_n, 100);
    for (int i = 0; i < 100; i++)
        assert_int_equal(log_[i].id, i);
    log_n = 0;

    /* Removing one from the middle keeps the others in order. */
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec, &ids[50]), FL_OK);
    fl_world_step(w, 1);
    assert_int_equal(log_n, 99);
    for (int i = 0; i < 99; i++)
        assert_int_equal(log_[i].id, i < 50 ? i : i + 1);
    log_n = 0;
    /* Gone: a second off finds nothing. */
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec, &ids[50]), FL_ENOTFOUND);
    /* Registered for the other event, or with another fn: not found. */
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &ids[10]), FL_ENOTFOUND);
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec2, &ids[10]), FL_ENOTFOUND);
    int stranger = 7;
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec, &stranger), FL_ENOTFOUND);
    /* Nothing was removed by those. */
    fl_world_step(w, 1);
    assert_int_equal(log_n, 99);
    log_n = 0;
    fl_world_destroy(w);
}

static void test_off_removes_earliest(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int a = 1, b = 2;
    /* f(a), g(b), f(a), f(b): run as 1, 2, 1, 2. */
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec2, &b), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &b), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 1002, 1, 2);
    /* off(f, a) takes the first f(a): 1002, 1, 2 (not 1, 1002, 2). */
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(1002, 1, 2);
    /* off(f, b) matches the pair, not the fn alone nor the user alone. */
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &b), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(1002, 1);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_OK);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_ENOTFOUND);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec2, &b), FL_OK);
    fl_world_step(w, 1);
    EXPECT_NO_CALLS();
    /* A removed pair can be registered again and then runs last. */
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &b), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &a), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(2, 1);
    fl_world_destroy(w);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int a = 1;
    assert_int_equal(fl_world_on(w, FL_EVENT_TYPE_COUNT, rec, &a), FL_EINVAL);
    assert_int_equal(fl_world_on(w, (fl_event_type)-1, rec, &a), FL_EINVAL);
    assert_int_equal(fl_world_on(w, (fl_event_type)1000, rec, &a), FL_EINVAL);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, NULL, &a), FL_EINVAL);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &a), FL_OK);
    assert_int_equal(fl_world_off(w, FL_EVENT_TYPE_COUNT, rec, &a), FL_EINVAL);
    assert_int_equal(fl_world_off(w, (fl_event_type)-1, rec, &a), FL_EINVAL);
    /* A NULL user pointer is a valid registration like any other. */
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec, NULL), FL_ENOTFOUND);
    /* None of the refused calls registered or removed anything. */
    fl_world_step(w, 1);
    EXPECT_LOG(1);
    /* Triggering a bad type calls nothing. */
    fl_event ev = {FL_EVENT_TYPE_COUNT, w, 1, 0, 1, NULL, 0};
    world_trigger(w, &ev);
    EXPECT_NO_CALLS();
    fl_world_destroy(w);
}

/* ---- changes during a trigger ------------------------------------------ */

/* A callback that logs its id, then (the first time only) removes or adds
 * the (fn, user) pair it is given. */
typedef struct action {
    int id;
    fl_world *w;
    fl_event_type type;
    fl_event_fn fn;
    void *user;
    int times; /* how many times to act; then only log */
} action;

static void remover(const fl_event *ev, void *user)
{
    action *a = user;
    log_call(a->id, ev);
    if (a->times > 0) {
        a->times--;
        assert_int_equal(fl_world_off(a->w, a->type, a->fn, a->user), FL_OK);
    }
}

static void adder(const fl_event *ev, void *user)
{
    action *a = user;
    log_call(a->id, ev);
    if (a->times > 0) {
        a->times--;
        assert_int_equal(fl_world_on(a->w, a->type, a->fn, a->user), FL_OK);
    }
}

static void test_remove_self_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, three = 3;
    action self = {2, w, FL_EVENT_BEFORE_UPDATE, remover, NULL, 1};
    self.user = &self;
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remover, &self), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &three), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 2, 3);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 3);
    /* It is really gone, not just skipped. */
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, remover, &self), FL_ENOTFOUND);
    fl_world_destroy(w);
}

static void test_remove_later_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, three = 3, four = 4, five = 5;
    action r = {2, w, FL_EVENT_AFTER_UPDATE, rec, &four, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, remover, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &four), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &five), FL_OK);
    fl_world_step(w, 1);
    /* 4 was removed before its turn came: it does not run. */
    EXPECT_LOG(1, 2, 3, 5);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 2, 3, 5);
    fl_world_destroy(w);
}

static void test_remove_earlier_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, two = 2, four = 4;
    action r = {3, w, FL_EVENT_BEFORE_UPDATE, rec, &one, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &two), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remover, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &four), FL_OK);
    fl_world_step(w, 1);
    /* 1 had already run; the rest run once each, in order. */
    EXPECT_LOG(1, 2, 3, 4);
    fl_world_step(w, 1);
    EXPECT_LOG(2, 3, 4);
    fl_world_destroy(w);
}

/* Several removals in one trigger, of registrations of the same pair: each
 * off takes the earliest one still registered. */
static void test_remove_duplicates_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, five = 5;
    action r = {2, w, FL_EVENT_BEFORE_UPDATE, rec, &five, 2};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remover, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    fl_world_step(w, 1);
    /* The remover acts twice (once per step): in the first step it takes
     * the first 5 (which already ran); the second 5 still runs. */
    EXPECT_LOG(5, 2, 5, 1, 5);
    fl_world_step(w, 1);
    /* Now it takes the second 5 before its turn. */
    EXPECT_LOG(2, 1, 5);
    fl_world_step(w, 1);
    EXPECT_LOG(2, 1, 5);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_ENOTFOUND);
    fl_world_destroy(w);
}

static void test_add_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, three = 3, nine = 9;
    action a = {2, w, FL_EVENT_AFTER_UPDATE, rec, &nine, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, adder, &a), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    fl_world_step(w, 1);
    /* 9 was added during this trigger: it first runs at the next one. */
    EXPECT_LOG(1, 2, 3);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 2, 3, 9);
    fl_world_destroy(w);
}

/* Registers 200 callbacks at once, the first time it runs: the hook list
 * grows (and may move) while it is being walked. */
typedef struct bulk {
    int id;
    fl_world *w;
    int ids[200];
    bool done;
} bulk;

static void bulk_adder(const fl_event *ev, void *user)
{
    bulk *b = user;
    log_call(b->id, ev);
    if (b->done)
        return;
    b->done = true;
    for (int i = 0; i < 200; i++)
        assert_int_equal(fl_world_on(b->w, ev->type, rec, &b->ids[i]), FL_OK);
}

static void test_grow_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    static bulk b;
    b.id = 2;
    b.w = w;
    b.done = false;
    for (int i = 0; i < 200; i++)
        b.ids[i] = 100 + i;
    int one = 1, four = 4;
    /* 3 also removes 1, which ran before it, in the same trigger. */
    action r = {3, w, FL_EVENT_BEFORE_UPDATE, rec, &one, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, bulk_adder, &b), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remover, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &four), FL_OK);
    fl_world_step(w, 1);
    /* None of the 200 runs yet; the callbacks after the adder still run. */
    EXPECT_LOG(1, 2, 3, 4);
    fl_world_step(w, 1);
    /* Then all of them, after the older ones, in the order added; 1 gone. */
    assert_int_equal(log_n, 3 + 200);
    assert_int_equal(log_[0].id, 2);
    assert_int_equal(log_[1].id, 3);
    assert_int_equal(log_[2].id, 4);
    for (int i = 0; i < 200; i++)
        assert_int_equal(log_[3 + i].id, 100 + i);
    log_n = 0;
    /* The settled list still removes the right entries. */
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &b.ids[0]), FL_OK);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &four), FL_OK);
    assert_int_equal(fl_world_off(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_ENOTFOUND);
    fl_world_step(w, 1);
    assert_int_equal(log_n, 2 + 199);
    assert_int_equal(log_[0].id, 2);
    assert_int_equal(log_[1].id, 3);
    assert_int_equal(log_[2].id, 101);
    assert_int_equal(log_[2 + 198].id, 299);
    log_n = 0;
    fl_world_destroy(w);
}

/* Removing one callback and adding it back in the same trigger: it does
 * not run again in that trigger, and next time it runs once, last. */
static void readd(const fl_event *ev, void *user)
{
    action *a = user;
    log_call(a->id, ev);
    if (a->times > 0) {
        a->times--;
        assert_int_equal(fl_world_off(a->w, a->type, a->fn, a->user), FL_OK);
        assert_int_equal(fl_world_on(a->w, a->type, a->fn, a->user), FL_OK);
    }
}

static void test_remove_and_readd_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, three = 3, four = 4;
    action a = {2, w, FL_EVENT_AFTER_UPDATE, rec, &three, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, readd, &a), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &four), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 2, 4);
    fl_world_step(w, 1);
    EXPECT_LOG(1, 2, 4, 3);
    fl_world_destroy(w);
}

/* Two offs of the same pair within one callback: the second must find the
 * second registration, not the first one again (already marked removed). */
static void remove_twice(const fl_event *ev, void *user)
{
    action *a = user;
    log_call(a->id, ev);
    if (a->times > 0) {
        a->times--;
        assert_int_equal(fl_world_off(a->w, a->type, a->fn, a->user), FL_OK);
        assert_int_equal(fl_world_off(a->w, a->type, a->fn, a->user), FL_OK);
        assert_int_equal(fl_world_off(a->w, a->type, a->fn, a->user), FL_ENOTFOUND);
        /* Removing itself twice: once, then not found. */
        assert_int_equal(fl_world_off(a->w, a->type, remove_twice, a), FL_OK);
        assert_int_equal(fl_world_off(a->w, a->type, remove_twice, a), FL_ENOTFOUND);
    }
}

static void test_double_off_during_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, five = 5;
    action r = {2, w, FL_EVENT_BEFORE_UPDATE, rec, &five, 1};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remove_twice, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &five), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &one), FL_OK);
    fl_world_step(w, 1);
    EXPECT_LOG(5, 2, 1);
    fl_world_step(w, 1);
    EXPECT_LOG(1);
    fl_world_destroy(w);
}

/* Removals during triggers must not pile up: a callback that removes and
 * re-adds itself every step keeps the list at one entry, so after the
 * first allocation the hook list never grows again. */
typedef struct alloc_count {
    int allocs, reallocs, frees;
} alloc_count;

static void *ca_alloc(size_t size, void *user)
{
    ((alloc_count *)user)->allocs++;
    return malloc(size);
}

static void *ca_realloc(void *ptr, size_t size, void *user)
{
    if (ptr)
        ((alloc_count *)user)->reallocs++;
    else
        ((alloc_count *)user)->allocs++;
    return realloc(ptr, size);
}

static void ca_free(void *ptr, void *user)
{
    ((alloc_count *)user)->frees++;
    free(ptr);
}

static void test_list_settles_after_trigger(void **state)
{
    (void)state;
    alloc_count counts = {0, 0, 0};
    fl_world_def def = fl_world_def_default();
    def.allocator = (fl_allocator){ca_alloc, ca_realloc, ca_free, &counts};
    fl_world *w = fl_world_create(&def, NULL);
    assert_non_null(w);
    action a = {2, w, FL_EVENT_AFTER_UPDATE, NULL, NULL, 1000000};
    a.fn = readd;
    a.user = &a;
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, readd, &a), FL_OK);
    /* The first two steps set up the world's own step buffers (the contact
     * lists are double-buffered); count after them. */
    for (int i = 0; i < 2; i++) {
        fl_world_step(w, 1);
        EXPECT_LOG(2);
    }
    int allocs = counts.allocs;
    int reallocs = counts.reallocs;
    for (int i = 0; i < 1000; i++) {
        fl_world_step(w, 1);
        EXPECT_LOG(2);
    }
    /* One live entry throughout: no new block, no growth. */
    assert_int_equal(counts.allocs, allocs);
    assert_int_equal(counts.reallocs, reallocs);
    fl_world_destroy(w);
    assert_int_equal(counts.frees, counts.allocs);
}

/* ---- triggering by hand ------------------------------------------------ */

static void test_user_trigger(void **state)
{
    (void)state;
    fl_world *w = make_world();
    int one = 1, two = 2, three = 3;
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &one), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, rec, &two), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    /* A record the world never made: passed through untouched. */
    fl_event ev = {FL_EVENT_AFTER_UPDATE, w, 77, 1.5, 0.1, NULL, 0};
    world_trigger(w, &ev);
    EXPECT_LOG(1, 3);
    ev.type = FL_EVENT_BEFORE_UPDATE;
    world_trigger(w, &ev);
    assert_int_equal(log_n, 1);
    assert_int_equal(log_[0].id, 2);
    assert_ptr_equal(log_[0].ev_ptr, &ev);
    assert_int_equal(log_[0].ev.type, FL_EVENT_BEFORE_UPDATE);
    assert_ptr_equal(log_[0].ev.world, w);
    assert_int_equal(log_[0].ev.step, 77);
    /* Copied, not computed: exact. */
    ASSERT_EXACT(log_[0].ev.time, 1.5);
    ASSERT_EXACT(log_[0].ev.dt, 0.1);
    log_n = 0;
    /* It did not step the world. */
    assert_int_equal(fl_world_step_count(w), 0);
    ASSERT_EXACT(fl_world_time(w), 0.0);
    /* Removal during a hand-made trigger follows the same rules. */
    action r = {4, w, FL_EVENT_AFTER_UPDATE, rec, &three, 1};
    assert_int_equal(fl_world_off(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, remover, &r), FL_OK);
    assert_int_equal(fl_world_on(w, FL_EVENT_AFTER_UPDATE, rec, &three), FL_OK);
    ev.type = FL_EVENT_AFTER_UPDATE;
    world_trigger(w, &ev);
    EXPECT_LOG(1, 4);
    world_trigger(w, &ev);
    EXPECT_LOG(1, 4);
    fl_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_order_and_record, reset_log),
        cmocka_unit_test_setup(test_before_and_after_see_the_step, reset_log),
        cmocka_unit_test_setup(test_many_callbacks_and_off, reset_log),
        cmocka_unit_test_setup(test_off_removes_earliest, reset_log),
        cmocka_unit_test_setup(test_bad_arguments, reset_log),
        cmocka_unit_test_setup(test_remove_self_during_trigger, reset_log),
        cmocka_unit_test_setup(test_remove_later_during_trigger, reset_log),
        cmocka_unit_test_setup(test_remove_earlier_during_trigger, reset_log),
        cmocka_unit_test_setup(test_remove_duplicates_during_trigger, reset_log),
        cmocka_unit_test_setup(test_add_during_trigger, reset_log),
        cmocka_unit_test_setup(test_grow_during_trigger, reset_log),
        cmocka_unit_test_setup(test_remove_and_readd_during_trigger, reset_log),
        cmocka_unit_test_setup(test_double_off_during_trigger, reset_log),
        cmocka_unit_test_setup(test_list_settles_after_trigger, reset_log),
        cmocka_unit_test_setup(test_user_trigger, reset_log),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
