/* `flotsam replay FILE`: a recorded session simulated again headless, every
 * checkpoint checked, with the pictures and state output of `run`. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "pictures.h"
#include "scene_source.h"

typedef struct replay_options {
    const char *path;
    const char *name;       /* in messages: path, or <stdin> */
    const char *state_out;  /* NULL: print a summary */
    picture_options pictures;
} replay_options;

static int parse_replay_args(int argc, char **argv, replay_options *o)
{
    *o = (replay_options){.pictures = picture_options_default()};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a))
            return cli_answer_help("replay");
        int frc = cli_output_option(argc, argv, &i, &o->state_out, &o->pictures);
        if (frc >= 0) {
            if (frc != CLI_OK)
                return frc;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s' for replay", a);
        } else if (o->path) {
            return cli_usage_error("replay takes one replay file, got '%s' and '%s'", o->path, a);
        } else {
            o->path = a;
        }
    }
    if (!o->path)
        return cli_usage_error("replay needs a replay file");
    o->name = scene_source_name(o->path);
    return CLI_OK;
}

static void print_error(const char *path, const fl_scene_error *err)
{
    char msg[512];
    fl_scene_error_format(err, path, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
}

/* Plays every step, taking the pictures due; returns the exit status. */
static int play(fl_replay_player *p, long steps, const replay_options *o, pictures *pics)
{
    cli_progress bar = cli_progress_begin(steps >= 1000 || pics->o.frames || pics->o.animation);
    int rc = pictures_step(pics, fl_replay_player_sim(p), 0) ? CLI_OK : CLI_FAILED;
    while (rc == CLI_OK) {
        fl_scene_error err;
        uint64_t expected = 0, got = 0;
        fl_replay_status st = fl_replay_player_step(p, &err, &expected, &got);
        if (st == FL_REPLAY_DONE)
            break;
        if (st == FL_REPLAY_FAILED) {
            cli_progress_end(&bar);
            print_error(o->name, &err);
            return scene_source_status(&err);
        }
        if (st == FL_REPLAY_DIFFERS) {
            cli_progress_end(&bar);
            fprintf(stderr, "flotsam: %s: step %" PRIu64 " differs from the recording: state hash "
                    "%016" PRIx64 ", recorded %016" PRIx64 "; this build does not replay it bit "
                    "for bit\n", o->name, fl_replay_player_step_count(p), got, expected);
            return CLI_FAILED;
        }
        long at = (long)fl_replay_player_step_count(p);
        rc = pictures_step(pics, fl_replay_player_sim(p), at) ? CLI_OK : CLI_FAILED;
        cli_progress_show(&bar, at, steps);
    }
    cli_progress_end(&bar);
    return rc;
}

int cli_replay(int argc, char **argv)
{
    replay_options o;
    int rc = parse_replay_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc;
    fl_replay *r = NULL;
    fl_scene_error err;
    char *text;
    size_t len;
    bool read = source_read_text(o.path, &text, &len, &err);
    if (!read || !(r = fl_replay_parse(text, len, &err))) {
        free(text);
        print_error(o.name, &err);
        return scene_source_status(&err);
    }
    free(text);
    long steps = (long)fl_replay_steps(r);
    rc = picture_options_check(&o.pictures, steps);
    if (rc != CLI_OK) {
        fl_replay_free(r);
        return rc;
    }
    if (o.pictures.snapshot && o.pictures.at < 0)
        o.pictures.at = steps;
    fl_replay_player *p = fl_replay_player_start(r, &err);
    if (!p) {
        print_error(o.name, &err);
        fl_replay_free(r);
        return scene_source_status(&err);
    }
    pictures pics;
    rc = cli_output_check(o.state_out);
    if (rc == CLI_OK)
        rc = pictures_open(&pics, &o.pictures, o.name, fl_replay_player_sim(p));
    if (rc == CLI_OK) {
        rc = play(p, steps, &o, &pics);
        if (!pictures_close(&pics, rc == CLI_OK) && rc == CLI_OK)
            rc = CLI_FAILED;
    }
    if (rc == CLI_OK) {
        fprintf(o.state_out && !strcmp(o.state_out, "-") ? stderr : stdout,
                "%s: %ld steps replayed, %d checkpoints matched\n", o.name, steps,
                fl_replay_check_count(r));
        rc = cli_report(o.name, o.state_out, steps, fl_replay_player_sim(p));
    }
    fl_replay_player_free(p);
    fl_replay_free(r);
    return rc;
}
