/* Private to the sandbox: the parts that sandbox.c's loop puts together. */
#ifndef FL_SANDBOX_PARTS_H
#define FL_SANDBOX_PARTS_H

#include "sandbox_state.h"
#include "text.h"

#if defined(__GNUC__)
#define SANDBOX_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define SANDBOX_PRINTF(fmt, args)
#endif

/* args.c: the command line. Returns 0, or an exit status after
 * printing a usage error. */
int sandbox_parse_args(int argc, char **argv, sandbox_options *o);

/* world.c: the scene and the world built from it. */
/* Loads `path` (NULL: the embedded default) and builds a world from it. On
 * an error keeps what runs, puts "FILE:LINE:COLUMN: message" in the banner
 * and returns false. `fit` re-frames the camera on the new scene. */
bool sandbox_load(sandbox *sb, const char *path, bool fit);
/* Builds the world again from the scene as it was read. */
void sandbox_reset(sandbox *sb);
/* Reloads the open file when its time stamp or size changed (checked twice
 * a second; asked first when the world has changes it would lose). */
void sandbox_poll_file(sandbox *sb);
void sandbox_unload(sandbox *sb);

/* edit.c: changing the world by hand. */
typedef enum sandbox_spawn { SPAWN_BOX, SPAWN_NGON, SPAWN_ROCK } sandbox_spawn;
void sandbox_spawn_at(sandbox *sb, sandbox_spawn kind, fl_vec2 at);
/* The topmost body whose outline holds p (dynamic ones only when asked), or -1. */
int sandbox_body_at(const sandbox *sb, fl_vec2 p, bool dynamic_only);
/* ... or, where no outline does, whose own hull does: a click in a hollow
 * boat's hold finds the boat. */
int sandbox_body_or_hull_at(const sandbox *sb, fl_vec2 p);
void sandbox_delete_body(sandbox *sb, int index);
void sandbox_grab(sandbox *sb, fl_vec2 p);
void sandbox_drag(sandbox *sb, fl_vec2 p);
void sandbox_release(sandbox *sb);
/* Moves every fluid's surface by dy metres (negative: up), keeping each
 * one's surface above its bottom. */
void sandbox_move_water(sandbox *sb, double dy);
/* Removes (as an input: recorded, but not one of the person's changes)
 * every body that fell far below the lowest fluid bottom and static body,
 * and says so. */
void sandbox_remove_lost(sandbox *sb);
double sandbox_spawn_density(const sandbox *sb);
void sandbox_change_density(sandbox *sb, int direction);
/* Any spawn density, kg/m^2, and size against the first, within these. */
#define SPAWN_DENSITY_MIN 1.0
#define SPAWN_DENSITY_MAX 100000.0
#define SPAWN_SIZE_MIN 0.1
#define SPAWN_SIZE_MAX 10.0
void sandbox_set_spawn_density(sandbox *sb, double d);
void sandbox_set_spawn_size(sandbox *sb, double scale);
/* Ctrl + wheel: B/N/R spawns bigger (clicks > 0) or smaller, by 1.15 a click
 * (a tenth to ten times the first size). */
void sandbox_change_spawn_size(sandbox *sb, double clicks);
/* The next density of the spawn ladder above (+1) or below (-1) d. */
double sandbox_density_step(double d, int direction);

/* replay_play.c: a replay playing in the window. */
/* True for a path that names a replay (".replay"). */
bool sandbox_is_replay(const char *path);
/* Opens the replay at path, playing from its start; false with the banner
 * set when it cannot be read. */
/* Plays the replay at path, or in text[len] (read from path) when text is
 * not NULL. */
bool sandbox_open_replay(sandbox *sb, const char *path, const char *text, size_t len);
/* Plays n steps (fewer at its end, where the person takes over). */
void sandbox_play_steps(sandbox *sb, int n);
/* Back to the replay's first step. */
void sandbox_play_restart(sandbox *sb);
/* To just after `step` steps (the last step at most), exactly as playing
 * there gives; and by `seconds` of the replay from where it is. */
void sandbox_play_seek(sandbox *sb, uint64_t step);
void sandbox_play_by(sandbox *sb, double seconds);
/* Ends the playing: the world is the sandbox's own from here on. */
void sandbox_take_over(sandbox *sb);
/* Drops the replay and its world (a new scene is coming). */
void sandbox_close_replay(sandbox *sb);

/* inspect.c: the selected body and its panel. */
/* Selects the body under p (any body), or none. */
void sandbox_select_at(sandbox *sb, fl_vec2 p);
/* Steps the selected body's density along the spawn ladder (-1, +1). */
void sandbox_change_selected_density(sandbox *sb, int direction);
/* Once a frame, before the frame is drawn: drops the selection of a body
 * that has gone, and samples the selected one for the plot. */
void sandbox_inspect_update(sandbox *sb);
/* Its outline, over the picture. */
void sandbox_draw_inspector(draw_batch *b, const sandbox *sb);
/* Its column right of the view (view.dock_px wide, from x = 0 here): its
 * numbers, its live plot and its stability curve. */
void sandbox_draw_dock(draw_batch *b, const sandbox *sb);

/* picker.c: the scene picker's list. */
/* O: the list made, and shown (or a word that there is nothing to list). */
void sandbox_open_picker(sandbox *sb);
/* A file opened: listed first next time. */
void sandbox_remember_file(sandbox *sb, const char *path);

/* picker_ui.c: choosing from it. */
/* Shows the list made, unfiltered, its first entry highlighted. */
void sandbox_picker_show(sandbox *sb);
/* Keys, text typed, the wheel and clicks while it is open (true: taken). */
bool sandbox_picker_key(sandbox *sb, SDL_Keycode k);
void sandbox_picker_text(sandbox *sb, const char *text);
bool sandbox_picker_wheel(sandbox *sb, int clicks);
bool sandbox_picker_click(sandbox *sb, fl_vec2 at);
/* The first entry in view (of those the filter lets through) with `rows`
 * rows in view: where the list was scrolled, moved so that the highlight
 * is in view. */
int sandbox_picker_top(const sandbox_picker *p, int rows);

/* picker_draw.c: the picker on the screen, in drawable pixels: its panel,
 * its lines' padding and height, text units, and how many entries are in
 * view; their first line is PICKER_FIRST_ROW (after the title, the filter
 * and "more above"). */
#define PICKER_FIRST_ROW 3
typedef struct picker_box {
    double x, y, w, h, pad, row, u;
    int rows;
} picker_box;
picker_box sandbox_picker_box(const sandbox *sb);
void sandbox_draw_picker(draw_batch *batch, const sandbox *sb);

/* ask.c: leaving a changed world asks first. */
/* The changes that leaving the world would lose (0: none). */
int sandbox_unkept(const sandbox *sb);
/* Leaves the world as `leave` says (path: SANDBOX_LEAVE_OPEN's file), at
 * once when that loses nothing, else once the question is answered yes. */
void sandbox_leave_to(sandbox *sb, sandbox_leave leave, const char *path);
/* Keys while it asks (true: taken). */
bool sandbox_ask_key(sandbox *sb, SDL_Keycode k);
void sandbox_draw_ask(draw_batch *b, const sandbox *sb);

/* plot.c: the live plot of one quantity of the selected body. */
/* G: the next quantity (draft, heel, vertical speed, kinetic, total
 * energy), then off. */
void sandbox_next_plot(sandbox *sb);
/* E: the live plot's samples (every quantity G shows) as NAME-plot-N.csv,
 * .png and .svg (plot_export.c); said in the HUD. */
void sandbox_export_plot(sandbox *sb);
/* A sample of b, measured this frame (hs), when the world has moved on. */
void sandbox_plot_sample(sandbox *sb, fl_body_id b, const fl_hydrostatics *hs);
/* The chart's height in pixels at text units u, its plotting area
 * squeezed to that fraction of its height (0: none to draw); and the chart,
 * w wide from (x, y). */
double sandbox_plot_height(const sandbox *sb, double u, double squeeze);
void sandbox_draw_plot(draw_batch *batch, const sandbox *sb, double x, double y, double w,
                       double u, double squeeze);

/* gz.c: the selected body's curve of statical stability (Z). */
void sandbox_toggle_gz(sandbox *sb);
/* hole.c: K holes the hull nearest the cursor. */
void sandbox_punch_hole(sandbox *sb);
/* Each frame, on the main thread, for the selected body b (NULL: none)
 * and its hydrostatics hs: the curve made again when what it depends on
 * changed, and the marker's heel. */
void sandbox_gz_update(sandbox *sb, fl_body_id b, const fl_hydrostatics *hs);
/* As the live plot's: its height (0: none), and the chart. */
double sandbox_gz_height(const sandbox *sb, double u, double squeeze);
void sandbox_draw_gz(draw_batch *batch, const sandbox *sb, double x, double y, double w, double u,
                     double squeeze);

/* shape.c: drawing a shape with the mouse (P, clicks, Enter; Shift+drag). */
void sandbox_start_drawing(sandbox *sb);
/* A left click while drawing: a corner, or the end when it is on the first. */
void sandbox_drawing_click(sandbox *sb, fl_vec2 world);
/* Enter: the drawing becomes a body of the spawn density, or is refused. */
void sandbox_finish_drawing(sandbox *sb);
/* Esc: drops it; Backspace: drops its last corner. */
void sandbox_cancel_drawing(sandbox *sb);
void sandbox_drawing_undo(sandbox *sb);
/* T while drawing: a hollow hull (a wall inside the outline), or solid. */
void sandbox_toggle_hollow(sandbox *sb);
/* Shift + left press and release: a box between the two points. */
void sandbox_box_from(sandbox *sb, fl_vec2 world);
void sandbox_box_to(sandbox *sb, fl_vec2 world);

/* rock.c: a random convex outline from a seed, about (0, 0). */
int sandbox_rock(unsigned seed, fl_vec2 *out, int max_points);

/* controls.c: what a key and its control both do (controls.h has the
 * table of controls). */
void sandbox_toggle_pause(sandbox *sb);
/* One step more while paused (nothing otherwise). */
void sandbox_single_step(sandbox *sb);
/* Every fluid's surface up (W) or down (Q) by 0.1 m. */
void sandbox_raise_water(sandbox *sb);
void sandbox_lower_water(sandbox *sb);

/* view.c: the camera. */
void sandbox_view_resize(sandbox *sb);
void sandbox_view_fit(sandbox *sb);
/* Home: the camera on every moving body (the whole scene when none moves). */
void sandbox_view_fit_bodies(sandbox *sb);
camera sandbox_camera(const sandbox *sb);
/* The control panel's width in points (a third of a narrower window), and
 * the selected body's column's. */
#define PANEL_POINTS 290.0
#define DOCK_POINTS 300.0
#define DOCK_TALL_POINTS 700.0 /* windows taller than this have a wider column */
#define DOCK_TEXT_UNIT 1.25    /* pixels a text unit in the column, in a window that high */
/* After the panel or the column came or went: the world keeps its scale
 * and its place in the window; the view takes what they leave. */
void sandbox_view_relayout(sandbox *sb);
/* Tab: the panel shown or hidden; the world's view takes what it leaves. */
void sandbox_toggle_panel(sandbox *sb);
/* Pixels per text unit in the selected body's column: DOCK_TEXT_UNIT, more
 * in a tall window, as its width, DOCK_POINTS, is (at most a third of the
 * window). */
double sandbox_dock_unit(const sandbox *sb);
/* Window coordinates (as in SDL's mouse events) -> pixels of the world's
 * view (right of the panel). */
fl_vec2 sandbox_to_pixels(const sandbox *sb, double x, double y);
fl_vec2 sandbox_mouse_world(const sandbox *sb);
void sandbox_pan(sandbox *sb, fl_vec2 delta_px);
/* Zooms by 1.15^clicks about the mouse (positive: in). */
void sandbox_zoom(sandbox *sb, double clicks);

/* Milliseconds since t0, a reading of SDL's performance counter. */
static inline double sandbox_ms_since(uint64_t t0)
{
    return 1000.0 * (double)(SDL_GetPerformanceCounter() - t0) /
           (double)SDL_GetPerformanceFrequency();
}

/* A cost's running average, as the HUD and --report-speed show it: each
 * new sample weighs a tenth (the first is taken whole). */
static inline double sandbox_smooth_ms(double average, double ms)
{
    return average > 0 ? 0.9 * average + 0.1 * ms : ms;
}

/* status.c: a message shown in the HUD for a few seconds, and the scene
 * file's name without folder and ".scene" ("harbour" for the embedded
 * default). */
void sandbox_say(sandbox *sb, const char *fmt, ...) SANDBOX_PRINTF(2, 3);
void sandbox_scene_name(const sandbox *sb, char *out, size_t size);
/* A file or folder the sandbox names itself (a save, a replay, a capture):
 * in --out-dir when given, else in the current folder. */
void sandbox_out_path(const sandbox *sb, const char *name, char *out, size_t size);
/* sandbox_out_path of NAME-N (no extension) for the first N from 1 for
 * which no NAME-N.EXT is there, for each of exts (NULL-terminated), so
 * that nothing earlier is written over; N stops at FREE_NAME_MOST (the
 * write then says what is in the way). */
#define FREE_NAME_MOST 9999
void sandbox_free_name(const sandbox *sb, const char *name, const char *const *exts, char *out,
                       size_t size);

/* draw.c: where the HUD goes this frame: over the world, or, where it
 * would hide too much of a narrow view, at the top of the control panel. */
void sandbox_place_hud(sandbox *sb);

/* io.c: saving, and capturing frames (Shift+C). */
void sandbox_save(sandbox *sb);
/* A file written whole (a scene, a replay): its path on stdout, for a
 * script to read, and in the trace. */
void sandbox_wrote(const char *path);
void sandbox_toggle_recording(sandbox *sb);
/* After each step: writes a frame when one is due. */
void sandbox_record_step(sandbox *sb);
void sandbox_stop_recording(sandbox *sb);

/* replay_rec.c: recording a replay (C). Every change a person makes to the
 * world goes through sandbox_apply, which applies it as a replay will
 * (fl_replay_apply) and, while recording, records it. */
/* False when the input cannot apply (said in the HUD). A person's input
 * that changes the world counts in sb->changes. */
bool sandbox_apply(sandbox *sb, fl_input *in);
/* The same for a change the sandbox makes by itself (a lost body removed):
 * recorded, but not counted. */
bool sandbox_apply_own(sandbox *sb, fl_input *in);
/* Adds a body as a replay would spawn it. */
bool sandbox_spawn_body(sandbox *sb, const fl_scene_body *b);
void sandbox_toggle_replay(sandbox *sb);
/* After each step: counts it, and keeps a checkpoint when one falls due. */
void sandbox_replay_step(sandbox *sb);
/* Ends the recording and writes the replay (its path on stdout). */
void sandbox_stop_replay(sandbox *sb);
/* The world is about to change between two steps (an input, a scene
 * loaded): the first change since the last step keeps the hash the replay
 * ends on if it stops before the next. */
void sandbox_replay_changing(sandbox *sb);
/* A new scene was loaded: while recording, that is an input too. */
void sandbox_replay_loaded(sandbox *sb);
/* While recording, a reset is an input: applies it and returns true. */
bool sandbox_replay_reset(sandbox *sb);
/* While recording, the world swapped in by an undo or a redo: written into
 * the replay as a scene, and built anew from it, as the replay will. */
void sandbox_replay_rebuild(sandbox *sb);

/* undo.c: the history of edits (Ctrl+Z, Ctrl+Shift+Z). Before an edit:
 * keeps a copy of the world, named `what`, and returns true; false when
 * the edit joins the last one (the same `what` of the same `target` a
 * moment ago: a slider dragged; -1: never) or when no copy could be made
 * (said in the HUD: undo then skips this edit). */
bool sandbox_history_push(sandbox *sb, const char *what, long long target);
/* The edit whose copy was kept last did not happen: its copy goes. */
void sandbox_history_drop_last(sandbox *sb);
/* Another scene: nothing of the old one can be undone. */
void sandbox_history_clear(sandbox *sb);
void sandbox_undo(sandbox *sb);
void sandbox_redo(sandbox *sb);
bool sandbox_can_undo(const sandbox *sb);
bool sandbox_can_redo(const sandbox *sb);
/* The world's changes are kept (saved, recorded, loaded afresh). */
void sandbox_changes_kept(sandbox *sb);

/* input.c: events -> actions. */
void sandbox_handle_event(sandbox *sb, const SDL_Event *e);

/* draw.c: one frame of the window. */
#define SANDBOX_PANEL_COLOR 0x10202c
#define SANDBOX_DOCK_COLOR 0x1b2a36 /* the selected body's column, behind its panels */
#define SANDBOX_SELECT_COLOR RENDER_SELECT_COLOR /* the selected body: its outline, the panel's rule */
/* A panel's dark, see-through ground, as the inspector and its charts have it. */
void sandbox_draw_panel(draw_batch *b, double x, double y, double w, double h);
/* Draws a frame of sb (the painter's copy, on its thread) into frame: the
 * picture a capture would draw, then what only the window shows. */
bool sandbox_paint(sandbox *sb, capture *frame);
/* Shows a finished frame in the window (main thread). */
/* ... only its parts in damage[count] (count < 0: all of it). */
bool sandbox_present(sandbox *sb, cairo_surface_t *frame, const SDL_Rect *damage, int count);
/* While a replay plays: whether the drawable pixel p is on its timeline,
 * and where (0 to 1 of its length). */
bool sandbox_timeline_at(const sandbox *sb, fl_vec2 p, double *at);

/* help.c: the keys, as the help card (F1) lists them. */
int sandbox_help_count(void);
/* Line i: the keys, and what they do. */
void sandbox_help_line(int i, const char **keys, const char **what);


#endif
