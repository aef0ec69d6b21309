/* Joints: ropes between bodies (or a body and the world) and the mouse
 * spring that drags a body towards a moving point. */
#ifndef FL_JOINT_H
#define FL_JOINT_H

#include "flotsam/fl_body.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_world fl_world;

typedef enum fl_joint_type { FL_JOINT_ROPE, FL_JOINT_MOUSE } fl_joint_type;

/* A rope pulls its anchors together when they are further apart than its
 * length and never pushes. Rigid (stiffness 0) it is an inextensible cord;
 * with a stiffness (N/m) and damping (N s/m) it is an elastic one, solved as
 * a soft constraint so that any stiffness stays stable at any step: taut,
 * by the average-acceleration rule (undamped without damping, its damping
 * ratio the damping's); the step it goes taut in, by backward Euler, so
 * that catching a load makes no energy. */
typedef struct fl_rope_def {
    fl_body_id a;             /* required */
    fl_body_id b;             /* FL_NULL_BODY: tied to the world at anchor_b */
    fl_vec2 anchor_a;         /* offset from a's centre of mass, in a's frame */
    fl_vec2 anchor_b;         /* offset in b's frame, or a world point */
    double length;            /* <= 0: the anchors' distance when added */
    double stiffness;         /* 0: rigid */
    double damping;
} fl_rope_def;

/* A soft spring from a point on a body to a target that the caller moves:
 * it settles with the given frequency and damping ratio and never pulls
 * harder than max_force. */
typedef struct fl_mouse_def {
    fl_body_id body;
    fl_vec2 anchor;           /* offset from the centre of mass, body frame */
    fl_vec2 target;           /* world */
    double frequency;         /* Hz; 0: 5 */
    double damping_ratio;     /* 0: 0.7 */
    double max_force;         /* N; 0: 1000 times the body's weight */
} fl_mouse_def;

/* A joint in a world, addressed by an id as bodies are (fl_body_id says
 * how): it goes stale when the joint is removed (fl_world_remove_joint, or
 * with either of its bodies), and a stale id is an assert in debug builds
 * and otherwise does nothing (FL_ESTALE, zeros). */
typedef struct fl_joint_id {
    fl_world *world;
    int32_t index;        /* the slot, not the joint's place in the list */
    uint32_t generation;  /* 0 in the null id only */
} fl_joint_id;

#ifdef __cplusplus
#define FL_NULL_JOINT (fl_joint_id{})
#else
#define FL_NULL_JOINT ((fl_joint_id){0})
#endif
static inline bool fl_joint_is_null(fl_joint_id j) { return j.world == 0; }
static inline bool fl_joint_id_equal(fl_joint_id a, fl_joint_id b)
{
    return a.world == b.world && a.index == b.index && a.generation == b.generation;
}
/* Whether the id names a joint of its world now (never asserts). */
FL_API bool fl_joint_is_valid(fl_joint_id j);

FL_API fl_status fl_world_add_rope(fl_world *w, const fl_rope_def *def, fl_joint_id *out, fl_error *err);
FL_API fl_status fl_world_add_mouse(fl_world *w, const fl_mouse_def *def, fl_joint_id *out, fl_error *err);
FL_API fl_status fl_mouse_set_target(fl_joint_id j, fl_vec2 target);
/* Removes and frees a joint (waits for the end of a step, like bodies).
 * Removing a body removes its joints. */
FL_API fl_status fl_world_remove_joint(fl_world *w, fl_joint_id j);
FL_API int fl_world_joint_count(const fl_world *w);
FL_API fl_joint_id fl_world_joint(const fl_world *w, int index);

FL_API fl_joint_type fl_joint_kind(fl_joint_id j);
/* Place in the world's joint list (changes when an earlier joint leaves). */
FL_API int fl_joint_index(fl_joint_id j);
/* Its bodies: b is the null id for a rope tied to the world, and for the mouse. */
FL_API fl_body_id fl_joint_body_a(fl_joint_id j);
FL_API fl_body_id fl_joint_body_b(fl_joint_id j);
/* Its anchors: on a, an offset from a's centre of mass in a's frame; on b
 * likewise, or a world point when b is null. */
FL_API fl_vec2 fl_joint_anchor_a(fl_joint_id j);
FL_API fl_vec2 fl_joint_anchor_b(fl_joint_id j);
/* A rope's length (m), stiffness (N/m; 0: rigid) and damping (N s/m). */
FL_API double fl_joint_length(fl_joint_id j);
FL_API double fl_joint_stiffness(fl_joint_id j);
FL_API double fl_joint_damping(fl_joint_id j);
/* A mouse spring's target (world). */
FL_API fl_vec2 fl_mouse_target(fl_joint_id j);

/* The joint's two ends in world coordinates. */
FL_API fl_vec2 fl_joint_world_a(fl_joint_id j);
FL_API fl_vec2 fl_joint_world_b(fl_joint_id j);
/* What the joint pulled with in the last step (N): a rope's tension (0
 * while slack), the mouse spring's force; 0 before its first step. With
 * substeps, the last substep's. A body hanging still on a rope, wholly or
 * partly in a fluid, pulls its weight less the buoyant force: its apparent
 * weight. */
FL_API double fl_joint_tension(fl_joint_id j);

#ifdef __cplusplus
}
#endif

#endif
