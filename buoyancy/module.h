/* The buoyancy module's insides, shared by its own files only: the
 * module's state, and measuring and pushing a body (buoyancy.c: measured
 * and pushed in one pass, while the body is in cache), dry holds
 * (holds.c), and the lift of a body that a step carries across a surface
 * (ahead.c). */
#ifndef FL_BUOYANCY_MODULE_H
#define FL_BUOYANCY_MODULE_H

#include <math.h>
#include "flotsam/fl_buoyancy.h"
#include "hold.h"
#include "ids.h"
#include "submerge.h"

/* A fluid's id, without its module. */
typedef struct fluid_slot {
    int32_t slot;
    uint32_t generation;
} fluid_slot;

struct fl_buoyancy {
    fl_world *world;
    fl_fluid_def *fluids;
    int fluid_count, fluid_capacity;
    /* Their ids (fl_fluid_id): fluid i's slot and generation, and the
     * table of slots (ids.h) that gives them. A module holds a few
     * fluids: ids are found by a scan. fluid_ids.c. */
    fluid_slot *fluid_ids;
    int fluid_id_capacity;
    id_table slots;
    /* records[body * fluid_count + fluid], for `measured` bodies */
    fl_submerged *records;
    int record_capacity;
    int measured;
    uint64_t revision;        /* the world's body list when measured */
    uint64_t sized_for;       /* ... and when most_points was found */
    int most_points;          /* the largest fluid outline in the world */
    int *offsets;             /* where each record's polygon starts in `pool` */
    int offset_capacity;
    fl_vec2 *pool;            /* submerged polygons, world coordinates */
    int pool_count, pool_capacity;
    fl_vec2 *scratch;         /* three clipping buffers of scratch_size each */
    int scratch_size, scratch_capacity;
    /* What the last apply pass pushed: pushes[body * fluid_count + fluid]
     * and totals[body], written for the bodies it pushed only; stamps[body]
     * is the pass that wrote them. */
    fl_buoyancy_push *pushes;
    int push_capacity;
    fl_buoyancy_total *totals;
    int total_capacity;
    uint64_t *stamps;
    int stamp_capacity, stamped;
    uint64_t pass;            /* apply passes so far */
    uint64_t pushed_revision; /* the world's body list at the last apply */
    /* Bodies with a dry hold (hold_overlap.h), found again when the body list
     * changes, and the buffers their cargo is clipped in. */
    int *vessels;
    int vessel_count, vessel_capacity;
    uint64_t vessels_for;
    fl_vec2 *hold_buf;         /* three buffers of hold_room points */
    int hold_room, hold_capacity;
    /* The bodies that may lie in the flooded hold at hand (cargo.c). */
    fl_body **cargo;
    int cargo_count, cargo_capacity;
    int hold_column;          /* the world's column of holds (hold.h); -1: none yet */
    double *rates;            /* a hold's openings' rates, as a step finds them (flood.c) */
    int rate_capacity;
    /* The closed tanks' levels (level.c), by fluid: the level before the
     * pass moved it, and the free width along it (between the walls, less
     * the bodies' chords there: how much a body's sinking raises it); and
     * the fluids deepest first. */
    struct fluid_level {
        double was, free;
    } *levels;
    int *level_order;
    int level_capacity, level_order_capacity;
};

/* The hold of a body of b's world: NULL for none, or for a body removed
 * during this step (its row went with its id). */
static inline fl_hold *hold_of(const fl_buoyancy *b, const fl_body *body)
{
    fl_hold *const *row = body_row(b->world, body, b->hold_column);
    return row ? *row : NULL;
}

static inline bool is_wet(const fl_body *body) { return !body->is_static && !body->removed; }

/* The bodies with dry holds, and buffers for clipping against them
 * (kept until the body list changes: a warmed-up step allocates nothing). */
fl_status buoyancy_find_vessels(fl_buoyancy *b);
/* The place in b's world's body list of the body id names (-1: added
 * during a step; a stale id or one of another world asserts in debug
 * builds, -1 otherwise), and body i's last measure in fluid f (NULL if
 * either is out of range or the body list changed since). buoyancy.c. */
int buoyancy_body_index(const fl_buoyancy *b, fl_body_id id);
/* The place of fluid f in b's list, or -1 for a stale id or one of another
 * module (an assert in debug builds, which fluid_find never makes).
 * fluid_ids.c. */
int fluid_place(const fl_buoyancy *b, fl_fluid_id f);
int fluid_find(const fl_buoyancy *b, fl_fluid_id f);
/* A slot for a new fluid, at place b->fluid_count: FL_ENOMEM. */
fl_status fluid_take_slot(fl_buoyancy *b);
/* Makes the copy's fluid ids those of `from`. FL_ENOMEM. */
fl_status fluid_ids_copy(fl_buoyancy *b, const fl_buoyancy *from);
void fluid_ids_free(fl_buoyancy *b);
const fl_submerged *buoyancy_submerged_at(const fl_buoyancy *b, int body_index, int fluid_index);

/* Takes out of the part what lies in another body's dry hold. */
void buoyancy_keep_holds_dry(fl_buoyancy *b, const fl_body *body, int f, double t,
                             submerged_part *part);

/* Moves the water in every hold through its openings for a step of dt at
 * time t, and lays its weight on the hull (flood.c). */
void buoyancy_flood(fl_buoyancy *b, double t, double dt);
/* Moves each closed tank's level to where its water keeps its area, and
 * the fluids resting on it with it (level.c); reserve() made room. */
void buoyancy_levels(fl_buoyancy *b);
/* How much stiffer a closed tank makes the lift of a body whose waterline
 * in fluid f is `waterline` long: sinking dy raises the level by
 * waterline dy / free (level.c found the free width), so the lift grows
 * by 1 + waterline / free times the sea's (1 for an open fluid). The
 * walls' width is kept at least a millionth free: a body wedged between
 * them is very stiff, not infinitely. */
static inline double buoyancy_tank_stiffening(const fl_buoyancy *b, int f, double waterline)
{
    if (!b->fluids[f].closed || !(waterline > 0.0))
        return 1.0;
    double width = b->fluids[f].right - b->fluids[f].left;
    return 1.0 + waterline / fmax(b->levels[f].free, 1e-6 * width);
}

/* Cargo in a flooded hold (cargo.c). cargo_gather lists the bodies that
 * may lie in the vessel's hull (FL_ENOMEM when the list cannot grow);
 * cargo_level lays `water` m^2 level in the hold (hull and solid turned
 * as it stands) with the cargo's parts under the level displacing it, and
 * gives the water's centroid about the vessel's centre of mass; false
 * when there is no room. cargo_buoy lifts each one's part in the hull
 * under that level and gives the hull the force back. */
fl_status cargo_gather(fl_buoyancy *b, const fl_body *vessel);
bool cargo_level(fl_buoyancy *b, const fl_body *vessel, const fl_vec2 *hull, const fl_vec2 *solid,
                 fl_vec2 down, double water, double *level, fl_vec2 *centroid);
void cargo_buoy(fl_buoyancy *b, fl_body *vessel, double level, fl_vec2 g, fl_vec2 down);

/* Measures the body in fluid f into its record (no polygon yet); returns
 * the part, whose polygon is written out only when keep_polygon is set. In
 * still water most bodies are decided here, without a call. What lies in
 * another body's dry hold is taken out. A wave is measured for a step of
 * dt from t (0: a measure at t alone; submerge_wave says how). */
submerged_part buoyancy_measure_in(fl_buoyancy *b, const fl_body *body, int f, double t,
                                   double dt, bool keep_polygon, fl_submerged *rec);

/* Adds each fluid's buoyant force at its centre of buoyancy, and the drags
 * as the body's damping for this step, from the measures recs[fluid_count];
 * records them in pushes[fluid_count] and *total; gives back the lift's
 * stiffness in heave (N/m) and roll (N m/rad), for the caller to add. */
void buoyancy_push(const fl_buoyancy *b, fl_body *body, const fl_submerged *recs, fl_vec2 g,
                   double dt, fl_buoyancy_push *pushes, fl_buoyancy_total *total, double *heave,
                   double *roll);
/* Gives the body the lift's stiffness (fl_body_add_velocity_term) along
 * `down`, gravity's direction; a slope that does not restore (a roll
 * whose GM is negative) is left to the step's explicit part. */
static inline void buoyancy_stiffen(fl_world *w, fl_body *body, fl_vec2 down, double heave,
                                    double roll)
{
    heave = fl_max(heave, 0.0);
    roll = fl_max(roll, 0.0);
    if (heave > 0.0 || roll > 0.0)
        body_add_stiffness(w, body, heave, down, roll);
}

/* Whether a circle of radius r about p may reach into the fluid (only a
 * wave's crest rises above the mean surface, by at most its amplitude),
 * or (`out`) out of it (only a trough sinks below). */
static inline bool buoyancy_may_reach(const fl_fluid_def *f, fl_vec2 p, double r, bool out)
{
    double level = f->surface + (out ? 1.0 : -1.0) * fabs(f->wave_amplitude);
    double far = fl_max(fl_max(level - p.y, p.y - f->bottom), fl_max(f->left - p.x, p.x - f->right));
    r *= 1.0 + 1e-12;
    return out ? far > -r : far <= r;
}

/* Whether a body dry, or wholly under (`wet`), where it stands may be
 * carried across a surface by a step of dt: its circle, widened by the
 * most the step can move it (gravity, the forces so far and the lift of
 * `displaced` kg of fluid), reaches across. Most bodies are ruled out
 * here, without a call. */
static inline bool buoyancy_may_cross(const fl_buoyancy *b, const fl_body *body, bool wet,
                                      double displaced, fl_vec2 g, double dt)
{
    if (!is_wet(body) || !(dt > 0.0))
        return false;
    double accel = fl_length(fl_add(fl_scale(body->force, body->inv_mass), g)) +
                   displaced * body->inv_mass * fl_length(g);
    double reach = body->hull_radius + (fl_length(body_velocity(b->world, body)) + accel * dt) * dt;
    for (int f = 0; f < b->fluid_count; f++)
        if (buoyancy_may_reach(&b->fluids[f], body->position, reach, wet))
            return true;
    return false;
}

/* For a body dry, or wholly under, where it stands (`wet`: under, with its
 * measures in here[fluid_count], displacing `displaced` kg of fluid):
 * pushes it as the step will carry it, if the step takes it across a
 * surface (ahead.c says how). Returns whether it pushed; if not, the
 * caller pushes it as measured. */
bool buoyancy_push_ahead(fl_buoyancy *b, fl_body *body, const fl_submerged *here, bool wet,
                         double displaced, fl_vec2 g, double t, double dt,
                         fl_buoyancy_push *pushes, fl_buoyancy_total *total);

#endif
