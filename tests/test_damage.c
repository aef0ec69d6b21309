/* What the window sends the display: only the parts of a frame that
 * changed since the one before (app/sandbox/damage.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>
#include "check.h"
#include "damage.h"

static cairo_surface_t *sky(int w, int h)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 0.7, 0.85, 0.95);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

static void paint_box(cairo_surface_t *s, int x, int y, int w, int h)
{
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 0.5, 0.3, 0.1);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
}

static bool inside(const SDL_Rect *r, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (x >= r[i].x && x < r[i].x + r[i].w && y >= r[i].y && y < r[i].y + r[i].h)
            return true;
    return false;
}

static void test_only_what_moved_is_sent(void **state)
{
    (void)state;
    cairo_surface_t *a = sky(320, 200), *b = sky(320, 200);
    SDL_Rect r[DAMAGE_MOST];
    assert_int_equal(damage_between(a, b, r), 0); /* the same picture: nothing */
    assert_int_equal(damage_between(a, NULL, r), -1); /* no frame before: all */
    /* Two boxes far apart: two rectangles, each just round its box. */
    paint_box(b, 10, 20, 30, 10);
    paint_box(b, 200, 150, 40, 20);
    int n = damage_between(b, a, r);
    assert_int_equal(n, 2);
    assert_true(inside(r, n, 10, 20) && inside(r, n, 39, 29));
    assert_true(inside(r, n, 200, 150) && inside(r, n, 239, 169));
    long area = 0;
    for (int i = 0; i < n; i++)
        area += (long)r[i].w * r[i].h;
    assert_int_equal(area, 30 * 10 + 40 * 20);
    /* Another size: all. */
    cairo_surface_t *c = sky(321, 200);
    assert_int_equal(damage_between(c, a, r), -1);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
    cairo_surface_destroy(c);
}

static void test_many_changes_stay_few_rectangles(void **state)
{
    (void)state;
    cairo_surface_t *a = sky(200, 400), *b = sky(200, 400);
    for (int k = 0; k < 20; k++) /* twenty bands 20 rows apart */
        paint_box(b, 5 * k, 20 * k, 10, 2);
    SDL_Rect r[DAMAGE_MOST];
    int n = damage_between(b, a, r);
    assert_true(n >= 1 && n <= DAMAGE_MOST);
    for (int k = 0; k < 20; k++) /* every change is covered */
        assert_true(inside(r, n, 5 * k, 20 * k) && inside(r, n, 5 * k + 9, 20 * k + 1));
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_only_what_moved_is_sent),
        cmocka_unit_test(test_many_changes_stay_few_rectangles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
