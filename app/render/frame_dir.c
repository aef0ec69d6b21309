#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "frame_dir.h"

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
