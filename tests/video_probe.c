/* Reads a video back with libavformat and libavcodec's own decoders and
 * prints what it holds as one JSON line: {"codec":C,"frames":N,"width":W,
 * "height":H,"fps":F,"duration":D,"end":E}, D the container's duration and
 * E where the last frame ends, in seconds. With --diff K PNG it also
 * compares frame K (from 1), turned back into RGB with the matrix the
 * file is tagged with, with a PNG of the same size: "mean_diff" is the
 * mean absolute difference of their channels (0 to 255). For the
 * end-to-end tests of `flotsam run --animation clip.mp4`.
 *
 * usage: video_probe FILE.mp4|FILE.webm [--diff K PNG] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
#include "png_diff.h"

typedef struct probe {
    AVFormatContext *in;
    AVCodecContext *dec;
    AVFrame *frame;
    AVPacket *packet;
    int stream, frames, want;
    int64_t end;      /* the last frame's end, in the stream's time base */
    uint32_t *argb;   /* frame `want` as Cairo's ARGB32 */
} probe;

static int fail(const char *what, int averr)
{
    char text[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, text, sizeof text);
    fprintf(stderr, "video_probe: %s: %s\n", what, text);
    return 1;
}

/* Frame `want`, as a viewer shows it: the matrix and range it is tagged
 * with, 4:2:0 to RGB (as native-endian 0xAARRGGBB words: AV_PIX_FMT_RGB32). */
static int keep(probe *p, const AVFrame *f)
{
    struct SwsContext *sws = sws_getContext(f->width, f->height, f->format, f->width, f->height,
                                            AV_PIX_FMT_RGB32, SWS_BICUBIC, NULL, NULL, NULL);
    p->argb = malloc((size_t)f->width * (size_t)f->height * sizeof *p->argb);
    if (!sws || !p->argb)
        return 1;
    int cs = f->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT;
    const int *m = sws_getCoefficients(cs);
    sws_setColorspaceDetails(sws, m, f->color_range == AVCOL_RANGE_JPEG, m, 1, 0, 1 << 16,
                             1 << 16);
    uint8_t *dst[1] = {(uint8_t *)p->argb};
    int stride[1] = {4 * f->width};
    sws_scale(sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height, dst, stride);
    sws_freeContext(sws);
    return 0;
}

/* Takes every frame the decoder has ready. */
static int drain(probe *p)
{
    for (;;) {
        int rc = avcodec_receive_frame(p->dec, p->frame);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return 0;
        if (rc < 0)
            return fail("decoding", rc);
        p->frames++;
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
        int64_t end = p->frame->best_effort_timestamp + p->frame->duration;
#else
        int64_t end = p->frame->best_effort_timestamp + p->frame->pkt_duration;
#endif
        if (end > p->end)
            p->end = end;
        if (p->frames == p->want && keep(p, p->frame) != 0)
            return 1;
        av_frame_unref(p->frame);
    }
}

static int decode(probe *p, const char *path)
{
    int rc = avformat_open_input(&p->in, path, NULL, NULL);
    if (rc < 0 || (rc = avformat_find_stream_info(p->in, NULL)) < 0)
        return fail(path, rc);
    const AVCodec *codec = NULL;
    p->stream = av_find_best_stream(p->in, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (p->stream < 0)
        return fail("no video stream", p->stream);
    p->dec = avcodec_alloc_context3(codec);
    p->frame = av_frame_alloc();
    p->packet = av_packet_alloc();
    if (!p->dec || !p->frame || !p->packet)
        return fail("starting", AVERROR(ENOMEM));
    avcodec_parameters_to_context(p->dec, p->in->streams[p->stream]->codecpar);
    p->dec->pkt_timebase = p->in->streams[p->stream]->time_base;
    if ((rc = avcodec_open2(p->dec, codec, NULL)) < 0)
        return fail("opening the decoder", rc);
    while ((rc = av_read_frame(p->in, p->packet)) >= 0) {
        if (p->packet->stream_index == p->stream)
            rc = avcodec_send_packet(p->dec, p->packet);
        av_packet_unref(p->packet);
        if (rc < 0)
            return fail("decoding", rc);
        if (drain(p) != 0)
            return 1;
    }
    avcodec_send_packet(p->dec, NULL);
    return drain(p);
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 5) {
        fprintf(stderr, "usage: video_probe FILE [--diff K PNG]\n");
        return 2;
    }
    probe p = {.want = argc == 5 ? atoi(argv[3]) : 0};
    int rc = decode(&p, argv[1]);
    double diff = 0.0;
    if (rc == 0 && p.want > 0)
        diff = p.argb ? png_diff(p.argb, p.dec->width, p.dec->height, argv[4]) : -1.0;
    if (rc == 0 && diff >= 0.0) {
        const AVStream *st = p.in->streams[p.stream];
        printf("{\"codec\":\"%s\",\"frames\":%d,\"width\":%d,\"height\":%d,\"fps\":%.6f,"
               "\"duration\":%.6f,\"end\":%.6f", p.dec->codec->name, p.frames, p.dec->width,
               p.dec->height, av_q2d(st->avg_frame_rate),
               (double)p.in->duration / AV_TIME_BASE, (double)p.end * av_q2d(st->time_base));
        if (p.want > 0)
            printf(",\"mean_diff\":%.4f", diff);
        printf("}\n");
    }
    avformat_close_input(&p.in);
    avcodec_free_context(&p.dec);
    av_frame_free(&p.frame);
    av_packet_free(&p.packet);
    free(p.argb);
    return rc != 0 || diff < 0.0;
}
