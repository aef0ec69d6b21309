/* Contacts between bodies, as the solver keeps them and as the collision
 * events report them. */
#ifndef FL_CONTACT_H
#define FL_CONTACT_H

#include <stdbool.h>
#include <stdint.h>
#include "fl_body.h"
#include "fl_collide.h"

typedef struct fl_contact_point {
    fl_vec2 point;            /* world, midway between the surfaces */
    double separation;        /* < 0: overlapping by that much */
    uint32_t id;              /* feature ids, for warm starting */
    /* solver state (meaningful only in contacts the solver took, `solved`) */
    fl_vec2 ra, rb;           /* from each centre of mass to the point */
    double normal_mass, tangent_mass;
    double normal_impulse;    /* accumulated, >= 0 */
    double tangent_impulse;   /* accumulated, |.| <= friction * normal */
    double bias_impulse;      /* accumulated position correction, >= 0 */
    double approach;          /* normal velocity before the solve */
    double impact;            /* approach of a hit stopped short at the
                               * surface: it bounces at the next step */
    double max_normal_impulse;
} fl_contact_point;

/* One pair of convex parts that are touching or about to. The world keeps
 * them in the broad phase's order, which depends only on the bodies. */
typedef struct fl_contact {
    fl_body *a, *b;           /* a has the lower body index */
    int part_a, part_b;
    uint32_t id_a, id_b;      /* body ids: with the parts, the pair's key */
    fl_vec2 normal;           /* unit, from a to b */
    int count;                /* contact points, 0..2 */
    fl_contact_point points[2];
    double friction, restitution;
    bool touching;            /* some point within FL_LINEAR_SLOP of touching */
    bool sensor;              /* a or b is a sensor: reported, not solved */
    /* solver state (meaningful only when `solved`) */
    int ia, ib;               /* a's and b's places in the solver's arrays */
    double k11, k12, k22, inv_det; /* two-point normal block; inv_det 0: one by one */
    bool overlapping;         /* some point needs position correction */
    bool solved;              /* takes a response this step */
    bool matched;             /* continued by a contact of the next step */
} fl_contact;

/* The deepest overlap of a contact, >= 0. */
static inline double fl_contact_depth(const fl_contact *c)
{
    double d = 0.0;
    for (int i = 0; i < c->count; i++)
        d = c->points[i].separation < -d ? -c->points[i].separation : d;
    return d;
}

#endif
