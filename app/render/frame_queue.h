/* Frames handed from the thread that draws them to one that writes them:
 * a few RGB buffers in a ring, written in order by a worker thread, so that
 * encoding PNGs and animations never holds up drawing (the sandbox's window
 * keeps its rate while it records). Memory stays bounded: when every
 * buffer is waiting, the drawing thread waits for one. */
#ifndef FL_FRAME_QUEUE_H
#define FL_FRAME_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes frame `number` (from 1): w * h * 3 bytes of RGB. Runs on the
 * worker thread; returns false with a message to stop the queue. */
typedef bool (*frame_sink)(void *ctx, const uint8_t *rgb, long number, char *err,
                           size_t err_size);

typedef struct frame_queue frame_queue;

/* Starts the worker with `slots` buffers of w x h. NULL with a message on
 * failure. */
frame_queue *frame_queue_start(int w, int h, int slots, frame_sink sink, void *ctx, char *err,
                               size_t err_size);
/* Copies a frame in (waiting while every buffer is taken). False, with the
 * worker's message, once a frame could not be written. */
bool frame_queue_push(frame_queue *q, const uint8_t *rgb, char *err, size_t err_size);
/* Waits for every frame to be written, stops the worker and frees q. False
 * with a message if any frame failed. */
bool frame_queue_finish(frame_queue *q, char *err, size_t err_size);

#endif
