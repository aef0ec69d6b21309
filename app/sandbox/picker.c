/* The scene picker (O): the scenes and replays in the open scene's folder,
 * in ./scenes, in ../scenes beside the program and where the scenes are
 * installed, and the files opened this session, in a list chosen with the
 * arrows and Enter or a click. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sandbox_parts.h"

#ifndef FLOTSAM_SCENES_DIR
#define FLOTSAM_SCENES_DIR "scenes"
#endif

static bool listed(const sandbox_picker *p, const char *path)
{
    for (int i = 0; i < p->count; i++)
        if (!strcmp(p->paths[i], path))
            return true;
    return false;
}

static void add(sandbox_picker *p, const char *path)
{
    if (p->count < PICKER_MOST && !listed(p, path))
        snprintf(p->paths[p->count++], sizeof p->paths[0], "%s", path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The folders listed so far, as their real paths: one folder reached by
 * two names (./scenes, and ../scenes beside the program run from the
 * source tree) is listed once. */
typedef struct folders {
    char real[4][PATH_MAX];
    int count;
} folders;

/* Every .scene and .replay in dir, sorted, after those listed so far. */
static void add_folder(sandbox_picker *p, folders *seen, const char *dir)
{
    char real[PATH_MAX];
    if (!realpath(dir, real))
        return;
    for (int i = 0; i < seen->count; i++)
        if (!strcmp(seen->real[i], real))
            return;
    if (seen->count < 4)
        memcpy(seen->real[seen->count++], real, sizeof real);
    DIR *d = opendir(dir);
    if (!d)
        return;
    int from = p->count;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        bool scene = n > 6 && !strcmp(e->d_name + n - 6, ".scene");
        if (!scene && !sandbox_is_replay(e->d_name))
            continue;
        char path[sizeof p->paths[0]];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            add(p, path);
    }
    closedir(d);
    qsort(p->paths[from], (size_t)(p->count - from), sizeof p->paths[0], by_name);
}

void sandbox_remember_file(sandbox *sb, const char *path)
{
    sandbox_picker *p = &sb->picker;
    if (!path || scene_source_is_stdin(path)) /* stdin cannot be opened again */
        return;
    for (int i = 0; i < p->recent_count; i++)
        if (!strcmp(p->recent[i], path))
            return;
    if (p->recent_count == PICKER_RECENT) {
        memmove(p->recent[0], p->recent[1], sizeof p->recent[0] * (PICKER_RECENT - 1));
        p->recent_count--;
    }
    snprintf(p->recent[p->recent_count++], sizeof p->recent[0], "%s", path);
}

void sandbox_open_picker(sandbox *sb)
{
    sandbox_picker *p = &sb->picker;
    p->count = 0;
    p->cursor = 0;
    for (int i = p->recent_count - 1; i >= 0; i--)
        add(p, p->recent[i]);
    folders seen = {.count = 0};
    if (sb->file.path) {
        char dir[sizeof p->paths[0]];
        snprintf(dir, sizeof dir, "%s", sb->file.path);
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = '\0';
            add_folder(p, &seen, dir);
        } else {
            add_folder(p, &seen, ".");
        }
    }
    add_folder(p, &seen, "scenes");
    /* Beside the program: the source tree's scenes for a program run from
     * its build folder. */
    char *base = SDL_GetBasePath();
    if (base) {
        char beside[sizeof p->paths[0]];
        snprintf(beside, sizeof beside, "%s../scenes", base);
        SDL_free(base);
        add_folder(p, &seen, beside);
    }
    add_folder(p, &seen, FLOTSAM_SCENES_DIR); /* where they are installed */
    if (p->count == 0) {
        sandbox_say(sb, "no scenes found (looked in ./scenes, beside the program and in %s)",
                    FLOTSAM_SCENES_DIR);
        return;
    }
    p->on = true;
}

static void choose(sandbox *sb, int i)
{
    sandbox_picker *p = &sb->picker;
    p->on = false;
    char path[sizeof p->paths[0]];
    snprintf(path, sizeof path, "%s", p->paths[i]);
    if (sandbox_load(sb, path, true))
        sandbox_say(sb, "opened %s", path);
}

bool sandbox_picker_key(sandbox *sb, SDL_Keycode k)
{
    sandbox_picker *p = &sb->picker;
    if (!p->on)
        return false;
    switch (k) {
    case SDLK_UP: p->cursor = p->cursor > 0 ? p->cursor - 1 : p->count - 1; break;
    case SDLK_DOWN: p->cursor = (p->cursor + 1) % p->count; break;
    case SDLK_RETURN: case SDLK_KP_ENTER: choose(sb, p->cursor); break;
    case SDLK_ESCAPE: case SDLK_o: p->on = false; break;
    default: break;
    }
    return true; /* the list has the keyboard while it is open */
}

/* The list's rows: where row i is drawn. */
typedef struct picker_box {
    double x, y, w, row, top, u;
} picker_box;

static picker_box picker_layout(const sandbox *sb)
{
    camera cam = sandbox_camera(sb);
    double u = render_text_unit(&cam), row = TEXT_LINE_UNITS * u;
    double w = fmin(sb->view.px_w - 40 * u, 420 * u);
    double h = (sb->picker.count + 2) * row + 12 * u;
    return (picker_box){(sb->view.px_w - w) / 2, fmax(8 * u, (sb->view.px_h - h) / 2), w, row,
                        0.0, u};
}

bool sandbox_picker_click(sandbox *sb, fl_vec2 at)
{
    sandbox_picker *p = &sb->picker;
    if (!p->on)
        return false;
    picker_box b = picker_layout(sb);
    double first = b.y + 6 * b.u + 1.5 * b.row;
    int i = (int)floor((at.y - first) / b.row);
    if (at.x >= b.x && at.x <= b.x + b.w && i >= 0 && i < p->count)
        choose(sb, i);
    else
        p->on = false; /* a click outside closes it */
    return true;
}

void sandbox_draw_picker(draw_batch *batch, const sandbox *sb)
{
    const sandbox_picker *p = &sb->picker;
    if (!p->on)
        return;
    picker_box b = picker_layout(sb);
    double h = (p->count + 1.5) * b.row + 12 * b.u;
    fl_vec2 box[4] = {fl_v2(b.x, b.y), fl_v2(b.x + b.w, b.y), fl_v2(b.x + b.w, b.y + h),
                      fl_v2(b.x, b.y + h)};
    draw_polygon(batch, box, 4, rgba_hex(0x10202c, 225));
    rgba white = rgba_hex(0xffffff, 255);
    text_draw(batch, "open (arrows and Enter, or a click; Esc closes)",
              fl_v2(b.x + 8 * b.u, b.y + 6 * b.u), b.u, rgba_hex(0xb0c4d4, 255));
    double first = b.y + 6 * b.u + 1.5 * b.row;
    for (int i = 0; i < p->count; i++) {
        double y = first + i * b.row;
        if (i == p->cursor) {
            fl_vec2 hl[4] = {fl_v2(b.x + 4 * b.u, y), fl_v2(b.x + b.w - 4 * b.u, y),
                             fl_v2(b.x + b.w - 4 * b.u, y + b.row),
                             fl_v2(b.x + 4 * b.u, y + b.row)};
            draw_polygon(batch, hl, 4, rgba_hex(0xffd23c, 90));
        }
        bool current = sb->file.path && !strcmp(sb->file.path, p->paths[i]);
        char line[sizeof p->paths[0] + 8];
        snprintf(line, sizeof line, "%s%s", p->paths[i], current ? "  (open)" : "");
        text_draw(batch, line, fl_v2(b.x + 8 * b.u, y + 0.15 * b.row), b.u, white);
    }
}
