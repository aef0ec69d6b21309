/* A custom allocator: every allocation the engine and the buoyancy module
 * make goes through the world's fl_allocator. This one keeps a count and
 * the bytes in use (each block carries its size in a header). A world of
 * crates floating in water, two of them tied by a rope, is stepped for
 * ten seconds: once warmed up, a step allocates nothing, and when the
 * module and the world are destroyed every byte has been given back.
 *
 *   cc custom_allocator.c $(pkg-config --cflags --libs flotsam) -o custom_allocator */
#include <stdio.h>
#include <stdlib.h>
#include <flotsam/flotsam.h>

typedef struct counter {
    long calls;                /* alloc, and realloc of NULL */
    long frees;                /* free, and realloc to 0 */
    size_t in_use, most;       /* bytes */
} counter;

/* The header in front of each block: its size, aligned for anything. */
typedef union header {
    size_t size;
    max_align_t align;
} header;

static void *counted_realloc(void *ptr, size_t size, void *user)
{
    counter *c = user;
    header *old = ptr ? (header *)ptr - 1 : NULL;
    size_t was = old ? old->size : 0;
    if (size == 0) {
        free(old);
        c->frees += old != NULL;
        c->in_use -= was;
        return NULL;
    }
    header *h = realloc(old, sizeof(header) + size);
    if (!h)
        return NULL; /* the old block, if any, is still the caller's */
    c->calls += old == NULL;
    c->in_use = c->in_use - was + size;
    c->most = c->in_use > c->most ? c->in_use : c->most;
    h->size = size;
    return h + 1;
}

static void *counted_alloc(size_t size, void *user) { return counted_realloc(NULL, size, user); }
static void counted_free(void *ptr, void *user) { counted_realloc(ptr, 0, user); }

int main(void)
{
    counter c = {0, 0, 0, 0};
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    wd.allocator = (fl_allocator){counted_alloc, counted_realloc, counted_free, &c};
    fl_world *world = fl_world_create(&wd, &err);
    fl_buoyancy *buoyancy = world ? fl_buoyancy_create(world, &err) : NULL;
    fl_fluid_def water = fl_fluid_def_default(); /* the surface at y = 0 */
    water.left = -10.0;
    water.right = 10.0;
    water.bottom = 5.0;
    int ok = buoyancy && fl_buoyancy_add_fluid(buoyancy, &water, NULL, &err) == FL_OK;

    const fl_vec2 crate[4] = {{-0.3, -0.3}, {0.3, -0.3}, {0.3, 0.3}, {-0.3, 0.3}};
    fl_body_id bodies[6];
    for (int i = 0; ok && i < 6; i++) {
        fl_body_def def = fl_body_def_default();
        def.points = crate;
        def.point_count = 4;
        def.density = 300.0 + 100.0 * i;
        def.origin = fl_v2(-5.0 + 2.0 * i, -1.0 - 0.5 * (i % 2));
        ok = fl_world_add_body(world, &def, &bodies[i], &err) == FL_OK;
    }
    fl_rope_def rope = {FL_NULL_BODY, FL_NULL_BODY, {0.3, 0.0}, {-0.3, 0.0}, 0.0, 0.0, 0.0};
    fl_joint_id tie;
    if (ok) {
        rope.a = bodies[0];
        rope.b = bodies[1]; /* rigid, as long as the anchors are apart now */
        ok = fl_world_add_rope(world, &rope, &tie, &err) == FL_OK;
    }
    if (!ok) {
        fprintf(stderr, "custom_allocator: %s\n", err.message);
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }
    printf("built: %ld allocations, %zu bytes in use\n", c.calls, c.in_use);

    for (int i = 0; i < 300; i++)
        fl_world_step(world, 1.0 / 60.0);
    long warm = c.calls;
    printf("5 s:   %ld allocations, %zu bytes in use, %zu at most\n", c.calls, c.in_use, c.most);
    for (int i = 0; i < 300; i++)
        fl_world_step(world, 1.0 / 60.0);
    printf("10 s:  %ld allocations (%ld in the last 5 s)\n", c.calls, c.calls - warm);

    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    printf("destroyed: %ld allocations, %ld frees, %zu bytes in use\n", c.calls, c.frees,
           c.in_use);
    ok = c.calls > 0 && c.calls == warm && c.frees == c.calls && c.in_use == 0;
    if (!ok)
        fprintf(stderr, "custom_allocator: allocated in the steady state or leaked\n");
    return ok ? 0 : 1;
}
