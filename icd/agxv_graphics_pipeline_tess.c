/*
 * Pipelines with tessellation (emulation.md §3, §7; Honeykrisp's variants,
 * Mesa src/asahi/vulkan/hk_shader.c): the vertex shader compiled as a
 * compute kernel writing its outputs to a buffer (the geometry path's
 * AGXV_GS_VS_SW variant, layout/agx_gs.h), the control shader as a compute
 * kernel over patches (AGX_TESS_TCS: outputs and levels in the
 * control-shader buffer, layout/agx_tess_params.h) and the evaluation
 * shader as the hardware vertex shader over the generated domain points
 * (AGX_TESS_TES), which takes the pipeline's vertex stage slot so draws
 * link it with the fragment shader like any vertex shader. With a geometry
 * shader after it, the evaluation shader runs as compute instead
 * (compile_tes_sw) and the geometry shader's rasterization variant takes
 * the vertex slot (agxv_graphics_pipeline_gs.c). Tessellation modes may be
 * declared in either stage (the evaluation shader's win).
 *
 * Assumes: static vertex input for the software vertex fetch
 * (agxv_vbo_sw_key).
 */
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_shader_compile.h"
#include "agxv_shader_module.h"
#include "agx_passes.h"
#include "agx_tess_params.h"
#include "agx_vbo_prolog.h"
#include "agxv_vbo.h"
#include "agxv_xfb.h"

/* The fields of a compile request every variant shares. */
static VkResult
begin_request(struct agxv_device *device, const VkPipelineShaderStageCreateInfo *stage,
              const struct agxv_pipeline_layout *layout, struct agxv_compile_request *req,
              struct agxv_spec_constant **spec)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(stage, &module_tmp);
   if (!module)
      return agxv_error(VK_ERROR_UNKNOWN, "stage 0x%x without a shader module", stage->stage);
   uint32_t spec_count;
   VkResult result =
      agxv_read_specialization(device, stage->pSpecializationInfo, spec, &spec_count);
   if (result != VK_SUCCESS)
      return result;
   *req = (struct agxv_compile_request){
      .words = module->words,
      .word_count = module->word_count,
      .entry = stage->pName,
      .spec = *spec,
      .spec_count = spec_count,
      .set_layouts = layout ? layout->sets : NULL,
      .set_count = layout ? layout->set_count : 0,
      .print_disasm = agxv_debug(AGXV_DEBUG_SHADERS),
      .no_preamble = agxv_debug(AGXV_DEBUG_NOPREAMBLE),
      .robust_buffer_access = device->robust_buffer_access,
   };
   return VK_SUCCESS;
}

/* Compiles req as a compute kernel into *out (a compute pipeline). */
static VkResult
compile_compute(struct agxv_device *device, const struct agxv_compile_request *req,
                const char *what, struct agxv_compile_result *r, struct agxv_pipeline **out)
{
   char err[512] = "";
   if (agxv_compile_compute(req, r, err, sizeof(err)))
      return agxv_error(VK_ERROR_UNKNOWN, "cannot compile the %s \"%s\": %s", what, req->entry,
                        err);
   VkResult result =
      agxv_compute_pipeline_create(device, r->code, r->size, &r->info, &device->alloc, out);
   agxv_compile_result_free(r);
   return result;
}

static VkResult
compile_vs_sw(struct agxv_device *device, struct agxv_pipeline *pipeline,
              const VkPipelineShaderStageCreateInfo *vs, const struct agxv_pipeline_layout *layout)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agx_vbo_key key;
   VkResult result = agxv_vbo_sw_key(pipeline->graphics, &key, &gfx->tess_vbo);
   if (result != VK_SUCCESS)
      return result;
   gfx->tess_has_vbo = key.num_attribs > 0;
   struct agxv_compile_request req;
   struct agxv_spec_constant *spec = NULL;
   result = begin_request(device, vs, layout, &req, &spec);
   if (result != VK_SUCCESS)
      return result;
   req.gs_variant = AGXV_GS_VS_SW;
   req.gs_vbo = gfx->tess_has_vbo ? &key : NULL;
   struct agxv_compile_result r = {0};
   result = compile_compute(device, &req, "software vertex shader", &r, &gfx->tess_vs_sw);
   gfx->tess_vs_mask = r.gs_output_mask;
   agxv_free(&device->alloc, spec);
   return result;
}

static VkResult
compile_tcs(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
            const VkPipelineShaderStageCreateInfo *tcs, const struct agxv_pipeline_layout *layout,
            struct agxv_compile_result *r)
{
   struct agxv_compile_request req;
   struct agxv_spec_constant *spec = NULL;
   VkResult result = begin_request(device, tcs, layout, &req, &spec);
   if (result != VK_SUCCESS)
      return result;
   req.tess_variant = 1 + AGX_TESS_TCS;
   req.tess_input_mask = gfx->tess_vs_mask;
   result = compile_compute(device, &req, "tessellation control kernel", r, &gfx->tess_tcs);
   agxv_free(&device->alloc, spec);
   return result;
}

/* The tessellation modes: the evaluation shader's, else the control
 * shader's. */
static VkResult
merge_modes(struct agxv_graphics_pipeline *gfx, const struct agx_tess_info *t,
            const struct agxv_compile_result *tcs)
{
   const struct agx_tess_info *k = &tcs->tess;
   gfx->tess.domain = t->domain ? t->domain : k->domain;
   gfx->tess.spacing = t->spacing ? t->spacing : k->spacing;
   gfx->tess.order = t->order ? t->order : k->order;
   gfx->tess.point_mode = t->point_mode || k->point_mode;
   gfx->tess.output_vertices = tcs->tess_output_vertices;
   if (!gfx->tess.domain || !gfx->tess.spacing)
      return agxv_error(VK_ERROR_UNKNOWN, "tessellation without a domain or spacing");
   return VK_SUCCESS;
}

/* In front of a geometry shader (Honeykrisp runs the evaluation shader as
 * the geometry path's software vertex stage, hk_cmd_draw.c
 * hk_launch_gs_prerast): the evaluation shader lowered to a vertex shader
 * over the domain points, then run as compute over the tessellated draw's
 * indices (AGXV_GS_VS_SW), its outputs in the geometry shader's input
 * buffer (layout/agx_gs.h). */
static VkResult
compile_tes_sw(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
               struct agxv_compile_request *req, const struct agxv_compile_result *tcs)
{
   req->gs_variant = AGXV_GS_VS_SW;
   struct agxv_compile_result r = {0};
   struct agx_tess_info modes;
   char err[512] = "";
   if (agxv_compile_compute(req, &r, err, sizeof(err)))
      return agxv_error(VK_ERROR_UNKNOWN,
                        "cannot compile the tessellation evaluation kernel \"%s\": %s", req->entry,
                        err);
   modes = r.tess;
   gfx->tess_tes_mask = r.gs_output_mask;
   VkResult result = agxv_compute_pipeline_create(device, r.code, r.size, &r.info, &device->alloc,
                                                  &gfx->tess_tes_sw);
   agxv_compile_result_free(&r);
   return result == VK_SUCCESS ? merge_modes(gfx, &modes, tcs) : result;
}

/* The evaluation shader's software variant for transform feedback without
 * a geometry shader (agxv_cmd_xfb_draw_tess): the same variant as in front
 * of a geometry shader, its records read by the capture kernel. */
static VkResult
compile_tes_xfb(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
                struct agxv_compile_request req)
{
   req.gs_variant = AGXV_GS_VS_SW;
   struct agxv_compile_result r = {0};
   char err[512] = "";
   if (agxv_compile_compute(&req, &r, err, sizeof(err)))
      return agxv_error(VK_ERROR_UNKNOWN,
                        "cannot compile the tessellation evaluation capture kernel \"%s\": %s",
                        req.entry, err);
   gfx->tess_tes_mask = r.gs_output_mask;
   return agxv_xfb_take_variant(device, gfx, &r, &gfx->tess_tes_sw);
}

/* The evaluation shader as the vertex stage, or as compute in front of a
 * geometry shader (gs_follows); with its software variant too when it
 * captures transform feedback (gfx->tess_xfb). */
static VkResult
compile_tes(struct agxv_device *device, struct agxv_pipeline *pipeline,
            const VkPipelineShaderStageCreateInfo *tes, const struct agxv_pipeline_layout *layout,
            const struct agxv_compile_result *tcs, bool gs_follows)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_compile_request req;
   struct agxv_spec_constant *spec = NULL;
   VkResult result = begin_request(device, tes, layout, &req, &spec);
   if (result != VK_SUCCESS)
      return result;
   req.tess_variant = 1 + AGX_TESS_TES;
   req.tess_vertex_mask = tcs->tess_vertex_mask;
   req.tess_patch_mask = tcs->tess_patch_mask;
   req.tess_output_vertices = tcs->tess_output_vertices;
   req.tess_domain = tcs->tess.domain;
   if (gs_follows) {
      result = compile_tes_sw(device, gfx, &req, tcs);
      agxv_free(&device->alloc, spec);
      return result;
   }
   if (gfx->tess_xfb) {
      result = compile_tes_xfb(device, gfx, req);
      if (result != VK_SUCCESS) {
         agxv_free(&device->alloc, spec);
         return result;
      }
   }
   struct agxv_compile_gfx_result c;
   char err[512] = "";
   int ret = agxv_compile_graphics(&req, NULL, &c, err, sizeof(err));
   agxv_free(&device->alloc, spec);
   if (ret)
      return agxv_error(VK_ERROR_UNKNOWN,
                        "cannot compile the tessellation evaluation shader \"%s\": %s", tes->pName,
                        err);
   result = merge_modes(gfx, &c.r.tess, tcs);
   if (result != VK_SUCCESS) {
      agxv_compile_result_free(&c.r);
      return result;
   }
   gfx->uvs = c.vs.uvs;
   gfx->vs_reads_draw_params = false;
   result = agxv_pipeline_upload_stage(device, pipeline, AGXV_STAGE_VERTEX, c.r.code, c.r.size,
                                       &c.r.info);
   agxv_compile_result_free(&c.r);
   return result;
}

VkResult
agxv_tess_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                           const VkPipelineShaderStageCreateInfo *vs,
                           const VkPipelineShaderStageCreateInfo *tcs,
                           const VkPipelineShaderStageCreateInfo *tes, bool gs_follows,
                           const struct agxv_pipeline_layout *layout)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   if (!vs || !tcs || !tes)
      return agxv_error(VK_ERROR_UNKNOWN, "tessellation without a vertex, control or "
                                          "evaluation shader");
   VkResult result = compile_vs_sw(device, pipeline, vs, layout);
   struct agxv_compile_result r = {0};
   if (result == VK_SUCCESS)
      result = compile_tcs(device, gfx, tcs, layout, &r);
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *tes_module = agxv_stage_module(tes, &module_tmp);
   gfx->tess_xfb = !gs_follows && tes_module &&
                   agxv_xfb_module_has_xfb(tes_module->words, tes_module->word_count);
   if (result == VK_SUCCESS)
      result = compile_tes(device, pipeline, tes, layout, &r, gs_follows);
   if (result != VK_SUCCESS)
      return result;
   gfx->tess_stride =
      agx_tess_tcs_stride(r.tess_patch_mask, r.tess_vertex_mask, r.tess_output_vertices);
   gfx->has_tess = true;
   return VK_SUCCESS;
}

void
agxv_tess_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx)
{
   if (gfx->tess_vs_sw)
      agxv_pipeline_destroy(device, gfx->tess_vs_sw, &device->alloc);
   if (gfx->tess_tcs)
      agxv_pipeline_destroy(device, gfx->tess_tcs, &device->alloc);
   if (gfx->tess_tes_sw)
      agxv_pipeline_destroy(device, gfx->tess_tes_sw, &device->alloc);
   gfx->tess_vs_sw = gfx->tess_tcs = gfx->tess_tes_sw = NULL;
}
