/* Sampled series as CSV (series_csv.h). */
#include <errno.h>
#include <math.h>
#include <string.h>
#include "series_csv.h"

/* A header cell, quoted when it holds a comma or a quote. */
static void cell(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

bool series_csv_write(FILE *f, void *ctx, char *why, size_t why_size)
{
    const series_csv *c = ctx;
    cell(f, c->time_header);
    for (int k = 0; k < c->columns; k++) {
        fputc(',', f);
        cell(f, c->headers[k]);
    }
    fputc('\n', f);
    for (int i = 0; i < c->n; i++) {
        fprintf(f, "%.10g", c->t[i]);
        for (int k = 0; k < c->columns; k++) {
            double v = c->v[(size_t)i * (size_t)c->columns + (size_t)k];
            if (isfinite(v))
                fprintf(f, ",%.10g", v);
            else
                fputc(',', f);
        }
        fputc('\n', f);
    }
    if (ferror(f)) {
        snprintf(why, why_size, "%s", strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}
