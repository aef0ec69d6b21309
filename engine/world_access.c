/* Reading the world through the public API (fl_world.h): its contacts,
 * gravity, step count, revision and time. */
#include "world_state.h"

int fl_world_contact_count(const fl_world *w) { return w->contacts.count; }
bool fl_world_contact(const fl_world *w, int index, fl_contact_data *out)
{
    FL_ASSERT(w != NULL && out != NULL);
    if (index < 0 || index >= w->contacts.count)
        return false;
    contact_report(w, &w->contacts.items[index], out);
    return true;
}
fl_vec2 fl_world_gravity(const fl_world *w) { return w->gravity; }
void fl_world_set_gravity(fl_world *w, fl_vec2 g)
{
    FL_ASSERT(w != NULL);
    w->gravity = g;
}

uint64_t fl_world_step_count(const fl_world *w) { return w->step; }
fl_status fl_world_last_step_status(const fl_world *w) { return w->last_step_status; }
uint64_t fl_world_revision(const fl_world *w) { return w->revision; }
double fl_world_time(const fl_world *w) { return w->time; }
