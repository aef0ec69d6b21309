/* Replays the inputs the fuzzers kept (every file in fuzz/regressions/TARGET/) through
 * the same entry points, without libFuzzer, so that the ordinary test suite
 * runs them: `fuzz_regress DIR` runs DIR/scene/ through fuzz_scene,
 * DIR/replay/ through fuzz_replay and DIR/sim/ through fuzz_sim, every
 * file there (but README files and dotfiles). A target that finds something
 * aborts, and the test fails with its message. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets.h"

typedef int (*target_fn)(const uint8_t *data, size_t size);

static int run_file(const char *path, target_fn fn)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *more = realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
            cap *= 2;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 1;
    }
    /* An exact copy, as libFuzzer passes it, so that AddressSanitizer sees
     * a read one past the end. */
    unsigned char *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    printf("%s (%zu bytes)\n", path, len);
    fflush(stdout);
    fn(exact, len);
    free(exact);
    return 0;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *root, const char *sub, target_fn fn, int *count)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, sub);
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (ent->d_name[0] == '.' || strncmp(ent->d_name, "README", 6) == 0)
            continue;
        char **more = realloc(names, (n + 1) * sizeof *names);
        if (!more)
            break;
        names = more;
        names[n] = strdup(ent->d_name);
        if (names[n])
            n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, cmp); /* the same order everywhere */
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        failed |= run_file(path, fn);
        free(names[i]);
        (*count)++;
    }
    free(names);
    return failed;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s REGRESSIONS-DIR\n", argv[0]);
        return 2;
    }
    int count = 0;
    int failed = run_dir(argv[1], "scene", fuzz_scene, &count);
    failed |= run_dir(argv[1], "replay", fuzz_replay, &count);
    failed |= run_dir(argv[1], "sim", fuzz_sim, &count);
    printf("%d inputs replayed\n", count);
    return failed;
}
