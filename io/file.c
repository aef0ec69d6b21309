/* Files are written beside their final name and renamed into place, so that
 * a reader never sees half a file and a failed write changes nothing:
 *  - the temporary is TARGET.XXXXXX.part, created with O_EXCL, so that
 *    another's (a stale one, or a run at the same time) is never touched;
 *  - it is flushed and fsynced before the rename, and the folder after it;
 *  - a symbolic link is followed: the file it leads to is what is replaced,
 *    and the temporary sits beside that file, so the link stays a link;
 *  - what exists and is no regular file (a device, a pipe) is written in
 *    place: there is nothing to rename onto it.
 * POSIX calls, no platform beyond them. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "flotsam/flotsam.h"

enum { MOST_LINKS = 40, MOST_TRIES = 100 };

static bool fail(char *err, size_t err_size, const char *path, int why)
{
    snprintf(err, err_size, "cannot write '%s': %s", path, strerror(why ? why : EIO));
    return false;
}

/* The file path's links lead to (path itself when it is no link, or does
 * not exist); NULL with *why set. */
static char *follow_links(const char *path, int *why)
{
    char *at = strdup(path);
    char link[4096];
    for (int hops = 0; at && hops < MOST_LINKS; hops++) {
        struct stat st;
        if (lstat(at, &st) != 0 || !S_ISLNK(st.st_mode))
            return at;
        ssize_t n = readlink(at, link, sizeof link - 1);
        if (n < 0) {
            *why = errno;
            free(at);
            return NULL;
        }
        link[n] = '\0';
        const char *slash = strrchr(at, '/');
        size_t keep = link[0] == '/' || !slash ? 0 : (size_t)(slash - at) + 1;
        char *next = malloc(keep + (size_t)n + 1);
        if (next) {
            memcpy(next, at, keep);
            memcpy(next + keep, link, (size_t)n + 1);
        }
        free(at);
        at = next;
    }
    *why = at ? ELOOP : ENOMEM;
    free(at);
    return NULL;
}

/* Six hex digits, different from call to call and process to process. */
static unsigned long temp_tag(void)
{
    static unsigned long count;
    struct timespec now = {0, 0};
    clock_gettime(CLOCK_REALTIME, &now);
    unsigned long x = (unsigned long)getpid() * 2654435761ul ^ (unsigned long)now.tv_nsec;
    return (x + 40503ul * ++count) & 0xfffffful;
}

/* Creates o->tmp beside o->target, with the mode of the file it replaces. */
static int create_temp(fl_out_file *o, const struct stat *old)
{
    size_t n = strlen(o->target) + sizeof ".123456.part";
    o->tmp = malloc(n);
    if (!o->tmp)
        return -1;
    int fd = -1;
    for (int k = 0; k < MOST_TRIES && fd < 0; k++) {
        snprintf(o->tmp, n, "%s.%06lx.part", o->target, temp_tag());
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd >= 0 && old)
        (void)fchmod(fd, old->st_mode & 0777);
    return fd;
}

static void release(fl_out_file *o)
{
    free(o->path);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

bool fl_out_open(fl_out_file *o, const char *path, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    int why = ENOMEM;
    o->path = strdup(path);
    o->target = o->path ? follow_links(path, &why) : NULL;
    if (!o->target) {
        release(o);
        return fail(err, err_size, path, why);
    }
    struct stat st;
    bool exists = stat(o->target, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        release(o);
        return fail(err, err_size, path, EISDIR);
    }
    if (exists && !S_ISREG(st.st_mode)) {
        o->f = fopen(o->target, "wb");
    } else {
        int fd = create_temp(o, exists ? &st : NULL);
        o->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (fd >= 0 && !o->f) {
            why = errno;
            close(fd);
            unlink(o->tmp);
            errno = why;
        }
    }
    if (!o->f) {
        why = o->tmp || exists ? errno : ENOMEM;
        release(o);
        return fail(err, err_size, path, why);
    }
    return true;
}

/* Makes the rename itself durable; a folder that cannot be synced (some
 * file systems refuse) is no failure of the write. */
static int sync_folder(const char *target)
{
    const char *slash = strrchr(target, '/');
    char *dir = slash ? strndup(target, slash == target ? 1 : (size_t)(slash - target))
                      : strdup(".");
    int fd = dir ? open(dir, O_RDONLY) : -1;
    free(dir);
    if (fd < 0)
        return 0;
    int why = fsync(fd) != 0 && errno == EIO ? EIO : 0;
    close(fd);
    return why;
}

bool fl_out_commit(fl_out_file *o, char *err, size_t err_size)
{
    int why = 0;
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        why = errno ? errno : EIO;
    if (!why && o->tmp && fsync(fileno(o->f)) != 0 && errno != EINVAL)
        why = errno;
    if (fclose(o->f) != 0 && !why)
        why = errno;
    o->f = NULL;
    if (!why && o->tmp && rename(o->tmp, o->target) != 0)
        why = errno;
    if (!why && o->tmp)
        why = sync_folder(o->target);
    else if (why && o->tmp)
        unlink(o->tmp);
    if (why)
        fail(err, err_size, o->path, why);
    release(o);
    return why == 0;
}

void fl_out_abort(fl_out_file *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    release(o);
}

bool fl_out_check(const char *path, char *err, size_t err_size)
{
    int why = ENOMEM;
    char *target = follow_links(path, &why);
    if (!target)
        return fail(err, err_size, path, why);
    struct stat st;
    bool exists = stat(target, &st) == 0;
    free(target);
    if (exists && S_ISDIR(st.st_mode))
        return fail(err, err_size, path, EISDIR);
    if (exists && !S_ISREG(st.st_mode)) /* a pipe would wait for its reader */
        return access(path, W_OK) == 0 || fail(err, err_size, path, errno);
    fl_out_file o;
    if (!fl_out_open(&o, path, err, err_size))
        return false;
    fl_out_abort(&o);
    return true;
}

bool fl_write_file(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size)
{
    fl_out_file o;
    if (!fl_out_open(&o, path, err, err_size))
        return false;
    char why[256] = "";
    errno = 0;
    if (!write(o.f, ctx, why, sizeof why)) {
        int e = errno;
        fl_out_abort(&o);
        if (!why[0])
            return fail(err, err_size, path, e);
        snprintf(err, err_size, "cannot write '%s': %s", path, why);
        return false;
    }
    return fl_out_commit(&o, err, err_size);
}
