/* `flotsam run` and `flotsam check`, and the report both run and replay end with. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "pictures.h"
#include "scene_source.h"

typedef struct run_options {
    const char *scene_path; /* NULL: the embedded default */
    long steps;
    const char *state_out;  /* NULL: print a summary */
    picture_options pictures;
} run_options;

int cli_output_option(int argc, char **argv, int *i, const char **state_out,
                      picture_options *pictures)
{
    int rc = picture_option(argc, argv, i, pictures);
    if (rc >= 0 || !cli_is_option(argv[*i], "--state-out"))
        return rc;
    const char *v = cli_option_value("--state-out", argc, argv, i);
    if (!v || !v[0])
        return cli_usage_error("--state-out needs a file name (or '-' for stdout)");
    *state_out = v;
    return CLI_OK;
}

static int parse_run_args(int argc, char **argv, run_options *o)
{
    *o = (run_options){.steps = 600, .pictures = picture_options_default()};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a))
            return cli_answer_help("run");
        int frc = cli_output_option(argc, argv, &i, &o->state_out, &o->pictures);
        if (frc >= 0) {
            if (frc != CLI_OK)
                return frc;
        } else if (cli_is_option(a, "--steps")) {
            const char *v = cli_option_value("--steps", argc, argv, &i);
            if (!v)
                return cli_usage_error("--steps needs a value");
            if (!cli_parse_count(v, 0, 100000000, &o->steps))
                return cli_usage_error("--steps wants a whole number from 0 to 100000000, got '%s'", v);
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s' for run", a);
        } else if (o->scene_path) {
            return cli_usage_error("run takes one scene file, got '%s' and '%s'", o->scene_path, a);
        } else {
            o->scene_path = a;
        }
    }
    return picture_options_check(&o->pictures, o->steps);
}

static void print_summary(FILE *f, const char *name, fl_sim *s)
{
    fl_world *w = fl_sim_world(s);
    fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(w));
    fprintf(f, "%s: %llu steps, %.3f s simulated, hash %016llx\n", name,
            (unsigned long long)fl_world_step_count(w), fl_world_time(w),
            (unsigned long long)fl_state_hash(w));
    fprintf(f, "  %-16s %10s %10s %10s %10s\n", "body", "x (m)", "y (m)", "angle (deg)", "submerged");
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            continue;
        const char *n = fl_sim_body_name(s, b);
        char label[32];
        if (!n[0])
            snprintf(label, sizeof label, "#%d", i);
        double frac = fl_buoyancy_body_area(fl_sim_buoyancy(s), b, NULL) / fl_body_hull_area(b);
        fl_vec2 at = fl_body_position(b);
        fprintf(f, "  %-16s %10.4f %10.4f %11.3f %9.2f%%\n", n[0] ? n : label, at.x, at.y,
                fl_body_angle(b) * 180.0 / FL_PI, 100.0 * frac);
    }
}

static bool write_state_to(FILE *f, void *ctx, char *why, size_t why_size)
{
    errno = 0;
    if (fl_state_write_json(f, ctx) != 0 || fflush(f) != 0) {
        snprintf(why, why_size, "%s", strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

/* The first body whose motion is no longer finite, or -1. */
static int first_non_finite(const fl_world *w)
{
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        fl_vec2 x = fl_body_position(b), v = fl_body_velocity(b);
        if (!isfinite(x.x) || !isfinite(x.y) || !isfinite(fl_body_angle(b)) || !isfinite(v.x) ||
            !isfinite(v.y) || !isfinite(fl_body_spin(b)))
            return i;
    }
    return -1;
}

/* Steps the simulation, its timed events and all, writing frames as they
 * fall due. An event that cannot apply stops it (exit 2, at its line). */
static int simulate(const char *name, fl_sim *s, const run_options *o, pictures *pics)
{
    cli_progress p = cli_progress_begin(o->steps >= 1000 || pics->o.frames || pics->o.animation);
    int rc = pictures_step(pics, s, 0) ? CLI_OK : CLI_FAILED;
    for (long i = 0; i < o->steps && rc == CLI_OK; i++) {
        fl_scene_error err;
        if (!fl_sim_step(s, &err)) {
            cli_progress_end(&p);
            char msg[512];
            fl_scene_error_format(&err, name, msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
            return scene_source_status(&err);
        }
        rc = pictures_step(pics, s, i + 1) ? CLI_OK : CLI_FAILED;
        cli_progress_show(&p, i + 1, o->steps);
    }
    cli_progress_end(&p);
    return rc;
}

int cli_report(const char *name, const char *state_out, long steps, fl_sim *s)
{
    int rc = CLI_OK;
    int bad = first_non_finite(fl_sim_world(s));
    if (bad >= 0) {
        fprintf(stderr, "flotsam: %s: body %d's motion is no longer finite after %ld steps\n", name,
                bad, steps);
        rc = CLI_FAILED;
    }
    if (state_out) {
        int wrc = cli_output_write(state_out, write_state_to, s);
        rc = rc != CLI_OK ? rc : wrc;
    } else {
        print_summary(stdout, name, s);
    }
    return rc;
}

/* Loads and builds the scene at path (NULL: the built-in one), printing
 * what is wrong with it on stderr; returns the exit status. */
static int load(const char *path, fl_scene *sc, fl_sim **s)
{
    char msg[512];
    int rc = scene_source_load(path, sc, msg, sizeof msg);
    if (rc == CLI_OK && (rc = scene_source_build(path, sc, s, msg, sizeof msg)) != CLI_OK)
        fl_scene_free(sc);
    if (rc != CLI_OK)
        fprintf(stderr, "%s\n", msg);
    return rc;
}

int cli_run(int argc, char **argv)
{
    run_options o;
    int rc = parse_run_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc;
    const char *name = scene_source_name(o.scene_path);
    fl_scene sc;
    fl_sim *s = NULL;
    if ((rc = load(o.scene_path, &sc, &s)) != CLI_OK)
        return rc;
    fl_scene_free(&sc);
    if (o.pictures.snapshot && o.pictures.at < 0)
        o.pictures.at = o.steps; /* the end of the run */
    pictures pics;
    rc = cli_output_check(o.state_out);
    if (rc == CLI_OK)
        rc = pictures_open(&pics, &o.pictures, name, s);
    if (rc != CLI_OK) {
        fl_sim_free(s);
        return rc;
    }
    rc = simulate(name, s, &o, &pics);
    if (!pictures_close(&pics, rc == CLI_OK) && rc == CLI_OK)
        rc = CLI_FAILED;
    if (rc == CLI_OK)
        rc = cli_report(name, o.state_out, o.steps, s);
    fl_sim_free(s);
    return rc;
}

/* Where check's problems go: each on its own line of stderr, noting
 * whether memory ran out (then the status is CLI_FAILED, not the input's
 * fault). */
typedef struct problems {
    const char *name;
    int status; /* CLI_OK while none */
} problems;

static void print_problem(void *ctx, const fl_scene_error *err)
{
    problems *ps = ctx;
    char msg[512];
    fl_scene_error_format(err, ps->name, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    if (ps->status != CLI_FAILED)
        ps->status = scene_source_status(err);
}

/* As load, but printing every problem the reader finds, not only the
 * first; the world is built only from a scene without any. Says what the
 * scene holds when it is good. */
static void check_scene(const char *path, const char *text, size_t len, problems *ps)
{
    fl_scene sc;
    fl_sim *s = NULL;
    char msg[512];
    if (fl_scene_parse_all(text, len, &sc, print_problem, ps, NULL) > 0)
        return;
    if ((ps->status = scene_source_build(path, &sc, &s, msg, sizeof msg)) != CLI_OK) {
        fprintf(stderr, "%s\n", msg);
        fl_scene_free(&sc);
        return;
    }
    printf("%s: ok (%d fluid%s, %d bod%s, %d rope%s", ps->name, sc.fluid_count,
           sc.fluid_count == 1 ? "" : "s", sc.body_count, sc.body_count == 1 ? "y" : "ies",
           sc.rope_count, sc.rope_count == 1 ? "" : "s");
    if (sc.event_count > 0)
        printf(", %d timed event%s", sc.event_count, sc.event_count == 1 ? "" : "s");
    printf(")\n");
    fl_sim_free(s);
    fl_scene_free(&sc);
}

/* Every problem of a replay that can be found without simulating it:
 * what reading finds (fl_replay_parse_all), then each scene built. Says
 * what the replay holds when it is good. */
static void check_replay(const char *text, size_t len, problems *ps)
{
    fl_replay *r;
    fl_scene_error err;
    if (fl_replay_parse_all(text, len, &r, print_problem, ps, NULL) > 0)
        return;
    uint64_t steps = fl_replay_steps(r);
    int scenes = fl_replay_scene_count(r), inputs = fl_replay_input_count(r),
        checks = fl_replay_check_count(r);
    if (!fl_replay_build_each(r, &err))
        print_problem(ps, &err);
    else
        printf("%s: ok (a replay of %llu step%s: %d scene%s, %d input%s, %d checkpoint%s)\n",
               ps->name, (unsigned long long)steps, steps == 1 ? "" : "s", scenes,
               scenes == 1 ? "" : "s", inputs, inputs == 1 ? "" : "s", checks,
               checks == 1 ? "" : "s");
    fl_replay_free(r);
}

/* A replay, by its first line (as from stdin), or by its name as the
 * window takes one. */
static bool is_replay(const char *path, const char *text, size_t len)
{
    size_t n = strlen(path);
    return fl_text_is_replay(text, len) || (n > 7 && !strcmp(path + n - 7, ".replay"));
}

/* Reads path, a scene or a replay, and reports every problem of it;
 * returns the exit status (CLI_OK when it has none). */
static int check_file(const char *path)
{
    problems ps = {scene_source_name(path), CLI_OK};
    char *text;
    size_t len;
    fl_scene_error err;
    if (!source_read_text(path, &text, &len, &err)) {
        print_problem(&ps, &err);
        return ps.status;
    }
    if (is_replay(path, text, len))
        check_replay(text, len, &ps);
    else
        check_scene(path, text, len, &ps);
    free(text);
    return ps.status;
}

int cli_check(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a))
            return cli_answer_help("check");
        if (a[0] == '-' && a[1] != '\0')
            return cli_usage_error("unknown option '%s' for check", a);
        if (path)
            return cli_usage_error("check takes one scene or replay file, got '%s' and '%s'", path, a);
        path = a;
    }
    if (!path)
        return cli_usage_error("check needs a scene or replay file");
    return check_file(path);
}
