/* Files are written beside their final name and renamed into place, so that
 * a reader never sees half a file and a failed write changes nothing. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flotsam/flotsam.h"

bool fl_write_file(const char *path, fl_file_writer write, void *ctx, char *err, size_t err_size)
{
    size_t n = strlen(path) + 6;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        return false;
    }
    snprintf(tmp, n, "%s.part", path);
    char why[256] = "";
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL;
    if (!f)
        snprintf(why, sizeof why, "%s", strerror(errno));
    else
        ok = write(f, ctx, why, sizeof why);
    if (ok && (fflush(f) != 0 || ferror(f))) {
        snprintf(why, sizeof why, "%s", strerror(errno ? errno : EIO));
        ok = false;
    }
    if (f && fclose(f) != 0 && ok) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        ok = false;
    }
    if (ok && rename(tmp, path) != 0) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        ok = false;
    }
    if (!ok) {
        if (f)
            remove(tmp);
        snprintf(err, err_size, "cannot write '%s': %s", path, why);
    }
    free(tmp);
    return ok;
}
