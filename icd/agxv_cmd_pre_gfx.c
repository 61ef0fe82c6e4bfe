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
 * recording). A secondary records its own pre-graphics stream (ending in
 * Stream Return), a part flagged pre_gfx before the VDM part it serves;
 * the primary calls it from its own pre-graphics stream (draws joining
 * the primary's render) or as a compute stream before the render the
 * secondary begins. Heap resets: a secondary's draws never reset the
 * geometry heap; the primary does (agx_gs_heap_reset) before the first
 * heap-using part of a render. Assumption: a secondary whose draws get a
 * render command of their own (agxv_rendering_execute's split) still has
 * its pre-graphics work in the render before: its heap allocations
 * survive unless a primary draw after it resets the heap in the new render.
 */
#include "agxv_cmd_buffer.h"
#include "agx_cl_kernels.h"
#include "agx_gs_setup.h"
#include "agxv_bo.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_meta.h"

bool
agxv_cmd_pre_gfx_begin(struct agxv_cmd_buffer *cmd)
{
   struct agxv_pre_gfx *pg = &cmd->pre_gfx;
   if (!cmd->stream_open || cmd->open.type != AGXV_CS_VDM) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "pre-graphics work outside a render"));
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
   bool secondary = cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY;
   if (secondary)
      agxv_cs_return(cs);
   else
      agxv_cs_terminate(cs);
   if (cs->status != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, cs->status);
      return false;
   }
   *out = pg->stream;
   out->pre_gfx = secondary;
   out->uses_heap = secondary && pg->heap_used;
   return true;
}

bool
agxv_cmd_pre_gfx_take_heap(struct agxv_cmd_buffer *cmd)
{
   struct agxv_pre_gfx *pg = &cmd->pre_gfx;
   bool reset = cmd->level == VK_COMMAND_BUFFER_LEVEL_PRIMARY && !pg->heap_used;
   pg->heap_used = true;
   return reset;
}

static void
reset_heap(struct agxv_cmd_buffer *cmd)
{
   struct agx_gs_heap_reset_args args = {.heap = cmd->device->gs_heap->va};
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_GS_HEAP_RESET, 1, &args, sizeof(args));
}

void
agxv_cmd_pre_gfx_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *part)
{
   if (part->uses_heap && !cmd->device->gs_heap) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "a secondary's heap draws without "
                                                           "the geometry heap"));
      return;
   }
   bool in_render = cmd->stream_open && cmd->open.type == AGXV_CS_VDM;
   struct agxv_cs *cs;
   if (in_render) {
      /* draws joining the primary's render: its pre-graphics stream */
      if (!agxv_cmd_pre_gfx_begin(cmd))
         return;
      if (part->uses_heap && agxv_cmd_pre_gfx_take_heap(cmd))
         reset_heap(cmd);
      cs = agxv_cmd_cs(cmd, AGXV_CS_CDM);
   } else {
      /* before a render the secondary begins (its heap is this render's) */
      cs = agxv_cmd_open_stream(cmd, AGXV_CS_CDM);
      if (part->uses_heap)
         reset_heap(cmd);
   }
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cs_call(cs, part->start_va);
   /* its launches are unordered against what follows */
   cmd->dispatch_since_barrier = true;
   if (cs->status != VK_SUCCESS)
      agxv_cmd_set_error(cmd, cs->status);
   if (in_render)
      agxv_cmd_pre_gfx_end(cmd);
}
