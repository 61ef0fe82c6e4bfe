/*
 * CDM control-stream walker: Launch (direct, indirect global, indirect
 * local), Stream Link (jump, and call with return), Stream Return, Barrier,
 * Stream Terminate.
 *
 * Assumes (genxml/agx_cdm.xml, shared/reference/hardware.md section 6):
 * blocks are little-endian words whose first word has the block type in
 * bits 29-31; a Launch is Word 0, Word 1, [CDM Unk G14X on G14X], then
 * Global size or Indirect, then Local size unless the mode is Indirect
 * local. Global sizes count threads; the indirect record holds the same
 * words in memory (3 x u32 global size, then 3 x u32 local size for
 * Indirect local) - the hardware reading the Global size words from memory
 * is an assumption, not documented. A grid whose size is not a multiple of
 * the threadgroup size gets partial threadgroups at the end. Launches run
 * to completion in stream order, which satisfies every Barrier; a Barrier
 * with Returns set returns from a call like Stream Return. Calls nest at
 * most AGX_SIM_CDM_DEPTH deep (the hardware limit is not documented).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_sim_cdm.h"

#define AGX_SIM_CDM_DEPTH 8
#define AGX_SIM_CDM_MAX_BLOCKS (1u << 22)

static bool
launch(struct agx_sim_gpu *gpu, const struct agx_sim_cdm_cmd *cmd, uint64_t *va)
{
   uint8_t words[8];
   if (!agx_sim_usc_read(gpu, *va, words, 8))
      return false;
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   if (!AGX_CDM_LAUNCH_WORD_0_unpack(NULL, words, &w0) ||
       !AGX_CDM_LAUNCH_WORD_1_unpack(NULL, words + 4, &w1)) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, *va, "invalid CDM Launch at 0x%llx",
                        (unsigned long long)*va);
      return false;
   }
   uint64_t p = *va + 8;
   if (cmd->g14x)
      p += AGX_CDM_UNK_G14X_LENGTH;

   uint32_t global[3], local[3];
   if (w0.mode == AGX_CDM_MODE_DIRECT) {
      uint8_t b[24];
      struct AGX_CDM_GLOBAL_SIZE g;
      struct AGX_CDM_LOCAL_SIZE l;
      if (!agx_sim_usc_read(gpu, p, b, 24))
         return false;
      AGX_CDM_GLOBAL_SIZE_unpack(NULL, b, &g);
      AGX_CDM_LOCAL_SIZE_unpack(NULL, b + 12, &l);
      global[0] = g.x, global[1] = g.y, global[2] = g.z;
      local[0] = l.x, local[1] = l.y, local[2] = l.z;
      p += 24;
   } else if (w0.mode == AGX_CDM_MODE_INDIRECT_GLOBAL || w0.mode == AGX_CDM_MODE_INDIRECT_LOCAL) {
      uint8_t b[8];
      struct AGX_CDM_INDIRECT ind;
      if (!agx_sim_usc_read(gpu, p, b, 8))
         return false;
      AGX_CDM_INDIRECT_unpack(NULL, b, &ind);
      uint64_t addr = ((uint64_t)ind.address_hi << 32) | ind.address_lo;
      p += 8;
      uint32_t rec[6];
      bool loc = w0.mode == AGX_CDM_MODE_INDIRECT_LOCAL;
      if (!agx_sim_usc_read(gpu, addr, rec, loc ? 24 : 12))
         return false;
      memcpy(global, rec, 12);
      if (loc) {
         memcpy(local, rec + 3, 12);
      } else {
         uint8_t lb[12];
         struct AGX_CDM_LOCAL_SIZE l;
         if (!agx_sim_usc_read(gpu, p, lb, 12))
            return false;
         AGX_CDM_LOCAL_SIZE_unpack(NULL, lb, &l);
         local[0] = l.x, local[1] = l.y, local[2] = l.z;
         p += 12;
      }
   } else {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, *va, "unknown CDM launch mode %u",
                        (unsigned)w0.mode);
      return false;
   }
   *va = p;

   uint64_t threads = (uint64_t)local[0] * local[1] * local[2];
   if (threads == 0 || threads > 1024) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, *va, "threadgroup of %u x %u x %u threads",
                        local[0], local[1], local[2]);
      return false;
   }
   struct agx_sim_dispatch *d =
      agx_sim_usc_state_create(gpu, gpu->usc_base + w1.pipeline, w0.preshader_register_count,
                               cmd->sampler_heap, cmd->sampler_count);
   if (!d)
      return false;
   uint64_t ti = gpu->thread_insns, si = gpu->sg_insns, rd = gpu->mem_read, wr = gpu->mem_write;
   bool ok = agx_sim_usc_run_grid(gpu, d, global, local);
   agx_sim_usc_state_destroy(d);
   if (gpu->stats)
      /* AGX_SIM_STATS: one line per launch before the command's own line */
      fprintf(gpu->stats,
              "agx-sim-stats:   launch pipeline=0x%x grid=%ux%ux%u local=%ux%ux%u"
              " thread_insns=%" PRIu64 " simd_insns=%" PRIu64 " bytes_read=%" PRIu64
              " bytes_written=%" PRIu64 "\n",
              (unsigned)w1.pipeline, global[0], global[1], global[2], local[0], local[1], local[2],
              gpu->thread_insns - ti, gpu->sg_insns - si, gpu->mem_read - rd, gpu->mem_write - wr);
   return ok;
}

static bool
run_stream(struct agx_sim_gpu *gpu, const struct agx_sim_cdm_cmd *cmd)
{
   uint64_t stack[AGX_SIM_CDM_DEPTH];
   unsigned depth = 0;
   uint64_t va = cmd->stream_base;

   for (unsigned n = 0; n < AGX_SIM_CDM_MAX_BLOCKS; n++) {
      uint8_t b[8];
      if (!agx_sim_usc_read(gpu, va, b, 4))
         return false;
      unsigned type = b[3] >> 5;
      switch (type) {
      case AGX_CDM_BLOCK_TYPE_LAUNCH:
         if (!launch(gpu, cmd, &va))
            return false;
         break;
      case AGX_CDM_BLOCK_TYPE_STREAM_LINK: {
         struct AGX_CDM_STREAM_LINK l;
         if (!agx_sim_usc_read(gpu, va, b, 8))
            return false;
         if (!AGX_CDM_STREAM_LINK_unpack(NULL, b, &l))
            goto invalid;
         if (l.with_return) {
            if (depth == AGX_SIM_CDM_DEPTH) {
               agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, va, "CDM calls nested deeper than %u",
                                 AGX_SIM_CDM_DEPTH);
               return false;
            }
            stack[depth++] = va + AGX_CDM_STREAM_LINK_LENGTH;
         }
         va = ((uint64_t)l.target_hi << 32) | l.target_lo;
         break;
      }
      case AGX_CDM_BLOCK_TYPE_STREAM_TERMINATE: {
         struct AGX_CDM_STREAM_TERMINATE t;
         if (!agx_sim_usc_read(gpu, va, b, 8))
            return false;
         if (!AGX_CDM_STREAM_TERMINATE_unpack(NULL, b, &t))
            goto invalid;
         return true;
      }
      case AGX_CDM_BLOCK_TYPE_BARRIER: {
         struct AGX_CDM_BARRIER bar;
         if (!AGX_CDM_BARRIER_unpack(NULL, b, &bar))
            goto invalid;
         if (bar.returns)
            goto do_return;
         va += AGX_CDM_BARRIER_LENGTH;
         break;
      }
      case AGX_CDM_BLOCK_TYPE_STREAM_RETURN: {
         struct AGX_CDM_STREAM_RETURN r;
         if (!agx_sim_usc_read(gpu, va, b, 8))
            return false;
         if (!AGX_CDM_STREAM_RETURN_unpack(NULL, b, &r))
            goto invalid;
      do_return:
         if (depth == 0) {
            agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, va, "CDM return at 0x%llx without a call",
                              (unsigned long long)va);
            return false;
         }
         va = stack[--depth];
         break;
      }
      default:
         goto invalid;
      }
   }
   agx_sim_usc_error(gpu, AGX_SIM_GPU_TIMEOUT, va, "CDM stream did not terminate after %u blocks",
                     AGX_SIM_CDM_MAX_BLOCKS);
   return false;
invalid:
   agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, va, "invalid CDM block at 0x%llx",
                     (unsigned long long)va);
   return false;
}

/* The helper program lives for the whole command: END goes out after the
 * stream ends (usc/agx_sim_helper.h). */
bool
agx_sim_cdm_run(struct agx_sim_gpu *gpu, const struct agx_sim_cdm_cmd *cmd)
{
   if (!agx_sim_usc_helper_begin(gpu, cmd->helper_binary, cmd->helper_cfg, cmd->helper_data))
      return false;
   bool ok = run_stream(gpu, cmd);
   return agx_sim_usc_helper_end(gpu) && ok;
}
