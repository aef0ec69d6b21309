/* The world's insides, shared by the engine's own files only. */
#ifndef FL_WORLD_STATE_H
#define FL_WORLD_STATE_H

#include <stdbool.h>
#include "arena.h"
#include "body_state.h"
#include "broadphase.h"
#include "narrow_phase.h"
#include "fail.h"
#include "ids.h"
#include "contact.h"
#include "flotsam/fl_joint.h"
#include "flotsam/fl_module.h"
#include "flotsam/fl_world.h"

/* One event's callbacks (fl_events.h says how removal during a trigger
 * behaves). */
typedef struct fl_hook {
    fl_event_fn fn;
    void *user;
    int alive;
} fl_hook;

typedef struct fl_hook_list {
    fl_hook *hooks;
    int count, capacity;
    int depth;     /* nesting of triggers in progress */
    int dead;      /* hooks marked removed, waiting for the list to settle */
} fl_hook_list;

/* A module the world holds (module.c). */
typedef struct fl_module_entry {
    const fl_module_class *cls;
    void *module;
} fl_module_entry;

/* A module's column of rows, one a body slot (columns.c). */
typedef struct fl_column {
    const fl_column_class *cls; /* NULL: gone with its module */
    void *module;
    unsigned char *rows;       /* cls->size bytes for each slot below capacity */
    int capacity;
} fl_column;

/* A joint as the engine stores it, solver state included. */
typedef struct fl_joint fl_joint;

struct fl_joint {
    fl_joint_type type;
    int index;                /* in the world's joint list */
    fl_joint_id self;         /* its id */
    fl_body *a, *b;           /* b is NULL for the world */
    fl_body *body_b;          /* b, or the world's fixed ground body */
    fl_vec2 local_a, local_b; /* body-frame anchors; local_b is a world point if !b */
    double length, stiffness, damping;          /* rope */
    fl_vec2 target;                             /* mouse */
    double frequency, damping_ratio, max_force; /* mouse */
    /* solver state */
    int ia, ib;               /* places in the solver's arrays (ib: ground if !b) */
    fl_vec2 ra, rb, axis;
    double mass, bias, gamma, impulse, bias_impulse, slack;
    double last_h;            /* the (sub)step its impulse was last solved over, s (0: none) */
    double last_slack;        /* a rope's slack at the last step's start... */
    bool has_last;            /* ... if it had one (a direction, a step) */
    bool catching;            /* an elastic rope slack at the step's start */
    double row_k;             /* ... its row's inverse effective mass */
    /* An elastic rope's energy account (rope_account.c): the work its
     * impulses did since the step began, what it stored then, what the
     * steps made so far beyond what they took, and the largest energy its
     * ends and it have held. */
    double work, stored, made, scale;
    bool booked;              /* ... once it has a step to book */
    bool ends_touch;          /* an end is in a contact row this step */
    double mouse_mass[3];     /* symmetric 2x2 inverse of the mouse's effective mass */
    fl_vec2 mouse_bias, mouse_impulse;
    bool removed;
};

/* A body's motion, where its velocity lives between steps and the solver
 * works on it (motions.c): one row each, in the order of the body list,
 * so that nothing is copied in for the solve or out after it. */
typedef struct fl_motion {
    fl_twist vel;          /* real velocity: the body's own (body_twist) */
    fl_twist bias;         /* pseudo-velocity of position correction (this step) */
    double im, ii;         /* inverse mass and inertia as this step's solve sees
                              them (velocity terms included); 0 for static */
} fl_motion;               /* 64 bytes: one cache line (the array is aligned) */
_Static_assert(sizeof(fl_motion) == 64, "fl_motion fills one cache line");

/* What the substeps need of a motion besides the motion itself, apart
 * from it so that the passes over the rows read no more than before. */
typedef struct fl_substep_motion {
    fl_twist kick;         /* a substep's share of the velocity forces gave the step */
    fl_twist moved;        /* how far the substeps so far moved and turned the body */
    bool held;             /* in a solved contact or a joint this step: substepped */
} fl_substep_motion;

/* What the narrow phase needs of a body besides its geometry: packed per
 * body when the parts are placed, so that matching a pair of parts reads
 * no body. */
typedef struct fl_material {
    uint32_t id;
    bool sensor;
    double friction, restitution;
} fl_material;

/* Where a proxy's part comes from: body index, part index, and the part's
 * place among all parts in body order (its sweep key). */
typedef struct fl_part_ref {
    int body, part, key;
} fl_part_ref;

/* Edges of an unmovable part that lie against the inside of another
 * unmovable part: no surface (cover.c). */
typedef struct fl_cover {
    fl_vec2 position;   /* the body's pose when they were found */
    double angle;
    uint64_t edges;     /* bit i: edge i is covered */
    int body;
    bool solid;         /* an unmovable part (a static body's, not removed) */
} fl_cover;

/* A list of contacts indexed by pair, so that each new contact finds the
 * one it continues (pair_index.c): the contacts of each body (as body a)
 * chained together. */
typedef struct pair_index {
    int *head;             /* by body index: its last contact added, + 1 (0: none) */
    int *next;             /* by contact: the one added before it on the same body, + 1 */
    int heads, head_capacity, next_capacity;
    bool valid;            /* indexes the list it was built for as it stands */
} pair_index;

/* The contacts of one step, in the broad phase's pair order. */
typedef struct contact_list {
    fl_contact *items;
    int count, capacity;
} contact_list;

/* The contacts one collision event reports: found by the collision stage
 * (refs), reported after the solve (data, beside them); both taken from
 * the step's arena with room for `capacity`. */
typedef struct event_list {
    const fl_contact **refs;
    fl_contact_data *data;
    int count, capacity;
} event_list;

struct fl_world {
    fl_allocator allocator;
    fl_vec2 gravity;
    int iterations;
    int substeps;          /* the solver's substeps per step (solver.c) */
    fl_body **bodies;      /* in the order they were added */
    int body_count, body_capacity;
    /* Bodies added during a step, joining when it ends, each with its
     * velocity until then. */
    struct pending_body {
        fl_body *body;
        fl_twist vel;
    } *pending;
    int pending_count, pending_capacity;
    /* Each body's motion (body i's is motions[i]), then the ground's, then
     * room for a twin of each (split.c): kept between steps, aligned to a
     * cache line in its allocation `motion_block` (motions.c). */
    fl_motion *motions;
    void *motion_block;
    int motion_capacity;
    int removed_count;     /* bodies marked removed during the step */
    uint32_t next_body_id;
    id_table body_ids;     /* the slots bodies' ids name (ids.h) */
    id_table joint_ids;    /* ... and joints' */
    uint64_t revision;     /* counts changes to the body list */
    fl_body ground;        /* the world end of joints: no mass, never moves */
    fl_joint **joints;
    int joint_count, joint_capacity;
    int joints_removed;
    bool in_step;
    uint64_t step;
    double time;
    /* time = time_base + steps_at_dt * last_dt: a product, not a running
     * sum, so that 600 steps of 1/60 s make exactly 10 s. */
    double time_base, last_dt;
    uint64_t steps_at_dt;
    fl_hook_list hooks[FL_EVENT_TYPE_COUNT];
    fl_module_entry *modules; /* in the order they were given */
    int module_count, module_capacity;
    body_term *terms;         /* this step's bodies' velocity terms (body_state.h) */
    int term_count, term_capacity;
    fl_column *columns;       /* the modules' columns, by number */
    int column_count, column_capacity;
    fl_profile *profile;   /* NULL: no timing */
    fl_task_runner runner; /* NULL: tasks run one after the other */
    void *runner_ctx;

    fl_status last_step_status; /* FL_ENOMEM: the last step had no memory for its scratch */

    /* Collision stage: kept between steps. */
    bool shapes_changed;   /* bodies came or went: rebuild the broad phase order */
    int proxy_count;       /* the proxies, one per convex part */
    fl_part_ref *slots;    /* the part each proxy is built from, in last step's sweep order */
    fl_part_ref *next_slots; /* ... being put in this step's sweep order */
    int slot_capacity, next_slot_capacity;
    int part_total, part_vertex_total; /* over all bodies, when shapes last changed */
    fl_broadphase broadphase;
    fl_cover *covers;      /* by part key: unmovable parts' covered edges (cover.c) */
    int cover_capacity;
    int *cover_solid;      /* the keys of the unmovable parts among them */
    int cover_solid_count, cover_solid_capacity;
    bool covers_valid;     /* found since the unmovable parts last changed */
    /* Contacts indexed by pair: the index of last step's list, and the one
     * being built as this step's contacts are found. */
    pair_index prev_index, next_index;
    contact_list contacts, previous;

    /* The step's scratch (step_context.h): taken from `arena` each step,
     * in the order the stages run, and not read outside the step. */
    step_arena arena;
    fl_proxy *proxies;     /* one per convex part, in last step's sweep order */
    fl_material *materials; /* one per proxy, of its body */
    fl_vec2 *geom;         /* each part's world vertices, then its normals */
    int *cover_order;      /* the unmovable parts, sorted (cover.c) */
    fl_manifold *manifolds; /* each pair's, when a runner shares them out */
    fl_vec2 *positions;    /* the bodies' centres of mass as the step began, by
                              motion: the solver's lever arms read them here,
                              side by side, not from the bodies */
    fl_twist *kicks;       /* what the velocity update added this step, by motion
                              (zero for the ground and unmovable bodies; the
                              twins past them are not kept: zero too) */
    fl_substep_motion *sub; /* beside each motion, when substeps > 1 */
    struct contact_row *rows; /* the solved contacts, packed for the solver */
    struct row_impulse *impulses; /* ... and what the solver accumulates on each */
    struct row_step *row_steps; /* ... and what each keeps over the substeps */
    struct bounce_row *bounces; /* rows that can bounce */
    int *row_order;        /* the rows as the passes take them (split.c),
                              then those the batches leave one at a time
                              (wide.c) */
    struct wide_row *wide; /* the rows four at a time (wide.c) */
    struct wide_impulse *wide_impulses; /* ... and their impulses */
    int *wide_lanes;       /* each batch's rows, -1 for an empty lane */
    uint32_t *colours;     /* the colours each motion's rows have taken */
    int *colour_scratch;   /* the rows of one part of the split by colour */
    unsigned char *touched; /* by motion: in a contact row this step (ropes' accounts) */
    int wide_parts[4];     /* the split's parts: part p's batches [p], [p + 1) */
    int single_parts[3][2]; /* ... and its rows taken one at a time, in row_order */
    int *support;          /* the support pass's rows in order (2 row + the
                              holding end), then scratch (support.c) */
    int support_count;     /* rows the support pass takes */
    fl_vec2 *support_up;   /* each motion's holding row's normal, towards it */
    event_list events[3]; /* begin, active, end */
};

/* Swaps two lvalues of the given type. */
#define FL_SWAP(type, a, b)                                                                       \
    do {                                                                                          \
        type swap_ = (a);                                                                         \
        (a) = (b);                                                                                \
        (b) = swap_;                                                                              \
    } while (0)

/* body_prefetch for a pass that writes the body. */
static inline void body_prefetch_for_write(const fl_body *b)
{
    FL_PREFETCH(b, 1);
    FL_PREFETCH(&b->torque, 1);
}

/* What placing the collision parts reads of a body: its first line, and
 * the line with the parts, their bounds, the filter and the material. */
static inline void body_prefetch_shape(const fl_body *b)
{
    FL_PREFETCH(b, 0);
    FL_PREFETCH(&b->radius, 0);
}

/* ... and, once that is in, the parts themselves: where they start, and
 * two lines each of vertices and normals (up to eight vertices). */
static inline void body_prefetch_parts(const fl_body *b)
{
    FL_PREFETCH(b->part_start, 0);
    FL_PREFETCH(b->part_verts, 0);
    FL_PREFETCH((const char *)b->part_verts + 64, 0);
    FL_PREFETCH(b->part_normals, 0);
    FL_PREFETCH((const char *)b->part_normals + 64, 0);
}

/* Wall clock in milliseconds, for profiles only. */
double clock_ms(void);
/* The C library's malloc, realloc and free as an allocator. memory.c. */
fl_allocator default_allocator(void);

/* With a profile set: adds the time since *mark to the profile's `field`
 * and restarts the mark. */
#define FL_LAP(w, field, mark)                                                                    \
    do {                                                                                          \
        if ((w)->profile) {                                                                       \
            double now_ = clock_ms();                                                          \
            (w)->profile->field += now_ - (mark);                                                 \
            (mark) = now_;                                                                        \
        }                                                                                         \
    } while (0)

/* Runs fn(ctx, 0 .. count - 1): through the world's task runner, or one
 * after the other here when it has none (fl_world_set_task_runner). */
void run_tasks(fl_world *w, fl_task_fn fn, void *ctx, int count);

/* Builds a body in memory from the world's allocator (not yet in the world). */
fl_status body_create(fl_world *w, const fl_body_def *def, fl_body **out, fl_error *err);
void body_destroy(fl_world *w, fl_body *b);

void hook_list_free(fl_world *w, fl_hook_list *list);
/* Calls every callback registered for event->type, in order (the step's
 * own events; callers outside the engine only register and remove). */
void world_trigger(fl_world *w, const fl_event *event);

/* Destroys the world's modules, last given first (module.c). */
void modules_destroy(fl_world *w);
/* Gives `copy`, a clone of w, a copy of each of w's modules. */
fl_status modules_clone(const fl_world *w, fl_world *copy, fl_error *err);
/* Rows for body b, just given its slot, in every column; on failure none
 * is left. Frees them as its slot is released (columns_remove_body). The
 * columns of `module` go with it (their rows freed); columns_free frees
 * the lists. columns.c. */
fl_status columns_add_body(fl_world *w, const fl_body *b, fl_error *err);
void columns_remove_body(fl_world *w, int32_t slot);
void columns_drop(fl_world *w, const void *module);
void columns_free(fl_world *w);

/* The collision stage: world geometry, broad phase, narrow phase, contact
 * persistence and the collision events. FL_ENOMEM: the step goes on
 * without contacts (contacts_drop). */
fl_status collision_stage(fl_world *w, double dt);
/* Empties this step's contacts and collision events. */
void contacts_drop(fl_world *w);
/* Delivers the collision events the stage gathered, with what the solve
 * applied (after it, before afterUpdate). */
void collision_events(fl_world *w, double dt);
void collision_free(fl_world *w);
/* Finds the covered edges of unmovable parts again if those parts changed
 * since (cover.c); the world's proxies must be built. */
fl_status cover_update(fl_world *w);
/* The proxy's covered edges (bit i: edge i; none past FL_COVER_EDGES). */
uint64_t cover_edges(const fl_world *w, const fl_proxy *p);
void cover_free(fl_world *w);
/* Whether two contacts join the same pair of parts. */
bool same_pair(const fl_contact *o, const fl_contact *c);
/* Makes the index empty, with room for n contacts of the present bodies. */
fl_status pair_index_reset(fl_world *w, pair_index *index, int n);
/* Adds contact c, at place i of its list (there must be room). */
void pair_index_add(pair_index *index, const fl_contact *c, int i);
/* The place in `items` (the indexed list) of the contact on c's pair, or -1. */
int pair_index_find(const pair_index *index, const fl_contact *items, const fl_contact *c);
void pair_index_free(fl_world *w, pair_index *index);

/* Drops the contacts of bodies about to be freed: no later event or
 * fl_world_contact call may hand them out. */
void contacts_forget_removed(fl_world *w);
/* Brings the contacts' body indices up to date after the list closed up. */
void contacts_reindex(fl_world *w);

/* The world's motions (motions.c): room for `bodies` bodies, the ground
 * and their twins, the rows there kept (FL_ENOMEM: unchanged); body i's
 * motion given the velocity t (an unmovable body's is zero); the rows
 * closed up as the body list is (body i's to place `to`); a copy of w's
 * for its clone c; freed with the world. */
fl_status motions_reserve(fl_world *w, int bodies);
void motion_start(fl_world *w, int i, fl_twist t);
void motion_move(fl_world *w, int i, int to);
fl_status motions_copy(const fl_world *w, fl_world *c);
void motions_free(fl_world *w);

/* The leapfrog's kick and drift, on the world's motions: velocities from
 * forces and gravity (the stiffness a body was given taken as integrate.c
 * says), each motion made ready for the solver (its kick noted in the
 * step's scratch when `scratch` was taken); then, after the solve
 * (`solved`), positions and angles moved by the solved velocities and
 * pseudo-velocities, forces cleared; without a solve, bodies move by their
 * velocities. */
void integrate_velocities(fl_world *w, double dt, bool scratch);
void integrate_positions(fl_world *w, double dt, bool solved);
/* Moves the bodies the substeps hold by their velocities and
 * pseudo-velocities over h, and counts it in their `moved` (integrate.c). */
void integrate_substep(fl_world *w, double h);

/* The constraint solver: contacts and joints, velocities then positions,
 * on the world's motions. */
void solver_run(fl_world *w, double dt);

/* Frees joints marked removed (and those of removed bodies). */
void joints_sweep(fl_world *w);
void joints_free(fl_world *w);
/* The joint the id names, or NULL (never asserts). joint.c. */
fl_joint *joint_find(fl_joint_id id);
/* The joint's ends in world coordinates (fl_joint_world_a, _b). joint.c. */
fl_vec2 joint_world_a(const fl_joint *j);
fl_vec2 joint_world_b(const fl_joint *j);

#endif
