/* Unit tests for the scene writer: a world written as a scene, read back and
 * built again, is the same world (every body's motion within 1e-12, its area
 * and mass equal, names, colours, flags, fluids and ropes kept). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "flotsam/flotsam.h"

#define TOL 1e-12

/* scenes/harbour.scene, the program's default scene, read in main(). */
static char *default_scene_text;
static size_t default_scene_text_len;

static void read_default_scene(void)
{
    FILE *f = fopen(FLOTSAM_SOURCE_ROOT "/scenes/harbour.scene", "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    default_scene_text = malloc((size_t)n);
    assert_non_null(default_scene_text);
    assert_int_equal(fread(default_scene_text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    default_scene_text_len = (size_t)n;
}

typedef struct built {
    fl_scene sc;
    fl_sim *s;
} built;

static built *build(const char *text, size_t len)
{
    built *b = malloc(sizeof *b);
    assert_non_null(b);
    fl_scene_error err;
    if (!fl_scene_parse(text, len, &b->sc, &err))
        fail_msg("scene %d:%d: %s\n%s", err.line, err.column, err.message, text);
    if (!(b->s = fl_sim_build(&b->sc, &err)))
        fail_msg("build %d:%d: %s", err.line, err.column, err.message);
    return b;
}

static void unbuild(built *b)
{
    fl_sim_free(b->s);
    fl_scene_free(&b->sc);
    free(b);
}

static void steps(built *b, int n)
{
    for (int i = 0; i < n; i++)
        fl_world_step(fl_sim_world(b->s), fl_sim_dt(b->s));
}

/* The scene text of b's world (malloc'd, NUL-terminated). */
static char *written(const built *b, const fl_scene_view *view, size_t *len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    char err[256];
    if (!fl_scene_write(f, b->s, view, err, sizeof err))
        fail_msg("scene_write: %s", err);
    long n = ftell(f);
    assert_true(n > 0);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    rewind(f);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return text;
}

static built *round_trip(const built *b, const fl_scene_view *view)
{
    size_t len;
    char *text = written(b, view, &len);
    built *again = build(text, len);
    free(text);
    return again;
}

static void assert_same_body(fl_body_id x, fl_body_id y)
{
    ASSERT_NEAR(fl_body_position(y).x, fl_body_position(x).x, TOL);
    ASSERT_NEAR(fl_body_position(y).y, fl_body_position(x).y, TOL);
    ASSERT_NEAR(fl_body_angle(y), fl_body_angle(x), TOL);
    ASSERT_NEAR(fl_body_velocity(y).x, fl_body_velocity(x).x, TOL);
    ASSERT_NEAR(fl_body_velocity(y).y, fl_body_velocity(x).y, TOL);
    ASSERT_NEAR(fl_body_spin(y), fl_body_spin(x), TOL);
    ASSERT_REL(fl_body_area(y), fl_body_area(x), 1e-14);
    /* The mass and moment of inertia a hold's water gives are the mean
     * over the last step (its water as it lay at the start and at the
     * end); the next step carries it again from the water as it is. */
    if (!fl_buoyancy_has_hold(fl_buoyancy_of(x.world), x) || fl_buoyancy_water(fl_buoyancy_of(x.world), x, NULL) == 0.0) {
        ASSERT_REL(fl_body_mass(y), fl_body_mass(x), 1e-14);
        ASSERT_REL(fl_body_inertia(y), fl_body_inertia(x), 1e-12);
    } else {
        ASSERT_REL(fl_body_own_mass(y), fl_body_own_mass(x), 1e-14);
    }
    assert_int_equal(fl_buoyancy_has_hold(fl_buoyancy_of(y.world), y), fl_buoyancy_has_hold(fl_buoyancy_of(x.world), x));
    double dx, dy;
    ASSERT_EXACT(fl_buoyancy_water(fl_buoyancy_of(y.world), y, &dy), fl_buoyancy_water(fl_buoyancy_of(x.world), x, &dx));
    ASSERT_EXACT(dy, dx);
    int nx, ny;
    const fl_vec2 *ox = fl_buoyancy_openings(fl_buoyancy_of(x.world), x, &nx), *oy = fl_buoyancy_openings(fl_buoyancy_of(y.world), y, &ny);
    assert_int_equal(ny, nx);
    for (int k = 0; k < 2 * nx; k++) {
        ASSERT_NEAR(oy[k].x, ox[k].x, TOL);
        ASSERT_NEAR(oy[k].y, ox[k].y, TOL);
    }
    ASSERT_REL(fl_body_hull_area(y), fl_body_hull_area(x), 1e-14);
    assert_int_equal(fl_body_is_static(y), fl_body_is_static(x));
    assert_int_equal(fl_body_is_sensor(y), fl_body_is_sensor(x));
    assert_int_equal(fl_body_category(y), fl_body_category(x));
    assert_int_equal(fl_body_mask(y), fl_body_mask(x));
    ASSERT_EXACT(fl_body_friction(y), fl_body_friction(x));
    ASSERT_EXACT(fl_body_restitution(y), fl_body_restitution(x));
    /* A stated weight is written as it was given, mass for mass (its
     * density, the mean, goes with the outline's area, to rounding). */
    assert_int_equal(fl_body_mass_stated(y), fl_body_mass_stated(x));
    assert_int_equal(fl_body_center_stated(y), fl_body_center_stated(x));
    if (fl_body_mass_stated(x)) {
        ASSERT_EXACT(fl_body_own_mass(y), fl_body_own_mass(x));
        ASSERT_REL(fl_body_density(y), fl_body_density(x), 1e-14);
    } else {
        ASSERT_EXACT(fl_body_density(y), fl_body_density(x));
    }
    assert_int_equal(fl_body_vertex_count(y), fl_body_vertex_count(x));
    for (int k = 0; k < fl_body_vertex_count(x); k++) {
        fl_vec2 p = fl_body_world_point(x, fl_body_outline(x, NULL)[k]), q = fl_body_world_point(y, fl_body_outline(y, NULL)[k]);
        ASSERT_NEAR(q.x, p.x, TOL);
        ASSERT_NEAR(q.y, p.y, TOL);
    }
}

static void assert_same_world(const built *a, const built *b)
{
    int n = fl_world_body_count(fl_sim_world(a->s));
    assert_int_equal(fl_world_body_count(fl_sim_world(b->s)), n);
    for (int i = 0; i < n; i++)
        assert_same_body(fl_world_body(fl_sim_world(a->s), i),
                         fl_world_body(fl_sim_world(b->s), i));
    assert_int_equal(fl_world_joint_count(fl_sim_world(b->s)),
                     fl_world_joint_count(fl_sim_world(a->s)));
    for (int k = 0; k < fl_world_joint_count(fl_sim_world(a->s)); k++) {
        fl_joint_id x = fl_world_joint(fl_sim_world(a->s), k),
                    y = fl_world_joint(fl_sim_world(b->s), k);
        ASSERT_NEAR(fl_joint_world_a(y).x, fl_joint_world_a(x).x, TOL);
        ASSERT_NEAR(fl_joint_world_a(y).y, fl_joint_world_a(x).y, TOL);
        ASSERT_NEAR(fl_joint_world_b(y).x, fl_joint_world_b(x).x, TOL);
        ASSERT_NEAR(fl_joint_world_b(y).y, fl_joint_world_b(x).y, TOL);
        ASSERT_EXACT(fl_joint_length(y), fl_joint_length(x));
        ASSERT_EXACT(fl_joint_stiffness(y), fl_joint_stiffness(x));
        ASSERT_EXACT(fl_joint_damping(y), fl_joint_damping(x));
    }
    ASSERT_EXACT(fl_world_gravity(fl_sim_world(b->s)).y, fl_world_gravity(fl_sim_world(a->s)).y);
    ASSERT_EXACT(fl_sim_dt(b->s), fl_sim_dt(a->s));
}

/* ---- tests ------------------------------------------------------------------- */

static void test_default_scene_after_steps(void **state)
{
    (void)state;
    built *a = build(default_scene_text, default_scene_text_len);
    steps(a, 240);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    for (int i = 0; i < a->sc.body_count; i++) {
        assert_string_equal(b->sc.bodies[i].name, a->sc.bodies[i].name);
        assert_int_equal(b->sc.bodies[i].has_color, a->sc.bodies[i].has_color);
        assert_int_equal(b->sc.bodies[i].color, a->sc.bodies[i].color);
    }
    unbuild(a);
    unbuild(b);
}

static const char everything[] =
    "flotsam-scene 1\n"
    "world gravity=0.5,9.81 rate=120 iterations=7 substeps=3\n"
    "view center=10,4 width=30\n"
    "fluid name=oil density=800 surface=5 left=0 right=20 bottom=6 linear-drag=0.2\n"
    "fluid name=sea density=1025 surface=6 left=0 right=20 bottom=12 angular-drag=0.3\n"
    "      current=0.4,0 wave-amplitude=0.3 wave-length=7 wave-speed=1.1\n"
    "box name=crate at=3,4 size=1.3,0.7 density=450 angle=17deg spin=0.3 color=#a0522d\n"
    "ngon at=7,5 sides=7 radius=0.45 density=300 velocity=1,-2 friction=0.9 restitution=0.25\n"
    "polygon name=boat at=12,4.5 density=700 angle=-0.2 points=[-1,0 1,0 0.8,0.6 -0.8,0.6]\n"
    "        hull=[-1,-0.4 1,-0.4 0.8,0.6 -0.8,0.6]\n"
    "polygon at=16,5 density=600 points=[0,0 2,0 2,2 1.2,2 1.2,0.8 0.8,0.8 0.8,2 0,2]\n"
    "box name=ghost at=5,8 size=0.5,0.5 density=900 sensor category=4 mask=3\n"
    "box name=quay at=10,12.5 size=22,1 static angle=0.01 color=#808080\n"
    "rope a=crate b=world anchor-a=0.5,0.2 anchor-b=3,0\n"
    "rope a=boat b=crate anchor-a=-1,0 anchor-b=0.65,0 length=9 stiffness=2000 damping=40\n";

static void test_every_feature_after_steps(void **state)
{
    (void)state;
    built *a = build(everything, strlen(everything));
    steps(a, 150);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    /* The boat's hold is open at the top (its hull reaches above its
     * outline) and has taken water in: that goes with it too. */
    assert_true(fl_buoyancy_water(fl_sim_buoyancy(a->s), fl_world_body(fl_sim_world(a->s), 2), NULL) > 0.0);
    assert_int_equal(b->sc.iterations, 7);
    assert_int_equal(b->sc.substeps, 3);
    ASSERT_EXACT(b->sc.rate, 120.0);
    ASSERT_EXACT(b->sc.gravity.x, 0.5);
    assert_true(b->sc.has_view);
    ASSERT_EXACT(b->sc.view_width, 30.0);
    assert_int_equal(b->sc.fluid_count, 2);
    for (int i = 0; i < 2; i++) {
        const fl_scene_fluid *x = &a->sc.fluids[i], *y = &b->sc.fluids[i];
        assert_string_equal(y->name, x->name);
        assert_memory_equal(&y->density, &x->density,
                            offsetof(fl_scene_fluid, wave_speed) + sizeof(double) -
                                offsetof(fl_scene_fluid, density));
        assert_int_equal(y->wave_speed_given, x->wave_speed_given);
    }
    /* The boat keeps its own hull; the others have none. */
    assert_int_equal(b->sc.bodies[2].hull_count, 4);
    assert_int_equal(b->sc.bodies[0].hull_count, 0);
    assert_int_equal(b->sc.bodies[3].hull_count, 0);
    assert_string_equal(b->sc.bodies[4].name, "ghost");
    assert_true(b->sc.bodies[5].is_static);
    assert_int_equal(b->sc.bodies[5].color, 0x808080);
    unbuild(a);
    unbuild(b);
}

/* Weight as stated goes with a body: a box of 420 kg with G 0.25 m under
 * (y down) and 0.1 m beside its middle, heeling in the water, and a
 * pentagon of a density with G 0.1 m under its centre. */
static void test_stated_weight_after_steps(void **state)
{
    (void)state;
    static const char text[] =
        "flotsam-scene 1\n"
        "fluid name=sea density=1025 surface=6 left=0 right=20 bottom=12\n"
        "box name=keeled at=8,6 size=1.6,0.8 mass=420 cg=0.1,0.25 angle=0.1\n"
        "ngon at=14,5 sides=5 radius=0.3 density=800 cg=0,0.1 spin=1\n";
    built *a = build(text, sizeof text - 1);
    steps(a, 90);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    fl_body_id keeled = fl_world_body(fl_sim_world(b->s), 0);
    assert_true(fl_body_mass_stated(keeled));
    assert_true(fl_body_center_stated(keeled));
    ASSERT_EXACT(fl_body_mass(keeled), 420.0);
    assert_true(b->sc.bodies[0].has_cg);
    ASSERT_EXACT(b->sc.bodies[0].mass, 420.0);
    fl_body_id ngon = fl_world_body(fl_sim_world(b->s), 1);
    assert_false(fl_body_mass_stated(ngon));
    assert_true(fl_body_center_stated(ngon));
    ASSERT_EXACT(fl_body_density(ngon), 800.0);
    unbuild(a);
    unbuild(b);
}

/* A barge's loading condition goes with it, its parts about its centre
 * of mass (0.2 m under its middle): the cargo 0.5 m over the middle is
 * 0.7 m over G; the written scene has them, in the same frame, again. */
static void test_loading_conditions_are_kept(void **state)
{
    (void)state;
    static const char text[] =
        "flotsam-scene 1\n"
        "fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n"
        "box name=barge at=0,0 size=6,2 mass=6000 cg=0,0.2\n"
        "item condition=full body=barge name=cargo mass=1500 at=1,-0.5\n"
        "tank condition=full body=barge name=fw points=[-2,0 -1,0 -1,0.8 -2,0.8] fill=0.5 "
        "density=1000\n"
        "box name=dinghy at=9,0 size=1,0.5 density=400\n"
        "item condition=crewed body=dinghy mass=80 at=0,-0.2\n"
        "compartment body=barge name=port points=[-3,-1 -1,-1 -1,1 -3,1]\n";
    built *a = build(text, sizeof text - 1);
    assert_int_equal(fl_sim_item_count(a->s), 4);
    fl_body_id b;
    const fl_scene_item *cargo = fl_sim_item(a->s, 0, &b);
    assert_true(fl_body_id_equal(b, fl_world_body(fl_sim_world(a->s), 0)));
    ASSERT_EXACT(cargo->at.x, 1.0);
    ASSERT_EXACT(cargo->at.y, -0.7);
    steps(a, 30);
    built *c = round_trip(a, NULL);
    assert_int_equal(fl_sim_item_count(c->s), 4);
    assert_int_equal(fl_sim_item(c->s, 3, NULL)->kind, FL_SCENE_COMPARTMENT);
    for (int i = 0; i < 4; i++) {
        fl_body_id x, y;
        const fl_scene_item *p = fl_sim_item(a->s, i, &x), *q = fl_sim_item(c->s, i, &y);
        assert_int_equal(fl_body_index(y), fl_body_index(x));
        assert_string_equal(q->condition, p->condition);
        assert_string_equal(q->name, p->name);
        assert_int_equal(q->kind, p->kind);
        ASSERT_EXACT(q->mass, p->mass);
        ASSERT_NEAR(q->at.x, p->at.x, 1e-15);
        ASSERT_NEAR(q->at.y, p->at.y, 1e-15);
        assert_int_equal(q->point_count, p->point_count);
        for (int k = 0; k < p->point_count; k++) {
            ASSERT_NEAR(q->points[k].x, p->points[k].x, 1e-15);
            ASSERT_NEAR(q->points[k].y, p->points[k].y, 1e-15);
        }
        ASSERT_EXACT(q->fill, p->fill);
        ASSERT_EXACT(q->density, p->density);
    }
    /* The dinghy gone, its condition goes with it. */
    fl_world_remove_body(fl_sim_world(c->s), fl_world_body(fl_sim_world(c->s), 1));
    built *d = round_trip(c, NULL);
    assert_int_equal(fl_sim_item_count(d->s), 3);
    unbuild(a);
    unbuild(c);
    unbuild(d);
}

/* Names and colours go with the bodies, not with their places in the world:
 * after the first body is removed, every other one is written under its own
 * name and colour, and a body added by hand can be given both. */
static void test_labels_follow_bodies(void **state)
{
    (void)state;
    built *a = build(everything, strlen(everything));
    fl_world_remove_body(fl_sim_world(a->s),
                         fl_world_body(fl_sim_world(a->s), 0)); /* the crate, and its ropes */
    assert_string_equal(fl_sim_body_name(a->s, fl_world_body(fl_sim_world(a->s), 0)), "");
    assert_string_equal(fl_sim_body_name(a->s, fl_world_body(fl_sim_world(a->s), 1)), "boat");
    fl_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = tri;
    d.point_count = 3;
    d.origin = fl_v2(2, 2);
    d.density = 500;
    fl_body_id added;
    assert_int_equal(fl_world_add_body(fl_sim_world(a->s), &d, &added, NULL), FL_OK);
    const uint32_t teal = 0x008080;
    assert_int_equal(fl_sim_label_body(a->s, added, "wedge", &teal), FL_OK);
    assert_int_equal(fl_sim_label_body(a->s, added,
                                       "a name far too long to be a scene name, "
                                       "which stops at sixty-three characters",
                                       NULL),
                     FL_EINVAL);
    assert_int_equal(fl_sim_label_body(a->s, added, "boat", NULL), FL_EINVAL); /* taken */
    assert_int_equal(fl_sim_label_body(a->s, added, "oil", NULL), FL_EINVAL);  /* a fluid's */
    assert_int_equal(fl_sim_label_body(a->s, added, "world", NULL), FL_EINVAL);
    assert_int_equal(fl_sim_label_body(a->s, added, "wedge", &teal), FL_OK); /* its own, again */
    fl_body_id ngon = fl_world_body(fl_sim_world(a->s), 0);
    assert_int_equal(fl_sim_label_body(a->s, ngon, "crate", NULL), FL_OK); /* the crate is gone */
    assert_int_equal(fl_sim_label_body(a->s, ngon, "", NULL), FL_OK);
    steps(a, 30);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    static const char *const names[] = {"", "boat", "", "ghost", "quay", "wedge"};
    assert_int_equal(b->sc.body_count, 6);
    for (int i = 0; i < 6; i++)
        assert_string_equal(b->sc.bodies[i].name, names[i]);
    assert_true(b->sc.bodies[4].has_color);
    assert_int_equal(b->sc.bodies[4].color, 0x808080);
    assert_true(b->sc.bodies[5].has_color);
    assert_int_equal(b->sc.bodies[5].color, teal);
    assert_false(b->sc.bodies[1].has_color);
    assert_int_equal(b->sc.rope_count, 0);
    unbuild(a);
    unbuild(b);
}

/* A label given from one the sim holds (fl_sim_body_name points into the
 * list of labels): a body given a new colour under its own name keeps the
 * name, and bodies labelled with the (empty) name of a body that has only
 * a colour read it before the list grows and moves (16 labels, then 32). */
static void test_labels_given_from_labels(void **state)
{
    (void)state;
    static const char text[] = "flotsam-scene 1\n"
                               "box name=boat at=0,0 size=1,1 density=500 color=#808080\n"
                               "box at=3,0 size=1,1 static color=#204060\n";
    built *a = build(text, strlen(text));
    fl_body_id boat = fl_world_body(fl_sim_world(a->s), 0),
               plain = fl_world_body(fl_sim_world(a->s), 1);
    const uint32_t red = 0xc03020;
    uint32_t rgb;
    assert_int_equal(fl_sim_label_body(a->s, boat, fl_sim_body_name(a->s, boat), &red), FL_OK);
    assert_string_equal(fl_sim_body_name(a->s, boat), "boat");
    assert_true(fl_sim_body_color(a->s, boat, &rgb) && rgb == red);
    fl_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    fl_body_def d = fl_body_def_default();
    d.points = tri;
    d.point_count = 3;
    d.density = 500;
    for (int i = 0; i < 20; i++) {
        d.origin = fl_v2(2.0 * i, 5.0);
        fl_body_id added;
        assert_int_equal(fl_world_add_body(fl_sim_world(a->s), &d, &added, NULL), FL_OK);
        const uint32_t c = (uint32_t)i;
        assert_int_equal(fl_sim_label_body(a->s, added, fl_sim_body_name(a->s, plain), &c), FL_OK);
        assert_string_equal(fl_sim_body_name(a->s, added), "");
        assert_true(fl_sim_body_color(a->s, added, &rgb) && rgb == c);
    }
    unbuild(a);
}

/* A description filled in by hand is checked before anything is built:
 * outlines too big for the format, ropes to bodies that are not there, bad
 * or repeated names and a rate that is not positive fail with a message,
 * and nothing is left allocated. */
static void expect_build_fails(const fl_scene *sc, const char *why)
{
    fl_sim *s = NULL;
    fl_scene_error err;
    memset(&err, 0, sizeof err);
    assert_false((s = fl_sim_build(sc, &err)));
    if (!strstr(err.message, why))
        fail_msg("expected '%s' in '%s'", why, err.message);
    assert_null(s);
}

static void test_hand_made_scenes_are_checked(void **state)
{
    (void)state;
    built *a = build(everything, strlen(everything));
    fl_scene sc;
    assert_int_equal(fl_scene_copy(&sc, &a->sc), FL_OK);
    assert_ptr_not_equal(sc.bodies, a->sc.bodies);
    for (int i = 0; i < sc.body_count; i++) {
        /* the same bodies, their outlines copies of their own */
        fl_scene_body x = sc.bodies[i], y = a->sc.bodies[i];
        assert_true(x.point_count == 0 || x.points != y.points);
        if (x.point_count > 0)
            assert_memory_equal(x.points, y.points, sizeof *x.points * (size_t)x.point_count);
        if (x.hull_count > 0)
            assert_memory_equal(x.hull, y.hull, sizeof *x.hull * (size_t)x.hull_count);
        x.points = y.points = x.hull = y.hull = x.openings = y.openings = NULL;
        assert_memory_equal(&x, &y, sizeof x);
    }
    fl_sim *s = NULL;
    fl_scene_error err;
    assert_true((s = fl_sim_build(&sc, &err))); /* the copy builds as the original does */
    fl_sim_free(s);

    sc.bodies[1].sides = 200; /* the ngon: more than FL_SCENE_MAX_POINTS */
    expect_build_fails(&sc, "3 to 64 points, not 200");
    sc.bodies[1].sides = 7;
    sc.bodies[2].hull_count = 2;
    expect_build_fails(&sc, "hull needs 3 to 64 points");
    sc.bodies[2].hull_count = 4;
    sc.ropes[1].a = sc.body_count;
    expect_build_fails(&sc, "names a body that is not in the scene");
    sc.ropes[1].a = 2;
    strcpy(sc.bodies[1].name, "sea"); /* a fluid's name */
    expect_build_fails(&sc, "name 'sea' is used twice");
    strcpy(sc.bodies[1].name, "two words");
    expect_build_fails(&sc, "bad name");
    strcpy(sc.bodies[1].name, "world");
    expect_build_fails(&sc, "bad name");
    sc.bodies[1].name[0] = '\0';
    sc.rate = 0.0;
    expect_build_fails(&sc, "rate");
    sc.rate = 120.0;
    assert_true((s = fl_sim_build(&sc, &err)));
    fl_sim_free(s);
    fl_scene_free(&sc);
    unbuild(a);
}

/* Fluids are written as they are now, and the view as the caller gives it. */
static void test_current_fluids_and_view(void **state)
{
    (void)state;
    built *a = build(everything, strlen(everything));
    fl_fluid_def f = *fl_buoyancy_fluid_def(fl_sim_buoyancy(a->s), 1);
    f.surface = 5.7;
    assert_int_equal(fl_buoyancy_set_fluid(fl_sim_buoyancy(a->s),
                                           fl_buoyancy_fluid_at(fl_sim_buoyancy(a->s), 1), &f,
                                           NULL),
                     FL_OK);
    fl_scene_view view = {true, fl_v2(-1.25, 3.5), 12.5};
    built *b = round_trip(a, &view);
    ASSERT_EXACT(b->sc.fluids[1].surface, 5.7);
    ASSERT_EXACT(b->sc.view_center.x, -1.25);
    ASSERT_EXACT(b->sc.view_center.y, 3.5);
    ASSERT_EXACT(b->sc.view_width, 12.5);
    unbuild(a);
    unbuild(b);
}

/* A wave without a given speed travels at the dispersion relation's
 * (for the depth and gravity the scene has); the scene written back leaves
 * wave-speed out, so it reloads to the same speed, and a given speed is
 * written as given. A scene's clock starts at 0 when it loads, and so does
 * its waves' phase: written at the start, the copy goes on bit for bit as
 * the original. */
static void test_wave_speed_from_dispersion(void **state)
{
    (void)state;
    static const char text[] = "flotsam-scene 1\n"
                               "world gravity=0,9.7\n"
                               "fluid density=1000 surface=5 left=0 right=40 bottom=9 wave-amplitude=0.2\n"
                               "      wave-length=7\n"
                               "fluid density=1000 surface=5 left=50 right=90 bottom=9 wave-amplitude=0.2\n"
                               "      wave-length=7 wave-speed=3.25\n"
                               "box at=10,4.8 size=1,0.5 density=500\n"
                               "box at=60,4.8 size=1,0.5 density=500\n";
    built *a = build(text, strlen(text));
    const fl_fluid_def *free_wave = fl_buoyancy_fluid_def(fl_sim_buoyancy(a->s), 0);
    double k = 2.0 * FL_PI / 7.0;
    ASSERT_EXACT(free_wave->wave_speed, sqrt(9.7 * tanh(k * 4.0) / k));
    assert_false(free_wave->wave_speed_given);
    ASSERT_EXACT(fl_buoyancy_fluid_def(fl_sim_buoyancy(a->s), 1)->wave_speed, 3.25);
    size_t len;
    char *t = written(a, NULL, &len);
    const char *second = strstr(t, "left=50"), *speed = strstr(t, "wave-speed");
    assert_non_null(second);
    assert_true(speed != NULL && speed > second); /* the second fluid's only */
    assert_non_null(strstr(second, "wave-speed=3.25"));
    free(t);
    built *b = round_trip(a, NULL);
    assert_false(b->sc.fluids[0].wave_speed_given);
    assert_true(b->sc.fluids[1].wave_speed_given);
    ASSERT_EXACT(fl_buoyancy_fluid_def(fl_sim_buoyancy(b->s), 0)->wave_speed,
                 free_wave->wave_speed);
    steps(a, 150);
    steps(b, 150);
    for (int i = 0; i < 2; i++) {
        fl_body_id x = fl_world_body(fl_sim_world(a->s), i),
                   y = fl_world_body(fl_sim_world(b->s), i);
        ASSERT_EXACT(fl_body_position(y).x, fl_body_position(x).x);
        ASSERT_EXACT(fl_body_position(y).y, fl_body_position(x).y);
        ASSERT_EXACT(fl_body_angle(y), fl_body_angle(x));
    }
    unbuild(a);
    unbuild(b);
}

/* A closed tank is written closed, at the level it stands at: read back,
 * it holds the same water (its area, to the rounding of one solve). */
static void test_closed_tank_keeps_its_water(void **state)
{
    (void)state;
    static const char text[] = "flotsam-scene 1\n"
                               "fluid density=1000 surface=8 left=0 right=4 bottom=10 closed\n"
                               "box at=2,7.6 size=1,1 density=500\n";
    built *a = build(text, strlen(text));
    steps(a, 90);
    const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(a->s), 0);
    assert_true(f->closed && f->surface < 8.0);
    size_t len;
    char *t = written(a, NULL, &len);
    assert_non_null(strstr(t, " closed\n"));
    free(t);
    built *b = round_trip(a, NULL);
    assert_true(b->sc.fluids[0].closed);
    steps(b, 1);
    ASSERT_NEAR(fl_buoyancy_fluid_def(fl_sim_buoyancy(b->s), 0)->water, f->water, 1e-12);
    unbuild(a);
    unbuild(b);
}

/* A rope's unnamed body gets a name no fluid or body uses. */
static void test_unnamed_rope_ends_get_free_names(void **state)
{
    (void)state;
    static const char text[] = "flotsam-scene 1\n"
                               "fluid name=body-0 density=1000 surface=5 left=0 right=9 bottom=9\n"
                               "box name=body-1 at=1,1 size=1,1 density=500\n"
                               "box at=3,1 size=1,1 density=500\n"
                               "box at=5,1 size=1,1 density=500\n"
                               "rope a=body-1 b=world anchor-b=1,0\n";
    built *a = build(text, strlen(text));
    /* Tie the two unnamed boxes together, as the engine would hold it. */
    fl_rope_def d = {0};
    d.a = fl_world_body(fl_sim_world(a->s), 1);
    d.b = fl_world_body(fl_sim_world(a->s), 2);
    assert_int_equal(fl_world_add_rope(fl_sim_world(a->s), &d, NULL, NULL), FL_OK);
    steps(a, 30);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    assert_string_equal(b->sc.bodies[1].name, "body-2");
    assert_string_equal(b->sc.bodies[2].name, "body-3");
    assert_int_equal(b->sc.rope_count, 2);
    unbuild(a);
    unbuild(b);
}

/* Bodies beyond the scene's own (spawned by hand) are written too. */
static void test_bodies_added_later(void **state)
{
    (void)state;
    built *a = build(default_scene_text, default_scene_text_len);
    fl_vec2 tri[3] = {{0, 0}, {1.5, 0.2}, {0.3, 1.1}};
    fl_body_def d = fl_body_def_default();
    d.points = tri;
    d.point_count = 3;
    d.origin = fl_v2(4, 2);
    d.density = 640;
    assert_int_equal(fl_world_add_body(fl_sim_world(a->s), &d, NULL, NULL), FL_OK);
    steps(a, 60);
    built *b = round_trip(a, NULL);
    assert_same_world(a, b);
    assert_int_equal(b->sc.body_count, a->sc.body_count + 1);
    unbuild(a);
    unbuild(b);
}

/* fl_write_file: a writer that fails leaves the old file as it was and no
 * temporary beside it; one that succeeds replaces it whole. */
static bool write_refusing(FILE *f, void *ctx, char *why, size_t why_size)
{
    (void)ctx;
    fputs("half a new file", f);
    snprintf(why, why_size, "refused");
    return false;
}

static bool write_new(FILE *f, void *ctx, char *why, size_t why_size)
{
    (void)why;
    (void)why_size;
    fputs(ctx, f);
    return true;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[256];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void test_write_file_whole_or_not_at_all(void **state)
{
    (void)state;
    char dir[] = "/tmp/flotsam-write-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64], err[256];
    snprintf(path, sizeof path, "%s/x.scene", dir);
    assert_true(fl_write_file(path, write_new, "old", err, sizeof err));
    assert_false(fl_write_file(path, write_refusing, NULL, err, sizeof err));
    assert_non_null(strstr(err, "cannot write '"));
    assert_non_null(strstr(err, "x.scene': refused"));
    assert_string_equal(slurp(path), "old");
    assert_int_equal(entries(dir), 1);
    assert_true(fl_write_file(path, write_new, "new", err, sizeof err));
    assert_string_equal(slurp(path), "new");
    assert_int_equal(entries(dir), 1);
    assert_int_equal(remove(path), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* fl_out_file: dropped, nothing is left; checked, nothing is left; a link
 * is written through and stays a link; a stale temporary is not touched. */
static void test_out_file_links_and_temporaries(void **state)
{
    (void)state;
    char dir[] = "/tmp/flotsam-out-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64], real[64], stale[80], err[256];
    snprintf(path, sizeof path, "%s/link.csv", dir);
    snprintf(real, sizeof real, "%s/real.csv", dir);
    snprintf(stale, sizeof stale, "%s/real.csv.part", dir);
    assert_int_equal(symlink("real.csv", path), 0);
    assert_true(fl_write_file(stale, write_new, "stale", err, sizeof err));
    fl_out_file o;
    assert_true(fl_out_open(&o, path, err, sizeof err));
    assert_string_equal(o.target, real);
    assert_non_null(o.tmp);
    fputs("dropped", o.f);
    fl_out_abort(&o);
    assert_true(fl_out_check(path, err, sizeof err));
    assert_int_equal(entries(dir), 2); /* the link and the stale one */
    assert_true(fl_write_file(path, write_new, "through", err, sizeof err));
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(slurp(real), "through");
    assert_string_equal(slurp(stale), "stale");
    assert_int_equal(entries(dir), 3);
    assert_false(fl_out_check(dir, err, sizeof err)); /* a folder */
    assert_int_equal(remove(path), 0);
    assert_int_equal(remove(real), 0);
    assert_int_equal(remove(stale), 0);
    assert_int_equal(rmdir(dir), 0);
}

static void test_unwritable_path_fails_cleanly(void **state)
{
    (void)state;
    built *a = build(default_scene_text, default_scene_text_len);
    char err[256];
    assert_false(fl_scene_write_file("/nonexistent-dir/x.scene", a->s, NULL, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent-dir/x.scene"));
    unbuild(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_scene_after_steps),
        cmocka_unit_test(test_every_feature_after_steps),
        cmocka_unit_test(test_stated_weight_after_steps),
        cmocka_unit_test(test_loading_conditions_are_kept),
        cmocka_unit_test(test_current_fluids_and_view),
        cmocka_unit_test(test_labels_follow_bodies),
        cmocka_unit_test(test_labels_given_from_labels),
        cmocka_unit_test(test_hand_made_scenes_are_checked),
        cmocka_unit_test(test_wave_speed_from_dispersion),
        cmocka_unit_test(test_closed_tank_keeps_its_water),
        cmocka_unit_test(test_unnamed_rope_ends_get_free_names),
        cmocka_unit_test(test_bodies_added_later),
        cmocka_unit_test(test_unwritable_path_fails_cleanly),
        cmocka_unit_test(test_write_file_whole_or_not_at_all),
        cmocka_unit_test(test_out_file_links_and_temporaries),
    };
    read_default_scene();
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    free(default_scene_text);
    return failed;
}
