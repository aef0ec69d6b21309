#include "sandbox_parts.h"

/* Every key, in the order the help card (F1) and docs/sandbox.md list them. */
static const struct {
    const char *keys, *what;
} help[] = {
    {"left drag", "drag a body; let go to throw it"},
    {"right drag, wheel", "pan; zoom about the cursor"},
    {"Home", "frame every moving body (a replay: its start)"},
    {"B / N / R", "spawn a box / regular polygon / rock at the cursor"},
    {"P, clicks, Enter", "draw a shape corner by corner (Esc drops it, Backspace a corner)"},
    {"T while drawing", "make the shape a hollow hull: a wall inside it, open at the top"},
    {"Shift + left drag", "draw a box"},
    {"[ / ]", "lower / raise the density of what spawns"},
    {"Ctrl + wheel", "make what B / N / R spawn bigger or smaller"},
    {"click a body", "select it: its numbers (GM, draft, heel...) in a panel"},
    {"- / =", "lower / raise the selected body's density"},
    {"G", "plot the selected body: draft, heel, vertical speed, energies, off"},
    {"E", "export the selected body's plot: every quantity as CSV, PNG and SVG"},
    {"K", "hole the hull nearest the cursor there (water comes in where it is under)"},
    {"Z", "the selected body's stability curve (GZ against heel) on or off"},
    {"Delete or X", "delete the body under the cursor"},
    {"Space", "pause or resume"},
    {". or S", "one step while paused"},
    {"M", "slow motion (1/4 speed) on or off"},
    {"Backspace, Ctrl+R", "reset to the scene as loaded (a replay: its start)"},
    {"Ctrl+Z, Ctrl+Shift+Z", "undo / redo the last edit (spawn, removal, hole, density...; Ctrl+Y redoes too)"},
    {"Left / Right, End", "a replay: back / on 1 s (Shift: 10 s), its end"},
    {"click the timeline", "a replay: go to that moment"},
    {"Page Up / W", "raise the water 0.1 m"},
    {"Page Down / Q", "lower the water 0.1 m"},
    {"1 2 3", "overlay: centres of mass, of buoyancy, submerged parts"},
    {"4 5 6", "overlay: forces, contacts, ropes"},
    {"7", "overlay: the bodies' names"},
    {"H", "HUD on or off"},
    {"Ctrl+S", "save the world as a scene file"},
    {"C", "start or stop recording a replay of what you do"},
    {"Shift+C", "start or stop capturing PNG frames live"},
    {"O", "pick a scene or replay to open; type to filter the list"},
    {"drop a file", "open that scene or replay (the open one reloads when it changes)"},
    {"Tab", "the control panel on or off"},
    {"F1, Esc", "this card on or off; Esc closes it"},
    {"Ctrl+Q", "quit (asks first when the world has changes to lose)"},
};

int sandbox_help_count(void)
{
    return (int)(sizeof help / sizeof help[0]);
}

void sandbox_help_line(int i, const char **keys, const char **what)
{
    *keys = help[i].keys;
    *what = help[i].what;
}
