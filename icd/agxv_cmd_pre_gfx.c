/*
 * The pre-graphics compute stream (emulation.md §2; Honeykrisp's pre_gfx
 * control stream, Mesa src/asahi/vulkan/hk_cmd_buffer.h): compute work a
 * draw inside a render pass needs before the render runs (geometry-shader
 * emulation). It is one CDM stream per render stream, opened by the first
 * agxv_cmd_pre_gfx_begin of the pass, written into the command buffer's
 * CDM builder (idle while the render stream is open) and submitted right
 * before the render stream (agxv_cmd_pre_gfx_close, from close_stream), so
 * the render command waits for it like for any earlier command.
 *
 * Assumes: a render stream is open while recording into it; launches in
 * it are ordered by CDM barriers like in any compute stream
 * (agxv_cmd_emit_cdm_barrier sees its own dispatch_since_barrier while
 * recording). Secondary command buffers use it only for work that reads
 * nothing written inside the render pass (agxv_cmd_pre_gfx_begin_any_level:
 * the draw-count kernel); their pre-graphics stream becomes a part of its
 * own (ending in Stream Return, marked pre_gfx) before the render part, and
 * a primary executing it inside a render pass calls it from its own
 * pre-graphics stream (agxv_cmd_pre_gfx_call), outside one from its compute
 * stream. Geometry-shader and tessellation work (which use the device's
 * geometry heap per render) stays refused in secondaries.
 */
#include "agxv_cmd_buffer.h"
#include "agxv_log.h"

static bool
begin(struct agxv_cmd_buffer *cmd, bool any_level)
{
   struct agxv_pre_gfx *pg = &cmd->pre_gfx;
   if (!cmd->stream_open || cmd->open.type != AGXV_CS_VDM) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "pre-graphics work outside a render"));
      return false;
   }
   if (!any_level && cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                                         "pre-graphics work in a secondary command buffer"));
      return false;
   }
   struct agxv_cs *cs = &cmd->cs[AGXV_CS_CDM];
   if (!pg->open) {
      if (!agxv_cs_reserve(cs, 0)) {
         agxv_cmd_set_error(cmd, cs->status);
         return false;
      }
      pg->stream = (struct agxv_cmd_stream){.type = AGXV_CS_CDM};
      pg->stream.start_va = agxv_cs_next_va(cs, &pg->stream.end_va);
      pg->open = true;
      pg->dispatch_since_barrier = false;
      pg->heap_used = false;
   }
   pg->recording = true;
   pg->saved_dispatch_since_barrier = cmd->dispatch_since_barrier;
   cmd->dispatch_since_barrier = pg->dispatch_since_barrier;
   return true;
}

bool
agxv_cmd_pre_gfx_begin(struct agxv_cmd_buffer *cmd)
{
   return begin(cmd, false);
}

bool
agxv_cmd_pre_gfx_begin_any_level(struct agxv_cmd_buffer *cmd)
{
   return begin(cmd, true);
}

bool
agxv_cmd_pre_gfx_call(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *part)
{
   if (!cmd->rendering.active || !cmd->stream_open || cmd->open.type != AGXV_CS_VDM)
      return false;
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return true; /* error set */
   struct agxv_cs *cs = &cmd->cs[AGXV_CS_CDM];
   agxv_cs_call(cs, part->start_va);
   if (cs->status != VK_SUCCESS)
      agxv_cmd_set_error(cmd, cs->status);
   /* its launches may need ordering against later pre-graphics work */
   cmd->dispatch_since_barrier = true;
   agxv_cmd_pre_gfx_end(cmd);
   return true;
}

void
agxv_cmd_pre_gfx_end(struct agxv_cmd_buffer *cmd)
{
   struct agxv_pre_gfx *pg = &cmd->pre_gfx;
   if (!pg->recording)
      return;
   pg->recording = false;
   pg->dispatch_since_barrier = cmd->dispatch_since_barrier;
   cmd->dispatch_since_barrier = pg->saved_dispatch_since_barrier;
}

bool
agxv_cmd_pre_gfx_close(struct agxv_cmd_buffer *cmd, struct agxv_cmd_stream *out)
{
   struct agxv_pre_gfx *pg = &cmd->pre_gfx;
   agxv_cmd_pre_gfx_end(cmd);
   if (!pg->open)
      return false;
   pg->open = false;
   struct agxv_cs *cs = &cmd->cs[AGXV_CS_CDM];
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY)
      agxv_cs_return(cs);
   else
      agxv_cs_terminate(cs);
   if (cs->status != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, cs->status);
      return false;
   }
   *out = pg->stream;
   out->pre_gfx = cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY;
   return true;
}
