/* The interactive sandbox's state: the window, the scene it shows (as read
 * from its file, and as the world now holds it), the clock, the camera, what
 * the mouse is doing, and what is being saved or recorded. One of these
 * lives for the whole session; the functions of sandbox_parts.h take it by
 * pointer. */
#ifndef FL_SANDBOX_STATE_H
#define FL_SANDBOX_STATE_H

#include <SDL.h>
#include <stdbool.h>
#include <time.h>
#include "recorder.h"
#include "capture.h"
#include "gz_curve.h"
#include "render.h"
#include "scene_source.h"

#define SANDBOX_TEXT_MAX 512

typedef struct sandbox_options {
    const char *scene_path; /* NULL: the embedded default scene */
    const char *save_as;    /* Ctrl+S target; NULL: <scene-name>-saved.scene */
    const char *frames_dir; /* Shift+C's folder; NULL: frames-<n> */
    const char *replay_out; /* C's replay file; NULL: <scene-name>-<n>.replay */
    const char *capture_video; /* --capture-video: Shift+C's moving picture beside its
                             * frames, DIR.mp4 (default), .webm, .gif, .webp; "none" */
    const char *out_dir;    /* --out-dir: where the names above go when not given
                             * (created if missing); NULL: the current folder */
    bool report_speed;      /* --report-speed: a line of fps and speed a second, on stdout */
    bool no_panel;          /* --no-panel: the control panel starts hidden (Tab shows it) */
    int width, height;      /* the window's first size */
} sandbox_options;

/* The open scene file, watched for changes. */
typedef struct sandbox_file {
    char *path;             /* owned; NULL: the embedded default */
    bool known;             /* stamp below is valid */
    struct timespec mtime;
    long long size;
    double next_poll;       /* seconds on the sandbox clock */
} sandbox_file;

typedef struct sandbox_clock {
    double now;             /* seconds since start (wall clock) */
    double accumulator;     /* simulated seconds owed to the world */
    bool paused, slow;      /* slow: a quarter of real time */
    int single_steps;       /* steps asked for while paused */
    double step_ms;         /* smoothed cost of a step */
    double show_ms;         /* ... and of showing a frame in the window */
    /* Honest speed, over the last half second or so: frames drawn a second,
     * and simulated seconds a real second (1: real time). */
    double fps, speed;
    int frames;
    double window_start, simulated;
} sandbox_clock;

typedef struct sandbox_view {
    fl_vec2 center;         /* world point at the middle of the window */
    double width;           /* metres across */
    int px_w, px_h;         /* the world's view in pixels: the window's drawable
                               size less the panel beside it */
    int panel_px;           /* the control panel's width in pixels (0: hidden) */
    int dock_px;            /* the selected body's column, right of the view (0: none) */
    int win_w;              /* the window's drawable width */
    double px_per_point;    /* drawable pixels per window coordinate */
} sandbox_view;

typedef struct sandbox_mouse {
    fl_vec2 at;             /* window pixels (drawable) */
    fl_joint_id grab;         /* the mouse spring holding a body; NULL: none */
    bool panning;
} sandbox_mouse;

/* A shape being drawn: P, then a click for each corner (world); or a box
 * dragged out with Shift held. */
typedef struct sandbox_drawing {
    bool on;
    fl_vec2 points[FL_SCENE_MAX_POINTS];
    int count;
    bool hollow;            /* T: a hull whose solid is a wall inside it */
    bool boxing;            /* Shift + left drag in progress */
    fl_vec2 box_from;       /* world */
} sandbox_drawing;

typedef struct sandbox_rec {
    recorder *rec;          /* NULL: not recording */
    char dir[SANDBOX_TEXT_MAX];
    char video[SANDBOX_TEXT_MAX + 8]; /* DIR.mp4 (or as --capture-video says); "": none */
    char label[128];        /* the frames' HUD line (the recorder keeps a pointer) */
    long frames, steps, every;
} sandbox_rec;

/* The scene picker (O), and the files opened this session. Every path is
 * canonical (realpath), so that a file reached by two names is listed once. */
#define PICKER_MOST 256
#define PICKER_PATH 256
#define PICKER_RECENT 8
#define PICKER_FILTER 64
typedef struct sandbox_picker {
    bool on;
    char paths[PICKER_MOST][PICKER_PATH];
    char names[PICKER_MOST][PICKER_PATH]; /* as shown: short, and no two alike */
    int count;
    int open;               /* the entry of the open file; -1: none */
    bool full;              /* more files were found than PICKER_MOST */
    char filter[PICKER_FILTER]; /* typed: the names holding it (any case) are shown */
    int shown[PICKER_MOST]; /* the entries the filter lets through, in order */
    int shown_count;
    int cursor;             /* the highlighted one, into shown */
    int top;                /* the first of shown in view */
    char recent[PICKER_RECENT][PICKER_PATH];
    int recent_count;
} sandbox_picker;

/* Leaving the world for another (a scene opened, a reset, the file
 * reloaded) or quitting: asked first when it has changes that would be
 * lost (ask.c). */
typedef enum sandbox_leave {
    SANDBOX_LEAVE_OPEN,
    SANDBOX_LEAVE_RESET,
    SANDBOX_LEAVE_RELOAD,
    SANDBOX_LEAVE_QUIT
} sandbox_leave;
typedef struct sandbox_ask {
    bool on;                /* the question is on the screen */
    sandbox_leave leave;
    char path[SANDBOX_TEXT_MAX]; /* SANDBOX_LEAVE_OPEN: the file to open */
} sandbox_ask;

/* The live plot of the selected body (G): its samples of every quantity G
 * steps through (so that switching keeps the history), oldest first from
 * `first` in a ring. */
#define PLOT_QUANTITIES 5
#define PLOT_SAMPLES 2400
typedef struct sandbox_plot {
    int quantity;           /* the one shown: 0..PLOT_QUANTITIES-1, or PLOT_QUANTITIES: off */
    uint32_t body;          /* whose samples these are */
    double time[PLOT_SAMPLES], value[PLOT_QUANTITIES][PLOT_SAMPLES];
    int first, count;
} sandbox_plot;

/* The selected body's curve of statical stability (Z), under its panel:
 * made on the main thread when the selection, the body's mass or the fluid
 * changes (not every frame); the painter only draws it. */
typedef enum sandbox_gz_kind {
    SANDBOX_GZ_NONE,        /* nothing selected, or a static body */
    SANDBOX_GZ_CURVE,       /* curve below holds it */
    SANDBOX_GZ_NO_FLUID,    /* the world has no fluid to float in */
    SANDBOX_GZ_SINKS,       /* denser than the fluid */
    SANDBOX_GZ_NO_WATERLINE /* at curve.failed_at degrees */
} sandbox_gz_kind;
typedef struct sandbox_gz {
    bool on;                /* Z */
    sandbox_gz_kind kind;
    /* What the curve was made for: the body, its mass and area, the fluid,
     * and where its water lies among its compartments (`spread`). */
    uint32_t body;
    double mass, area, fluid_density, spread;
    bool made;
    sandbox_gz_kind made_kind; /* what the curve came to */
    gz_curve curve;
    double heel, arm;       /* now: deg within +-180, and the arm there (m, > 0 rights) */
} sandbox_gz;

/* The replay being recorded (C): the world as it was when recording began,
 * then every input, stamped with the step it comes before. */
typedef struct sandbox_replay {
    fl_replay *rec;         /* made with the sandbox; when not recording, empty but
                             * for a spawn while it is applied */
    bool on;
    uint64_t steps;         /* steps since recording began */
    int reset_scene;        /* the scene in rec that a reset builds */
    /* The state hash as the last step left the world, kept at the first
     * change after it: a replay stopped before the next step ends there,
     * since the inputs after its last step are not kept (fl_replay_end). */
    bool stepped_hash_kept;
    uint64_t stepped_hash;
} sandbox_replay;

/* A replay playing in the window (flotsam FILE.replay): the player owns the
 * world, which sb->sim borrows until the person takes over. */
typedef struct sandbox_play {
    fl_replay *replay;
    fl_replay_player *player;
    bool on;
    bool differs;           /* a checkpoint disagreed (said once) */
    /* What the timeline shows, for the frame's copy of the sandbox too,
     * which has neither replay nor player: the player's step (lent with
     * its world) and the replay's length; and its checkpoints' steps,
     * which only that copy holds (painter.c; NULL here). */
    uint64_t step, steps;
    const uint64_t *checks;
    int check_count;
} sandbox_play;

/* Undo and redo (undo.c): each edit a person makes keeps a copy of the world
 * as it was just before, named by what the edit did; undoing swaps that
 * copy in and keeps the world it replaces for redoing. The oldest go
 * first past UNDO_MOST. */
#define UNDO_MOST 64
typedef struct sandbox_undo_entry {
    fl_sim *sim;
    char what[48];          /* "spawn", "removal", "water level", ... */
    int changes, epoch;     /* sandbox.changes and .kept_epoch when it was taken */
    /* A slider dragged, a key held: edits of one thing (`target`, -1:
     * none) in quick succession (each within UNDO_MERGE_S of the last,
     * the last at `at` on the sandbox clock) are undone as one. */
    long long target;
    double at;
} sandbox_undo_entry;
typedef struct sandbox_history {
    sandbox_undo_entry undo[UNDO_MOST], redo[UNDO_MOST];
    int undo_count, redo_count;
} sandbox_history;

typedef struct sandbox {
    sandbox_options opt;
    SDL_Window *window;
    struct painter *painter; /* draws the frames, on a thread of its own */
    struct panel *panel;    /* the control panel (NULL: none could be made) */
    bool panel_shown;
    struct workers *workers; /* share the step's work (NULL: none) */
    bool quit;
    bool draw_failed;       /* the last frame could not be drawn (said once) */
    bool screen_stale;      /* the window's pixels are not the last frame's: show all */

    sandbox_file file;
    fl_scene loaded;        /* as read: what reset rebuilds */
    char *loaded_text;      /* ... and its text, for a replay to embed */
    size_t loaded_len;
    fl_sim *sim;                   /* the world built from it, as it is now */
    char banner[SANDBOX_TEXT_MAX]; /* the last load error; "": none */
    int load_status;               /* the exit status it calls for (CLI_OK: none) */

    sandbox_clock clock;
    sandbox_view view;
    sandbox_mouse mouse;
    sandbox_drawing drawing;
    struct {
        bool on;
        uint32_t body;      /* the selected body's id */
    } inspect;
    sandbox_plot plot;
    sandbox_gz gz;
    sandbox_picker picker;
    sandbox_ask ask;
    render_options overlays;
    bool hud_in_panel;      /* the HUD does not fit the view: the panel shows its lines */
    bool help;

    double spawn_density;   /* kg/m^2 of B/N/R spawns ([ and ] step a ladder; the panel sets any) */
    int spawn_kind;         /* the panel's shape to spawn (sandbox_spawn) */
    double spawn_scale;     /* B/N/R spawns' size against their first (Ctrl + wheel) */
    unsigned spawn_count;   /* seeds the rocks */
    /* The person's changes to the world (inputs that spawn, remove, hole,
     * or set a density or a water level; sandbox_apply counts them) since
     * it was loaded or reset, or kept: saved, or written in a replay. */
    int changes;
    int kept_epoch;         /* counts the times the changes were kept (set to 0) */
    sandbox_history history;

    char status[SANDBOX_TEXT_MAX]; /* a passing message in the HUD */
    double status_until;
    bool redraw;            /* something changed that the next frame must show */
    double drawn_at;        /* when the last frame was drawn (clock.now) */
    sandbox_rec rec;
    sandbox_replay replay;
    sandbox_play play;
} sandbox;

#endif
