/* Sampled series as CSV: a header row naming each column (with its unit),
 * then one row per sample, time first. The plot's data from the command
 * line (--plot FILE.csv) and from the window's export alike. */
#ifndef FL_SERIES_CSV_H
#define FL_SERIES_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct series_csv {
    const char *time_header;     /* e.g. "time (s)" */
    const char *const *headers;  /* `columns` of them */
    int columns;
    const double *t;             /* n times */
    const double *v;             /* n rows of `columns` values (NaN: none, written empty) */
    int n;
} series_csv;

/* Writes it (an fl_file_writer: ctx is a series_csv); false with why. */
bool series_csv_write(FILE *f, void *ctx, char *why, size_t why_size);

#endif
