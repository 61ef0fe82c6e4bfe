/*
 * Transfer commands on buffers, run as the precompiled OpenCL helper kernels of
 * cl_kernels/agx_transfer.cl (argument structs in agx_transfer.h): vkCmdFillBuffer,
 * vkCmdUpdateBuffer, vkCmdCopyBuffer(2). They count as dispatches for pipeline barriers,
 * like any compute work.
 */
#include <string.h>

#include "agxv_buffer.h"
#include "agx_cl_kernels.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_meta.h"
#include "agx_transfer.h"

/* One launch covers at most this many dwords, so 32-bit counts and group counts never
 * overflow. */
#define CHUNK_DWORDS (1ull << 28)

static uint32_t
groups_for(uint64_t items)
{
   return (uint32_t)((items + AGX_TRANSFER_GROUP_SIZE - 1) / AGX_TRANSFER_GROUP_SIZE);
}

void
agxv_meta_fill(struct agxv_cmd_buffer *cmd, uint64_t va, uint64_t dwords, uint32_t value)
{
   for (uint64_t done = 0; done < dwords; done += CHUNK_DWORDS) {
      uint64_t n = dwords - done < CHUNK_DWORDS ? dwords - done : CHUNK_DWORDS;
      struct agx_fill_args args = {.dst = va + done * 4, .count = (uint32_t)n, .value = value};
      agxv_dispatch_kernel(cmd, AGX_CL_FILL, groups_for(n), &args, sizeof(args));
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                   VkDeviceSize size, uint32_t data)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_buffer *dst = agxv_buffer_from_handle(dstBuffer);
   if (size == VK_WHOLE_SIZE)
      size = (dst->size - dstOffset) & ~(VkDeviceSize)3; /* whole dwords only */
   agxv_meta_fill(cmd, dst->va + dstOffset, size / 4, data);
}

/* Copies `size` bytes between GPU addresses (any alignment), size < 4 * CHUNK_DWORDS. */
static void
copy(struct agxv_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint64_t size)
{
   if (size == 0)
      return;
   if (((src | dst | size) & 3) == 0) {
      struct agx_copy_args args = {.src = src, .dst = dst, .count = (uint32_t)(size / 4)};
      agxv_dispatch_kernel(cmd, AGX_CL_COPY, groups_for(size / 4), &args, sizeof(args));
      return;
   }
   /* Dword-aligned addresses plus byte offsets; one invocation per destination dword. */
   struct agx_copy_bytes_args args = {.src = src & ~3ull,
                                      .dst = dst & ~3ull,
                                      .src_byte = (uint32_t)(src & 3),
                                      .dst_byte = (uint32_t)(dst & 3),
                                      .size = (uint32_t)size};
   agxv_dispatch_kernel(cmd, AGX_CL_COPY_BYTES, groups_for((args.dst_byte + size + 3) / 4), &args,
                        sizeof(args));
}

static void
copy_region(struct agxv_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint64_t size)
{
   const uint64_t chunk = CHUNK_DWORDS * 4;
   for (uint64_t done = 0; done < size; done += chunk)
      copy(cmd, src + done, dst + done, size - done < chunk ? size - done : chunk);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkBuffer dstBuffer,
                   uint32_t regionCount, const VkBufferCopy *pRegions)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_buffer *src = agxv_buffer_from_handle(srcBuffer),
                      *dst = agxv_buffer_from_handle(dstBuffer);
   for (uint32_t r = 0; r < regionCount; r++)
      copy_region(cmd, src->va + pRegions[r].srcOffset, dst->va + pRegions[r].dstOffset,
                  pRegions[r].size);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyBuffer2(VkCommandBuffer commandBuffer, const VkCopyBufferInfo2 *pInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_buffer *src = agxv_buffer_from_handle(pInfo->srcBuffer);
   struct agxv_buffer *dst = agxv_buffer_from_handle(pInfo->dstBuffer);
   for (uint32_t r = 0; r < pInfo->regionCount; r++)
      copy_region(cmd, src->va + pInfo->pRegions[r].srcOffset,
                  dst->va + pInfo->pRegions[r].dstOffset, pInfo->pRegions[r].size);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                     VkDeviceSize dataSize, const void *pData)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_buffer *dst = agxv_buffer_from_handle(dstBuffer);
   if (dataSize == 0)
      return;
   /* The data is snapshotted into upload memory now, then copied on the GPU. */
   struct agxv_upload_ptr staging;
   VkResult result = agxv_upload_alloc(&cmd->data, (uint32_t)dataSize, 16, &staging);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   memcpy(staging.cpu, pData, dataSize);
   copy(cmd, staging.gpu, dst->va + dstOffset, dataSize);
}
