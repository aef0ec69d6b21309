/* The intact stability criteria of the IMO's IS Code 2008 (Part A, 2.2),
 * on a body's curve of statical stability (gz_curve.h). For a prismatic
 * hull (a barge, any vessel whose section is the same along its length)
 * the section's GZ is the vessel's and its areas under GZ the vessel's, so
 * the criteria apply as they stand; for a ship whose sections differ they
 * are the criteria of that one section, not of the ship. Angles are taken
 * from where the body rests, each way, and the worse way counts. */
#ifndef FL_CRITERIA_H
#define FL_CRITERIA_H

#include <stdbool.h>
#include "gz_curve.h"

#define IS2008_COUNT 6

typedef struct criterion {
    const char *what;  /* "area under GZ from 0 to 30 deg" */
    const char *unit;  /* "m rad", "m", "deg" */
    double value;      /* the worse of the two ways */
    double limit;      /* the value must be at least this */
    bool pass;
} criterion;

/* Evaluates the six criteria for body b on its curve c (c->rests: from the
 * rest; else from upright); returns how many fail. */
int criteria_is2008(const gz_curve *c, fl_body_id b, criterion out[IS2008_COUNT]);

#endif
