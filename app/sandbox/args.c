#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cmdline.h"
#include "sandbox.h"
#include "sandbox_parts.h"

#define DEFAULT_WIDTH 1280
#define DEFAULT_HEIGHT 720

static const char *const options[] = {"--save-as", "--frames", "--size", "--replay-out",
                                      "--out-dir", "--capture-video"};

/* The option named by arg ("--opt" or "--opt=..."), or -1. */
static int option_index(const char *arg)
{
    for (int i = 0; i < (int)(sizeof options / sizeof options[0]); i++)
        if (cli_is_option(arg, options[i]))
            return i;
    return -1;
}

bool sandbox_wants(const char *arg)
{
    if (option_index(arg) >= 0 || !strcmp(arg, "--report-speed") || !strcmp(arg, "--no-panel") ||
        scene_source_is_stdin(arg))
        return true;
    size_t n = strlen(arg);
    struct stat st;
    return (n > 6 && !strcmp(arg + n - 6, ".scene")) || sandbox_is_replay(arg) ||
           (stat(arg, &st) == 0 && S_ISREG(st.st_mode));
}

/* Stores an option's value; returns 0 or a usage error's status. */
static int take_option(int which, const char *v, sandbox_options *o)
{
    if (!v || !v[0])
        return cli_usage_error("%s needs a value", options[which]);
    if (which == 0)
        o->save_as = v;
    else if (which == 1)
        o->frames_dir = v;
    else if (which == 3)
        o->replay_out = v;
    else if (which == 4)
        o->out_dir = v;
    else if (which == 5) {
        if (strcmp(v, "mp4") && strcmp(v, "webm") && strcmp(v, "gif") && strcmp(v, "webp") &&
            strcmp(v, "none"))
            return cli_usage_error("--capture-video wants mp4, webm, gif, webp or none, got '%s'",
                                   v);
        o->capture_video = v;
    }
    else if (!cli_parse_size(v, &o->width, &o->height))
        return cli_usage_error("--size wants WIDTHxHEIGHT, each from 16 to 8192 pixels, got '%s'",
                               v);
    return 0;
}

int sandbox_parse_args(int argc, char **argv, sandbox_options *o)
{
    *o = (sandbox_options){.width = DEFAULT_WIDTH, .height = DEFAULT_HEIGHT,
                           .capture_video = "mp4"};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int which = option_index(a);
        if (which >= 0) {
            int rc = take_option(which, cli_option_value(options[which], argc, argv, &i), o);
            if (rc)
                return rc;
        } else if (!strcmp(a, "--report-speed")) {
            o->report_speed = true;
        } else if (!strcmp(a, "--no-panel")) {
            o->no_panel = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s'", a);
        } else if (o->scene_path) {
            return cli_usage_error("the sandbox opens one scene file, got '%s' and '%s'",
                                   o->scene_path, a);
        } else {
            o->scene_path = a;
        }
    }
    return 0;
}
