/* Unit tests for the scene file parser ("flotsam-scene 1"). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, for scene_load_file */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flotsam/flotsam.h"

#define HEADER "flotsam-scene 1\n"
#define PI_LITERAL 3.14159265358979323846

/* ---- helpers ---------------------------------------------------------------- */

static bool parse_n(const char *text, size_t len, fl_scene *out, fl_scene_error *err)
{
    memset(out, 0x5A, sizeof *out); /* garbage: the parser must overwrite it */
    memset(err, 0, sizeof *err);
    return fl_scene_parse(text, len, out, err);
}

static void parse_ok_at(const char *text, fl_scene *out, int caller)
{
    fl_scene_error err;
    if (!parse_n(text, strlen(text), out, &err))
        fail_msg("test line %d: unexpected error %d:%d: %s", caller, err.line, err.column,
                 err.message);
}
#define PARSE_OK(text, out) parse_ok_at((text), (out), __LINE__)

static bool is_zeroed(const fl_scene *s)
{
    static const fl_scene zero;
    return memcmp(s, &zero, sizeof zero) == 0;
}

static void expect_error_n(const char *text, size_t len, int line, int column, const char *part,
                           int caller)
{
    fl_scene s;
    fl_scene_error err;
    if (parse_n(text, len, &s, &err)) {
        fl_scene_free(&s);
        fail_msg("test line %d: parse succeeded, expected '%s'", caller, part);
    }
    if (err.line != line || err.column != column || strstr(err.message, part) == NULL)
        fail_msg("test line %d: got %d:%d: %s; expected %d:%d: ...%s...", caller, err.line,
                 err.column, err.message, line, column, part);
    if (!is_zeroed(&s))
        fail_msg("test line %d: scene not zeroed after an error", caller);
}
#define EXPECT_ERROR(text, line, column, part) \
    expect_error_n((text), strlen(text), (line), (column), (part), __LINE__)
#define EXPECT_ERROR_N(text, line, column, part) \
    expect_error_n((text), sizeof(text) - 1, (line), (column), (part), __LINE__)

static void same_at(double got, double want, int caller)
{
    if (!(got == want) || signbit(got) != signbit(want))
        fail_msg("test line %d: got %.17g, want %.17g", caller, got, want);
}
#define SAME(got, want) same_at((got), (want), __LINE__)
#define SAME_VEC(v, wx, wy) (same_at((v).x, (wx), __LINE__), same_at((v).y, (wy), __LINE__))

/* ---- the contract's example ------------------------------------------------ */

static const char contract_example[] =
    "flotsam-scene 1\n"
    "world   gravity=0,9.81 rate=60 iterations=10      # all optional; these are the defaults\n"
    "view    center=20,7 width=44                      # optional camera\n"
    "\n"
    "fluid   name=water density=1000 surface=8 left=0 right=40 bottom=14\n"
    "        linear-drag=0.5 angular-drag=1.0          # defaults 0.5 and 1.0\n"
    "        current=0,0                               # optional fluid velocity (m/s)\n"
    "        wave-amplitude=0 wave-length=10 wave-speed=0   # optional travelling wave\n"
    "\n"
    "box     name=crate at=5,3 size=1,0.5 density=500 angle=10deg\n"
    "ngon    at=10,2 sides=6 radius=0.4 density=300\n"
    "polygon name=hull at=8,3 density=700 points=[-1,0 1,0 0.6,0.5 -0.6,0.5]\n"
    "        hull=[-1,-0.5 1,-0.5 1,0.5 -1,0.5]        # optional: the outline\n"
    "box     at=20,14.5 size=42,1 static               # a static body: no density needed\n"
    "\n"
    "rope    a=crate b=world anchor-b=10,14 length=4   # optional stiffness= damping=\n";

static void test_contract_example(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(contract_example, &s);
    SAME_VEC(s.gravity, 0, 9.81);
    SAME(s.rate, 60);
    assert_int_equal(s.iterations, 10);
    assert_true(s.has_view);
    SAME_VEC(s.view_center, 20, 7);
    SAME(s.view_width, 44);

    assert_int_equal(s.fluid_count, 1);
    assert_string_equal(s.fluids[0].name, "water");
    assert_int_equal(s.fluids[0].line, 5);
    SAME(s.fluids[0].density, 1000);
    SAME(s.fluids[0].bottom, 14);

    assert_int_equal(s.body_count, 4);
    assert_string_equal(s.bodies[0].name, "crate");
    assert_int_equal(s.bodies[0].shape, FL_SCENE_BOX);
    assert_int_equal(s.bodies[0].line, 10);
    SAME(s.bodies[0].angle, 10 * (PI_LITERAL / 180.0));
    assert_int_equal(s.bodies[1].shape, FL_SCENE_NGON);
    assert_int_equal(s.bodies[2].shape, FL_SCENE_POLYGON);
    assert_int_equal(s.bodies[2].point_count, 4);
    assert_int_equal(s.bodies[2].hull_count, 4);
    SAME_VEC(s.bodies[2].points[3], -0.6, 0.5);
    SAME_VEC(s.bodies[2].hull[0], -1, -0.5);
    assert_true(s.bodies[3].is_static);
    SAME(s.bodies[3].density, 0);

    assert_int_equal(s.rope_count, 1);
    assert_int_equal(s.ropes[0].a, 0);
    assert_int_equal(s.ropes[0].b, -1);
    SAME_VEC(s.ropes[0].anchor_b, 10, 14);
    assert_true(s.ropes[0].has_length);
    SAME(s.ropes[0].length, 4);
    assert_int_equal(s.ropes[0].line, 16);
    fl_scene_free(&s);
    assert_true(is_zeroed(&s));
}

/* ---- statements and fields ------------------------------------------------- */

static void test_defaults(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "box at=1,2 size=3,4 density=5\n", &s);
    SAME_VEC(s.gravity, 0, 9.81);
    SAME(s.rate, 60);
    assert_int_equal(s.iterations, 10);
    assert_int_equal(s.substeps, 1);
    assert_false(s.has_view);
    assert_int_equal(s.fluid_count, 0);
    assert_int_equal(s.rope_count, 0);
    assert_int_equal(s.body_count, 1);
    const fl_scene_body *b = &s.bodies[0];
    assert_string_equal(b->name, "");
    SAME_VEC(b->at, 1, 2);
    SAME_VEC(b->size, 3, 4);
    SAME(b->density, 5);
    SAME(b->angle, 0);
    SAME_VEC(b->velocity, 0, 0);
    SAME(b->spin, 0);
    SAME(b->friction, 0.4);
    SAME(b->restitution, 0);
    assert_false(b->has_color);
    assert_false(b->is_static);
    assert_int_equal(b->point_count, 0);
    assert_int_equal(b->hull_count, 0);
    assert_int_equal(b->category, 1);
    assert_int_equal(b->mask, 0xffffffffu);
    assert_false(b->sensor);
    fl_scene_free(&s);
}

/* Collision filtering: category and mask bits, and the sensor flag. */
static void test_collision_fields(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "box at=1,2 size=3,4 density=5 category=4 mask=4294967291 sensor\n"
                    "ngon at=0,0 sides=3 radius=1 static mask=0 category=0\n", &s);
    assert_int_equal(s.bodies[0].category, 4);
    assert_int_equal(s.bodies[0].mask, 0xfffffffbu);
    assert_true(s.bodies[0].sensor);
    assert_int_equal(s.bodies[1].category, 0);
    assert_int_equal(s.bodies[1].mask, 0);
    assert_false(s.bodies[1].sensor);
    fl_scene_free(&s);
    EXPECT_ERROR(HEADER "box at=1,2 size=3,4 density=5 category=4294967296\n", 2, 40,
                 "category must be a whole number from 0 to 4294967295");
    EXPECT_ERROR(HEADER "box at=1,2 size=3,4 density=5 mask=1.5\n", 2, 36, "mask must be a whole number");
    EXPECT_ERROR(HEADER "box at=1,2 size=3,4 density=5 sensor=1\n", 2, 31,
                 "'sensor' is a flag and takes no value");
    EXPECT_ERROR(HEADER "fluid density=1 surface=0 left=0 right=1 bottom=1 sensor\n", 2, 51,
                 "unexpected word 'sensor' in fluid");
}

static void test_world_and_view(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "world gravity=-1.5,2e1 rate=120 iterations=25\n"
                    "view center=-3,4.5 width=0.25\n",
             &s);
    SAME_VEC(s.gravity, -1.5, 20);
    SAME(s.rate, 120);
    assert_int_equal(s.iterations, 25);
    assert_true(s.has_view);
    SAME_VEC(s.view_center, -3, 4.5);
    SAME(s.view_width, 0.25);
    fl_scene_free(&s);

    PARSE_OK(HEADER "world rate=10000 iterations=1000 substeps=64\n", &s);
    SAME(s.rate, 10000);
    assert_int_equal(s.iterations, 1000);
    assert_int_equal(s.substeps, 64);
    fl_scene_free(&s);
    PARSE_OK(HEADER "world rate=1 iterations=1 # the smallest\n", &s);
    SAME(s.rate, 1);
    assert_int_equal(s.iterations, 1);
    fl_scene_free(&s);
}

static void test_fluid_fields(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "fluid density=800 surface=-2 left=-10 right=10.5 bottom=3\n"
                    "fluid name=oil density=900 surface=1 left=0 right=1 bottom=2 linear-drag=0\n"
                    "  angular-drag=2.5 current=0.5,-0.25 wave-amplitude=-0.5 wave-length=8\n"
                    "  wave-speed=-1.5\n",
             &s);
    assert_int_equal(s.fluid_count, 2);
    const fl_scene_fluid *a = &s.fluids[0], *b = &s.fluids[1];
    assert_string_equal(a->name, "");
    SAME(a->density, 800);
    SAME(a->surface, -2);
    SAME(a->left, -10);
    SAME(a->right, 10.5);
    SAME(a->bottom, 3);
    SAME(a->linear_drag, 0.5);
    SAME(a->angular_drag, 1.0);
    SAME_VEC(a->current, 0, 0);
    SAME(a->wave_amplitude, 0);
    SAME(a->wave_length, 10);
    SAME(a->wave_speed, 0);
    assert_false(a->wave_speed_given); /* the dispersion relation's, when built */
    assert_string_equal(b->name, "oil");
    assert_int_equal(b->line, 3);
    SAME(b->linear_drag, 0);
    SAME(b->angular_drag, 2.5);
    SAME_VEC(b->current, 0.5, -0.25);
    SAME(b->wave_amplitude, -0.5);
    SAME(b->wave_length, 8);
    SAME(b->wave_speed, -1.5);
    assert_true(b->wave_speed_given);
    fl_scene_free(&s);
}

static void test_body_fields(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER
             "box name=B-1_x at=1,2 size=0.5,2 density=3 angle=-0.5 velocity=1,-2 spin=0.75\n"
             "    friction=0 restitution=1 color=#A0b1C2 static\n"
             "ngon at=0,0 sides=64 radius=1e-3 density=1 angle=90deg color=#000000\n"
             "ngon at=0,0 sides=3.0 radius=2 static density=7 restitution=0\n",
             &s);
    assert_int_equal(s.body_count, 3);
    const fl_scene_body *b = &s.bodies[0];
    assert_string_equal(b->name, "B-1_x");
    assert_int_equal(b->shape, FL_SCENE_BOX);
    SAME_VEC(b->at, 1, 2);
    SAME_VEC(b->size, 0.5, 2);
    SAME(b->density, 3);
    SAME(b->angle, -0.5);
    SAME_VEC(b->velocity, 1, -2);
    SAME(b->spin, 0.75);
    SAME(b->friction, 0);
    SAME(b->restitution, 1);
    assert_true(b->has_color);
    assert_int_equal(b->color, 0xA0B1C2);
    assert_true(b->is_static);

    b = &s.bodies[1];
    assert_int_equal(b->shape, FL_SCENE_NGON);
    assert_int_equal(b->sides, 64);
    SAME(b->radius, 1e-3);
    SAME(b->angle, 90 * (PI_LITERAL / 180.0));
    assert_true(b->has_color);
    assert_int_equal(b->color, 0);

    b = &s.bodies[2];
    assert_int_equal(b->sides, 3);
    assert_true(b->is_static);
    SAME(b->density, 7);
    fl_scene_free(&s);
}

static void test_angles(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "box at=0,0 size=1,1 density=1 angle=90deg\n"
                    "box at=0,0 size=1,1 density=1 angle=-45.5deg\n"
                    "box at=0,0 size=1,1 density=1 angle=1e1deg\n"
                    "box at=0,0 size=1,1 density=1 angle=1.25\n",
             &s);
    SAME(s.bodies[0].angle, 90 * (PI_LITERAL / 180.0));
    SAME(s.bodies[1].angle, -45.5 * (PI_LITERAL / 180.0));
    SAME(s.bodies[2].angle, 10 * (PI_LITERAL / 180.0));
    SAME(s.bodies[3].angle, 1.25);
    fl_scene_free(&s);
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=1 angle=deg\n", 2, 37,
                 "expected a number, got 'deg'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=1 angle=90 deg\n", 2, 40,
                 "unexpected word 'deg'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=1 angle=90degs\n", 2, 37, "expected a number");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=1 angle=1e999deg\n", 2, 37, "out of range");
}

static void test_polygons(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER
             /* clockwise and counter-clockwise (y down) */
             "polygon at=0,0 density=1 points=[0,0 1,0 0,1]\n"
             "polygon at=0,0 density=1 points=[0,0 0,1 1,0]\n"
             /* concave arrow, spaces and tabs inside the list, a hull */
             "polygon at=1,1 density=1 points=[ 0,0\t4,0  4,4 2,1 0,4 ] hull=[0,0 4,0 4,4 0,4]\n"
             /* collinear neighbours that go straight on are fine */
             "polygon at=0,0 density=1 points=[0,0 1,0 2,0 2,2]\n",
             &s);
    assert_int_equal(s.body_count, 4);
    assert_int_equal(s.bodies[2].point_count, 5);
    SAME_VEC(s.bodies[2].points[3], 2, 1);
    assert_int_equal(s.bodies[2].hull_count, 4);
    SAME_VEC(s.bodies[2].hull[2], 4, 4);
    assert_int_equal(s.bodies[3].point_count, 4);
    fl_scene_free(&s);
}

/* A regular polygon of n points as scene text. */
static char *ngon_scene(int n)
{
    size_t size = 200 + (size_t)n * 60, used;
    char *text = malloc(size);
    assert_non_null(text);
    used = (size_t)snprintf(text, size, HEADER "polygon at=0,0 density=1 points=[");
    for (int i = 0; i < n; i++) {
        double a = 2 * PI_LITERAL * i / n;
        used += (size_t)snprintf(text + used, size - used, "%s%.17g,%.17g", i ? " " : "",
                                 10 * cos(a), 10 * sin(a));
    }
    snprintf(text + used, size - used, "]\n");
    return text;
}

static void test_point_counts(void **state)
{
    (void)state;
    fl_scene s;
    char *text = ngon_scene(64);
    PARSE_OK(text, &s);
    assert_int_equal(s.bodies[0].point_count, 64);
    fl_scene_free(&s);
    free(text);
    text = ngon_scene(65);
    EXPECT_ERROR(text, 2, 33, "polygon needs 3 to 64 points, got 65");
    free(text);
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0]\n", 2, 33,
                 "polygon needs 3 to 64 points, got 2");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[]\n", 2, 33, "got 0");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 0,1] hull=[0,0 1,0]\n", 2, 52,
                 "hull needs 3 to 64 points, got 2");
}

static void test_polygon_shape_errors(void **state)
{
    (void)state;
    /* bow tie */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,1 1,0 0,1]\n", 2, 33,
                 "polygon points must not cross each other");
    /* a vertex touching a non-adjacent edge */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 4,0 4,4 2,0 0,4]\n", 2, 33,
                 "must not cross");
    /* an edge folding back onto its neighbour */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 2,0 1,0 1,1]\n", 2, 33,
                 "must not cross");
    /* collinear overlap of non-adjacent edges */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 3,0 3,2 2,0 1,0 1,2]\n", 2, 33,
                 "must not cross");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 1,1 1,0]\n", 2, 33,
                 "polygon points must not repeat");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 2,0]\n", 2, 33,
                 "polygon must have a non-zero area");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 2,2 1,1 3,3]\n", 2, 33,
                 "polygon must have a non-zero area");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 0,1] hull=[0,0 1,1 1,0 0,1]\n",
                 2, 52, "hull points must not cross each other");
}

static void test_ropes(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "rope a=b2 b=b1 anchor-a=0.5,0 anchor-b=-0.5,0 stiffness=200 damping=3\n"
                    "box name=b1 at=0,0 size=1,1 density=1\n"
                    "fluid name=water density=1 surface=0 left=0 right=1 bottom=1\n"
                    "box name=b2 at=2,0 size=1,1 density=1\n"
                    "rope a=b1 b=world anchor-b=0,-5\n",
             &s);
    assert_int_equal(s.rope_count, 2);
    const fl_scene_rope *r = &s.ropes[0];
    assert_int_equal(r->line, 2);
    assert_int_equal(r->a, 1);
    assert_int_equal(r->b, 0);
    SAME_VEC(r->anchor_a, 0.5, 0);
    SAME_VEC(r->anchor_b, -0.5, 0);
    assert_false(r->has_length);
    assert_true(r->has_stiffness);
    SAME(r->stiffness, 200);
    SAME(r->damping, 3);
    r = &s.ropes[1];
    assert_int_equal(r->a, 0);
    assert_int_equal(r->b, -1);
    SAME_VEC(r->anchor_a, 0, 0);
    SAME_VEC(r->anchor_b, 0, -5);
    assert_false(r->has_stiffness);
    SAME(r->damping, 0);
    fl_scene_free(&s);
}

static void test_many_statements(void **state)
{
    (void)state;
    enum { COUNT = 1000 };
    size_t size = (size_t)COUNT * 160, used = 0;
    char *text = malloc(size);
    fl_scene s;
    assert_non_null(text);
    used += (size_t)snprintf(text + used, size - used, HEADER);
    for (int i = 0; i < COUNT; i++) {
        used += (size_t)snprintf(text + used, size - used,
                                 "box name=b%d at=%d,0 size=1,1 density=1\n"
                                 "fluid name=f%d density=1 surface=0 left=0 right=1 bottom=1\n"
                                 "rope a=b%d b=%s\n",
                                 i, i, i, COUNT - 1 - i,
                                 i == 0 ? "world anchor-b=0,0" : i == COUNT - 1 ? "b1" : "b0");
    }
    PARSE_OK(text, &s);
    assert_int_equal(s.body_count, COUNT);
    assert_int_equal(s.fluid_count, COUNT);
    assert_int_equal(s.rope_count, COUNT);
    for (int i = 0; i < COUNT; i++) {
        char name[16];
        snprintf(name, sizeof name, "b%d", i);
        assert_string_equal(s.bodies[i].name, name);
        SAME(s.bodies[i].at.x, i);
        assert_int_equal(s.ropes[i].a, COUNT - 1 - i);
        assert_int_equal(s.ropes[i].b, i == 0 ? -1 : i == COUNT - 1 ? 1 : 0);
    }
    fl_scene_free(&s);
    /* a duplicate at the very end still finds the first use */
    used += (size_t)snprintf(text + used, size - used,
                             "ngon name=b500 at=0,0 sides=3 radius=1 static\n");
    EXPECT_ERROR(text, 3 * COUNT + 2, 11, "name 'b500' is already used (line 1502)");
    free(text);
}

/* ---- lexical rules ------------------------------------------------------------ */

static void test_continuation_lines(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK("# a comment before the header\n"
             "\n"
             "  flotsam-scene 1   # the header may carry a comment\n"
             "fluid density=1 surface=0\n"
             "\tleft=0 right=1 # comment\n"
             "# a comment line does not end the statement\n"
             "\n"
             "   bottom=2\n"
             "  box at=0,0 size=1,1   # an indented keyword starts a statement\n"
             "      density=2\n"
             "\tbox at=1,1 size=1,1 static\n",
             &s);
    assert_int_equal(s.fluid_count, 1);
    SAME(s.fluids[0].bottom, 2);
    assert_int_equal(s.body_count, 2);
    assert_int_equal(s.bodies[0].line, 9);
    SAME(s.bodies[0].density, 2);
    assert_true(s.bodies[1].is_static);
    fl_scene_free(&s);

    EXPECT_ERROR(HEADER "  at=1,2\n", 2, 3, "no statement to continue");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 static\nsize=1,1\n", 3, 1,
                 "expected a keyword, got 'size=1,1' (indent continuation lines)");
    /* an unindented line ends the statement before it is read */
    EXPECT_ERROR(HEADER "box at=0,0 static\nsize=1,1\n", 2, 1, "box needs 'size'");
    /* errors on continuation lines point at their real line */
    EXPECT_ERROR(HEADER "fluid density=1 surface=0\n  left=0\n\n  right=x bottom=1\n", 5, 9,
                 "expected a number, got 'x'");
    /* the statement's checks run when it ends, and point at its keyword */
    EXPECT_ERROR(HEADER "fluid density=1 surface=0\n  left=0\n\n  right=1\nbox\n", 2, 1,
                 "fluid needs 'bottom'");
}

static void test_comments(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK(HEADER "box at=1,2#comment\n"
                    "  size=1,1 density=1 color=#ff8000#not a colour any more\n"
                    "box at=0,0 size=1,1 static # color=#zzzzzz\n"
                    "ngon at=0,0 sides=3 radius=1 density=1 color=#00FF00 # comment\n"
                    "polygon at=0,0 density=1 points=[0,0 1,0 0,1]# comment\n",
             &s);
    assert_int_equal(s.body_count, 4);
    assert_int_equal(s.bodies[0].color, 0xFF8000);
    assert_false(s.bodies[1].has_color);
    assert_int_equal(s.bodies[2].color, 0x00FF00);
    fl_scene_free(&s);
    /* a '#' inside a list starts a comment, so the list is not closed */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 #0,1]\n", 2, 33,
                 "no closing ']'");
    /* after another key, '#' starts a comment and leaves the value empty */
    EXPECT_ERROR(HEADER "box at=#1,2\n", 2, 5, "field 'at' has no value");
}

static void test_crlf(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK("flotsam-scene 1\r\n"
             "fluid density=1 surface=0 left=0 right=1\r\n"
             "   bottom=2 # comment\r\n"
             "box name=a at=0,0 size=1,1 color=#123456\r\n"
             "  static\r\n"
             "polygon at=0,0 density=1 points=[0,0 1,0 0,1]\r\n"
             "rope a=a b=world anchor-b=1,1\r",
             &s);
    assert_int_equal(s.fluid_count, 1);
    assert_int_equal(s.body_count, 2);
    assert_int_equal(s.bodies[0].color, 0x123456);
    assert_true(s.bodies[0].is_static);
    assert_int_equal(s.bodies[1].point_count, 3);
    assert_int_equal(s.rope_count, 1);
    fl_scene_free(&s);
    EXPECT_ERROR("flotsam-scene 1\r\n\r\nbox at=0,0 size=1,1 densty=1\r\n", 3, 21,
                 "unknown field 'densty' in box");
    EXPECT_ERROR("flotsam-scene 1\r\nbox at=0,0\rsize=1,1\n", 2, 11,
                 "carriage return not followed by a line feed");
}

static void test_numbers(void **state)
{
    (void)state;
    static const char *const good[] = {"1", "+2", "-3", "1.", ".5", "-.5", "2.5e3", "2E+2",
                                       "1e-3", "007", "1e-400", "-0.0e0"};
    static const double values[] = {1, 2, -3, 1, 0.5, -0.5, 2500, 200, 1e-3, 7, 0, -0.0};
    static const char *const bad[] = {"0x10", "inf", "nan", "1.5.2", "1e", "1e+", ".", "-",
                                      "+-1", "5m", "1_000", "e5", "1,5", "\xc2\xbd"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[120];
        fl_scene s;
        snprintf(text, sizeof text, HEADER "box at=0,0 size=1,1 static spin=%s\n", good[i]);
        PARSE_OK(text, &s);
        SAME(s.bodies[0].spin, values[i]);
        fl_scene_free(&s);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[120];
        snprintf(text, sizeof text, HEADER "box spin=%s at=0,0 size=1,1 static\n", bad[i]);
        EXPECT_ERROR(text, 2, 10, "expected a number, got '");
    }
    /* a space ends the value */
    EXPECT_ERROR(HEADER "box spin=1 ,2 at=0,0 size=1,1 static\n", 2, 12, "unexpected word ',2'");
    EXPECT_ERROR(HEADER "box spin=1e999 at=0,0 size=1,1 static\n", 2, 10,
                 "number '1e999' is out of range");
    EXPECT_ERROR(HEADER "box spin=-1e400 at=0,0 size=1,1 static\n", 2, 10, "out of range");
    /* a long but valid number */
    {
        char text[700];
        fl_scene s;
        char digits[401];
        memset(digits, '0', 400);
        digits[400] = '\0';
        snprintf(text, sizeof text, HEADER "box at=0,0 size=1,1 static spin=0.%s1e401\n", digits);
        PARSE_OK(text, &s);
        SAME(s.bodies[0].spin, 1);
        fl_scene_free(&s);
    }
}

/* ---- errors ---------------------------------------------------------------------- */

static void test_header_errors(void **state)
{
    (void)state;
    EXPECT_ERROR("", 1, 1, "missing 'flotsam-scene 1' header");
    EXPECT_ERROR("# only a comment\n\n   \n", 1, 1, "missing 'flotsam-scene 1' header");
    EXPECT_ERROR("box at=0,0 size=1,1 static\n", 1, 1,
                 "expected 'flotsam-scene 1' before any statement");
    EXPECT_ERROR("# comment\n  world\nflotsam-scene 1\n", 2, 3,
                 "expected 'flotsam-scene 1' before any statement");
    EXPECT_ERROR("flotsam-scene=1\n", 1, 1, "expected 'flotsam-scene 1'");
    EXPECT_ERROR("flotsam-scene 2\n", 1, 15,
                 "unsupported scene version 2 (this program reads version 1)");
    EXPECT_ERROR("flotsam-scene 10 # no\n", 1, 15, "unsupported scene version 10");
    EXPECT_ERROR("flotsam-scene 1.0\n", 1, 15, "expected a version number");
    EXPECT_ERROR("flotsam-scene\n", 1, 1, "expected a version number");
    EXPECT_ERROR("flotsam-scene 1 world\n", 1, 17, "unexpected 'world' after the header");
    EXPECT_ERROR(HEADER HEADER, 2, 1, "unknown keyword 'flotsam-scene'");
}

static void test_keyword_errors(void **state)
{
    (void)state;
    EXPECT_ERROR(HEADER "boxx at=0,0\n", 2, 1, "unknown keyword 'boxx'");
    EXPECT_ERROR(HEADER "\n  Box at=0,0\n", 3, 3, "no statement to continue");
    EXPECT_ERROR(HEADER "world\nview center=0,0 width=1\nworld rate=30\n", 4, 1,
                 "only one 'world' statement is allowed (first on line 2)");
    EXPECT_ERROR(HEADER "view center=0,0 width=1\n  view center=0,0 width=1\n", 3, 3,
                 "only one 'view' statement is allowed");
}

static void test_field_errors(void **state)
{
    (void)state;
    EXPECT_ERROR(HEADER "box at=0,0 sze=1,1 density=1\n", 2, 12, "unknown field 'sze' in box");
    EXPECT_ERROR(HEADER "ngon at=0,0 size=1,1\n", 2, 13, "unknown field 'size' in ngon");
    EXPECT_ERROR(HEADER "box at=0,0 hull=[0,0 1,0 0,1]\n", 2, 12, "unknown field 'hull' in box");
    EXPECT_ERROR(HEADER "world name=w\n", 2, 7, "unknown field 'name' in world");
    EXPECT_ERROR(HEADER "box at=0,0 at=1,1 size=1,1 density=1\n", 2, 12, "duplicate field 'at'");
    EXPECT_ERROR(HEADER "box at=0,0 static size=1,1\n  static\n", 3, 3, "duplicate field 'static'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=1 heavy\n", 2, 31,
                 "unexpected word 'heavy' in box");
    EXPECT_ERROR(HEADER "fluid static density=1\n", 2, 7, "unexpected word 'static' in fluid");
    EXPECT_ERROR(HEADER "box static=1\n", 2, 5, "'static' is a flag");
    EXPECT_ERROR(HEADER "box at= size=1,1\n", 2, 5, "field 'at' has no value");
    EXPECT_ERROR(HEADER "box at=0,0 =1\n", 2, 12, "expected a field name before '='");
    /* the first error on a line wins */
    EXPECT_ERROR(HEADER "box at=x,0 size=y\n", 2, 8, "got 'x'");
}

static void test_missing_fields(void **state)
{
    (void)state;
    EXPECT_ERROR(HEADER "box at=0,0 density=1\n", 2, 1, "box needs 'size'");
    EXPECT_ERROR(HEADER "box size=1,1 density=1\n", 2, 1, "box needs 'at'");
    EXPECT_ERROR(HEADER "  ngon at=0,0 radius=1 density=1\n", 2, 3, "ngon needs 'sides'");
    EXPECT_ERROR(HEADER "ngon at=0,0 sides=5 density=1\n", 2, 1, "ngon needs 'radius'");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1\n", 2, 1, "polygon needs 'points'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1\n", 2, 1, "box needs 'density' or 'mass' (or 'static')");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 cg=0,0.2\n", 2, 1, "box needs 'density' or 'mass'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 density=2 mass=3\n", 2, 36,
                 "give 'density' or 'mass', not both");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 static mass=3\n", 2, 33, "a static body has no weight");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 static cg=0,1\n", 2, 31, "a static body has no weight");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 mass=-3\n", 2, 26, "mass");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 mass=3 cg=x,1\n", 2, 31, "got 'x'");
    /* Loading conditions and compartments: of a body above that moves,
     * inside its hull (its edge is inside), a fill from 0 to 1. */
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 density=5\n"
                 "tank condition=c body=b points=[0,0 1,0 1,0.6] fill=0.5 density=1\n",
                 3, 32, "a tank must lie inside its body's hull; a point of this one is outside 'b'");
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 density=5\n"
                 "compartment body=b name=x points=[-1,-0.5 0,-0.5 0,0.5 -1,0.5] fill=1\n",
                 3, 64, "unknown field 'fill' in compartment");
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 density=5\n"
                 "tank condition=c body=b points=[0,0 1,0 1,0.5] fill=2 density=1\n",
                 3, 53, "fill is the share of the tank full, from 0 to 1");
    EXPECT_ERROR(HEADER "item condition=c body=b mass=1 at=0,0\n"
                 "box name=b at=0,0 size=2,1 density=5\n", 2, 23, "'b' is not a body named above it");
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 static\n"
                 "item condition=c body=b mass=1 at=0,0\n", 3, 23, "'b' is static");
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 density=5\n"
                 "compartment body=b points=[-1,-0.5 0,-0.5 0,0.5]\n", 3, 1, "compartment needs 'name'");
    EXPECT_ERROR(HEADER "box name=b at=0,0 size=2,1 density=5\n"
                 "compartment body=b name=x points=[-1,-0.5 0,-0.5 0,0.5 -1,0.5]\n"
                 "item body=b mass=1 at=0,0\n", 4, 1, "item needs 'condition'");
    EXPECT_ERROR(HEADER "fluid surface=0 left=0 right=1 bottom=1\n", 2, 1, "fluid needs 'density'");
    EXPECT_ERROR(HEADER "fluid density=1 left=0 right=1 bottom=1\n", 2, 1, "fluid needs 'surface'");
    EXPECT_ERROR(HEADER "fluid density=1 surface=0 right=1 bottom=1\n", 2, 1, "fluid needs 'left'");
    EXPECT_ERROR(HEADER "fluid density=1 surface=0 left=0 bottom=1\n", 2, 1, "fluid needs 'right'");
    EXPECT_ERROR(HEADER "fluid density=1 surface=0 left=0 right=1\n", 2, 1, "fluid needs 'bottom'");
    EXPECT_ERROR(HEADER "view width=1\n", 2, 1, "view needs 'center'");
    EXPECT_ERROR(HEADER "view center=1,1\n", 2, 1, "view needs 'width'");
    EXPECT_ERROR(HEADER "box name=x at=0,0 size=1,1 static\nrope b=x\n", 3, 1, "rope needs 'a'");
    EXPECT_ERROR(HEADER "box name=x at=0,0 size=1,1 static\nrope a=x\n", 3, 1, "rope needs 'b'");
}

static void test_value_errors(void **state)
{
    (void)state;
#define BOX HEADER "box at=0,0 size=1,1 "
    /* column 21 is just after BOX's text on line 2 */
    EXPECT_ERROR(BOX "density=abc\n", 2, 29, "expected a number, got 'abc'");
    EXPECT_ERROR(BOX "density=0\n", 2, 29, "density must be from 1e-06 to 1e+09");
    EXPECT_ERROR(BOX "density=-0\n", 2, 29, "density must be from 1e-06 to 1e+09");
    EXPECT_ERROR(BOX "density=1e-308\n", 2, 29, "density must be from 1e-06 to 1e+09");
    EXPECT_ERROR(BOX "density=2e9\n", 2, 29, "density must be from 1e-06 to 1e+09");
    EXPECT_ERROR(BOX "density=1 spin=1e10\n", 2, 36, "spin must be within -1e+09 to 1e+09");
    EXPECT_ERROR(BOX "density=1 angle=-2e9deg\n", 2, 37, "angle must be within");
    EXPECT_ERROR(HEADER "box at=1e10,0 size=1,1 static\n", 2, 8,
                 "coordinates must be within -1e+09 to 1e+09");
    EXPECT_ERROR(HEADER "box at=0,0 size=1e160,1 static\n", 2, 17, "coordinates must be within");
    EXPECT_ERROR(HEADER "polygon at=0,0 static points=[0,0 1e-300,0 1,0 1,1 0,1]\n", 2, 30,
                 "polygon points 1 and 2 are closer than 1e-06");
    EXPECT_ERROR(BOX "density=1e999\n", 2, 29, "out of range");
    EXPECT_ERROR(BOX "static friction=-0.1\n", 2, 37, "friction must be >= 0");
    EXPECT_ERROR(BOX "static restitution=1.5\n", 2, 40, "restitution must be from 0 to 1");
    EXPECT_ERROR(BOX "static restitution=-0.5\n", 2, 40, "restitution must be from 0 to 1");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,0 static\n", 2, 17, "size must be at least 1e-06 in both directions");
    EXPECT_ERROR(HEADER "box at=0,0 size=-1,1 static\n", 2, 17, "size must be at least 1e-06");
    EXPECT_ERROR(HEADER "box at=0,0 size=1e-100,1e-100 static\n", 2, 17, "size must be at least");
    EXPECT_ERROR(HEADER "ngon at=0,0 sides=2 radius=1 static\n", 2, 19,
                 "sides must be an integer from 3 to 64");
    EXPECT_ERROR(HEADER "ngon at=0,0 sides=65 radius=1 static\n", 2, 19, "sides must be an integer");
    EXPECT_ERROR(HEADER "ngon at=0,0 sides=4.5 radius=1 static\n", 2, 19, "sides must be an integer");
    EXPECT_ERROR(HEADER "ngon at=0,0 sides=6 radius=0 static\n", 2, 28, "radius must be from 1e-06 to 1e+09");
    EXPECT_ERROR(HEADER "world iterations=0\n", 2, 18,
                 "iterations must be an integer from 1 to 1000");
    EXPECT_ERROR(HEADER "world iterations=1001\n", 2, 18, "iterations must be an integer");
    EXPECT_ERROR(HEADER "world substeps=0\n", 2, 16, "substeps must be an integer from 1 to 64");
    EXPECT_ERROR(HEADER "world substeps=65\n", 2, 16, "substeps must be an integer");
    EXPECT_ERROR(HEADER "world substeps=2.5\n", 2, 16, "substeps must be an integer");
    EXPECT_ERROR(HEADER "world rate=0\n", 2, 12, "rate must be from 1 to 10000 steps per second");
    EXPECT_ERROR(HEADER "world rate=0.5\n", 2, 12, "rate must be from 1 to 10000");
    EXPECT_ERROR(HEADER "world rate=10001\n", 2, 12, "rate must be from 1 to 10000");
    EXPECT_ERROR(HEADER "world gravity=1e308,0\n", 2, 15, "coordinates must be within");
    EXPECT_ERROR(HEADER "view center=0,0 width=-2\n", 2, 23, "width must be from 1e-06 to 1e+09");
#define FLUID HEADER "fluid density=1 surface=0 left=0 right=1 bottom=1 "
    /* FLUID's text on line 2 ends at column 51 */
    EXPECT_ERROR(FLUID "linear-drag=-1\n", 2, 63, "linear-drag must be >= 0");
    EXPECT_ERROR(FLUID "angular-drag=-1\n", 2, 64, "angular-drag must be >= 0");
    EXPECT_ERROR(FLUID "wave-length=0\n", 2, 63, "wave-length must be from 1e-06 to 1e+09");
    EXPECT_ERROR(FLUID "wave-speed=x\n", 2, 62, "expected a number");
    EXPECT_ERROR(FLUID "current=1\n", 2, 59, "expected a point x,y, got '1'");
    EXPECT_ERROR(FLUID "wave-amplitude=1\n", 2, 66,
                 "wave-amplitude must be smaller than the fluid's depth");
    EXPECT_ERROR(FLUID "wave-amplitude=-1.5\n", 2, 66, "wave-amplitude must be smaller");
    EXPECT_ERROR(HEADER "fluid density=0 surface=0 left=0 right=1 bottom=1\n", 2, 15,
                 "density must be from 1e-06 to 1e+09");
    EXPECT_ERROR(HEADER "fluid density=1 surface=0 left=1 right=1 bottom=1\n", 2, 40,
                 "right must be greater than left");
    EXPECT_ERROR(HEADER "fluid density=1 surface=2\n  left=0 right=1 bottom=1\n", 3, 25,
                 "bottom must be greater than surface");
#undef FLUID
#undef BOX
}

static void test_point_errors(void **state)
{
    (void)state;
    EXPECT_ERROR(HEADER "box at=1 size=1,1 static\n", 2, 8, "expected a point x,y, got '1'");
    EXPECT_ERROR(HEADER "box at=1,2,3 size=1,1 static\n", 2, 8, "expected a point x,y, got '1,2,3'");
    EXPECT_ERROR(HEADER "box at=,2 size=1,1 static\n", 2, 8, "expected a point");
    EXPECT_ERROR(HEADER "box at=1, size=1,1 static\n", 2, 8, "expected a point");
    EXPECT_ERROR(HEADER "box at=1,y size=1,1 static\n", 2, 10, "expected a number, got 'y'");
    EXPECT_ERROR(HEADER "box at=1,1e999 size=1,1 static\n", 2, 10, "out of range");
    EXPECT_ERROR(HEADER "box at=[1,2] size=1,1 static\n", 2, 8, "expected a point x,y, got '[1,2]'");
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 static velocity=1;2\n", 2, 37, "expected a point");
    /* point lists */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=0,0\n", 2, 33,
                 "expected a point list [x,y x,y ...], got '0,0'");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 0,1]x\n", 2, 33,
                 "expected a point list");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 [1,0] 0,1]\n", 2, 33,
                 "expected a point list");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1,0 0,1\n", 2, 33,
                 "point list has no closing ']' on this line");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0 1;0 0,1]\n", 2, 38,
                 "expected a point x,y, got '1;0'");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[0,0  1,z 0,1]\n", 2, 41,
                 "expected a number, got 'z'");
}

static void test_colour_errors(void **state)
{
    (void)state;
#define BOX HEADER "box at=0,0 size=1,1 static "
    EXPECT_ERROR(BOX "color=red\n", 2, 34, "expected a colour #rrggbb, got 'red'");
    EXPECT_ERROR(BOX "color=#12345\n", 2, 34, "got '#12345'");
    EXPECT_ERROR(BOX "color=#1234567\n", 2, 34, "got '#1234567'");
    EXPECT_ERROR(BOX "color=#12345g\n", 2, 34, "got '#12345g'");
    EXPECT_ERROR(BOX "color=0x123456\n", 2, 34, "expected a colour");
#undef BOX
}

static void test_name_errors(void **state)
{
    (void)state;
    char text[300];
    char long_name[65];
    EXPECT_ERROR(HEADER "box name=a.b at=0,0 size=1,1 static\n", 2, 10,
                 "bad name 'a.b' (use letters, digits, '_' and '-')");
    EXPECT_ERROR(HEADER "box name=world at=0,0 size=1,1 static\n", 2, 10,
                 "'world' is reserved and cannot be a name");
    memset(long_name, 'n', 64);
    long_name[64] = '\0';
    snprintf(text, sizeof text, HEADER "box name=%s at=0,0 size=1,1 static\n", long_name);
    EXPECT_ERROR(text, 2, 10, "name is longer than 63 characters");
    long_name[63] = '\0';
    snprintf(text, sizeof text, HEADER "box name=%s at=0,0 size=1,1 static\n", long_name);
    {
        fl_scene s;
        PARSE_OK(text, &s);
        assert_string_equal(s.bodies[0].name, long_name);
        fl_scene_free(&s);
    }
    EXPECT_ERROR(HEADER "\n\nbox name=crate at=0,0 size=1,1 static\n"
                        "box at=0,0 size=1,1 static name=crate\n",
                 5, 33, "name 'crate' is already used (line 4)");
    EXPECT_ERROR(HEADER "fluid name=water density=1 surface=0 left=0 right=1 bottom=1\n"
                        "ngon name=water at=0,0 sides=3 radius=1 static\n",
                 3, 11, "name 'water' is already used (line 2)");
}

static void test_rope_errors(void **state)
{
    (void)state;
#define BODIES HEADER "box name=p at=0,0 size=1,1 static\nbox name=q at=0,0 size=1,1 density=1\n"
    EXPECT_ERROR(BODIES "rope a=p b=foo\n", 4, 12, "unknown body 'foo' in rope");
    EXPECT_ERROR(BODIES "rope a=foo b=p\n", 4, 8, "unknown body 'foo' in rope");
    /* resolved at the end of the file, but reported at the rope */
    EXPECT_ERROR(HEADER "rope a=q b=r\nbox name=q at=0,0 size=1,1 static\n", 2, 12,
                 "unknown body 'r' in rope");
    EXPECT_ERROR(BODIES "fluid name=water density=1 surface=0 left=0 right=1 bottom=1\n"
                        "rope a=q b=water\n",
                 5, 12, "'water' is a fluid, not a body");
    EXPECT_ERROR(BODIES "rope a=q b=world\n", 4, 1, "rope to 'world' needs 'anchor-b'");
    EXPECT_ERROR(BODIES "rope a=world b=q\n", 4, 8, "only 'b' may be 'world'");
    EXPECT_ERROR(BODIES "rope a=q b=q\n", 4, 12, "a rope must join two different bodies");
    EXPECT_ERROR(BODIES "rope a=q b=p length=0\n", 4, 21, "length must be > 0");
    EXPECT_ERROR(BODIES "rope a=q b=p stiffness=-1\n", 4, 24, "stiffness must be > 0");
    EXPECT_ERROR(BODIES "rope a=q b=p damping=-1\n", 4, 22, "damping must be >= 0");
    EXPECT_ERROR(BODIES "rope a=q b=p anchor-a=1\n", 4, 23, "expected a point");
    EXPECT_ERROR(BODIES "rope a=q b=p density=1\n", 4, 14, "unknown field 'density' in rope");
    EXPECT_ERROR(BODIES "rope a=q b=p.x\n", 4, 12, "bad name 'p.x'");
#undef BODIES
}

static void test_encoding_errors(void **state)
{
    (void)state;
    EXPECT_ERROR_N(HEADER "box at=0,0\0 size=1,1 static\n", 2, 11, "NUL byte");
    EXPECT_ERROR_N(HEADER "# \0\n", 2, 3, "NUL byte");
    /* columns count characters: 'é' (2 bytes) and '€' (3 bytes) are one each */
    EXPECT_ERROR(HEADER "box at=0,0 size=1,1 static # \xc3\xa9\xe2\x82\xac\xff\n", 2, 32,
                 "invalid UTF-8");
    EXPECT_ERROR(HEADER "box \xc0\xaf\n", 2, 5, "invalid UTF-8");         /* overlong */
    EXPECT_ERROR(HEADER "box \xed\xa0\x80\n", 2, 5, "invalid UTF-8");     /* surrogate */
    EXPECT_ERROR(HEADER "box \xe2\x82\n", 2, 5, "invalid UTF-8");         /* truncated */
    EXPECT_ERROR(HEADER "box at=0,0 \x01\n", 2, 12, "control character");
    /* a byte order mark is read past at the start, and only there */
    EXPECT_ERROR("\xef\xbb\xbf" HEADER "\xef\xbb\xbf" "box\n", 2, 1, "byte order mark (U+FEFF) inside");
    EXPECT_ERROR("\xef\xbb\xbf" HEADER "box at=0,0 \x01\n", 2, 12, "control character");
    /* a non-ASCII word is quoted whole in the message */
    EXPECT_ERROR(HEADER "box \xc3\xa9t\xc3\xa9=1 at=0,0\n", 2, 5,
                 "unknown field '\xc3\xa9t\xc3\xa9' in box");
    EXPECT_ERROR(HEADER "box name=\xc3\xa9 at=\xc3\xa9\n", 2, 10, "bad name");
}

static void test_byte_order_mark(void **state)
{
    (void)state;
    fl_scene s;
    PARSE_OK("\xef\xbb\xbf" HEADER "box at=0,0 size=1,1 static\r\n", &s);
    assert_int_equal(s.body_count, 1);
    fl_scene_free(&s);
}

typedef struct collected {
    fl_scene_error errors[8];
    int count;
} collected;

static void collect(void *ctx, const fl_scene_error *err)
{
    collected *c = ctx;
    if (c->count < 8)
        c->errors[c->count] = *err;
    c->count++;
}

/* Every problem, in order of position; the first found, as fl_scene_parse. */
static void test_parse_all(void **state)
{
    (void)state;
    const char *text = HEADER "rope a=nowhere b=world anchor-b=0,0\n"
                              "box at=0,0 size=1,1 densty=1\n"
                              "    size=2,2\n"                 /* skipped: its statement is dropped */
                              "box name=b at=0,0 size=0,1 static\n"
                              "rope a=b b=world anchor-b=0,0\n" /* b is known though dropped */
                              "ngon at=0,0 sides=3 radius=1\n"; /* needs density, at the end */
    fl_scene s;
    fl_scene_error first;
    collected c = {0};
    assert_int_equal(fl_scene_parse_all(text, strlen(text), &s, collect, &c, &first), 4);
    assert_true(is_zeroed(&s));
    assert_int_equal(c.count, 4);
    static const int where[4][2] = {{2, 8}, {3, 21}, {5, 24}, {7, 1}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(c.errors[i].line, where[i][0]);
        assert_int_equal(c.errors[i].column, where[i][1]);
    }
    assert_non_null(strstr(c.errors[0].message, "unknown body 'nowhere'"));
    assert_non_null(strstr(c.errors[3].message, "needs 'density'"));
    /* the first found is fl_scene_parse's: the unknown field */
    fl_scene_error one;
    assert_false(fl_scene_parse(text, strlen(text), &s, &one));
    assert_int_equal(one.line, first.line);
    assert_int_equal(one.column, first.column);
    assert_string_equal(one.message, first.message);
    assert_int_equal(first.line, 3);
    /* a good scene has none */
    c.count = 0;
    assert_int_equal(fl_scene_parse_all(HEADER, strlen(HEADER), &s, collect, &c, NULL), 0);
    assert_int_equal(c.count, 0);
    fl_scene_free(&s);
}

/* Reading stops after FL_SCENE_MAX_ERRORS problems. */
static void test_parse_all_stops(void **state)
{
    (void)state;
    size_t n = 0;
    char *text = malloc(20 + 8 * 300);
    n += (size_t)sprintf(text, HEADER);
    for (int i = 0; i < 300; i++)
        n += (size_t)sprintf(text + n, "oops %d\n", i % 10);
    fl_scene s;
    collected c = {0};
    assert_int_equal(fl_scene_parse_all(text, n, &s, collect, &c, NULL), FL_SCENE_MAX_ERRORS);
    assert_int_equal(c.count, FL_SCENE_MAX_ERRORS);
    free(text);
}

/* What the world would refuse is refused by the reader, at the field at
 * fault, and agrees with fl_world_add_body. */
static void test_world_refusals(void **state)
{
    (void)state;
    /* water that does not fit in the hold */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[-1,0 1,0 1,1 -1,1]"
                        " hull=[-1,-1 1,-1 1,1 -1,1] water=3\n",
                 2, 86, "does not fit in the hold (2 m^2)");
    /* a hull that is the outline itself, from another corner, has no hold */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[-1,0 1,0 1,1 -1,1]"
                        " hull=[1,1 -1,1 -1,0 1,0] openings=[]\n",
                 2, 87, "only a body with a hull of its own has a hold");
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1 points=[-1,0 1,0 1,1 -1,1]"
                        " water=0.5 hull=[1,1 -1,1 -1,0 1,0]\n",
                 2, 59, "only a body with a hull of its own has a hold");
    /* a mass too small to divide by */
    EXPECT_ERROR(HEADER "polygon at=0,0 density=1e-6 points=[0,0 1,0 2,1e-303]\n", 2, 36,
                 "the world cannot build this body: mass");
    /* the same in a spawned body */
    EXPECT_ERROR(HEADER "at t=1s spawn polygon at=0,0 density=1e-6 points=[0,0 1,0 2,1e-303]\n",
                 2, 50, "the world cannot build this body: mass");
    /* static: no mass, so it builds */
    fl_scene s;
    PARSE_OK(HEADER "polygon at=0,0 static points=[0,0 1,0 2,1e-303]\n", &s);
    fl_sim *sim = NULL;
    fl_scene_error err;
    assert_true((sim = fl_sim_build(&s, &err)));
    fl_sim_free(sim);
    fl_scene_free(&s);
}

/* A stream is read to its end, or refused past the cap. */
static void test_read_stream(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(HEADER, f);
    rewind(f);
    char *text;
    size_t len;
    fl_scene_error err;
    assert_true(fl_read_text_stream(f, &text, &len, &err));
    assert_int_equal(len, strlen(HEADER));
    assert_memory_equal(text, HEADER, len);
    free(text);
    fclose(f);
    FILE *zero = fopen("/dev/zero", "rb");
    if (zero) {
        assert_false(fl_read_text_stream(zero, &text, &len, &err));
        assert_null(text);
        assert_int_equal(err.line, 0);
        assert_non_null(strstr(err.message, "larger than 64 MB"));
        fclose(zero);
    }
}

static void test_failure_leaves_scene_empty(void **state)
{
    (void)state;
    fl_scene s;
    fl_scene_error err;
    /* fails late, after bodies, fluids and ropes have been allocated */
    const char *text = HEADER "box name=a at=0,0 size=1,1 static\n"
                              "fluid density=1 surface=0 left=0 right=1 bottom=1\n"
                              "rope a=a b=nowhere\n";
    assert_false(parse_n(text, strlen(text), &s, &err));
    assert_true(is_zeroed(&s));
    assert_int_equal(err.line, 4);
    assert_int_equal(err.column, 12);
    fl_scene_free(&s);
    fl_scene_free(&s);
    assert_true(is_zeroed(&s));
}

static void test_text_needs_no_terminator(void **state)
{
    (void)state;
    fl_scene s;
    fl_scene_error err;
    /* only the first len bytes count: the rest would be an error */
    const char text[] = HEADER "box at=0,0 size=1,1 spin=12 static!!!";
    size_t len = sizeof text - 1 - 3;
    assert_true(parse_n(text, len, &s, &err));
    SAME(s.bodies[0].spin, 12);
    fl_scene_free(&s);
    const char number_at_end[] = HEADER "box at=0,0 size=1,1 static spin=12345";
    assert_true(parse_n(number_at_end, sizeof number_at_end - 1 - 2, &s, &err));
    SAME(s.bodies[0].spin, 123);
    fl_scene_free(&s);
}

static void test_load_file(void **state)
{
    (void)state;
    fl_scene s;
    fl_scene_error err;
    char path[] = "/tmp/flotsam-test-scene-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    fputs(contract_example, f);
    fclose(f);
    memset(&s, 0x5A, sizeof s);
    assert_true(fl_scene_load_file(path, &s, &err));
    assert_int_equal(s.body_count, 4);
    fl_scene_free(&s);
    unlink(path);

    memset(&s, 0x5A, sizeof s);
    assert_false(fl_scene_load_file(path, &s, &err));
    assert_int_equal(err.line, 0);
    assert_int_equal(err.column, 0);
    assert_string_equal(err.message, "cannot read file: No such file or directory");
    assert_true(is_zeroed(&s));
}

static void test_free_zeroed(void **state)
{
    (void)state;
    fl_scene s;
    memset(&s, 0, sizeof s);
    fl_scene_free(&s);
    fl_scene_free(&s);
    assert_true(is_zeroed(&s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contract_example),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_collision_fields),
        cmocka_unit_test(test_world_and_view),
        cmocka_unit_test(test_fluid_fields),
        cmocka_unit_test(test_body_fields),
        cmocka_unit_test(test_angles),
        cmocka_unit_test(test_polygons),
        cmocka_unit_test(test_point_counts),
        cmocka_unit_test(test_polygon_shape_errors),
        cmocka_unit_test(test_ropes),
        cmocka_unit_test(test_many_statements),
        cmocka_unit_test(test_continuation_lines),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_keyword_errors),
        cmocka_unit_test(test_field_errors),
        cmocka_unit_test(test_missing_fields),
        cmocka_unit_test(test_value_errors),
        cmocka_unit_test(test_point_errors),
        cmocka_unit_test(test_colour_errors),
        cmocka_unit_test(test_name_errors),
        cmocka_unit_test(test_rope_errors),
        cmocka_unit_test(test_encoding_errors),
        cmocka_unit_test(test_failure_leaves_scene_empty),
        cmocka_unit_test(test_text_needs_no_terminator),
        cmocka_unit_test(test_load_file),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_parse_all),
        cmocka_unit_test(test_parse_all_stops),
        cmocka_unit_test(test_world_refusals),
        cmocka_unit_test(test_read_stream),
        cmocka_unit_test(test_free_zeroed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
