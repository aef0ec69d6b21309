/* A replay playing in the window (flotsam FILE.replay): the player steps the
 * world, inputs and all, at the scene's rate; pause, single steps and slow
 * motion work as on a live world, Backspace goes back to the start, and the
 * first change the person makes takes the world over from the replay. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define SNAPSHOTS 120

bool sandbox_is_replay(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 7 && !strcmp(path + n - 7, ".replay");
}

/* sb->sim borrows the player's world (a sim is a handle: the copy is a
 * loan), and the timeline its step. */
static void lend(sandbox *sb)
{
    sb->sim = fl_replay_player_sim(sb->play.player);
    sb->mouse.grab = FL_NULL_JOINT;
    sb->play.step = fl_replay_player_step_count(sb->play.player);
}

/* Drops the player and its replay (and its world unless that was taken). */
static void drop(sandbox_play *pl)
{
    fl_replay_player_free(pl->player);
    fl_replay_free(pl->replay);
    pl->player = NULL;
    pl->replay = NULL;
    pl->on = false;
}

void sandbox_close_replay(sandbox *sb)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    drop(pl);
    sb->sim = NULL; /* it was the player's */
}

static void banner(sandbox *sb, const char *path, const fl_scene_error *err)
{
    fl_scene_error_format(err, path, sb->banner, sizeof sb->banner);
    fprintf(stderr, "%s\n", sb->banner);
    sb->load_status = scene_source_status(err);
}

bool sandbox_open_replay(sandbox *sb, const char *path, const char *text, size_t len)
{
    fl_scene_error err;
    fl_replay *r = text ? fl_replay_parse(text, len, &err) : fl_replay_load_file(path, &err);
    if (!r) {
        banner(sb, scene_source_name(path), &err);
        return false;
    }
    fl_replay_player *p = fl_replay_player_start(r, &err);
    if (!p) {
        banner(sb, scene_source_name(path), &err);
        fl_replay_free(r);
        return false;
    }
    sandbox_stop_replay(sb);
    sandbox_stop_recording(sb);
    sandbox_close_replay(sb);
    sandbox_unload(sb);
    sandbox_play *pl = &sb->play;
    pl->replay = r;
    pl->player = p;
    /* A copy of the world every second, so that a seek plays at most one
     * (two minutes of them; a longer replay keeps them further apart). */
    fl_replay_player_keep(p, (uint64_t)fmax(1.0, round(fl_sim_rate(fl_replay_player_sim(p)))),
                          SNAPSHOTS);
    pl->on = true;
    pl->differs = false;
    pl->steps = fl_replay_steps(r);
    /* A reset after taking over builds the scene the recording began in. */
    int reset_at = fl_replay_scene_count(r) > 1 ? 1 : 0;
    size_t reset_len;
    const char *reset = fl_replay_scene_text(r, reset_at, &reset_len);
    char *kept = malloc(reset_len + 1);
    fl_scene_free(&sb->loaded);
    if (!fl_replay_scene_read(r, reset_at, &sb->loaded, NULL) || !kept) {
        fl_scene_free(&sb->loaded); /* empty when it did not read */
        free(kept);
        kept = NULL;
    } else {
        memcpy(kept, reset, reset_len + 1);
    }
    free(sb->loaded_text);
    sb->loaded_text = kept;
    sb->loaded_len = kept ? reset_len : 0;
    sb->banner[0] = '\0';
    sb->clock.accumulator = 0.0;
    lend(sb);
    sandbox_say(sb, "playing %s: %" PRIu64 " steps", scene_source_name(path), pl->steps);
    return true;
}

void sandbox_take_over(sandbox *sb)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    sb->mouse.grab = fl_replay_player_grab(pl->player);
    sb->sim = fl_replay_player_release(pl->player); /* the sandbox's now */
    pl->player = NULL;
    drop(pl);
    sandbox_say(sb, "the world is yours from here");
}

/* What a step or seek of the player came to. */
static void after(sandbox *sb, fl_replay_status st, const fl_scene_error *err)
{
    sandbox_play *pl = &sb->play;
    lend(sb);
    if (st == FL_REPLAY_DONE) {
        sandbox_take_over(sb);
        sb->clock.paused = true;
        sandbox_trace_line("replay-end");
        sandbox_say(sb, "the replay is over (paused; the world is yours from here)");
    } else if (st == FL_REPLAY_FAILED) {
        fl_scene_error_format(err, sb->file.path, sb->banner, sizeof sb->banner);
        sandbox_take_over(sb);
    } else if (st == FL_REPLAY_DIFFERS && !pl->differs) {
        pl->differs = true;
        snprintf(sb->banner, sizeof sb->banner,
                 "step %" PRIu64 " differs from the recording: this build does not replay it "
                 "bit for bit", pl->step);
        fprintf(stderr, "flotsam: %s\n", sb->banner);
    }
}

void sandbox_play_steps(sandbox *sb, int n)
{
    for (int i = 0; i < n && sb->play.on; i++) {
        fl_scene_error err;
        uint64_t expected, got;
        after(sb, fl_replay_player_step(sb->play.player, &err, &expected, &got), &err);
    }
}

void sandbox_play_seek(sandbox *sb, uint64_t step)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    /* The end itself would end the playing: stop one step short of it. */
    uint64_t last = pl->steps > 0 ? pl->steps - 1 : 0;
    fl_scene_error err;
    uint64_t expected, got;
    if (step < pl->step) {
        pl->differs = false;
        sb->banner[0] = '\0';
    }
    fl_replay_status st = fl_replay_player_seek(pl->player, step < last ? step : last, &err,
                                                &expected, &got);
    after(sb, st, &err);
    sb->clock.accumulator = 0.0;
}

void sandbox_play_by(sandbox *sb, double seconds)
{
    const sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    double to = (double)pl->step + seconds * fl_sim_rate(sb->sim);
    sandbox_play_seek(sb, to <= 0.0 ? 0 : (uint64_t)llround(to));
}

void sandbox_play_restart(sandbox *sb)
{
    sandbox_play_seek(sb, 0);
}
