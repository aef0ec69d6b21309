#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "video_lib.h"

/* Once loaded, they stay until the program ends: some of what they pull in
 * cannot be unloaded cleanly (libgomp's constructor keeps a block that only
 * its globals point to; unloaded, it is a leak to every checker). */
#ifdef RTLD_NODELETE
#define HOW (RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)
#else
#define HOW (RTLD_NOW | RTLD_LOCAL)
#endif

#define NAME(lib, major) "lib" lib ".so." AV_STRINGIFY(major)

static const char *const file[VIDEO_LIBS] = {
    NAME("avutil", LIBAVUTIL_VERSION_MAJOR), NAME("swscale", LIBSWSCALE_VERSION_MAJOR),
    NAME("avcodec", LIBAVCODEC_VERSION_MAJOR), NAME("avformat", LIBAVFORMAT_VERSION_MAJOR)};

void video_lib_close(video_lib *lib)
{
    for (int i = VIDEO_LIBS - 1; i >= 0; i--)
        if (lib->handle[i])
            dlclose(lib->handle[i]);
    memset(lib, 0, sizeof *lib);
}

bool video_lib_open(video_lib *lib, char *why, size_t why_size)
{
    memset(lib, 0, sizeof *lib);
    for (int i = 0; i < VIDEO_LIBS; i++)
        if (!(lib->handle[i] = dlopen(file[i], HOW))) {
            snprintf(why, why_size, "cannot load %s, which videos need: %s", file[i], dlerror());
            video_lib_close(lib);
            return false;
        }
    /* POSIX's way to a function from dlsym's void *. */
#define VIDEO_FIND(lib_, name)                                                                    \
    if (!(*(void **)&lib->name = dlsym(lib->handle[VIDEO_LIB_##lib_], #name))) {                 \
        snprintf(why, why_size, "%s has no %s", file[VIDEO_LIB_##lib_], #name);                   \
        video_lib_close(lib);                                                                     \
        return false;                                                                             \
    }
    VIDEO_FUNCTIONS(VIDEO_FIND)
#undef VIDEO_FIND
    return true;
}
