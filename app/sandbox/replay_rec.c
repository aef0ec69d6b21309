/* Recording a replay (C): the world as it is when recording starts, then
 * every input a person makes, stamped with the step it comes before, and a
 * checkpoint every 60 steps. The live world is rebuilt from the replay's
 * own first scene when recording starts, and every input is applied by
 * fl_replay_apply, so that what the window shows is what replays. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "out_files.h"
#include "sandbox_parts.h"
#include "scene_keep.h"
#include "sandbox_trace.h"

/* Whether an input of this kind is a change a person would want to keep:
 * the mouse spring only moves bodies, as the world does by itself, and a
 * build replaces the world. */
static bool keeps(fl_input_kind kind)
{
    return kind != FL_INPUT_GRAB && kind != FL_INPUT_DRAG && kind != FL_INPUT_RELEASE &&
           kind != FL_INPUT_BUILD;
}

/* An edit as the undo history names it. */
static const char *edit_name(fl_input_kind kind)
{
    switch (kind) {
    case FL_INPUT_SPAWN: return "spawn";
    case FL_INPUT_REMOVE: return "removal";
    case FL_INPUT_FLUID: return "water level";
    case FL_INPUT_DENSITY: return "density";
    case FL_INPUT_HOLE: return "hole";
    case FL_INPUT_WATER: return "water";
    case FL_INPUT_GRAVITY: return "gravity";
    default: return "edit";
    }
}

/* Which of a fluid's fields a water input changes (1 to 5; 0: none), so
 * that a density dragged and the waves ticked are two edits. */
static int water_field(const sandbox *sb, const fl_input *in)
{
    const fl_buoyancy *bu = fl_sim_buoyancy(sb->sim);
    if (in->fluid < 0 || in->fluid >= fl_buoyancy_fluid_count(bu))
        return 0;
    const fl_fluid_def *f = fl_buoyancy_fluid_def(bu, in->fluid);
    const double now[] = {f->density, f->linear_drag, f->angular_drag, f->wave_amplitude,
                          f->wave_length};
    const double to[] = {in->density, in->linear_drag, in->angular_drag, in->wave_amplitude,
                         in->wave_length};
    for (int k = 0; k < 5; k++)
        if (now[k] != to[k])
            return k + 1;
    return 0;
}

/* What an edit changes, for the history to take a slider's many moves
 * as one edit: a body's density, a fluid's surface (-1: never joined). */
static long long edit_target(const sandbox *sb, const fl_input *in)
{
    switch (in->kind) {
    case FL_INPUT_DENSITY: return in->body;
    case FL_INPUT_FLUID: return 0; /* W and Q move every fluid: one edit */
    case FL_INPUT_WATER: return 8LL * in->fluid + water_field(sb, in);
    case FL_INPUT_GRAVITY: return 0;
    default: return -1;
    }
}

static bool apply(sandbox *sb, fl_input *in, bool by_hand)
{
    sandbox_take_over(sb); /* a person's input ends a replay playing */
    sandbox_replay_changing(sb);
    sandbox_replay *rp = &sb->replay;
    in->step = rp->steps;
    in->line = 0;
    bool edit = by_hand && keeps(in->kind);
    bool kept = edit && sandbox_history_push(sb, edit_name(in->kind), edit_target(sb, in));
    fl_scene_error err;
    if (!fl_replay_apply(sb->sim, &sb->mouse.grab, rp->rec, in, &err)) {
        if (kept)
            sandbox_history_drop_last(sb);
        sandbox_say(sb, "%s", err.message);
        return false;
    }
    if (edit) {
        sb->changes++;
        sandbox_trace_world("edit", edit_name(in->kind), sb->sim); /* for a test of undo */
    }
    if (rp->on && fl_replay_add_input(rp->rec, in) != FL_OK) {
        sandbox_say(sb, "out of memory: the replay stops here");
        sandbox_stop_replay(sb);
    }
    return true;
}

bool sandbox_apply(sandbox *sb, fl_input *in)
{
    return apply(sb, in, true);
}

bool sandbox_apply_own(sandbox *sb, fl_input *in)
{
    return apply(sb, in, false);
}

bool sandbox_spawn_body(sandbox *sb, const fl_scene_body *b)
{
    fl_replay *r = sb->replay.rec;
    fl_input in = {0};
    in.kind = FL_INPUT_SPAWN;
    in.spawn = fl_replay_add_spawn(r, b);
    if (in.spawn < 0) {
        sandbox_say(sb, "out of memory adding the body");
        return false;
    }
    bool ok = sandbox_apply(sb, &in);
    /* Kept only while a replay needs it: when none is being recorded (or
     * the recording stopped on the way, as it could not keep the input),
     * the replay is emptied again. A spawn the world refused while
     * recording stays, named by no input: it is not written. */
    if (!sb->replay.on)
        fl_replay_clear(r);
    return ok;
}

/* The scene text of the world as it is now, the camera as its view. */
static char *world_text(sandbox *sb, size_t *len, char *err, size_t err_size)
{
    fl_scene_view view = {true, sb->view.center, sb->view.width};
    return scene_text(sb->sim, &view, len, err, err_size);
}

static void start_replay(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    char err[SANDBOX_TEXT_MAX];
    size_t len;
    /* A grab does not carry over: the spring is not part of a scene. */
    fl_input release = {0};
    release.kind = FL_INPUT_RELEASE;
    sandbox_apply(sb, &release);
    fl_replay_clear(rp->rec);
    char *text = world_text(sb, &len, err, sizeof err);
    if (!text) {
        sandbox_say(sb, "%s", err);
        return;
    }
    fl_scene_error e;
    int start = fl_replay_add_scene(rp->rec, text, len, &e);
    free(text);
    rp->reset_scene = start < 0 ? -1
                                : fl_replay_add_scene(rp->rec, sb->loaded_text, sb->loaded_len, &e);
    /* The world from here on is the one the replay starts from. */
    fl_sim *fresh = NULL;
    fl_scene sc;
    bool ok = rp->reset_scene >= 0 && fl_replay_scene_read(rp->rec, start, &sc, &e);
    if (ok) {
        fresh = fl_sim_build(&sc, &e);
        ok = fresh != NULL;
        fl_scene_free(&sc);
    }
    if (!ok) {
        sandbox_say(sb, "cannot start a replay: %s", e.message);
        fl_replay_clear(rp->rec);
        return;
    }
    fl_sim_free(sb->sim);
    sb->sim = fresh;
    sb->mouse.grab = FL_NULL_JOINT;
    rp->steps = 0;
    rp->stepped_hash_kept = false;
    rp->on = true;
    sandbox_say(sb, "recording a replay (C stops)");
}

/* --replay-out FILE, else the first NAME-<n>.replay that is free (in
 * --out-dir, or here). */
static void replay_path(const sandbox *sb, char *out, size_t size)
{
    if (sb->opt.replay_out) {
        snprintf(out, size, "%s", sb->opt.replay_out);
        return;
    }
    static const char *const exts[] = {".replay", NULL};
    char name[SANDBOX_TEXT_MAX / 2], base[SANDBOX_TEXT_MAX - 16];
    sandbox_scene_name(sb, name, sizeof name);
    sandbox_free_name(sb, name, exts, base, sizeof base);
    snprintf(out, size, "%s.replay", base);
}

/* out_write's writer: the recorded session. */
static bool write_replay(FILE *f, void *ctx, char *why, size_t why_size)
{
    return fl_replay_write(f, ctx, why, why_size);
}

void sandbox_stop_replay(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    if (!rp->on)
        return;
    rp->on = false;
    char path[SANDBOX_TEXT_MAX], err[SANDBOX_TEXT_MAX];
    uint64_t hash = rp->stepped_hash_kept ? rp->stepped_hash : fl_state_hash(fl_sim_world(sb->sim));
    if (fl_replay_end(rp->rec, rp->steps, hash) != FL_OK) {
        sandbox_say(sb, "the replay could not be ended");
        fl_replay_clear(rp->rec);
        return;
    }
    replay_path(sb, path, sizeof path);
    if (!out_write(path, write_replay, rp->rec, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_say(sb, "%s", err);
    } else {
        sandbox_wrote(path);
        sandbox_say(sb, "replay of %llu steps in %s", (unsigned long long)rp->steps, path);
        sandbox_changes_kept(sb); /* the replay holds them, from the world it began with */
    }
    fl_replay_clear(rp->rec);
}

void sandbox_toggle_replay(sandbox *sb)
{
    if (sb->replay.on)
        sandbox_stop_replay(sb);
    else
        start_replay(sb);
}

void sandbox_replay_changing(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    if (rp->on && !rp->stepped_hash_kept) {
        rp->stepped_hash = fl_state_hash(fl_sim_world(sb->sim));
        rp->stepped_hash_kept = true;
    }
}

void sandbox_replay_step(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    rp->steps++;
    rp->stepped_hash_kept = false;
    if (rp->on && rp->steps % FL_REPLAY_CHECK_EVERY == 0 &&
        fl_replay_add_check(rp->rec, rp->steps, fl_state_hash(fl_sim_world(sb->sim))) != FL_OK) {
        sandbox_say(sb, "out of memory: the replay stops here");
        sandbox_stop_replay(sb);
    }
}

/* Records that the world was built anew from `scene`. */
static void record_build(sandbox *sb, int scene)
{
    fl_input in = {0};
    in.kind = FL_INPUT_BUILD;
    in.scene = scene;
    in.step = sb->replay.steps;
    if (fl_replay_add_input(sb->replay.rec, &in) != FL_OK) {
        sandbox_say(sb, "out of memory: the replay stops here");
        sandbox_stop_replay(sb);
    }
}

void sandbox_replay_loaded(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    if (!rp->on)
        return;
    fl_scene_error e;
    int k = fl_replay_add_scene(rp->rec, sb->loaded_text, sb->loaded_len, &e);
    if (k < 0) {
        sandbox_say(sb, "the replay stops here: %s", e.message);
        sandbox_stop_replay(sb);
        return;
    }
    /* The world was built from this very text: the replay builds the same. */
    rp->reset_scene = k;
    record_build(sb, k);
}

void sandbox_replay_rebuild(sandbox *sb)
{
    sandbox_replay *rp = &sb->replay;
    if (!rp->on)
        return;
    char err[SANDBOX_TEXT_MAX];
    size_t len;
    char *text = world_text(sb, &len, err, sizeof err);
    fl_scene_error e;
    bool written = text != NULL;
    int k = written ? fl_replay_add_scene(rp->rec, text, len, &e) : -1;
    free(text);
    if (k < 0) {
        sandbox_say(sb, "the replay stops here: %s", written ? e.message : err);
        sandbox_stop_replay(sb);
        return;
    }
    fl_input in = {0};
    in.kind = FL_INPUT_BUILD;
    in.scene = k;
    sandbox_apply_own(sb, &in);
}

bool sandbox_replay_reset(sandbox *sb)
{
    if (!sb->replay.on)
        return false;
    fl_input in = {0};
    in.kind = FL_INPUT_BUILD;
    in.scene = sb->replay.reset_scene;
    if (sandbox_apply(sb, &in)) {
        sb->clock.accumulator = 0.0;
        sandbox_changes_kept(sb); /* the world as loaded again */
    }
    return true;
}
