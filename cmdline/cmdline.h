/* What flotsam's programs (flotsam, flotsam-bench) share on the command
 * line: option values, usage errors and the progress line. Plain C and
 * POSIX, no part of the library. */
#ifndef FL_CMDLINE_H
#define FL_CMDLINE_H

#include <stdbool.h>

#if defined(__GNUC__)
#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CLI_PRINTF(fmt, args)
#endif

/* Exit statuses: 2 for bad input (usage, scene errors), 1 for failures at
 * run time (cannot write output, out of memory). */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_BAD_INPUT = 2 };

/* The program's name in messages ("flotsam" until set). */
void cli_set_program(const char *name);
const char *cli_program(void);

/* Prints "PROGRAM: MESSAGE" and a pointer to --help; returns CLI_BAD_INPUT. */
int cli_usage_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Stdout to a file or a pipe held in CLI_STDOUT_BUFFER bytes (a terminal
 * keeps its lines): a report or a help text of less reaches it in one
 * write at the end, where cli_finish_stdout learns why it failed (a full
 * disk) instead of finding only that an earlier write did. */
#define CLI_STDOUT_BUFFER (1 << 16)
void cli_buffer_stdout(void);

/* SIGPIPE at its default: a closed pipe on stdout ends the program quietly
 * (status 141 in the shell). */
void cli_quiet_on_closed_pipe(void);
/* Flushes and closes stdout at the end: on a write error (a full disk) says
 * so on stderr and turns a success into CLI_FAILED; returns the status. */
int cli_finish_stdout(int rc);

/* A usage error (CLI_BAD_INPUT) when a long option ("--NAME" or
 * "--NAME=VALUE") is given more than once, but for those listed in
 * `repeatable` (NULL-terminated; NULL: none), which gather every value
 * given: no other option means anything more for being repeated, and the
 * last silently winning hides a mistake. Scans up to a bare "--"; 0 when
 * each is given once. */
int cli_refuse_repeats(int argc, char **argv, const char *const *repeatable);

/* Is arg -h or --help? */
bool cli_is_help(const char *arg);
/* Is arg the option opt, as "--opt" or "--opt=VALUE"? */
bool cli_is_option(const char *arg, const char *opt);
/* The value of option opt at argv[*i]: after its '=', else the next argument
 * (moving *i on); NULL when there is none. */
const char *cli_option_value(const char *opt, int argc, char **argv, int *i);
/* A whole number from lo to hi, written with digits only. */
bool cli_parse_count(const char *s, long lo, long hi, long *out);
/* A pixel size "WxH", each side from 16 to 8192. */
bool cli_parse_size(const char *s, int *w, int *h);

/* A progress line on stderr ("PROGRAM: LABELstep N of M (P%)"), shown only
 * when wanted and stderr is a terminal, redrawn when the percentage moves. */
typedef struct cli_progress {
    bool on;
    int shown;       /* the percentage on screen; -1: none */
    char label[96];
} cli_progress;

cli_progress cli_progress_begin(bool wanted);
void cli_progress_label(cli_progress *p, const char *fmt, ...) CLI_PRINTF(2, 3);
void cli_progress_show(cli_progress *p, long done, long total);
/* Clears the line, if one is shown. */
void cli_progress_end(cli_progress *p);

#endif
