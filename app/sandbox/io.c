#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "frame_dir.h"
#include "out_files.h"
#include "scene_keep.h"
#include "sandbox_parts.h"
#include "sandbox_trace.h"

typedef struct scene_job {
    const fl_sim *sim;
    const fl_scene_view *view;
    const char *kept; /* the source's text edited (scene_keep.h); NULL: written whole */
    size_t kept_len;
} scene_job;

/* out_write's writer: the world as a scene file. */
static bool write_scene(FILE *f, void *ctx, char *why, size_t why_size)
{
    const scene_job *j = ctx;
    if (!j->kept)
        return fl_scene_write(f, j->sim, j->view, why, why_size);
    if (fwrite(j->kept, 1, j->kept_len, f) != j->kept_len) {
        snprintf(why, why_size, "%s", strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

void sandbox_save(sandbox *sb)
{
    char path[SANDBOX_TEXT_MAX], err[SANDBOX_TEXT_MAX];
    if (sb->opt.save_as) {
        snprintf(path, sizeof path, "%s", sb->opt.save_as);
    } else {
        char name[SANDBOX_TEXT_MAX - 16], file[SANDBOX_TEXT_MAX];
        sandbox_scene_name(sb, name, sizeof name);
        snprintf(file, sizeof file, "%s-saved.scene", name);
        sandbox_out_path(sb, file, path, sizeof path);
    }
    fl_scene_view view = {true, sb->view.center, sb->view.width};
    scene_job job = {sb->sim, &view, NULL, 0};
    /* The scene's own text, where only what changed is written anew; a
     * replay's world, or a scene with timed events or a script, whole. */
    char *kept = NULL;
    if (!sb->play.on && sb->loaded_text)
        kept = scene_keep_text(sb->loaded_text, sb->loaded_len, sb->sim, &job.kept_len);
    job.kept = kept;
    bool written = out_write(path, write_scene, &job, err, sizeof err);
    free(kept);
    if (!written) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_say(sb, "%s", err);
        return;
    }
    sandbox_wrote(path);
    sandbox_say(sb, "saved %s", path);
    sandbox_changes_kept(sb); /* kept in the file */
}

void sandbox_wrote(const char *path)
{
    printf("%s\n", path);
    fflush(stdout);
    sandbox_trace_line("saved %s", path);
}

/* The video beside a capture's folder, DIR.mp4 (as --capture-video says);
 * "" for none. */
static void video_path(const sandbox *sb, const char *dir, char *out, size_t size)
{
    const char *ext = sb->opt.capture_video;
    if (!ext || !strcmp(ext, "none"))
        out[0] = '\0';
    else
        snprintf(out, size, "%s.%s", dir, ext);
}

/* Whether a capture may go to `dir`: it is not there yet, or (given by
 * --frames) it is a folder that holds no frames; and no file has the name
 * of its video (DIR.mp4). */
static bool free_for_frames(const sandbox *sb, const char *dir, bool given)
{
    struct stat st;
    char video[SANDBOX_TEXT_MAX + 8];
    video_path(sb, dir, video, sizeof video);
    if (video[0] && (stat(video, &st) == 0 || errno != ENOENT))
        return false;
    if (stat(dir, &st) != 0)
        return errno == ENOENT;
    return given && S_ISDIR(st.st_mode) && frame_dir_count(dir) == 0;
}

/* Where a capture goes, so that it never mixes with an earlier one: --frames
 * DIR while DIR holds no frames, else the first of DIR-2, DIR-3, ... that
 * holds none; without --frames, the first frames-<n> that is not there.
 * False (with a message) when every number is taken. */
static bool choose_dir(const sandbox *sb, char *out, size_t size, char *err, size_t err_size)
{
    const char *given = sb->opt.frames_dir;
    char base[SANDBOX_TEXT_MAX - 16];
    if (given)
        snprintf(base, sizeof base, "%s", given);
    else
        sandbox_out_path(sb, "frames", base, sizeof base);
    size_t n = strlen(base);
    if (n >= sizeof base) {
        snprintf(err, err_size, "cannot capture: the frames folder's name is too long");
        return false;
    }
    while (n > 1 && base[n - 1] == '/')
        base[--n] = '\0';
    for (int k = 1; k <= 9999; k++) {
        int len = given && k == 1 ? snprintf(out, size, "%s", base)
                                  : snprintf(out, size, "%s-%d", base, k);
        if (len > 0 && (size_t)len < size && free_for_frames(sb, out, given != NULL))
            return true;
    }
    if (snprintf(err, err_size, "no free folder for the frames: %s-2 to %s-9999 are all taken",
                 base, base) < 0)
        err[0] = '\0';
    return false;
}

/* Frames of the window's size, with its overlays and camera as they are
 * when recording starts. */
static void start_recording(sandbox *sb)
{
    sandbox_rec *r = &sb->rec;
    char err[SANDBOX_TEXT_MAX];
    if (!choose_dir(sb, r->dir, sizeof r->dir, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_say(sb, "%s", err);
        return;
    }
    if (sb->opt.frames_dir && strcmp(r->dir, sb->opt.frames_dir) != 0)
        sandbox_say(sb, "capturing to %s/: %s holds an earlier capture", r->dir,
                    sb->opt.frames_dir);
    sandbox_scene_name(sb, r->label, sizeof r->label);
    int w = sb->view.px_w < 16 ? 16 : sb->view.px_w > 8192 ? 8192 : sb->view.px_w;
    int h = sb->view.px_h < 16 ? 16 : sb->view.px_h > 8192 ? 8192 : sb->view.px_h;
    /* A frame every `every` steps, about 30 a second of simulated time. */
    long k = lround(fl_sim_rate(sb->sim) / 30.0);
    r->every = k < 1 ? 1 : k;
    video_path(sb, r->dir, r->video, sizeof r->video);
    /* The recorder starts from the window's camera. */
    recorder_options o = {r->dir,
                          r->video[0] ? r->video : NULL,
                          fl_sim_rate(sb->sim) / (double)r->every,
                          false,
                          w,
                          h,
                          sb->overlays,
                          r->label,
                          true,
                          sb->view.center,
                          sb->view.width};
    r->rec = recorder_open(sb->sim, &o, err, sizeof err);
    if (!r->rec) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_say(sb, "%s", err);
        return;
    }
    r->frames = r->steps = 0;
    sandbox_record_step(sb); /* the first frame: the moment it starts */
    if (r->rec)
        printf("recording to %s/\n", r->dir);
    fflush(stdout);
}

void sandbox_stop_recording(sandbox *sb)
{
    sandbox_rec *r = &sb->rec;
    if (!r->rec)
        return;
    char err[SANDBOX_TEXT_MAX];
    bool ok = recorder_close(r->rec, err, sizeof err);
    r->rec = NULL;
    if (!ok) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_say(sb, "%s", err);
        return;
    }
    printf("%ld frame%s in %s/\n", r->frames, r->frames == 1 ? "" : "s", r->dir);
    if (r->video[0])
        sandbox_wrote(r->video);
    fflush(stdout);
    sandbox_say(sb, "%ld frames in %s/%s%s", r->frames, r->dir, r->video[0] ? " and " : "",
                r->video);
}

void sandbox_toggle_recording(sandbox *sb)
{
    if (sb->rec.rec)
        sandbox_stop_recording(sb);
    else
        start_recording(sb);
}

void sandbox_record_step(sandbox *sb)
{
    sandbox_rec *r = &sb->rec;
    if (!r->rec)
        return;
    if (r->steps++ % r->every != 0)
        return;
    char err[SANDBOX_TEXT_MAX];
    if (!recorder_frame(r->rec, sb->sim, err, sizeof err)) {
        fprintf(stderr, "flotsam: %s\n", err);
        sandbox_stop_recording(sb);
        sandbox_say(sb, "%s", err);
        return;
    }
    r->frames++;
}
