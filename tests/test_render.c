/* Unit tests for the renderer and the capture: known scenes drawn by Cairo
 * into an image surface (no window, no video driver), checked pixel by
 * pixel. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "capture.h"
#include "draw_cairo.h"
#include "draw_list.h"
#include "render_cairo.h"
#include "text.h"
#include "ticks.h"
#include "flotsam/flotsam.h"

/* ---- helpers ---------------------------------------------------------------- */

/* A scene and the simulation built from it. */
typedef struct built {
    fl_scene sc;
    fl_sim *s;
} built;

static built *build(const char *text)
{
    built *b = malloc(sizeof *b);
    assert_non_null(b);
    fl_scene_error err;
    if (!fl_scene_parse(text, strlen(text), &b->sc, &err))
        fail_msg("scene %d:%d: %s", err.line, err.column, err.message);
    if (!(b->s = fl_sim_build(&b->sc, &err)))
        fail_msg("build %d:%d: %s", err.line, err.column, err.message);
    fl_buoyancy_measure(fl_sim_buoyancy(b->s), fl_world_time(fl_sim_world(b->s)));
    return b;
}

static void unbuild(built *b)
{
    fl_sim_free(b->s);
    fl_scene_free(&b->sc);
    free(b);
}

/* A capture of w x h pixels: what the window and `run --frames` draw into. */
typedef struct target {
    capture *cap;
} target;

static target target_make(int w, int h)
{
    char err[128];
    target t = {capture_create(w, h, err, sizeof err)};
    if (!t.cap)
        fail_msg("%s", err);
    return t;
}

static void target_free(target *t) { capture_destroy(t->cap); }

static void draw(target *t, const fl_sim *s, const camera *cam, const render_options *o)
{
    render_hud hud = {-1.0, "test"};
    assert_true(render_sim(capture_cairo(t->cap), s, cam, o, &hud));
    cairo_surface_flush(capture_surface(t->cap));
}

/* The pixel (as 0xRRGGBB) at pixel coordinates x, y. */
static uint32_t pixel_xy(const target *t, int x, int y)
{
    cairo_surface_t *s = capture_surface(t->cap);
    assert_true(x >= 0 && y >= 0 && x < capture_width(t->cap) && y < capture_height(t->cap));
    const uint8_t *row = cairo_image_surface_get_data(s) +
                         (size_t)y * (size_t)cairo_image_surface_get_stride(s);
    uint32_t v;
    memcpy(&v, row + 4 * (size_t)x, sizeof v);
    return v & 0xffffff;
}

/* The pixel under a world point. */
static uint32_t pixel_at(const target *t, const camera *cam, fl_vec2 world)
{
    fl_vec2 p = camera_to_screen(cam, world);
    return pixel_xy(t, (int)floor(p.x), (int)floor(p.y));
}

static int channel(uint32_t c, int k) { return (int)(c >> (16 - 8 * k)) & 0xff; }

/* The lowest red value in the 3 x 3 pixels about a world point (a line 1.5
 * pixels wide covers a given pixel only in part). */
static int darkest_near(const target *t, const camera *cam, fl_vec2 world)
{
    int least = 255;
    double step = cam->width / cam->px_w;
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) {
            uint32_t c = pixel_at(t, cam, fl_v2(world.x + i * step, world.y + j * step));
            least = channel(c, 0) < least ? channel(c, 0) : least;
        }
    return least;
}

static rgba as_rgba(uint32_t c) { return rgba_hex(c, 255); }

static uint32_t as_hex(rgba c) { return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

/* `over` blended onto `under` by over's alpha. */
static uint32_t blend(rgba over, uint32_t under)
{
    return as_hex(rgba_mix(as_rgba(under), rgba_alpha(over, 255), over.a / 255.0));
}

static void check_color_at(uint32_t got, uint32_t want, int tol, const char *what, int line)
{
    for (int k = 0; k < 3; k++) {
        if (abs(channel(got, k) - channel(want, k)) > tol)
            fail_msg("line %d: %s is #%06x, expected #%06x (+-%d)", line, what, got, want, tol);
    }
}
#define CHECK_COLOR(got, want, tol, what) check_color_at((got), (want), (tol), (what), __LINE__)

/* The sky behind pixel row y of an h-pixel target (a vertical gradient). */
static uint32_t sky(double y, int h)
{
    return as_hex(rgba_mix(as_rgba(RENDER_SKY_TOP), as_rgba(RENDER_SKY_BOTTOM), y / h));
}

static const render_options plain = {0};

/* ---- the scene ------------------------------------------------------------ */

/* A pool 20 m wide with its still surface at y = 8 and bottom at 14, seen
 * 24 m wide on 240 x 180 pixels (10 pixels a metre, centre at 10,8). */
#define POOL "flotsam-scene 1\n" \
    "fluid name=water density=1000 surface=8 left=0 right=20 bottom=14\n"

static const char pool_text[] = POOL
    "box name=dry at=5,3 size=2,2 density=500 color=#ff0000\n"
    "box name=wet at=15,11 size=2,2 density=500 color=#00ff00\n"
    "box name=plain at=10,3 size=2,1 density=250\n"
    "box name=quay at=10,15 size=22,2 static\n";

static camera pool_camera(void)
{
    return camera_make(fl_v2(10, 8), 24, 240, 180, 1.0);
}

static void test_pixels_of_a_known_scene(void **state)
{
    (void)state;
    built *b = build(pool_text);
    target t = target_make(240, 180);
    camera cam = pool_camera();
    draw(&t, b->s, &cam, &plain);
    const fl_fluid_def *f = fl_buoyancy_fluid_def(fl_sim_buoyancy(b->s), 0);
    rgba water = render_fluid_color(f);

    /* The sky above everything (screen row 20 is y = 1 m). */
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(10, 1.05)), sky(20.5, 180), 2, "sky");
    /* Just above the surface: still sky; just below it: water over sky. */
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(3, 7.75)), sky(87.5, 180), 2, "air over the water");
    rgba water_here = rgba_mix(water, render_fluid_deep(water), 0.25 / 6.0);
    rgba veil = render_fluid_veil(f);
    rgba veil_here = rgba_mix(veil, render_fluid_deep(veil), 0.25 / 6.0);
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(3, 8.25)),
                blend(veil_here, blend(water_here, sky(92.5, 180))), 5, "water");
    /* Deeper water is shaded darker, never as light as at the surface. */
    uint32_t deep = pixel_at(&t, &cam, fl_v2(3, 13.5));
    uint32_t shallow = pixel_at(&t, &cam, fl_v2(3, 8.25));
    assert_true(channel(deep, 2) < channel(shallow, 2) - 10);
    /* Beside the pool (x < 0) there is no water. */
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(-1.5, 10.05)), sky(110.5, 180), 2, "beside the pool");

    /* A dry body shows its own colour; a body under water its colour under
     * the fluid's veil; a body without a colour a wood tone by density. */
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(5.05, 3.05)), 0xff0000, 0, "dry body");
    veil_here = rgba_mix(veil, render_fluid_deep(veil), 3.05 / 6.0);
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(15.05, 11.05)), blend(veil_here, 0x00ff00), 3, "wet body");
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(10.05, 3.05)), render_body_color(b->s, 2), 0,
                "plain body");
    assert_int_equal(render_body_color(b->s, 0), 0xff0000);
    assert_int_equal(render_body_color(b->s, 3), RENDER_STATIC_COLOR);
    /* Lighter wood is lighter: a 250 kg/m^2 plank is paler than one of 800. */
    assert_true(channel(render_body_color(b->s, 2), 1) > channel(0x6b4226, 1));

    /* The static quay is stone grey, with darker hatching: along a row its
     * pixels are the fill or darker, and both occur. */
    int fills = 0, hatches = 0;
    for (double x = 1; x < 19; x += 0.1) {
        uint32_t c = pixel_at(&t, &cam, fl_v2(x, 15.45));
        fills += c == RENDER_STATIC_COLOR;
        hatches += channel(c, 0) < channel(RENDER_STATIC_COLOR, 0) - 10;
    }
    assert_true(fills > 60);
    assert_true(hatches > 10);
    target_free(&t);
    unbuild(b);
}

/* A U-shaped body: concave, so its notch must stay empty (a fan from its
 * first corner would fill it). */
static void test_concave_body_keeps_its_notch(void **state)
{
    (void)state;
    built *b = build("flotsam-scene 1\n"
                     "polygon at=10,4 density=500 color=#202080 "
                     "points=[-3,-2 -1,-2 -1,1 1,1 1,-2 3,-2 3,2 -3,2]\n");
    target t = target_make(240, 180);
    camera cam = pool_camera();
    draw(&t, b->s, &cam, &plain);
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(8.05, 3.05)), 0x202080, 0, "left arm");
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(12.05, 3.05)), 0x202080, 0, "right arm");
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(10.05, 5.55)), 0x202080, 0, "base");
    CHECK_COLOR(pixel_at(&t, &cam, fl_v2(10.05, 3.05)), sky(40.5, 180), 2, "notch");
    target_free(&t);
    unbuild(b);
}

static void test_same_state_same_bytes(void **state)
{
    (void)state;
    built *b = build(POOL "box at=5,6 size=1,1 density=400 angle=20deg\n"
                          "ngon at=12,7 sides=7 radius=0.8 density=700\n");
    for (int i = 0; i < 30; i++)
        fl_world_step(fl_sim_world(b->s), fl_sim_dt(b->s));
    fl_buoyancy_measure(fl_sim_buoyancy(b->s), fl_world_time(fl_sim_world(b->s)));
    camera cam = pool_camera();
    render_options all;
    assert_true(render_options_parse("all", &all, NULL, 0));
    target t1 = target_make(240, 180), t2 = target_make(240, 180);
    /* t1 first shows another moment with other overlays, then this one. */
    built *other = build(POOL "box at=15,3 size=3,1 density=900 angle=-40deg color=#ff00ff\n");
    render_options hud_only = {.hud = true};
    draw(&t1, other->s, &cam, &hud_only);
    unbuild(other);
    draw(&t1, b->s, &cam, &all);
    draw(&t2, b->s, &cam, &all);
    const uint8_t *p1 = capture_resolve(t1.cap), *p2 = capture_resolve(t2.cap);
    assert_non_null(p1);
    assert_non_null(p2);
    assert_memory_equal(p1, p2, (size_t)240 * 180 * 3);
    /* ... and drawing once more over a used surface (as the window does
     * every frame) changes nothing either. */
    draw(&t1, b->s, &cam, &all);
    p1 = capture_resolve(t1.cap);
    assert_memory_equal(p1, p2, (size_t)240 * 180 * 3);
    target_free(&t1);
    target_free(&t2);
    unbuild(b);
}

/* Text measured as Cairo will draw it, for a list replayed on Cairo. */
static double cairo_measure(void *cr, const char *s, double size)
{
    return draw_cairo_backend.text_width(cr, s, size);
}

/* A bundled scene with every overlay and the HUD, drawn into a command list
 * (draw_list.h, what the web page replays on its canvas) and the list
 * replayed on Cairo: the very pixels render_sim draws on Cairo directly. */
static void test_list_replays_the_picture(void **state)
{
    (void)state;
    const char *scenes[] = {"harbour", "hold", "raft", "holed-barge"};
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/scenes/%s.scene", FLOTSAM_SOURCE_ROOT, scenes[k]);
        fl_scene sc;
        fl_scene_error err;
        assert_true(fl_scene_load_file(path, &sc, &err));
        fl_sim *s = fl_sim_build(&sc, &err);
        assert_non_null(s);
        for (int i = 0; i < 90; i++)
            assert_true(fl_sim_step(s, &err));
        fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(fl_sim_world(s)));
        camera cam;
        fl_vec2 c;
        double w;
        camera_fit_sim(s, true, 2.0, &c, &w);
        cam = camera_make(c, w, 480, 300, 1.0);
        render_options all;
        assert_true(render_options_parse("all", &all, NULL, 0));
        render_hud hud = {2.5, "list"};
        target direct = target_make(480, 300), replayed = target_make(480, 300);
        assert_true(render_sim(capture_cairo(direct.cap), s, &cam, &all, &hud));
        draw_list l;
        draw_list_init(&l, 480, 300);
        l.measure = cairo_measure;
        l.measure_ctx = capture_cairo(replayed.cap);
        assert_true(render_to(&draw_list_backend, &l, true, s, &cam, &all, &hud));
        assert_true(l.count > 100);
        assert_true(l.text_len > 0);
        cairo_new_path(capture_cairo(replayed.cap));
        assert_true(draw_list_replay(&l, &draw_cairo_backend, capture_cairo(replayed.cap)));
        const uint8_t *p1 = capture_resolve(direct.cap), *p2 = capture_resolve(replayed.cap);
        assert_non_null(p1);
        assert_non_null(p2);
        assert_memory_equal(p1, p2, (size_t)480 * 300 * 3);
        /* A malformed list is refused, not followed. */
        l.ops[0] = 99.0;
        assert_false(draw_list_replay(&l, &draw_cairo_backend, capture_cairo(replayed.cap)));
        draw_list_free(&l);
        target_free(&direct);
        target_free(&replayed);
        fl_sim_free(s);
        fl_scene_free(&sc);
    }
}

/* A black square turned 30 degrees, alone in the sky: Cairo's anti-aliasing
 * gives its slanted edges pixels between black and sky, on every row it
 * crosses, on both sides, while its inside stays pure black. */
static void test_edges_are_anti_aliased(void **state)
{
    (void)state;
    built *b = build("flotsam-scene 1\n"
                     "box at=0,0 size=4,4 density=500 angle=30deg color=#000000\n");
    target t = target_make(64, 48);
    camera cam = capture_camera(t.cap, fl_v2(0, 0), 8);
    draw(&t, b->s, &cam, &plain);
    const uint8_t *rgb = capture_resolve(t.cap);
    assert_non_null(rgb);
    int between = 0;
    for (int y = 10; y < 38; y++) {
        uint32_t bg = sky(y + 0.5, 48);
        for (int x = 0; x < 64; x++) {
            const uint8_t *p = rgb + (y * 64 + x) * 3;
            uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            int to_black = channel(v, 1), to_sky = abs(channel(bg, 1) - channel(v, 1));
            between += to_black > 20 && to_sky > 20;
        }
    }
    assert_true(between >= 2 * 28); /* at least one per row, each side */
    CHECK_COLOR(pixel_xy(&t, 32, 24), 0x000000, 0, "inside");
    target_free(&t);
    unbuild(b);
}

/* A rope drawn between the anchors: anchor-a is an offset in the body's
 * starting orientation, so at the start it sits at `at` + anchor-a
 * whatever the angle. */
static void test_ropes_and_overlays(void **state)
{
    (void)state;
    built *b = build("flotsam-scene 1\n"
                     "box name=a at=4,4 size=1,1 density=500 angle=90deg color=#ffffff\n"
                     "rope a=a b=world anchor-a=0.5,0 anchor-b=16,4\n");
    target t = target_make(240, 180);
    camera cam = pool_camera();
    draw(&t, b->s, &cam, &plain);
    uint32_t bare = pixel_at(&t, &cam, fl_v2(10.05, 4.05));
    render_options ropes = {.ropes = true};
    draw(&t, b->s, &cam, &ropes);
    /* A dark line over the sky halfway along. */
    assert_true(darkest_near(&t, &cam, fl_v2(10.05, 4.05)) < channel(bare, 0) - 60);
    assert_true(channel(pixel_at(&t, &cam, fl_v2(10.05, 4.6)), 0) > 150); /* not beside it */
    /* The centre-of-mass cross is dark on the white body. */
    render_options com = {.com = true};
    draw(&t, b->s, &cam, &com);
    assert_true(darkest_near(&t, &cam, fl_v2(4.05, 4.05)) < 80);
    target_free(&t);
    unbuild(b);
}

static void test_hud_writes_text(void **state)
{
    (void)state;
    built *b = build(pool_text);
    target t = target_make(480, 360);
    camera cam = camera_make(fl_v2(10, 8), 24, 480, 360, 1.0);
    render_options hud = {.hud = true};
    draw(&t, b->s, &cam, &hud);
    /* White glyphs on the dark panel: inside the panel's top-left corner,
     * nearly white pixels, and many between white and the panel's colour
     * (anti-aliased glyph edges). */
    CHECK_COLOR(pixel_xy(&t, 7, 7), blend(rgba_hex(0x10202c, 150), sky(7.5, 360)), 3, "panel");
    int white = 0, grey = 0;
    for (int y = 8; y < 48; y++)
        for (int x = 8; x < 70; x++) {
            uint32_t c = pixel_xy(&t, x, y);
            white += channel(c, 0) > 230 && channel(c, 1) > 230 && channel(c, 2) > 230;
            grey += channel(c, 0) > 130 && channel(c, 0) < 215; /* the panel is about 90 */
        }
    assert_true(white > 40);
    assert_true(grey > 40);
    target_free(&t);
    unbuild(b);
}

/* The legend: with the force overlay on, a light panel in the bottom-right
 * corner with dark ink on it (names, the scale bar); without overlays the
 * corner shows the scene. */
static void test_legend_in_the_corner(void **state)
{
    (void)state;
    built *b = build(pool_text);
    target t = target_make(480, 360);
    camera cam = camera_make(fl_v2(10, 8), 24, 480, 360, 1.0);
    draw(&t, b->s, &cam, &plain);
    uint32_t bare = pixel_xy(&t, 470, 350);
    render_options forces = {.forces = true, .com = true};
    draw(&t, b->s, &cam, &forces);
    int light = 0, ink = 0;
    for (int y = 280; y < 355; y++)
        for (int x = 300; x < 475; x++) {
            uint32_t c = pixel_xy(&t, x, y);
            light += channel(c, 0) > 235 && channel(c, 1) > 235;
            ink += channel(c, 0) < 80 && channel(c, 1) < 80 && channel(c, 2) < 80;
        }
    assert_true(light > 2000);
    assert_true(ink > 40);
    assert_true(channel(pixel_xy(&t, 470, 350), 0) > channel(bare, 0)); /* lighter than before */
    target_free(&t);
    unbuild(b);
}

static void test_overlay_names(void **state)
{
    (void)state;
    render_options o;
    char bad[16];
    assert_true(render_options_parse("com,cb", &o, bad, sizeof bad));
    assert_true(o.com && o.cb && !o.hud && !o.ropes && !o.forces);
    assert_true(render_options_parse("all", &o, bad, sizeof bad));
    assert_true(o.com && o.cb && o.submerged && o.forces && o.contacts && o.ropes && o.hud);
    assert_true(render_options_parse("none", &o, bad, sizeof bad));
    assert_false(o.com || o.cb || o.submerged || o.forces || o.contacts || o.ropes || o.hud);
    assert_false(render_options_parse("hud,sails", &o, bad, sizeof bad));
    assert_string_equal(bad, "sails");
    assert_false(render_options_parse("co", &o, bad, sizeof bad));
    o = render_options_default();
    assert_true(o.hud && o.ropes && !o.com);
}

/* The fitted camera holds every fluid and body, framed for the aspect. */
static void test_fit_without_a_view(void **state)
{
    (void)state;
    built *b = build(POOL "box at=30,2 size=2,2 density=500\n");
    fl_vec2 c;
    double w;
    camera_fit_sim(b->s, true, 2.0, &c, &w);
    assert_true(c.x - w / 2 < 0 && c.x + w / 2 > 31);       /* x from 0 to 31 */
    assert_true(c.y - w / 4 < 1 && c.y + w / 4 > 14);       /* y from 1 to 14 */
    unbuild(b);
    b = build(POOL "view center=3,4 width=7\n");
    camera_fit_sim(b->s, true, 2.0, &c, &w);
    ASSERT_EXACT(c.x, 3.0);
    ASSERT_EXACT(w, 7.0);
    unbuild(b);
}

/* The labels of ticks_for(lo, hi, most), joined by spaces. */
static void labels(double lo, double hi, int most, char *out, size_t size)
{
    ticks t = ticks_for(lo, hi, most);
    size_t n = 0;
    out[0] = '\0';
    for (int k = 0; k < t.count && n < size; k++) {
        char one[32];
        ticks_label(&t, k, one, sizeof one);
        n += (size_t)snprintf(out + n, size - n, "%s%s", k ? " " : "", one);
    }
}

/* Ticks at 1-2-5 steps with the digits they need: the ranges the live plot
 * and the charts met (-0.003102 to 4.649 had ticks at those very values). */
static void test_ticks_at_round_numbers(void **state)
{
    (void)state;
    char s[256];
    labels(-0.003102, 4.649, 6, s, sizeof s);
    assert_string_equal(s, "0 1 2 3 4");
    labels(0.97, 1.03, 7, s, sizeof s);
    assert_string_equal(s, "0.97 0.98 0.99 1.00 1.01 1.02 1.03");
    labels(0.97, 1.03, 5, s, sizeof s);
    assert_string_equal(s, "0.98 1.00 1.02");
    labels(-0.0005, 0.0005, 5, s, sizeof s);
    assert_string_equal(s, "-0.0004 -0.0002 0.0000 0.0002 0.0004");
    labels(-0.216, 0.216, 5, s, sizeof s);
    assert_string_equal(s, "-0.2 -0.1 0.0 0.1 0.2");
    labels(0.0, 1800.0, 6, s, sizeof s);
    assert_string_equal(s, "0 500 1000 1500");
    labels(0.0, 30.0, 8, s, sizeof s);
    assert_string_equal(s, "0 5 10 15 20 25 30");
    double lo = -0.003102, hi = 4.649;
    ticks_widen(&lo, &hi, 6);
    ASSERT_EXACT(lo, -1.0);
    ASSERT_EXACT(hi, 5.0);
    ticks t = ticks_for(1.0, 1.0, 5); /* nothing to span: one tick */
    assert_int_equal(t.count, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ticks_at_round_numbers),
        cmocka_unit_test(test_pixels_of_a_known_scene),
        cmocka_unit_test(test_concave_body_keeps_its_notch),
        cmocka_unit_test(test_same_state_same_bytes),
        cmocka_unit_test(test_list_replays_the_picture),
        cmocka_unit_test(test_edges_are_anti_aliased),
        cmocka_unit_test(test_ropes_and_overlays),
        cmocka_unit_test(test_hud_writes_text),
        cmocka_unit_test(test_legend_in_the_corner),
        cmocka_unit_test(test_overlay_names),
        cmocka_unit_test(test_fit_without_a_view),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    text_release_fonts();
    return failed;
}
