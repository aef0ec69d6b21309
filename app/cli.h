/* The command-line front end: one program, several commands. */
#ifndef FL_CLI_H
#define FL_CLI_H

#include "cmdline.h"
#include "scene.h"

/* Loads `path`, or the embedded default scene when path is NULL; prints
 * "FILE:LINE:COLUMN: message" on stderr and returns false on error. */
bool cli_load_scene(const char *path, scene *out);

int cli_check(int argc, char **argv);
int cli_run(int argc, char **argv);

#endif
