/* The program's commands: run, check and replay, and its help. */
#ifndef FL_CLI_H
#define FL_CLI_H

#include <stdio.h>
#include "cmdline.h"
#include "flotsam/flotsam.h"

/* `flotsam run` and `flotsam check`, given the arguments after the command
 * name; they return the exit status. */
int cli_run(int argc, char **argv);
int cli_check(int argc, char **argv);
/* `flotsam replay` (replay.c). */
int cli_replay(int argc, char **argv);
/* `flotsam stability` (stability.c). */
int cli_stability(int argc, char **argv);
/* `flotsam hydrostatics` (hydrostatics.c). */
int cli_hydrostatics(int argc, char **argv);

/* The curves of form of n rows as a chart (hydrostatics.c): KB and KM, BM
 * and the displacement against draft; v is room for 5 n doubles, which
 * the chart points into. */
struct chart;
struct form_row;
void form_chart(struct chart *ch, const struct form_row *rows, int n, double *v, const char *title);

/* The GZ curve as a chart (stability.c): GM's tangent at rest, the largest
 * arm, where it vanishes and where the body rests (marks[0 .. 2] take
 * their labels from the caller; *largest etc. are room for them). */
struct gz_curve;
struct chart stability_chart(const struct gz_curve *c, const char *title, char largest[64],
                             char vanish[64], char rest[64]);

/* --state-out FILE and the picture options (pictures.h), shared by run and
 * replay: reads the option at argv[*i] if it is one of them, moving *i past
 * its value; returns CLI_OK, a usage error's status, or -1 for neither. */
struct picture_options;
int cli_output_option(int argc, char **argv, int *i, const char **state_out,
                      struct picture_options *pictures);

/* After a run of `steps` steps: the finiteness check, then the state JSON
 * into state_out ('-': stdout) or, when it is NULL, a summary on stdout.
 * Returns the exit status. */
int cli_report(const char *name, const char *state_out, long steps, fl_sim *s);

/* Before the work: can the output path be written ('-', stdout, and NULL
 * pass)? Says why not on stderr; returns CLI_OK or CLI_FAILED. */
int cli_output_check(const char *path);
/* Writes path through write ('-': stdout), the safe way (fl_write_file);
 * says why it failed on stderr; returns CLI_OK or CLI_FAILED. */
int cli_output_write(const char *path, fl_file_writer write, void *ctx);

void cli_help(FILE *f);
/* One command's help (run, replay, stability, check; bench points to
 * flotsam-bench); false for a command there is none of. */
bool cli_command_help(const char *command, FILE *f);
/* A parser's answer to --help or -h: prints the command's help on stdout and
 * returns CLI_ANSWERED, which the command ends with as exit status 0. */
enum { CLI_ANSWERED = -2 };
int cli_answer_help(const char *command);
void cli_version(FILE *f);

#endif
