/*
 * vkCmdDrawIndirectCount / vkCmdDrawIndexedIndirectCount (core 1.2
 * drawIndirectCount, VK_KHR_draw_indirect_count). The count lives in GPU
 * memory and is never read by the CPU; the VDM has no count register. As
 * Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c hk_draw_indirect_count,
 * libagx libagx_predicate_indirect), a kernel in the render's pre-graphics
 * stream (agxv_cmd_pre_gfx.c, submitted before the render command) copies
 * the records into a packed array of maxDrawCount records in upload memory,
 * zeroing every record at or past the count (cl_kernels/agx_draw_count.cl);
 * the render command then draws all maxDrawCount records as ordinary
 * indirect draws (agxv_cmd_draw_indirect_records): a zeroed record has no
 * vertices and no instances and draws nothing.
 *
 * Geometry-shader and tessellation pipelines go through the same records:
 * their own pre-graphics kernels read them after a CDM barrier. Transform
 * feedback refuses indirect draws (agxv_cmd_xfb.c) and so refuses these.
 *
 * Secondary command buffers too: their pre-graphics part runs before the
 * executing primary's render (agxv_cmd_pre_gfx_execute).
 *
 * Assumes: records and the count 4-byte aligned (Vulkan requires it); the
 * application made the count and records visible to DRAW_INDIRECT before the
 * render pass (the pre-graphics stream runs before any draw of the pass).
 */
#include "agx_cl_kernels.h"
#include "agx_draw_count.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_cmd_draw_indirect.h"
#include "agxv_log.h"
#include "agxv_meta.h"

static void
draw_indirect_count(struct agxv_cmd_buffer *cmd, VkBuffer buffer, VkDeviceSize offset,
                    VkBuffer count_buffer, VkDeviceSize count_offset, uint32_t max_draws,
                    uint32_t stride, bool indexed)
{
   if (!max_draws)
      return;
   if (!cmd->rendering.active) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "draw outside a render pass"));
      return;
   }
   uint32_t words = indexed ? 5 : 4;
   uint64_t bytes = (uint64_t)max_draws * words * 4;
   /* every record is also a VDM draw recorded on the CPU: a count this
    * large cannot be recorded anyway */
   if (bytes > (1ull << 30)) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                         "maxDrawCount %u is too large to record", max_draws));
      return;
   }
   struct agxv_upload_ptr patched;
   VkResult result = agxv_upload_alloc(&cmd->data, (uint32_t)bytes, 16, &patched);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   struct agx_draw_count_args args = {
      .in = agxv_buffer_from_handle(buffer)->va + offset,
      .out = patched.gpu,
      .count = agxv_buffer_from_handle(count_buffer)->va + count_offset,
      .stride = stride,
      .max_draws = max_draws,
      .words = words,
   };
   /* a secondary continuing a pass opens its render stream at its first draw */
   struct agxv_cs *vdm = agxv_cmd_cs(cmd, AGXV_CS_VDM);
   if (vdm->status != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, vdm->status);
      return;
   }
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return;
   agxv_dispatch_kernel(cmd, AGX_CL_DRAW_COUNT,
                        (max_draws + AGX_DRAW_COUNT_GROUP_SIZE - 1) / AGX_DRAW_COUNT_GROUP_SIZE,
                        &args, sizeof(args));
   /* geometry-shader and tessellation draws read the records in this stream */
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_pre_gfx_end(cmd);
   agxv_cmd_draw_indirect_records(cmd, patched.gpu, max_draws, words * 4, indexed);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
                          VkBuffer countBuffer, VkDeviceSize countBufferOffset,
                          uint32_t maxDrawCount, uint32_t stride)
{
   draw_indirect_count(agxv_cmd_buffer_from_handle(commandBuffer), buffer, offset, countBuffer,
                       countBufferOffset, maxDrawCount, stride, false);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndexedIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
                                 VkDeviceSize offset, VkBuffer countBuffer,
                                 VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
                                 uint32_t stride)
{
   draw_indirect_count(agxv_cmd_buffer_from_handle(commandBuffer), buffer, offset, countBuffer,
                       countBufferOffset, maxDrawCount, stride, true);
}
