/* Event hooks: a 1 m box is let go 0.5 m above a static floor and stepped
 * for two seconds with a hook on each of beforeUpdate, afterUpdate,
 * collisionStart and collisionEnd. Every step calls the update hooks once
 * each. A body let go falls g t^2 / 2 at every step, so the box comes
 * down in the step that reaches t = sqrt(2 h / g) (h less the contact
 * slop) and is seen touching in the next; it touches the floor in one pair
 * of parts and, with no restitution, stays: one collisionStart, no
 * collisionEnd.
 *
 *   cc events.c $(pkg-config --cflags --libs flotsam) -o events */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

typedef struct tally {
    int before, after, starts, ends;
    long landed; /* the step of the first collisionStart */
} tally;

static void count(const fl_event *ev, void *user)
{
    tally *t = user;
    switch (ev->type) {
    case FL_EVENT_BEFORE_UPDATE: t->before++; break;
    case FL_EVENT_AFTER_UPDATE: t->after++; break;
    case FL_EVENT_COLLISION_START:
        if (t->starts == 0)
            t->landed = (long)ev->step;
        t->starts += ev->pair_count;
        for (int i = 0; i < ev->pair_count; i++) {
            /* delivered after the step's solve: the impulses it applied */
            const fl_contact_data *c = &ev->pairs[i];
            double impulse = 0.0;
            for (int k = 0; k < c->count; k++)
                impulse += c->points[k].normal_impulse;
            printf("step %3llu: collisionStart, normal (%g, %g), %d points, %.4f N s\n",
                   (unsigned long long)ev->step, c->normal.x, c->normal.y, c->count, impulse);
        }
        break;
    case FL_EVENT_COLLISION_END: t->ends += ev->pair_count; break;
    default: break;
    }
}

static fl_status add_box(fl_world *w, fl_vec2 at, double width, double height, bool fixed,
                         fl_body_id *out, fl_error *err)
{
    const fl_vec2 box[4] = {{-width / 2, -height / 2}, {width / 2, -height / 2},
                            {width / 2, height / 2}, {-width / 2, height / 2}};
    fl_body_def def = fl_body_def_default(); /* restitution 0 */
    def.points = box;
    def.point_count = 4;
    def.origin = at;
    def.is_static = fixed;
    def.density = 100.0;
    return fl_world_add_body(w, &def, out, err);
}

int main(void)
{
    const double gap = 0.5, dt = 1.0 / 60.0;
    const int steps = 120;
    const fl_event_type types[4] = {FL_EVENT_BEFORE_UPDATE, FL_EVENT_AFTER_UPDATE,
                                    FL_EVENT_COLLISION_START, FL_EVENT_COLLISION_END};
    tally t = {0, 0, 0, 0, -1};
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);
    fl_body_id floor, box;
    fl_status st = world ? FL_OK : FL_ENOMEM;
    if (st == FL_OK)
        st = add_box(world, fl_v2(0.0, 1.0), 10.0, 1.0, true, &floor, &err); /* top at 0.5 */
    if (st == FL_OK)
        st = add_box(world, fl_v2(0.0, -gap), 1.0, 1.0, false, &box, &err);
    for (int i = 0; i < 4 && st == FL_OK; i++)
        st = fl_world_on(world, types[i], count, &t);
    if (st != FL_OK) {
        fprintf(stderr, "events: %s\n", err.message);
        fl_world_destroy(world);
        return 1;
    }

    for (int i = 0; i < steps; i++)
        fl_world_step(world, dt);
    /* Contacts are found early in a step, on the poses the last step left:
     * the box is seen touching (within FL_LINEAR_SLOP) in the step after
     * the one that brought it down. */
    double fall = sqrt(2.0 * (gap - FL_LINEAR_SLOP) / fl_world_gravity(world).y);
    long predicted = (long)ceil(fall / dt) + 1;
    printf("%d steps: %d beforeUpdate, %d afterUpdate, %d collisionStart, %d collisionEnd\n",
           steps, t.before, t.after, t.starts, t.ends);
    double apart = 0.5 - (fl_body_position(box).y + 0.5);
    printf("landed in step %ld, predicted %ld; at rest %.1e m above the floor\n", t.landed,
           predicted, apart);

    int ok = t.before == steps && t.after == steps && t.starts == 1 && t.ends == 0 &&
             t.landed == predicted && fabs(apart) <= FL_LINEAR_SLOP;
    fl_world_destroy(world);
    if (!ok)
        fprintf(stderr, "events: not the counts predicted\n");
    return ok ? 0 : 1;
}
