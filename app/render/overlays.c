/* The overlays a picture may show (overlays.h). */
#include <stdio.h>
#include <string.h>
#include "overlays.h"

render_options render_options_default(void)
{
    return (render_options){.ropes = true, .hud = true};
}

/* Sets the option called name[0..len) (or all of them); false if unknown. */
static bool set_option(render_options *o, const char *name, size_t len)
{
    static const char *const names[] = {"com",      "cb",    "submerged", "forces",
                                        "contacts", "ropes", "hud",       "labels"};
    bool *const flags[] = {&o->com,      &o->cb,    &o->submerged, &o->forces,
                           &o->contacts, &o->ropes, &o->hud,       &o->labels};
    bool all = len == 3 && !strncmp(name, "all", 3);
    if (len == 4 && !strncmp(name, "none", 4))
        return true;
    bool found = all;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (all || (strlen(names[k]) == len && !strncmp(name, names[k], len))) {
            *flags[k] = true;
            found = true;
        }
    }
    return found;
}

bool render_options_parse(const char *list, render_options *out, char *bad, size_t bad_size)
{
    render_options o = {0};
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len > 0 && !set_option(&o, p, len)) {
            snprintf(bad, bad_size, "%.*s", (int)len, p);
            return false;
        }
        p += len + (p[len] == ',');
    }
    *out = o;
    return true;
}
