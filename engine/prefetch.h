/* A cache hint the engine's passes share; private to the library. */
#ifndef FL_PREFETCH_H
#define FL_PREFETCH_H

/* A hint to start loading the cache line at address p, to be read
 * (for_write 0) or written (1, a constant); nothing without GCC or clang.
 * A hint only: it changes no result. */
#if defined(__GNUC__) || defined(__clang__)
#define FL_PREFETCH(p, for_write) __builtin_prefetch((p), (for_write))
#else
#define FL_PREFETCH(p, for_write) ((void)(p))
#endif

#endif
