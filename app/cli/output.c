/* The commands' output files: checked before the work, written the safe
 * way (out_files.h), '-' meaning stdout where a command takes it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "out_files.h"

int cli_output_check(const char *path)
{
    char err[512];
    if (!path || !strcmp(path, "-") || out_check(path, err, sizeof err))
        return CLI_OK;
    fprintf(stderr, "%s: %s\n", cli_program(), err);
    return CLI_FAILED;
}

int cli_output_write(const char *path, fl_file_writer write, void *ctx)
{
    char err[512] = "", why[256] = "";
    bool ok;
    if (!strcmp(path, "-")) {
        errno = 0;
        ok = write(stdout, ctx, why, sizeof why) && fflush(stdout) == 0;
        if (!ok)
            snprintf(err, sizeof err, "cannot write to stdout: %s",
                     why[0] ? why : strerror(errno ? errno : EIO));
    } else {
        ok = out_write(path, write, ctx, err, sizeof err);
    }
    if (!ok)
        fprintf(stderr, "%s: %s\n", cli_program(), err);
    return ok ? CLI_OK : CLI_FAILED;
}
