/*
 * VkQueue. Submissions go through a per-queue thread, so a batch may wait
 * on a timeline point that the host signals later (wait-before-signal)
 * without blocking vkQueueSubmit, as Mesa's threaded vk_queue does for
 * kernels without in-kernel wait-before-signal. The thread waits for the
 * batch's semaphores, submits its work to the kernel queue, and signals
 * through syncobj transfers from the queue's own timeline, so signals
 * complete when the GPU work before them does.
 */
#ifndef AGX_QUEUE_H
#define AGX_QUEUE_H

#include <pthread.h>
#include <stdbool.h>

#include "agx_device.h"

struct agx_sync_op {
   uint32_t syncobj;
   bool timeline;
   uint64_t value;
};

struct agx_cmd_buffer;

struct agx_batch {
   struct agx_batch *next;
   uint32_t wait_count, signal_count, cmd_count;
   uint32_t jobs; /* kernel submissions reserved for it */
   struct agx_sync_op *waits;
   struct agx_sync_op *signals; /* the fence, if any, is the last one */
   struct agx_cmd_buffer **cmds;
};

struct agx_queue {
   VK_LOADER_DATA loader_data;
   struct agx_device *device;
   uint32_t queue_id;       /* kernel queue */
   uint32_t timeline;       /* syncobj: point N = N-th kernel submit done */
   uint64_t timeline_point; /* last point submitted */
   /* Kernel submissions not yet seen complete: each also signals its own
    * binary syncobj, whose fence carries the job's error (a timeline point
    * may lose it once the chain is collected). FIFO, oldest first. */
   uint32_t *job_syncobjs;
   uint32_t job_count, job_capacity;
   uint32_t jobs_reserved; /* room promised to batches still queued */

   pthread_t thread;
   pthread_mutex_t mutex;
   pthread_cond_t cond; /* work queued, or a batch finished */
   struct agx_batch *head, *tail;
   uint64_t queued, finished;
   bool stop;
};

AGX_DEFINE_HANDLE_CASTS(agx_queue, VkQueue)

VkResult agx_queue_create(struct agx_device *device, const VkDeviceQueueCreateInfo *info,
                          struct agx_queue **out);
void agx_queue_destroy(struct agx_queue *queue);
VkResult agx_queue_wait_idle(struct agx_queue *queue);

/* Looks at the kernel submissions that completed since the last call; a
 * faulted one marks the device lost. Returns VK_ERROR_DEVICE_LOST then. */
VkResult agx_queue_check_faults(struct agx_queue *queue);

#endif
