/*
 * Scheduling queues of the simulated kernel: QUEUE_CREATE, QUEUE_DESTROY,
 * and the per-queue worker thread that stands in for the firmware.
 *
 * Assumes: one worker per queue runs jobs in FIFO order (the kernel's
 * drm_sched entity per queue does the same). The worker waits each job's
 * in-fences on sim->sync_cond without spinning. QUEUE_DESTROY lets every
 * pending job finish (and signal) before it returns; the real kernel
 * returns at once and lets the jobs complete in the background, which is
 * indistinguishable to userspace apart from timing.
 */
#include "agx_sim_queue.h"

#include <stdlib.h>

#include "agx_sim_exec.h"
#include "agx_sim_fence.h"
#include "agx_sim_vm.h"

static bool
in_fences_signaled(struct agx_sim_job *job)
{
   for (uint32_t i = 0; i < job->num_in_fences; i++) {
      if (!agx_sim_fence_is_signaled(job->in_fences[i]))
         return false;
   }
   return true;
}

static void *
queue_worker(void *data)
{
   struct agx_sim_queue *q = data;
   struct agx_sim *sim = q->sim;

   for (;;) {
      pthread_mutex_lock(&q->lock);
      while (!q->head && !q->stopping)
         pthread_cond_wait(&q->cond, &q->lock);
      struct agx_sim_job *job = q->head;
      if (job) {
         q->head = job->next;
         if (!q->head)
            q->tail = NULL;
      }
      pthread_mutex_unlock(&q->lock);
      if (!job)
         break; /* stopping and drained */

      pthread_mutex_lock(&sim->sync_lock);
      while (!in_fences_signaled(job))
         pthread_cond_wait(&sim->sync_cond, &sim->sync_lock);
      pthread_mutex_unlock(&sim->sync_lock);

      struct agx_sim_exec_ctx ctx = {
         .sim = sim,
         .vm = q->vm,
         .usc_exec_base = q->usc_exec_base,
         .job = job,
      };
      int err = agx_sim_job_run(&ctx);
      agx_sim_fence_signal_error(sim, job->done, err);
      agx_sim_job_free(sim, job);
   }
   return NULL;
}

void
agx_sim_queue_push(struct agx_sim_queue *q, struct agx_sim_job *job)
{
   pthread_mutex_lock(&q->lock);
   job->next = NULL;
   if (q->tail)
      q->tail->next = job;
   else
      q->head = job;
   q->tail = job;
   pthread_cond_signal(&q->cond);
   pthread_mutex_unlock(&q->lock);
}

int
agx_sim_ioctl_queue_create(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_queue_create *c = arg;

   /* file.rs: flags MBZ and priority <= REALTIME, then HIGH and REALTIME
    * are refused with -EINVAL too ("TODO: Allow with CAP_SYS_NICE"). */
   if (c->flags || c->priority > DRM_ASAHI_PRIORITY_MEDIUM)
      return -EINVAL;

   struct agx_sim_queue *q = calloc(1, sizeof(*q));
   if (!q)
      return -ENOMEM;
   q->sim = sim;
   q->priority = c->priority;
   q->usc_exec_base = c->usc_exec_base;
   pthread_mutex_init(&q->lock, NULL);
   pthread_cond_init(&q->cond, NULL);

   int ret = 0;
   pthread_mutex_lock(&sim->lock);
   q->vm = agx_sim_vm_ref(agx_sim_vm_get_locked(sim, c->vm_id));
   uint32_t id = 0;
   if (!q->vm)
      ret = -ENOENT;
   else if (!(id = agx_sim_table_insert(&sim->queues, q)))
      ret = -ENOMEM;
   else if (pthread_create(&q->thread, NULL, queue_worker, q)) {
      agx_sim_table_remove(&sim->queues, id);
      ret = -ENOMEM;
   }
   pthread_mutex_unlock(&sim->lock);

   if (ret) {
      agx_sim_vm_unref(q->vm);
      pthread_cond_destroy(&q->cond);
      pthread_mutex_destroy(&q->lock);
      free(q);
      return ret;
   }
   c->queue_id = id;
   return 0;
}

/* Stop the worker after it drained every job, then free the queue. Must
 * not hold sim->lock: the jobs may need other queues' progress. */
static void
queue_stop_and_free(struct agx_sim_queue *q)
{
   pthread_mutex_lock(&q->lock);
   q->stopping = true;
   pthread_cond_signal(&q->cond);
   pthread_mutex_unlock(&q->lock);
   pthread_join(q->thread, NULL);

   agx_sim_vm_unref(q->vm);
   pthread_cond_destroy(&q->cond);
   pthread_mutex_destroy(&q->lock);
   free(q);
}

int
agx_sim_ioctl_queue_destroy(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_queue_destroy *d = arg;
   if (d->pad)
      return -EINVAL;

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_queue *q = agx_sim_table_remove(&sim->queues, d->queue_id);
   pthread_mutex_unlock(&sim->lock);
   if (!q)
      return -ENOENT;
   queue_stop_and_free(q);
   return 0;
}

void
agx_sim_queues_destroy_all(struct agx_sim *sim)
{
   for (;;) {
      pthread_mutex_lock(&sim->lock);
      uint32_t id = agx_sim_table_next(&sim->queues, 0);
      struct agx_sim_queue *q = id ? agx_sim_table_remove(&sim->queues, id) : NULL;
      pthread_mutex_unlock(&sim->lock);
      if (!q)
         break;
      queue_stop_and_free(q);
   }
}
