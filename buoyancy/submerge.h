/* Where one body's fluid outline lies in one fluid: wholly in, wholly out,
 * or cut, and then the submerged part. Private to the buoyancy module. */
#ifndef FL_SUBMERGE_H
#define FL_SUBMERGE_H

#include "flotsam/fl_fluid.h"
#include "flotsam/fl_world.h"
#include "body_state.h"
#include "fail.h"

typedef enum submerge_kind {
    SUBMERGE_NONE,   /* no part of the outline is in the fluid */
    SUBMERGE_WHOLE,  /* all of it is: area and centroid are the outline's */
    SUBMERGE_CLIPPED /* a part is: the polygon is in the scratch buffers */
} submerge_kind;

typedef struct submerged_part {
    submerge_kind kind;
    double area;
    fl_vec2 centroid;      /* world */
    const fl_vec2 *polygon; /* SUBMERGE_CLIPPED and kept: about the centre of mass */
    int count;
    /* Where the surface cuts the outline (SUBMERGE_CLIPPED across it): the
     * waterline's length, and its second moment about the point of the
     * surface line nearest the centre of mass. */
    double waterline, waterline_moment;
    /* On a wave (submerge_wave): the dynamic pressure's force on the part
     * and its moment about the centre of mass; and the water's velocity
     * at the centre of buoyancy, the current and the wave's orbit. */
    fl_vec2 wave_force;
    double wave_moment;
    fl_vec2 flow;
} submerged_part;

/* Points of a wave's surface polyline per wave length (wave_clip.c). */
enum { NODES_PER_WAVE = 128 };

/* Clipping one n-gon against the fluid's four half-planes grows it at most
 * to this many points, with room besides for the points a wave's surface
 * adds across a convex outline two wave lengths wide (a wider or concave
 * one on a wave is still measured exactly, but its polygon is not kept);
 * `scratch` must hold three buffers of that size for the largest outline
 * measured. */
int submerge_room(int n);

/* Measures `body` (dynamic, in the world) against fluid f at time t. Most
 * bodies are decided by the circle around their outline alone (in still
 * water a caller can ask submerge_flat_side first, without a call); only
 * those whose circle crosses the fluid's edge have their outline turned
 * into the world and clipped, against just the half-planes that cut its
 * box. The submerged polygon of a clipped body is written out only when
 * keep_polygon is set; area and centroid come out the same either way. */
void submerge(const fl_body *body, const fl_fluid_def *f, double t, fl_vec2 *scratch,
              int scratch_size, bool keep_polygon, submerged_part *out);

/* submerge() for a body whose circle crosses an edge of the fluid whose
 * half-planes (fl_fluid_halfplanes, about the body's centre of mass) are
 * given: its outline is turned, boxed and clipped. */
void submerge_across(const fl_body *body, const fl_halfplane planes[4], fl_vec2 *scratch,
                     int scratch_size, bool keep_polygon, submerged_part *out);

/* submerge() on a wave, under gravity g: the outline clipped by the walls
 * and the bottom, then below the wave's actual surface (a polyline of it,
 * NODES_PER_WAVE points a wave length), with the wave's dynamic pressure
 * integrated over the part's boundary (wave_clip.c says how); for a step
 * of dt from t, at the step's middle (dt 0: at t), the body moving at
 * vel (its velocity and spin) meanwhile. */
void submerge_wave(const fl_body *body, fl_twist vel, const fl_fluid_def *f, double g, double t,
                   double dt, fl_vec2 *scratch, int scratch_size, bool keep_polygon,
                   submerged_part *out);

/* Where a body's fluid outline lies in still water (no waves), decided by
 * the circle around it alone: 1 wholly inside, -1 wholly outside, 0
 * across an edge (then submerge_across() turns and clips it). The four half-planes
 * of still water (fl_fluid_halfplanes) face along the axes, so the farthest
 * of their offsets decides; the circle is widened a little for the
 * rounding of the turn, so it only decides what clipping would decide the
 * same way. Inline: most bodies of a pass need nothing more. */
static inline int submerge_flat_side(const fl_body *body, const fl_fluid_def *f)
{
    fl_vec2 p = body->position;
    double reach = body->hull_radius * (1.0 + 1e-12);
    double far = fl_max(fl_max(f->surface - p.y, p.y - f->bottom),
                        fl_max(f->left - p.x, p.x - f->right));
    return far > reach ? -1 : far > -reach ? 0 : 1;
}

/* The measure of a body in no fluid: nothing under, its centre of
 * buoyancy where it stands. */
static inline submerged_part submerge_nothing(const fl_body *body)
{
    submerged_part none = {SUBMERGE_NONE, 0.0, body->position, NULL, 0, 0.0, 0.0,
                           {0.0, 0.0}, 0.0, {0.0, 0.0}};
    return none;
}

/* The measure of a body wholly in a fluid: its whole fluid outline. */
static inline void submerge_whole(const fl_body *body, submerged_part *out)
{
    out->kind = SUBMERGE_WHOLE;
    out->area = body->hull_area;
    out->centroid = fl_add(body->position, fl_rotate(body->rot, body->hull_centroid));
}

/* The body's fluid outline turned into world orientation (about the
 * centre of mass) into `out`, and the box around it. */
void submerge_turn(const fl_body *body, fl_vec2 *out, fl_vec2 *lo, fl_vec2 *hi);
/* Where a box lies against a half-plane: 1 wholly inside (touching counts
 * as inside, as in clipping), -1 wholly outside, 0 across the line. */
int submerge_box_side(fl_halfplane h, fl_vec2 lo, fl_vec2 hi);

/* Writes the body's whole fluid outline in world coordinates to out. */
void submerge_world_outline(const fl_body *body, fl_vec2 *out);

#endif
