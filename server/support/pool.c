/*
** pool.c: worker threads and one FIFO queue (pool.h).
**
** One mutex guards the queue, the `done` flags and the count of pending
** tasks; workers sleep on `work`, the owner on `finished`. A task's
** results are written by its worker before it takes the mutex to mark the
** task done, and read by the owner after it saw `done` under the same
** mutex: that is the only hand-over, and it is what ThreadSanitizer checks
** (`make test-tsan`).
*/
#include "pool.h"
#include "alloc.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct worker {
  ms_pool *pool;
  pthread_t thread;
} worker;

struct ms_pool {
  pthread_mutex_t lock;
  pthread_cond_t work;         /* a task was queued, or stop */
  pthread_cond_t finished;     /* a task is done */
  ms_pool_task *head, *tail;   /* queued, not yet started */
  size_t pending;              /* queued or running */
  bool stop;
  int jobs;                    /* workers started; 0 = inline */
  worker *workers;
  void *(*init)(void *ctx);
  void (*fini)(void *state);
  void *ctx;
  void *inline_state;          /* the state of an inline pool */
};

int ms_pool_default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static void *worker_main(void *arg) {
  worker *w = arg;
  ms_pool *p = w->pool;
  void *state = p->init ? p->init(p->ctx) : NULL;
  pthread_mutex_lock(&p->lock);
  for (;;) {
    while (!p->head && !p->stop) pthread_cond_wait(&p->work, &p->lock);
    if (!p->head) break; /* stop, and nothing left */
    ms_pool_task *t = p->head;
    p->head = t->next;
    if (!p->head) p->tail = NULL;
    pthread_mutex_unlock(&p->lock);
    t->fn(state, t);
    pthread_mutex_lock(&p->lock);
    t->done = true;
    p->pending--;
    pthread_cond_broadcast(&p->finished);
  }
  pthread_mutex_unlock(&p->lock);
  if (p->fini) p->fini(state);
  return NULL;
}

ms_pool *ms_pool_new(int jobs, void *(*init)(void *ctx), void (*fini)(void *state), void *ctx) {
  ms_pool *p = ms_xcalloc(1, sizeof *p);
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->work, NULL);
  pthread_cond_init(&p->finished, NULL);
  p->init = init;
  p->fini = fini;
  p->ctx = ctx;
  if (jobs > MS_POOL_MAX_JOBS) jobs = MS_POOL_MAX_JOBS;
  if (jobs > 1) {
    p->workers = ms_xcalloc((size_t)jobs, sizeof *p->workers);
    for (int i = 0; i < jobs; i++) {
      p->workers[p->jobs].pool = p;
      if (pthread_create(&p->workers[p->jobs].thread, NULL, worker_main, &p->workers[p->jobs]) == 0) p->jobs++;
    }
  }
  if (p->jobs == 0) p->inline_state = init ? init(ctx) : NULL;
  return p;
}

int ms_pool_jobs(const ms_pool *self) { return self->jobs ? self->jobs : 1; }

void ms_pool_submit(ms_pool *self, ms_pool_task *task) {
  task->next = NULL;
  task->done = false;
  if (!self->jobs) {
    task->fn(self->inline_state, task);
    task->done = true;
    return;
  }
  pthread_mutex_lock(&self->lock);
  if (self->tail) self->tail->next = task;
  else self->head = task;
  self->tail = task;
  self->pending++;
  pthread_cond_signal(&self->work);
  pthread_mutex_unlock(&self->lock);
}

void ms_pool_wait_task(ms_pool *self, ms_pool_task *task) {
  if (!self->jobs) return;
  pthread_mutex_lock(&self->lock);
  while (!task->done) pthread_cond_wait(&self->finished, &self->lock);
  pthread_mutex_unlock(&self->lock);
}

void ms_pool_wait_all(ms_pool *self) {
  if (!self->jobs) return;
  pthread_mutex_lock(&self->lock);
  while (self->pending) pthread_cond_wait(&self->finished, &self->lock);
  pthread_mutex_unlock(&self->lock);
}

void ms_pool_delete(ms_pool *self) {
  if (!self) return;
  if (self->jobs) {
    pthread_mutex_lock(&self->lock);
    self->stop = true;
    pthread_cond_broadcast(&self->work);
    pthread_mutex_unlock(&self->lock);
    for (int i = 0; i < self->jobs; i++) pthread_join(self->workers[i].thread, NULL);
  } else if (self->fini) {
    self->fini(self->inline_state);
  }
  free(self->workers);
  pthread_cond_destroy(&self->work);
  pthread_cond_destroy(&self->finished);
  pthread_mutex_destroy(&self->lock);
  free(self);
}
