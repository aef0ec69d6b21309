/* Contacts between bodies, as the world and the collision events report
 * them. */
#ifndef FL_CONTACT_H
#define FL_CONTACT_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_body.h"
#include "flotsam/fl_collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A contact as the world reports it (fl_world_contact, the collision
 * events): a copy of the solver's own record, taken when it is read. */
typedef struct fl_contact_data_point {
    fl_vec2 point;            /* world, midway between the surfaces, when found */
    double separation;        /* < 0: overlapping by that much, when found */
    double normal_impulse;    /* N s the step's solve applied, >= 0 */
    double tangent_impulse;   /* ... and along the surface (friction) */
    uint32_t id;              /* the features that meet: the same while they do */
} fl_contact_data_point;

/* One pair of convex parts that are touching or about to. */
typedef struct fl_contact_data {
    fl_body_id a, b;          /* a has the lower body index */
    int index_a, index_b;     /* their indices in the world's body list */
    int part_a, part_b;       /* which convex part of each */
    fl_vec2 normal;           /* unit, from a to b */
    double friction, restitution;
    int count;                /* contact points, 0..2 */
    bool touching;            /* some point within FL_LINEAR_SLOP of touching */
    bool sensor;              /* a or b is a sensor: reported, not solved */
    fl_contact_data_point points[2];
} fl_contact_data;

/* The deepest overlap of a contact, >= 0. */
static inline double fl_contact_depth(const fl_contact_data *c)
{
    double d = 0.0;
    for (int i = 0; i < c->count; i++)
        d = c->points[i].separation < -d ? -c->points[i].separation : d;
    return d;
}

#ifdef __cplusplus
}
#endif

#endif
