/* The command-line front end: one program, several commands. */
#ifndef FL_CLI_H
#define FL_CLI_H

#include "scene.h"

/* Exit statuses: 2 for bad input (usage, scene errors), 1 for failures at
 * run time (cannot write output, out of memory). */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_BAD_INPUT = 2 };

/* Loads `path`, or the embedded default scene when path is NULL; prints
 * "FILE:LINE:COLUMN: message" on stderr and returns false on error. */
bool cli_load_scene(const char *path, scene *out);

/* Prints "flotsam: MESSAGE" and a pointer to --help; returns CLI_BAD_INPUT. */
int cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

int cli_bench(int argc, char **argv);
/* Is arg the option opt, as "--opt" or "--opt=VALUE"? */
bool cli_is_option(const char *arg, const char *opt);
/* The value of option opt at argv[*i]: after its '=', else the next argument
 * (moving *i on); NULL when there is none. */
const char *cli_option_value(const char *opt, int argc, char **argv, int *i);
/* A whole number from lo to hi, written with digits only. */
bool cli_parse_count(const char *s, long lo, long hi, long *out);
/* A pixel size "WxH", each side from 16 to 8192. */
bool cli_parse_size(const char *s, int *w, int *h);

/* A progress line on stderr ("flotsam: LABELstep N of M (P%)"), shown only
 * when wanted and stderr is a terminal, redrawn when the percentage moves. */
typedef struct cli_progress {
    bool on;
    int shown;       /* the percentage on screen; -1: none */
    char label[96];
} cli_progress;

cli_progress cli_progress_begin(bool wanted);
void cli_progress_label(cli_progress *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cli_progress_show(cli_progress *p, long done, long total);
/* Clears the line, if one is shown. */
void cli_progress_end(cli_progress *p);

int cli_check(int argc, char **argv);
int cli_run(int argc, char **argv);

#endif
