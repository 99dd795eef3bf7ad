/*
** pool.h: a fixed set of worker threads taking tasks from one queue.
**
** `check` cuts its files into pieces and hands each piece to the pool; the
** pool runs them on `jobs` threads, each thread with its own state (a
** tree-sitter parser: parsers are not shared between threads), and the
** caller waits for the pieces in file order so that findings come out in
** the order a single thread would print them. One pool serves every file
** of a run.
**
** A task is a struct the caller owns (usually embedded in a larger one):
** it must stay alive, unmoved, from ms_pool_submit until ms_pool_wait_task
** (or ms_pool_wait_all) has returned for it. Tasks start in submission
** order; they may finish in any order.
**
** With jobs <= 1 no thread is started: ms_pool_submit runs the task at
** once on the caller's thread (with the one worker state), so `--jobs 1`
** is exactly the sequential program.
**
** Thread safety: submit, wait and delete are called from one thread (the
** owner); tasks run on the workers. Everything a task writes is visible to
** the owner after the wait that returns for it (mutex hand-over).
*/
#ifndef MS_POOL_H
#define MS_POOL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ms_pool ms_pool;
typedef struct ms_pool_task ms_pool_task;

/* Runs on a worker with that worker's state (what init returned). */
typedef void (*ms_pool_fn)(void *state, ms_pool_task *task);

struct ms_pool_task {
  ms_pool_fn fn;
  /* private */
  ms_pool_task *next;
  bool done;
};

/* A pool of `jobs` workers (clamped to 1..MS_POOL_MAX_JOBS). init(ctx) makes
** a worker's state on that worker's thread (may be NULL: state NULL),
** fini(state) ends it. Never NULL: aborts when no thread at all can be
** started (fewer than asked is fine: ms_pool_jobs says how many). */
#define MS_POOL_MAX_JOBS 256
ms_pool *ms_pool_new(int jobs, void *(*init)(void *ctx), void (*fini)(void *state), void *ctx);

/* Waits for every task submitted, stops the workers (fini on each) and
** frees the pool. NULL is ignored. */
void ms_pool_delete(ms_pool *self);

/* The number of workers running (1 for an inline pool). */
int ms_pool_jobs(const ms_pool *self);

/* Queues task (task->fn set by the caller). */
void ms_pool_submit(ms_pool *self, ms_pool_task *task);

/* Blocks until task has run. */
void ms_pool_wait_task(ms_pool *self, ms_pool_task *task);

/* Blocks until every task submitted so far has run. */
void ms_pool_wait_all(ms_pool *self);

/* The number of online CPUs, at least 1, at most 64: the default --jobs. */
int ms_pool_default_jobs(void);

#endif
