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
#include "agx_query.h"

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

   void *map = NULL;
   VkResult result = agxv_bo_create(device, (uint64_t)pool->count * AGXV_QUERY_STRIDE,
                                    AGXV_BO_WRITEBACK, "query pool", &pool->bo);
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
   memset(map, 0, (size_t)pool->count * AGXV_QUERY_STRIDE);
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
   memset(pool->map + (size_t)firstQuery * AGXV_QUERY_STRIDE, 0,
          (size_t)queryCount * AGXV_QUERY_STRIDE);
}

static uint32_t
availability(const struct agxv_query_pool *pool, uint32_t query)
{
   return __atomic_load_n((const uint32_t *)(pool->map + (size_t)query * AGXV_QUERY_STRIDE + 8),
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
      if (i * stride + elem > dataSize)
         break;
      bool avail = availability(pool, q) != 0;
      /* The submitted segment that makes it available will run: poll. */
      while (!avail && (flags & VK_QUERY_RESULT_WAIT_BIT)) {
         if (agxv_device_is_lost(device))
            return VK_ERROR_DEVICE_LOST;
         nanosleep(&(struct timespec){0, 20000}, NULL);
         avail = availability(pool, q) != 0;
      }
      if (avail) {
         uint64_t v;
         memcpy(&v, pool->map + (size_t)q * AGXV_QUERY_STRIDE, 8);
         put_result(dst, flags, v);
      } else {
         result = VK_NOT_READY;
         if (flags & VK_QUERY_RESULT_PARTIAL_BIT)
            put_result(dst, flags, 0);
      }
      if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
         put_result(dst + elem, flags, avail ? 1 : 0);
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
   fill(cmd, pool->bo->va + (uint64_t)firstQuery * AGXV_QUERY_STRIDE,
        queryCount * (AGXV_QUERY_STRIDE / 4), 0);
}

static void
write_timestamp(struct agxv_cmd_buffer *cmd, struct agxv_query_pool *pool, uint32_t query)
{
   agxv_cmd_split(cmd, pool->ts_object, query * AGXV_QUERY_STRIDE);
   fill(cmd, pool->bo->va + (uint64_t)query * AGXV_QUERY_STRIDE + 8, 1, 1);
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
      .availability = pool->bo->va + 8,
      .results = pool->bo->va,
      .dst = dst->va + dstOffset,
      .dst_stride = stride,
      .first_query = firstQuery,
      .query_count = queryCount,
      .values_per_query = 1,
      .flags = flags,
      .availability_stride = AGXV_QUERY_STRIDE,
      .results_stride = AGXV_QUERY_STRIDE,
   };
   agxv_dispatch_kernel(cmd, AGX_CL_COPY_QUERY,
                        (queryCount + AGX_QUERY_GROUP_SIZE - 1) / AGX_QUERY_GROUP_SIZE, &args,
                        sizeof(args));
}
