/* The panel's controls of the water and the world (controls.h): the first
 * fluid's density, drags and waves, and gravity's strength. Each change is
 * an input (a `water` or `gravity` line of a replay), applied as a replay
 * applies it, recorded while recording and undone by Ctrl+Z. */
#include <math.h>
#include "sandbox_parts.h"
#include "world_controls.h"

/* The first fluid's definition, or NULL when the world has none. */
static const fl_fluid_def *first_fluid(const sandbox *sb)
{
    const fl_buoyancy *bu = fl_sim_buoyancy(sb->sim);
    return fl_buoyancy_fluid_count(bu) > 0 ? fl_buoyancy_fluid_def(bu, 0) : NULL;
}

bool sandbox_has_fluid(const sandbox *sb) { return first_fluid(sb) != NULL; }

/* The water input that keeps the first fluid as it is: to change one field of. */
static bool water_now(const sandbox *sb, fl_input *in)
{
    const fl_fluid_def *f = first_fluid(sb);
    if (!f)
        return false;
    *in = (fl_input){0};
    in->kind = FL_INPUT_WATER;
    in->fluid = 0;
    in->density = f->density;
    in->linear_drag = f->linear_drag;
    in->angular_drag = f->angular_drag;
    in->wave_amplitude = f->wave_amplitude;
    in->wave_length = f->wave_length;
    return true;
}

/* Applies it when it changes anything. */
static void apply_water(sandbox *sb, fl_input *in)
{
    fl_input now;
    if (!water_now(sb, &now) ||
        (in->density == now.density && in->linear_drag == now.linear_drag &&
         in->angular_drag == now.angular_drag && in->wave_amplitude == now.wave_amplitude &&
         in->wave_length == now.wave_length))
        return;
    sandbox_apply(sb, in);
}

#define WATER_FIELD(get_name, set_name, field, when_none)                                     \
    double get_name(const sandbox *sb)                                                      \
    {                                                                                       \
        const fl_fluid_def *f = first_fluid(sb);                                            \
        return f ? f->field : (when_none);                                                  \
    }                                                                                       \
    void set_name(sandbox *sb, double v)                                                    \
    {                                                                                       \
        fl_input in;                                                                        \
        if (!isfinite(v) || !water_now(sb, &in))                                            \
            return;                                                                         \
        in.field = v;                                                                       \
        apply_water(sb, &in);                                                               \
    }
WATER_FIELD(sandbox_fluid_density, sandbox_set_fluid_density, density, 1000.0)
WATER_FIELD(sandbox_linear_drag, sandbox_set_linear_drag, linear_drag, 0.5)
WATER_FIELD(sandbox_angular_drag, sandbox_set_angular_drag, angular_drag, 1.0)
#undef WATER_FIELD

/* The steepest wave the length allows (fl_fluid_check refuses steeper). */
static double steepest(double length) { return FL_WAVE_STEEPEST * length; }

double sandbox_wave_amplitude(const sandbox *sb)
{
    const fl_fluid_def *f = first_fluid(sb);
    return f ? f->wave_amplitude : 0.0;
}

double sandbox_wave_length(const sandbox *sb)
{
    const fl_fluid_def *f = first_fluid(sb);
    return f ? f->wave_length : 10.0;
}

void sandbox_set_wave_amplitude(sandbox *sb, double v)
{
    fl_input in;
    if (!isfinite(v) || !water_now(sb, &in))
        return;
    in.wave_amplitude = fmin(fmax(v, 0.0), steepest(in.wave_length));
    apply_water(sb, &in);
}

void sandbox_set_wave_length(sandbox *sb, double v)
{
    fl_input in;
    if (!isfinite(v) || !(v > 0.0) || !water_now(sb, &in))
        return;
    /* A wave that would be too steep for the shorter length is made lower. */
    in.wave_length = v;
    in.wave_amplitude = fmin(in.wave_amplitude, steepest(v));
    apply_water(sb, &in);
}

double sandbox_waves_on(const sandbox *sb) { return sandbox_wave_amplitude(sb) > 0.0; }

void sandbox_set_waves_on(sandbox *sb, double v)
{
    fl_input in;
    if (!water_now(sb, &in))
        return;
    /* On: a tenth of the steepest the length allows (0.07 m for 10 m). */
    in.wave_amplitude = v != 0.0 ? fmax(in.wave_amplitude, 0.1 * steepest(in.wave_length)) : 0.0;
    apply_water(sb, &in);
}

double sandbox_gravity(const sandbox *sb)
{
    return fl_length(fl_world_gravity(fl_sim_world(sb->sim)));
}

void sandbox_set_gravity(sandbox *sb, double v)
{
    if (!isfinite(v) || v < 0.0)
        return;
    /* Its direction kept (straight down when it was none). */
    fl_vec2 g = fl_world_gravity(fl_sim_world(sb->sim));
    double now = fl_length(g);
    fl_vec2 down = now > 0.0 ? fl_scale(g, 1.0 / now) : fl_v2(0.0, 1.0);
    if (v == now)
        return;
    fl_input in = {0};
    in.kind = FL_INPUT_GRAVITY;
    in.gravity = fl_scale(down, v);
    sandbox_apply(sb, &in);
}
