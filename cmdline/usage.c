/* The program's name, and the one way a usage error is reported. */
#include <stdarg.h>
#include <stdio.h>
#include "cmdline.h"

static const char *program = "flotsam";

void cli_set_program(const char *name) { program = name; }

const char *cli_program(void) { return program; }

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", program);
    va_end(ap);
    return CLI_BAD_INPUT;
}
