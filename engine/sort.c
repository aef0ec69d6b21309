#include "sort.h"

void sort_indices(int *idx, int *tmp, int n, fl_less_fn less, const void *ctx)
{
    /* Bottom-up: runs of width 1, 2, 4, ... merged pairwise. */
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = less(ctx, idx[j], idx[i]) ? idx[j++] : idx[i++];
            while (i < mid)
                tmp[k++] = idx[i++];
            while (j < hi)
                tmp[k++] = idx[j++];
        }
        for (int i = 0; i < n; i++)
            idx[i] = tmp[i];
    }
}
