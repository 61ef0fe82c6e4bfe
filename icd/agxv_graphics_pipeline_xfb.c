/*
 * Pipelines whose vertex shader captures transform feedback (agxv_xfb.h):
 * the vertex shader is compiled a second time as the geometry-shader path's
 * software variant (AGXV_GS_VS_SW: a compute kernel writing every output
 * slot to 16-byte records, layout/agx_gs.h input_buffer), kept in
 * gfx->gs_vs_sw (freed with the geometry variants), and the compiler's
 * transform feedback words (compiler/ir/agx_xfb.h) become the capture table
 * of cl_kernels/agx_xfb_args.h, ranked by the slots the software variant writes.
 * Assumes: called after the stages compiled, for pipelines without a
 * geometry shader; static vertex input state (as the software fetch).
 */
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_shader_compile.h"
#include "agxv_shader_module.h"
#include "agx_gs.h"
#include "agx_vbo_prolog.h"
#include "agxv_vbo.h"
#include "agxv_xfb.h"

bool
agxv_xfb_module_has_xfb(const uint32_t *words, size_t count)
{
   /* SPIR-V: a 5-word header, then instructions (word count << 16 | opcode);
    * OpExecutionMode (16) %entry Xfb (11) */
   for (size_t i = 5; i < count;) {
      uint32_t wc = words[i] >> 16, op = words[i] & 0xFFFF;
      if (wc == 0)
         return false;
      if (op == 16 && wc >= 3 && i + 2 < count && words[i + 2] == 11)
         return true;
      i += wc;
   }
   return false;
}

/* The capture table from the compiler's words and the written slots. */
static VkResult
build_table(struct agxv_xfb_pipeline *x, const struct agx_xfb_info *info, uint64_t written)
{
   memset(x->table, 0, sizeof(x->table));
   for (unsigned b = 0; b < AGX_XFB_MAX_BUFFERS; b++)
      x->table[b] = info->stride[b];
   for (uint32_t i = 0; i < info->count; i++) {
      const struct agx_xfb_output *o = &info->out[i];
      if (o->stream > 3 || o->comp >= 4 || (o->offset & 3) || !info->stride[o->buffer])
         return agxv_error(VK_ERROR_UNKNOWN,
                           "transform feedback word (slot %u, comp %u, offset %u) not capturable",
                           o->slot, o->comp, o->offset);
      bool w = o->slot < 64 && (written >> o->slot) & 1;
      uint32_t rank = w ? agx_gs_slot_rank(written, o->slot) : 0;
      x->table[4 + i] = o->offset | (uint32_t)o->buffer << 16 | (uint32_t)o->comp << 18 |
                        (uint32_t)o->stream << 21 | (uint32_t)w << 23 | rank << 24;
   }
   x->entries = info->count;
   x->enabled = true;
   return VK_SUCCESS;
}

/* Compiles `stage` as a compute variant of the geometry-shader path
 * (AGXV_GS_VS_SW or AGXV_GS_XFB); r freed by the caller. */
static VkResult
compile_sw(struct agxv_device *device, const VkPipelineShaderStageCreateInfo *stage,
           const struct agxv_pipeline_layout *layout, enum agxv_gs_variant variant,
           uint64_t input_mask, const struct agx_vbo_key *vbo, struct agxv_compile_result *r)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(stage, &module_tmp);
   struct agxv_spec_constant *spec;
   uint32_t spec_count;
   VkResult result =
      agxv_read_specialization(device, stage->pSpecializationInfo, &spec, &spec_count);
   if (result != VK_SUCCESS)
      return result;
   struct agxv_compile_request req = {
      .words = module->words,
      .word_count = module->word_count,
      .entry = stage->pName,
      .spec = spec,
      .spec_count = spec_count,
      .set_layouts = layout ? layout->sets : NULL,
      .set_count = layout ? layout->set_count : 0,
      .print_disasm = agxv_debug(AGXV_DEBUG_SHADERS),
      .no_preamble = agxv_debug(AGXV_DEBUG_NOPREAMBLE),
      .robust_buffer_access = device->robust_buffer_access,
      .gs_variant = variant,
      .gs_input_mask = input_mask,
      .gs_vbo = vbo,
   };
   char err[512] = "";
   int ret = agxv_compile_compute(&req, r, err, sizeof(err));
   agxv_free(&device->alloc, spec);
   if (ret)
      return agxv_error(VK_ERROR_UNKNOWN, "cannot compile the transform feedback %s of \"%s\": %s",
                        variant == AGXV_GS_XFB ? "geometry kernel" : "vertex shader", stage->pName,
                        err);
   return VK_SUCCESS;
}

/* The table from a compiled variant (nothing if it captures nothing). */
VkResult
agxv_xfb_take_variant(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
                      struct agxv_compile_result *r, struct agxv_pipeline **out)
{
   VkResult result = VK_SUCCESS;
   if (r->xfb.count) {
      result = build_table(&gfx->xfb, &r->xfb, r->gs_output_mask);
      if (result == VK_SUCCESS)
         result =
            agxv_compute_pipeline_create(device, r->code, r->size, &r->info, &device->alloc, out);
   }
   agxv_compile_result_free(r);
   return result;
}

VkResult
agxv_xfb_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                          const VkPipelineShaderStageCreateInfo *vs,
                          const struct agxv_pipeline_layout *layout)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(vs, &module_tmp);
   if (!module || !agxv_xfb_module_has_xfb(module->words, module->word_count))
      return VK_SUCCESS;
   struct agx_vbo_key key;
   VkResult result = agxv_vbo_sw_key(pipeline->graphics, &key, &gfx->gs_vbo);
   if (result != VK_SUCCESS)
      return result;
   gfx->gs_has_vbo = key.num_attribs > 0;
   struct agxv_compile_result r = {0};
   result = compile_sw(device, vs, layout, AGXV_GS_VS_SW, 0, gfx->gs_has_vbo ? &key : NULL, &r);
   if (result != VK_SUCCESS)
      return result;
   gfx->gs_input_mask = r.gs_output_mask;
   return agxv_xfb_take_variant(device, gfx, &r, &gfx->gs_vs_sw);
}

VkResult
agxv_xfb_gs_pipeline_compile(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
                             const VkPipelineShaderStageCreateInfo *gs,
                             const struct agxv_pipeline_layout *layout)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(gs, &module_tmp);
   if (!module || !agxv_xfb_module_has_xfb(module->words, module->word_count))
      return VK_SUCCESS;
   struct agxv_compile_result r = {0};
   VkResult result = compile_sw(device, gs, layout, AGXV_GS_XFB, gfx->gs_input_mask, NULL, &r);
   if (result != VK_SUCCESS)
      return result;
   gfx->xfb.gs_record_size = 16u * (1u + (uint32_t)__builtin_popcountll(r.gs_output_mask));
   gfx->xfb.gs_streams = r.gs.xfb_streams ? r.gs.xfb_streams : 1;
   return agxv_xfb_take_variant(device, gfx, &r, &gfx->xfb.gs_xfb);
}

void
agxv_xfb_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx)
{
   if (gfx->xfb.gs_xfb)
      agxv_pipeline_destroy(device, gfx->xfb.gs_xfb, &device->alloc);
   gfx->xfb.gs_xfb = NULL;
}
