#include "broadphase.h"
#include "fail.h"
#include "flotsam/fl_world.h"
#include "sort.h"

static bool before(const fl_proxy *p, int a, int b)
{
    /* Ties broken by key, so the order is a function of the parts' boxes
     * alone, wherever the proxies are stored. */
    double xa = p[a].box.lo.x, xb = p[b].box.lo.x;
    return xa < xb || (xa == xb && p[a].key < p[b].key);
}

static bool before_fn(const void *ctx, int a, int b) { return before(ctx, a, b); }

static fl_sweep_box sweep_box(const fl_proxy *p, int i)
{
    return (fl_sweep_box){p[i].box.lo.x, p[i].box.hi.x, p[i].box.lo.y, p[i].box.hi.y, i, p[i].key};
}

static bool box_before(const fl_sweep_box *a, const fl_sweep_box *b)
{
    return a->lo_x < b->lo_x || (a->lo_x == b->lo_x && a->key < b->key);
}

/* Last step's order with this step's boxes, put right by insertion: boxes
 * move little in a step, so this is close to one pass. */
static void insertion_sort(fl_sweep_box *boxes, int n)
{
    for (int i = 1; i < n; i++) {
        fl_sweep_box v = boxes[i];
        int j = i;
        while (j > 0 && box_before(&v, &boxes[j - 1])) {
            boxes[j] = boxes[j - 1];
            j--;
        }
        boxes[j] = v;
    }
}

/* Boxes that overlap along x (the sweep saw to that) and along y, on
 * different bodies that are not both static and whose filters agree. */
static bool accepts(const fl_proxy *p, const fl_sweep_box *a, const fl_sweep_box *b)
{
    if (!(a->lo_y <= b->hi_y && b->lo_y <= a->hi_y))
        return false;
    const fl_proxy *pa = &p[a->proxy], *pb = &p[b->proxy];
    if (pa->body == pb->body || (pa->is_static && pb->is_static))
        return false;
    return (pa->category & pb->mask) && (pb->category & pa->mask);
}

static fl_status add_pair(fl_world *w, fl_broadphase *bp, const fl_proxy *p, int a, int b)
{
    fl_proxy_pair *grown = fl_world_grow(w, bp->pairs, &bp->pair_capacity, bp->pair_count + 1,
                                         sizeof *grown);
    if (!grown)
        return FL_ENOMEM;
    bp->pairs = grown;
    FL_ASSERT(p[a].body != p[b].body); /* accepts() pairs parts of two bodies */
    bool swap = p[b].body < p[a].body || (p[b].body == p[a].body && p[b].part < p[a].part);
    bp->pairs[bp->pair_count++] = swap ? (fl_proxy_pair){b, a} : (fl_proxy_pair){a, b};
    return FL_OK;
}

fl_status broadphase_update(fl_world *w, fl_broadphase *bp, const fl_proxy *p, int n, bool fresh)
{
    FL_ASSERT(w && bp && n >= 0 && (p || n == 0));
    bp->pair_count = 0;
    fl_sweep_box *boxes = bp->boxes;
    if (fresh || bp->order_count != n) {
        int *o = fl_world_grow(w, bp->order, &bp->order_capacity, n, sizeof *o);
        if (!o)
            return FL_ENOMEM;
        bp->order = o;
        for (int i = 0; i < n; i++)
            bp->order[i] = i;
        bp->order_count = n;
        sort_indices(bp->order, bp->scratch, n, before_fn, p);
        for (int i = 0; i < n; i++)
            boxes[i] = sweep_box(p, bp->order[i]);
    } else {
        for (int i = 0; i < n; i++)
            boxes[i] = sweep_box(p, bp->order[i]);
        insertion_sort(boxes, n);
        for (int i = 0; i < n; i++)
            bp->order[i] = boxes[i].proxy;
    }
    /* the order is a permutation of the proxies */
    FL_ASSERT(bp->order_count == n && n <= bp->order_capacity);
    for (int i = 0; i < n; i++) {
        const fl_sweep_box *a = &boxes[i];
        for (int j = i + 1; j < n && boxes[j].lo_x <= a->hi_x; j++) {
            if (accepts(p, a, &boxes[j]) && add_pair(w, bp, p, a->proxy, boxes[j].proxy) != FL_OK)
                return FL_ENOMEM;
        }
    }
    FL_ASSERT(bp->pair_count <= bp->pair_capacity);
    return FL_OK;
}

void broadphase_renumber(fl_broadphase *bp)
{
    for (int i = 0; i < bp->order_count; i++)
        bp->order[i] = i;
}

void broadphase_free(fl_world *w, fl_broadphase *bp)
{
    fl_world_free(w, bp->order);
    fl_world_free(w, bp->pairs);
    *bp = (fl_broadphase){0};
}
