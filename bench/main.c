/* flotsam-bench: the harbor benchmark scene (docs/harbor-benchmark.md)
 * timed on flotsam and, with --peer, on Chipmunk2D, reported as one JSON
 * line. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chipmunk_harbor.h"
#include "cmdline.h"
#include "flotsam_harbor.h"

#define MAX_REPEAT 99
/* --buoyancy-alone: passes timed each way, and the memory touched before
 * each evicted pass (more than the last-level cache of most machines). */
#define ALONE_CALLS 21
#define ALONE_EVICT_MIB 128

typedef struct bench_options {
    long bodies, steps, repeat, iterations, substeps;
    bool peer, alone;
} bench_options;

/* One engine's results: medians over the repeats, and the measurements
 * after the run (the same on every repeat: each run is deterministic). */
typedef struct bench_result {
    double ms_per_step;
    double stage[5]; /* buoyancy, broad phase, narrow phase, solver, integration */
    bool has_stages;
    harbor_stats stats;
    double alone_ms[2]; /* --buoyancy-alone: the pass in cache, and evicted */
} bench_result;

static const char *const stage_names[5] = {"buoyancy", "broad_phase", "narrow_phase", "solver",
                                           "integration"};

static const char usage[] =
    "usage: flotsam-bench [--bodies N] [--steps S] [--repeat R] [--iterations K]\n"
    "                     [--substeps U] [--peer] [--buoyancy-alone]\n"
    "\n"
    "Times the harbor benchmark scene (docs/harbor-benchmark.md): N floating\n"
    "bodies poured into a tank of water. Prints one JSON line with the median\n"
    "ms per step, the stage split and how the pile ended.\n"
    "\n"
    "  --bodies N        bodies, 1 to 100000 (default 1000)\n"
    "  --steps S         steps of 1/60 s per run (default 600)\n"
    "  --repeat R        runs, 1 to 99; times are their median (default 1)\n"
    "  --iterations K    flotsam's solver passes a substep, 1 to 100 (default:\n"
    "                    a scene's, 10)\n"
    "  --substeps U      flotsam's solver substeps a step, 1 to 64 (default: a\n"
    "                    scene's, 1)\n"
    "  --peer            also run the scene on Chipmunk2D, taking turns\n"
    "  --buoyancy-alone  then time the buoyancy pass by itself, its data in\n"
    "                    cache and with the caches emptied first\n"
    "  -h, --help        show this help and exit\n"
    "  -V, --version     show the version and exit\n"
    "\n"
    "exit status: 0 success, 1 failure while running, 2 bad input\n";

/* Parses the options; *done is set when --help or --version was answered. */
static int parse_bench_args(int argc, char **argv, bench_options *o, bool *done)
{
    fl_world_def scene = fl_world_def_default();
    *o = (bench_options){1000, 600, 1, scene.iterations, scene.substeps, false, false};
    *done = false;
    enum { COUNTS = 5 };
    static const struct {
        const char *name;
        long lo, hi;
    } counts[COUNTS] = {{"--bodies", 1, HARBOR_MAX_BODIES},
                        {"--steps", 1, 1000000},
                        {"--repeat", 1, MAX_REPEAT},
                        {"--iterations", 1, 100},
                        {"--substeps", 1, 64}};
    long *dest[COUNTS] = {&o->bodies, &o->steps, &o->repeat, &o->iterations, &o->substeps};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            *done = true;
            return CLI_OK;
        }
        if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            printf("flotsam-bench %s\n", FL_VERSION_STRING);
            *done = true;
            return CLI_OK;
        }
        if (!strcmp(a, "--peer")) {
            o->peer = true;
            continue;
        }
        if (!strcmp(a, "--buoyancy-alone")) {
            o->alone = true;
            continue;
        }
        int k = 0;
        while (k < COUNTS && !cli_is_option(a, counts[k].name))
            k++;
        if (k == COUNTS) {
            if (a[0] == '-')
                return cli_usage_error("unknown option '%s'", a);
            return cli_usage_error("takes no scene file, got '%s'", a);
        }
        const char *v = cli_option_value(counts[k].name, argc, argv, &i);
        if (!v)
            return cli_usage_error("%s needs a value", counts[k].name);
        if (!cli_parse_count(v, counts[k].lo, counts[k].hi, dest[k]))
            return cli_usage_error("%s wants a whole number from %ld to %ld, got '%s'",
                                   counts[k].name, counts[k].lo, counts[k].hi, v);
    }
    return CLI_OK;
}

/* Takes `steps` steps with run(ctx, n) in slices of about 1%, showing
 * progress between slices (outside the timed calls). */
static void run_in_slices(cli_progress *p, long steps, void (*run)(void *ctx, long n), void *ctx)
{
    long slice = steps >= 100 ? steps / 100 : 1;
    for (long done = 0; done < steps;) {
        long n = slice < steps - done ? slice : steps - done;
        run(ctx, n);
        done += n;
        cli_progress_show(p, done, steps);
    }
}

static void run_flotsam(void *ctx, long n) { flotsam_harbor_run(ctx, n); }
static void run_chipmunk(void *ctx, long n) { chipmunk_harbor_run(ctx, n); }

/* The runs of one engine so far: times per step and the stage split. */
typedef struct bench_runs {
    double ms[MAX_REPEAT];
    double stage[5][MAX_REPEAT];
} bench_runs;

/* Run r of flotsam: builds the scene, times the steps, measures. */
static int flotsam_once(const harbor_scene *sc, const bench_options *o, long r, cli_progress *p,
                        bench_runs *runs, bench_result *out)
{
    flotsam_harbor h;
    fl_error err;
    flotsam_harbor_solver solver = {(int)o->iterations, (int)o->substeps};
    if (flotsam_harbor_build(&h, sc, solver, NULL, &err) != FL_OK) {
        fprintf(stderr, "flotsam-bench: cannot build the harbor scene: %s\n", err.message);
        return CLI_FAILED;
    }
    cli_progress_label(p, "flotsam, run %ld of %ld, ", r + 1, o->repeat);
    run_in_slices(p, o->steps, run_flotsam, &h);
    const fl_profile *pr = &h.profile;
    double per = 1.0 / (double)o->steps;
    runs->ms[r] = h.elapsed_ms * per;
    const double st[5] = {pr->hooks, pr->broad_phase, pr->narrow_phase, pr->solver,
                          pr->integration};
    for (int k = 0; k < 5; k++)
        runs->stage[k][r] = st[k] * per;
    out->stats = flotsam_harbor_measure(&h);
    int rc = CLI_OK;
    if (o->alone && r == o->repeat - 1) {
        /* On the world as the last run left it. */
        cli_progress_label(p, "flotsam, buoyancy alone, ");
        cli_progress_show(p, 0, 2);
        out->alone_ms[0] = flotsam_harbor_time_buoyancy(&h, 0, ALONE_CALLS);
        cli_progress_show(p, 1, 2);
        out->alone_ms[1] = flotsam_harbor_time_buoyancy(&h, (size_t)ALONE_EVICT_MIB << 20, ALONE_CALLS);
        cli_progress_show(p, 2, 2);
        if (out->alone_ms[0] < 0.0 || out->alone_ms[1] < 0.0) {
            fputs("flotsam-bench: --buoyancy-alone: out of memory timing the pass\n", stderr);
            rc = CLI_FAILED;
        }
    }
    flotsam_harbor_destroy(&h);
    return rc;
}

/* Run r of Chipmunk, likewise. */
static int chipmunk_once(const harbor_scene *sc, const bench_options *o, long r, cli_progress *p,
                         bench_runs *runs, bench_result *out, chipmunk_harbor_settings *settings)
{
    char err[256];
    chipmunk_harbor *h = chipmunk_harbor_build(sc, err, sizeof err);
    if (!h) {
        fprintf(stderr, "flotsam-bench: --peer: %s\n", err);
        return CLI_FAILED;
    }
    *settings = chipmunk_harbor_get_settings(h);
    cli_progress_label(p, "chipmunk, run %ld of %ld, ", r + 1, o->repeat);
    run_in_slices(p, o->steps, run_chipmunk, h);
    runs->ms[r] = chipmunk_harbor_elapsed_ms(h) / (double)o->steps;
    out->stats = chipmunk_harbor_measure(h);
    chipmunk_harbor_destroy(h);
    return CLI_OK;
}

/* Runs flotsam `repeat` times and, with --peer, Chipmunk as often, taking
 * turns (flotsam, Chipmunk, flotsam, ...) so that a machine that speeds up
 * or slows down during the benchmark does so for both; then takes medians. */
static int bench_engines(const harbor_scene *sc, const bench_options *o, bench_result *fl,
                         bench_result *cm, chipmunk_harbor_settings *cs)
{
    bench_runs fr, cr; /* 10 KiB each */
    cli_progress p = cli_progress_begin(true);
    int rc = CLI_OK;
    for (long r = 0; r < o->repeat && rc == CLI_OK; r++) {
        rc = flotsam_once(sc, o, r, &p, &fr, fl);
        if (rc == CLI_OK && o->peer)
            rc = chipmunk_once(sc, o, r, &p, &cr, cm, cs);
    }
    cli_progress_end(&p);
    if (rc != CLI_OK)
        return rc;
    fl->ms_per_step = harbor_median(fr.ms, o->repeat);
    for (int k = 0; k < 5; k++)
        fl->stage[k] = harbor_median(fr.stage[k], o->repeat);
    fl->has_stages = true;
    if (o->peer) {
        cm->ms_per_step = harbor_median(cr.ms, o->repeat);
        cm->has_stages = false;
    }
    return CLI_OK;
}

/* A JSON number, or null when not finite. */
static void put_num(const char *key, double v)
{
    if (isfinite(v))
        printf(",\"%s\":%.9g", key, v);
    else
        printf(",\"%s\":null", key);
}

/* The fields both engines report, after "engine". */
static void put_result(const bench_options *o, const bench_result *r)
{
    printf(",\"bodies\":%ld,\"steps\":%ld,\"repeat\":%ld", o->bodies, o->steps, o->repeat);
    put_num("dt", HARBOR_DT);
    put_num("ms_per_step", r->ms_per_step);
    put_num("body_steps_per_second", (double)o->bodies * 1000.0 / r->ms_per_step);
    if (r->has_stages) {
        fputs(",\"stages_ms_per_step\":{", stdout);
        for (int k = 0; k < 5; k++)
            printf("%s\"%s\":%.9g", k ? "," : "", stage_names[k], r->stage[k]);
        fputs("}", stdout);
    } else {
        fputs(",\"stages_ms_per_step\":null", stdout);
    }
    printf(",\"vertices\":%ld", r->stats.vertices);
    if (r->has_stages)
        put_num("buoyancy_ns_per_vertex", r->stage[0] * 1e6 / (double)r->stats.vertices);
    else
        fputs(",\"buoyancy_ns_per_vertex\":null", stdout);
    printf(",\"below_surface\":%d", r->stats.below_surface);
    put_num("mean_submerged_fraction", r->stats.mean_submerged_fraction);
    printf(",\"nan\":%s,\"outside\":%d", r->stats.nan ? "true" : "false", r->stats.outside);
}

static const char notes[] =
    "Same scene and dt in both; what differs: flotsam runs the solver iterations and substeps "
    "given above (unless asked, a scene's default: 10 passes in 1 substep), Chipmunk its default 10; "
    "flotsam solves contacts with sequential impulses plus a two-point block solver and a support "
    "pass from the ground up, "
    "speculative contacts and split-impulse position correction (slop 0.0005 m, 20% per step); "
    "Chipmunk iterates its contacts one point at a time (no block solving), with its defaults "
    "collision slop 0.1 m and bias (overlap correction) pow(0.9, 60) per second, "
    "and contact persistence of 3 steps. "
    "Friction: Chipmunk multiplies the shapes' frictions, flotsam takes their geometric mean, "
    "so Chipmunk's shapes get sqrt(0.4) and every pair has 0.4 in both. "
    "Buoyancy: both clip Sutherland-Hodgman style with flotsam's polygon code (flotsam sums the "
    "clipped polygon's area and centroid as it clips and decides most bodies by their bounding "
    "circle; it also clips at the floor top y = 14, which a body only reaches by overlapping the floor); "
    "flotsam applies the drags as the exact exponential decay of velocity and spin over the step, "
    "Chipmunk (from its velocity-update callback) as the benchmark's plain linear forces; "
    "they agree as dt -> 0. Chipmunk's time has no stage split.";
static const char assert_note[] =
    " This Chipmunk library was built without NDEBUG (Debian's is): its times include its "
    "runtime assertion checks.";

static void put_json(const bench_options *o, const bench_result *fl, const bench_result *cm,
                     const chipmunk_harbor_settings *cs, bool cm_assertions)
{
    fputs("{\"engine\":\"flotsam\"", stdout);
    put_result(o, fl);
    if (o->alone) {
        double per = 1e6 / (double)fl->stats.vertices;
        printf(",\"buoyancy_alone\":{\"calls\":%d,\"evict_mib\":%d", ALONE_CALLS, ALONE_EVICT_MIB);
        put_num("cached_ns_per_vertex", fl->alone_ms[0] * per);
        put_num("evicted_ns_per_vertex", fl->alone_ms[1] * per);
        fputs("}", stdout);
    }
    printf(",\"iterations\":%ld,\"substeps\":%ld", o->iterations, o->substeps);
    printf(",\"chipmunk_available\":%s", chipmunk_harbor_available() ? "true" : "false");
    if (cm) {
        printf(",\"peer\":{\"engine\":\"%s\"", chipmunk_harbor_engine());
        put_result(o, cm);
        printf(",\"iterations\":%d,\"substeps\":0,\"spatial_index\":\"%s\"", cs->iterations,
               cs->spatial_index);
        put_num("collision_slop", cs->collision_slop);
        put_num("collision_bias", cs->collision_bias);
        put_num("shape_friction", cs->shape_friction);
        printf(",\"debug_assertions\":%s}", cm_assertions ? "true" : "false");
        put_num("ratio", fl->ms_per_step / cm->ms_per_step);
        printf(",\"notes\":\"%s%s\"", notes, cm_assertions ? assert_note : "");
    }
    fputs("}\n", stdout);
}

static int bench_main(int argc, char **argv)
{
    bench_options o;
    bool done;
    int rc = parse_bench_args(argc - 1, argv + 1, &o, &done);
    if (rc != CLI_OK || done)
        return rc;
    if (o.peer && !chipmunk_harbor_available()) {
        fputs("flotsam-bench: --peer: Chipmunk2D was not found when flotsam was built "
              "(install libchipmunk-dev and reconfigure)\n", stderr);
        return CLI_FAILED;
    }
    harbor_scene sc;
    if (!harbor_generate(&sc, (int)o.bodies)) {
        fputs("flotsam-bench: out of memory generating the harbor scene\n", stderr);
        return CLI_FAILED;
    }
    bench_result fl, cm;
    chipmunk_harbor_settings cs;
    memset(&fl, 0, sizeof fl);
    memset(&cm, 0, sizeof cm);
    memset(&cs, 0, sizeof cs);
    bool cm_assertions = false;
    if (o.peer)
        (void)chipmunk_harbor_probe(&cm_assertions);
    rc = bench_engines(&sc, &o, &fl, &cm, &cs);
    if (rc == CLI_OK) {
        put_json(&o, &fl, o.peer ? &cm : NULL, &cs, cm_assertions);
        if (fflush(stdout) != 0) {
            fprintf(stderr, "flotsam-bench: cannot write the result: %s\n", strerror(errno));
            rc = CLI_FAILED;
        }
    }
    harbor_free(&sc);
    return rc;
}

int main(int argc, char **argv)
{
    cli_set_program("flotsam-bench");
    cli_quiet_on_closed_pipe();
    int rc = cli_refuse_repeats(argc - 1, argv + 1, NULL);
    return cli_finish_stdout(rc ? rc : bench_main(argc, argv));
}
