/* A world saved as an edit of its source (scene_keep.h): untouched, every
 * bundled scene comes back byte for byte; a body changed is its statement
 * alone written anew; a body removed takes its statement with it; a body
 * added is appended; and whatever was done, the text reads back to the
 * world's state, hash for hash. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "scene_keep.h"

#ifndef FLOTSAM_SOURCE_ROOT
#define FLOTSAM_SOURCE_ROOT "."
#endif

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = NULL;
    size_t n = 0, room = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (n + 1 >= room) {
            room = room ? 2 * room : 4096;
            assert_non_null(text = realloc(text, room));
        }
        text[n++] = (char)c;
    }
    fclose(f);
    if (!text)
        assert_non_null(text = calloc(1, 1));
    text[n] = '\0';
    *len = n;
    return text;
}

static fl_sim *build(const char *text, size_t len)
{
    fl_scene sc;
    fl_scene_error err;
    assert_true(fl_scene_parse(text, len, &sc, &err));
    fl_sim *s = fl_sim_build(&sc, &err);
    fl_scene_free(&sc);
    assert_non_null(s);
    return s;
}

/* The text, read and built again, is the world s: the same state hash,
 * and as many bodies. */
static void reads_back_as(const char *text, size_t len, const fl_sim *s)
{
    fl_sim *back = build(text, len);
    assert_int_equal(fl_world_body_count(fl_sim_world(back)), fl_world_body_count(fl_sim_world(s)));
    assert_true(fl_state_hash(fl_sim_world(back)) == fl_state_hash(fl_sim_world(s)));
    fl_sim_free(back);
}

/* Lines of a that b lacks, counted (a line is a line however often). */
static int lines_not_in(const char *a, const char *b)
{
    int n = 0;
    for (const char *p = a; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        bool found = false;
        for (const char *q = b; *q && !found;) {
            const char *qe = strchr(q, '\n');
            size_t ql = qe ? (size_t)(qe - q) : strlen(q);
            found = ql == len && !memcmp(p, q, len);
            q = qe ? qe + 1 : q + ql;
        }
        n += !found;
        p = eol ? eol + 1 : p + len;
    }
    return n;
}

static void test_every_scene_untouched_is_its_text(void **state)
{
    (void)state;
    DIR *d = opendir(FLOTSAM_SOURCE_ROOT "/scenes");
    assert_non_null(d);
    struct dirent *e;
    int kept = 0, whole = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".scene"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/scenes/%s", FLOTSAM_SOURCE_ROOT, e->d_name);
        size_t len, out_len;
        char *text = read_all(path, &len);
        fl_sim *s = build(text, len);
        char *out = scene_keep_text(text, len, s, &out_len);
        if (out) {
            if (out_len != len || memcmp(out, text, len))
                fail_msg("%s: saved untouched, its text changed:\n%s", e->d_name, out);
            kept++;
        } else {
            whole++; /* timed events or a script: written whole */
        }
        free(out);
        fl_sim_free(s);
        free(text);
    }
    closedir(d);
    assert_true(kept >= 12);
    print_message("%d scenes kept as written, %d with events or a script\n", kept, whole);
}

static const char dock[] = "flotsam-scene 1\n"
                           "# a dock: the floor, a crate and a float\n"
                           "world rate=60\n"
                           "view center=5,3 width=10\n"
                           "fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5\n"
                           "box name=floor at=5,5.75 size=10,0.5 static  # concrete\n"
                           "\n"
                           "# the crate, heavy\n"
                           "box name=crate at=3,5 size=1,1 density=2000\n"
                           "ngon name=float at=7,3 sides=6\n"
                           "     radius=0.4 density=300\n";

static void test_only_what_changed_is_written(void **state)
{
    (void)state;
    size_t len = strlen(dock), out_len;
    fl_sim *s = build(dock, len);
    fl_world *w = fl_sim_world(s);
    /* The crate's density: its statement alone is new. */
    assert_int_equal(fl_body_set_density(fl_world_body(w, 1), 2500.0), FL_OK);
    char *out = scene_keep_text(dock, len, s, &out_len);
    assert_non_null(out);
    assert_int_equal(lines_not_in(dock, out), 1); /* box name=crate ... */
    assert_non_null(strstr(out, "\npolygon name=crate "));
    assert_non_null(strstr(out, "# the crate, heavy\n"));
    assert_non_null(strstr(out, "ngon name=float at=7,3 sides=6\n     radius=0.4 density=300\n"));
    assert_non_null(strstr(out, "static  # concrete\n"));
    reads_back_as(out, out_len, s);
    free(out);

    /* The float removed: its two lines go, nothing else. */
    assert_int_equal(fl_world_remove_body(w, fl_world_body(w, 2)), FL_OK);
    out = scene_keep_text(dock, len, s, &out_len);
    assert_non_null(out);
    assert_null(strstr(out, "name=float"));
    assert_int_equal(lines_not_in(dock, out), 3); /* the crate's, and the float's two */
    reads_back_as(out, out_len, s);
    free(out);

    /* A body added: appended, after a word that it was. */
    fl_body_def d = fl_body_def_default();
    d.origin = fl_v2(5.0, 1.0);
    d.density = 500.0;
    const fl_vec2 square[4] = {{-0.5, -0.3}, {0.5, -0.3}, {0.5, 0.3}, {-0.5, 0.3}};
    d.points = square;
    d.point_count = 4;
    fl_body_id added;
    assert_int_equal(fl_world_add_body(w, &d, &added, NULL), FL_OK);
    out = scene_keep_text(dock, len, s, &out_len);
    assert_non_null(out);
    assert_non_null(strstr(out, "# added since the scene was loaded\npolygon at=5.0,1.0 "));
    reads_back_as(out, out_len, s);
    free(out);

    /* A hundred steps on: what moved is written anew, and it all reads
     * back to the world as it is. */
    for (int i = 0; i < 100; i++)
        fl_sim_step(s, NULL);
    out = scene_keep_text(dock, len, s, &out_len);
    assert_non_null(out);
    assert_non_null(strstr(out, "static  # concrete\n")); /* the floor never moves */
    reads_back_as(out, out_len, s);
    free(out);
    fl_sim_free(s);

    /* A scene without a `world` statement gets one when its gravity
     * changes, after its header. */
    static const char bare[] = "flotsam-scene 1\nbox name=b at=0,0 size=1,1 density=500\n";
    s = build(bare, strlen(bare));
    fl_world_set_gravity(fl_sim_world(s), fl_v2(0.0, 1.62));
    out = scene_keep_text(bare, strlen(bare), s, &out_len);
    assert_non_null(out);
    assert_non_null(strstr(out, "flotsam-scene 1\nworld gravity=0.0,1.62 "));
    assert_non_null(strstr(out, "box name=b at=0,0 size=1,1 density=500\n"));
    free(out);
    fl_sim_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scene_untouched_is_its_text),
        cmocka_unit_test(test_only_what_changed_is_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
