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

/* sb->sim borrows the player's world (a sim is a handle: the copy is a loan). */
static void lend(sandbox *sb)
{
    sb->sim = sb->play.player.sim;
    sb->mouse.grab = FL_NULL_JOINT;
}

void sandbox_close_replay(sandbox *sb)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    fl_replay_player_free(&pl->player);
    fl_replay_free(&pl->replay);
    pl->on = false;
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
    fl_replay r;
    fl_scene_error err;
    if (!(text ? fl_replay_parse(text, len, &r, &err) : fl_replay_load_file(path, &r, &err))) {
        banner(sb, scene_source_name(path), &err);
        return false;
    }
    fl_replay_player p;
    if (!fl_replay_player_start(&p, &r, &err)) {
        banner(sb, scene_source_name(path), &err);
        fl_replay_free(&r);
        return false;
    }
    sandbox_stop_replay(sb);
    sandbox_stop_recording(sb);
    sandbox_close_replay(sb);
    sandbox_unload(sb);
    sandbox_play *pl = &sb->play;
    pl->replay = r;
    pl->player = p;
    pl->player.replay = &pl->replay; /* it moved */
    /* A copy of the world every second, so that a seek plays at most one
     * (two minutes of them; a longer replay keeps them further apart). */
    fl_replay_player_keep(&pl->player, (uint64_t)fmax(1.0, round(fl_sim_rate(pl->player.sim))),
                          SNAPSHOTS);
    pl->on = true;
    pl->differs = false;
    /* A reset after taking over builds the scene the recording began in. */
    int reset_at = r.scene_count > 1 ? 1 : 0;
    const fl_replay_scene *reset = &r.scenes[reset_at];
    char *kept = malloc(reset->len + 1);
    fl_scene_free(&sb->loaded);
    if (!fl_replay_scene_read(&r, reset_at, &sb->loaded, NULL) || !kept) {
        fl_scene_free(&sb->loaded); /* empty when it did not read */
        free(kept);
        kept = NULL;
    } else {
        memcpy(kept, reset->text, reset->len + 1);
    }
    free(sb->loaded_text);
    sb->loaded_text = kept;
    sb->loaded_len = kept ? reset->len : 0;
    sb->banner[0] = '\0';
    sb->clock.accumulator = 0.0;
    lend(sb);
    sandbox_say(sb, "playing %s: %" PRIu64 " steps", scene_source_name(path), r.steps);
    return true;
}

void sandbox_take_over(sandbox *sb)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    sb->sim = pl->player.sim;
    sb->mouse.grab = pl->player.grab;
    pl->player.sim = NULL; /* the sandbox's now */
    fl_replay_player_free(&pl->player);
    fl_replay_free(&pl->replay);
    pl->on = false;
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
                 "bit for bit", pl->player.step);
        fprintf(stderr, "flotsam: %s\n", sb->banner);
    }
}

void sandbox_play_steps(sandbox *sb, int n)
{
    for (int i = 0; i < n && sb->play.on; i++) {
        fl_scene_error err;
        uint64_t expected, got;
        after(sb, fl_replay_player_step(&sb->play.player, &err, &expected, &got), &err);
    }
}

void sandbox_play_seek(sandbox *sb, uint64_t step)
{
    sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    /* The end itself would end the playing: stop one step short of it. */
    uint64_t last = pl->replay.steps > 0 ? pl->replay.steps - 1 : 0;
    fl_scene_error err;
    uint64_t expected, got;
    if (step < pl->player.step) {
        pl->differs = false;
        sb->banner[0] = '\0';
    }
    fl_replay_status st = fl_replay_player_seek(&pl->player, step < last ? step : last, &err,
                                                &expected, &got);
    after(sb, st, &err);
    sb->clock.accumulator = 0.0;
}

void sandbox_play_by(sandbox *sb, double seconds)
{
    const sandbox_play *pl = &sb->play;
    if (!pl->on)
        return;
    double to = (double)pl->player.step + seconds * fl_sim_rate(sb->sim);
    sandbox_play_seek(sb, to <= 0.0 ? 0 : (uint64_t)llround(to));
}

void sandbox_play_restart(sandbox *sb)
{
    sandbox_play_seek(sb, 0);
}
