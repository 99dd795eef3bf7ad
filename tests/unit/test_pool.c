/*
** test_pool.c: unit tests of pool.h: every task runs once, on a worker
** with its own state; waits return in submission order; an inline pool
** (jobs 1) runs tasks at submission. The same scenarios run under
** ThreadSanitizer in tests/tsan/pool_stress.c (`make test-tsan`).
*/
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "pool.h"

typedef struct job {
  ms_pool_task task;
  int input, output;
  void *state;
} job;

static atomic_int inits, finis;

static void *init(void *ctx) {
  atomic_fetch_add(&inits, 1);
  int *state = malloc(sizeof *state);
  *state = *(int *)ctx;
  return state;
}

static void fini(void *state) {
  atomic_fetch_add(&finis, 1);
  free(state);
}

static void square(void *state, ms_pool_task *t) {
  job *j = (job *)t;
  j->output = j->input * j->input + *(int *)state;
  j->state = state;
}

static void run_jobs(int jobs, int n) {
  atomic_store(&inits, 0);
  atomic_store(&finis, 0);
  int base = 7;
  ms_pool *p = ms_pool_new(jobs, init, fini, &base);
  cr_assert_eq(ms_pool_jobs(p), jobs < 1 ? 1 : jobs);
  job *v = calloc((size_t)n, sizeof *v);
  for (int i = 0; i < n; i++) {
    v[i].task.fn = square;
    v[i].input = i;
    ms_pool_submit(p, &v[i].task);
  }
  for (int i = 0; i < n; i++) {
    ms_pool_wait_task(p, &v[i].task);
    cr_assert_eq(v[i].output, i * i + 7, "task %d", i);
  }
  ms_pool_wait_all(p);
  ms_pool_delete(p);
  cr_assert_eq(atomic_load(&inits), jobs < 1 ? 1 : jobs);
  cr_assert_eq(atomic_load(&finis), atomic_load(&inits));
  free(v);
}

Test(pool, every_task_once_in_order) { run_jobs(4, 5000); }
Test(pool, two_workers) { run_jobs(2, 100); }

Test(pool, inline_when_one_job) {
  atomic_store(&inits, 0);
  int base = 1;
  ms_pool *p = ms_pool_new(1, init, fini, &base);
  job j = {.task = {.fn = square}, .input = 3};
  ms_pool_submit(p, &j.task);
  /* Ran at once, on this thread: no wait needed. */
  cr_assert_eq(j.output, 10);
  ms_pool_delete(p);
  cr_assert_eq(atomic_load(&finis), 1);
}

static void mark(void *state, ms_pool_task *t) {
  job *j = (job *)t;
  j->output = j->input + 1;
  j->state = state;
}

Test(pool, empty_pool_and_reuse_of_tasks) {
  ms_pool *p = ms_pool_new(3, NULL, NULL, NULL);
  ms_pool_wait_all(p); /* nothing submitted */
  int dummy = 0;
  job j = {.task = {.fn = mark}};
  for (int round = 0; round < 50; round++) {
    j.input = round;
    j.state = &dummy;
    ms_pool_submit(p, &j.task);
    ms_pool_wait_task(p, &j.task);
    cr_assert_eq(j.output, round + 1);
    cr_assert_null(j.state, "a pool without init gives workers a NULL state");
  }
  ms_pool_delete(p);
  ms_pool_delete(NULL);
}

Test(pool, default_jobs) {
  int n = ms_pool_default_jobs();
  cr_assert(n >= 1 && n <= 64);
}
