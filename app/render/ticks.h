/* Axis ticks at round numbers: steps of 1, 2 or 5 times a power of ten,
 * labelled with just the digits the step needs. For the charts (chart.c),
 * the window's live plot and its stability curve. */
#ifndef FL_TICKS_H
#define FL_TICKS_H

#include <stddef.h>

typedef struct ticks {
    double first, step; /* the ticks: first, first + step, ... (count of them) */
    int count;
    int decimals;       /* digits after the point each label needs (-1: %g) */
} ticks;

/* Ticks for values from lo to hi, at most `most` of them (at least 2):
 * the smallest 1-2-5 step that needs no more, the first at or above lo. */
ticks ticks_for(double lo, double hi, int most);
/* The range widened to whole steps: lo down and hi up to a tick. */
void ticks_widen(double *lo, double *hi, int most);
/* Tick k's value (0 where it is zero but for rounding), and its label. */
double ticks_value(const ticks *t, int k);
void ticks_label(const ticks *t, int k, char *out, size_t size);

#endif
