/* The constraint solver: sequential impulses over contacts and joints.
 *
 * Velocities: warm start with last step's impulses, then `iterations`
 * passes; each contact point keeps its accumulated normal impulse >= 0 and
 * its friction impulse within the Coulomb cone; the last pass of a step
 * (or substep) solves both at once (contact_block.h) where a case of
 * Coulomb's law fits. Speculative points (still
 * apart by s) only stop the approach that would close the gap within the
 * step, so fast bodies cannot tunnel. Restitution follows as one more pass
 * that targets -e times the approach speed, for points that really hit.
 * Positions: overlap beyond the slop is removed by split impulses, solved
 * into separate pseudo-velocities that move bodies but add no momentum, so
 * resting stacks do not jitter or bounce. After the passes, the support
 * pass (support.c) carries what the passes could not through a pile, from
 * the ground up; it runs again after the restitution pass, which may push
 * a body into what holds it up. In substeps (substep.c) all of this but
 * the restitution pass runs once a substep. */
#include "lanes.h"
#include <string.h>

#include "arena.h"
#include "step_context.h"
#include "solver_rows.h"

/* Fills row r for contact c (index `index`), its impulses from last step's. */
static void prepare_row(contact_row *r, row_impulse *imp, fl_contact *c, int index, fl_motion *m,
                        const fl_world *w, double dt)
{
    FL_ASSERT(c->count >= 1 && c->count <= 2); /* a manifold holds one or two points */
    FL_ASSERT(c->index_a >= 0 && c->index_a < c->index_b && c->index_b < w->body_count);
    /* body i's motion is motions[i] */
    r->ia = c->index_a;
    r->ib = c->index_b;
    fl_vec2 pos_a = w->positions[r->ia], pos_b = w->positions[r->ib];
    r->count = c->count;
    r->contact = index;
    r->normal = c->normal;
    r->friction = c->friction;
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_vec2 n = c->normal, t = tangent_of(n);
    double inv_dt = 1.0 / dt;
    for (int i = 0; i < c->count; i++) {
        const fl_contact_point *cp = &c->points[i];
        row_point *p = &r->points[i];
        fl_vec2 ra = fl_sub(cp->point, pos_a), rb = fl_sub(cp->point, pos_b);
        p->rna = fl_cross(ra, n);
        p->rnb = fl_cross(rb, n);
        p->rta = fl_cross(ra, t);
        p->rtb = fl_cross(rb, t);
        p->normal_mass = row_mass(pm, ra, rb, n);
        p->tangent_mass = row_mass(pm, ra, rb, t);
        imp->normal[i] = cp->normal_impulse;
        imp->tangent[i] = cp->tangent_impulse;
        imp->bias[i] = imp->support[i] = 0.0;
    }
    double separation[2] = {c->points[0].separation, c->points[c->count - 1].separation};
    row_gaps(r, separation, inv_dt);
    /* A point that was closing faster than a bounce needs before this
     * step's forces is hit this step (the rows are all prepared before any
     * warm starts; the velocities hold a substep's share of the forces). */
    const fl_twist *ka = &w->kicks[r->ia], *kb = &w->kicks[r->ib];
    double share = 1.0 / w->substeps;
    r->cold = 0;
    for (int i = 0; i < c->count; i++) {
        const row_point *p = &r->points[i];
        double vn = speed_along(&a->vel, &b->vel, n, p->rna, p->rnb) -
                    share * speed_along(ka, kb, n, p->rna, p->rnb);
        if (vn < -RESTITUTION_THRESHOLD)
            r->cold |= 1 << i;
    }
    row_block k = row_block_for(r, pm);
    r->k11 = k.k11;
    r->k12 = k.k12;
    r->k22 = k.k22;
    r->inv_det = k.inv_det;
}

/* The speed each point of a bouncing row approaches at, taken before its
 * own warm start as the solve found it; a hit that the last step stopped
 * at the surface bounces now, with the speed it arrived at. The velocities
 * the step solves are the middle of the step's (leapfrog), half a kick
 * past the bodies' time: the bounce is taken at their time, the approach
 * less half the kick and the rebound plus it, so that a drop rebounds to
 * e^2 of its height to second order in dt (kicks: NULL in substeps, which
 * bounce at each substep's velocities; the first `kept` are kept, the
 * twins past them never move). */
static void note_approach(bounce_row *br, const contact_row *r, fl_contact *c, const fl_motion *m,
                          const fl_twist *kicks, int kept)
{
    const fl_twist none = {{0.0, 0.0}, 0.0};
    const fl_twist *ka = kicks && r->ia < kept ? &kicks[r->ia] : &none;
    const fl_twist *kb = kicks && r->ib < kept ? &kicks[r->ib] : &none;
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        br->half[i] = 0.5 * speed_along(ka, kb, r->normal, p->rna, p->rnb);
        br->approach[i] = fl_min(
            speed_along(&m[r->ia].vel, &m[r->ib].vel, r->normal, p->rna, p->rnb) - br->half[i],
            c->points[i].impact);
        br->max_impulse[i] = 0.0;
        c->points[i].impact = 0.0;
    }
}

static inline void solve_normals(const contact_row *r, fl_twist *ta, fl_twist *tb, pair_mass pm,
                                 const double floor[2], double *acc0, double *acc1)
{
    if (r->count == 2 && r->inv_det != 0.0 &&
        solve_block(r, row_block_of(r), ta, tb, pm, floor, acc0, acc1))
        return;
    double *acc[2] = {acc0, acc1};
    for (int i = 0; i < r->count; i++)
        if (floor[i] > -INFINITY)
            push_normal(ta, tb, pm, r->normal, &r->points[i], r->points[i].normal_mass, floor[i],
                        acc[i]);
}

/* A point's friction impulse set to `want` within the cone |t| <= limit. */
static inline void friction_to(fl_twist *va, fl_twist *vb, pair_mass pm, fl_vec2 t,
                               const row_point *p, double limit, double want, double *accumulated)
{
    double next = fl_min(fl_max(want, -limit), limit);
    double lambda = next - *accumulated;
    *accumulated = next;
    kick_along(va, vb, pm, t, p->rta, p->rtb, lambda);
}

#define CB_NAME contact_cases
#define CB_COEF contact_coefficients
#define CB_T double
#define CB_M int
#define CB_SEL(m, a, b) ((m) ? (a) : (b))
#define CB_NOT(m) (!(m))
#define CB_ANY(m) (m)
#include "contact_block.h"

/* A row's normals and friction solved at once (contact_block.h), where it
 * has friction and, with two points, a normal block. Friction solved
 * first and the normals after leave a box that last step's friction (its
 * warm start) set sliding with its spin taken out by the normals and the
 * slide left in: one pass a step, a box coming to rest on its side slid
 * off at 0.09 m/s, 13 J out of nothing. Taken in the last pass of a step
 * (or substep): what a row's last solve leaves is what its impulses did
 * to its bodies, and the passes before cost less as they were (the
 * harbour benchmark's solver: about 40% slower solved at once in every
 * pass, 10% in the last alone). Returns false (nothing applied)
 * when no case of Coulomb's law fits: the row is then solved point by
 * point. Kept the same as wide.c's contact_block, lane by lane. */
static inline bool solve_contact(const contact_row *r, row_impulse *imp, fl_twist *va,
                                 fl_twist *vb, pair_mass pm)
{
    if (r->friction == 0.0 || (r->count == 2 && r->inv_det == 0.0))
        return false;
    int two = r->count == 2;
    const row_point *p1 = &r->points[0], *p2 = &r->points[1];
    fl_vec2 n = r->normal, t = tangent_of(n);
    /* point 2's lever arms 0 in a one-point row */
    const double rna[2] = {p1->rna, two ? p2->rna : 0.0}, rnb[2] = {p1->rnb, two ? p2->rnb : 0.0};
    const double rta[2] = {p1->rta, two ? p2->rta : 0.0}, rtb[2] = {p1->rtb, two ? p2->rtb : 0.0};
    double k11 = r->k11, k12 = r->k12, k22 = r->k22; /* 0 for a second point not there */
    double kt[7], c[7];
    contact_coefficients(two, pm.ima + pm.imb, pm.iia, pm.iib, rna, rnb, rta, rtb, k11, k12, k22,
                         kt, c);
    double un1 = speed_along(va, vb, n, p1->rna, p1->rnb) - p1->floor;
    double un2 = two ? speed_along(va, vb, n, p2->rna, p2->rnb) - p2->floor : 0.0;
    double ut1 = speed_along(va, vb, t, p1->rta, p1->rtb);
    double ut2 = two ? speed_along(va, vb, t, p2->rta, p2->rtb) : 0.0;
    double n1 = imp->normal[0], n2 = two ? imp->normal[1] : 0.0;
    double t1 = imp->tangent[0], t2 = two ? imp->tangent[1] : 0.0;
    double y1, y2, s1, s2;
    if (!contact_cases(1, two, r->friction, un1, un2, ut1, ut2, n1, n2, t1, t2, k11, k12, k22,
                       kt[0], kt[1], kt[2], kt[3], kt[4], kt[5], kt[6], c, &y1, &y2, &s1, &s2))
        return false;
    kick_along(va, vb, pm, n, p1->rna, p1->rnb, y1 - n1);
    kick_along(va, vb, pm, t, p1->rta, p1->rtb, s1 - t1);
    imp->normal[0] = y1;
    imp->tangent[0] = s1;
    if (two) {
        kick_along(va, vb, pm, n, p2->rna, p2->rnb, y2 - n2);
        kick_along(va, vb, pm, t, p2->rta, p2->rtb, s2 - t2);
        imp->normal[1] = y2;
        imp->tangent[1] = s2;
    }
    return true;
}

static void solve_row(const contact_row *r, row_impulse *imp, fl_motion *m, bool block)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_twist va = a->vel, vb = b->vel;
    fl_vec2 n = r->normal, t = tangent_of(n);
    if (block && solve_contact(r, imp, &va, &vb, pm)) {
        a->vel = va;
        b->vel = vb;
        return;
    }
    /* Before the last pass, or where no case fits at once: friction
     * first, the normal rows, solved last, matter most. */
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        double vt = speed_along(&va, &vb, t, p->rta, p->rtb);
        friction_to(&va, &vb, pm, t, p, r->friction * imp->normal[i],
                    imp->tangent[i] - p->tangent_mass * vt, &imp->tangent[i]);
    }
    double floor[2] = {r->points[0].floor, r->points[1].floor};
    solve_normals(r, &va, &vb, pm, floor, &imp->normal[0], &imp->normal[1]);
    /* The friction took its cone from the normal impulse as the pass found
     * it (the warm start's, in the first); where the normal has fallen
     * since, it is brought back inside, so that no pass ends with friction
     * beyond Coulomb's |t| <= mu n. Left there, it could push a point along
     * its slip: in one pass a step a box tipping over a corner kept 0.87 n
     * of friction where mu is 0.4 and gained 1.1 kJ in a step. */
    for (int i = 0; i < r->count; i++) {
        double limit = r->friction * imp->normal[i];
        if (fabs(imp->tangent[i]) > limit) /* inside, it would kick by nothing */
            friction_to(&va, &vb, pm, t, &r->points[i], limit, imp->tangent[i], &imp->tangent[i]);
    }
    a->vel = va;
    b->vel = vb;
}

static bool restitute_row(const contact_row *r, row_impulse *imp, bounce_row *br, fl_contact *c,
                          double e, fl_motion *m)
{
    /* Points that hit hard enough leave at -e times their approach speed;
     * the others keep what the velocity pass gave them. A hit on a point
     * still apart was only stopped at the surface: bouncing now would start
     * the rebound early, from the gap, so it bounces at the next step. */
    double floor[2] = {-INFINITY, -INFINITY};
    bool any = false;
    for (int i = 0; i < r->count; i++) {
        bool hit = br->approach[i] < -RESTITUTION_THRESHOLD && br->max_impulse[i] > 0.0;
        if (hit && c->points[i].separation > FL_LINEAR_SLOP) {
            c->points[i].impact = br->approach[i];
            hit = false;
        }
        floor[i] = hit ? -e * br->approach[i] + br->half[i] : -INFINITY;
        any = any || hit;
    }
    if (!any)
        return false;
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    if (r->count == 2 && (floor[0] == -INFINITY || floor[1] == -INFINITY)) {
        /* One point bounces, the other does not: no block for that. */
        for (int i = 0; i < 2; i++)
            if (floor[i] > -INFINITY)
                push_normal(&a->vel, &b->vel, pm, r->normal, &r->points[i],
                            r->points[i].normal_mass, floor[i], &imp->normal[i]);
        return true;
    }
    solve_normals(r, &a->vel, &b->vel, pm, floor, &imp->normal[0], &imp->normal[1]);
    return true;
}

static void correct_row(const contact_row *r, row_impulse *imp, fl_motion *m)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    double target[2] = {r->points[0].target, r->points[1].target};
    fl_twist ba = a->bias, bb = b->bias;
    solve_normals(r, &ba, &bb, masses_of(a, b), target, &imp->bias[0], &imp->bias[1]);
    a->bias = ba;
    b->bias = bb;
}

/* The row's impulses, as its contact reports them. */
static void report_row(const contact_row *r, const row_impulse *imp, fl_contact *c)
{
    fl_contact *ct = &c[r->contact];
    for (int k = 0; k < r->count; k++)
        report_point(&ct->points[k], imp->normal[k], imp->support[k], imp->tangent[k],
                     r->cold >> k & 1);
}

/* Tells each elastic rope whether a contact row holds either of its ends
 * this step (rope_account.c: energy its pull gave them may have passed on
 * through the contact). */
static void mark_touched_ropes(fl_world *w, const contact_row *r, int rows)
{
    unsigned char *t = w->touched;
    memset(t, 0, (size_t)(2 * (w->body_count + 1)));
    for (int j = 0; j < rows; j++)
        t[r[j].ia] = t[r[j].ib] = 1;
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        j->ends_touch = t[j->ia] || t[j->ib];
    }
}

/* ---- the whole solve ---------------------------------------------------- */

typedef void (*joint_fn)(fl_joint *, fl_motion *, double);

static void for_joints(fl_world *w, double arg, joint_fn fn)
{
    for (int i = 0; i < w->joint_count; i++)
        if (!w->joints[i]->removed)
            fn(w->joints[i], w->motions, arg);
}

/* Points every joint at its bodies' motions. */
static void index_joints(fl_world *w)
{
    for (int i = 0; i < w->joint_count; i++) {
        fl_joint *j = w->joints[i];
        /* joints leave with their bodies at the end of the step that removed them */
        FL_ASSERT(j->a->index >= 0 && j->a->index < w->body_count);
        FL_ASSERT(!j->b || (j->b->index >= 0 && j->b->index < w->body_count));
        j->ia = j->a->index;
        j->ib = j->b ? j->b->index : w->body_count;
    }
}

void solver_take(fl_world *w, int n)
{
    step_arena *a = &w->arena;
    int motions = 2 * (w->body_count + 1); /* the bodies, the ground, their twins */
    w->rows = arena_take(a, n, sizeof *w->rows);
    w->impulses = arena_take(a, n, sizeof *w->impulses);
    w->row_steps = w->substeps > 1 ? arena_take(a, n, sizeof *w->row_steps) : NULL;
    w->bounces = arena_take(a, n, sizeof *w->bounces);
    w->row_order = arena_take(a, n, sizeof *w->row_order);
    w->touched = arena_take(a, motions, sizeof *w->touched);
    wide_take(w, n);
    support_take(w, n);
}

/* The largest normal impulse of each bouncing point, over the passes. */
static void track_max_impulse(fl_world *w, int n_bounce)
{
    for (int k = 0; k < n_bounce; k++) {
        bounce_row *br = &w->bounces[k];
        const contact_row *r = &w->rows[br->row];
        const row_impulse *imp = &w->impulses[br->row];
        for (int i = 0; i < r->count; i++)
            br->max_impulse[i] = fl_max(br->max_impulse[i], imp->normal[i]);
    }
}

/* One pass over the rows, part by part of the split: each part's batches
 * (wide.c), then its rows taken one at a time, in row_order. */
typedef struct sweep {
    fl_world *w;
    bool report;              /* the last pass: the single rows hand their
                               * impulses to the contacts */
    bool block;               /* the last pass of a (sub)step: rows solve
                               * their normals and friction at once where
                               * they can (solve_contact) */
} sweep;

static void sweep_rows(const sweep *s, int from, int to)
{
    fl_world *w = s->w;
    const contact_row *rows = w->rows;
    row_impulse *imps = w->impulses;
    for (int k = from; k < to; k++) {
        int i = w->row_order[k];
        const contact_row *r = &rows[i];
        solve_row(r, &imps[i], w->motions, s->block);
        if (row_corrects(r))
            correct_row(r, &imps[i], w->motions);
        if (s->report)
            report_row(r, &imps[i], w->contacts.items);
    }
}

static void sweep_part(const sweep *s, int part)
{
    wide_sweep(s->w, part, s->block);
    sweep_rows(s, s->w->single_parts[part][0], s->w->single_parts[part][1]);
}

/* A task of fl_task_runner: half `index` of the split. */
static void sweep_half(void *ctx, int index) { sweep_part(ctx, index); }

/* The batches' impulses back to their rows; `report`: and to the contacts. */
static void unpack(fl_world *w, bool report)
{
    wide_unpack(w);
    for (int k = 0; report && k < FL_LANES * w->wide_parts[3]; k++) {
        int i = w->wide_lanes[k];
        if (i >= 0)
            report_row(&w->rows[i], &w->impulses[i], w->contacts.items);
    }
}

/* The support pass (support.c) after the passes; `report`: in one step,
 * what it adds is reported at once. */
static void support_and_report(fl_world *w, double give, bool report)
{
    if (w->support_count == 0)
        return;
    support_pass(w, give);
    for (int k = 0; k < w->support_count && report; k++) {
        int j = w->support[k] >> 1;
        report_row(&w->rows[j], &w->impulses[j], w->contacts.items);
    }
}

void solver_run(fl_world *w, double dt)
{
    FL_ASSERT(w->in_step && dt > 0.0 && w->motions);
    double mark = w->profile ? clock_ms() : 0.0;
    index_joints(w);
    fl_motion *m = w->motions;
    int substeps = w->substeps;
    double h = dt / substeps, inv_h = 1.0 / h;
    fl_contact *c = w->contacts.items;
    int n = w->contacts.count;
    FL_ASSERT(substeps >= 1 && substeps <= FL_MAX_SUBSTEPS);
    FL_ASSERT(substeps == 1 || w->sub); /* integrate_take took them */
    int rows = 0, n_bounce = 0;
    if (substeps > 1)
        substep_hold(w, c, n);
    for (int i = 0; i < n; i++) {
        if (!row_solvable(&c[i], m))
            continue;
        contact_row *r = &w->rows[rows];
        row_impulse *imp = &w->impulses[rows];
        prepare_row(r, imp, &c[i], i, m, w, h);
        if (substeps > 1) {
            row_step *rs = &w->row_steps[rows];
            *rs = (row_step){{0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}};
            for (int k = 0; k < c[i].count; k++) {
                rs->separation[k] = c[i].points[k].separation;
                /* the step's impulse, a substep's share of it */
                imp->normal[k] /= substeps;
                imp->tangent[k] /= substeps;
            }
        }
        if (c[i].restitution > 0.0) {
            w->bounces[n_bounce].row = rows;
            note_approach(&w->bounces[n_bounce++], r, &c[i], m,
                          substeps == 1 ? w->kicks : NULL, w->body_count + 1);
        } else {
            for (int k = 0; k < c[i].count; k++)
                c[i].points[k].impact = 0.0; /* nothing to bounce */
        }
        rows++;
    }
    /* Warm starts after every approach is noted: a row's warm start
     * moves the bodies the next rows note, and a box resting under a
     * heavy one, pushed up by the floor's warm start, would read as
     * hitting the heavy one at (m_heavy + m_box) g dt / m_box and
     * bounce off it every step. */
    for (int j = 0; j < rows; j++)
        warm_start_row(&w->rows[j], &w->impulses[j], m);
    FL_ASSERT(rows <= n && n_bounce <= rows);
    contact_row *r = w->rows;
    row_impulse *imp = w->impulses;
    int bounds[2];
    split_rows(w, r, rows, bounds);
    if (w->joint_count > 0)
        mark_touched_ropes(w, r, rows);
    support_order(w, rows); /* the pile's order from the ground up */
    double give = SUPPORT_GIVE * inv_h;
    int passes = w->iterations;
    /* The position passes work on the pseudo-velocities alone, so they run
     * in the same sweeps as the velocity passes (each row while it is in
     * cache) and come out just as if they ran after them. */
    /* The last pass hands each row's impulses to its contact (what the
     * contacts report, and the next step starts from) while the row is in
     * cache; restitution hands over again what it changes. */
    sweep job = {w, false, false};
    wide_plan(w, r, rows, bounds);
    for (int k = 0; k < substeps; k++) {
        if (k > 0) {
            substep_begin(w, rows, inv_h);
            substep_track_approach(w, n_bounce);
            wide_pack(w); /* the first substep's packed by the plan */
        }
        for_joints(w, h, joint_prepare);
        for (int it = 0; it < passes; it++) {
            for_joints(w, inv_h, joint_solve);
            for_joints(w, inv_h, joint_correct);
            /* The ropes' accounts hold their ends back before the
             * contacts' last pass, which then solves against the motion
             * the ends keep (rope_account.c). */
            if (it == passes - 1)
                for_joints(w, h, joint_finish);
            job.report = substeps == 1 && it == passes - 1;
            job.block = it == passes - 1;
            if (bounds[1] > 0)
                run_tasks(w, sweep_half, &job, 2);
            sweep_part(&job, 2);
            track_max_impulse(w, n_bounce);
        }
        unpack(w, substeps == 1);
        support_and_report(w, give, substeps == 1);
        /* Bounces leave at once: the substeps that follow carry them up
         * (the bounce's own rows then only keep from closing again). */
        if (k == 0) {
            bool bounced = false;
            for (int b = 0; b < n_bounce; b++) {
                bounce_row *br = &w->bounces[b];
                fl_contact *ct = &c[r[br->row].contact];
                if (restitute_row(&r[br->row], &imp[br->row], br, ct, ct->restitution, m)) {
                    bounced = true;
                    if (substeps == 1)
                        report_row(&r[br->row], &imp[br->row], c);
                }
            }
            /* a bounce may push a body into what holds it up */
            if (bounced)
                support_and_report(w, give, substeps == 1);
        }
        if (substeps > 1) {
            substep_sum(w, rows);
            if (k < substeps - 1)
                integrate_substep(w, h);
            else
                substep_remember_impacts(w, n_bounce);
        }
    }
    if (substeps > 1)
        substep_report(w, rows);
    FL_LAP(w, solver, mark);
}
