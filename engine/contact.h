/* A contact as the collision stage finds it and the solver keeps it: the
 * world's own record, reported to users as fl_contact_data (fl_contact.h).
 * Private to the engine. */
#ifndef FL_ENGINE_CONTACT_H
#define FL_ENGINE_CONTACT_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_contact.h"

typedef struct fl_contact_point {
    fl_vec2 point;            /* world, midway between the surfaces */
    double separation;        /* < 0: overlapping by that much */
    double normal_impulse;    /* N s the solver applied this step, >= 0 */
    double tangent_impulse;   /* ... and along the surface (friction) */
    double start_normal, start_tangent; /* what the next step's solve starts
                               * from: the impulses less the support pass's
                               * part, or nothing after an impact */
    double impact;            /* approach speed of a hit stopped short at the
                               * surface: it bounces at the next step */
    uint32_t id;              /* feature ids, for warm starting */
} fl_contact_point;

/* One pair of convex parts that are touching or about to. The world keeps
 * them in the broad phase's order, which depends only on the bodies. */
typedef struct fl_contact {
    fl_body *a, *b;           /* a has the lower body index */
    int index_a, index_b;     /* their indices in the world's body list */
    uint32_t id_a, id_b;      /* body ids: with the parts, the pair's key */
    int part_a, part_b;
    fl_vec2 normal;           /* unit, from a to b */
    double friction, restitution;
    int count;                /* contact points, 0..2 */
    bool touching;            /* some point within FL_LINEAR_SLOP of touching */
    bool sensor;              /* a or b is a sensor: reported, not solved */
    bool matched;             /* continued by a contact of the next step; kept
                               * only while a collisionEnd hook listens */
    fl_contact_point points[2];
} fl_contact;

/* The report of c (fl_world_contact, the collision events). */
void contact_report(const fl_world *w, const fl_contact *c, fl_contact_data *out);

#endif
