/*
 * Transfer commands on buffers, run as the driver's own compute shaders
 * (agx_meta.h): vkCmdFillBuffer, vkCmdUpdateBuffer, vkCmdCopyBuffer(2).
 * They count as dispatches for pipeline barriers, like any compute work.
 */
#include <string.h>

#include "agx_buffer.h"
#include "agx_cmd_buffer.h"
#include "agx_device.h"
#include "agx_meta.h"

static struct agx_pipeline *
meta(struct agx_cmd_buffer *cmd, enum agx_meta_kernel kernel)
{
   struct agx_pipeline *pipeline = NULL;
   VkResult result = agx_meta_get(cmd->device, kernel, &pipeline);
   if (result != VK_SUCCESS)
      agx_cmd_set_error(cmd, result);
   return pipeline;
}

static uint32_t
groups_for(uint64_t items)
{
   return (uint32_t)((items + AGX_META_GROUP_SIZE - 1) / AGX_META_GROUP_SIZE);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                  VkDeviceSize size, uint32_t data)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   struct agx_buffer *dst = agx_buffer_from_handle(dstBuffer);
   if (size == VK_WHOLE_SIZE)
      size = (dst->size - dstOffset) & ~(VkDeviceSize)3; /* whole dwords only */
   if (size == 0)
      return;
   struct agx_pipeline *pipeline = meta(cmd, AGX_META_FILL);
   if (!pipeline)
      return;
   struct agx_internal_buffer buf = {dst->va + dstOffset, size};
   const uint32_t push[2] = {(uint32_t)(size / 4), data};
   agx_cmd_dispatch_internal(cmd, pipeline, &buf, 1, push, sizeof(push), groups_for(size / 4));
}

/* Copies `size` bytes between GPU addresses (any alignment). */
static void
copy(struct agx_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint64_t size)
{
   if (size == 0)
      return;
   if (((src | dst | size) & 3) == 0) {
      struct agx_pipeline *pipeline = meta(cmd, AGX_META_COPY_ALIGNED);
      if (!pipeline)
         return;
      struct agx_internal_buffer bufs[2] = {{src, size}, {dst, size}};
      const uint32_t push[1] = {(uint32_t)(size / 4)};
      agx_cmd_dispatch_internal(cmd, pipeline, bufs, 2, push, sizeof(push), groups_for(size / 4));
      return;
   }
   struct agx_pipeline *pipeline = meta(cmd, AGX_META_COPY);
   if (!pipeline)
      return;
   /* Bind both at dword-aligned addresses; the shader works in bytes. */
   uint32_t src_byte = src & 3, dst_byte = dst & 3;
   struct agx_internal_buffer bufs[2] = {{src & ~3ull, size + src_byte + 3},
                                         {dst & ~3ull, size + dst_byte + 3}};
   const uint32_t push[3] = {src_byte, dst_byte, (uint32_t)size};
   uint64_t dst_words = (dst_byte + size + 3) / 4;
   agx_cmd_dispatch_internal(cmd, pipeline, bufs, 2, push, sizeof(push), groups_for(dst_words));
}

/* One dispatch moves at most this much, so 32-bit counts never overflow. */
#define COPY_CHUNK (1ull << 30)

static void
copy_region(struct agx_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint64_t size)
{
   for (uint64_t done = 0; done < size; done += COPY_CHUNK)
      copy(cmd, src + done, dst + done, size - done < COPY_CHUNK ? size - done : COPY_CHUNK);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkBuffer dstBuffer,
                  uint32_t regionCount, const VkBufferCopy *pRegions)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   struct agx_buffer *src = agx_buffer_from_handle(srcBuffer), *dst = agx_buffer_from_handle(dstBuffer);
   for (uint32_t r = 0; r < regionCount; r++)
      copy_region(cmd, src->va + pRegions[r].srcOffset, dst->va + pRegions[r].dstOffset,
                  pRegions[r].size);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdCopyBuffer2(VkCommandBuffer commandBuffer, const VkCopyBufferInfo2 *pInfo)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   struct agx_buffer *src = agx_buffer_from_handle(pInfo->srcBuffer);
   struct agx_buffer *dst = agx_buffer_from_handle(pInfo->dstBuffer);
   for (uint32_t r = 0; r < pInfo->regionCount; r++)
      copy_region(cmd, src->va + pInfo->pRegions[r].srcOffset, dst->va + pInfo->pRegions[r].dstOffset,
                  pInfo->pRegions[r].size);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                    VkDeviceSize dataSize, const void *pData)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   struct agx_buffer *dst = agx_buffer_from_handle(dstBuffer);
   if (dataSize == 0)
      return;
   /* The data is snapshotted into upload memory now, then copied on the GPU. */
   struct agx_upload_ptr staging;
   VkResult result = agx_upload_alloc(&cmd->data, (uint32_t)dataSize, 16, &staging);
   if (result != VK_SUCCESS) {
      agx_cmd_set_error(cmd, result);
      return;
   }
   memcpy(staging.cpu, pData, dataSize);
   copy(cmd, staging.gpu, dst->va + dstOffset, dataSize);
}
