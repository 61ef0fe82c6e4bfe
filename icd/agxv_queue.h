/*
 * VkQueue. Submissions go through a per-queue thread, so a batch may wait
 * on a timeline point that the host signals later (wait-before-signal)
 * without blocking vkQueueSubmit, as Mesa's threaded vk_queue does for
 * kernels without in-kernel wait-before-signal. The thread waits for the
 * batch's semaphores, submits its work to the kernel queue, and signals
 * through syncobj transfers from the queue's own timeline, so signals
 * complete when the GPU work before them does.
 */
#ifndef AGXV_QUEUE_H
#define AGXV_QUEUE_H

#include <pthread.h>
#include <stdbool.h>

#include "agxv_device.h"

struct agxv_sync_op {
   uint32_t syncobj;
   bool timeline;
   uint64_t value;
};

struct agxv_cmd_buffer;

struct agxv_batch {
   struct agxv_batch *next;
   uint32_t wait_count, signal_count, cmd_count;
   uint32_t jobs; /* kernel submissions reserved for it */
   struct agxv_sync_op *waits;
   struct agxv_sync_op *signals; /* the fence, if any, is the last one */
   struct agxv_cmd_buffer **cmds;
};

struct agxv_queue {
   struct agxv_object base;
   struct agxv_device *device;
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
   struct agxv_batch *head, *tail;
   uint64_t queued, finished;
   bool stop;
   bool render_submitted; /* a render command went to the kernel (submit thread only) */
};

AGXV_DEFINE_HANDLE_CASTS(agxv_queue, VkQueue, VK_OBJECT_TYPE_QUEUE)

VkResult agxv_queue_create(struct agxv_device *device, const VkDeviceQueueCreateInfo *info,
                           struct agxv_queue **out);
void agxv_queue_destroy(struct agxv_queue *queue);
VkResult agxv_queue_wait_idle(struct agxv_queue *queue);

struct agxv_cmd_stream;

/* Largest UAPI command (header and payload) agxv_queue_encode_stream writes. */
#define AGXV_SUBMIT_CMD_MAX \
   (sizeof(struct drm_asahi_cmd_header) + sizeof(struct drm_asahi_cmd_render))

/* What every command of a SUBMIT shares, and the commands before it. */
struct agxv_submit_state {
   uint64_t sampler_heap;
   uint32_t sampler_count;
   struct drm_asahi_helper_program helper;
   bool render_before;           /* the queue ran render commands before this SUBMIT */
   uint32_t n_render, n_compute; /* commands of each type already in this SUBMIT */
};

/* Writes stream s as one UAPI command (drm_asahi_cmd_header, then
 * drm_asahi_cmd_compute or drm_asahi_cmd_render) at dst, counts it in st
 * and returns its size. It waits for every command before it. */
uint32_t agxv_queue_encode_stream(struct agxv_submit_state *st, const struct agxv_cmd_stream *s,
                                  void *dst);

/* Looks at the kernel submissions that completed since the last call; a
 * faulted one marks the device lost. Returns VK_ERROR_DEVICE_LOST then. */
VkResult agxv_queue_check_faults(struct agxv_queue *queue);

#endif
