/* FFmpeg's libraries, loaded when a video is first written. Linked into
 * the program they would be loaded by every command: with what they pull
 * in (x265, AOM, libbluray, ...: 160 shared objects on Debian 12), 170 MB
 * more address space and 70 ms more at each start, for the few runs that
 * write a video. The headers are those the build found; the libraries are
 * the ones of the same major version (libavcodec.so.59 for libavcodec 59). */
#ifndef FL_VIDEO_LIB_H
#define FL_VIDEO_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/* The functions anim_video.c calls, and the library (VIDEO_LIB_*) of each. */
enum { VIDEO_LIB_UTIL, VIDEO_LIB_SWSCALE, VIDEO_LIB_CODEC, VIDEO_LIB_FORMAT, VIDEO_LIBS };
#define VIDEO_FUNCTIONS(X)                                                                        \
    X(UTIL, av_d2q) X(UTIL, av_dict_free) X(UTIL, av_dict_set) X(UTIL, av_frame_alloc)            \
    X(UTIL, av_frame_free) X(UTIL, av_frame_get_buffer) X(UTIL, av_frame_make_writable)          \
    X(UTIL, av_free) X(UTIL, av_freep) X(UTIL, av_log_set_level) X(UTIL, av_malloc) X(UTIL, av_mallocz)               \
    X(UTIL, av_strerror)                                                                          \
    X(SWSCALE, sws_getContext) X(SWSCALE, sws_getCoefficients)                                    \
    X(SWSCALE, sws_setColorspaceDetails) X(SWSCALE, sws_scale) X(SWSCALE, sws_freeContext)        \
    X(CODEC, avcodec_find_encoder_by_name) X(CODEC, avcodec_alloc_context3)                       \
    X(CODEC, avcodec_open2) X(CODEC, avcodec_free_context)                                        \
    X(CODEC, avcodec_parameters_from_context) X(CODEC, avcodec_send_frame)                        \
    X(CODEC, avcodec_receive_packet) X(CODEC, av_packet_alloc) X(CODEC, av_packet_free)           \
    X(CODEC, av_packet_rescale_ts)                                                                \
    X(FORMAT, avformat_alloc_output_context2) X(FORMAT, avformat_new_stream)                      \
    X(FORMAT, avformat_write_header) X(FORMAT, av_interleaved_write_frame)                        \
    X(FORMAT, av_write_trailer) X(FORMAT, avformat_free_context) X(FORMAT, avio_alloc_context)    \
    X(FORMAT, avio_context_free) X(FORMAT, avio_flush)

/* A pointer of each function's own type, under its own name. */
#define VIDEO_POINTER(lib, name) __typeof__(name) *name;
typedef struct video_lib {
    void *handle[VIDEO_LIBS];
    VIDEO_FUNCTIONS(VIDEO_POINTER)
} video_lib;
#undef VIDEO_POINTER

/* Loads the four libraries and finds every function; false with why
 * (which library could not be had) and lib closed. */
bool video_lib_open(video_lib *lib, char *why, size_t why_size);
/* Lets go of the handles (a lib never opened, zeroed, too); the libraries
 * stay loaded (video_lib.c says why). */
void video_lib_close(video_lib *lib);

#endif
