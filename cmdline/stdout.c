/* The end of a program's output: what stdout could not take is a failure
 * (a full disk), said once. A reader that went away (`| head -1`) ends the
 * program by SIGPIPE, quietly, as it does other tools: the shell reports
 * status 141. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmdline.h"

void cli_quiet_on_closed_pipe(void) { signal(SIGPIPE, SIG_DFL); }

void cli_buffer_stdout(void)
{
    /* glibc takes the size only with a buffer of ours. */
    static char buffer[CLI_STDOUT_BUFFER];
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

int cli_finish_stdout(int rc)
{
    errno = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int why = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        why = errno;
    }
    if (!failed)
        return rc;
    /* SIGPIPE ignored by whoever started us: a closed pipe, still quiet. */
    if (why != EPIPE && rc == CLI_OK)
        fprintf(stderr, "%s: cannot write to stdout: %s\n", cli_program(),
                strerror(why ? why : EIO));
    return rc == CLI_OK ? CLI_FAILED : rc;
}
