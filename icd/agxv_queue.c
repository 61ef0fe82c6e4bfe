/* VkQueue: the submit thread and vkQueueSubmit/vkQueueSubmit2. */
#include "agxv_queue.h"

#include <errno.h>
#include <string.h>

#include <stdio.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_cmd_buffer.h"
#include "agx_decode.h"
#include "agxv_log.h"
#include "agxv_sync.h"

static void pop_job(struct agxv_queue *queue);

/* How long the thread blocks in one kernel wait before checking for stop. */
#define AGXV_QUEUE_POLL_NS (50ull * 1000 * 1000)

static int
wait_one(struct agxv_queue *queue, const struct agxv_sync_op *op)
{
   struct agxv_kmd *kmd = queue->device->kmd;
   for (;;) {
      int ret = agxv_kmd_syncobj_wait(
         kmd, &op->syncobj, op->timeline ? &op->value : NULL, 1,
         agxv_abs_timeout(AGXV_QUEUE_POLL_NS),
         DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL);
      if (ret != -ETIME)
         return ret;
      pthread_mutex_lock(&queue->mutex);
      bool stop = queue->stop;
      pthread_mutex_unlock(&queue->mutex);
      if (stop)
         return -ECANCELED;
   }
}

static bool
read_gpu(void *user, uint64_t va, void *dst, size_t size)
{
   return agxv_bo_read_va(user, va, dst, size);
}

/* AGX_DEBUG=trace: the commands as the GPU will read them. */
static void
trace_commands(struct agxv_queue *queue, const uint8_t *cmds, uint32_t n)
{
   struct agxv_device *device = queue->device;
   const struct drm_asahi_params_global *p = &device->kmd->params;
   struct agx_decode_ctx ctx = {
      .fp = stderr,
      .read = read_gpu,
      .user = device,
      .usc_base = device->usc_base,
      .g14x = p->gpu_generation >= 14 && p->num_clusters_total > 1,
   };
   for (uint32_t i = 0; i < n; i++) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, cmds, sizeof(h));
      cmds += sizeof(h);
      bool render = h.cmd_type == DRM_ASAHI_CMD_RENDER;
      fprintf(stderr, "agx: queue %u: %s command %u of %u\n", queue->queue_id,
              render ? "render" : "compute", i + 1, n);
      if (render) {
         struct drm_asahi_cmd_render r;
         memcpy(&r, cmds, sizeof(r));
         agx_decode_cmd_render(&ctx, &r);
      } else {
         struct drm_asahi_cmd_compute c;
         memcpy(&c, cmds, sizeof(c));
         agx_decode_cmd_compute(&ctx, &c);
      }
      cmds += h.size;
   }
   if (ctx.errors)
      agxv_log("trace: %u problems decoding the submitted commands", ctx.errors);
}

/* Appends the syncobj of a kernel submission that succeeded to the queue's
 * job list. Only submitted jobs are listed: agxv_queue_check_faults drops
 * listed jobs whose fence status cannot be queried, which is the case of a
 * syncobj without a fence yet (the kernel's SYNCOBJ_WAIT fails on it), so
 * listing it before the submission let the check destroy it under the
 * submission. vkQueueSubmit reserved the room (see reserve_jobs), so
 * nothing is allocated on the submit thread. Caller holds the mutex. */
static int
track_job(struct agxv_queue *queue, uint32_t syncobj)
{
   if (queue->job_count >= queue->job_capacity)
      return -ENOSPC;
   queue->job_syncobjs[queue->job_count++] = syncobj;
   return 0;
}

/* Makes room for `more` kernel submissions beyond everything already
 * queued (see jobs_for_batch). */
static VkResult
reserve_jobs(struct agxv_queue *queue, uint32_t more)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&queue->mutex);
   uint32_t need = queue->job_count + queue->jobs_reserved + more;
   if (need > queue->job_capacity) {
      uint32_t cap = queue->job_capacity ? queue->job_capacity : 16;
      while (cap < need)
         cap *= 2;
      uint32_t *jobs = agxv_alloc(&queue->device->alloc, cap * sizeof(*jobs), 4,
                                  VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
      if (!jobs) {
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
      } else {
         if (queue->job_count)
            memcpy(jobs, queue->job_syncobjs, queue->job_count * sizeof(*jobs));
         agxv_free(&queue->device->alloc, queue->job_syncobjs);
         queue->job_syncobjs = jobs;
         queue->job_capacity = cap;
      }
   }
   if (result == VK_SUCCESS)
      queue->jobs_reserved += more;
   pthread_mutex_unlock(&queue->mutex);
   return result;
}

/* Most hardware commands one SUBMIT carries here (the kernel may allow fewer). */
#define AGXV_MAX_SUBMIT_COMMANDS 64

/* Commands one SUBMIT may carry on this device. */
static uint32_t
submit_limit(const struct agxv_queue *queue)
{
   uint32_t limit = queue->device->kmd->params.max_commands_per_submission;
   return limit == 0 || limit > AGXV_MAX_SUBMIT_COMMANDS ? AGXV_MAX_SUBMIT_COMMANDS : limit;
}

/* Kernel submissions a batch may need at most: each command buffer's
 * streams fill at most ceil(streams / limit) SUBMITs, at least one. */
static uint32_t
jobs_for_batch(const struct agxv_queue *queue, const struct agxv_batch *batch)
{
   uint32_t limit = submit_limit(queue), jobs = 0;
   for (uint32_t i = 0; i < batch->cmd_count; i++) {
      uint32_t streams = batch->cmds[i]->stream_count;
      jobs += streams > limit ? (streams + limit - 1) / limit : 1;
   }
   return jobs;
}

/* Barrier N waits for the first N commands of that type in this SUBMIT, 0
 * for the earlier SUBMITs' (the UAPI header's vdm_barrier/cdm_barrier). */
uint32_t
agxv_queue_encode_stream(struct agxv_submit_state *st, const struct agxv_cmd_stream *s, void *dst)
{
   struct drm_asahi_cmd_header h = {
      /* Compute waits for render work only once there was some. */
      .vdm_barrier =
         st->render_before || st->n_render ? (uint16_t)st->n_render : DRM_ASAHI_BARRIER_NONE,
      .cdm_barrier = (uint16_t)st->n_compute,
   };
   uint8_t *p = dst;
   if (s->type == AGXV_CS_VDM) {
      h.cmd_type = DRM_ASAHI_CMD_RENDER;
      h.size = sizeof(struct drm_asahi_cmd_render);
      h.vdm_barrier = (uint16_t)st->n_render;
      struct drm_asahi_cmd_render r = s->render.cmd;
      r.vdm_ctrl_stream_base = s->start_va;
      r.sampler_heap = st->sampler_heap;
      r.sampler_count = (uint16_t)st->sampler_count;
      /* vertex and fragment shaders with stack (private arrays, spills)
       * get it from the same helper program as compute (zero until a
       * pipeline needed scratch) */
      r.vertex_helper = st->helper;
      r.fragment_helper = st->helper;
      r.ts_frag.end = (struct drm_asahi_timestamp){.handle = s->ts_object, .offset = s->ts_offset};
      memcpy(p + sizeof(h), &r, sizeof(r));
      st->n_render++;
   } else {
      h.cmd_type = DRM_ASAHI_CMD_COMPUTE;
      h.size = sizeof(struct drm_asahi_cmd_compute);
      struct drm_asahi_cmd_compute c = {
         .cdm_ctrl_stream_base = s->start_va,
         .cdm_ctrl_stream_end = s->end_va,
         .sampler_heap = st->sampler_heap,
         .sampler_count = st->sampler_count,
         /* zero until a pipeline needed scratch; a helper on a command
          * that does not spill is never asked for a stack */
         .helper = st->helper,
         .ts.end = {.handle = s->ts_object, .offset = s->ts_offset},
      };
      memcpy(p + sizeof(h), &c, sizeof(c));
      st->n_compute++;
   }
   memcpy(p, &h, sizeof(h));
   return sizeof(h) + h.size;
}

/*
 * Each stream of each command buffer becomes one UAPI command of its type
 * (a command buffer without timestamps or render passes has one compute
 * stream); a stream ended by a timestamp write has the firmware write its
 * end time there. Every command waits for all work before it (the first
 * for earlier submissions, barrier 0; later ones for their predecessors in
 * this submission), so streams execute in order. Each SUBMIT signals the
 * next point of the queue timeline.
 */
static int
submit_cmd_buffers(struct agxv_queue *queue, struct agxv_batch *batch)
{
   struct agxv_kmd *kmd = queue->device->kmd;
   uint32_t limit = submit_limit(queue);

   uint8_t cmds[AGXV_MAX_SUBMIT_COMMANDS * AGXV_SUBMIT_CMD_MAX];
   uint32_t i = 0, stream = 0;
   /* every command sees the device's sampler heap (agx_abi.h) */
   struct agxv_submit_state st = {.helper = agxv_scratch_helper(queue->device)};
   agxv_device_sampler_heap(queue->device, &st.sampler_heap, &st.sampler_count);
   while (i < batch->cmd_count) {
      uint32_t n = 0, size = 0;
      st.render_before = queue->render_submitted;
      st.n_render = st.n_compute = 0;
      while (i < batch->cmd_count && n < limit) {
         const struct agxv_cmd_buffer *cb = batch->cmds[i];
         if (stream >= cb->stream_count) {
            i++;
            stream = 0;
            continue;
         }
         size += agxv_queue_encode_stream(&st, &cb->streams[stream++], cmds + size);
         n++;
      }
      if (n == 0)
         break;
      if (agxv_debug(AGXV_DEBUG_TRACE))
         trace_commands(queue, cmds, n);
      uint32_t job_syncobj;
      int ret = agxv_kmd_syncobj_create(kmd, false, &job_syncobj);
      if (ret)
         return ret;
      struct drm_asahi_sync out[2] = {
         {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
          .handle = queue->timeline,
          .timeline_value = queue->timeline_point + 1},
         {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = job_syncobj},
      };
      ret = agxv_kmd_submit(kmd, queue->queue_id, out, 0, 2, cmds, size);
      pthread_mutex_lock(&queue->mutex);
      if (ret == 0) {
         queue->timeline_point++;
         queue->render_submitted |= st.n_render > 0;
         ret = track_job(queue, job_syncobj);
      } else {
         agxv_kmd_syncobj_destroy(kmd, job_syncobj);
      }
      pthread_mutex_unlock(&queue->mutex);
      if (ret)
         return ret;
      if (agxv_debug(AGXV_DEBUG_SUBMIT))
         agxv_log("queue %u: SUBMIT of %u compute and %u render commands -> timeline point %llu",
                  queue->queue_id, st.n_compute, st.n_render,
                  (unsigned long long)queue->timeline_point);
   }
   return 0;
}

static int
execute_batch(struct agxv_queue *queue, struct agxv_batch *batch)
{
   struct agxv_kmd *kmd = queue->device->kmd;
   for (uint32_t i = 0; i < batch->wait_count; i++) {
      int ret = wait_one(queue, &batch->waits[i]);
      if (ret)
         return ret;
      /* Waiting consumes a binary semaphore's payload. */
      if (!batch->waits[i].timeline) {
         ret = agxv_kmd_syncobj_reset(kmd, &batch->waits[i].syncobj, 1);
         if (ret)
            return ret;
      }
   }

   int ret = submit_cmd_buffers(queue, batch);
   if (ret)
      return ret;

   /* Signals complete with the last kernel submission of this queue (this
    * batch's, or earlier work if the batch had none). */
   for (uint32_t i = 0; i < batch->signal_count; i++) {
      const struct agxv_sync_op *s = &batch->signals[i];
      int ret = agxv_kmd_syncobj_transfer(kmd, s->syncobj, s->timeline ? s->value : 0,
                                          queue->timeline, queue->timeline_point);
      if (ret)
         return ret;
   }
   if (agxv_debug(AGXV_DEBUG_SUBMIT))
      agxv_log("queue %u: batch done (%u waits, %u signals)", queue->queue_id, batch->wait_count,
               batch->signal_count);
   return 0;
}

/* A batch that cannot run (the device is lost) still signals, so that no
 * waiter blocks forever; the waits then report VK_ERROR_DEVICE_LOST. */
static void
signal_anyway(struct agxv_queue *queue, struct agxv_batch *batch)
{
   for (uint32_t i = 0; i < batch->signal_count; i++) {
      const struct agxv_sync_op *s = &batch->signals[i];
      if (s->timeline)
         agxv_kmd_syncobj_timeline_signal(queue->device->kmd, &s->syncobj, &s->value, 1);
      else
         agxv_kmd_syncobj_signal(queue->device->kmd, &s->syncobj, 1);
   }
}

static void *
queue_thread(void *data)
{
   struct agxv_queue *queue = data;
   pthread_mutex_lock(&queue->mutex);
   for (;;) {
      while (!queue->head && !queue->stop)
         pthread_cond_wait(&queue->cond, &queue->mutex);
      if (!queue->head)
         break;
      struct agxv_batch *batch = queue->head;
      pthread_mutex_unlock(&queue->mutex);

      int ret = agxv_device_is_lost(queue->device) ? -ENODEV : execute_batch(queue, batch);
      if (ret && ret != -ECANCELED && ret != -ENODEV)
         agxv_device_set_lost(queue->device, "queue submission failed in the kernel interface");
      if (ret && ret != -ECANCELED)
         signal_anyway(queue, batch);

      pthread_mutex_lock(&queue->mutex);
      queue->jobs_reserved -= batch->jobs;
      queue->head = batch->next;
      if (!queue->head)
         queue->tail = NULL;
      queue->finished++;
      agxv_free(&queue->device->alloc, batch);
      pthread_cond_broadcast(&queue->cond);
   }
   pthread_mutex_unlock(&queue->mutex);
   return NULL;
}

VkResult
agxv_queue_create(struct agxv_device *device, const VkDeviceQueueCreateInfo *info,
                  struct agxv_queue **out)
{
   struct agxv_queue *queue =
      agxv_zalloc(&device->alloc, sizeof(*queue), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!queue)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   agxv_object_init(&queue->base, device, VK_OBJECT_TYPE_QUEUE);
   queue->device = device;

   int ret = agxv_kmd_queue_create(device->kmd, device->vm_id, DRM_ASAHI_PRIORITY_MEDIUM,
                                   device->usc_base, &queue->queue_id);
   if (ret) {
      agxv_free(&device->alloc, queue);
      return agxv_error(agxv_result_from_errno(ret), "QUEUE_CREATE: %s", strerror(-ret));
   }
   /* Point 0 is signalled from the start: "everything before the first submit". */
   ret = agxv_kmd_syncobj_create(device->kmd, true, &queue->timeline);
   if (ret) {
      agxv_kmd_queue_destroy(device->kmd, queue->queue_id);
      agxv_free(&device->alloc, queue);
      return agxv_error(agxv_result_from_errno(ret), "SYNCOBJ_CREATE: %s", strerror(-ret));
   }

   pthread_mutex_init(&queue->mutex, NULL);
   pthread_cond_init(&queue->cond, NULL);
   if (pthread_create(&queue->thread, NULL, queue_thread, queue) != 0) {
      pthread_cond_destroy(&queue->cond);
      pthread_mutex_destroy(&queue->mutex);
      agxv_kmd_syncobj_destroy(device->kmd, queue->timeline);
      agxv_kmd_queue_destroy(device->kmd, queue->queue_id);
      agxv_free(&device->alloc, queue);
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "cannot start the queue thread");
   }
   *out = queue;
   return VK_SUCCESS;
}

void
agxv_queue_destroy(struct agxv_queue *queue)
{
   pthread_mutex_lock(&queue->mutex);
   queue->stop = true;
   pthread_cond_broadcast(&queue->cond);
   pthread_mutex_unlock(&queue->mutex);
   pthread_join(queue->thread, NULL);

   /* Batches left behind were waiting on semaphores nobody will signal. */
   while (queue->head) {
      struct agxv_batch *next = queue->head->next;
      agxv_free(&queue->device->alloc, queue->head);
      queue->head = next;
   }
   while (queue->job_count)
      pop_job(queue);
   agxv_free(&queue->device->alloc, queue->job_syncobjs);
   agxv_kmd_syncobj_destroy(queue->device->kmd, queue->timeline);
   agxv_kmd_queue_destroy(queue->device->kmd, queue->queue_id);
   pthread_cond_destroy(&queue->cond);
   pthread_mutex_destroy(&queue->mutex);
   agxv_object_finish(&queue->base);
   agxv_free(&queue->device->alloc, queue);
}

/* Drops the oldest tracked job. Caller holds queue->mutex. */
static void
pop_job(struct agxv_queue *queue)
{
   agxv_kmd_syncobj_destroy(queue->device->kmd, queue->job_syncobjs[0]);
   memmove(queue->job_syncobjs, queue->job_syncobjs + 1,
           (queue->job_count - 1) * sizeof(queue->job_syncobjs[0]));
   queue->job_count--;
}

VkResult
agxv_queue_check_faults(struct agxv_queue *queue)
{
   pthread_mutex_lock(&queue->mutex);
   while (queue->job_count && !agxv_device_is_lost(queue->device)) {
      int status = 0;
      int ret = agxv_kmd_fence_status(queue->device->kmd, queue->job_syncobjs[0], 0, &status);
      if (ret == 0 && status == 0)
         break; /* still running */
      if (ret == 0 && status < 0) {
         agxv_log("a GPU job on queue %u failed: %s", queue->queue_id,
                  status == -ETIMEDOUT ? "it ran too long (GPU watchdog)"
                  : status == -EIO     ? "GPU fault or illegal instruction"
                                       : strerror(-status));
         agxv_device_set_lost(queue->device, "a submitted command faulted on the GPU");
         break;
      }
      /* Done (or, without a fence-status query, unknowable). */
      pop_job(queue);
   }
   pthread_mutex_unlock(&queue->mutex);
   return agxv_device_is_lost(queue->device) ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
}

VkResult
agxv_queue_wait_idle(struct agxv_queue *queue)
{
   pthread_mutex_lock(&queue->mutex);
   while (queue->finished != queue->queued && !agxv_device_is_lost(queue->device))
      pthread_cond_wait(&queue->cond, &queue->mutex);
   uint64_t point = queue->timeline_point;
   pthread_mutex_unlock(&queue->mutex);
   if (agxv_device_is_lost(queue->device))
      return VK_ERROR_DEVICE_LOST;

   int ret = agxv_kmd_syncobj_wait(queue->device->kmd, &queue->timeline, &point, 1, INT64_MAX,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL);
   if (ret)
      return agxv_device_set_lost(queue->device, "waiting for the queue timeline failed");
   return agxv_queue_check_faults(queue);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_QueueWaitIdle(VkQueue _queue)
{
   AGXV_FROM_HANDLE(agxv_queue, queue, _queue);
   if (agxv_device_is_lost(queue->device))
      return VK_ERROR_DEVICE_LOST;
   return agxv_queue_wait_idle(queue);
}

static struct agxv_sync_op
sync_op(VkSemaphore handle, uint64_t value)
{
   AGXV_FROM_HANDLE(agxv_semaphore, sem, handle);
   bool timeline = sem->type == VK_SEMAPHORE_TYPE_TIMELINE;
   return (struct agxv_sync_op){sem->syncobj, timeline, timeline ? value : 0};
}

/* Allocates a batch with room for its sync operations (all host memory is
 * taken before anything is queued, so failure leaves nothing behind). */
static struct agxv_batch *
batch_alloc(struct agxv_queue *queue, uint32_t waits, uint32_t signals, uint32_t cmds)
{
   size_t size = sizeof(struct agxv_batch) + (waits + signals) * sizeof(struct agxv_sync_op) +
                 cmds * sizeof(struct agxv_cmd_buffer *);
   struct agxv_batch *b =
      agxv_zalloc(&queue->device->alloc, size, 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (b) {
      b->waits = (struct agxv_sync_op *)(b + 1);
      b->signals = b->waits + waits;
      b->cmds = (struct agxv_cmd_buffer **)(b->signals + signals);
   }
   return b;
}

static void
enqueue(struct agxv_queue *queue, struct agxv_batch **batches, uint32_t count)
{
   pthread_mutex_lock(&queue->mutex);
   for (uint32_t i = 0; i < count; i++) {
      if (queue->tail)
         queue->tail->next = batches[i];
      else
         queue->head = batches[i];
      queue->tail = batches[i];
      queue->queued++;
   }
   pthread_cond_broadcast(&queue->cond);
   pthread_mutex_unlock(&queue->mutex);
}

/* One batch of vkQueueSubmit or vkQueueSubmit2, in a common form. */
struct agxv_submit_desc {
   uint32_t wait_count, signal_count;
   const VkSemaphore *wait_sems, *signal_sems;
   const uint64_t *wait_values, *signal_values;            /* VkSubmitInfo form */
   const VkSemaphoreSubmitInfo *wait_infos, *signal_infos; /* VkSubmitInfo2 form */
   uint32_t cmd_count;
   const VkCommandBuffer *cmds;                /* VkSubmitInfo form */
   const VkCommandBufferSubmitInfo *cmd_infos; /* VkSubmitInfo2 form */
};

/* Fills the description of submit info i (VkSubmitInfo or VkSubmitInfo2). */
typedef void (*describe_fn)(const void *submits, uint32_t i, struct agxv_submit_desc *d);

static VkResult
submit(struct agxv_queue *queue, uint32_t count, const void *submits, describe_fn describe,
       VkFence _fence)
{
   if (agxv_device_is_lost(queue->device))
      return VK_ERROR_DEVICE_LOST;
   AGXV_FROM_HANDLE(agxv_fence, fence, _fence);

   /* A fence with no batches still needs a batch to signal it. */
   uint32_t n = count ? count : (fence ? 1 : 0);
   if (n == 0)
      return VK_SUCCESS;
   struct agxv_batch *stack[8], **batches = stack;
   if (n > 8) {
      batches = agxv_alloc(&queue->device->alloc, n * sizeof(*batches), 8,
                           VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!batches)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
   }

   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < n; i++) {
      struct agxv_submit_desc desc;
      const struct agxv_submit_desc *d = NULL;
      if (i < count) {
         describe(submits, i, &desc);
         d = &desc;
      }
      uint32_t waits = d ? d->wait_count : 0;
      uint32_t signals = (d ? d->signal_count : 0) + (fence && i == n - 1 ? 1 : 0);
      batches[i] = batch_alloc(queue, waits, signals, d ? d->cmd_count : 0);
      if (!batches[i]) {
         for (uint32_t j = 0; j < i; j++)
            agxv_free(&queue->device->alloc, batches[j]);
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
         break;
      }
      struct agxv_batch *b = batches[i];
      for (uint32_t w = 0; w < waits; w++) {
         b->waits[b->wait_count++] =
            d->wait_infos ? sync_op(d->wait_infos[w].semaphore, d->wait_infos[w].value)
                          : sync_op(d->wait_sems[w], d->wait_values ? d->wait_values[w] : 0);
      }
      for (uint32_t s = 0; d && s < d->signal_count; s++) {
         b->signals[b->signal_count++] =
            d->signal_infos
               ? sync_op(d->signal_infos[s].semaphore, d->signal_infos[s].value)
               : sync_op(d->signal_sems[s], d->signal_values ? d->signal_values[s] : 0);
      }
      if (fence && i == n - 1)
         b->signals[b->signal_count++] = (struct agxv_sync_op){fence->syncobj, false, 0};
      for (uint32_t c = 0; d && c < d->cmd_count; c++) {
         b->cmds[b->cmd_count++] =
            agxv_cmd_buffer_from_handle(d->cmd_infos ? d->cmd_infos[c].commandBuffer : d->cmds[c]);
      }
   }
   if (result == VK_SUCCESS) {
      uint32_t jobs = 0;
      for (uint32_t i = 0; i < n; i++) {
         batches[i]->jobs = jobs_for_batch(queue, batches[i]);
         jobs += batches[i]->jobs;
      }
      result = reserve_jobs(queue, jobs);
      if (result != VK_SUCCESS) {
         for (uint32_t i = 0; i < n; i++)
            agxv_free(&queue->device->alloc, batches[i]);
      }
   }
   if (result == VK_SUCCESS)
      enqueue(queue, batches, n);
   if (batches != stack)
      agxv_free(&queue->device->alloc, batches);
   return result;
}

static void
describe_submit(const void *submits, uint32_t i, struct agxv_submit_desc *d)
{
   const VkSubmitInfo *info = &((const VkSubmitInfo *)submits)[i];
   const VkTimelineSemaphoreSubmitInfo *tl =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO);
   *d = (struct agxv_submit_desc){
      .wait_count = info->waitSemaphoreCount,
      .signal_count = info->signalSemaphoreCount,
      .wait_sems = info->pWaitSemaphores,
      .signal_sems = info->pSignalSemaphores,
      .wait_values = tl && tl->waitSemaphoreValueCount ? tl->pWaitSemaphoreValues : NULL,
      .signal_values = tl && tl->signalSemaphoreValueCount ? tl->pSignalSemaphoreValues : NULL,
      .cmd_count = info->commandBufferCount,
      .cmds = info->pCommandBuffers,
   };
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_QueueSubmit(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo *pSubmits, VkFence fence)
{
   return submit(agxv_queue_from_handle(_queue), submitCount, pSubmits, describe_submit, fence);
}

static void
describe_submit2(const void *submits, uint32_t i, struct agxv_submit_desc *d)
{
   const VkSubmitInfo2 *info = &((const VkSubmitInfo2 *)submits)[i];
   *d = (struct agxv_submit_desc){
      .wait_count = info->waitSemaphoreInfoCount,
      .signal_count = info->signalSemaphoreInfoCount,
      .wait_infos = info->pWaitSemaphoreInfos,
      .signal_infos = info->pSignalSemaphoreInfos,
      .cmd_count = info->commandBufferInfoCount,
      .cmd_infos = info->pCommandBufferInfos,
   };
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_QueueSubmit2(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo2 *pSubmits,
                  VkFence fence)
{
   return submit(agxv_queue_from_handle(_queue), submitCount, pSubmits, describe_submit2, fence);
}
