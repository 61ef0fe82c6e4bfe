/*
 * Pipelines with a geometry shader (emulation.md §3, §4; Honeykrisp's
 * variants, Mesa src/asahi/vulkan/hk_shader.c): the vertex shader is
 * compiled as a compute kernel writing its outputs to the draw's input
 * buffer (AGXV_GS_VS_SW), the geometry shader twice: as the compute kernel
 * over (input primitive, instance) that writes the index buffer of the
 * DYNAMIC_INDEXED shape (AGXV_GS_MAIN), and as the hardware vertex shader
 * that re-runs it for one emitted vertex (AGXV_GS_RAST), which takes the
 * pipeline's vertex stage slot so draws link it with the fragment shader
 * like any vertex shader.
 *
 * The software VS fetches vertex attributes itself (agx_vbo_lower_sw: every
 * attribute the static vertex input state describes; dynamic vertex input
 * is refused). Clip/cull distances written by the vertex shader reach the
 * geometry shader (two input records each, layout/agx_gs.h). After
 * tessellation the evaluation shader's software variant takes the vertex
 * shader's place (no gs_vs_sw here).
 */
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_shader_compile.h"
#include "agxv_shader_module.h"
#include "agx_vbo_prolog.h"
#include "agxv_vbo.h"

/* Compiles one variant of a stage: 0 or a VkResult error. */
static VkResult
compile_variant(struct agxv_device *device, const VkPipelineShaderStageCreateInfo *stage,
                const struct agxv_pipeline_layout *layout, enum agxv_gs_variant variant,
                uint64_t input_mask, const struct agx_vbo_key *vbo, unsigned rast_stream,
                struct agxv_compile_gfx_result *out)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(stage, &module_tmp);
   if (!module)
      return agxv_error(VK_ERROR_UNKNOWN, "stage 0x%x without a shader module", stage->stage);
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
      .gs_rast_stream = rast_stream,
   };
   char err[512] = "";
   int ret = variant == AGXV_GS_RAST ? agxv_compile_graphics(&req, NULL, out, err, sizeof(err))
                                     : agxv_compile_compute(&req, &out->r, err, sizeof(err));
   agxv_free(&device->alloc, spec);
   if (ret)
      return agxv_error(VK_ERROR_UNKNOWN, "cannot compile the %s of \"%s\": %s",
                        variant == AGXV_GS_VS_SW  ? "software vertex shader"
                        : variant == AGXV_GS_MAIN ? "geometry kernel"
                                                  : "geometry rasterization shader",
                        stage->pName, err);
   return VK_SUCCESS;
}

static VkResult
make_compute(struct agxv_device *device, struct agxv_compile_gfx_result *c,
             struct agxv_pipeline **out)
{
   VkResult result =
      agxv_compute_pipeline_create(device, c->r.code, c->r.size, &c->r.info, &device->alloc, out);
   agxv_compile_result_free(&c->r);
   return result;
}

/* The vertex shader as compute (the software VS fetches every attribute the
 * vertex input state describes); *mask: the slots it writes. */
static VkResult
compile_vs_sw(struct agxv_device *device, struct agxv_pipeline *pipeline,
              const VkPipelineShaderStageCreateInfo *vs, const struct agxv_pipeline_layout *layout,
              uint64_t *mask)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_compile_gfx_result c = {0};
   struct agx_vbo_key key;
   VkResult result = agxv_vbo_sw_key(pipeline->graphics, &key, &gfx->gs_vbo);
   if (result != VK_SUCCESS)
      return result;
   gfx->gs_has_vbo = key.num_attribs > 0;
   result =
      compile_variant(device, vs, layout, AGXV_GS_VS_SW, 0, gfx->gs_has_vbo ? &key : NULL, 0, &c);
   if (result != VK_SUCCESS)
      return result;
   *mask = c.r.gs_output_mask;
   return make_compute(device, &c, &gfx->gs_vs_sw);
}

VkResult
agxv_gs_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                         const VkPipelineShaderStageCreateInfo *vs,
                         const VkPipelineShaderStageCreateInfo *gs,
                         const struct agxv_pipeline_layout *layout)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   if (!vs)
      return agxv_error(VK_ERROR_UNKNOWN, "geometry shader without a vertex shader");
   struct agxv_compile_gfx_result c = {0};
   uint64_t mask;
   VkResult result;
   if (gfx->has_tess) {
      /* after tessellation the evaluation shader's software variant fills the
       * input buffer (agxv_graphics_pipeline_tess.c) */
      mask = gfx->tess_tes_mask;
   } else {
      result = compile_vs_sw(device, pipeline, vs, layout, &mask);
      if (result != VK_SUCCESS)
         return result;
   }
   /* the vertex stream rasterized (transform feedback captures them all) */
   unsigned rast_stream = pipeline->graphics->rs.rasterization_stream;
   result = compile_variant(device, gs, layout, AGXV_GS_MAIN, mask, NULL, rast_stream, &c);
   if (result != VK_SUCCESS)
      return result;
   gfx->gs = c.r.gs;
   gfx->gs_input_mask = mask;
   result = make_compute(device, &c, &gfx->gs_main);
   if (result == VK_SUCCESS)
      result = compile_variant(device, gs, layout, AGXV_GS_RAST, mask, NULL, rast_stream, &c);
   if (result != VK_SUCCESS)
      return result;
   /* transform feedback of the GS's outputs (agxv_graphics_pipeline_xfb.c) */
   result = agxv_xfb_gs_pipeline_compile(device, gfx, gs, layout);
   if (result != VK_SUCCESS) {
      agxv_compile_result_free(&c.r);
      return result;
   }
   gfx->has_gs = true;
   gfx->uvs = c.vs.uvs;
   gfx->vs_reads_draw_params = false;
   result = agxv_pipeline_upload_stage(device, pipeline, AGXV_STAGE_VERTEX, c.r.code, c.r.size,
                                       &c.r.info);
   agxv_compile_result_free(&c.r);
   return result;
}

void
agxv_gs_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx)
{
   if (gfx->gs_vs_sw)
      agxv_pipeline_destroy(device, gfx->gs_vs_sw, &device->alloc);
   if (gfx->gs_main)
      agxv_pipeline_destroy(device, gfx->gs_main, &device->alloc);
   gfx->gs_vs_sw = gfx->gs_main = NULL;
}
