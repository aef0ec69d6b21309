/* Status codes, error messages and the allocator hook shared by the engine. */
#ifndef FL_TYPES_H
#define FL_TYPES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fl_status {
    FL_OK = 0,
    FL_EINVAL = -1,   /* an argument is out of range or malformed */
    FL_ENOMEM = -2,   /* the allocator returned NULL */
    FL_ENOTFOUND = -3, /* nothing matched (a callback to remove, ...) */
    FL_ESTALE = -4     /* a body's or joint's id names nothing now (fl_body.h) */
} fl_status;

/* Where a library call explains a failure. Pass NULL to ignore the text. */
typedef struct fl_error {
    char message[200];
} fl_error;

/* Every allocation the engine and the buoyancy module make goes through this
 * hook (NULL members mean the C library's malloc, realloc and free). */
typedef struct fl_allocator {
    void *(*alloc)(size_t size, void *user);
    void *(*realloc)(void *ptr, size_t size, void *user);
    void (*free)(void *ptr, void *user);
    void *user;
} fl_allocator;

#ifdef __cplusplus
}
#endif

#endif
