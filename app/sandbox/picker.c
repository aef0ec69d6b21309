/* The scene picker's list (O): the files opened this session, then the
 * scenes and replays of the open scene's folder, of ./scenes, of ../scenes
 * beside the program and of where the scenes are installed. Each file is
 * listed once, by its canonical path (realpath), and shown by the shortest
 * name that reads well and that no entry before it shows: its path under
 * the current folder, or under one of the scenes folders, else the whole
 * path. Choosing from the list is picker_ui.c's. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sandbox_parts.h"

#ifndef FLOTSAM_SCENES_DIR
#define FLOTSAM_SCENES_DIR "scenes"
#endif

#define FOLDERS 4

/* The folders listed so far, as their real paths (one folder reached by two
 * names is listed once), and the current folder's. */
typedef struct folders {
    char real[FOLDERS][PATH_MAX];
    bool scenes[FOLDERS]; /* a scenes folder: its files are named from it */
    int count;
    char cwd[PATH_MAX];   /* "": unknown */
} folders;

/* The canonical path of path into out (size PICKER_PATH); false when it
 * names nothing, or is too long to keep. */
static bool canonical(const char *path, char *out)
{
    char real[PATH_MAX];
    if (!realpath(path, real) || strlen(real) >= PICKER_PATH)
        return false;
    memcpy(out, real, strlen(real) + 1);
    return true;
}

static void add(sandbox_picker *p, const char *real)
{
    for (int i = 0; i < p->count; i++)
        if (!strcmp(p->paths[i], real))
            return;
    if (p->count == PICKER_MOST)
        p->full = true;
    else
        memcpy(p->paths[p->count++], real, strlen(real) + 1);
}

static int by_path(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static bool listable(const char *name)
{
    size_t n = strlen(name);
    return (n > 6 && !strcmp(name + n - 6, ".scene")) || sandbox_is_replay(name);
}

/* Every .scene and .replay in dir, sorted, after those listed so far. */
static void add_folder(sandbox_picker *p, folders *seen, const char *dir, bool scenes)
{
    char real[PATH_MAX];
    if (!realpath(dir, real))
        return;
    for (int i = 0; i < seen->count; i++)
        if (!strcmp(seen->real[i], real)) {
            seen->scenes[i] = seen->scenes[i] || scenes;
            return;
        }
    if (seen->count == FOLDERS)
        return;
    memcpy(seen->real[seen->count], real, sizeof real);
    seen->scenes[seen->count++] = scenes;
    DIR *d = opendir(real);
    if (!d)
        return;
    int from = p->count;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[PATH_MAX + 256], file[PICKER_PATH];
        if (!listable(e->d_name))
            continue;
        snprintf(path, sizeof path, "%s/%s", real, e->d_name);
        if (canonical(path, file))
            add(p, file);
    }
    closedir(d);
    qsort(p->paths[from], (size_t)(p->count - from), sizeof p->paths[0], by_path);
}

/* What of path follows folder and a '/', or NULL when it is not in it. */
static const char *under(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    return n > 0 && !strncmp(path, folder, n) && path[n] == '/' && path[n + 1] ? path + n + 1
                                                                              : NULL;
}

static bool taken(const sandbox_picker *p, int before, const char *name)
{
    for (int i = 0; i < before; i++)
        if (!strcmp(p->names[i], name))
            return true;
    return false;
}

/* Entry i's name: the shortest of its names that no entry before it has;
 * its whole path (no two alike) when each is. */
static void name_entry(sandbox_picker *p, const folders *seen, int i)
{
    const char *path = p->paths[i], *best = path;
    const char *names[FOLDERS + 1];
    int n = 0;
    names[n++] = under(path, seen->cwd);
    for (int k = 0; k < seen->count; k++)
        names[n++] = seen->scenes[k] ? under(path, seen->real[k]) : NULL;
    for (int k = 0; k < n; k++)
        if (names[k] && strlen(names[k]) < strlen(best) && !taken(p, i, names[k]))
            best = names[k];
    memmove(p->names[i], best, strlen(best) + 1);
}

void sandbox_remember_file(sandbox *sb, const char *path)
{
    sandbox_picker *p = &sb->picker;
    char real[PICKER_PATH];
    /* stdin cannot be opened again */
    if (!path || scene_source_is_stdin(path) || !canonical(path, real))
        return;
    for (int i = 0; i < p->recent_count; i++)
        if (!strcmp(p->recent[i], real))
            return;
    if (p->recent_count == PICKER_RECENT) {
        memmove(p->recent[0], p->recent[1], sizeof p->recent[0] * (PICKER_RECENT - 1));
        p->recent_count--;
    }
    memcpy(p->recent[p->recent_count++], real, sizeof real);
}

/* The list, named; the open file's entry found. */
static void make_list(sandbox *sb)
{
    sandbox_picker *p = &sb->picker;
    p->count = 0;
    p->full = false;
    for (int i = p->recent_count - 1; i >= 0; i--)
        add(p, p->recent[i]);
    folders seen = {.count = 0};
    if (!getcwd(seen.cwd, sizeof seen.cwd))
        seen.cwd[0] = '\0';
    char open[PICKER_PATH] = "";
    if (sb->file.path && !scene_source_is_stdin(sb->file.path) && canonical(sb->file.path, open)) {
        char dir[PICKER_PATH];
        memcpy(dir, open, sizeof dir);
        *strrchr(dir, '/') = '\0';
        add_folder(p, &seen, dir[0] ? dir : "/", false);
    }
    add_folder(p, &seen, "scenes", true);
    /* Beside the program: the source tree's scenes for a program run from
     * its build folder. */
    char *base = SDL_GetBasePath();
    if (base) {
        char beside[PATH_MAX];
        snprintf(beside, sizeof beside, "%s../scenes", base);
        SDL_free(base);
        add_folder(p, &seen, beside, true);
    }
    add_folder(p, &seen, FLOTSAM_SCENES_DIR, true); /* where they are installed */
    p->open = -1;
    for (int i = 0; i < p->count; i++) {
        name_entry(p, &seen, i);
        if (!strcmp(p->paths[i], open))
            p->open = i;
    }
}

void sandbox_open_picker(sandbox *sb)
{
    sandbox_picker *p = &sb->picker;
    make_list(sb);
    if (p->count == 0) {
        sandbox_say(sb, "no scenes found (looked in ./scenes, beside the program and in %s)",
                    FLOTSAM_SCENES_DIR);
        return;
    }
    if (p->full)
        sandbox_say(sb, "only the first %d files are listed", PICKER_MOST);
    sandbox_picker_show(sb);
}
