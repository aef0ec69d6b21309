/* Broad phase: sweep and prune along x. Proxies (one per convex part) are
 * kept sorted by their boxes' left edges, re-sorted by insertion each step
 * (the order barely changes between steps, so this is close to linear), and
 * overlapping boxes are found by sweeping that order: O(n log n) at worst
 * for a fresh order, O(n + k) for k overlaps once warm. No all-pairs loop. */
#ifndef FL_BROADPHASE_H
#define FL_BROADPHASE_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_collide.h"
#include "flotsam/fl_types.h"

typedef struct fl_world fl_world;

typedef struct fl_proxy {
    fl_aabb box;        /* fattened by the speculative margin */
    int key;            /* the part's place among all parts in body order: ties
                         * in the sweep are broken by it, so the pairs' order
                         * does not depend on where the proxy is stored */
    double margin;      /* how much it was fattened */
    int first, count;   /* the part's world vertices in the world's geometry cache
                         * (first: over all parts' vertices before it) */
    int body;           /* body index in the world */
    int part;           /* part index in the body */
    uint32_t category, mask;
    bool is_static;
} fl_proxy;

typedef struct fl_proxy_pair {
    int a, b;           /* proxy indices, a on the body with the lower index */
} fl_proxy_pair;

/* A proxy's box as the sweep reads it: packed, in sweep order. */
typedef struct fl_sweep_box {
    double lo_x, hi_x, lo_y, hi_y;
    int proxy, key;
} fl_sweep_box;

typedef struct fl_broadphase {
    int *order;         /* proxy indices sorted by box.lo.x; kept between steps */
    int order_count, order_capacity;
    fl_proxy_pair *pairs; /* this step's; grown as the sweep finds them */
    int pair_count, pair_capacity;
    /* The step's scratch (the caller's, one per proxy; step_context.h): */
    fl_sweep_box *boxes; /* the boxes in that order */
    int *scratch;       /* merge sort buffer */
} fl_broadphase;

/* Finds every pair of proxies whose boxes overlap, on different bodies, not
 * both static, and accepted by each other's category and mask. When `fresh`
 * is set (the proxy set changed) the order is rebuilt. Pairs come out in a
 * deterministic order. */
fl_status broadphase_update(fl_world *w, fl_broadphase *bp, const fl_proxy *proxies, int n,
                               bool fresh);
/* The caller will store the proxies in the order of the last update's sweep
 * from now on (proxy i where the sweep had it i-th): the kept order becomes
 * 0, 1, 2, ... The pairs then come out nearly in storage order. */
void broadphase_renumber(fl_broadphase *bp);

void broadphase_free(fl_world *w, fl_broadphase *bp);

#endif
