/* Event hooks, after Matter.js's Events: any number of callbacks per event,
 * run in the order they were added, each with its own user pointer. */
#ifndef FL_EVENTS_H
#define FL_EVENTS_H

#include <stdint.h>
#include "flotsam/fl_types.h"
#include "flotsam/fl_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fl_world fl_world;

typedef enum fl_event_type {
    FL_EVENT_BEFORE_UPDATE,    /* start of a step, before velocities integrate */
    FL_EVENT_AFTER_UPDATE,     /* end of a step, after forces are cleared */
    FL_EVENT_COLLISION_START,  /* pairs that began touching this step */
    FL_EVENT_COLLISION_ACTIVE, /* pairs still touching */
    FL_EVENT_COLLISION_END,    /* pairs that stopped touching */
    FL_EVENT_TYPE_COUNT
} fl_event_type;

typedef struct fl_contact_data fl_contact_data;

/* What a callback receives. `step` is the number of the step in progress,
 * counting from 1; `time` the world's time at the start of the step (for
 * afterUpdate, at its end); `dt` the step. The collision events are
 * gathered as the step finds its contacts and delivered after its solve
 * has moved the bodies, before afterUpdate: each carries its pairs
 * (fl_contact_data: bodies, normal, the points where they were found and
 * the impulses this step's solve applied there), valid during the
 * callback only; the others carry none. A velocity, force or damping a
 * callback gives a body acts from the next step on, as between steps.
 * Bodies added or removed by a callback during a step join or leave when
 * the step ends. */
typedef struct fl_event {
    fl_event_type type;
    fl_world *world;
    uint64_t step;
    double time;
    double dt;
    const fl_contact_data *pairs;
    int pair_count;
} fl_event;

typedef void (*fl_event_fn)(const fl_event *event, void *user);

/* One hook list: per event type, a list of callbacks. Removing a callback
 * while its event is being triggered is safe: it is not called again, and
 * the others still run in order. Callbacks added during a trigger first run
 * at the next one. */
/* Registers fn for event `type`. Fails with FL_EINVAL for a bad type or a
 * NULL fn, FL_ENOMEM when out of memory. */
FL_API fl_status fl_world_on(fl_world *w, fl_event_type type, fl_event_fn fn, void *user);
/* Removes the earliest registration of (fn, user) for `type`. */
FL_API fl_status fl_world_off(fl_world *w, fl_event_type type, fl_event_fn fn, void *user);

#ifdef __cplusplus
}
#endif

#endif
