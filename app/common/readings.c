/* The readings of a floating body, each a formula in one place. */
#include <math.h>
#include <string.h>
#include "readings.h"

static const struct {
    const char *name; /* NULL: not on the command line */
    const char *label;
} readings[READ_COUNT] = {
    [READ_DRAFT] = {"draft", "draft (m)"},
    [READ_HEEL] = {"heel", "heel (deg)"},
    [READ_VERTICAL_SPEED] = {"vertical-speed", "vertical speed, up (m/s)"},
    [READ_KINETIC] = {"kinetic-energy", "kinetic energy (J)"},
    [READ_TOTAL] = {NULL, "total energy (J)"},
    [READ_SUBMERGED] = {"submerged", "submerged fraction"},
    [READ_GM] = {"gm", "GM solid (m)"},
    [READ_GM_FLUID] = {"gm-fluid", "GM fluid (m)"},
    [READ_X] = {"x", "x (m)"},
    [READ_Y] = {"y", "y (m)"},
};

const char *reading_label(reading r) { return readings[r].label; }

int reading_named(const char *name)
{
    for (int r = 0; r < READ_COUNT; r++)
        if (readings[r].name && !strcmp(name, readings[r].name))
            return r;
    return -1;
}

const char *reading_names_known(void)
{
    return "draft, heel, vertical-speed, kinetic-energy, submerged, gm, gm-fluid, x, y";
}

static double kinetic(fl_body_id b)
{
    fl_vec2 v = fl_body_velocity(b);
    double w = fl_body_spin(b);
    return 0.5 * fl_body_mass(b) * fl_dot(v, v) + 0.5 * fl_body_inertia(b) * w * w;
}

/* Kinetic, gravitational (height above y = 0) and buoyancy potential (rho
 * g A times the depth of the centre of buoyancy). */
static double total(const fl_sim *s, fl_body_id b, const fl_hydrostatics *hs)
{
    fl_vec2 g = fl_world_gravity(fl_sim_world(s));
    double e = kinetic(b) - fl_body_mass(b) * fl_dot(g, fl_body_position(b));
    if (!fl_fluid_is_null(hs->fluid)) {
        const fl_fluid_def *f = fl_buoyancy_fluid(fl_sim_buoyancy(s), hs->fluid);
        e += f->density * fl_length(g) * hs->area * (hs->center.y - f->surface);
    }
    return e;
}

double reading_value(const fl_sim *s, fl_body_id b, const fl_hydrostatics *hs, reading r)
{
    bool wet = !fl_fluid_is_null(hs->fluid);
    switch (r) {
    case READ_DRAFT: return wet ? hs->draft : NAN;
    case READ_HEEL: return remainder(fl_body_angle(b), 2.0 * FL_PI) * 180.0 / FL_PI;
    case READ_VERTICAL_SPEED: return -fl_body_velocity(b).y;
    case READ_KINETIC: return kinetic(b);
    case READ_TOTAL: return total(s, b, hs);
    case READ_SUBMERGED: return wet ? hs->fraction : 0.0;
    case READ_GM: return wet && hs->floating ? hs->gm : NAN;
    case READ_GM_FLUID: return wet && hs->floating ? hs->gm_fluid : NAN;
    case READ_X: return fl_body_position(b).x;
    case READ_Y: return fl_body_position(b).y;
    default: return NAN;
    }
}

fl_body_id reading_body(const fl_sim *s, const char *name)
{
    for (int i = 0; i < fl_world_body_count(fl_sim_world(s)); i++) {
        fl_body_id b = fl_world_body(fl_sim_world(s), i);
        if (name ? !strcmp(fl_sim_body_name(s, b), name) : !fl_body_is_static(b))
            return b;
    }
    return FL_NULL_BODY;
}

double reading_rope_pull(const fl_sim *s, fl_body_id b, int *taut)
{
    const fl_world *w = fl_sim_world(s);
    fl_vec2 g = fl_world_gravity(w);
    double glen = fl_length(g), up = 0.0;
    int n = 0;
    for (int i = 0; i < fl_world_joint_count(w); i++) {
        fl_joint_id j = fl_world_joint(w, i);
        double t = fl_joint_kind(j) == FL_JOINT_ROPE ? fl_joint_tension(j) : 0.0;
        bool on_a = fl_body_id_equal(fl_joint_body_a(j), b);
        if (!(t > 0.0) || (!on_a && !fl_body_id_equal(fl_joint_body_b(j), b)))
            continue;
        /* It pulls the body's end towards the other. */
        fl_vec2 from = on_a ? fl_joint_world_a(j) : fl_joint_world_b(j);
        fl_vec2 to = on_a ? fl_joint_world_b(j) : fl_joint_world_a(j);
        fl_vec2 d = fl_sub(to, from);
        double len = fl_length(d);
        if (len > 0.0 && glen > 0.0)
            up -= t * fl_dot(d, g) / (len * glen); /* against gravity */
        n++;
    }
    if (taut)
        *taut = n;
    return up;
}

void reading_gm_text(char *out, size_t size, double solid, double fluid, bool free_surface)
{
    if (free_surface)
        snprintf(out, size, "GM solid %+.3f m, fluid %+.3f m", solid, fluid);
    else
        snprintf(out, size, "GM %+.3f m", solid);
}
