/* A stable merge sort of index arrays, for the engine's deterministic orders. */
#ifndef FL_SORT_H
#define FL_SORT_H

#include <stdbool.h>

/* less(ctx, a, b): must index a come before index b? */
typedef bool (*fl_less_fn)(const void *ctx, int a, int b);

/* Sorts idx[0..n) stably; tmp needs room for n ints. */
void sort_indices(int *idx, int *tmp, int n, fl_less_fn less, const void *ctx);

#endif
