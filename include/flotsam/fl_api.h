/* FL_API marks what libflotsam exports: the library is compiled with hidden
 * visibility, so a shared build offers exactly the functions declared in
 * these headers and nothing of its insides. */
#ifndef FL_API_H
#define FL_API_H

#if defined(__GNUC__) || defined(__clang__)
#define FL_API __attribute__((visibility("default")))
#else
#define FL_API
#endif

#endif
