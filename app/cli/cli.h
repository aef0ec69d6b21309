/* The program's commands: run and check, and its help. */
#ifndef FL_CLI_H
#define FL_CLI_H

#include <stdio.h>
#include "cmdline.h"

/* `flotsam run` and `flotsam check`, given the arguments after the command
 * name; they return the exit status. */
int cli_run(int argc, char **argv);
int cli_check(int argc, char **argv);

void cli_help(FILE *f);
void cli_version(FILE *f);

#endif
