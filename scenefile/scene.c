/* What is done to a scene description as a whole: copying and freeing it,
 * a body's outline, and an error's text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "store.h"

void fl_scene_free(fl_scene *s)
{
    if (s == NULL)
        return;
    free(s->fluids);
    free(s->bodies);
    free(s->ropes);
    free(s->events);
    free(s->items);
    scene_store_free(&s->store);
    memset(s, 0, sizeof *s);
}

/* A copy of count items of `size` bytes (one more allocated, so that an
 * empty array is a real allocation too). */
static void *copy_items(const void *from, size_t size, int count)
{
    void *to = malloc(size * (size_t)(count + 1));
    if (to && count > 0)
        memcpy(to, from, size * (size_t)count);
    return to;
}

fl_status fl_scene_copy(fl_scene *to, const fl_scene *from)
{
    FL_ASSERT(to && from && to != from);
    *to = *from;
    to->fluids = copy_items(from->fluids, sizeof *from->fluids, from->fluid_count);
    to->bodies = copy_items(from->bodies, sizeof *from->bodies, from->body_count);
    to->ropes = copy_items(from->ropes, sizeof *from->ropes, from->rope_count);
    to->events = copy_items(from->events, sizeof *from->events, from->event_count);
    to->items = copy_items(from->items, sizeof *from->items, from->item_count);
    to->store = NULL;
    bool ok = to->fluids && to->bodies && to->ropes && to->events && to->items;
    /* the outlines into the copy's own store */
    for (int i = 0; ok && i < to->body_count; i++)
        ok = scene_store_body(&to->store, &to->bodies[i]);
    ok = ok && scene_store_spawns(&to->store, to->events, to->event_count);
    if (!ok) {
        fl_scene_free(to);
        return FL_ENOMEM;
    }
    return FL_OK;
}

fl_scene_body fl_scene_body_default(void)
{
    fl_scene_body b;
    memset(&b, 0, sizeof b);
    const fl_body_def d = fl_body_def_default();
    b.shape = FL_SCENE_BOX;
    b.friction = d.friction;
    b.restitution = d.restitution;
    b.category = d.category;
    b.mask = d.mask;
    b.sensor = d.sensor;
    return b;
}

int fl_scene_body_outline(const fl_scene_body *b, fl_vec2 *out)
{
    FL_ASSERT(b && out);
    switch (b->shape) {
    case FL_SCENE_BOX: {
        double hx = 0.5 * b->size.x, hy = 0.5 * b->size.y;
        out[0] = fl_v2(-hx, -hy);
        out[1] = fl_v2(hx, -hy);
        out[2] = fl_v2(hx, hy);
        out[3] = fl_v2(-hx, hy);
        return 4;
    }
    case FL_SCENE_NGON:
        for (int k = 0; k < b->sides; k++) {
            double a = 2.0 * FL_PI * k / b->sides;
            out[k] = fl_v2(b->radius * fl_cos(a), b->radius * fl_sin(a));
        }
        return b->sides;
    case FL_SCENE_POLYGON:
        memcpy(out, b->points, sizeof *out * (size_t)b->point_count);
        return b->point_count;
    }
    return 0;
}

bool fl_scene_name_valid(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= FL_SCENE_NAME_MAX || !strcmp(name, "world"))
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    }
    return true;
}

void fl_scene_error_format(const fl_scene_error *err, const char *file, char *buf, size_t size)
{
    if (err->line > 0)
        snprintf(buf, size, "%s:%d:%d: %s", file, err->line, err->column, err->message);
    else
        snprintf(buf, size, "%s: %s", file, err->message);
}
