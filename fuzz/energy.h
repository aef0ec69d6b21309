/* An energy account for the simulation target (sim.c): after each step,
 * the mechanical energy the world holds may have grown by no more than
 * what the forces that are not conservative could have put in. energy.c
 * says exactly what is counted. */
#ifndef FLOTSAM_FUZZ_ENERGY_H
#define FLOTSAM_FUZZ_ENERGY_H

#include <stdbool.h>
#include "flotsam/fl_sim.h"

typedef struct fuzz_body_state fuzz_body_state;

/* What the account reads of the world at the end of a step. */
typedef struct fuzz_energy_state {
    fuzz_body_state *bodies;
    double *area;   /* bodies * fluids: the part of the hull under the fluid */
    double *depth;  /* ... its centroid's depth under the surface */
    double *waterline; /* ... the length the surface cuts it along */
    bool *inside;   /* ... whether the lift there is conservative */
    double *stretch; /* ropes: past their length */
    fl_vec2 *ends;   /* ropes * 2: the anchors in the world, a's then b's */
} fuzz_energy_state;

typedef struct fuzz_energy {
    int bodies, fluids, ropes;
    fuzz_energy_state prev, now;
    double *stretch_before;     /* per rope: its stretch a step before prev's */
    double *rope_scale;         /* per rope: the most it and its ends' relative
                                   motion held (engine/rope_account.c) */
    double contacts_prev;       /* the contact allowance of the last state */
    unsigned char *bouncing;    /* per body: 1 in a contact with restitution at
                                   the last step, 2 at this one (both: 3) */
    double bounce_credit;       /* what bouncing bodies lost since their contacts began, J */
    double excess;              /* energy gained beyond the allowances since the start, J */
    double scale;               /* the sum of the energies' sizes since the start, J */
} fuzz_energy;

/* Takes the sim's state as the start of the account; false (nothing
 * allocated) when the account does not apply: see energy.c. */
bool fuzz_energy_start(fuzz_energy *e, fl_sim *s);
typedef enum fuzz_energy_verdict {
    FUZZ_ENERGY_HELD,    /* within what the step may have put in */
    FUZZ_ENERGY_STOPPED, /* the account stops: the numbers left the range where
                          * it means anything, or bodies came or went */
    FUZZ_ENERGY_GAINED   /* energy out of nothing (a message is on stderr) */
} fuzz_energy_verdict;

/* Accounts for the step just taken (the k-th). */
fuzz_energy_verdict fuzz_energy_step(fuzz_energy *e, fl_sim *s, int k);
void fuzz_energy_free(fuzz_energy *e);

/* Whether every body with a hull of its own has its outline within it (a
 * known case when not: fuzz/README.md). */
bool fuzz_outlines_in_hulls(const fl_world *w);
/* Whether every wave is below the steepness at which water waves break,
 * H / L = 1/7 (k a = pi / 7): the linear theory the wave's pressure comes
 * from, continued above the still level, grows as e^(k a) there (a known
 * case when not). */
bool fuzz_waves_unbroken(const fl_buoyancy *b);

#endif
