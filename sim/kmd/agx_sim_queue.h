/*
 * Scheduling queues (sim-internal): one worker thread per queue.
 *
 * Assumes: the queue owns a VM reference for its whole life; jobs are
 * pushed only after SUBMIT validated them completely.
 */
#ifndef AGX_SIM_QUEUE_H
#define AGX_SIM_QUEUE_H

#include "agx_sim_priv.h"

struct agx_sim_job;

struct agx_sim_queue {
   struct agx_sim *sim;
   struct agx_sim_vm *vm; /* owned reference */
   uint32_t priority;
   uint64_t usc_exec_base;

   pthread_t thread;
   pthread_mutex_t lock;
   pthread_cond_t cond;
   struct agx_sim_job *head, *tail;
   bool stopping;
};

void agx_sim_queue_push(struct agx_sim_queue *q, struct agx_sim_job *job);

#endif
