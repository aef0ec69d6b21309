/* A task list shared by the stepping thread and its helpers: each takes the
 * next task until none is left; the stepping thread returns once every task
 * is done. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include "workers.h"

struct workers {
    pthread_mutex_t lock;
    pthread_cond_t start, finished;
    pthread_t *threads;
    int extra;
    bool quit;
    uint64_t batch;           /* counts the task lists handed out */
    fl_task_fn fn;
    void *ctx;
    int count, next, done;
};

/* Runs tasks of the current list until none is left to take (lock held on
 * entry and on return). */
static void take_tasks(workers *w)
{
    while (w->next < w->count) {
        int i = w->next++;
        pthread_mutex_unlock(&w->lock);
        w->fn(w->ctx, i);
        pthread_mutex_lock(&w->lock);
        if (++w->done == w->count)
            pthread_cond_broadcast(&w->finished);
    }
}

static void *helper(void *arg)
{
    workers *w = arg;
    uint64_t seen = 0;
    pthread_mutex_lock(&w->lock);
    while (!w->quit) {
        if (w->batch != seen) {
            seen = w->batch;
            take_tasks(w);
            continue;
        }
        pthread_cond_wait(&w->start, &w->lock);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

workers *workers_start(int extra)
{
    workers *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->threads = calloc((size_t)(extra > 0 ? extra : 1), sizeof *w->threads);
    if (!w->threads || pthread_mutex_init(&w->lock, NULL) != 0) {
        free(w->threads);
        free(w);
        return NULL;
    }
    pthread_cond_init(&w->start, NULL);
    pthread_cond_init(&w->finished, NULL);
    for (int i = 0; i < extra; i++) {
        if (pthread_create(&w->threads[i], NULL, helper, w) != 0)
            break;
        w->extra++;
    }
    return w;
}

void workers_stop(workers *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->quit = true;
    pthread_cond_broadcast(&w->start);
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < w->extra; i++)
        pthread_join(w->threads[i], NULL);
    pthread_cond_destroy(&w->finished);
    pthread_cond_destroy(&w->start);
    pthread_mutex_destroy(&w->lock);
    free(w->threads);
    free(w);
}

void workers_run(void *runner_ctx, fl_task_fn fn, void *ctx, int count)
{
    workers *w = runner_ctx;
    if (count <= 0)
        return;
    pthread_mutex_lock(&w->lock);
    w->fn = fn;
    w->ctx = ctx;
    w->count = count;
    w->next = w->done = 0;
    w->batch++;
    pthread_cond_broadcast(&w->start);
    take_tasks(w);
    while (w->done < w->count)
        pthread_cond_wait(&w->finished, &w->lock);
    pthread_mutex_unlock(&w->lock);
}
