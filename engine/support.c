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
 * what they hold, ...), and each row pushes only its upper body, as if
 * the lower one, already held by the rows before it, were fixed. A body
 * holds only along what holds it: a row counts if its normal lies within
 * 60 degrees of the lower body's own holding row's (HELD_COS), so a box
 * held from the side by a wall holds up nothing. A row's push only adds to
 * its impulse (never pulls), only to stop an approach, lets a point close
 * at `give` still, and never makes the upper body follow a lower one
 * moving into it (that speed would come from nothing). What it adds is
 * reported with the row's impulse but not carried to the next step, which
 * finds its own. Rows between bodies equally deep, or where neither holds
 * the other, and rows of bodies that reach nothing unmovable (floats
 * touching only each other) are left to the passes.
 *
 * (Guendelman, Bridson and Fedkiw's "shock propagation", 2003, is the same
 * idea applied to a whole solve.) */
#include <limits.h>

#include "arena.h"
#include "solver_rows.h"

#define UNREACHED INT_MAX
/* How nearly a row must push along what holds its lower body (the cosine
 * between its normal and the lower body's own support's) for the lower
 * body to hold the upper one: a body held only from the side by a wall
 * does not hold up what rests on it. */
#define HELD_COS 0.5

/* Row j's normal pointing away from its end i. */
static fl_vec2 normal_from(const contact_row *r, int j, int i)
{
    return r[j].ia == i ? r[j].normal : fl_scale(r[j].normal, -1.0);
}

/* Whether motion i, held as up[i] says (the normal of the row that holds
 * it, from its vessel towards it), holds what row j pushes it against. */
static bool holds(const contact_row *r, int j, int i, const fl_motion *m, const fl_vec2 *up)
{
    return motion_unmovable(&m[i]) || fl_dot(normal_from(r, j, i), up[i]) > HELD_COS;
}

/* depth[i] and up[i] for every motion: breadth first from the unmovable
 * ones over the rows that hold (head, adj: each motion's rows; queue:
 * scratch). The motions past `kept` are the twins of unmovable ones
 * (split.c), written only where a row uses them. */
static void find_depths(const contact_row *r, int rows, const fl_motion *m, int kept, int motions,
                        int *depth, fl_vec2 *up, int *head, int *adj, int *queue)
{
    for (int i = 0; i <= motions; i++)
        head[i] = 0;
    for (int j = 0; j < rows; j++) {
        head[r[j].ia + 1]++;
        head[r[j].ib + 1]++;
    }
    for (int i = 0; i < motions; i++)
        head[i + 1] += head[i];
    /* queue[i], for now: where motion i's next row goes */
    for (int i = 0; i < motions; i++)
        queue[i] = head[i];
    for (int j = 0; j < rows; j++) {
        adj[queue[r[j].ia]++] = j;
        adj[queue[r[j].ib]++] = j;
    }
    int tail = 0;
    for (int i = 0; i < motions; i++) {
        depth[i] = i >= kept || motion_unmovable(&m[i]) ? 0 : UNREACHED;
        if (depth[i] == 0 && head[i + 1] > head[i])
            queue[tail++] = i;
    }
    for (int k = 0; k < tail; k++) {
        int i = queue[k];
        for (int e = head[i]; e < head[i + 1]; e++) {
            int j = adj[e], o = r[j].ia == i ? r[j].ib : r[j].ia;
            if (depth[o] == UNREACHED && holds(r, j, i, m, up)) {
                depth[o] = depth[i] + 1;
                up[o] = normal_from(r, j, i);
                queue[tail++] = o;
            }
        }
    }
}

/* The end of row j that holds the other (0: ia, 1: ib), or -1. */
static int vessel_of(const contact_row *r, int j, const int *depth, const fl_motion *m,
                     const fl_vec2 *up)
{
    int a = depth[r[j].ia], b = depth[r[j].ib];
    if (a < b && holds(r, j, r[j].ia, m, up))
        return 0;
    if (b < a && holds(r, j, r[j].ib, m, up))
        return 1;
    return -1;
}

void support_take(fl_world *w, int rows)
{
    int motions = 2 * (w->body_count + 1); /* the bodies, the ground, their twins */
    /* the order, then scratch: depth, head, queue and adjacency */
    w->support = arena_take(&w->arena, rows + 3 * motions + 1 + 2 * rows, sizeof *w->support);
    w->support_up = arena_take(&w->arena, motions, sizeof *w->support_up);
}

void support_order(fl_world *w, int rows)
{
    w->support_count = 0;
    const contact_row *r = w->rows;
    const fl_motion *m = w->motions;
    int motions = 2 * (w->body_count + 1); /* the bodies, the ground, their twins */
    int *block = w->support;
    fl_vec2 *up = w->support_up;
    int *order = block, *depth = order + rows, *head = depth + motions;
    int *queue = head + motions + 1, *adj = queue + motions;
    find_depths(r, rows, m, w->body_count + 1, motions, depth, up, head, adj, queue);
    /* The rows whose one end holds the other, by the vessel's depth (a
     * counting sort: head counts each depth's rows; depths are < motions),
     * each as 2 j + the vessel's end; adj, done with, keeps each row's
     * vessel between the two loops. */
    int *vessel = adj;
    for (int i = 0; i <= motions; i++)
        head[i] = 0;
    for (int j = 0; j < rows; j++) {
        vessel[j] = vessel_of(r, j, depth, m, up);
        if (vessel[j] >= 0)
            head[depth[vessel[j] ? r[j].ib : r[j].ia] + 1]++;
    }
    for (int i = 0; i < motions; i++)
        head[i + 1] += head[i];
    w->support_count = head[motions];
    FL_ASSERT(w->support_count <= rows); /* each row once at most */
    for (int j = 0; j < rows; j++)
        if (vessel[j] >= 0)
            order[head[depth[vessel[j] ? r[j].ib : r[j].ia]]++] = 2 * j + vessel[j];
}

/* Pushes row r's upper body (the other end from `vessel`, 0: ia, 1: ib)
 * until no point closes faster than its floor allows less `give`, adding
 * to the row's support impulses. */
static void support_row(const contact_row *r, int vessel, fl_motion *m, double give, double *acc)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    if (vessel == 0)
        pm.ima = pm.iia = 0.0;
    else
        pm.imb = pm.iib = 0.0;
    /* A lower body moving into the upper one is not followed: the push
     * would give the upper body its speed with nothing taken from the
     * lower one. The passes share that approach between the two; the
     * support pass only stops the upper body's own. */
    const fl_twist still = {{0.0, 0.0}, 0.0};
    double floor[2] = {0.0, 0.0};
    bool closing = false;
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        double into = vessel == 0 ? speed_along(&a->vel, &still, r->normal, p->rna, 0.0)
                                  : -speed_along(&still, &b->vel, r->normal, 0.0, p->rnb);
        floor[i] = p->floor - give - fl_max(into, 0.0);
        closing = closing || speed_along(&a->vel, &b->vel, r->normal, p->rna, p->rnb) < floor[i];
    }
    if (!closing)
        return; /* the passes left nothing to hold */
    row_block k = row_block_for(r, pm); /* with the vessel fixed */
    double add[2] = {0.0, 0.0};
    if (!(r->count == 2 && k.inv_det != 0.0 &&
          solve_block(r, k, &a->vel, &b->vel, pm, floor, &add[0], &add[1])))
        for (int i = 0; i < r->count; i++)
            push_normal(&a->vel, &b->vel, pm, r->normal, &r->points[i], k.mass[i], floor[i],
                        &add[i]);
    for (int i = 0; i < r->count; i++)
        acc[i] += add[i];
}

void support_pass(fl_world *w, double give)
{
    for (int k = 0; k < w->support_count; k++) {
        int j = w->support[k] >> 1;
        support_row(&w->rows[j], w->support[k] & 1, w->motions, give, w->impulses[j].support);
    }
}
