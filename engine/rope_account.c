/* An elastic rope's energy account.
 *
 * The average-acceleration rule keeps a resolved spring's energy within a
 * band of O((omega dt)^2) of itself and lets it drift nowhere. A rope's
 * step also takes its direction and lever arms from the step's start, and
 * where its ends turn through a radian within a step (a 100 m lever on a
 * log pulled by 2e6 N swings as a pendulum of about 300 rad/s, five
 * radians a step at 60 Hz) that linearisation makes energy: such a log
 * spun up to 1.5e4 rad/s in a minute, where the rope held enough for 3000.
 *
 * So each elastic rope keeps an account. The work its impulses did on its
 * ends in a step (exactly, impulse by impulse: p u + p^2 K / 2 for an
 * impulse p along a row of inverse effective mass K at relative speed u)
 * plus what it stores at the step's end, less what it held at the start,
 * is energy the step made. Summed over steps, that stays within the band
 * for any motion the step resolves. The account is allowed a tenth of the
 * largest energy the rope and its ends' relative motion have held (plus
 * the energy of a millimetre's stretch, so that rounding on a rope at rest
 * is never taken for a gain). A step that would leave it beyond that is
 * corrected before the contacts' last pass (joint_finish), so that the
 * contacts are solved last against the motion the ends will keep (taken
 * after it, the spins friction had turned were removed from under it and
 * its push along the surface stood: a log pulled into a big one's face
 * slid along it at 17-20 m/s, friction pushing it on as often as back,
 * and the rope's account went past its band every step): the ends' spins
 * are scaled down, and if stopping them is not enough, their velocities
 * relative to their common centre of mass, to the largest share that
 * keeps the account within. Momentum is kept, and nothing else is touched.
 * The velocities are left alone where a contact row holds either end this
 * step: what the pull gave an end may have gone on through the contact to
 * a third body, and holding the ends back would then only stop the rope
 * from paying for it (a log pulled 7 km/s into a stack launched two bodies
 * at 1 km/s, and with its rope's ends held together the rope's stretch
 * no longer fell by what they took). So a rope whose ends touch nothing
 * never gives them more than 1/0.9 of the energy it and they ever held;
 * one whose ends do is held by their spins alone; and a rope the step
 * resolves is never corrected. */
#include "solver_rows.h"

#define ROPE_BAND 0.1
#define ROPE_SLOP 0.001 /* m: a stretch whose energy the band always allows */

static double account_band(const fl_joint *j)
{
    return ROPE_BAND * j->scale + 0.5 * j->stiffness * ROPE_SLOP * ROPE_SLOP;
}

static double squared(fl_vec2 v) { return fl_dot(v, v); }

/* What the rope stores stretched by `stretch` (none if slack). */
static double stored_at(const fl_joint *j, double stretch)
{
    stretch = fl_max(stretch, 0.0);
    return 0.5 * j->stiffness * stretch * stretch;
}

/* The kinetic energy of a's and b's motion relative to their common centre
 * of mass, in their motion and in their spins (a body of no inverse mass,
 * the world included, stays put). */
typedef struct relative_motion {
    fl_vec2 centre;
    double moving, turning;
} relative_motion;

static relative_motion relative_energy(const fl_motion *a, const fl_motion *b)
{
    double ma = a->im > 0.0 ? 1.0 / a->im : 0.0, mb = b->im > 0.0 ? 1.0 / b->im : 0.0;
    relative_motion e = {fl_v2(0.0, 0.0), 0.0, 0.0};
    if (a->im > 0.0 && b->im > 0.0)
        e.centre = fl_scale(fl_add(fl_scale(a->vel.v, ma), fl_scale(b->vel.v, mb)), 1.0 / (ma + mb));
    if (a->im > 0.0)
        e.moving += 0.5 * ma * squared(fl_sub(a->vel.v, e.centre));
    if (b->im > 0.0)
        e.moving += 0.5 * mb * squared(fl_sub(b->vel.v, e.centre));
    if (a->ii > 0.0)
        e.turning += 0.5 * a->vel.w * a->vel.w / a->ii;
    if (b->ii > 0.0)
        e.turning += 0.5 * b->vel.w * b->vel.w / b->ii;
    return e;
}

/* A moving end's velocity relative to `centre` scaled by fv, its spin by
 * fw. */
static fl_twist scaled(const fl_motion *m, fl_vec2 centre, double fv, double fw)
{
    fl_twist t = m->vel;
    if (m->im > 0.0)
        t.v = fl_add(centre, fl_scale(fl_sub(m->vel.v, centre), fv));
    if (m->ii > 0.0)
        t.w *= fw;
    return t;
}

/* Books the last step (the rope's work plus its stored energy's change)
 * and pays back from the ends' spins, then (no contact holding them) their
 * relative motion, whatever the account still holds beyond its band
 * (joint_finish leaves little or nothing: only what moved the ends
 * besides their velocities, and what the contacts' last pass, after it,
 * changed of them). */
void rope_settle(fl_joint *j, fl_motion *a, fl_motion *b)
{
    double stored = stored_at(j, -j->slack);
    relative_motion e = relative_energy(a, b);
    double moving = e.moving + e.turning;
    if (j->booked)
        j->made += j->work + stored - j->stored;
    j->booked = true;
    j->work = 0.0;
    j->stored = stored;
    j->scale = fl_max(j->scale, stored + moving);
    double band = account_band(j);
    double fv = 1.0, fw = 1.0;
    if (j->made > band && e.turning > 0.0) {
        double take = fl_min(j->made - band, e.turning);
        fw = sqrt(1.0 - take / e.turning);
        j->made -= take;
    }
    if (j->made > band && e.moving > 0.0 && !j->ends_touch) {
        double take = fl_min(j->made - band, e.moving);
        fv = sqrt(1.0 - take / e.moving);
        j->made -= take;
    }
    if (fv != 1.0 || fw != 1.0) {
        a->vel = scaled(a, e.centre, fv, fw);
        b->vel = scaled(b, e.centre, fv, fw);
    }
    j->made = fl_max(j->made, -band); /* what was dissipated is no credit */
}

/* Where an end will be after the step moves it, its motion scaled: the
 * centre moved by h (v + bias), the angle turned by h (w + bias). */
static fl_vec2 end_after(const fl_body *body, fl_vec2 local, const fl_motion *m, fl_twist v, double h)
{
    fl_vec2 c = fl_add(body->position, fl_scale(fl_add(v.v, m->bias.v), h));
    return fl_add(c, fl_rotate(fl_rot_from(body->angle + h * (v.w + m->bias.w)), local));
}

/* What the account would hold after the step, the ends' relative motion
 * scaled by fv and their spins by fw: the rope's work, less what the
 * scaling takes, plus what the rope will store at the step's end, less
 * what it stored at the start. */
static double account_after(const fl_joint *j, const fl_motion *a, const fl_motion *b,
                            const relative_motion *e, double fv, double fw, double h)
{
    fl_vec2 pa = end_after(j->a, j->local_a, a, scaled(a, e->centre, fv, fw), h);
    fl_vec2 pb = j->b ? end_after(j->b, j->local_b, b, scaled(b, e->centre, fv, fw), h) : j->local_b;
    return j->made + j->work - (1.0 - fv * fv) * e->moving - (1.0 - fw * fw) * e->turning +
           stored_at(j, fl_length(fl_sub(pb, pa)) - j->length) - j->stored;
}

/* The largest share in [0, 1], by bisection, of the ends' spins (`spin`)
 * or, their spins stopped, of their relative motion that keeps the account
 * within `band`. */
static double largest_share(const fl_joint *j, const fl_motion *a, const fl_motion *b,
                            const relative_motion *e, double h, bool spin, double band)
{
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 40; i++) {
        double mid = 0.5 * (lo + hi);
        double left = spin ? account_after(j, a, b, e, 1.0, mid, h)
                           : account_after(j, a, b, e, mid, 0.0, h);
        if (left <= band)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Before the contacts' last pass (the joints' own passes done): a step
 * that would leave the account beyond its band is corrected, its ends' spins scaled down
 * first (unresolved turning is where such energy is made) and, if stopping
 * them is not enough and no contact holds either end, their relative
 * motion, so that the energy is never made: once in the stretch, it could
 * only be taken back later, from motion. */
void joint_finish(fl_joint *j, fl_motion *m, double h)
{
    if (j->type != FL_JOINT_ROPE || !(j->stiffness > 0.0) || !j->booked)
        return;
    fl_motion *a = &m[j->ia], *b = &m[j->ib];
    relative_motion e = relative_energy(a, b);
    double band = account_band(j);
    if (account_after(j, a, b, &e, 1.0, 1.0, h) <= band)
        return;
    double fw = largest_share(j, a, b, &e, h, true, band), fv = 1.0;
    if (!j->ends_touch && fw == 0.0 && account_after(j, a, b, &e, 1.0, 0.0, h) > band)
        fv = largest_share(j, a, b, &e, h, false, band);
    if (fv != 1.0 || fw != 1.0) {
        a->vel = scaled(a, e.centre, fv, fw);
        b->vel = scaled(b, e.centre, fv, fw);
    }
    j->work -= (1.0 - fv * fv) * e.moving + (1.0 - fw * fw) * e.turning;
}
