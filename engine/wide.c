/* The solver's passes four rows at a time.
 *
 * Two rows that share no moving body do not see each other: solved at
 * once or one after the other, they come out the same. Each part of the
 * split (split.c) is coloured, every row taking the first of COLOURS
 * colours that no other row of its moving bodies has taken (static bodies
 * do not count: nothing moves them), and the rows of a colour are dealt
 * into batches of four, one row a lane. A pass takes the batches colour by
 * colour, each as one solve of four rows side by side (lanes.h), then the
 * rows left over one at a time: the rows past the last colour, and the
 * rows that can bounce (restitution watches their impulses pass by pass).
 *
 * A batch is the rows' numbers lane by lane, packed at each substep's
 * start from the rows (contact_row) and their impulses (row_impulse), and
 * its impulses handed back after the passes: what follows (the support
 * pass, restitution, the substeps' sums, the contacts' reports) reads the
 * rows as before. The solve is solve_row's (solver.c): in the last pass,
 * normals and friction at once (contact_block.h) where a case of
 * Coulomb's law fits; else friction, both normal points as one block where
 * they have one, the cone again; the position rows where a lane has a
 * target. A lane with no row works on
 * the ground (or its twin in the right half), with nothing to push. */
#include <string.h>
#include "arena.h"
#include "lanes.h"
#include "solver_rows.h"

#define COLOURS 32

typedef struct wide_row {
    int ia[FL_LANES], ib[FL_LANES]; /* the bodies' places in the motions */
    int points;               /* 2: a lane has a second point */
    lane nx, ny, friction;
    lane ima, iia, imb, iib;
    lane rna[2], rnb[2], rta[2], rtb[2];
    lane normal_mass[2], tangent_mass[2];
    lane floor[2], target[2];
    lane k11, k12, k22, inv_det;
    lane_mask correct;        /* lanes with a position target */
} wide_row;

typedef struct wide_impulse {
    lane normal[2], tangent[2], bias[2];
} wide_impulse;

/* ---- planning and packing: colours and batches, once a step ----------- */

void wide_take(fl_world *w, int rows)
{
    step_arena *a = &w->arena;
    /* at most: a colour's rows in full batches, and one short batch a
     * colour in each of the three parts */
    int batches = rows / FL_LANES + 3 * COLOURS + 1;
    w->wide = arena_take(a, batches, sizeof *w->wide);
    w->wide_impulses = arena_take(a, batches, sizeof *w->wide_impulses);
    w->wide_lanes = arena_take(a, FL_LANES * batches, sizeof *w->wide_lanes);
    w->colours = arena_take(a, 2 * (w->body_count + 1), sizeof *w->colours);
    w->colour_scratch = arena_take(a, 2 * rows, sizeof *w->colour_scratch);
}

/* A row left to the one-at-a-time sweep: one that can bounce. */
static bool single_row(const fl_world *w, const contact_row *r)
{
    return w->contacts.items[r->contact].restitution > 0.0;
}

/* Batch b's lanes from its rows and their impulses. */
static void pack_batch(fl_world *w, int b)
{
    const fl_motion *m = w->motions;
    wide_row *wr = &w->wide[b];
    wide_impulse *wi = &w->wide_impulses[b];
    memset(wi, 0, sizeof *wi);
    for (int j = 0; j < FL_LANES; j++) {
        int i = w->wide_lanes[FL_LANES * b + j];
        const contact_row *r = i >= 0 ? &w->rows[i] : NULL;
        const row_impulse *imp = i >= 0 ? &w->impulses[i] : NULL;
        int count = r ? r->count : 0;
        wr->nx[j] = r ? r->normal.x : 0.0;
        wr->ny[j] = r ? r->normal.y : 0.0;
        wr->friction[j] = r ? r->friction : 0.0;
        wr->ima[j] = m[wr->ia[j]].im;
        wr->iia[j] = m[wr->ia[j]].ii;
        wr->imb[j] = m[wr->ib[j]].im;
        wr->iib[j] = m[wr->ib[j]].ii;
        wr->k11[j] = r ? r->k11 : 0.0;
        wr->k12[j] = r ? r->k12 : 0.0;
        wr->k22[j] = r ? r->k22 : 0.0;
        wr->inv_det[j] = r ? r->inv_det : 0.0;
        wr->correct[j] = r && row_corrects(r) ? -1 : 0;
        for (int k = 0; k < 2; k++) {
            const row_point *p = k < count ? &r->points[k] : NULL;
            wr->rna[k][j] = p ? p->rna : 0.0;
            wr->rnb[k][j] = p ? p->rnb : 0.0;
            wr->rta[k][j] = p ? p->rta : 0.0;
            wr->rtb[k][j] = p ? p->rtb : 0.0;
            wr->normal_mass[k][j] = p ? p->normal_mass : 0.0;
            wr->tangent_mass[k][j] = p ? p->tangent_mass : 0.0;
            wr->floor[k][j] = p ? p->floor : 0.0;
            wr->target[k][j] = p ? p->target : 0.0;
            if (p) {
                wi->normal[k][j] = imp->normal[k];
                wi->tangent[k][j] = imp->tangent[k];
                wi->bias[k][j] = imp->bias[k];
            }
        }
    }
}

void wide_pack(fl_world *w)
{
    for (int b = 0; b < w->wide_parts[3]; b++)
        pack_batch(w, b);
}

/* Where a row goes within its colour: those with a position target
 * first, and of each, those with two points first. The position rows are
 * solved for a batch with any lane that has one, and the second point's
 * for a batch with any two-point row: rows of a kind together make fewer
 * of both. (The order within a colour changes nothing else.) */
#define KINDS 4
static int kind_of(const contact_row *r)
{
    return (row_corrects(r) ? 0 : 2) + (r->count == 2 ? 0 : 1);
}

/* Colours the n rows listed (a part of row_order), deals those with a
 * colour into batches from w->wide[*batches] on and packs them, and
 * leaves the others at the list's start, in order; returns how many it
 * left. `fresh`: the rows' bodies have taken no colour yet (else they are
 * cleared first). */
static int colour_part(fl_world *w, const contact_row *r, int *list, int n, int empty, bool fresh,
                       int *batches)
{
    const fl_motion *m = w->motions;
    uint32_t *used = w->colours;
    int *key = w->colour_scratch, *sorted = w->colour_scratch + n;
    enum { SINGLE = COLOURS * KINDS };
    int count[SINGLE + 1] = {0};
    for (int k = 0; k < n && !fresh; k++)
        used[r[list[k]].ia] = used[r[list[k]].ib] = 0;
    for (int k = 0; k < n; k++) {
        const contact_row *row = &r[list[k]];
        bool ma = !motion_unmovable(&m[row->ia]), mb = !motion_unmovable(&m[row->ib]);
        uint32_t taken = (ma ? used[row->ia] : 0) | (mb ? used[row->ib] : 0);
        key[k] = SINGLE;
        if (~taken != 0 && !single_row(w, row)) {
            int c = __builtin_ctz(~taken);
            if (ma)
                used[row->ia] |= 1u << c;
            if (mb)
                used[row->ib] |= 1u << c;
            key[k] = c * KINDS + kind_of(row);
        }
        count[key[k]]++;
    }
    /* Sorted by colour and kind, each in the list's order. */
    int start[SINGLE + 2];
    start[0] = 0;
    for (int c = 0; c <= SINGLE; c++)
        start[c + 1] = start[c] + count[c];
    int at[SINGLE + 1];
    for (int c = 0; c <= SINGLE; c++)
        at[c] = start[c];
    for (int k = 0; k < n; k++)
        sorted[at[key[k]]++] = list[k];
    for (int c = 0; c < COLOURS; c++) {
        int end = start[(c + 1) * KINDS];
        for (int k = start[c * KINDS]; k < end; k += FL_LANES) {
            wide_row *b = &w->wide[*batches];
            int *lanes = &w->wide_lanes[FL_LANES * *batches];
            b->points = 1;
            for (int j = 0; j < FL_LANES; j++) {
                int i = k + j < end ? sorted[k + j] : -1;
                lanes[j] = i;
                b->ia[j] = i >= 0 ? r[i].ia : empty;
                b->ib[j] = i >= 0 ? r[i].ib : empty;
                if (i >= 0 && r[i].count == 2)
                    b->points = 2;
            }
            pack_batch(w, (*batches)++);
        }
    }
    int singles = count[SINGLE];
    for (int k = 0; k < singles; k++)
        list[k] = sorted[start[SINGLE] + k];
    return singles;
}

void wide_plan(fl_world *w, const contact_row *r, int rows, const int bounds[2])
{
    FL_ASSERT(0 <= bounds[0] && bounds[0] <= bounds[1] && bounds[1] <= rows);
    int from[3] = {0, bounds[0], bounds[1]}, to[3] = {bounds[0], bounds[1], rows};
    int batches = 0;
    /* The ground's twin, for the right half's empty lanes. */
    int ground = w->body_count, twin = 2 * w->body_count + 1;
    w->motions[twin] = w->motions[ground];
    /* The halves share no moving body; the rows across do. */
    memset(w->colours, 0, (size_t)(twin + 1) * sizeof *w->colours);
    for (int p = 0; p < 3; p++) {
        w->wide_parts[p] = batches;
        int singles = to[p] - from[p];
        if (singles > 0)
            singles = colour_part(w, r, &w->row_order[from[p]], to[p] - from[p],
                                  p == 1 ? twin : ground, p < 2, &batches);
        w->single_parts[p][0] = from[p];
        w->single_parts[p][1] = from[p] + singles;
    }
    w->wide_parts[3] = batches;
    /* the batches fit the room wide_take made, and each part's single
     * rows stay within its own stretch of row_order */
    FL_ASSERT(batches <= rows / FL_LANES + 3 * COLOURS + 1);
    for (int p = 0; p < 3; p++)
        FL_ASSERT(w->single_parts[p][0] <= w->single_parts[p][1] &&
                  w->single_parts[p][1] <= to[p]);
}

/* ---- handing the impulses back, after the passes ------------------------ */

void wide_unpack(fl_world *w)
{
    int batches = w->wide_parts[3];
    for (int b = 0; b < batches; b++) {
        const wide_impulse *wi = &w->wide_impulses[b];
        for (int j = 0; j < FL_LANES; j++) {
            int i = w->wide_lanes[FL_LANES * b + j];
            if (i < 0)
                continue;
            row_impulse *imp = &w->impulses[i];
            for (int k = 0; k < w->rows[i].count; k++) {
                imp->normal[k] = wi->normal[k][j];
                imp->tangent[k] = wi->tangent[k][j];
                imp->bias[k] = wi->bias[k][j];
            }
        }
    }
}

/* ---- the solve ---------------------------------------------------------- */

typedef struct wide_twist {
    lane vx, vy, w;
} wide_twist;

LANE_INLINE wide_twist gather(const fl_motion *m, const int at[FL_LANES], bool bias)
{
    const fl_twist *t[FL_LANES];
    for (int j = 0; j < FL_LANES; j++)
        t[j] = bias ? &m[at[j]].bias : &m[at[j]].vel;
    return (wide_twist){{t[0]->v.x, t[1]->v.x, t[2]->v.x, t[3]->v.x},
                        {t[0]->v.y, t[1]->v.y, t[2]->v.y, t[3]->v.y},
                        {t[0]->w, t[1]->w, t[2]->w, t[3]->w}};
}

/* Lanes that share an unmovable body write back what they read of it:
 * no impulse changes it. */
LANE_INLINE void scatter(fl_motion *m, const int at[FL_LANES], bool bias, const wide_twist *v)
{
    for (int j = 0; j < FL_LANES; j++) {
        fl_twist *t = bias ? &m[at[j]].bias : &m[at[j]].vel;
        *t = (fl_twist){{v->vx[j], v->vy[j]}, v->w[j]};
    }
}

LANE_INLINE lane wide_speed(const wide_twist *a, const wide_twist *b, lane dx, lane dy, lane ca,
                         lane cb)
{
    return (b->vx - a->vx) * dx + (b->vy - a->vy) * dy + b->w * cb - a->w * ca;
}

LANE_INLINE void wide_kick(wide_twist *a, wide_twist *b, const wide_row *r, lane dx, lane dy, lane ca,
                        lane cb, lane lambda)
{
    a->vx -= dx * lambda * r->ima;
    a->vy -= dy * lambda * r->ima;
    a->w -= r->iia * ca * lambda;
    b->vx += dx * lambda * r->imb;
    b->vy += dy * lambda * r->imb;
    b->w += r->iib * cb * lambda;
}

/* One normal point k pushed alone on the lanes `on`. */
LANE_INLINE void push_point(const wide_row *r, wide_twist *a, wide_twist *b, int k,
                            const lane floor[2], lane acc[2], lane_mask on)
{
    lane v = wide_speed(a, b, r->nx, r->ny, r->rna[k], r->rnb[k]);
    lane next = lane_max(acc[k] - r->normal_mass[k] * (v - floor[k]), lane_of(0.0));
    next = lane_select(on, next, acc[k]);
    wide_kick(a, b, r, r->nx, r->ny, r->rna[k], r->rnb[k], next - acc[k]);
    acc[k] = next;
}

/* solve_normals, lane by lane, on the lanes `on`: the two points as one
 * block where the row has one and a case of it fits, else one after the
 * other. */
LANE_INLINE void normals(const wide_row *r, wide_twist *a, wide_twist *b, const lane floor[2],
                         lane acc[2], lane_mask on)
{
    if (r->points == 1) {
        push_point(r, a, b, 0, floor, acc, on);
        return;
    }
    const lane zero = lane_of(0.0);
    lane x1 = acc[0], x2 = acc[1];
    lane q1 = wide_speed(a, b, r->nx, r->ny, r->rna[0], r->rnb[0]) - floor[0] -
              (r->k11 * x1 + r->k12 * x2);
    lane q2 = wide_speed(a, b, r->nx, r->ny, r->rna[1], r->rnb[1]) - floor[1] -
              (r->k12 * x1 + r->k22 * x2);
    /* both pushing; the first alone; the second alone; neither */
    lane y1 = (r->k12 * q2 - r->k22 * q1) * r->inv_det;
    lane y2 = (r->k12 * q1 - r->k11 * q2) * r->inv_det;
    lane_mask both = (lane_mask)(y1 >= zero) & (lane_mask)(y2 >= zero);
    lane f1 = -q1 * r->normal_mass[0];
    lane_mask first = (lane_mask)(f1 >= zero) & (lane_mask)(r->k12 * f1 + q2 >= zero);
    lane f2 = -q2 * r->normal_mass[1];
    lane_mask second = (lane_mask)(f2 >= zero) & (lane_mask)(r->k12 * f2 + q1 >= zero);
    lane_mask neither = (lane_mask)(q1 >= zero) & (lane_mask)(q2 >= zero);
    lane_mask block = (lane_mask)(r->inv_det != zero) & (both | first | second | neither) & on;
    lane b1 = lane_select(both, y1, lane_select(first, f1, zero));
    lane b2 = lane_select(both, y2, lane_select(first, zero, lane_select(second, f2, zero)));
    acc[0] = lane_select(block, b1, x1);
    acc[1] = lane_select(block, b2, x2);
    /* Both changes in one kick, as solve_block's (lanes off the block
     * change by nothing here) */
    lane d1 = acc[0] - x1, d2 = acc[1] - x2, d = d1 + d2;
    a->vx -= r->nx * d * r->ima;
    a->vy -= r->ny * d * r->ima;
    a->w -= r->iia * (r->rna[0] * d1 + r->rna[1] * d2);
    b->vx += r->nx * d * r->imb;
    b->vy += r->ny * d * r->imb;
    b->w += r->iib * (r->rnb[0] * d1 + r->rnb[1] * d2);
    /* the other lanes' points one after the other */
    lane_mask alone = on & ~block;
    if (lane_any(alone)) {
        push_point(r, a, b, 0, floor, acc, alone);
        push_point(r, a, b, 1, floor, acc, alone);
    }
}

/* Friction, lane by lane: each point's impulse solved within
 * |t| <= friction * normal (`solve`), or only brought back inside that
 * cone where the normal has fallen since (solve_row's last loop). */
LANE_INLINE void friction(const wide_row *r, wide_impulse *imp, wide_twist *a, wide_twist *b,
                          bool solve)
{
    lane tx = -r->ny, ty = r->nx;
    for (int k = 0; k < r->points; k++) {
        lane limit = r->friction * imp->normal[k];
        lane want = imp->tangent[k];
        if (solve)
            want -= r->tangent_mass[k] * wide_speed(a, b, tx, ty, r->rta[k], r->rtb[k]);
        else if (!lane_any((lane_mask)(want > limit) | (lane_mask)(want < -limit)))
            continue; /* inside the cone: nothing to bring back */
        lane next = lane_min(lane_max(want, -limit), limit);
        lane lambda = next - imp->tangent[k];
        imp->tangent[k] = next;
        wide_kick(a, b, r, tx, ty, r->rta[k], r->rtb[k], lambda);
    }
}


#define CB_NAME contact_cases
#define CB_COEF contact_coefficients
#define CB_T lane
#define CB_M lane_mask
#define CB_SEL(m, a, b) lane_select(m, a, b)
#define CB_NOT(m) (~(m))
#define CB_ANY(m) lane_any(m)
#include "contact_block.h"

/* solve_contact (solver.c), lane by lane: returns the lanes it solved
 * (their impulses and velocities set); the others are left as they were. */
LANE_INLINE lane_mask contact_block(const wide_row *r, wide_impulse *imp, wide_twist *a,
                                    wide_twist *b)
{
    const lane zero = lane_of(0.0);
    lane_mask two = (lane_mask)(r->normal_mass[1] != zero);
    lane_mask on = (lane_mask)(r->friction != zero) & ((lane_mask)(r->inv_det != zero) | ~two) &
                   (lane_mask)(r->normal_mass[0] != zero);
    two &= on;
    if (!lane_any(on))
        return on;
    lane tx = -r->ny, ty = r->nx;
    lane un1 = wide_speed(a, b, r->nx, r->ny, r->rna[0], r->rnb[0]) - r->floor[0];
    lane un2 = lane_select(two, wide_speed(a, b, r->nx, r->ny, r->rna[1], r->rnb[1]) - r->floor[1],
                           zero);
    lane ut1 = wide_speed(a, b, tx, ty, r->rta[0], r->rtb[0]);
    lane ut2 = lane_select(two, wide_speed(a, b, tx, ty, r->rta[1], r->rtb[1]), zero);
    lane n1 = imp->normal[0], n2 = lane_select(two, imp->normal[1], zero);
    lane t1 = imp->tangent[0], t2 = lane_select(two, imp->tangent[1], zero);
    lane kt[7], c[7];
    contact_coefficients(two, r->ima + r->imb, r->iia, r->iib, r->rna, r->rnb, r->rta, r->rtb,
                         r->k11, r->k12, r->k22, kt, c);
    lane y1, y2, s1, s2;
    lane_mask ok = contact_cases(on, two, r->friction, un1, un2, ut1, ut2, n1, n2, t1, t2, r->k11,
                                 r->k12, r->k22, kt[0], kt[1], kt[2], kt[3], kt[4], kt[5], kt[6],
                                 c, &y1, &y2, &s1, &s2);
    if (!lane_any(ok))
        return ok;
    wide_twist ta = *a, tb = *b;
    wide_kick(&ta, &tb, r, r->nx, r->ny, r->rna[0], r->rnb[0], y1 - n1);
    wide_kick(&ta, &tb, r, tx, ty, r->rta[0], r->rtb[0], s1 - t1);
    if (r->points == 2) {
        wide_kick(&ta, &tb, r, r->nx, r->ny, r->rna[1], r->rnb[1], y2 - n2);
        wide_kick(&ta, &tb, r, tx, ty, r->rta[1], r->rtb[1], s2 - t2);
    }
    a->vx = lane_select(ok, ta.vx, a->vx);
    a->vy = lane_select(ok, ta.vy, a->vy);
    a->w = lane_select(ok, ta.w, a->w);
    b->vx = lane_select(ok, tb.vx, b->vx);
    b->vy = lane_select(ok, tb.vy, b->vy);
    b->w = lane_select(ok, tb.w, b->w);
    imp->normal[0] = lane_select(ok, y1, imp->normal[0]);
    imp->tangent[0] = lane_select(ok, s1, imp->tangent[0]);
    imp->normal[1] = lane_select(ok & two, y2, imp->normal[1]);
    imp->tangent[1] = lane_select(ok & two, s2, imp->tangent[1]);
    return ok;
}

LANE_INLINE void solve_batch(const wide_row *r, wide_impulse *imp, fl_motion *m, bool block)
{
    wide_twist a = gather(m, r->ia, false), b = gather(m, r->ib, false);
    lane_mask done = {0, 0, 0, 0};
    if (block)
        done = contact_block(r, imp, &a, &b);
    if (!lane_all(done)) {
        wide_twist a0 = a, b0 = b;
        lane tangent0[2] = {imp->tangent[0], imp->tangent[1]};
        lane normal0[2] = {imp->normal[0], imp->normal[1]};
        friction(r, imp, &a, &b, true);
        normals(r, &a, &b, r->floor, imp->normal, (lane_mask){-1, -1, -1, -1});
        friction(r, imp, &a, &b, false);
        if (lane_any(done)) {
            a.vx = lane_select(done, a0.vx, a.vx);
            a.vy = lane_select(done, a0.vy, a.vy);
            a.w = lane_select(done, a0.w, a.w);
            b.vx = lane_select(done, b0.vx, b.vx);
            b.vy = lane_select(done, b0.vy, b.vy);
            b.w = lane_select(done, b0.w, b.w);
            for (int k = 0; k < 2; k++) {
                imp->tangent[k] = lane_select(done, tangent0[k], imp->tangent[k]);
                imp->normal[k] = lane_select(done, normal0[k], imp->normal[k]);
            }
        }
    }
    scatter(m, r->ia, false, &a);
    scatter(m, r->ib, false, &b);
    if (lane_any(r->correct)) {
        wide_twist ba = gather(m, r->ia, true), bb = gather(m, r->ib, true);
        normals(r, &ba, &bb, r->target, imp->bias, r->correct);
        scatter(m, r->ia, true, &ba);
        scatter(m, r->ib, true, &bb);
    }
}

LANE_INLINE void sweep_batches(fl_world *w, int part, bool block)
{
    for (int b = w->wide_parts[part]; b < w->wide_parts[part + 1]; b++)
        solve_batch(&w->wide[b], &w->wide_impulses[b], w->motions, block);
}

static void sweep(fl_world *w, int part, bool block) { sweep_batches(w, part, block); }

#if defined(__x86_64__)
/* The same pass with four lanes to a vector: AVX alone, no fused
 * multiply-add, so the same bits as the other. */
__attribute__((target("avx2"))) static void sweep_avx2(fl_world *w, int part, bool block)
{
    sweep_batches(w, part, block);
}
#endif

void wide_sweep(fl_world *w, int part, bool block)
{
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        sweep_avx2(w, part, block);
        return;
    }
#endif
    sweep(w, part, block);
}
