/* Rigid polygon bodies: what one is made from (fl_body_def), and what can be
 * read and changed of one in a world. */
#ifndef FL_BODY_H
#define FL_BODY_H

#include <stdbool.h>
#include <stdint.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a body is made from. Points are offsets from `origin`, in either
 * winding; the body's position is its centre of mass, wherever that falls. */
typedef struct fl_body_def {
    const fl_vec2 *points; /* the outline: 3 to 256 points, a simple polygon */
    int point_count;
    const fl_vec2 *hull;   /* optional outline that displaces fluid; NULL: points */
    int hull_count;
    fl_vec2 origin;        /* world position of the points' (0, 0) */
    double angle;          /* radians */
    fl_vec2 velocity;      /* of the centre of mass */
    double spin;           /* rad/s */
    double density;        /* kg/m^2; > 0 for a dynamic body, unless mass is */
    /* Weight as stated, whatever the outline says (a keel, a lightship
     * condition): mass > 0 gives the body that mass (kg per metre of its
     * depth); its density is then mass / area, its mean. has_center
     * puts its centre of mass at `center` (an offset from origin, as the
     * points are) instead of the outline's centroid C. The mass is taken
     * spread as the outline's area is, moved to that centre: the moment
     * of inertia about it is (mass / area) J_C + mass |center - C|^2, J_C
     * the outline's polar second moment of area about C. A static body
     * takes neither. */
    double mass;
    bool has_center;
    fl_vec2 center;
    bool is_static;
    double friction;
    double restitution;
    uint32_t category;     /* collision filter: this body's category bits */
    uint32_t mask;         /* ... and the categories it collides with */
    bool sensor;           /* reports overlaps, takes no collision response */
    void *user;
} fl_body_def;

/* The defaults of the scene format: friction 0.4, restitution 0, no hull,
 * category 1, mask all bits, not a sensor. */
FL_API fl_body_def fl_body_def_default(void);

/* Which part of a def fl_body_def_check finds wrong. */
typedef enum fl_body_def_part {
    FL_BODY_DEF_OK,
    FL_BODY_DEF_POINTS,     /* the outline (or its size: the mass it makes) */
    FL_BODY_DEF_HULL,
    FL_BODY_DEF_MOTION,     /* origin, angle, velocity, spin */
    FL_BODY_DEF_DENSITY,
    FL_BODY_DEF_SURFACE     /* friction, restitution */
} fl_body_def_part;

/* Where def's body has its centre of mass, as an offset from def's origin
 * (as its points are): def's center when it has one, else its outline's
 * centroid (zero for fewer than three points). */
FL_API fl_vec2 fl_body_def_center(const fl_body_def *def);

/* Whether fl_world_add_body would take def, without making anything: FL_OK,
 * or the status and message it would fail with, and (part, may be NULL)
 * which part of def is wrong. The same checks as adding it, in the same
 * order, so that a reader can refuse what a world would. */
FL_API fl_status fl_body_def_check(const fl_body_def *def, fl_body_def_part *part, fl_error *err);

typedef struct fl_world fl_world;

/* A body in a world, addressed by its id: the world it is in, its slot in
 * the world's table of bodies and the generation of that slot. A slot is
 * given to another body once this one is removed, with the next
 * generation, so an id outlives its body safely: every call checks it, and
 * a stale id (its body removed, or the null id) is an assert in debug
 * builds and otherwise does nothing (FL_ESTALE from the calls that return
 * a status, zeros and NULL from the readers). fl_body_is_valid asks
 * without asserting. The id stays the same from fl_world_add_body until
 * the body is removed (at once between steps; during a step its id goes
 * stale at once and the body leaves as the step ends) or its world is
 * destroyed: the world is named by its address, as the library keeps no
 * list of worlds, so an id into a destroyed world must not be used. A
 * clone of the world has the same bodies in the same slots
 * (fl_body_in). The fields are for comparing and storing ids, not for
 * making them. */
typedef struct fl_body_id {
    fl_world *world;
    int32_t index;        /* the slot, not the body's place in the list */
    uint32_t generation;  /* 0 in the null id only */
} fl_body_id;

/* The null id: no body (a zeroed fl_body_id). */
#ifdef __cplusplus
#define FL_NULL_BODY (fl_body_id{})
#else
#define FL_NULL_BODY ((fl_body_id){0})
#endif
static inline bool fl_body_is_null(fl_body_id b) { return b.world == 0; }
static inline bool fl_body_id_equal(fl_body_id a, fl_body_id b)
{
    return a.world == b.world && a.index == b.index && a.generation == b.generation;
}
/* Whether the id names a body of its world now (never asserts). */
FL_API bool fl_body_is_valid(fl_body_id b);
/* The body with b's slot and generation in world w (a clone of b's world,
 * or b's world itself), or the null id when w has none such. */
FL_API fl_body_id fl_body_in(const fl_world *w, fl_body_id b);

/* Accumulates `force` (N) acting at the world point `point`: its torque is the
 * cross product of the point's offset from the centre of mass with the force.
 * Like every call that changes a body, it refuses non-finite numbers with
 * FL_EINVAL and leaves the body as it was. */
FL_API fl_status fl_body_apply_force(fl_body_id b, fl_vec2 point, fl_vec2 force);
/* Changes the velocity and spin at once as an impulse (N s) at the world
 * point `point` would: v += J / m, spin += (r x J) / I. Nothing for a
 * static body. */
FL_API fl_status fl_body_apply_impulse(fl_body_id b, fl_vec2 point, fl_vec2 impulse);
/* Accumulates a force at the centre of mass (no torque), and a pure torque. */
FL_API fl_status fl_body_apply_central_force(fl_body_id b, fl_vec2 force);
FL_API fl_status fl_body_apply_torque(fl_body_id b, double torque);
/* Drops the force, torque and velocity terms accumulated so far (the step
 * does this as it ends). */
FL_API fl_status fl_body_clear_forces(fl_body_id b);

/* A linear term of this step's velocity update, beside the forces: what a
 * force the step should not take explicitly becomes (the buoyancy module's
 * drags and the stiffness of its lift are this). Added with
 * fl_body_add_velocity_term; the step clears it, like the forces. */
typedef struct fl_velocity_term {
    /* Damping, integrated exactly together with the forces: the velocity
     * relaxes towards `toward` at `rate` per second and the spin towards 0
     * at `angular_rate`: over the step the update solves
     * dv/dt = F/m + g - rate (v - toward) in closed form (and
     * dw/dt = T/I - angular_rate w), so that no rate or step overshoots
     * and a terminal speed is (F/m + g) / rate at any step. */
    double rate;
    fl_vec2 toward;
    double angular_rate;
    /* Stiffness, taken implicitly: a restoring force of `stiffness` N/m
     * along `axis` (the force the body feels falls by stiffness * dx for a
     * move dx along it) and `angular_stiffness` N m/rad in spin. The
     * update takes up to FL_STIFFNESS_FOLLOWED / dt^2 per unit mass of it
     * by the average-acceleration rule (the kick along it divided by
     * 1 + s dt^2 / 4: a linear spring keeps its amplitude and energy at
     * any step, docs/physics.md), and what lies beyond at the step's end,
     * so that a stiff restoring force (a light body's buoyancy) can never
     * make the step unstable or ring; the step's equilibria stay where
     * they are. */
    double stiffness;
    fl_vec2 axis;          /* any length > 0 when stiffness > 0 */
    double angular_stiffness;
    /* Take the whole of this step's stiffness at its end, not only what it
     * cannot follow: for a restoring force measured where the body is
     * going rather than where it is, and given extrapolated back along the
     * stiffness (the buoyancy module does this for a body entering the
     * fluid). */
    bool whole;
} fl_velocity_term;

/* How stiff a restoring force the step follows undamped, per unit mass and
 * in units of 1 / dt^2: up to a natural frequency of 0.5 / dt, some twelve
 * steps a period. */
#define FL_STIFFNESS_FOLLOWED 0.25

/* Adds term t to this step's velocity update. Terms add up: rates add
 * (`toward` weighted by rate), stiffnesses add along one axis (the last
 * given), and one `whole` makes the step's stiffness whole. Nothing for a
 * static body. FL_EINVAL (and the body as it was) for a negative or
 * non-finite number, or a stiffness without an axis. */
FL_API fl_status fl_body_add_velocity_term(fl_body_id b, const fl_velocity_term *t);
/* The sum of this step's terms so far: rates, the velocity they relax
 * towards (0, 0 when the rate is 0), stiffnesses (N/m, N m/rad) along the
 * unit axis, and `whole`. All zero when none was added. */
FL_API fl_velocity_term fl_body_velocity_term(fl_body_id b);

/* Moves and turns a body (its centre of mass to `position`); FL_EINVAL
 * for non-finite numbers. */
FL_API fl_status fl_body_set_transform(fl_body_id b, fl_vec2 position, double angle);

/* ---- reading a body ---- */

/* Place in the world's body list (changes when an earlier body leaves;
 * -1 for a body added during a step, until the step ends). */
FL_API int fl_body_index(fl_body_id b);
/* A number unique to the body in its world and never given to another:
 * what replays name bodies by. */
FL_API uint32_t fl_body_serial(fl_body_id b);
FL_API bool fl_body_is_static(fl_body_id b);
FL_API bool fl_body_is_sensor(fl_body_id b);

/* Pose and motion: the centre of mass (world), the angle (radians) and its
 * rotation (cosine and sine, kept in step with it), the velocity of the
 * centre of mass and the spin (rad/s). Once a body has stepped, its
 * velocity and spin are the ones its last step moved it by (the leapfrog's,
 * half a step behind its pose: docs/physics.md). */
FL_API fl_vec2 fl_body_position(fl_body_id b);
FL_API double fl_body_angle(fl_body_id b);
FL_API fl_rot fl_body_rot(fl_body_id b);
FL_API fl_vec2 fl_body_velocity(fl_body_id b);
FL_API double fl_body_spin(fl_body_id b);
/* The force and torque accumulated so far this step. */
FL_API fl_vec2 fl_body_force(fl_body_id b);
FL_API double fl_body_torque(fl_body_id b);

/* Mass properties: mass (kg) and moment of inertia about the centre of mass
 * (0 and 0 for a static body), the density it was made with, and the area
 * of its outline. */
FL_API double fl_body_mass(fl_body_id b);
FL_API double fl_body_inertia(fl_body_id b);
FL_API double fl_body_density(fl_body_id b);
/* Whether its def stated its mass (fl_body_def.mass; its density is then
 * the mean), and its centre of mass (has_center): what a writer of the
 * body writes as it was given. */
FL_API bool fl_body_mass_stated(fl_body_id b);
FL_API bool fl_body_center_stated(fl_body_id b);
FL_API double fl_body_area(fl_body_id b);

/* The outline about the centre of mass in the body's own frame, in positive
 * winding, and its vertex count (*count when not NULL). Valid while the
 * body lives. */
FL_API const fl_vec2 *fl_body_outline(fl_body_id b, int *count);
FL_API int fl_body_vertex_count(fl_body_id b);
/* The outline that displaces fluid (the hull, or the outline when the body
 * was given none), likewise; its area and centroid (body frame). */
FL_API const fl_vec2 *fl_body_hull(fl_body_id b, int *count);
FL_API int fl_body_hull_count(fl_body_id b);
FL_API bool fl_body_has_own_hull(fl_body_id b);
FL_API double fl_body_hull_area(fl_body_id b);
FL_API fl_vec2 fl_body_hull_centroid(fl_body_id b);
/* The largest distance of an outline vertex from the centre of mass. */
FL_API double fl_body_radius(fl_body_id b);
/* The convex parts collisions use (concave outlines are split), each in the
 * body frame and positive winding: part k's vertices and their count. */
FL_API int fl_body_part_count(fl_body_id b);
FL_API const fl_vec2 *fl_body_part(fl_body_id b, int k, int *count);

/* Material and collision filter. */
FL_API double fl_body_friction(fl_body_id b);
FL_API double fl_body_restitution(fl_body_id b);
FL_API uint32_t fl_body_category(fl_body_id b);
FL_API uint32_t fl_body_mask(fl_body_id b);

FL_API void *fl_body_user(fl_body_id b);
FL_API fl_status fl_body_set_user(fl_body_id b, void *user);

/* World position of the local point `p` (an offset from the centre of mass,
 * body frame), and the velocity of the material point at world position p. */
FL_API fl_vec2 fl_body_world_point(fl_body_id b, fl_vec2 p);
FL_API fl_vec2 fl_body_point_velocity(fl_body_id b, fl_vec2 p);

/* ---- what a body carries ---- */

/* Mass a module loads on the body (the buoyancy module: the water in a
 * hull's hold), carried as a point mass of `mass` kg at `at` (an offset
 * from the centre of mass) would be, in place of the last: it adds to
 * fl_body_mass, and mass |at|^2 to fl_body_inertia, and the body's angular
 * momentum is kept as that changes. The centre of mass stays where it is:
 * whoever loads it applies the load's weight where it lies. Nothing for a
 * static body. FL_EINVAL for a negative or non-finite mass or point;
 * FL_ENOMEM. */
FL_API fl_status fl_body_carry(fl_body_id b, double mass, fl_vec2 at);
/* What it carries, kg (and kg m^2 about the centre of mass in *inertia). */
FL_API double fl_body_carried(fl_body_id b, double *inertia);
/* Its mass without what it carries, kg: its own, as made (or as
 * fl_body_set_density made it). */
FL_API double fl_body_own_mass(fl_body_id b);

/* ---- changing a body ---- */

/* The velocity of the centre of mass, and the spin, at the body's time: its
 * next step kicks them by half a step's forces only (as for a body made
 * with a velocity), so that the motion that follows is second order in dt.
 * Static bodies ignore both. */
FL_API fl_status fl_body_set_velocity(fl_body_id b, fl_vec2 v);
FL_API fl_status fl_body_set_spin(fl_body_id b, double spin);
/* Friction: finite, >= 0; restitution: 0 to 1 (FL_EINVAL otherwise, the
 * body as it was). */
FL_API fl_status fl_body_set_friction(fl_body_id b, double friction);
/* Gives a dynamic body a new density (finite, > 0): its mass and moment of
 * inertia scale with it, its shape, pose and velocities stay. FL_EINVAL for
 * a static body or a bad density. */
FL_API fl_status fl_body_set_density(fl_body_id b, double density);
FL_API fl_status fl_body_set_restitution(fl_body_id b, double restitution);

#ifdef __cplusplus
}
#endif

#endif
