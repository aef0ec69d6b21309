#include <stdarg.h>
#include <stdio.h>
#include "fail.h"

fl_status fail_with(fl_error *err, fl_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}
