/*
 * VkQueryPool for timestamp queries.
 *
 * The firmware writes a timestamp only at the start or end of a hardware
 * command (drm_asahi_cmd_compute.ts), into a BO bound as a kernel object
 * with DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS. So vkCmdWriteTimestamp ends
 * the command buffer's current segment (agxv_cmd_split), whose end time the
 * firmware writes into the query's value, and the next segment begins with
 * a fill-shader launch that sets the query's availability word: that
 * segment starts only after the previous command completed and its end
 * time was written, so availability is never visible before the value.
 * The end time of everything recorded before the write is a valid
 * timestamp for any pipeline stage.
 *
 * Pool memory, 16 bytes per query (AGXV_QUERY_STRIDE):
 *   [0, 8)   value (u64, ns: command_timestamp_frequency_hz is 1 GHz)
 *   [8, 12)  availability (u32, 1 = available)
 *   [12, 16) always 0, so bytes [8, 16) read as a u64 availability
 * Resetting zeroes all 16 bytes.
 *
 * In a secondary command buffer the same split ends one of its parts, and
 * each primary executing it splits there (agxv_CmdExecuteCommands).
 *
 * Occlusion queries use the same 16-byte records. The ISP adds the
 * passing samples of each draw (Visibility mode Counting, for
 * VK_QUERY_CONTROL_PRECISE_BIT) or stores 1 (Boolean) into the u64 at
 * isp_oclqry_base + 8 x index, the index coming from the PPP "Fragment
 * occlusion query" word (genxml agx_ppp.xml; graphics.md 1.4). Honeykrisp
 * keeps a device-wide heap of counters (Mesa src/asahi/vulkan/hk_query.c);
 * here the render command's isp_oclqry_base is the pool's memory itself and
 * the index is 2 x query (the value word of its record), so a render
 * command counts into one pool: a query of another pool begun in the same
 * render command splits the pass (agxv_rendering_split). The 15-bit index
 * limits occlusion pools to AGXV_OCCLUSION_MAX_QUERIES queries [assumption
 * of this driver]. vkCmdResetQueryPool zeroes the value, so a query counts
 * from 0. vkCmdBeginQuery/EndQuery only change the visibility mode and
 * index (PPP dirty bit AGXV_PPP_DIRTY_OCCLUSION: the next draw re-emits
 * Fragment control and the index word). A query ended inside a pass
 * becomes available when the pass's render command ended: its
 * availability word is filled in a compute stream after it
 * (agxv_query_render_ended); one ended outside a pass right away.
 *
 * Inside a multiview pass a query or timestamp uses N consecutive queries,
 * N = views in the mask (agxv_multiview.h): the first holds the value, the
 * others read 0 and are available.
 */
#include "agxv_query_pool.h"

#include <string.h>
#include <time.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agx_cl_kernels.h"
#include "agxv_meta.h"
#include "agxv_multiview.h"
#include "agx_query.h"
#include "agxv_log.h"
#include "agxv_ppp.h"
#include "agxv_query_stats.h"
#include "agx_pack.h"

/* 2 x query must fit the 15-bit occlusion index. */
#define AGXV_OCCLUSION_MAX_QUERIES (1u << 14)

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateQueryPool(VkDevice _device, const VkQueryPoolCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator, VkQueryPool *pQueryPool)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_query_pool *pool =
      agxv_object_zalloc(device, alloc, sizeof(*pool), VK_OBJECT_TYPE_QUERY_POOL);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->type = pCreateInfo->queryType;
   pool->count = pCreateInfo->queryCount;
   /* transform feedback stream queries: primitives written, then needed
    * (cl_kernels/agx_xfb_args.h; counted by agxv_cmd_xfb.c) */
   pool->values = pool->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT ? 2 : 1;
   /* pipeline statistics: one counter per statistic, in bit order (agxv_query_stats.c) */
   if (pool->type == VK_QUERY_TYPE_PIPELINE_STATISTICS) {
      pool->statistics = pCreateInfo->pipelineStatistics & AGXV_STATS_SUPPORTED;
      pool->values = (uint32_t)__builtin_popcount(pool->statistics);
   }
   pool->stride = 8 * pool->values + 8;
   if (pool->type != VK_QUERY_TYPE_TIMESTAMP && pool->type != VK_QUERY_TYPE_OCCLUSION &&
       pool->type != VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT &&
       pool->type != VK_QUERY_TYPE_PIPELINE_STATISTICS) {
      agxv_object_free(alloc, pool);
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "query type %u is not supported",
                        pCreateInfo->queryType);
   }
   if (pool->type == VK_QUERY_TYPE_OCCLUSION && pool->count > AGXV_OCCLUSION_MAX_QUERIES) {
      agxv_object_free(alloc, pool);
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "occlusion pools hold at most %u queries",
                        AGXV_OCCLUSION_MAX_QUERIES);
   }

   void *map = NULL;
   VkResult result = agxv_bo_create(device, (uint64_t)pool->count * pool->stride, AGXV_BO_WRITEBACK,
                                    "query pool", &pool->bo);
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, pool->bo, &map);
   if (result == VK_SUCCESS &&
       agxv_kmd_gem_bind_object(device->kmd, pool->bo->handle, pool->bo->size,
                                DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS, &pool->ts_object))
      result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
   if (result != VK_SUCCESS) {
      if (pool->bo)
         agxv_bo_destroy(device, pool->bo);
      agxv_object_free(alloc, pool);
      return result;
   }
   pool->map = map;
   memset(map, 0, (size_t)pool->count * pool->stride);
   *pQueryPool = agxv_query_pool_to_handle(pool);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyQueryPool(VkDevice _device, VkQueryPool queryPool,
                      const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_query_pool, pool, queryPool);
   if (!pool)
      return;
   agxv_kmd_gem_unbind_object(device->kmd, pool->ts_object);
   agxv_bo_destroy(device, pool->bo);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), pool);
}

VKAPI_ATTR void VKAPI_CALL
agxv_ResetQueryPool(VkDevice _device, VkQueryPool queryPool, uint32_t firstQuery,
                    uint32_t queryCount)
{
   AGXV_FROM_HANDLE(agxv_query_pool, pool, queryPool);
   memset(pool->map + (size_t)firstQuery * pool->stride, 0, (size_t)queryCount * pool->stride);
}

static uint32_t
availability(const struct agxv_query_pool *pool, uint32_t query)
{
   return __atomic_load_n(
      (const uint32_t *)(pool->map + (size_t)query * pool->stride + 8 * pool->values),
      __ATOMIC_ACQUIRE);
}

static void
put_result(uint8_t *dst, VkQueryResultFlags flags, uint64_t v)
{
   if (flags & VK_QUERY_RESULT_64_BIT) {
      memcpy(dst, &v, 8);
   } else {
      uint32_t v32 = (uint32_t)v; /* timestamps wrap when truncated */
      memcpy(dst, &v32, 4);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetQueryPoolResults(VkDevice _device, VkQueryPool queryPool, uint32_t firstQuery,
                         uint32_t queryCount, size_t dataSize, void *pData, VkDeviceSize stride,
                         VkQueryResultFlags flags)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_query_pool, pool, queryPool);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   const size_t elem = (flags & VK_QUERY_RESULT_64_BIT) ? 8 : 4;
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < queryCount; i++) {
      uint32_t q = firstQuery + i;
      uint8_t *dst = (uint8_t *)pData + i * stride;
      if (i * stride + elem * pool->values > dataSize)
         break;
      bool avail = availability(pool, q) != 0;
      /* The submitted segment that makes it available will run: poll. */
      while (!avail && (flags & VK_QUERY_RESULT_WAIT_BIT)) {
         if (agxv_device_is_lost(device))
            return VK_ERROR_DEVICE_LOST;
         nanosleep(&(struct timespec){0, 20000}, NULL);
         avail = availability(pool, q) != 0;
      }
      for (uint32_t k = 0; k < pool->values; k++) {
         if (avail) {
            uint64_t v;
            memcpy(&v, pool->map + (size_t)q * pool->stride + 8 * k, 8);
            put_result(dst + k * elem, flags, v);
         } else if (flags & VK_QUERY_RESULT_PARTIAL_BIT) {
            put_result(dst + k * elem, flags, 0);
         }
      }
      if (!avail)
         result = VK_NOT_READY;
      if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
         put_result(dst + pool->values * elem, flags, avail ? 1 : 0);
   }
   return result;
}

/* Fills `dwords` words at `va` with `value` (after earlier launches). */
static void
fill(struct agxv_cmd_buffer *cmd, uint64_t va, uint32_t dwords, uint32_t value)
{
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_meta_fill(cmd, va, dwords, value);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdResetQueryPool(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t firstQuery,
                       uint32_t queryCount)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   AGXV_FROM_HANDLE(agxv_query_pool, pool, queryPool);
   if (queryCount == 0)
      return;
   fill(cmd, pool->bo->va + (uint64_t)firstQuery * pool->stride, queryCount * (pool->stride / 4),
        0);
}

/* The timestamp's own query, then (multiview passes) the other N - 1
 * queries of the view mask: zero and available, the spec's first choice
 * ("The first query is a timestamp value and (if more than one bit is set
 * in the view mask) zero is written to the remaining queries"), as
 * hk_CmdWriteTimestamp2 does. */
static void
timestamp_records(struct agxv_cmd_buffer *cmd, struct agxv_query_pool *pool, uint32_t query,
                  uint32_t views)
{
   agxv_cmd_split(cmd, pool->ts_object, query * AGXV_QUERY_STRIDE);
   for (uint32_t i = 1; i < views && query + i < pool->count; i++)
      fill(cmd, pool->bo->va + (uint64_t)(query + i) * AGXV_QUERY_STRIDE, 2, 0);
   for (uint32_t i = 0; i < views && query + i < pool->count; i++)
      fill(cmd, pool->bo->va + (uint64_t)(query + i) * AGXV_QUERY_STRIDE + 8, 1, 1);
}

struct timestamp_in_pass {
   struct agxv_query_pool *pool;
   uint32_t query, views;
};

static void
timestamp_between(struct agxv_cmd_buffer *cmd, void *data)
{
   const struct timestamp_in_pass *t = data;
   timestamp_records(cmd, t->pool, t->query, t->views);
}

/* Inside a pass the render command ends first (agxv_rendering_split): the
 * empty compute stream closed with the timestamp runs after it, and the
 * pass resumes loading its attachments. */
static void
write_timestamp(struct agxv_cmd_buffer *cmd, struct agxv_query_pool *pool, uint32_t query)
{
   uint32_t views = agxv_multiview_query_count(cmd);
   if (cmd->rendering.active && !cmd->rendering.inherited) {
      struct timestamp_in_pass t = {pool, query, views};
      agxv_rendering_split(cmd, timestamp_between, &t);
      return;
   }
   timestamp_records(cmd, pool, query, views);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdWriteTimestamp(VkCommandBuffer commandBuffer, VkPipelineStageFlagBits pipelineStage,
                       VkQueryPool queryPool, uint32_t query)
{
   write_timestamp(agxv_cmd_buffer_from_handle(commandBuffer),
                   agxv_query_pool_from_handle(queryPool), query);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdWriteTimestamp2(VkCommandBuffer commandBuffer, VkPipelineStageFlags2 stage,
                        VkQueryPool queryPool, uint32_t query)
{
   write_timestamp(agxv_cmd_buffer_from_handle(commandBuffer),
                   agxv_query_pool_from_handle(queryPool), query);
}

/*
 * One launch of the query-copy helper kernel (cl_kernels/agx_query.cl),
 * one invocation per query, reading the pool's 16-byte records in place:
 * it writes a query's value only when the query is available or PARTIAL
 * is set, so an unavailable query's value slot keeps its old bytes as
 * Vulkan requires, and its availability (0 or 1) with WITH_AVAILABILITY.
 * Earlier segments have written every timestamp recorded before this
 * point, so WAIT adds nothing; the barrier orders the copy after resets
 * and availability fills in this segment.
 */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyQueryPoolResults(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
                             uint32_t firstQuery, uint32_t queryCount, VkBuffer dstBuffer,
                             VkDeviceSize dstOffset, VkDeviceSize stride, VkQueryResultFlags flags)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   AGXV_FROM_HANDLE(agxv_query_pool, pool, queryPool);
   struct agxv_buffer *dst = agxv_buffer_from_handle(dstBuffer);
   if (queryCount == 0)
      return;
   agxv_cmd_emit_cdm_barrier(cmd);
   struct agx_copy_query_args args = {
      .availability = pool->bo->va + 8 * pool->values,
      .results = pool->bo->va,
      .dst = dst->va + dstOffset,
      .dst_stride = stride,
      .first_query = firstQuery,
      .query_count = queryCount,
      .values_per_query = pool->values,
      .flags = flags,
      .availability_stride = pool->stride,
      .results_stride = pool->stride,
   };
   agxv_dispatch_kernel(cmd, AGX_CL_COPY_QUERY,
                        (queryCount + AGX_QUERY_GROUP_SIZE - 1) / AGX_QUERY_GROUP_SIZE, &args,
                        sizeof(args));
}

/* Fills the availability words of the queries ended in the render command
 * that just ended (its stream is closed: the fills go into a compute
 * stream, which runs after it). */
void
agxv_query_render_ended(struct agxv_cmd_buffer *cmd)
{
   struct agxv_occlusion_state *o = &cmd->occlusion;
   for (uint32_t i = 0; i < o->pending_count; i++)
      fill(cmd, o->pending[i], 1, 1);
   o->pending_count = 0;
}

void
agxv_query_render_started(struct agxv_cmd_buffer *cmd)
{
   if (cmd->occlusion.active && cmd->stream_open && cmd->open.type == AGXV_CS_VDM)
      cmd->open.render.cmd.isp_oclqry_base = cmd->occlusion.pool_va;
}

static void
no_work(struct agxv_cmd_buffer *cmd, void *data)
{
   (void)cmd;
   (void)data;
}

void
agxv_query_inherit(struct agxv_cmd_buffer *cmd, VkQueryControlFlags flags)
{
   struct agxv_occlusion_state *o = &cmd->occlusion;
   o->active = true;
   o->inherited = true;
   o->precise = flags & VK_QUERY_CONTROL_PRECISE_BIT;
   o->pool_va = 0; /* the executing primary's */
   o->query = 0;
}

bool
agxv_query_execute_begin(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary)
{
   struct agxv_occlusion_state *o = &cmd->occlusion;
   if (!secondary->occlusion.inherited || !cmd->rendering.active)
      return false;
   uint64_t base;
   if (o->active) {
      /* the value word of the active query: 2 x query 8-byte units past the pool */
      base = o->pool_va + 16ull * o->query;
   } else {
      /* no query: the secondary's counts land in a scratch word of this command buffer */
      struct agxv_upload_ptr scratch;
      if (agxv_upload_alloc(&cmd->data, 16, 16, &scratch) != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, VK_ERROR_OUT_OF_DEVICE_MEMORY);
         return false;
      }
      memset(scratch.cpu, 0, 16);
      base = scratch.gpu;
   }
   /* The part's render command counts at base; the primary's fields come back after it. */
   struct agxv_occlusion_state saved = *o;
   o->active = true;
   o->pool_va = base;
   agxv_rendering_split(cmd, no_work, NULL);
   o->active = saved.active;
   o->pool_va = saved.pool_va;
   return true;
}

void
agxv_query_execute_end(struct agxv_cmd_buffer *cmd)
{
   /* a new render command for the primary's own draws: its base again (start_render) */
   agxv_rendering_split(cmd, no_work, NULL);
   cmd->rendering.ppp_dirty |= AGXV_PPP_DIRTY_OCCLUSION;
}

unsigned
agxv_query_visibility(const struct agxv_cmd_buffer *cmd, uint32_t *index)
{
   *index = cmd->occlusion.active ? 2 * cmd->occlusion.query : 0;
   if (!cmd->occlusion.active)
      return AGX_VISIBILITY_MODE_NONE;
   return cmd->occlusion.precise ? AGX_VISIBILITY_MODE_COUNTING : AGX_VISIBILITY_MODE_BOOLEAN;
}

static void
begin_query(struct agxv_cmd_buffer *cmd, struct agxv_query_pool *pool, uint32_t query,
            VkQueryControlFlags flags, uint32_t stream)
{
   if (pool->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT && query < pool->count) {
      /* the vertex stream's record (agxv_cmd_xfb.c counts into it) */
      cmd->xfb.query_va[stream & 3] = pool->bo->va + (uint64_t)query * pool->stride;
      return;
   }
   if (pool->type == VK_QUERY_TYPE_PIPELINE_STATISTICS && query < pool->count) {
      agxv_stats_begin_query(cmd, pool, query);
      return;
   }
   if (pool->type != VK_QUERY_TYPE_OCCLUSION || query >= pool->count) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "vkCmdBeginQuery: unsupported query"));
      return;
   }
   struct agxv_occlusion_state *o = &cmd->occlusion;
   bool in_pass = cmd->rendering.active && cmd->stream_open && cmd->open.type == AGXV_CS_VDM;
   /* One pool per render command: another pool's counters need a new one. */
   if (in_pass && cmd->open.render.cmd.isp_oclqry_base &&
       cmd->open.render.cmd.isp_oclqry_base != pool->bo->va)
      agxv_rendering_split(cmd, no_work, NULL);
   o->active = true;
   o->precise = flags & VK_QUERY_CONTROL_PRECISE_BIT;
   o->pool_va = pool->bo->va;
   o->query = query;
   agxv_query_render_started(cmd);
   cmd->rendering.ppp_dirty |= AGXV_PPP_DIRTY_OCCLUSION;
}

static void
end_query(struct agxv_cmd_buffer *cmd, struct agxv_query_pool *pool, uint32_t query,
          uint32_t stream)
{
   struct agxv_occlusion_state *o = &cmd->occlusion;
   bool xfb = pool->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
   if (pool->type == VK_QUERY_TYPE_PIPELINE_STATISTICS && query < pool->count) {
      agxv_stats_end_query(cmd, pool, query);
      return;
   }
   if ((pool->type != VK_QUERY_TYPE_OCCLUSION && !xfb) || query >= pool->count)
      return;
   if (xfb) {
      cmd->xfb.query_va[stream & 3] = 0;
   } else {
      o->active = false;
      cmd->rendering.ppp_dirty |= AGXV_PPP_DIRTY_OCCLUSION;
   }
   /* Multiview: N consecutive queries (N = views in the mask); the first
    * counted every view's samples, the others keep their reset value 0 and
    * become available with it (hk_CmdEndQueryIndexedEXT zeroes them too). */
   uint32_t views = agxv_multiview_query_count(cmd);
   for (uint32_t i = 0; i < views && query + i < pool->count; i++)
      agxv_query_available(cmd,
                           pool->bo->va + (uint64_t)(query + i) * pool->stride + 8 * pool->values);
}

void
agxv_query_available(struct agxv_cmd_buffer *cmd, uint64_t avail)
{
   struct agxv_occlusion_state *o = &cmd->occlusion;
   if (!cmd->rendering.active) {
      fill(cmd, avail, 1, 1);
      return;
   }
   if (o->pending_count == AGXV_OCCLUSION_PENDING_MAX)
      agxv_rendering_split(cmd, no_work, NULL); /* ends the render command: flushes */
   o->pending[o->pending_count++] = avail;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
                   VkQueryControlFlags flags)
{
   begin_query(agxv_cmd_buffer_from_handle(commandBuffer), agxv_query_pool_from_handle(queryPool),
               query, flags, 0);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query)
{
   end_query(agxv_cmd_buffer_from_handle(commandBuffer), agxv_query_pool_from_handle(queryPool),
             query, 0);
}

/* Transform feedback stream queries (VK_EXT_transform_feedback): index =
 * the vertex stream (0-3, maxTransformFeedbackStreams); other types take
 * index 0. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
                             VkQueryControlFlags flags, uint32_t index)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_query_pool *pool = agxv_query_pool_from_handle(queryPool);
   bool stream = pool && pool->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
   if (index != 0 && !(stream && index < 4)) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "query index %u", index));
      return;
   }
   begin_query(cmd, pool, query, flags, index);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
                           uint32_t index)
{
   if (index < 4)
      end_query(agxv_cmd_buffer_from_handle(commandBuffer), agxv_query_pool_from_handle(queryPool),
                query, index);
}
