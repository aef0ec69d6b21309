/* `flotsam run` and `flotsam check`. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "anim.h"
#include "frame_dir.h"
#include "recorder.h"
#include "scene_source.h"

typedef struct run_options {
    const char *scene_path; /* NULL: the embedded default */
    long steps;
    const char *state_out;  /* NULL: print a summary */
    const char *frames;     /* folder for PNG frames; NULL: none */
    const char *animation;  /* .gif or .webp; NULL: none */
    long every;             /* steps between frames; 0: about 30 per simulated second */
    long from;              /* the first step captured */
    double fps;             /* the animation's playback; 0: real time */
    bool overwrite;         /* remove the frames the folder holds */
    int width, height;      /* frame size */
    render_options overlay;
    bool frame_option;      /* --every, --size, --overlay or --from was given */
} run_options;

/* The frame options; returns -1 when `argv[*i]` is none of them. */
static int parse_frame_option(int argc, char **argv, int *i, run_options *o)
{
    const char *a = argv[*i], *v;
    char bad[64];
    if (cli_is_option(a, "--frames")) {
        if (!(v = cli_option_value("--frames", argc, argv, i)) || !v[0])
            return cli_usage_error("--frames needs a folder name");
        o->frames = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--animation")) {
        if (!(v = cli_option_value("--animation", argc, argv, i)) || !v[0])
            return cli_usage_error("--animation needs a file name");
        if (!anim_format_known(v))
            return cli_usage_error("--animation writes .gif or .webp files, got '%s'", v);
        o->animation = v;
        return CLI_OK;
    }
    if (!strcmp(a, "--overwrite")) {
        o->overwrite = true;
        return CLI_OK;
    }
    if (cli_is_option(a, "--fps")) {
        char *end;
        if (!(v = cli_option_value("--fps", argc, argv, i)))
            return cli_usage_error("--fps needs a value");
        o->fps = strtod(v, &end);
        if (end == v || *end || !(o->fps >= 0.1 && o->fps <= 100.0))
            return cli_usage_error("--fps wants frames a second from 0.1 to 100, got '%s'", v);
        return CLI_OK;
    }
    if (cli_is_option(a, "--from")) {
        if (!(v = cli_option_value("--from", argc, argv, i)))
            return cli_usage_error("--from needs a value");
        if (!cli_parse_count(v, 0, 100000000, &o->from))
            return cli_usage_error("--from wants a step from 0 to 100000000, got '%s'", v);
    } else if (cli_is_option(a, "--every")) {
        if (!(v = cli_option_value("--every", argc, argv, i)))
            return cli_usage_error("--every needs a value");
        if (!cli_parse_count(v, 1, 100000000, &o->every) || o->every < 1)
            return cli_usage_error("--every wants a whole number from 1 to 100000000, got '%s'", v);
    } else if (cli_is_option(a, "--size")) {
        if (!(v = cli_option_value("--size", argc, argv, i)))
            return cli_usage_error("--size needs a value");
        if (!cli_parse_size(v, &o->width, &o->height))
            return cli_usage_error("--size wants WIDTHxHEIGHT, each from 16 to 8192 pixels, "
                                   "got '%s'", v);
    } else if (cli_is_option(a, "--overlay")) {
        if (!(v = cli_option_value("--overlay", argc, argv, i)))
            return cli_usage_error("--overlay needs a value");
        if (!render_options_parse(v, &o->overlay, bad, sizeof bad))
            return cli_usage_error("--overlay: unknown overlay '%s' (known: com, cb, submerged, "
                                   "forces, contacts, ropes, hud, all, none)", bad);
    } else {
        return -1;
    }
    o->frame_option = true;
    return CLI_OK;
}

static int parse_run_args(int argc, char **argv, run_options *o)
{
    *o = (run_options){.steps = 600, .width = 960, .height = 540,
                       .overlay = render_options_default()};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int frc = parse_frame_option(argc, argv, &i, o);
        if (frc >= 0) {
            if (frc != CLI_OK)
                return frc;
        } else if (cli_is_option(a, "--steps")) {
            const char *v = cli_option_value("--steps", argc, argv, &i);
            if (!v)
                return cli_usage_error("--steps needs a value");
            if (!cli_parse_count(v, 0, 100000000, &o->steps))
                return cli_usage_error("--steps wants a whole number from 0 to 100000000, got '%s'", v);
        } else if (cli_is_option(a, "--state-out")) {
            const char *v = cli_option_value("--state-out", argc, argv, &i);
            if (!v || !v[0])
                return cli_usage_error("--state-out needs a file name (or '-' for stdout)");
            o->state_out = v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s' for run", a);
        } else if (o->scene_path) {
            return cli_usage_error("run takes one scene file, got '%s' and '%s'", o->scene_path, a);
        } else {
            o->scene_path = a;
        }
    }
    if (o->frame_option && !o->frames && !o->animation)
        return cli_usage_error("--every, --size, --overlay and --from go with --frames DIR or "
                               "--animation FILE");
    if (o->fps > 0 && !o->animation)
        return cli_usage_error("--fps goes with --animation FILE");
    if (o->overwrite && !o->frames)
        return cli_usage_error("--overwrite goes with --frames DIR");
    if (o->from > o->steps)
        return cli_usage_error("--from %ld is after the last step (%ld)", o->from, o->steps);
    return CLI_OK;
}

static void print_summary(FILE *f, const char *name, fl_sim *s)
{
    fl_world *w = s->world;
    fl_buoyancy_measure(s->buoyancy, fl_world_time(w));
    fprintf(f, "%s: %llu steps, %.3f s simulated, hash %016llx\n", name,
            (unsigned long long)fl_world_step_count(w), fl_world_time(w),
            (unsigned long long)fl_state_hash(w));
    fprintf(f, "  %-16s %10s %10s %10s %10s\n", "body", "x (m)", "y (m)", "angle (deg)", "submerged");
    for (int i = 0; i < fl_world_body_count(w); i++) {
        const fl_body *b = fl_world_body(w, i);
        if (fl_body_is_static(b))
            continue;
        const char *n = fl_sim_body_name(s, b);
        char label[32];
        if (!n[0])
            snprintf(label, sizeof label, "#%d", i);
        double frac = fl_buoyancy_body_area(s->buoyancy, i, NULL) / fl_body_hull_area(b);
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

/* Writes the state to path ('-': stdout). A regular file is written beside
 * its final name and renamed into place, so a failed write never leaves half
 * a file; anything else that exists (a device, a pipe) is written directly. */
static int write_state(const char *path, fl_sim *s)
{
    char err[512] = "", why[256] = "";
    bool ok;
    struct stat st;
    if (!strcmp(path, "-") || (stat(path, &st) == 0 && !S_ISREG(st.st_mode))) {
        FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
        ok = f && write_state_to(f, s, why, sizeof why);
        if (!f)
            snprintf(why, sizeof why, "%s", strerror(errno));
        if (f && f != stdout && fclose(f) != 0 && ok) {
            snprintf(why, sizeof why, "%s", strerror(errno));
            ok = false;
        }
        if (!ok)
            snprintf(err, sizeof err, "cannot write '%s': %s", path, why);
    } else {
        ok = fl_write_file(path, write_state_to, s, err, sizeof err);
    }
    if (!ok)
        fprintf(stderr, "flotsam: %s\n", err);
    return ok ? CLI_OK : CLI_FAILED;
}

/* The first body whose motion is no longer finite, or -1. */
static int first_non_finite(const fl_world *w)
{
    for (int i = 0; i < fl_world_body_count(w); i++) {
        const fl_body *b = fl_world_body(w, i);
        fl_vec2 x = fl_body_position(b), v = fl_body_velocity(b);
        if (!isfinite(x.x) || !isfinite(x.y) || !isfinite(fl_body_angle(b)) || !isfinite(v.x) ||
            !isfinite(v.y) || !isfinite(fl_body_spin(b)))
            return i;
    }
    return -1;
}

/* The frame interval: as asked, else the nearest to 30 frames per second of
 * simulated time (2 steps at 60 Hz), at least 1. */
static long frame_every(const run_options *o, const fl_sim *s)
{
    if (o->every > 0)
        return o->every;
    long k = lround(s->rate / 30.0);
    return k < 1 ? 1 : k;
}

/* Opens the frame recorder when --frames or --animation was given; false
 * on failure. */
static bool open_frames(const run_options *o, const char *name, const fl_sim *s, long every,
                        recorder **out)
{
    *out = NULL;
    if (!o->frames && !o->animation)
        return true;
    const char *slash = strrchr(name, '/');
    recorder_options ro = {o->frames, o->animation, o->fps > 0 ? o->fps : s->rate / every,
                           o->overwrite, o->width, o->height, o->overlay,
                           slash ? slash + 1 : name};
    char err[512];
    *out = recorder_open(s, &ro, err, sizeof err);
    if (!*out)
        fprintf(stderr, "flotsam: %s\n", err);
    return *out != NULL;
}

/* Writes a frame when one is due after `done` steps (at --from, then every
 * `every` steps); false on failure. */
static bool maybe_frame(recorder *rec, fl_sim *s, long done, long from, long every)
{
    if (!rec || done < from || (done - from) % every != 0)
        return true;
    char err[512];
    if (recorder_frame(rec, s, err, sizeof err))
        return true;
    fprintf(stderr, "flotsam: %s\n", err);
    return false;
}

/* Steps the simulation, writing frames as they fall due. */
static int simulate(fl_sim *s, const run_options *o, recorder *rec, long every)
{
    cli_progress p = cli_progress_begin(o->steps >= 1000 || rec);
    int rc = maybe_frame(rec, s, 0, o->from, every) ? CLI_OK : CLI_FAILED;
    for (long i = 0; i < o->steps && rc == CLI_OK; i++) {
        fl_world_step(s->world, s->dt);
        rc = maybe_frame(rec, s, i + 1, o->from, every) ? CLI_OK : CLI_FAILED;
        cli_progress_show(&p, i + 1, o->steps);
    }
    cli_progress_end(&p);
    return rc;
}

/* After the steps: the finiteness check, then the state or a summary. */
static int report(const char *name, const run_options *o, fl_sim *s)
{
    int rc = CLI_OK;
    int bad = first_non_finite(s->world);
    if (bad >= 0) {
        fprintf(stderr, "flotsam: %s: body %d's motion is no longer finite after %ld steps\n", name,
                bad, o->steps);
        rc = CLI_FAILED;
    }
    if (o->state_out) {
        int wrc = write_state(o->state_out, s);
        rc = rc != CLI_OK ? rc : wrc;
    } else {
        print_summary(stdout, name, s);
    }
    return rc;
}

/* Loads and builds the scene at path (NULL: the built-in one), printing
 * what is wrong with it on stderr. */
static bool load(const char *path, fl_scene *sc, fl_sim *s)
{
    char msg[512];
    bool ok = scene_source_load(path, sc, msg, sizeof msg);
    if (ok && !scene_source_build(path, sc, s, msg, sizeof msg)) {
        fl_scene_free(sc);
        ok = false;
    }
    if (!ok)
        fprintf(stderr, "%s\n", msg);
    return ok;
}

int cli_run(int argc, char **argv)
{
    run_options o;
    int rc = parse_run_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc;
    const char *name = scene_source_name(o.scene_path);
    fl_scene sc;
    fl_sim s;
    if (!load(o.scene_path, &sc, &s))
        return CLI_BAD_INPUT;
    fl_scene_free(&sc);
    long held = o.frames ? frame_dir_count(o.frames) : 0;
    if (held > 0 && !o.overwrite) {
        fprintf(stderr, "flotsam: '%s' already holds %ld frame%s from another run; use "
                "--overwrite to replace them, or name another folder\n", o.frames, held,
                held == 1 ? "" : "s");
        fl_sim_free(&s);
        return CLI_BAD_INPUT;
    }
    recorder *rec;
    long every = frame_every(&o, &s);
    if (!open_frames(&o, name, &s, every, &rec)) {
        fl_sim_free(&s);
        return CLI_FAILED;
    }
    rc = simulate(&s, &o, rec, every);
    char err[512];
    if (rc != CLI_OK) {
        recorder_abort(rec);
    } else if (!recorder_close(rec, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        rc = CLI_FAILED;
    }
    if (rc == CLI_OK)
        rc = report(name, &o, &s);
    fl_sim_free(&s);
    return rc;
}

int cli_check(int argc, char **argv)
{
    if (argc == 0)
        return cli_usage_error("check needs a scene file");
    if (argv[0][0] == '-' && argv[0][1] != '\0')
        return cli_usage_error("unknown option '%s' for check", argv[0]);
    if (argc > 1)
        return cli_usage_error("check takes one scene file, got %d arguments", argc);
    fl_scene sc;
    fl_sim s;
    if (!load(argv[0], &sc, &s))
        return CLI_BAD_INPUT;
    printf("%s: ok (%d fluid%s, %d bod%s, %d rope%s)\n", argv[0], sc.fluid_count,
           sc.fluid_count == 1 ? "" : "s", sc.body_count, sc.body_count == 1 ? "y" : "ies",
           sc.rope_count, sc.rope_count == 1 ? "" : "s");
    fl_sim_free(&s);
    fl_scene_free(&sc);
    return CLI_OK;
}
