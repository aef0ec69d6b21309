/* The order the solver's passes take a step's contact rows in, and the two
 * halves of it that may be solved at the same time.
 *
 * Sequential impulses are Gauss-Seidel: each row works on the velocities
 * the rows before it left, so the rows cannot simply be dealt out to
 * threads. But two rows that share no moving body do not see each other at
 * all. A big world is cut in two at the mean x of its moving bodies: the
 * rows whose moving bodies are all on the left, then those all on the
 * right, then the few that reach across. Every pass takes the left rows and
 * the right rows (the two may run at once, fl_task_runner) and then the
 * rows across, so the result is the same however the halves are run.
 *
 * Static bodies belong to no side: their velocities never change (their
 * inverse masses are zero), but the passes write them back all the same, so
 * the right half reads and writes a twin of each one, a copy of its motion
 * after the real ones; the left half and the rows across use the real one.
 *
 * A small world (fewer than SPLIT_ROWS rows) is not cut: its rows keep the
 * order they were found in, and it steps as it always did. */
#include "solver_rows.h"

#define SPLIT_ROWS 2048

/* -1: left of the cut, 1: right of it, 0: unmovable (no side). */
static int side_of(const fl_world *w, int i, double cut)
{
    if (motion_unmovable(&w->motions[i]))
        return 0;
    return w->positions[i].x < cut ? -1 : 1;
}

static double cut_of(const fl_world *w)
{
    double sum = 0.0;
    int n = 0;
    for (int i = 0; i < w->body_count; i++) {
        if (!motion_unmovable(&w->motions[i])) {
            sum += w->positions[i].x;
            n++;
        }
    }
    return n > 0 ? sum / n : 0.0;
}

void split_rows(fl_world *w, contact_row *r, int rows, int bounds[2])
{
    FL_ASSERT(rows >= 0 && (rows == 0 || w->row_order));
    int *order = w->row_order;
    bounds[0] = bounds[1] = 0; /* no halves: every row in the last list */
    for (int i = 0; i < rows && rows < SPLIT_ROWS; i++)
        order[i] = i;
    if (rows < SPLIT_ROWS)
        return;
    const fl_motion *m = w->motions;
    double cut = cut_of(w);
    /* Three passes over the sides keep each list in the order found. */
    int n = 0;
    for (int want = -1; want <= 1; want += 2) {
        for (int i = 0; i < rows; i++) {
            int a = side_of(w, r[i].ia, cut), b = side_of(w, r[i].ib, cut);
            if ((a == want || a == 0) && (b == want || b == 0) && (a != 0 || b != 0))
                order[n++] = i;
        }
        bounds[want < 0 ? 0 : 1] = n;
    }
    for (int i = 0; i < rows; i++) {
        int a = side_of(w, r[i].ia, cut), b = side_of(w, r[i].ib, cut);
        if (a * b < 0 || (a == 0 && b == 0))
            order[n++] = i;
    }
    /* every row in exactly one list: left, right, across */
    FL_ASSERT(n == rows && 0 <= bounds[0] && bounds[0] <= bounds[1] && bounds[1] <= rows);
    /* The right half's twins of the unmovable. */
    int twins = w->body_count + 1;
    FL_ASSERT(w->motion_capacity >= 2 * twins); /* with room for a twin of each (motions.c) */
    for (int k = bounds[0]; k < bounds[1]; k++) {
        contact_row *row = &r[order[k]];
        if (motion_unmovable(&m[row->ia])) {
            w->motions[twins + row->ia] = m[row->ia];
            row->ia += twins;
        }
        if (motion_unmovable(&m[row->ib])) {
            w->motions[twins + row->ib] = m[row->ib];
            row->ib += twins;
        }
    }
}
