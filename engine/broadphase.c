#include "fl_broadphase.h"
#include "fl_world.h"
#include "sort.h"

static bool before(const fl_proxy *p, int a, int b)
{
    /* Ties broken by index, so the order is a function of the boxes alone. */
    double xa = p[a].box.lo.x, xb = p[b].box.lo.x;
    return xa < xb || (xa == xb && a < b);
}

static bool before_fn(const void *ctx, int a, int b) { return before(ctx, a, b); }

static void insertion_sort(const fl_proxy *p, int *order, int n)
{
    for (int i = 1; i < n; i++) {
        int v = order[i], j = i;
        while (j > 0 && before(p, v, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
    }
}

static bool accepts(const fl_proxy *a, const fl_proxy *b)
{
    if (a->body == b->body || (a->is_static && b->is_static))
        return false;
    if (!(a->category & b->mask) || !(b->category & a->mask))
        return false;
    return a->box.lo.y <= b->box.hi.y && b->box.lo.y <= a->box.hi.y;
}

static fl_status add_pair(fl_world *w, fl_broadphase *bp, const fl_proxy *p, int a, int b)
{
    fl_proxy_pair *grown = fl_world_grow(w, bp->pairs, &bp->pair_capacity, bp->pair_count + 1,
                                         sizeof *grown);
    if (!grown)
        return FL_ENOMEM;
    bp->pairs = grown;
    bool swap = p[b].body < p[a].body || (p[b].body == p[a].body && p[b].part < p[a].part);
    bp->pairs[bp->pair_count++] = swap ? (fl_proxy_pair){b, a} : (fl_proxy_pair){a, b};
    return FL_OK;
}

fl_status fl_broadphase_update(fl_world *w, fl_broadphase *bp, const fl_proxy *p, int n, bool fresh)
{
    bp->pair_count = 0;
    if (fresh || bp->order_count != n) {
        int *o = fl_world_grow(w, bp->order, &bp->order_capacity, n, sizeof *o);
        if (!o)
            return FL_ENOMEM;
        bp->order = o;
        int *t = fl_world_grow(w, bp->scratch, &bp->scratch_capacity, n, sizeof *t);
        if (!t)
            return FL_ENOMEM;
        bp->scratch = t;
        for (int i = 0; i < n; i++)
            bp->order[i] = i;
        bp->order_count = n;
        fl_sort_indices(bp->order, bp->scratch, n, before_fn, p);
    } else {
        insertion_sort(p, bp->order, n);
    }
    for (int i = 0; i < n; i++) {
        int a = bp->order[i];
        double right = p[a].box.hi.x;
        for (int j = i + 1; j < n && p[bp->order[j]].box.lo.x <= right; j++) {
            int b = bp->order[j];
            if (accepts(&p[a], &p[b]) && add_pair(w, bp, p, a, b) != FL_OK)
                return FL_ENOMEM;
        }
    }
    return FL_OK;
}

void fl_broadphase_free(fl_world *w, fl_broadphase *bp)
{
    fl_world_free(w, bp->order);
    fl_world_free(w, bp->scratch);
    fl_world_free(w, bp->pairs);
    *bp = (fl_broadphase){0};
}
