/* Bodies and joints are addressed by ids (fl_body.h): an id keeps naming
 * its body while earlier bodies come and go, goes stale when its body is
 * removed, is never given to the next body of its slot, and a stale id is
 * an assert in debug builds and a refusal (FL_ESTALE, zeros) otherwise:
 * never undefined behaviour (the sanitizer build runs this too). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "check_world.h"

static const fl_vec2 box[4] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};

static fl_world *make_world(void)
{
    fl_world_def d = fl_world_def_default();
    fl_world *w = fl_world_create(&d, NULL);
    assert_non_null(w);
    return w;
}

static fl_body_id add_box(fl_world *w, double x)
{
    fl_body_id b = FL_NULL_BODY;
    fl_body_def d = fl_body_def_default();
    d.points = box;
    d.point_count = 4;
    d.origin = fl_v2(x, 0.0);
    d.density = 1.0;
    assert_int_equal(fl_world_add_body(w, &d, &b, NULL), FL_OK);
    return b;
}

/* An id names its body however the list around it changes. */
static void test_ids_outlive_their_neighbours(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id b[6];
    for (int i = 0; i < 6; i++)
        b[i] = add_box(w, 2.0 * i);
    assert_int_equal(fl_body_index(b[4]), 4);
    assert_int_equal(fl_world_remove_body(w, b[1]), FL_OK);
    assert_int_equal(fl_world_remove_body(w, b[2]), FL_OK);
    /* b[4] moved down two places; its id still names it. */
    assert_int_equal(fl_body_index(b[4]), 2);
    ASSERT_EXACT(fl_body_position(b[4]).x, 8.0);
    assert_true(ID_EQ(fl_world_body(w, 2), b[4]));
    assert_false(fl_body_is_valid(b[1]));
    assert_false(fl_body_is_valid(b[2]));
    /* A new body takes a freed slot with the next generation: the old id
     * does not name it. */
    fl_body_id n = add_box(w, 20.0);
    assert_true(n.index == b[1].index || n.index == b[2].index);
    assert_true(fl_body_is_valid(n));
    assert_false(fl_body_is_valid(b[1]));
    assert_false(fl_body_is_valid(b[2]));
    assert_false(ID_EQ(n, b[1]));
    assert_false(ID_EQ(n, b[2]));
    ASSERT_EXACT(fl_body_position(n).x, 20.0);
    /* The null id names nothing; neither does an id of another world. */
    assert_false(fl_body_is_valid(FL_NULL_BODY));
    assert_true(fl_body_is_null(FL_NULL_BODY));
    fl_world *other = make_world();
    fl_body_id stranger = add_box(other, 0.0);
    assert_int_equal(fl_world_remove_body(w, stranger), FL_ESTALE);
    assert_true(fl_body_is_valid(stranger));
    fl_world_destroy(other);
    fl_world_destroy(w);
}

/* A slot used again and again: every generation is new. */
static void test_generations_never_repeat(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id first = add_box(w, 0.0), last = first;
    for (int k = 0; k < 1000; k++) {
        assert_int_equal(fl_world_remove_body(w, last), FL_OK);
        fl_body_id next = add_box(w, 0.0);
        assert_int_equal(next.index, first.index);
        assert_true(next.generation == last.generation + 1);
        assert_false(fl_body_is_valid(last));
        last = next;
    }
    assert_false(fl_body_is_valid(first));
    assert_int_equal(fl_world_body_count(w), 1);
    fl_world_destroy(w);
}

typedef struct hook_ctx {
    fl_body_id victim, added;
    bool stale_in_step, added_valid;
    int index_in_step;
} hook_ctx;

static void remove_and_add(const fl_event *e, void *user)
{
    hook_ctx *h = user;
    if (fl_body_is_null(h->victim))
        return;
    assert_int_equal(fl_world_remove_body(e->world, h->victim), FL_OK);
    h->stale_in_step = !fl_body_is_valid(h->victim);
    h->added = add_box(e->world, 50.0);
    h->added_valid = fl_body_is_valid(h->added);
    h->index_in_step = fl_body_index(h->added);
    h->victim = FL_NULL_BODY;
}

/* During a step a removed body's id goes stale at once, and an added
 * body's id is good at once (its index waits for the step's end). */
static void test_ids_during_a_step(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id a = add_box(w, 0.0), b = add_box(w, 5.0);
    hook_ctx h = {b, FL_NULL_BODY, false, false, 0};
    assert_int_equal(fl_world_on(w, FL_EVENT_BEFORE_UPDATE, remove_and_add, &h), FL_OK);
    fl_world_step(w, 1.0 / 60.0);
    assert_true(h.stale_in_step);
    assert_true(h.added_valid);
    assert_int_equal(h.index_in_step, -1);
    assert_false(fl_body_is_valid(b));
    assert_int_equal(fl_body_index(h.added), 1);
    assert_int_equal(fl_body_index(a), 0);
    fl_world_destroy(w);
}

/* A joint's id goes stale with it, and with either of its bodies. */
static void test_joint_ids(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id a = add_box(w, 0.0), b = add_box(w, 3.0);
    fl_rope_def r = {a, b, {0, 0}, {0, 0}, 0.0, 0.0, 0.0};
    fl_joint_id rope = FL_NULL_JOINT, tie = FL_NULL_JOINT;
    assert_int_equal(fl_world_add_rope(w, &r, &rope, NULL), FL_OK);
    r.b = FL_NULL_BODY;
    assert_int_equal(fl_world_add_rope(w, &r, &tie, NULL), FL_OK);
    assert_true(fl_joint_is_valid(rope));
    assert_true(ID_EQ(fl_joint_body_a(rope), a));
    assert_true(ID_EQ(fl_joint_body_b(rope), b));
    assert_true(ID_NULL(fl_joint_body_b(tie)));
    ASSERT_EXACT(fl_joint_length(rope), 3.0);
    assert_int_equal(fl_world_remove_joint(w, tie), FL_OK);
    assert_false(fl_joint_is_valid(tie));
    assert_int_equal(fl_joint_index(rope), 0);
    assert_int_equal(fl_world_remove_body(w, b), FL_OK);
    assert_false(fl_joint_is_valid(rope));
    assert_int_equal(fl_world_joint_count(w), 0);
    /* A rope to a stale body is refused. */
    r.b = b;
    assert_int_equal(fl_world_add_rope(w, &r, &rope, NULL), FL_EINVAL);
    fl_world_destroy(w);
}

/* A clone holds the same bodies and joints in the same slots. */
static void test_ids_in_a_clone(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id a = add_box(w, 0.0), b = add_box(w, 3.0);
    assert_int_equal(fl_world_remove_body(w, a), FL_OK);
    fl_world *c = fl_world_clone(w, NULL);
    assert_non_null(c);
    fl_body_id cb = fl_body_in(c, b);
    assert_true(fl_body_is_valid(cb));
    assert_true(cb.world == c && cb.index == b.index && cb.generation == b.generation);
    assert_true(ID_NULL(fl_body_in(c, a)));
    fl_world_step(c, 0.1);
    assert_true(fl_body_position(cb).y > 0.0);
    ASSERT_EXACT(fl_body_position(b).y, 0.0);
    /* The copy's next body takes the freed slot, as the original's would. */
    fl_body_id n = add_box(c, 9.0), m = add_box(w, 9.0);
    assert_int_equal(n.index, m.index);
    assert_int_equal(n.generation, m.generation);
    fl_world_destroy(w);
    assert_true(fl_body_is_valid(cb));
    fl_world_destroy(c);
}

/* Fluids: ids stay with their fluid as earlier ones leave; a removed
 * fluid's id goes stale, its slot's next fluid has the next generation,
 * and the measures follow the list. */
static void test_fluid_ids(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    assert_non_null(bu);
    fl_fluid_def d = fl_fluid_def_default();
    d.left = -10, d.right = 10, d.surface = 0, d.bottom = 10;
    fl_fluid_id f[3];
    for (int i = 0; i < 3; i++) {
        d.density = 1000.0 * (i + 1);
        assert_int_equal(fl_buoyancy_add_fluid(bu, &d, &f[i], NULL), FL_OK);
    }
    fl_body_id b = add_box(w, 0.0); /* half under: centred on the surface */
    assert_int_equal(fl_buoyancy_measure(bu, 0.0), FL_OK);
    ASSERT_NEAR(fl_buoyancy_submerged(bu, b, f[2])->area, 0.5, 1e-15);
    assert_int_equal(fl_buoyancy_remove_fluid(bu, f[0]), FL_OK);
    assert_false(fl_fluid_is_valid(f[0]));
    assert_int_equal(fl_buoyancy_fluid_count(bu), 2);
    assert_int_equal(fl_fluid_index(f[2]), 1);
    ASSERT_EXACT(fl_buoyancy_fluid(bu, f[2])->density, 3000.0);
    assert_true(fl_fluid_id_equal(fl_buoyancy_fluid_at(bu, 0), f[1]));
    /* What was measured before is gone until the next measure. */
    assert_null(fl_buoyancy_submerged(bu, b, f[2]));
    assert_int_equal(fl_buoyancy_measure(bu, 0.0), FL_OK);
    ASSERT_NEAR(fl_buoyancy_submerged(bu, b, f[2])->area, 0.5, 1e-15);
    fl_fluid_id again = FL_NULL_FLUID;
    assert_int_equal(fl_buoyancy_add_fluid(bu, &d, &again, NULL), FL_OK);
    assert_int_equal(again.index, f[0].index);
    assert_true(again.generation == f[0].generation + 1);
    assert_false(fl_fluid_is_valid(f[0]));
    /* A clone's module has the same fluids under the same ids. */
    fl_world *c = fl_world_clone(w, NULL);
    assert_non_null(c);
    fl_buoyancy *cb = fl_buoyancy_of(c);
    fl_fluid_id cf = fl_fluid_in(cb, f[2]);
    assert_true(fl_fluid_is_valid(cf));
    ASSERT_EXACT(fl_buoyancy_fluid(cb, cf)->density, 3000.0);
    assert_true(fl_fluid_is_null(fl_fluid_in(cb, f[0])));
    fl_world_destroy(c);
    assert_int_equal(fl_world_body_count(w), 1);
    fl_world_destroy(w);
}

/* Every call that takes a body, given a stale id. */
enum { CALLS = 43 };

static long call_with(int k, fl_body_id b)
{
    fl_vec2 v = fl_v2(1.0, 0.0);
    fl_velocity_term term = {1.0, {1.0, 0.0}, 1.0, 1.0, {0.0, 1.0}, 1.0, true};
    double a;
    int n = 7;
    switch (k) {
    case 0: return fl_body_apply_force(b, v, v);
    case 1: return fl_body_apply_impulse(b, v, v);
    case 2: return fl_body_apply_central_force(b, v);
    case 3: return fl_body_apply_torque(b, 1.0);
    case 4: return fl_body_clear_forces(b);
    case 5: return fl_body_add_velocity_term(b, &term);
    case 6: return fl_body_velocity_term(b).rate != 0.0 || fl_body_velocity_term(b).axis.x != 0.0;
    case 7: return fl_body_set_transform(b, v, 1.0);
    case 8: return fl_body_index(b) + 1; /* -1 */
    case 9: return fl_body_serial(b);
    case 10: return fl_body_is_static(b);
    case 11: return fl_body_is_sensor(b);
    case 12: return fl_body_position(b).x != 0.0;
    case 13: return fl_body_angle(b) != 0.0;
    case 14: return fl_body_rot(b).s != 0.0 || fl_body_rot(b).c != 1.0;
    case 15: return fl_body_velocity(b).x != 0.0;
    case 16: return fl_body_spin(b) != 0.0;
    case 17: return fl_body_force(b).x != 0.0;
    case 18: return fl_body_torque(b) != 0.0;
    case 19: return fl_body_mass(b) != 0.0;
    case 20: return fl_body_inertia(b) != 0.0;
    case 21: return fl_body_density(b) != 0.0;
    case 22: return fl_body_area(b) != 0.0;
    case 23: return fl_body_outline(b, &n) != NULL || n != 0;
    case 24: return fl_body_vertex_count(b);
    case 25: return fl_body_hull(b, &n) != NULL || n != 0;
    case 26: return fl_body_hull_count(b);
    case 27: return fl_body_has_own_hull(b);
    case 28: return fl_body_hull_area(b) != 0.0 || fl_body_hull_centroid(b).x != 0.0;
    case 29: return fl_body_radius(b) != 0.0;
    case 30: return fl_body_part_count(b) + (fl_body_part(b, 0, &n) != NULL) + n;
    case 31: return fl_body_friction(b) != 0.0 || fl_body_restitution(b) != 0.0;
    case 32: return fl_body_category(b) + fl_body_mask(b);
    case 33: return fl_body_user(b) != NULL;
    case 34: return fl_body_set_user(b, &n);
    case 35: return fl_body_world_point(b, v).x != 0.0 || fl_body_point_velocity(b, v).x != 0.0;
    case 36: return fl_body_carried(b, &a) != 0.0 || a != 0.0;
    case 37: return fl_body_row(b, 0) != NULL;
    case 38: return fl_body_carry(b, 1.0, v);
    case 39: return fl_body_set_velocity(b, v);
    case 40: return fl_body_set_spin(b, 1.0);
    case 41: return fl_body_set_friction(b, 1.0) + 10 * fl_body_set_restitution(b, 0.5);
    case 42: return fl_body_set_density(b, 2.0);
    default: return 0;
    }
}

/* What call k answers a stale id with where asserts are off: FL_ESTALE
 * from a status, zeros from a reader. */
static long refused(int k)
{
    switch (k) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 7: case 34: case 38: case 39: case 40:
    case 42:
        return FL_ESTALE;
    case 41:
        return 11 * FL_ESTALE;
    default:
        return 0;
    }
}

/* ... and every call of the buoyancy module that takes a fluid (f, with
 * b a live body) or a body's hold (the body `stale`). */
enum { FLUID_CALLS = 11 };

static long fluid_call_with(int k, fl_buoyancy *bu, fl_fluid_id f, fl_body_id b, fl_body_id stale)
{
    fl_fluid_def d = fl_fluid_def_default();
    fl_vec2 v = fl_v2(1.0, 0.0);
    fl_hold_water hw;
    fl_hold_def hd = {NULL, 0, 0.0, 0.0};
    double a;
    int n = 7;
    switch (k) {
    case 0: return fl_buoyancy_fluid(bu, f) != NULL;
    case 1: return fl_buoyancy_set_fluid(bu, f, &d, NULL);
    case 2: return fl_buoyancy_remove_fluid(bu, f);
    case 3: return fl_fluid_index(f) + 1; /* -1 */
    case 4: return (fl_buoyancy_submerged(bu, b, f) != NULL) + (fl_buoyancy_applied(bu, b, f) != NULL);
    case 5: return fl_buoyancy_has_hold(bu, stale) + (fl_buoyancy_openings(bu, stale, &n) != NULL) + n;
    case 6: return fl_buoyancy_water(bu, stale, &a) != 0.0 || a != 0.0;
    case 7: return fl_buoyancy_set_water(bu, stale, 1.0, 1000.0);
    case 8: return fl_buoyancy_add_opening(bu, stale, v, fl_v2(2.0, 0.0));
    case 9: return fl_buoyancy_hold_water(bu, stale, fl_v2(0.0, 9.81), &hw);
    case 10: return fl_buoyancy_set_hold(bu, stale, &hd, NULL);
    default: return 0;
    }
}

static long fluid_refused(int k)
{
    return k == 1 || k == 2 || k == 7 || k == 8 || k == 10 ? FL_ESTALE : 0;
}

static fl_fluid_id stale_fluid(fl_buoyancy *bu)
{
    fl_fluid_def d = fl_fluid_def_default();
    d.left = -1, d.right = 1, d.bottom = 1;
    fl_fluid_id f;
    assert_int_equal(fl_buoyancy_add_fluid(bu, &d, &f, NULL), FL_OK);
    assert_int_equal(fl_buoyancy_remove_fluid(bu, f), FL_OK);
    assert_int_equal(fl_buoyancy_add_fluid(bu, &d, NULL, NULL), FL_OK);
    return f;
}

static fl_body_id stale_body(fl_world *w)
{
    fl_body_id b = add_box(w, 0.0);
    assert_int_equal(fl_world_remove_body(w, b), FL_OK);
    (void)add_box(w, 1.0); /* its slot taken again, by a live body */
    return b;
}

#ifdef NDEBUG
static void test_stale_ids_refused(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id b = stale_body(w), null = FL_NULL_BODY;
    for (int k = 0; k < CALLS; k++) {
        assert_int_equal(call_with(k, b), refused(k));
        assert_int_equal(call_with(k, null), refused(k));
    }
    ASSERT_EXACT(fl_body_position(fl_world_body(w, 0)).x, 1.0); /* untouched */
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    fl_fluid_id f = stale_fluid(bu);
    for (int k = 0; k < FLUID_CALLS; k++)
        assert_int_equal(fluid_call_with(k, bu, f, fl_world_body(w, 0), b), fluid_refused(k));
    assert_int_equal(fl_buoyancy_fluid_count(bu), 1);
    fl_world_destroy(w);
}
#else
/* Debug builds stop at the first use of a stale id: each call is made in
 * a child process, which must die of the assert. */
static void test_stale_ids_assert(void **state)
{
    (void)state;
    fl_world *w = make_world();
    fl_body_id b = stale_body(w);
    fl_buoyancy *bu = fl_buoyancy_create(w, NULL);
    fl_fluid_id f = stale_fluid(bu);
    fflush(NULL);
    for (int k = 0; k < CALLS + FLUID_CALLS; k++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            /* The assert's message is expected: keep it off the log. */
            if (!freopen("/dev/null", "w", stderr))
                _exit(3);
            long r = k < CALLS ? call_with(k, b) - refused(k)
                               : fluid_call_with(k - CALLS, bu, f, fl_world_body(w, 0), b) -
                                     fluid_refused(k - CALLS);
            _exit(r == 0 ? 0 : 2);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT) {
            print_error("call %d on a stale id did not assert (status %d)\n", k, status);
            fail();
        }
    }
    /* fl_body_is_valid asks without asserting. */
    assert_false(fl_body_is_valid(b));
    fl_world_destroy(w);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_outlive_their_neighbours),
        cmocka_unit_test(test_generations_never_repeat),
        cmocka_unit_test(test_ids_during_a_step),
        cmocka_unit_test(test_joint_ids),
        cmocka_unit_test(test_ids_in_a_clone),
        cmocka_unit_test(test_fluid_ids),
#ifdef NDEBUG
        cmocka_unit_test(test_stale_ids_refused),
#else
        cmocka_unit_test(test_stale_ids_assert),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
