/* The progress line the long commands show on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include "cmdline.h"

cli_progress cli_progress_begin(bool wanted)
{
    cli_progress p = {wanted && isatty(STDERR_FILENO), -1, ""};
    return p;
}

void cli_progress_label(cli_progress *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->label, sizeof p->label, fmt, ap);
    va_end(ap);
    p->shown = -1;
}

void cli_progress_show(cli_progress *p, long done, long total)
{
    if (!p->on || total <= 0)
        return;
    int pct = (int)(done * 100 / total);
    if (pct == p->shown)
        return;
    p->shown = pct;
    fprintf(stderr, "\r\033[K%s: %sstep %ld of %ld (%d%%)", cli_program(), p->label, done, total, pct);
    fflush(stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (p->on && p->shown >= 0) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = -1;
}
