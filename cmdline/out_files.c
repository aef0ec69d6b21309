/* The list of temporaries being written, and the signal handler that
 * removes them (out_files.h). The handler may run on any thread while
 * others open, commit or drop files, so each entry is a small state machine
 * changed only by atomic compare-and-swap:
 *   FREE -> TAKEN (a thread claims the entry) -> LIVE (its name is set)
 *   LIVE -> FREE  (renamed into place, or removed, by its writer)
 *   LIVE -> DYING (the handler claimed it: it unlinks the name, and the
 *                  writer leaves the entry alone, the program is ending).
 * A thread masks the signals while it creates and lists a temporary, so the
 * handler never interrupts that on the same thread; on another thread it
 * waits (a bounded time) for openings under way to be listed, and an
 * opening that starts after the handler has begun makes nothing: its
 * thread waits for the signal to end the program. The handler
 * calls only unlink, nanosleep, sigaction and raise, which are
 * async-signal-safe. POSIX and C11 atomics. */
#define _POSIX_C_SOURCE 200809L
#include "out_files.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cmdline.h"

enum { ENTRIES = 256 }; /* outputs open at once: a run has a handful */
enum { FREE, TAKEN, LIVE, DYING };

typedef struct entry {
    atomic_int state;
    _Atomic(char *) name;                /* the temporary, our own copy */
    _Atomic(const fl_out_file *) owner; /* compared, never followed */
} entry;

static entry entries[ENTRIES];
static atomic_int opening; /* threads between creating a temporary and listing it */
static atomic_int ending;  /* set by the handler: no temporary is made after it */

static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
enum { ENDING = sizeof ending_signals / sizeof ending_signals[0] };

/* ---- the handler ---- */

/* Unlinks every listed temporary; true when none is still being listed. */
static bool remove_listed(void)
{
    bool settled = atomic_load(&opening) == 0;
    for (int k = 0; k < ENTRIES; k++) {
        int s = LIVE;
        if (atomic_compare_exchange_strong(&entries[k].state, &s, DYING))
            unlink(atomic_load(&entries[k].name));
        else if (s == TAKEN)
            settled = false;
    }
    return settled;
}

static void on_ending_signal(int sig)
{
    int saved = errno;
    /* From here on no thread makes a temporary (out_open waits to die),
     * so the sweep below is the last: one made after it would stay. */
    atomic_store(&ending, 1);
    /* Another thread's opening is a few system calls: wait for it up to a
     * second, then go without it. */
    for (int round = 0; !remove_listed() && round < 200; round++) {
        struct timespec pause = {0, 5000000};
        nanosleep(&pause, NULL);
    }
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    errno = saved;
    raise(sig); /* delivered when this handler returns: the program ends of sig */
}

void out_files_on_signals(void)
{
    for (int k = 0; k < ENDING; k++) {
        struct sigaction now;
        if (sigaction(ending_signals[k], NULL, &now) != 0 || now.sa_handler != SIG_DFL ||
            (now.sa_flags & SA_SIGINFO))
            continue;
        struct sigaction take;
        memset(&take, 0, sizeof take);
        take.sa_handler = on_ending_signal;
        sigfillset(&take.sa_mask);
        sigaction(ending_signals[k], &take, NULL);
    }
}

/* ---- the list ---- */

static void mask_ending(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (int k = 0; k < ENDING; k++)
        sigaddset(&set, ending_signals[k]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static void unmask(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

/* Lists o's temporary. When no entry can be had the file is written
 * unlisted: an interrupt would leave its .part, nothing worse. */
static void list(const fl_out_file *o)
{
    char *copy = strdup(o->tmp);
    if (!copy)
        return;
    for (int k = 0; k < ENTRIES; k++) {
        int s = FREE;
        if (atomic_compare_exchange_strong(&entries[k].state, &s, TAKEN)) {
            atomic_store(&entries[k].name, copy);
            atomic_store(&entries[k].owner, o);
            atomic_store(&entries[k].state, LIVE);
            return;
        }
    }
    free(copy);
}

/* o's entry; only o's writer calls this, so it stays o's until unlisted. */
static entry *entry_of(const fl_out_file *o)
{
    for (int k = 0; o->tmp && k < ENTRIES; k++)
        if (atomic_load(&entries[k].state) == LIVE && atomic_load(&entries[k].owner) == o)
            return &entries[k];
    return NULL;
}

/* Takes e off the list, unless the handler has it (then the program is
 * ending and its name must stay readable). */
static void unlist(entry *e)
{
    int s = LIVE;
    if (!e || !atomic_compare_exchange_strong(&e->state, &s, TAKEN))
        return;
    char *name = atomic_exchange(&e->name, NULL);
    atomic_store(&e->owner, NULL);
    atomic_store(&e->state, FREE);
    free(name);
}

/* Is the temporary's file held by a program writing it? Writers hold a
 * lock on it for as long as it is open. */
static void hold(FILE *f)
{
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    (void)fcntl(fileno(f), F_SETLK, &lk);
}

bool out_open(fl_out_file *o, const char *path, char *err, size_t err_size)
{
    /* A pipe or a device is written in place, no temporary: opening a pipe
     * waits for its reader, which an interrupt must be able to end. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return fl_out_open(o, path, err, err_size);
    sigset_t old;
    mask_ending(&old);
    atomic_fetch_add(&opening, 1);
    if (atomic_load(&ending)) {
        /* The program is ending of a signal on another thread, which has
         * swept or is sweeping the list: make nothing, and wait for the
         * end (the ending signals stay masked here). */
        atomic_fetch_sub(&opening, 1);
        for (;;)
            pause();
    }
    bool ok = fl_out_open(o, path, err, err_size);
    if (ok && o->tmp) {
        hold(o->f);
        list(o);
    }
    atomic_fetch_sub(&opening, 1);
    unmask(&old);
    return ok;
}

bool out_commit(fl_out_file *o, char *err, size_t err_size)
{
    /* Listed through the rename: a signal before it removes the temporary,
     * one after it finds the name gone. */
    entry *e = entry_of(o);
    bool ok = fl_out_commit(o, err, err_size);
    unlist(e);
    return ok;
}

void out_abort(fl_out_file *o)
{
    entry *e = entry_of(o);
    fl_out_abort(o);
    unlist(e);
}

bool out_write(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size)
{
    fl_out_file o;
    if (!out_open(&o, path, err, err_size))
        return false;
    char why[256] = "";
    errno = 0;
    if (!write(o.f, ctx, why, sizeof why)) {
        int e = errno;
        out_abort(&o);
        snprintf(err, err_size, "cannot write '%s': %s", path, why[0] ? why : strerror(e ? e : EIO));
        return false;
    }
    return out_commit(&o, err, err_size);
}

/* ---- what earlier runs left ---- */

enum { TEMP_TAIL = sizeof ".123456.part" - 1 }; /* what a temporary adds to its name */

/* Does name end in ".XXXXXX.part" (six lowercase hex digits) right after
 * `stem` characters? */
static bool is_temp_name(const char *name, size_t stem)
{
    const char *tail = name + stem;
    if (strlen(tail) != TEMP_TAIL || tail[0] != '.' || strcmp(tail + 7, ".part"))
        return false;
    return strspn(tail + 1, "0123456789abcdef") == 6;
}

/* Is the file at path a temporary no program is writing: no lock on it,
 * and older than the moment between a writer creating it and locking it?
 * (This program's own are not locked against it, but it checks an output
 * before it opens it.) */
static bool abandoned(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || time(NULL) - st.st_mtime < 3)
        return false;
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    if (fd < 0)
        return false;
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    bool free_of_locks = fcntl(fd, F_GETLK, &lk) == 0 && lk.l_type == F_UNLCK;
    close(fd);
    return free_of_locks;
}

/* Removes the abandoned temporaries in dir named prefix + anything (or,
 * when exact, prefix itself) + ".XXXXXX.part". */
static int remove_temps(const char *dir, const char *prefix, bool exact)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t plen = strlen(prefix);
    int removed = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *name = de->d_name;
        size_t len = strlen(name);
        if (strncmp(name, prefix, plen) != 0 || len < plen + TEMP_TAIL ||
            !is_temp_name(name, exact ? plen : len - TEMP_TAIL))
            continue;
        size_t n = strlen(dir) + len + 2;
        char *path = malloc(n);
        if (!path)
            break;
        snprintf(path, n, "%s/%s", dir, name);
        if (abandoned(path) && unlink(path) == 0) {
            fprintf(stderr, "%s: removed '%s', left by a run that did not finish\n",
                    cli_program(), strcmp(dir, ".") ? path : name);
            removed++;
        }
        free(path);
    }
    closedir(d);
    return removed;
}

int out_remove_stale(const char *dir, const char *prefix)
{
    return remove_temps(dir, prefix, false);
}

bool out_check(const char *path, char *err, size_t err_size)
{
    sigset_t old;
    mask_ending(&old); /* fl_out_check makes and removes a temporary */
    bool ok = fl_out_check(path, err, err_size);
    unmask(&old);
    if (!ok)
        return false;
    const char *slash = strrchr(path, '/');
    if (!slash) {
        remove_temps(".", path, true);
    } else {
        char *dir = slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
        if (dir)
            remove_temps(dir, slash + 1, true);
        free(dir);
    }
    return true;
}
