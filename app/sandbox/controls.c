/* The sandbox's controls (controls.h): what each reads and changes, through
 * the same functions as its key (input.c). */
#include <math.h>
#include "controls.h"
#include "sandbox_parts.h"
#include "world_controls.h"

#define WATER_STEP 0.1 /* metres a press of W or Q */

void sandbox_toggle_pause(sandbox *sb)
{
    sb->clock.paused = !sb->clock.paused;
    sb->clock.accumulator = 0.0;
}

void sandbox_single_step(sandbox *sb)
{
    if (sb->clock.paused)
        sb->clock.single_steps++;
}

void sandbox_raise_water(sandbox *sb) { sandbox_move_water(sb, -WATER_STEP); }
void sandbox_lower_water(sandbox *sb) { sandbox_move_water(sb, WATER_STEP); }

/* Where the panel's Spawn drops a body: over the middle of the view, a
 * fifth of its height below the top. */
static void spawn_in_view(sandbox *sb)
{
    double height = sb->view.width * sb->view.px_h / sb->view.px_w;
    fl_vec2 at = fl_v2(sb->view.center.x, sb->view.center.y - 0.3 * height);
    sandbox_spawn_at(sb, (sandbox_spawn)sb->spawn_kind, at);
}

static bool paused(const sandbox *sb) { return sb->clock.paused; }
static bool selected(const sandbox *sb) { return sb->inspect.on; }

static double get_paused(const sandbox *sb) { return sb->clock.paused; }
static void set_paused(sandbox *sb, double v)
{
    if ((v != 0.0) != sb->clock.paused)
        sandbox_toggle_pause(sb);
}
static double get_slow(const sandbox *sb) { return sb->clock.slow; }
static void set_slow(sandbox *sb, double v) { sb->clock.slow = v != 0.0; }
static double get_kind(const sandbox *sb) { return sb->spawn_kind; }
static void set_kind(sandbox *sb, double v) { sb->spawn_kind = (int)fmin(fmax(v, 0.0), SPAWN_ROCK); }
static double get_density(const sandbox *sb) { return sandbox_spawn_density(sb); }
static double get_size(const sandbox *sb) { return sb->spawn_scale; }
static double get_level(const sandbox *sb)
{
    return sandbox_has_fluid(sb) ? fl_buoyancy_fluid_def(fl_sim_buoyancy(sb->sim), 0)->surface
                                 : 0.0;
}
static void set_level(sandbox *sb, double v)
{
    if (sandbox_has_fluid(sb) && isfinite(v))
        sandbox_move_water(sb, v - get_level(sb));
}
static void selected_lighter(sandbox *sb) { sandbox_change_selected_density(sb, -1); }
static void selected_heavier(sandbox *sb) { sandbox_change_selected_density(sb, +1); }
static double get_replay(const sandbox *sb) { return sb->replay.on; }
static void set_replay(sandbox *sb, double v)
{
    if ((v != 0.0) != sb->replay.on)
        sandbox_toggle_replay(sb);
}
static double get_frames(const sandbox *sb) { return sb->rec.rec != NULL; }
static void set_frames(sandbox *sb, double v)
{
    if ((v != 0.0) != (sb->rec.rec != NULL))
        sandbox_toggle_recording(sb);
}
static double get_help(const sandbox *sb) { return sb->help; }
static void set_help(sandbox *sb, double v) { sb->help = v != 0.0; }
/* As Backspace and Ctrl+Q: a changed world asks first (ask.c). */
static void reset(sandbox *sb) { sandbox_leave_to(sb, SANDBOX_LEAVE_RESET, NULL); }
static void quit(sandbox *sb) { sandbox_leave_to(sb, SANDBOX_LEAVE_QUIT, NULL); }

/* An overlay's check box. */
#define OVERLAY(field)                                                                             \
    static double get_##field(const sandbox *sb) { return sb->overlays.field; }                    \
    static void set_##field(sandbox *sb, double v) { sb->overlays.field = v != 0.0; }
OVERLAY(com)
OVERLAY(cb)
OVERLAY(submerged)
OVERLAY(forces)
OVERLAY(contacts)
OVERLAY(ropes)
OVERLAY(hud)
OVERLAY(labels)
#undef OVERLAY

static const char *const shapes[] = {"box", "n-gon", "rock"};

#define ACTION(g, n, k, h, fn, ok) {g, n, k, h, CONTROL_ACTION, 0, 0, false, "", "", NULL, NULL, NULL, fn, ok}
#define TOGGLE(g, n, k, h, get, set, ok) {g, n, k, h, CONTROL_TOGGLE, 0, 1, false, "", "", NULL, get, set, NULL, ok}
#define VALUE(g, n, k, h, lo, hi, lg, u, f, get, set, ok) \
    {g, n, k, h, CONTROL_VALUE, lo, hi, lg, u, f, NULL, get, set, NULL, ok}

static const control table[] = {
    TOGGLE("Simulation", "Paused", "Space", "Stops the clock, or starts it again.", get_paused,
           set_paused, NULL),
    TOGGLE("Simulation", "Slow motion", "M", "The world runs at a quarter of real time.", get_slow,
           set_slow, NULL),
    ACTION("Simulation", "Step", "S", "One step of the world, while paused.", sandbox_single_step,
           paused),
    ACTION("Simulation", "Reset", "Backspace", "The world as the scene file gives it.", reset,
           NULL),
    ACTION("Simulation", "Undo", "Ctrl+Z",
           "Takes back the last edit: a spawn, removal, hole, density, level, reset.",
           sandbox_undo, sandbox_can_undo),
    ACTION("Simulation", "Redo", "Ctrl+Shift+Z", "The edit undone last, again.", sandbox_redo,
           sandbox_can_redo),
    ACTION("Simulation", "Fit the view", "Home", "The camera on every moving body.",
           sandbox_view_fit_bodies, NULL),
    {"Spawn", "Shape", "B N R", "What Spawn drops (the keys drop each at the cursor).",
     CONTROL_CHOICE, 0, SPAWN_ROCK, false, "", "", shapes, get_kind, set_kind, NULL, NULL},
    VALUE("Spawn", "Density", "[ ]", "Of the bodies spawned and drawn; water is 1000.",
          SPAWN_DENSITY_MIN, SPAWN_DENSITY_MAX, true, "kg/m\u00b2", "%.0f", get_density,
          sandbox_set_spawn_density, NULL),
    VALUE("Spawn", "Size", "Ctrl+wheel", "Against a spawn's first size (a box 1 x 0.6 m).",
          SPAWN_SIZE_MIN, SPAWN_SIZE_MAX, true, "x", "%.2f", get_size, sandbox_set_spawn_size,
          NULL),
    ACTION("Spawn", "Spawn", "", "Drops the shape over the middle of the view.", spawn_in_view,
           NULL),
    ACTION("Spawn", "Draw a shape", "P", "Click its corners, then Enter.", sandbox_start_drawing,
           NULL),
    VALUE("Water", "Level", "", "The first fluid's surface (y points down).", -1000.0, 1000.0,
          false, "m", "%.2f", get_level, set_level, sandbox_has_fluid),
    ACTION("Water", "Raise", "W", "The surface up by 0.1 m.", sandbox_raise_water,
           sandbox_has_fluid),
    ACTION("Water", "Lower", "Q", "The surface down by 0.1 m.", sandbox_lower_water,
           sandbox_has_fluid),
    VALUE("Water", "Fluid density", "", "The first fluid's: fresh water 1000, sea 1025.", 100.0,
          20000.0, true, "kg/m\u00b2", "%.0f", sandbox_fluid_density, sandbox_set_fluid_density,
          sandbox_has_fluid),
    TOGGLE("Water", "Waves", "", "Waves on the first fluid, or a flat surface.", sandbox_waves_on,
           sandbox_set_waves_on, sandbox_has_fluid),
    VALUE("Water", "Wave amplitude", "", "Half the wave's height (at most a 14th of its length).",
          0.0, 5.0, false, "m", "%.2f", sandbox_wave_amplitude, sandbox_set_wave_amplitude,
          sandbox_has_fluid),
    VALUE("Water", "Wave length", "", "Crest to crest.", 1.0, 100.0, true, "m", "%.1f",
          sandbox_wave_length, sandbox_set_wave_length, sandbox_has_fluid),
    VALUE("Water", "Linear drag", "", "How fast the water slows a body moving in it.", 0.0, 5.0,
          false, "1/s", "%.2f", sandbox_linear_drag, sandbox_set_linear_drag,
          sandbox_has_fluid),
    VALUE("Water", "Angular drag", "", "How fast it slows a body turning in it.", 0.0, 5.0, false,
          "1/s", "%.2f", sandbox_angular_drag, sandbox_set_angular_drag, sandbox_has_fluid),
    VALUE("World", "Gravity", "", "Its strength, pointing as before: Earth 9.81, Moon 1.62.", 0.0,
          30.0, false, "m/s\u00b2", "%.2f", sandbox_gravity, sandbox_set_gravity, NULL),
    TOGGLE("Overlays", "Centres of mass", "1", "", get_com, set_com, NULL),
    TOGGLE("Overlays", "Centres of buoyancy", "2", "", get_cb, set_cb, NULL),
    TOGGLE("Overlays", "Submerged parts", "3", "", get_submerged, set_submerged, NULL),
    TOGGLE("Overlays", "Forces", "4", "", get_forces, set_forces, NULL),
    TOGGLE("Overlays", "Contacts", "5", "", get_contacts, set_contacts, NULL),
    TOGGLE("Overlays", "Ropes", "6", "", get_ropes, set_ropes, NULL),
    TOGGLE("Overlays", "Names", "7", "Each named body's name over it.", get_labels, set_labels,
           NULL),
    TOGGLE("Overlays", "Readings (HUD)", "H", "", get_hud, set_hud, NULL),
    ACTION("Selected body", "Lighter", "-", "Its density a step down the ladder.",
           selected_lighter, selected),
    ACTION("Selected body", "Heavier", "=", "Its density a step up the ladder.",
           selected_heavier, selected),
    ACTION("Selected body", "Next plot", "G", "Draft, heel, speed, energy, then none.",
           sandbox_next_plot, selected),
    ACTION("Selected body", "Stability curve", "Z", "Its GZ curve, on or off.",
           sandbox_toggle_gz, selected),
    ACTION("Selected body", "Export plot", "E",
           "Its last 20 s of every quantity, as CSV, PNG and SVG files.", sandbox_export_plot,
           selected),
    ACTION("Files", "Open...", "O", "A scene or a replay from the list.", sandbox_open_picker,
           NULL),
    ACTION("Files", "Save", "Ctrl+S", "The world as a scene file.", sandbox_save, NULL),
    TOGGLE("Files", "Record a replay", "C", "Every step and input, to play again exactly.",
           get_replay, set_replay, NULL),
    TOGGLE("Files", "Capture frames", "Shift+C", "A picture of every frame, into a folder.",
           get_frames, set_frames, NULL),
    TOGGLE("Files", "Help", "F1", "Every key, on a card over the world.", get_help, set_help,
           NULL),
    ACTION("Files", "Quit", "Ctrl+Q", "", quit, NULL),
};

const control *sandbox_controls(int *count)
{
    *count = (int)(sizeof table / sizeof table[0]);
    return table;
}

bool control_usable(const control *c, const sandbox *sb)
{
    return !c->usable || c->usable(sb);
}

bool sandbox_reads_text(const sandbox *sb)
{
    return sb->picker.on;
}
