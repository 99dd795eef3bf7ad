/*
** pool_stress.c: the worker pool (server/pool.c) under ThreadSanitizer
** (`make test-tsan`). Tasks write their own results and read shared
** read-only input; the owner reads results after waiting for each task, in
** order, in a sliding window like check's pipeline, and after wait_all;
** pools are created and deleted repeatedly (start-up and shutdown races).
** Exits non-zero on a wrong result; TSan's own exit code on a race.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

typedef struct job {
  ms_pool_task task;
  const int *input;            /* shared, read-only */
  size_t index;
  long result;
  char *buffer;                /* allocated by the worker, freed by the owner */
} job;

static void *init(void *ctx) {
  long *counter = malloc(sizeof *counter);
  *counter = *(const long *)ctx;
  return counter;
}

static void fini(void *state) { free(state); }

static void work(void *state, ms_pool_task *t) {
  job *j = (job *)t;
  long *counter = state;
  ++*counter;                  /* per-worker state: never shared */
  long sum = 0;
  for (size_t i = 0; i <= j->index % 97; i++) sum += j->input[(j->index + i) % 1000];
  j->result = sum;
  j->buffer = malloc(32);
  snprintf(j->buffer, 32, "%ld", sum);
}

static long expected(const int *input, size_t index) {
  long sum = 0;
  for (size_t i = 0; i <= index % 97; i++) sum += input[(index + i) % 1000];
  return sum;
}

int main(void) {
  int *input = malloc(1000 * sizeof *input);
  for (int i = 0; i < 1000; i++) input[i] = i * 7 % 13;
  long start = 0;
  int failures = 0;
  for (int round = 0; round < 20; round++) {
    int jobs = 1 + round % 5;
    ms_pool *p = ms_pool_new(jobs, init, fini, &start);
    size_t n = 2000, window = 2 * (size_t)ms_pool_jobs(p) + 2;
    job *ring = calloc(window, sizeof *ring);
    size_t submitted = 0, collected = 0;
    while (collected < n) {
      while (submitted < n && submitted - collected < window) {
        job *j = &ring[submitted % window];
        *j = (job){.task = {.fn = work}, .input = input, .index = submitted};
        ms_pool_submit(p, &j->task);
        submitted++;
      }
      job *j = &ring[collected % window];
      ms_pool_wait_task(p, &j->task);
      if (j->result != expected(input, j->index) || atol(j->buffer) != j->result) failures++;
      free(j->buffer);
      collected++;
    }
    /* Everything at once, then wait_all. */
    job *all = calloc(n, sizeof *all);
    for (size_t i = 0; i < n; i++) {
      all[i] = (job){.task = {.fn = work}, .input = input, .index = i};
      ms_pool_submit(p, &all[i].task);
    }
    ms_pool_wait_all(p);
    for (size_t i = 0; i < n; i++) {
      if (all[i].result != expected(input, i)) failures++;
      free(all[i].buffer);
    }
    free(all);
    free(ring);
    ms_pool_delete(p);
  }
  /* Deleting a pool with work still queued waits for it. */
  ms_pool *p = ms_pool_new(3, init, fini, &start);
  job *late = calloc(500, sizeof *late);
  for (size_t i = 0; i < 500; i++) {
    late[i] = (job){.task = {.fn = work}, .input = input, .index = i};
    ms_pool_submit(p, &late[i].task);
  }
  ms_pool_delete(p);
  for (size_t i = 0; i < 500; i++) {
    if (late[i].result != expected(input, i)) failures++;
    free(late[i].buffer);
  }
  free(late);
  free(input);
  printf("pool-stress: %s (%d wrong results)\n", failures ? "FAILED" : "OK", failures);
  return failures ? 1 : 0;
}
