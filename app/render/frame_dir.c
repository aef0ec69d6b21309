#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "frame_dir.h"
#include "out_files.h"

/* Creates and removes dir/.flotsam-probe-PID; returns 0 or an errno value. */
static int probe(const char *dir)
{
    size_t n = strlen(dir) + 48;
    char *path = malloc(n);
    if (!path)
        return ENOMEM;
    snprintf(path, n, "%s/.flotsam-probe-%ld", dir, (long)getpid());
    int e = 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) {
        e = errno;
    } else {
        close(fd);
        if (unlink(path) != 0)
            e = errno;
    }
    free(path);
    return e;
}

bool frame_dir_prepare(const char *dir, char *err, size_t err_size)
{
    bool created = false;
    struct stat st;
    if (mkdir(dir, 0777) == 0) {
        created = true;
    } else if (errno != EEXIST) {
        snprintf(err, err_size, "cannot create frame folder '%s': %s", dir, strerror(errno));
        return false;
    } else if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, err_size, "cannot write frames to '%s': not a folder", dir);
        return false;
    }
    int e = probe(dir);
    if (e) {
        snprintf(err, err_size, "cannot write frames to '%s': %s", dir, strerror(e));
        if (created)
            rmdir(dir);
        return false;
    }
    if (!created)
        out_remove_stale(dir, "frame-");
    return true;
}

size_t frame_path_size(const char *dir)
{
    return strlen(dir) + sizeof "/frame-.png" + 20;
}

void frame_path(char *out, size_t size, const char *dir, long number)
{
    snprintf(out, size, "%s/frame-%06ld.png", dir, number);
}

/* Is `name` a frame's: frame-, six or more digits, .png? */
static bool is_frame_name(const char *name)
{
    if (strncmp(name, "frame-", 6) != 0)
        return false;
    size_t digits = strspn(name + 6, "0123456789");
    return digits >= 6 && !strcmp(name + 6 + digits, ".png");
}

/* Calls fn on each frame of dir; returns how many there were (or -1 when
 * fn fails, with errno set). */
static long each_frame(const char *dir, int (*fn)(const char *path))
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    long n = 0;
    size_t size = strlen(dir) + 300;
    char *path = malloc(size);
    for (struct dirent *e; path && (e = readdir(d)) != NULL;) {
        if (!is_frame_name(e->d_name))
            continue;
        snprintf(path, size, "%s/%s", dir, e->d_name);
        if (fn && fn(path) != 0) {
            n = -1;
            break;
        }
        n++;
    }
    free(path);
    closedir(d);
    return n;
}

long frame_dir_count(const char *dir) { return each_frame(dir, NULL); }

bool frame_dir_clear(const char *dir, char *err, size_t err_size)
{
    if (each_frame(dir, remove) >= 0)
        return true;
    snprintf(err, err_size, "cannot remove the old frames in '%s': %s", dir, strerror(errno));
    return false;
}
