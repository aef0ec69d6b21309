#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "frame_queue.h"

struct frame_queue {
    pthread_t worker;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    frame_sink sink;
    void *ctx;
    size_t frame_bytes;
    int slots;
    uint8_t *buffers;       /* slots * frame_bytes */
    long pushed, written;   /* frames handed in, and written (or dropped) */
    bool stopping, failed;
    char error[512];
};

static void *work(void *arg)
{
    frame_queue *q = arg;
    pthread_mutex_lock(&q->lock);
    for (;;) {
        while (q->written == q->pushed && !q->stopping)
            pthread_cond_wait(&q->changed, &q->lock);
        if (q->written == q->pushed)
            break; /* stopping, and nothing left */
        long n = q->written;
        const uint8_t *rgb = q->buffers + (size_t)(n % q->slots) * q->frame_bytes;
        bool skip = q->failed;
        pthread_mutex_unlock(&q->lock);
        char err[512] = "";
        bool ok = skip || q->sink(q->ctx, rgb, n + 1, err, sizeof err);
        pthread_mutex_lock(&q->lock);
        if (!ok && !q->failed) {
            q->failed = true;
            snprintf(q->error, sizeof q->error, "%s", err);
        }
        q->written++;
        pthread_cond_broadcast(&q->changed);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

frame_queue *frame_queue_start(int w, int h, int slots, frame_sink sink, void *ctx, char *err,
                               size_t err_size)
{
    frame_queue *q = calloc(1, sizeof *q);
    if (q) {
        q->frame_bytes = (size_t)w * (size_t)h * 3;
        q->slots = slots < 1 ? 1 : slots;
        q->buffers = malloc(q->frame_bytes * (size_t)q->slots);
    }
    if (!q || !q->buffers) {
        snprintf(err, err_size, "out of memory");
        free(q);
        return NULL;
    }
    q->sink = sink;
    q->ctx = ctx;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->changed, NULL);
    if (pthread_create(&q->worker, NULL, work, q) != 0) {
        snprintf(err, err_size, "cannot start the frame writer");
        pthread_cond_destroy(&q->changed);
        pthread_mutex_destroy(&q->lock);
        free(q->buffers);
        free(q);
        return NULL;
    }
    return q;
}

bool frame_queue_push(frame_queue *q, const uint8_t *rgb, char *err, size_t err_size)
{
    pthread_mutex_lock(&q->lock);
    while (q->pushed - q->written == q->slots && !q->failed)
        pthread_cond_wait(&q->changed, &q->lock);
    bool ok = !q->failed;
    if (ok) {
        /* The slot is free: the worker is past it and will not read it
         * until `pushed` moves on. */
        memcpy(q->buffers + (size_t)(q->pushed % q->slots) * q->frame_bytes, rgb, q->frame_bytes);
        q->pushed++;
        pthread_cond_broadcast(&q->changed);
    } else {
        snprintf(err, err_size, "%s", q->error);
    }
    pthread_mutex_unlock(&q->lock);
    return ok;
}

bool frame_queue_finish(frame_queue *q, char *err, size_t err_size)
{
    pthread_mutex_lock(&q->lock);
    q->stopping = true;
    pthread_cond_broadcast(&q->changed);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->worker, NULL);
    bool ok = !q->failed;
    if (!ok)
        snprintf(err, err_size, "%s", q->error);
    pthread_cond_destroy(&q->changed);
    pthread_mutex_destroy(&q->lock);
    free(q->buffers);
    free(q);
    return ok;
}
