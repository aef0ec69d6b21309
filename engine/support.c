/* The support pass: one more pass over the contact rows after the solver's
 * passes, from the ground up, each row pushing only its upper body.
 *
 * Sequential impulses carry a load through a light body slowly: a heavy box
 * landing on a light one that rests on the floor shares its speed with the
 * light one, the floor stops the light one, and so on, each pass taking
 * only a part m_light / (m_heavy + m_light) of the heavy box's speed away.
 * At a mass ratio of 100, ten passes stop a tenth of it, and the light box
 * is pressed into the floor.
 *
 * What the floor does to a pile, it does from the bottom: it holds what
 * rests on it, which holds what rests on that. So the rows are taken in
 * order of their lower body's depth in the pile (the number of contacts
 * between it and something that cannot move: 0 for the unmovable, 1 for
 * what touches them, ...), and each row pushes only its upper body, as if
 * the lower one, already held by the rows before it, were fixed. A row's
 * push only adds to its impulse (never pulls), only to stop an approach
 * (or an overlap, in the position pass), and adds to the impulse the row
 * reports and the next step starts warm from, which the passes then share
 * between both bodies as they should. Rows between bodies equally deep
 * are solved as usual; rows of bodies that reach no unmovable body at all
 * (floats touching only each other) are left to the passes.
 *
 * (Guendelman, Bridson and Fedkiw's "shock propagation", 2003, is the same
 * idea applied to a whole solve.) */
#include <limits.h>

#include "solver_rows.h"

#define UNREACHED INT_MAX

static bool unmovable(const fl_motion *m) { return m->im == 0.0 && m->ii == 0.0; }

/* depth[i] for every motion: breadth first from the unmovable ones over
 * the rows (head, adj: the rows' bodies as adjacency lists; queue:
 * scratch). */
static void find_depths(const contact_row *r, int rows, const fl_motion *m, int motions,
                        int *depth, int *head, int *adj, int *queue)
{
    for (int i = 0; i <= motions; i++)
        head[i] = 0;
    for (int j = 0; j < rows; j++) {
        head[r[j].ia + 1]++;
        head[r[j].ib + 1]++;
    }
    for (int i = 0; i < motions; i++)
        head[i + 1] += head[i];
    /* queue[i], for now: where motion i's next neighbour goes */
    for (int i = 0; i < motions; i++)
        queue[i] = head[i];
    for (int j = 0; j < rows; j++) {
        adj[queue[r[j].ia]++] = r[j].ib;
        adj[queue[r[j].ib]++] = r[j].ia;
    }
    int tail = 0;
    for (int i = 0; i < motions; i++) {
        depth[i] = unmovable(&m[i]) ? 0 : UNREACHED;
        if (depth[i] == 0 && head[i + 1] > head[i])
            queue[tail++] = i;
    }
    for (int k = 0; k < tail; k++) {
        int i = queue[k];
        for (int e = head[i]; e < head[i + 1]; e++) {
            int o = adj[e];
            if (depth[o] == UNREACHED) {
                depth[o] = depth[i] + 1;
                queue[tail++] = o;
            }
        }
    }
}

static int lower_depth(const contact_row *r, const int *depth)
{
    int a = depth[r->ia], b = depth[r->ib];
    return a < b ? a : b;
}

void fl_support_order(fl_world *w, int rows)
{
    w->support_count = 0;
    const contact_row *r = w->rows;
    int motions = 2 * (w->body_count + 1); /* the bodies, the ground, their twins */
    int need = rows + 3 * motions + 1 + 2 * rows;
    int *block = fl_world_grow(w, w->support, &w->support_capacity, need, sizeof *block);
    if (!block)
        return; /* out of memory: the passes alone, as before */
    w->support = block;
    int *order = block, *depth = order + rows, *head = depth + motions;
    int *queue = head + motions + 1, *adj = queue + motions;
    find_depths(r, rows, w->motions, motions, depth, head, adj, queue);
    /* The rows with a reached body, by their lower body's depth (a
     * counting sort: head counts each depth's rows; depths are < motions). */
    for (int i = 0; i <= motions; i++)
        head[i] = 0;
    for (int j = 0; j < rows; j++) {
        int d = lower_depth(&r[j], depth);
        if (d != UNREACHED)
            head[d + 1]++;
    }
    for (int i = 0; i < motions; i++)
        head[i + 1] += head[i];
    w->support_count = head[motions];
    w->support_depth = depth;
    for (int j = 0; j < rows; j++) {
        int d = lower_depth(&r[j], depth);
        if (d != UNREACHED)
            order[head[d]++] = j;
    }
}

/* The normal block of a row with one body fixed (its inverse mass and
 * inertia zero in pm). */
static row_block block_with(const contact_row *r, pair_mass pm)
{
    row_block k = {0.0, 0.0, 0.0, 0.0, {0.0, 0.0}};
    const row_point *p1 = &r->points[0], *p2 = &r->points[1];
    double im = pm.ima + pm.imb;
    k.k11 = im + pm.iia * p1->rna * p1->rna + pm.iib * p1->rnb * p1->rnb;
    k.mass[0] = k.k11 > 0.0 ? 1.0 / k.k11 : 0.0;
    if (r->count == 2) {
        k.k22 = im + pm.iia * p2->rna * p2->rna + pm.iib * p2->rnb * p2->rnb;
        k.k12 = im + pm.iia * p1->rna * p2->rna + pm.iib * p1->rnb * p2->rnb;
        k.mass[1] = k.k22 > 0.0 ? 1.0 / k.k22 : 0.0;
        double det = k.k11 * k.k22 - k.k12 * k.k12;
        if (k.k11 * k.k11 < MAX_CONDITION * det)
            k.inv_det = 1.0 / det;
    }
    return k;
}

/* Pushes row r's upper body (both, if they are as deep) until no point
 * closes faster than its floor allows less `give`, adding to the row's
 * support impulses. */
static void support_row(const contact_row *r, const int *depth, fl_motion *m, double give,
                        double *acc)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    bool a_lower = depth[r->ia] < depth[r->ib], b_lower = depth[r->ib] < depth[r->ia];
    if (a_lower)
        pm.ima = pm.iia = 0.0;
    else if (b_lower)
        pm.imb = pm.iib = 0.0;
    /* A lower body moving into the upper one is not followed: the push
     * would give the upper body its speed with nothing taken from the
     * lower one. The passes share that approach between the two; the
     * support pass only stops the upper body's own. */
    const fl_twist still = {{0.0, 0.0}, 0.0};
    double floor[2] = {0.0, 0.0};
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        floor[i] = p->floor - give;
        if (a_lower)
            floor[i] -= fl_max(speed_along(&a->vel, &still, r->normal, p->rna, 0.0), 0.0);
        else if (b_lower)
            floor[i] -= fl_max(-speed_along(&still, &b->vel, r->normal, 0.0, p->rnb), 0.0);
    }
    bool closing = false;
    for (int i = 0; i < r->count; i++)
        closing = closing || speed_along(&a->vel, &b->vel, r->normal, r->points[i].rna,
                                         r->points[i].rnb) < floor[i];
    if (!closing)
        return; /* the passes left nothing to hold */
    row_block k = block_with(r, pm);
    double add[2] = {0.0, 0.0};
    if (!(r->count == 2 && k.inv_det != 0.0 &&
          solve_block(r, k, &a->vel, &b->vel, pm, floor, &add[0], &add[1])))
        for (int i = 0; i < r->count; i++)
            push_normal(&a->vel, &b->vel, pm, r->normal, &r->points[i], k.mass[i], floor[i],
                        &add[i]);
    for (int i = 0; i < r->count; i++)
        acc[i] += add[i];
}

void fl_support_pass(fl_world *w, double give)
{
    const int *order = w->support, *depth = w->support_depth;
    for (int k = 0; k < w->support_count; k++) {
        int j = order[k];
        support_row(&w->rows[j], depth, w->motions, give, w->impulses[j].support);
    }
}
