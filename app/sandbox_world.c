#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sandbox_parts.h"

#define POLL_INTERVAL 0.5 /* seconds between looks at the file's time stamp */

/* memcpy, but an empty array may be NULL. */
static void copy_items(void *to, const void *from, size_t size, int count)
{
    if (count > 0)
        memcpy(to, from, size * (size_t)count);
}

/* A copy of `from` with arrays of its own; false when out of memory. */
static bool scene_copy(scene *to, const scene *from)
{
    *to = *from;
    to->fluids = malloc(sizeof *to->fluids * (size_t)(from->fluid_count + 1));
    to->bodies = malloc(sizeof *to->bodies * (size_t)(from->body_count + 1));
    to->ropes = malloc(sizeof *to->ropes * (size_t)(from->rope_count + 1));
    if (!to->fluids || !to->bodies || !to->ropes) {
        scene_free(to);
        return false;
    }
    copy_items(to->fluids, from->fluids, sizeof *to->fluids, from->fluid_count);
    copy_items(to->bodies, from->bodies, sizeof *to->bodies, from->body_count);
    copy_items(to->ropes, from->ropes, sizeof *to->ropes, from->rope_count);
    return true;
}

static void set_banner(sandbox *sb, const char *path, const scene_error *err)
{
    const char *name = path ? path : DEFAULT_SCENE_NAME;
    if (err->line > 0)
        snprintf(sb->banner, sizeof sb->banner, "%s:%d:%d: %s", name, err->line, err->column,
                 err->message);
    else
        snprintf(sb->banner, sizeof sb->banner, "%s: %s", name, err->message);
    fprintf(stderr, "%s\n", sb->banner);
}

static bool read_stamp(const char *path, struct timespec *mtime, long long *size)
{
    struct stat st;
    if (!path || stat(path, &st) != 0)
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

/* Builds sim from a fresh copy of sc into live; false with *err on failure. */
static bool build(const scene *sc, scene *live, sim *s, scene_error *err)
{
    if (!scene_copy(live, sc)) {
        *err = (scene_error){0, 0, "out of memory"};
        return false;
    }
    if (sim_build(s, live, err))
        return true;
    scene_free(live);
    return false;
}

/* Swaps a new scene, its copy and its world in for the old ones. */
static void install(sandbox *sb, scene *loaded, scene *live, sim *s)
{
    sandbox_stop_recording(sb);
    sandbox_unload(sb);
    sb->loaded = *loaded;
    sb->live = *live;
    sb->sim = *s;
    sb->sim.desc = &sb->live;
    sb->clock.accumulator = 0.0;
}

bool sandbox_load(sandbox *sb, const char *path, bool fit)
{
    scene fresh, live;
    scene_error err;
    sim s;
    bool ok = path ? scene_load_file(path, &fresh, &err)
                   : scene_parse(default_scene_text, default_scene_text_len, &fresh, &err);
    if (ok && !build(&fresh, &live, &s, &err)) {
        scene_free(&fresh);
        ok = false;
    }
    remember_file(sb, path);
    if (!ok) {
        set_banner(sb, path, &err);
        return false;
    }
    bool view_changed = fresh.has_view &&
                        (!sb->loaded.has_view || sb->loaded.view_width != fresh.view_width ||
                         sb->loaded.view_center.x != fresh.view_center.x ||
                         sb->loaded.view_center.y != fresh.view_center.y);
    install(sb, &fresh, &live, &s);
    sb->banner[0] = '\0';
    if (fit || view_changed)
        sandbox_view_fit(sb);
    return true;
}

void sandbox_reset(sandbox *sb)
{
    scene live;
    scene_error err;
    sim s;
    if (!build(&sb->loaded, &live, &s, &err)) {
        set_banner(sb, sb->file.path, &err);
        return;
    }
    scene loaded = sb->loaded;
    sb->loaded = (scene){0};
    install(sb, &loaded, &live, &s);
}

void sandbox_poll_file(sandbox *sb)
{
    if (!sb->file.path || sb->clock.now < sb->file.next_poll)
        return;
    sb->file.next_poll = sb->clock.now + POLL_INTERVAL;
    struct timespec mtime;
    long long size;
    if (!read_stamp(sb->file.path, &mtime, &size))
        return; /* gone for now (an editor saving it?): look again later */
    if (sb->file.known && mtime.tv_sec == sb->file.mtime.tv_sec &&
        mtime.tv_nsec == sb->file.mtime.tv_nsec && size == sb->file.size)
        return;
    if (sandbox_load(sb, sb->file.path, false))
        sandbox_say(sb, "reloaded %s", sb->file.path);
}

void sandbox_unload(sandbox *sb)
{
    sb->mouse.grab = NULL;
    if (sb->sim.world)
        sim_free(&sb->sim);
    scene_free(&sb->live);
    scene_free(&sb->loaded);
}

void sandbox_scene_name(const sandbox *sb, char *out, size_t size)
{
    const char *path = sb->file.path;
    if (!path) {
        snprintf(out, size, "harbour");
        return;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 6 && !strcmp(base + n - 6, ".scene"))
        n -= 6;
    snprintf(out, size, "%.*s", (int)n, base);
}
