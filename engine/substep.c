/* The solver's substeps (fl_world_def.substeps): a step's solve cut into
 * n, the bodies that contacts and joints hold taking the forces' velocity
 * change in n equal shares and moving between substeps, so that each
 * substep's passes have only a share of a heavy body's weight to carry
 * through a light one. The collision stage runs once a step: a row keeps
 * its normal, its points and their lever arms, and its points' separation
 * follows from how far the substeps have moved and turned its bodies.
 * Bodies that nothing holds move once, as without substeps. The order of
 * a step's solve is solver_run's (solver.c). */
#include "solver_rows.h"

/* Marks the motions a solved contact or a joint holds this step, and takes
 * back from their velocities all but the first substep's share of what
 * the forces gave the step: the substeps hand it out one share at a time. */
void substep_hold(fl_world *w, const fl_contact *c, int count)
{
    fl_substep_motion *sub = w->sub;
    const fl_motion *m = w->motions;
    for (int i = 0; i < count; i++) {
        if (row_solvable(&c[i], m)) {
            sub[c[i].index_a].held = true;
            sub[c[i].index_b].held = true;
        }
    }
    for (int i = 0; i < w->joint_count; i++) {
        if (!w->joints[i]->removed) {
            sub[w->joints[i]->ia].held = true;
            sub[w->joints[i]->ib].held = true;
        }
    }
    double back = w->substeps - 1;
    for (int i = 0; i < w->body_count; i++) {
        fl_substep_motion *s = &sub[i];
        if (s->held) {
            w->motions[i].vel.v = fl_sub(w->motions[i].vel.v, fl_scale(s->kick.v, back));
            w->motions[i].vel.w -= s->kick.w * back;
        }
    }
}

/* The start of a substep after the first: the held bodies take their next
 * share of the forces, the position passes start afresh, each row's
 * points are as far apart as the bodies' moves so far made them (the
 * normal and the lever arms stay the collision's), and the rows start
 * warm from the last substep's impulses. */
void substep_begin(fl_world *w, int rows, double inv_h)
{
    fl_substep_motion *sub = w->sub;
    fl_motion *m = w->motions;
    for (int i = 0; i < w->body_count; i++) {
        if (sub[i].held) {
            m[i].vel.v = fl_add(m[i].vel.v, sub[i].kick.v);
            m[i].vel.w += sub[i].kick.w;
            m[i].bias = (fl_twist){{0.0, 0.0}, 0.0};
        }
    }
    for (int j = 0; j < rows; j++) {
        contact_row *r = &w->rows[j];
        row_impulse *imp = &w->impulses[j];
        const row_step *rs = &w->row_steps[j];
        /* twins of the unmovable (split.c) never move */
        const fl_twist *da = &sub[r->ia].moved, *db = &sub[r->ib].moved;
        fl_vec2 d = fl_sub(db->v, da->v);
        double along = fl_dot(d, r->normal), separation[2];
        for (int i = 0; i < r->count; i++) {
            const row_point *p = &r->points[i];
            separation[i] = rs->separation[i] + along + db->w * p->rnb - da->w * p->rna;
            imp->bias[i] = imp->support[i] = 0.0;
        }
        row_gaps(r, separation, inv_h);
        warm_start_row(r, imp, m);
    }
}

/* At the start of a substep after the first: a bouncing point that no
 * pass has pushed yet approaches at the speed it has now (it may hit in
 * this substep). */
void substep_track_approach(fl_world *w, int n_bounce)
{
    const fl_motion *m = w->motions;
    for (int k = 0; k < n_bounce; k++) {
        bounce_row *br = &w->bounces[k];
        const contact_row *r = &w->rows[br->row];
        for (int i = 0; i < r->count; i++) {
            const row_point *p = &r->points[i];
            if (br->max_impulse[i] == 0.0)
                br->approach[i] = fl_min(br->approach[i], speed_along(&m[r->ia].vel, &m[r->ib].vel,
                                                                      r->normal, p->rna, p->rnb));
        }
    }
}

/* After the last substep: a hit that a substep after the first stopped
 * while its point was still apart bounces at the next step, with the
 * speed it arrived at (as restitute_row does for the first). */
void substep_remember_impacts(fl_world *w, int n_bounce)
{
    for (int k = 0; k < n_bounce; k++) {
        const bounce_row *br = &w->bounces[k];
        const contact_row *r = &w->rows[br->row];
        fl_contact *c = &w->contacts.items[r->contact];
        for (int i = 0; i < r->count; i++)
            if (br->approach[i] < -RESTITUTION_THRESHOLD && br->max_impulse[i] > 0.0 &&
                c->points[i].separation > FL_LINEAR_SLOP)
                c->points[i].impact = br->approach[i];
    }
}

/* Adds each row's impulses of this substep to its sums. */
void substep_sum(fl_world *w, int rows)
{
    for (int j = 0; j < rows; j++) {
        row_step *rs = &w->row_steps[j];
        const row_impulse *imp = &w->impulses[j];
        for (int i = 0; i < 2; i++) {
            rs->normal[i] += imp->normal[i];
            rs->tangent[i] += imp->tangent[i];
            rs->support[i] += imp->support[i];
        }
    }
}

/* What the contacts report, and the next step starts from: the step's
 * impulses, the substeps' summed. */
void substep_report(fl_world *w, int rows)
{
    for (int j = 0; j < rows; j++) {
        const contact_row *r = &w->rows[j];
        const row_step *rs = &w->row_steps[j];
        fl_contact *ct = &w->contacts.items[r->contact];
        for (int k = 0; k < r->count; k++)
            report_point(&ct->points[k], rs->normal[k], rs->support[k], rs->tangent[k],
                         r->cold >> k & 1);
    }
}
