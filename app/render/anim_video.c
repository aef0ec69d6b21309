#define _POSIX_C_SOURCE 200809L
/* Videos through FFmpeg's libraries: .mp4 as H.264 (libx264) and .webm as
 * VP9 (libvpx-vp9), both 4:2:0 at a constant quality, muxed by libavformat
 * into the FILE anim.c opened. Each frame is converted (libswscale) and
 * handed to the encoder as it comes; the encoder keeps the few frames it
 * looks ahead at, the muxer only its index.
 *
 * 4:2:0 halves the colour planes, so both sides must be even: an odd width
 * or height loses its last column or row (cropped, not padded: a row of
 * pixels is nothing at these sizes, and padding would copy every frame
 * into a larger buffer and add an edge the picture never had). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "anim.h"
#include "video_lib.h"

#define IO_BUFFER 65536

/* What differs between the two kinds of file. */
typedef struct video_kind {
    const char *muxer;   /* libavformat's name */
    const char *encoder; /* libavcodec's name */
    const char *what;    /* for messages */
    /* The encoder's options, name=value pairs ending in NULL. */
    const char *options[9];
} video_kind;

/* H.264 at CRF 23 (x264's default quality), tuned for animation (flat
 * colour, hard edges, few textures), at a preset fast enough that a run
 * takes about as long as one writing a GIF. */
static const video_kind mp4_kind = {
    "mp4", "libx264", "H.264",
    {"crf", "23", "preset", "veryfast", "tune", "animation", NULL}};
/* VP9 in constant quality (crf with no bit rate cap) at 32, the WebM
 * project's suggestion for 720p; the realtime deadline at speed 8, so that
 * the encoder keeps up with the drawing. The good deadline at speed 5
 * makes a third less but takes three times as long (5 s of waves.scene
 * at 960x540: 101 KB in 3.5 s against 156 KB in 1.3 s). */
static const video_kind webm_kind = {
    "webm", "libvpx-vp9", "VP9",
    {"crf", "32", "b", "0", "deadline", "realtime", "cpu-used", "8", NULL}};

typedef struct video_state {
    video_lib av;     /* every libav* call goes through it */
    FILE *f;
    AVIOContext *io;
    AVFormatContext *mux;
    AVCodecContext *enc;
    AVStream *stream;
    struct SwsContext *sws;
    AVFrame *frame;   /* YUV 4:2:0, the encoder's size */
    AVPacket *packet;
    int rgb_stride;   /* bytes in a row of the frames drawn: 3 * their width */
    /* The rows converted, copied from the frame drawn: swscale's vector
     * code reads up to 16 bytes past the last pixel it converts, past the
     * end of the frame queue's slot. */
    uint8_t *rgb;
} video_state;

/* AVIO's callbacks on the FILE. libavformat 61 made the write's buffer
 * const. */
#if LIBAVFORMAT_VERSION_MAJOR >= 61
typedef const uint8_t io_byte;
#else
typedef uint8_t io_byte;
#endif

static int io_write(void *opaque, io_byte *buf, int size)
{
    errno = 0;
    if (fwrite(buf, 1, (size_t)size, opaque) == (size_t)size)
        return size;
    return AVERROR(errno ? errno : EIO);
}

/* The MP4 muxer comes back to the start at the end to fill in sizes, and
 * asks for the size (AVSEEK_SIZE) to know it can. */
static int64_t io_seek(void *opaque, int64_t offset, int whence)
{
    FILE *f = opaque;
    if (whence & AVSEEK_SIZE) {
        off_t here = ftello(f), end = -1;
        if (here >= 0 && fseeko(f, 0, SEEK_END) == 0)
            end = ftello(f);
        if (here < 0 || fseeko(f, here, SEEK_SET) != 0)
            return AVERROR(errno);
        return end;
    }
    if (fseeko(f, (off_t)offset, whence & ~AVSEEK_FORCE) != 0)
        return AVERROR(errno);
    return ftello(f);
}

static void say(const video_state *s, char *why, size_t why_size, const char *what, int averr)
{
    char text[AV_ERROR_MAX_STRING_SIZE];
    s->av.av_strerror(averr, text, sizeof text);
    snprintf(why, why_size, "%s: %s", what, text);
}

static void video_abort(void *state)
{
    video_state *s = state;
    if (!s)
        return;
    if (s->io)
        s->av.av_freep(&s->io->buffer); /* the buffer may have been replaced: the context's */
    s->av.avio_context_free(&s->io);
    s->av.avformat_free_context(s->mux); /* custom IO: leaves io to us */
    s->av.avcodec_free_context(&s->enc);
    s->av.sws_freeContext(s->sws);
    s->av.av_frame_free(&s->frame);
    s->av.av_packet_free(&s->packet);
    s->av.av_free(s->rgb);
    video_lib_close(&s->av);
    free(s);
}

/* The encoder, open: even size, a time base of one frame (fps as a
 * rational: 30 -> 1/30, 12.5 -> 2/25), so that frame k is at k. */
static int open_encoder(video_state *s, const video_kind *kind, const AVCodec *codec, int w,
                        int h, double fps)
{
    AVCodecContext *c = s->enc;
    AVRational rate = s->av.av_d2q(fps, 100000);
    c->width = w & ~1;
    c->height = h & ~1;
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->framerate = rate;
    c->time_base = av_inv_q(rate);
    /* Tagged as converted below: BT.709's matrix in studio range, of sRGB
     * pixels, so that players turn it back into the same colours. */
    c->colorspace = AVCOL_SPC_BT709;
    c->color_primaries = AVCOL_PRI_BT709;
    c->color_trc = AVCOL_TRC_IEC61966_2_1;
    c->color_range = AVCOL_RANGE_MPEG;
    if (s->mux->oformat->flags & AVFMT_GLOBALHEADER)
        c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *opts = NULL;
    for (int i = 0; kind->options[i]; i += 2)
        s->av.av_dict_set(&opts, kind->options[i], kind->options[i + 1], 0);
    int rc = s->av.avcodec_open2(c, codec, &opts);
    s->av.av_dict_free(&opts);
    return rc;
}

/* The RGB -> YUV conversion and the frame it fills. */
static bool open_converter(video_state *s)
{
    int w = s->enc->width, h = s->enc->height;
    s->sws = s->av.sws_getContext(w, h, AV_PIX_FMT_RGB24, w, h, AV_PIX_FMT_YUV420P, SWS_BICUBIC, NULL,
                            NULL, NULL);
    s->frame = s->av.av_frame_alloc();
    s->packet = s->av.av_packet_alloc();
    s->rgb = s->av.av_mallocz((size_t)s->rgb_stride * (size_t)h + AV_INPUT_BUFFER_PADDING_SIZE);
    if (!s->sws || !s->frame || !s->packet || !s->rgb)
        return false;
    const int *bt709 = s->av.sws_getCoefficients(SWS_CS_ITU709);
    s->av.sws_setColorspaceDetails(s->sws, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
    s->frame->format = AV_PIX_FMT_YUV420P;
    s->frame->width = w;
    s->frame->height = h;
    return s->av.av_frame_get_buffer(s->frame, 0) == 0;
}

/* The muxer writing into f: seekable when f is (a file; MP4 then writes
 * its index at the end and goes back to size the data), else (a pipe)
 * fragmented MP4, which needs no going back. movflags=+faststart is no
 * help here: it reopens the output by name for a second pass, and custom
 * IO has none. */
static int open_muxer(video_state *s, const video_kind *kind, AVDictionary **opts)
{
    bool seekable = ftello(s->f) >= 0;
    uint8_t *buffer = s->av.av_malloc(IO_BUFFER);
    if (!buffer)
        return AVERROR(ENOMEM);
    s->io = s->av.avio_alloc_context(buffer, IO_BUFFER, 1, s->f, NULL, io_write,
                               seekable ? io_seek : NULL);
    if (!s->io) {
        s->av.av_free(buffer);
        return AVERROR(ENOMEM);
    }
    s->io->seekable = seekable ? AVIO_SEEKABLE_NORMAL : 0;
    s->mux->pb = s->io;
    s->mux->flags |= AVFMT_FLAG_CUSTOM_IO;
    if (!seekable && kind == &mp4_kind)
        s->av.av_dict_set(opts, "movflags", "frag_keyframe+empty_moov", 0);
    return 0;
}

static void *video_open(const video_kind *kind, FILE *f, int w, int h, double fps, char *why,
                        size_t why_size)
{
    video_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (!video_lib_open(&s->av, why, why_size)) {
        free(s);
        return NULL;
    }
    s->f = f;
    s->rgb_stride = 3 * w;
    /* The encoders report every file they write at the info level, on
     * stderr; only their errors belong there. */
    s->av.av_log_set_level(AV_LOG_ERROR);
    const AVCodec *codec = s->av.avcodec_find_encoder_by_name(kind->encoder);
    if (!codec) {
        snprintf(why, why_size, "this libavcodec has no %s encoder (%s for .%s)", kind->encoder,
                 kind->what, kind->muxer);
        video_abort(s);
        return NULL;
    }
    AVDictionary *mux_opts = NULL;
    int rc = s->av.avformat_alloc_output_context2(&s->mux, NULL, kind->muxer, NULL);
    if (rc < 0 || !(s->enc = s->av.avcodec_alloc_context3(codec)) ||
        !(s->stream = s->av.avformat_new_stream(s->mux, NULL))) {
        say(s, why, why_size, "cannot start the muxer", rc < 0 ? rc : AVERROR(ENOMEM));
    } else if ((rc = open_encoder(s, kind, codec, w, h, fps)) < 0) {
        say(s, why, why_size, kind->encoder, rc);
    } else if (!open_converter(s)) {
        snprintf(why, why_size, "out of memory");
        rc = -1;
    } else if ((rc = s->av.avcodec_parameters_from_context(s->stream->codecpar, s->enc)) < 0 ||
               (rc = open_muxer(s, kind, &mux_opts)) < 0) {
        say(s, why, why_size, "cannot start the muxer", rc);
    } else {
        s->stream->time_base = s->enc->time_base; /* a hint: the muxer picks its own */
        s->stream->avg_frame_rate = s->enc->framerate;
        if ((rc = s->av.avformat_write_header(s->mux, &mux_opts)) < 0)
            say(s, why, why_size, "cannot write the header", rc);
    }
    s->av.av_dict_free(&mux_opts);
    if (rc < 0) {
        video_abort(s);
        return NULL;
    }
    return s;
}

/* Hands frame (NULL: the end) to the encoder and writes every packet it
 * has ready. Each frame lasts one tick of the time base, the last one too
 * (the muxers take the file's duration from it). */
static bool encode(video_state *s, const AVFrame *frame, char *why, size_t why_size)
{
    int rc = s->av.avcodec_send_frame(s->enc, frame);
    while (rc >= 0) {
        rc = s->av.avcodec_receive_packet(s->enc, s->packet);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return true;
        if (rc < 0)
            break;
        if (s->packet->duration == 0)
            s->packet->duration = 1;
        s->av.av_packet_rescale_ts(s->packet, s->enc->time_base, s->stream->time_base);
        s->packet->stream_index = s->stream->index;
        rc = s->av.av_interleaved_write_frame(s->mux, s->packet); /* takes the packet */
        if (rc < 0) {
            say(s, why, why_size, "cannot write", rc);
            return false;
        }
    }
    say(s, why, why_size, s->enc->codec->name, rc);
    return false;
}

static bool video_add(void *state, const uint8_t *rgb, long k, char *why, size_t why_size)
{
    video_state *s = state;
    int rc = s->av.av_frame_make_writable(s->frame);
    if (rc < 0) {
        say(s, why, why_size, "cannot convert the frame", rc);
        return false;
    }
    /* Rows of the full width, of which the conversion reads the even part. */
    memcpy(s->rgb, rgb, (size_t)s->rgb_stride * (size_t)s->enc->height);
    const uint8_t *src[1] = {s->rgb};
    const int stride[1] = {s->rgb_stride};
    s->av.sws_scale(s->sws, src, stride, 0, s->enc->height, s->frame->data, s->frame->linesize);
    s->frame->pts = k;
    return encode(s, s->frame, why, why_size);
}

static bool video_finish(void *state, char *why, size_t why_size)
{
    video_state *s = state;
    bool ok = encode(s, NULL, why, why_size);
    int rc = ok ? s->av.av_write_trailer(s->mux) : 0;
    if (ok && rc < 0) {
        say(s, why, why_size, "cannot finish the file", rc);
        ok = false;
    }
    if (ok) {
        s->av.avio_flush(s->io);
        if (s->io->error < 0) {
            say(s, why, why_size, "cannot write", s->io->error);
            ok = false;
        }
    }
    video_abort(s);
    return ok;
}

static void *mp4_open(FILE *f, int w, int h, double fps, char *why, size_t why_size)
{
    return video_open(&mp4_kind, f, w, h, fps, why, why_size);
}

static void *webm_open(FILE *f, int w, int h, double fps, char *why, size_t why_size)
{
    return video_open(&webm_kind, f, w, h, fps, why, why_size);
}

const anim_codec anim_mp4_codec = {mp4_open, video_add, video_finish, video_abort};
const anim_codec anim_webm_codec = {webm_open, video_add, video_finish, video_abort};
