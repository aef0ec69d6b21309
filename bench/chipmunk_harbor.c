#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "chipmunk_harbor.h"

#ifdef FLOTSAM_HAVE_CHIPMUNK

#include <chipmunk/chipmunk.h>
/* For cpBody's force and torque fields: the public setters also wake the
 * body and its contact partners, work a velocity callback should not add to
 * the peer's time on every body every step. */
#include <chipmunk/chipmunk_structs.h>
#include "flotsam/flotsam.h"

/* Room for an 8-gon clipped by three half-planes (8 -> 13 -> 20 -> 31). */
#define CLIP_ROOM 32

typedef struct floater {
    cpBody *body;
    cpShape *shape;
    const harbor_vec2 *local; /* outline about the centroid (the scene's) */
    int count;
    double area;              /* A_body */
    double width;             /* W: the water's right side */
} floater;

struct chipmunk_harbor {
    const harbor_scene *scene;
    cpSpace *space;
    cpBody *ground;           /* static, holds the tank */
    cpShape *tank[3];
    floater *floaters;
    int floater_count;
    double elapsed_ms;
};

/* Each shape's friction: Chipmunk gives a pair the product of its shapes'
 * frictions (flotsam the geometric mean), so sqrt(0.4) per shape makes every
 * pair's friction 0.4 in both engines. */
static double shape_friction(void) { return sqrt(HARBOR_FRICTION); }

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

bool chipmunk_harbor_available(void) { return true; }

#define HARBOR_STR2(x) #x
#define HARBOR_STR(x) HARBOR_STR2(x)

const char *chipmunk_harbor_engine(void)
{
    return "chipmunk " HARBOR_STR(CP_VERSION_MAJOR) "." HARBOR_STR(CP_VERSION_MINOR) "." HARBOR_STR(
        CP_VERSION_RELEASE);
}

/* The submerged part of a floater where it is now, clipped by flotsam's own
 * Sutherland-Hodgman against y >= surface and 0 <= x <= W, in coordinates
 * relative to the centre of mass (as flotsam clips, for precision). Returns
 * A and sets *c to the centroid C relative to the centre of mass. */
static double submerged(const floater *f, fl_vec2 *c)
{
    cpVect p = cpBodyGetPosition(f->body), rot = cpBodyGetRotation(f->body);
    fl_vec2 buf[3][CLIP_ROOM];
    for (int k = 0; k < f->count; k++) {
        fl_vec2 v = fl_v2(f->local[k].x, f->local[k].y);
        buf[0][k] = fl_rotate((fl_rot){rot.x, rot.y}, v);
    }
    const fl_halfplane planes[3] = {
        {fl_v2(0.0, 1.0), HARBOR_SURFACE - p.y}, /* y >= surface */
        {fl_v2(1.0, 0.0), 0.0 - p.x},            /* x >= 0 */
        {fl_v2(-1.0, 0.0), p.x - f->width},      /* x <= W */
    };
    const fl_vec2 *cur = buf[0];
    int n = f->count;
    for (int i = 0; i < 3 && n > 0; i++) {
        n = fl_clip_halfplane(cur, n, planes[i], buf[1 + (i & 1)]);
        cur = buf[1 + (i & 1)];
    }
    return fl_polygon_area_centroid(cur, n, c);
}

/* the benchmark's buoyancy and drag, applied where Chipmunk integrates velocity.
 *
 * Why here and not as a force set before cpSpaceStep: a Chipmunk step first
 * moves positions with the old velocities, then finds contacts, and only
 * then integrates velocities from forces. A force computed before the step
 * from the old positions therefore acts like explicit Euler on the
 * buoyancy spring (the lift lags the motion by a step), which feeds energy
 * in: floating bodies bob ever higher. Computed in the velocity callback,
 * it sees the positions this step just produced, like flotsam's
 * beforeUpdate hook (semi-implicit Euler), and floaters settle.
 *
 * The drags are the benchmark's plain linear forces (flotsam realises the same
 * rates as exact exponential decay over the step; the two agree as dt -> 0). */
static void velocity_update(cpBody *body, cpVect gravity, cpFloat damping, cpFloat dt)
{
    const floater *f = cpBodyGetUserData(body);
    fl_vec2 c;
    double a = submerged(f, &c);
    if (a > 0.0) {
        double displaced = HARBOR_WATER_DENSITY * a;
        cpVect v = cpBodyGetVelocity(body);
        double fx = -HARBOR_LINEAR_DRAG * displaced * v.x;
        double fy = -displaced * HARBOR_GRAVITY - HARBOR_LINEAR_DRAG * displaced * v.y;
        body->f = cpvadd(body->f, cpv(fx, fy));
        body->t += c.x * fy - c.y * fx;
        body->t -= HARBOR_ANGULAR_DRAG * cpBodyGetAngularVelocity(body) * cpBodyGetMoment(body) *
                   (a / f->area);
    }
    cpBodyUpdateVelocity(body, gravity, damping, dt);
}

bool chipmunk_harbor_probe(bool *assertions)
{
    *assertions = false;
    /* A Chipmunk built without NDEBUG prints a banner on stdout when its
     * first space is created (once per process). Catch it in a temporary
     * file, so stdout stays the caller's, and report what it says. */
    FILE *tmp = tmpfile();
    int saved = tmp ? dup(STDOUT_FILENO) : -1;
    fflush(stdout);
    bool caught = saved >= 0 && dup2(fileno(tmp), STDOUT_FILENO) >= 0;
    cpSpace *space = cpSpaceNew();
    fflush(stdout);
    if (caught)
        dup2(saved, STDOUT_FILENO);
    if (saved >= 0)
        close(saved);
    cpSpaceFree(space);
    if (!caught) {
        if (tmp)
            fclose(tmp);
        return false;
    }
    char line[256];
    rewind(tmp);
    while (fgets(line, sizeof line, tmp))
        if (strstr(line, "Debug Enabled"))
            *assertions = true;
    fclose(tmp);
    return true;
}

static cpShape *add_box(chipmunk_harbor *h, const harbor_box *b)
{
    /* cpBB is (left, bottom, right, top) with bottom the smaller y: here
     * the box's top edge, as y points down. */
    cpShape *s = cpBoxShapeNew2(h->ground, cpBBNew(b->left, b->top, b->right, b->bottom), 0.0);
    cpShapeSetFriction(s, shape_friction());
    cpShapeSetElasticity(s, HARBOR_RESTITUTION);
    return cpSpaceAddShape(h->space, s);
}

static void add_floater(chipmunk_harbor *h, const harbor_body *hb, floater *f)
{
    cpVect v[8];
    const harbor_vec2 *local = h->scene->vertices + hb->first_vertex;
    for (int k = 0; k < hb->vertex_count; k++)
        v[k] = cpv(local[k].x, local[k].y);
    /* The vertices are about the centroid, so the body's origin is its
     * centre of gravity and the moment is taken about it (offset 0). */
    double area = fabs(cpAreaForPoly(hb->vertex_count, v, 0.0));
    double mass = hb->density * area;
    double moment = cpMomentForPoly(mass, hb->vertex_count, v, cpvzero, 0.0);
    cpBody *body = cpSpaceAddBody(h->space, cpBodyNew(mass, moment));
    cpBodySetPosition(body, cpv(hb->position.x, hb->position.y));
    cpBodySetUserData(body, f);
    cpBodySetVelocityUpdateFunc(body, velocity_update);
    cpShape *s = cpPolyShapeNew(body, hb->vertex_count, v, cpTransformIdentity, 0.0);
    cpShapeSetFriction(s, shape_friction());
    cpShapeSetElasticity(s, HARBOR_RESTITUTION);
    cpSpaceAddShape(h->space, s);
    *f = (floater){body, s, local, hb->vertex_count, area, h->scene->width};
}

chipmunk_harbor *chipmunk_harbor_build(const harbor_scene *scene, char *err, size_t err_size)
{
    chipmunk_harbor *h = calloc(1, sizeof *h);
    floater *fs = calloc((size_t)scene->body_count, sizeof *fs);
    if (!h || !fs) {
        free(h);
        free(fs);
        snprintf(err, err_size, "out of memory building the Chipmunk scene");
        return NULL;
    }
    h->scene = scene;
    h->floaters = fs;
    /* Defaults: 10 iterations, bounding-box tree, no sleeping, no damping. */
    h->space = cpSpaceNew();
    cpSpaceSetGravity(h->space, cpv(0.0, HARBOR_GRAVITY));
    cpSpaceSetIterations(h->space, HARBOR_ITERATIONS);
    h->ground = cpSpaceAddBody(h->space, cpBodyNewStatic());
    for (int i = 0; i < 3; i++)
        h->tank[i] = add_box(h, &scene->tank[i]);
    for (int i = 0; i < scene->body_count; i++)
        add_floater(h, &scene->bodies[i], &fs[i]);
    h->floater_count = scene->body_count;
    return h;
}

void chipmunk_harbor_destroy(chipmunk_harbor *h)
{
    if (!h)
        return;
    /* The space first: freeing it still touches its bodies. */
    cpSpaceFree(h->space);
    for (int i = 0; i < h->floater_count; i++) {
        cpShapeFree(h->floaters[i].shape);
        cpBodyFree(h->floaters[i].body);
    }
    for (int i = 0; i < 3; i++)
        cpShapeFree(h->tank[i]);
    cpBodyFree(h->ground);
    free(h->floaters);
    free(h);
}

chipmunk_harbor_settings chipmunk_harbor_get_settings(const chipmunk_harbor *h)
{
    return (chipmunk_harbor_settings){cpSpaceGetIterations(h->space), "bounding-box tree",
                                      cpSpaceGetCollisionSlop(h->space),
                                      cpSpaceGetCollisionBias(h->space), shape_friction()};
}

void chipmunk_harbor_run(chipmunk_harbor *h, long steps)
{
    double start = now_ms();
    for (long i = 0; i < steps; i++)
        cpSpaceStep(h->space, HARBOR_DT);
    h->elapsed_ms += now_ms() - start;
}

double chipmunk_harbor_elapsed_ms(const chipmunk_harbor *h) { return h->elapsed_ms; }

harbor_stats chipmunk_harbor_measure(const chipmunk_harbor *h)
{
    harbor_stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < h->floater_count; i++) {
        const floater *f = &h->floaters[i];
        fl_vec2 c;
        double frac = submerged(f, &c) / f->area;
        cpVect p = cpBodyGetPosition(f->body);
        harbor_stats_add(&st, h->scene, p.x, p.y, cpBodyGetAngle(f->body), frac);
        st.vertices += cpPolyShapeGetCount(f->shape);
    }
    harbor_stats_finish(&st);
    return st;
}

#else /* no Chipmunk */

bool chipmunk_harbor_available(void) { return false; }
const char *chipmunk_harbor_engine(void) { return "chipmunk (not built)"; }

bool chipmunk_harbor_probe(bool *assertions)
{
    *assertions = false;
    return false;
}

chipmunk_harbor *chipmunk_harbor_build(const harbor_scene *scene, char *err, size_t err_size)
{
    (void)scene;
    snprintf(err, err_size, "Chipmunk2D was not found when flotsam was built "
                            "(install libchipmunk-dev and reconfigure)");
    return NULL;
}

void chipmunk_harbor_destroy(chipmunk_harbor *h) { (void)h; }

chipmunk_harbor_settings chipmunk_harbor_get_settings(const chipmunk_harbor *h)
{
    (void)h;
    return (chipmunk_harbor_settings){0, "none", 0.0, 0.0, 0.0};
}

void chipmunk_harbor_run(chipmunk_harbor *h, long steps)
{
    (void)h;
    (void)steps;
}

double chipmunk_harbor_elapsed_ms(const chipmunk_harbor *h)
{
    (void)h;
    return 0.0;
}

harbor_stats chipmunk_harbor_measure(const chipmunk_harbor *h)
{
    (void)h;
    harbor_stats st;
    memset(&st, 0, sizeof st);
    return st;
}

#endif
