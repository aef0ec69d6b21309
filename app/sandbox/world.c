#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cmdline.h"
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define POLL_INTERVAL 0.5 /* seconds between looks at the file's time stamp */

/* Shows "FILE:LINE:COLUMN: message" in the banner, and on stderr. */
static void set_banner(sandbox *sb, const char *msg)
{
    snprintf(sb->banner, sizeof sb->banner, "%s", msg);
    fprintf(stderr, "%s\n", sb->banner);
    sb->redraw = true;
}

/* The file's time and size, to see it change; stdin has none (it is read
 * once, and never again). */
static bool read_stamp(const char *path, struct timespec *mtime, long long *size)
{
    struct stat st;
    if (!path || scene_source_is_stdin(path) || stat(path, &st) != 0)
        return false;
    *mtime = st.st_mtim;
    *size = (long long)st.st_size;
    return true;
}

static void remember_file(sandbox *sb, const char *path)
{
    if (path != sb->file.path) {
        char *copy = path ? strdup(path) : NULL;
        free(sb->file.path);
        sb->file.path = copy;
    }
    sb->file.known = read_stamp(sb->file.path, &sb->file.mtime, &sb->file.size);
}

/* Swaps a new scene and its world in for the old ones. */
static void install(sandbox *sb, fl_scene *loaded, fl_sim *s)
{
    sandbox_stop_recording(sb);
    sandbox_unload(sb);
    sb->loaded = *loaded;
    sb->sim = s;
    sb->clock.accumulator = 0.0;
    sandbox_changes_kept(sb);
}

/* A scene or replay now open: among the recent files, and in the trace. */
static void opened(sandbox *sb, const char *path)
{
    sandbox_remember_file(sb, path);
    sandbox_trace_line("loaded %s", path ? path : "(the default scene)");
}

static void keep_text(sandbox *sb, char *text, size_t len)
{
    free(sb->loaded_text);
    sb->loaded_text = text;
    sb->loaded_len = len;
}

bool sandbox_load(sandbox *sb, const char *path, bool fit)
{
    char msg[SANDBOX_TEXT_MAX], *text = NULL;
    size_t len = 0;
    bool replay = sandbox_is_replay(path);
    sb->load_status = CLI_OK;
    if (scene_source_is_stdin(path)) {
        /* Read once; its first statement says whether it is a replay. */
        fl_scene_error err;
        if (!source_read_text(path, &text, &len, &err)) {
            remember_file(sb, path);
            fl_scene_error_format(&err, scene_source_name(path), msg, sizeof msg);
            set_banner(sb, msg);
            sb->load_status = scene_source_status(&err);
            return false;
        }
        replay = fl_text_is_replay(text, len);
    }
    if (replay) {
        remember_file(sb, path);
        bool ok = sandbox_open_replay(sb, path, text, len);
        free(text);
        if (ok) {
            sandbox_changes_kept(sb); /* the world is the replay's */
            sandbox_view_fit(sb);
            opened(sb, path);
        }
        return ok;
    }
    fl_scene fresh;
    fl_sim *s = NULL;
    int rc = text ? scene_source_parse(path, &text, len, &fresh, msg, sizeof msg)
                  : scene_source_read(path, &text, &len, &fresh, msg, sizeof msg);
    if (rc == CLI_OK && (rc = scene_source_build(path, &fresh, &s, msg, sizeof msg)) != CLI_OK) {
        fl_scene_free(&fresh);
        free(text);
    }
    remember_file(sb, path);
    if (rc != CLI_OK) {
        set_banner(sb, msg);
        sb->load_status = rc;
        return false;
    }
    bool view_changed = fresh.has_view &&
                        (!sb->loaded.has_view || sb->loaded.view_width != fresh.view_width ||
                         sb->loaded.view_center.x != fresh.view_center.x ||
                         sb->loaded.view_center.y != fresh.view_center.y);
    sandbox_replay_changing(sb); /* the world it replaces, as its last step left it */
    install(sb, &fresh, s);
    keep_text(sb, text, len);
    opened(sb, path);
    sandbox_replay_loaded(sb);
    sb->banner[0] = '\0';
    if (fit || view_changed)
        sandbox_view_fit(sb);
    return true;
}

void sandbox_reset(sandbox *sb)
{
    if (sb->play.on) {
        sandbox_play_restart(sb);
        return;
    }
    bool kept = sandbox_history_push(sb, "reset", -1);
    if (sandbox_replay_reset(sb))
        return;
    fl_sim *s = NULL;
    char msg[SANDBOX_TEXT_MAX];
    if (scene_source_build(sb->file.path, &sb->loaded, &s, msg, sizeof msg) != CLI_OK) {
        if (kept)
            sandbox_history_drop_last(sb);
        set_banner(sb, msg);
        return;
    }
    fl_scene loaded = sb->loaded;
    sb->loaded = (fl_scene){0};
    install(sb, &loaded, s);
}

void sandbox_poll_file(sandbox *sb)
{
    if (!sb->file.path || sb->clock.now < sb->file.next_poll || sb->ask.on)
        return;
    sb->file.next_poll = sb->clock.now + POLL_INTERVAL;
    struct timespec mtime;
    long long size;
    if (!read_stamp(sb->file.path, &mtime, &size))
        return; /* gone for now (an editor saving it?): look again later */
    if (sb->file.known && mtime.tv_sec == sb->file.mtime.tv_sec &&
        mtime.tv_nsec == sb->file.mtime.tv_nsec && size == sb->file.size)
        return;
    /* Seen: a change asked about once, not twice a second. */
    sb->file.known = true;
    sb->file.mtime = mtime;
    sb->file.size = size;
    sandbox_leave_to(sb, SANDBOX_LEAVE_RELOAD, NULL);
}

void sandbox_unload(sandbox *sb)
{
    sb->mouse.grab = FL_NULL_JOINT;
    if (sb->play.on)
        sandbox_close_replay(sb); /* the world was the player's */
    else
        fl_sim_free(sb->sim);
    sb->sim = NULL;
    fl_scene_free(&sb->loaded);
}
