/* A program without pictures writes no booklet (booklet.h). */
#include <stdio.h>
#include "booklet.h"
#include "frames.h"

bool booklet_write(const char *path, const fl_sim *s, fl_body_id b, const gz_curve *const *curves,
                   int count, double density, char *err, size_t err_size)
{
    (void)s, (void)b, (void)curves, (void)count, (void)density;
    snprintf(err, err_size, "cannot write '%s': %s", path, frames_missing());
    return false;
}
