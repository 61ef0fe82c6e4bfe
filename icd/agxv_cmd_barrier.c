/*
 * Pipeline barriers for compute (and inside render passes: see barrier()). Within one CDM stream, launches may
 * overlap and caches are not coherent between them, so a dependency
 * between dispatches needs a CDM Barrier word. The meaning of most of its
 * bits is not publicly known; Mesa's drivers set bits 0-19 (plus what they
 * call the designed set) after every launch and report that anything less
 * broke blits. We emit that same word, but only where the application
 * asked for a dependency and a dispatch was recorded since the last one.
 * Work in different command buffers is ordered by the kernel (one compute
 * command each, serialised by the submission barriers).
 */
#include "agxv_clear.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agx_pack.h"

void
agxv_cmd_emit_cdm_barrier(struct agxv_cmd_buffer *cmd)
{
   if (!cmd->dispatch_since_barrier)
      return;
   struct agxv_cs *cs = agxv_cmd_cs(cmd, AGXV_CS_CDM);
   void *p = agxv_cs_reserve(cs, AGX_CDM_BARRIER_LENGTH);
   if (!p) {
      agxv_cmd_set_error(cmd, cs->status);
      return;
   }
   agxv_push(p, CDM_BARRIER, cfg) {
      cfg.unk_0 = cfg.unk_1 = cfg.unk_2 = cfg.usc_cache_inval = true;
      cfg.unk_4 = cfg.unk_5 = cfg.unk_6 = cfg.unk_7 = cfg.unk_8 = cfg.unk_9 = true;
      cfg.unk_10 = cfg.unk_11 = cfg.unk_12 = cfg.unk_13 = cfg.unk_14 = true;
      cfg.unk_15 = cfg.unk_16 = cfg.unk_17 = cfg.unk_18 = cfg.unk_19 = true;
   }
   cmd->dispatch_since_barrier = false;
}

static void
no_work(struct agxv_cmd_buffer *cmd, void *data)
{
}

/* Inside a render pass a barrier can only be a self-dependency making
 * attachment (or storage) writes visible to later reads of the same subpass
 * (input attachments, feedback loops, fragment-shader stores read by the next
 * draw). Those read memory (agxv_render_pass.h), so the render command ends
 * storing every attachment and the pass resumes in a new one
 * (agxv_rendering_split). A secondary continuing its primary's pass has no
 * render command of its own: the barrier becomes a part of it at which the
 * primary splits its pass when it executes the secondary. */
void
agxv_cmd_render_pass_barrier(struct agxv_cmd_buffer *cmd)
{
   if (!cmd->rendering.active)
      return;
   if (cmd->rendering.inherited) {
      struct agxv_cmd_stream part = {.type = AGXV_CS_VDM, .barrier = true};
      agxv_cmd_append_part(cmd, &part);
      agxv_rendering_reopen_inherited(cmd);
      return;
   }
   agxv_rendering_split(cmd, no_work, NULL);
}

static void
barrier(struct agxv_cmd_buffer *cmd)
{
   if (cmd->rendering.active)
      agxv_cmd_render_pass_barrier(cmd);
   else
      agxv_cmd_emit_cdm_barrier(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPipelineBarrier(VkCommandBuffer commandBuffer, VkPipelineStageFlags srcStageMask,
                        VkPipelineStageFlags dstStageMask, VkDependencyFlags dependencyFlags,
                        uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
                        uint32_t bufferMemoryBarrierCount,
                        const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                        uint32_t imageMemoryBarrierCount,
                        const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   barrier(agxv_cmd_buffer_from_handle(commandBuffer));
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPipelineBarrier2(VkCommandBuffer commandBuffer, const VkDependencyInfo *pDependencyInfo)
{
   barrier(agxv_cmd_buffer_from_handle(commandBuffer));
}
