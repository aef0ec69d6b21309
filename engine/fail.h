/* Reporting failure and checking invariants inside the library; private. */
#ifndef FL_FAIL_H
#define FL_FAIL_H

#include <assert.h>
#include "flotsam/fl_types.h"

/* Fills err (when not NULL) with a printf-style message and returns status. */
fl_status fail_with(fl_error *err, fl_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* An internal invariant of the engine: checked in debug builds, compiled
 * out of release builds (NDEBUG, which meson's b_ndebug=if-release sets).
 * It only reads, so it never changes a result. */
#define FL_ASSERT(cond) assert(cond)

#endif
