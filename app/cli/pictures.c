/* --frames, --animation and --snapshot, and their options. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cmdline.h"
#include "frame_dir.h"
#include "pictures.h"
#include "readings.h"

/* A picture option in a program built without pictures: refused at once. */
static int drawn(const char *option)
{
    const char *why = frames_missing();
    return why ? cli_usage_error("%s: %s", option, why) : CLI_OK;
}

picture_options picture_options_default(void)
{
    return (picture_options){.at = -1, .width = 960, .height = 540,
                             .overlay = render_options_default()};
}

int picture_option(int argc, char **argv, int *i, picture_options *o)
{
    const char *a = argv[*i], *v;
    char bad[64];
    if (cli_is_option(a, "--frames")) {
        if (!(v = cli_option_value("--frames", argc, argv, i)) || !v[0])
            return cli_usage_error("--frames needs a folder name");
        if (drawn("--frames") != CLI_OK)
            return CLI_BAD_INPUT;
        o->frames = v;
        return CLI_OK;
    }
    /* --video is --animation for the video formats alone. */
    if (cli_is_option(a, "--animation") || cli_is_option(a, "--video")) {
        const char *option = cli_is_option(a, "--video") ? "--video" : "--animation";
        if (!(v = cli_option_value(option, argc, argv, i)) || !v[0])
            return cli_usage_error("%s needs a file name", option);
        if (option[2] == 'v' && !frames_video_known(v))
            return cli_usage_error("--video writes .mp4 or .webm files, got '%s'", v);
        if (!frames_animation_known(v))
            return cli_usage_error("--animation writes .gif, .webp, .mp4 or .webm files, got '%s'",
                                   v);
        if (o->animation)
            return cli_usage_error("--animation and --video name the same file: give one");
        if (drawn(option) != CLI_OK)
            return CLI_BAD_INPUT;
        o->animation = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--snapshot")) {
        if (!(v = cli_option_value("--snapshot", argc, argv, i)) || !v[0])
            return cli_usage_error("--snapshot needs a file name");
        if (!frames_picture_known(v))
            return cli_usage_error("--snapshot writes .png, .svg or .pdf files, got '%s'", v);
        if (drawn("--snapshot") != CLI_OK)
            return CLI_BAD_INPUT;
        o->snapshot = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--plot")) {
        if (!(v = cli_option_value("--plot", argc, argv, i)) || !v[0])
            return cli_usage_error("--plot needs a file name");
        if (!plot_format_known(v))
            return cli_usage_error("--plot draws .png or .svg files, or writes .csv, got '%s'", v);
        if (drawn("--plot") != CLI_OK)
            return CLI_BAD_INPUT;
        o->plot = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--quantity")) {
        if (!(v = cli_option_value("--quantity", argc, argv, i)))
            return cli_usage_error("--quantity needs a value");
        if (!plot_quantity_known(v))
            return cli_usage_error("--quantity: unknown quantity '%s' (known: %s)", v,
                                   reading_names_known());
        if (o->quantity_count == PLOT_MOST)
            return cli_usage_error("--quantity: at most %d quantities in a plot", PLOT_MOST);
        o->quantities[o->quantity_count++] = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--body")) {
        if (!(v = cli_option_value("--body", argc, argv, i)) || !v[0])
            return cli_usage_error("--body needs a body's name");
        if (o->body_count == PLOT_MOST)
            return cli_usage_error("--body: at most %d bodies in a plot", PLOT_MOST);
        o->bodies[o->body_count++] = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--trace")) {
        if (!(v = cli_option_value("--trace", argc, argv, i)) || !v[0])
            return cli_usage_error("--trace needs a file name");
        o->trace = v;
        return CLI_OK;
    }
    if (cli_is_option(a, "--at")) {
        if (!(v = cli_option_value("--at", argc, argv, i)))
            return cli_usage_error("--at needs a value");
        if (!cli_parse_count(v, 0, 100000000, &o->at))
            return cli_usage_error("--at wants a step from 0 to 100000000, got '%s'", v);
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
                                   "forces, contacts, ropes, hud, labels, all, none)", bad);
    } else {
        return -1;
    }
    o->shaping = true;
    return CLI_OK;
}

int picture_options_check(const picture_options *o, long steps)
{
    if ((o->plot != NULL) != (o->quantity_count > 0))
        return cli_usage_error("--plot FILE and --quantity Q go together");
    if (o->body_count > 0 && !o->plot)
        return cli_usage_error("--body goes with --plot FILE");
    if (o->shaping && !o->frames && !o->animation && !o->snapshot && !o->trace && !o->plot)
        return cli_usage_error("--every, --size, --overlay and --from go with --frames DIR, "
                               "--animation FILE, --video FILE or --snapshot FILE");
    if ((o->every > 0 || o->from > 0) && !o->frames && !o->animation && !o->trace && !o->plot)
        return cli_usage_error("--every and --from go with --frames DIR, --animation FILE, "
                               "--video FILE or --trace FILE (a snapshot is one picture: --at STEP)");
    if (o->fps > 0 && !o->animation)
        return cli_usage_error("--fps goes with --animation FILE or --video FILE");
    if (o->overwrite && !o->frames)
        return cli_usage_error("--overwrite goes with --frames DIR");
    if (o->at >= 0 && !o->snapshot)
        return cli_usage_error("--at goes with --snapshot FILE");
    if (o->from > steps)
        return cli_usage_error("--from %ld is after the last step (%ld)", o->from, steps);
    if (o->at > steps)
        return cli_usage_error("--at %ld is after the last step (%ld)", o->at, steps);
    return CLI_OK;
}

/* The frame interval: as asked, else the nearest to 30 frames per second of
 * simulated time (2 steps at 60 Hz), at least 1. */
static long frame_every(const picture_options *o, const fl_sim *s)
{
    if (o->every > 0)
        return o->every;
    long k = lround(fl_sim_rate(s) / 30.0);
    return k < 1 ? 1 : k;
}

static int open_pictures(pictures *p, const picture_options *o, const char *scene_name, fl_sim *s)
{
    memset(p, 0, sizeof *p);
    p->o = *o;
    p->every = frame_every(o, s);
    const char *slash = strrchr(scene_name, '/');
    snprintf(p->label, sizeof p->label, "%s", slash ? slash + 1 : scene_name);
    long held = o->frames ? frame_dir_count(o->frames) : 0;
    if (held > 0 && !o->overwrite) {
        fprintf(stderr, "flotsam: '%s' already holds %ld frame%s from another run; use "
                "--overwrite to replace them, or name another folder\n", o->frames, held,
                held == 1 ? "" : "s");
        return CLI_BAD_INPUT;
    }
    if (!o->frames && !o->animation && !o->snapshot)
        return CLI_OK;
    double fps = o->fps > 0 ? o->fps : fl_sim_rate(s) / p->every;
    if (o->animation && fps > frames_animation_max_fps(o->animation)) {
        fprintf(stderr, "flotsam: '%s' would play %g frames a second, more than it can (%g): "
                "take fewer frames with --every, or slow it with --fps\n", o->animation, fps,
                frames_animation_max_fps(o->animation));
        return CLI_BAD_INPUT;
    }
    frames_request r = {o->frames, o->animation, fps,        o->overwrite,
                        o->width,  o->height,    o->overlay, p->label};
    char err[512];
    p->fr = frames_open(&r, s, err, sizeof err);
    if (!p->fr) {
        fprintf(stderr, "flotsam: %s\n", err);
        return CLI_FAILED;
    }
    return CLI_OK;
}

int pictures_open(pictures *p, const picture_options *o, const char *scene_name, fl_sim *s)
{
    /* Every file first, before the frames' folder is made. */
    const char *files[] = {o->snapshot, o->animation, o->trace, o->plot};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
        if (cli_output_check(files[k]) != CLI_OK) {
            memset(p, 0, sizeof *p);
            return CLI_FAILED;
        }
    int rc = open_pictures(p, o, scene_name, s);
    char err[512];
    if (rc == CLI_OK && o->plot &&
        !plot_open(&p->pl, o, s, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        rc = o->body_count > 0 ? CLI_BAD_INPUT : CLI_FAILED;
    }
    if (rc == CLI_OK && o->trace && !trace_open(&p->tr, o->trace, o->every, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        rc = CLI_FAILED;
    }
    if (rc != CLI_OK) {
        plot_close(&p->pl, false, NULL, 0);
        frames_close(p->fr, false, NULL, 0);
        p->fr = NULL;
    }
    return rc;
}

bool pictures_step(pictures *p, fl_sim *s, long done)
{
    char err[512];
    bool snapshot = p->o.snapshot && done == p->o.at;
    /* One measure for whatever reads the submerged parts at this step. */
    if (snapshot || trace_due(&p->tr, done) || plot_due(&p->pl, done))
        fl_buoyancy_measure(fl_sim_buoyancy(s), fl_world_time(fl_sim_world(s)));
    if (!trace_step(&p->tr, s, done, err, sizeof err) || !plot_step(&p->pl, s, done, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        return false;
    }
    bool frame = done >= p->o.from && (done - p->o.from) % p->every == 0;
    if (p->fr && (frame || snapshot) &&
        !frames_step(p->fr, s, frame, snapshot ? p->o.snapshot : NULL, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        return false;
    }
    return true;
}

bool pictures_close(pictures *p, bool ok)
{
    char err[512];
    if (!trace_close(&p->tr, ok, err, sizeof err)) {
        if (ok)
            fprintf(stderr, "flotsam: %s\n", err);
        ok = false;
    }
    if (!plot_close(&p->pl, ok, err, sizeof err)) {
        if (ok)
            fprintf(stderr, "flotsam: %s\n", err);
        ok = false;
    }
    bool was_ok = ok;
    ok = frames_close(p->fr, ok, err, sizeof err);
    if (was_ok && !ok)
        fprintf(stderr, "flotsam: %s\n", err);
    p->fr = NULL;
    return ok;
}
