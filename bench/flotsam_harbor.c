#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "flotsam_harbor.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static fl_status add_box(flotsam_harbor *h, const harbor_box *box, fl_error *err)
{
    double hw = 0.5 * (box->right - box->left), hh = 0.5 * (box->bottom - box->top);
    fl_vec2 pts[4] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    fl_body_def bd = fl_body_def_default();
    bd.points = pts;
    bd.point_count = 4;
    bd.origin = fl_v2(0.5 * (box->left + box->right), 0.5 * (box->top + box->bottom));
    bd.is_static = true;
    bd.friction = HARBOR_FRICTION;
    bd.restitution = HARBOR_RESTITUTION;
    return fl_world_add_body(h->world, &bd, NULL, err);
}

static fl_status add_floater(flotsam_harbor *h, const harbor_body *b, fl_error *err)
{
    fl_vec2 pts[8];
    const harbor_vec2 *v = h->scene->vertices + b->first_vertex;
    for (int k = 0; k < b->vertex_count; k++)
        pts[k] = fl_v2(v[k].x, v[k].y);
    fl_body_def bd = fl_body_def_default();
    bd.points = pts;
    bd.point_count = b->vertex_count;
    bd.origin = fl_v2(b->position.x, b->position.y);
    bd.density = b->density;
    bd.friction = HARBOR_FRICTION;
    bd.restitution = HARBOR_RESTITUTION;
    return fl_world_add_body(h->world, &bd, NULL, err);
}

fl_status flotsam_harbor_build(flotsam_harbor *h, const harbor_scene *scene,
                               flotsam_harbor_solver solver, const fl_allocator *allocator,
                               fl_error *err)
{
    memset(h, 0, sizeof *h);
    h->scene = scene;
    fl_world_def wd = fl_world_def_default();
    wd.gravity = fl_v2(0.0, HARBOR_GRAVITY);
    if (solver.iterations > 0)
        wd.iterations = solver.iterations;
    if (solver.substeps > 0)
        wd.substeps = solver.substeps;
    if (allocator)
        wd.allocator = *allocator;
    h->world = fl_world_create(&wd, err);
    if (!h->world)
        return FL_ENOMEM;
    fl_status st = FL_OK;
    h->buoyancy = fl_buoyancy_create(h->world, err);
    if (!h->buoyancy)
        st = FL_ENOMEM;
    fl_fluid_def fd = fl_fluid_def_default();
    fd.density = HARBOR_WATER_DENSITY;
    fd.surface = HARBOR_SURFACE;
    fd.left = 0.0;
    fd.right = scene->width;
    fd.bottom = HARBOR_FLOOR_TOP;
    fd.linear_drag = HARBOR_LINEAR_DRAG;
    fd.angular_drag = HARBOR_ANGULAR_DRAG;
    if (st == FL_OK) {
        st = fl_buoyancy_add_fluid(h->buoyancy, &fd, NULL, err);
    }
    for (int i = 0; i < 3 && st == FL_OK; i++)
        st = add_box(h, &scene->tank[i], err);
    h->first_dynamic = 3;
    for (int i = 0; i < scene->body_count && st == FL_OK; i++)
        st = add_floater(h, &scene->bodies[i], err);
    if (st != FL_OK)
        flotsam_harbor_destroy(h);
    return st;
}

void flotsam_harbor_destroy(flotsam_harbor *h)
{
    if (h->buoyancy)
        fl_buoyancy_destroy(h->buoyancy);
    if (h->world)
        fl_world_destroy(h->world);
    h->buoyancy = NULL;
    h->world = NULL;
}

void flotsam_harbor_run(flotsam_harbor *h, long steps)
{
    fl_world_set_profile(h->world, &h->profile);
    double start = now_ms();
    for (long i = 0; i < steps; i++)
        fl_world_step(h->world, HARBOR_DT);
    h->elapsed_ms += now_ms() - start;
    fl_world_set_profile(h->world, NULL);
    h->steps += steps;
}

harbor_stats flotsam_harbor_measure(flotsam_harbor *h)
{
    harbor_stats st;
    memset(&st, 0, sizeof st);
    fl_world *w = h->world;
    (void)fl_buoyancy_measure(h->buoyancy, fl_world_time(w));
    for (int i = h->first_dynamic; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        double frac = fl_buoyancy_body_area(h->buoyancy, b, NULL) / fl_body_hull_area(b);
        fl_vec2 at = fl_body_position(b);
        harbor_stats_add(&st, h->scene, at.x, at.y, fl_body_angle(b), frac);
        st.vertices += fl_body_hull_count(b);
    }
    harbor_stats_finish(&st);
    return st;
}

/* Writes and reads back every cache line of buf, so that whatever was in
 * the caches before is gone from them. */
static unsigned char evict(unsigned char *buf, size_t bytes)
{
    unsigned char sum = 0;
    for (size_t i = 0; i < bytes; i += 64)
        buf[i] = (unsigned char)i;
    for (size_t i = 0; i < bytes; i += 64)
        sum = (unsigned char)(sum + buf[i]);
    return sum;
}

double flotsam_harbor_time_buoyancy(flotsam_harbor *h, size_t evict_bytes, int calls)
{
    double ms[99];
    calls = calls < 1 ? 1 : calls > 99 ? 99 : calls;
    unsigned char *buf = evict_bytes ? malloc(evict_bytes) : NULL;
    if (evict_bytes && !buf)
        return -1.0;
    volatile unsigned char sink = 0;
    fl_world *w = h->world;
    fl_status st = FL_OK;
    for (int k = 0; k < calls && st == FL_OK; k++) {
        if (buf)
            sink = (unsigned char)(sink + evict(buf, evict_bytes));
        double start = now_ms();
        st = fl_buoyancy_apply(h->buoyancy, fl_world_time(w), HARBOR_DT);
        ms[k] = now_ms() - start;
    }
    free(buf);
    /* Between steps every force is zero (the step clears them). */
    for (int i = 0; i < fl_world_body_count(w); i++)
        fl_body_clear_forces(fl_world_body(w, i));
    if (st != FL_OK)
        return -1.0;
    return harbor_median(ms, calls);
}
