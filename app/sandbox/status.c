/* What the sandbox says about itself: the passing message in the HUD, the
 * open scene's short name, and where what it writes goes. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define STATUS_SECONDS 5.0

void sandbox_say(sandbox *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sb->status, sizeof sb->status, fmt, ap);
    va_end(ap);
    sb->status_until = sb->clock.now + STATUS_SECONDS;
    sandbox_trace_line("say %s", sb->status);
    sb->redraw = true;
}

void sandbox_scene_name(const sandbox *sb, char *out, size_t size)
{
    const char *path = sb->file.path;
    if (!path || scene_source_is_stdin(path)) {
        snprintf(out, size, path ? "stdin" : "harbour");
        return;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 6 && !strcmp(base + n - 6, ".scene"))
        n -= 6;
    snprintf(out, size, "%.*s", (int)n, base);
}

void sandbox_out_path(const sandbox *sb, const char *name, char *out, size_t size)
{
    const char *dir = sb->opt.out_dir;
    size_t n = dir ? strlen(dir) : 0;
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n == 0)
        snprintf(out, size, "%s", name);
    else
        snprintf(out, size, "%.*s/%s", (int)n, dir, name);
}

void sandbox_free_name(const sandbox *sb, const char *name, const char *const *exts, char *out,
                       size_t size)
{
    char file[SANDBOX_TEXT_MAX], path[SANDBOX_TEXT_MAX + 16];
    for (int n = 1;; n++) {
        snprintf(file, sizeof file, "%s-%d", name, n);
        sandbox_out_path(sb, file, out, size);
        bool free_name = true;
        struct stat st;
        for (const char *const *ext = exts; free_name && *ext; ext++) {
            snprintf(path, sizeof path, "%s%s", out, *ext);
            free_name = stat(path, &st) != 0 && errno == ENOENT;
        }
        if (free_name || n == FREE_NAME_MOST)
            return;
    }
}
