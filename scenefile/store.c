/* A scene's outlines, in chunks that never move (store.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "store.h"

#define CHUNK_POINTS 4096

typedef struct chunk {
    struct chunk *next;
    int used, capacity;
    fl_vec2 points[];
} chunk;

struct fl_scene_store {
    chunk *head; /* the newest, where points go */
};

/* Room for n points, or NULL. */
static fl_vec2 *take(fl_scene_store *s, int n)
{
    FL_ASSERT(n > 0);
    chunk *c = s->head;
    if (!c || c->capacity - c->used < n) {
        int capacity = n > CHUNK_POINTS ? n : CHUNK_POINTS;
        c = malloc(sizeof *c + sizeof(fl_vec2) * (size_t)capacity);
        if (!c)
            return NULL;
        c->next = s->head;
        c->used = 0;
        c->capacity = capacity;
        s->head = c;
    }
    fl_vec2 *p = c->points + c->used;
    c->used += n;
    assert(c->used <= c->capacity);
    return p;
}

/* A copy of n points in the store (NULL for none: nothing to point at). */
static bool keep(fl_scene_store *s, const fl_vec2 **pts, int n)
{
    if (n <= 0 || !*pts) {
        *pts = NULL;
        return true;
    }
    fl_vec2 *p = take(s, n);
    if (!p)
        return false;
    memcpy(p, *pts, sizeof *p * (size_t)n);
    *pts = p;
    return true;
}

bool scene_store_body(fl_scene_store **store, fl_scene_body *b)
{
    assert(store != NULL && b != NULL);
    /* what a body points at is there wherever it counts points */
    assert((b->point_count <= 0 || b->points) && (b->hull_count <= 0 || b->hull) &&
           (b->opening_count <= 0 || b->openings));
    if (!*store) {
        *store = calloc(1, sizeof **store);
        if (!*store)
            return false;
    }
    fl_scene_body kept = *b;
    if (!keep(*store, &kept.points, b->point_count) || !keep(*store, &kept.hull, b->hull_count) ||
        !keep(*store, &kept.openings, 2 * b->opening_count))
        return false; /* what was taken stays in the store, freed with it */
    /* what had points has them in the store now */
    FL_ASSERT((kept.points != NULL) == (b->point_count > 0 && b->points != NULL));
    FL_ASSERT((kept.hull != NULL) == (b->hull_count > 0 && b->hull != NULL));
    *b = kept;
    return true;
}

bool scene_store_spawns(fl_scene_store **store, fl_scene_event *events, int count)
{
    FL_ASSERT(store && count >= 0 && (events || count == 0));
    for (int i = 0; i < count; i++)
        if (events[i].kind == FL_SCENE_SPAWN && !scene_store_body(store, &events[i].body))
            return false;
    return true;
}

void scene_store_free(fl_scene_store **store)
{
    FL_ASSERT(store);
    if (!*store)
        return;
    for (chunk *c = (*store)->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(*store);
    *store = NULL;
}
