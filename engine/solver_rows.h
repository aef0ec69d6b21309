/* The rows of the constraint solver, shared by contacts and joints: one
 * body pair's velocities, impulses and effective masses. Private to the
 * engine. */
#ifndef FL_SOLVER_ROWS_H
#define FL_SOLVER_ROWS_H

#include "world_state.h"

#define RESTITUTION_THRESHOLD 1.0 /* m/s: slower impacts do not bounce */
#define POSITION_FRACTION 0.2     /* of the overlap removed per substep */
#define ALLOWED_OVERLAP 0.0005    /* m: overlap left alone, so contacts stay warm */
#define MAX_CONDITION 1000.0      /* of a two-point block worth solving as one */
/* m per step (or substep) a support pass lets a point close by: a tenth of
 * the allowed overlap, so that what the passes leave of a resting load
 * (they converge on it over steps) is not pushed on by the support pass,
 * whose pushes are not carried to the next step (support.c) */
#define SUPPORT_GIVE (0.1 * ALLOWED_OVERLAP)

static inline fl_vec2 tangent_of(fl_vec2 n) { return fl_v2(-n.y, n.x); }

/* Speed along d of b's material point at rb relative to a's at ra. */
static inline double rel_speed(const fl_twist *a, const fl_twist *b, fl_vec2 ra, fl_vec2 rb,
                               fl_vec2 d)
{
    double dx = (b->v.x - b->w * rb.y) - (a->v.x - a->w * ra.y);
    double dy = (b->v.y + b->w * rb.x) - (a->v.y + a->w * ra.x);
    return dx * d.x + dy * d.y;
}

/* The inverse masses and inertias of a constraint's two bodies, passed by
 * value so that the solver's inner loops keep the velocities they update in
 * registers (two pointers into one array might alias, as far as the
 * compiler knows). */
typedef struct pair_mass {
    double ima, iia, imb, iib;
} pair_mass;

static inline pair_mass masses_of(const fl_motion *a, const fl_motion *b)
{
    return (pair_mass){a->im, a->ii, b->im, b->ii};
}

/* Impulse p on b at rb and -p on a at ra, applied to twists ta and tb. */
static inline void kick(fl_twist *ta, fl_twist *tb, pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 p)
{
    ta->v.x -= p.x * pm.ima;
    ta->v.y -= p.y * pm.ima;
    ta->w -= pm.iia * fl_cross(ra, p);
    tb->v.x += p.x * pm.imb;
    tb->v.y += p.y * pm.imb;
    tb->w += pm.iib * fl_cross(rb, p);
}

/* How much the relative speed along d at ra, rb changes per unit impulse
 * along d: the inverse of the effective mass. */
static inline double row_k(pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double ca = fl_cross(ra, d), cb = fl_cross(rb, d);
    return pm.ima + pm.imb + pm.iia * ca * ca + pm.iib * cb * cb;
}

static inline double row_mass(pair_mass pm, fl_vec2 ra, fl_vec2 rb, fl_vec2 d)
{
    double k = row_k(pm, ra, rb, d);
    return k > 0.0 ? 1.0 / k : 0.0;
}

/* One unilateral row on the twists of a and b (real or pseudo): push along
 * n so that the relative speed is at least `floor`, keeping the accumulated
 * impulse >= 0. */
static inline void push(fl_twist *ta, fl_twist *tb, pair_mass pm, fl_vec2 ra, fl_vec2 rb,
                        fl_vec2 n, double mass, double floor, double *accumulated)
{
    double vn = rel_speed(ta, tb, ra, rb, n);
    double next = fl_max(*accumulated - mass * (vn - floor), 0.0);
    double lambda = next - *accumulated;
    *accumulated = next;
    kick(ta, tb, pm, ra, rb, fl_scale(n, lambda));
}

/* A solved contact as the solver's passes work on it, packed apart from
 * the contact itself so that the passes stream through as little memory as
 * they can: what the passes only read (a row_point per point, in
 * contact_row) apart from the impulses they accumulate (row_impulse, in a
 * parallel array). The passes then write to a sixth of the memory they
 * read, and in a crowd whose rows do not stay in cache, only that sixth
 * goes back to memory. */
typedef struct row_point {
    /* Lever arms: cross(r, d) for the offset r of the point from each
     * centre of mass and d the normal or the tangent; with them a row's
     * relative speed and impulse need no offsets at all. */
    double rna, rnb, rta, rtb;
    double normal_mass, tangent_mass;
    double floor;             /* lowest normal speed the velocity passes allow */
    double target;            /* normal pseudo-speed the position passes ask */
} row_point;

typedef struct contact_row {
    int ia, ib;               /* the bodies' places in the motions */
    int count;                /* 1 or 2 points */
    int contact;              /* the contact's index in the world's list */
    int cold;                 /* bit i: point i hit this step (the next starts
                               * it cold) */
    fl_vec2 normal;
    double friction;
    double k11, k12, k22, inv_det; /* two-point normal block; inv_det 0: one by one */
    row_point points[2];
} contact_row;

/* The impulses a row's points have accumulated. */
typedef struct row_impulse {
    double normal[2];         /* >= 0 */
    double tangent[2];        /* |.| <= friction * normal */
    double bias[2];           /* position correction, >= 0 */
    double support[2];        /* the support pass's, >= 0: not warm started */
} row_impulse;

/* What the passes ask of row r's points, apart by separation[i] (< 0:
 * overlapping) over a step (or substep) of 1 / inv_dt: apart by s > 0,
 * closing at up to s / dt is allowed; overlapping beyond the slop, a part
 * of the overlap is pushed out. A one-point row's second point asks
 * nothing (its floors are read, never used). */
static inline void row_gaps(contact_row *r, const double separation[2], double inv_dt)
{
    for (int i = 0; i < r->count; i++) {
        row_point *p = &r->points[i];
        double s = separation[i];
        p->floor = s > 0.0 ? -s * inv_dt : 0.0;
        p->target = POSITION_FRACTION * fl_max(-(s + ALLOWED_OVERLAP), 0.0) * inv_dt;
    }
    if (r->count == 1)
        r->points[1].floor = r->points[1].target = 0.0;
}

/* Whether row r's points ask a position correction. */
static inline bool row_corrects(const contact_row *r)
{
    return r->points[0].target > 0.0 || r->points[1].target > 0.0;
}

/* What a row keeps over a step's substeps. */
typedef struct row_step {
    double separation[2];     /* as the collision found it, before the substeps moved anything */
    double normal[2], tangent[2], support[2]; /* the substeps' impulses so far, summed */
} row_step;

/* What restitution needs of a row that can bounce. */
typedef struct bounce_row {
    int row;
    double approach[2];       /* normal speed before the solve */
    double half[2];           /* half of what the step's kick added to it */
    double max_impulse[2];    /* the largest normal impulse over the passes */
} bounce_row;

/* Speed along d of b's material point relative to a's, from the points'
 * lever arms about d (ca for a, cb for b). */
static inline double speed_along(const fl_twist *a, const fl_twist *b, fl_vec2 d, double ca,
                                 double cb)
{
    return (b->v.x - a->v.x) * d.x + (b->v.y - a->v.y) * d.y + b->w * cb - a->w * ca;
}

/* A two-point row's normal block: K, the change of the points' normal
 * speeds per unit impulse at each, its inverse's determinant (0: solve the
 * points one by one) and each point's own normal mass. */
typedef struct row_block {
    double k11, k12, k22, inv_det;
    double mass[2];
} row_block;

/* The block of row r's points (lever arms set) for the masses pm: both
 * bodies', or with one fixed (its inverse mass and inertia zero). Nearly
 * parallel rows (a tiny contact face) get inv_det 0: one by one. */
static inline row_block row_block_for(const contact_row *r, pair_mass pm)
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

/* ... as prepare_row stored it for both bodies. */
static inline row_block row_block_of(const contact_row *r)
{
    return (row_block){r->k11, r->k12, r->k22, r->inv_det,
                       {r->points[0].normal_mass, r->points[1].normal_mass}};
}

/* Impulse lambda along d on b, and its opposite on a. */
static inline void kick_along(fl_twist *a, fl_twist *b, pair_mass pm, fl_vec2 d, double ca,
                              double cb, double lambda)
{
    a->v.x -= d.x * lambda * pm.ima;
    a->v.y -= d.y * lambda * pm.ima;
    a->w -= pm.iia * ca * lambda;
    b->v.x += d.x * lambda * pm.imb;
    b->v.y += d.y * lambda * pm.imb;
    b->w += pm.iib * cb * lambda;
}

/* One unilateral normal row: push so that the relative speed is at least
 * `floor`, keeping the accumulated impulse >= 0. */
static inline void push_normal(fl_twist *ta, fl_twist *tb, pair_mass pm, fl_vec2 n,
                               const row_point *p, double mass, double floor, double *accumulated)
{
    double vn = speed_along(ta, tb, n, p->rna, p->rnb);
    double next = fl_max(*accumulated - mass * (vn - floor), 0.0);
    double lambda = next - *accumulated;
    *accumulated = next;
    kick_along(ta, tb, pm, n, p->rna, p->rnb, lambda);
}

/* Both normal rows of a two-point contact at once, as the small linear
 * complementarity problem they are: find impulses x >= 0 with normal speeds
 * w = K x + q >= floor and x . (w - floor) = 0. Solving the two points one
 * after the other instead leaves a box on a floor rocking, since whichever
 * goes first takes more of the load. Returns false (nothing applied) when no
 * case fits, which rounding can cause. */
static inline bool solve_block(const contact_row *r, row_block k, fl_twist *ta, fl_twist *tb,
                               pair_mass pm, const double floor[2], double *acc0, double *acc1)
{
    fl_vec2 n = r->normal;
    const row_point *p1 = &r->points[0], *p2 = &r->points[1];
    double k11 = k.k11, k12 = k.k12, k22 = k.k22, inv_det = k.inv_det;
    double x1 = *acc0, x2 = *acc1;
    /* q: the speeds above their floors with the current impulses removed. */
    double q1 = speed_along(ta, tb, n, p1->rna, p1->rnb) - floor[0] - (k11 * x1 + k12 * x2);
    double q2 = speed_along(ta, tb, n, p2->rna, p2->rnb) - floor[1] - (k12 * x1 + k22 * x2);
    double y1, y2;
    if ((y1 = (k12 * q2 - k22 * q1) * inv_det) >= 0.0 &&
        (y2 = (k12 * q1 - k11 * q2) * inv_det) >= 0.0) {
        /* both points pushing */
    } else if ((y1 = -q1 * k.mass[0]) >= 0.0 && k12 * y1 + q2 >= 0.0) {
        y2 = 0.0;
    } else if ((y2 = -q2 * k.mass[1]) >= 0.0 && k12 * y2 + q1 >= 0.0) {
        y1 = 0.0;
    } else if (q1 >= 0.0 && q2 >= 0.0) {
        y1 = y2 = 0.0;
    } else {
        return false;
    }
    *acc0 = y1;
    *acc1 = y2;
    /* Both changes in one kick: the impulses share the normal. */
    double d1 = y1 - x1, d2 = y2 - x2, d = d1 + d2;
    ta->v.x -= n.x * d * pm.ima;
    ta->v.y -= n.y * d * pm.ima;
    ta->w -= pm.iia * (p1->rna * d1 + p2->rna * d2);
    tb->v.x += n.x * d * pm.imb;
    tb->v.y += n.y * d * pm.imb;
    tb->w += pm.iib * (p1->rnb * d1 + p2->rnb * d2);
    return true;
}

/* What a contact point reports of a step's solve, and what the next step
 * starts from: the passes' impulses, not the support pass's pushes (each
 * step finds its own), and nothing at all after a hit, whose impulse
 * stopped an approach and holds no load: started from it, one or two
 * passes cannot take it back, and it throws the bodies apart. */
static inline void report_point(fl_contact_point *cp, double normal, double support,
                                double tangent, bool cold)
{
    cp->normal_impulse = normal + support;
    cp->tangent_impulse = tangent;
    cp->start_normal = cold ? 0.0 : normal;
    cp->start_tangent = cold ? 0.0 : tangent;
}

/* A motion no impulse moves: a static body's, the ground's, a twin's. */
static inline bool motion_unmovable(const fl_motion *m) { return m->im == 0.0 && m->ii == 0.0; }

/* A contact the solver takes: not a sensor's, with points, and something
 * in it that moves. */
static inline bool row_solvable(const fl_contact *c, const fl_motion *m)
{
    return !c->sensor && c->count > 0 && (m[c->index_a].im > 0.0 || m[c->index_b].im > 0.0);
}

/* Warm start: last step's (or substep's) impulses, where the same
 * features meet. */
static inline void warm_start_row(const contact_row *r, const row_impulse *imp, fl_motion *m)
{
    fl_motion *a = &m[r->ia], *b = &m[r->ib];
    pair_mass pm = masses_of(a, b);
    fl_vec2 n = r->normal, t = tangent_of(n);
    for (int i = 0; i < r->count; i++) {
        const row_point *p = &r->points[i];
        kick_along(&a->vel, &b->vel, pm, n, p->rna, p->rnb, imp->normal[i]);
        kick_along(&a->vel, &b->vel, pm, t, p->rta, p->rtb, imp->tangent[i]);
    }
}

/* The substeps (substep.c): holds the bodies rows and joints touch, and
 * takes back all but the first share of their forces; begins a substep
 * after the first (the next share, fresh position passes, the rows' points
 * as far apart as the bodies have moved, warm starts); keeps each bouncing
 * point's approach until a pass pushes it, and after the last substep the
 * impacts of points stopped while apart; sums the rows' impulses over the
 * substeps, and hands the sums to the contacts. */
void substep_hold(fl_world *w, const fl_contact *c, int count);
void substep_begin(fl_world *w, int rows, double inv_h);
void substep_track_approach(fl_world *w, int n_bounce);
void substep_remember_impacts(fl_world *w, int n_bounce);
void substep_sum(fl_world *w, int rows);
void substep_report(fl_world *w, int rows);

/* The order the passes take the rows in (w->row_order, room for `rows`):
 * the left half [0, bounds[0]), the right half [bounds[0], bounds[1]),
 * which share no moving body and may be solved at once, then the rest
 * (split.c). */
void split_rows(fl_world *w, contact_row *r, int rows, int bounds[2]);

/* The passes four rows at a time (wide.c): colours each part of the split
 * (bounds as split_rows made them) and deals its rows into batches,
 * packed from the rows and their impulses, leaving in row_order the rows
 * taken one at a time (w->single_parts); packs the batches again at a
 * later substep's start;
 * one pass over part p's batches (`block`: the last, solve_row's); their
 * impulses back to the rows. */
void wide_plan(fl_world *w, const contact_row *r, int rows, const int bounds[2]);
/* Takes the batches' arrays for `rows` rows from the step's arena. */
void wide_take(fl_world *w, int rows);
void wide_pack(fl_world *w);
void wide_sweep(fl_world *w, int part, bool block);
void wide_unpack(fl_world *w);

/* The support pass (support.c): finds each body's depth in the pile and
 * the order of the rows from the ground up; then, after the passes, pushes
 * each row's upper body as if its lower one were fixed, letting its points
 * close at up to `give` (m/s) faster than their floors. */
void support_order(fl_world *w, int rows);
/* Takes the support pass's arrays for `rows` rows from the step's arena. */
void support_take(fl_world *w, int rows);
void support_pass(fl_world *w, double give);

/* Joints: prepare (warm start included), one velocity pass, one position
 * pass; each dispatches on the joint's type. */
void joint_prepare(fl_joint *j, fl_motion *m, double dt);
void joint_solve(fl_joint *j, fl_motion *m, double inv_dt);
void joint_correct(fl_joint *j, fl_motion *m, double inv_dt);
void joint_finish(fl_joint *j, fl_motion *m, double h);
void rope_settle(fl_joint *j, fl_motion *a, fl_motion *b);

#endif
