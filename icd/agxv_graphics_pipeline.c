/*
 * vkCreateGraphicsPipelines: parse the state (agxv_graphics_state), compile
 * the vertex and fragment stages (the fragment one once, followed by the
 * output epilog of the static blend state, agxv_blend.h), upload both, and keep what draws link at record
 * time (UVS layout, CF bindings). See agxv_graphics_pipeline.h.
 */
#include "agxv_graphics_pipeline.h"

#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agx_fs_epilog_key.h"
#include "agxv_blend.h"
#include "agxv_cull_fs.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_format.h"
#include "agxv_fs_sample_loops.h"
#include "agxv_fs_variants.h"
#include "agxv_vs_variants.h"
#include "agxv_graphics_pipeline_cache.h"
#include "agxv_graphics_pipeline_library.h"
#include "agxv_pipeline_cache.h"
#include "agxv_log.h"
#include "agxv_query_stats.h"
#include "agxv_pipeline_feedback.h"
#include "agxv_shader_compile.h"
#include "agxv_shader_module.h"

bool
agxv_tib_layout(struct agx_tilebuffer_layout *tib, const VkFormat *formats, uint32_t count,
                uint32_t samples)
{
   enum agx_tib_format f[AGX_TIB_MAX_RTS] = {AGX_TIB_NONE};
   if (count > AGX_TIB_MAX_RTS)
      return false;
   for (uint32_t i = 0; i < count; i++) {
      if (formats[i] == VK_FORMAT_UNDEFINED)
         continue;
      f[i] = agxv_format_tib(formats[i]);
      if (f[i] == AGX_TIB_NONE)
         return false;
   }
   return agx_tilebuffer_layout(tib, f, count, samples ? samples : 1);
}

/* The static multisample state the fragment shader applies
 * (agx_pass_lower_coverage): samples outside pSampleMask[0] are killed,
 * alpha to coverage over rasterizationSamples, alpha to one. */
struct agx_coverage_options
agxv_gpl_coverage_options(const struct agxv_graphics_state *s)
{
   unsigned samples = s->ms.rasterization_samples ? (unsigned)s->ms.rasterization_samples : 1;
   uint32_t all = samples >= 8 ? 0xFFu : (1u << samples) - 1;
   struct agx_coverage_options o = {
      .sample_kill = (uint8_t)(~s->ms.sample_mask & all),
      .a2c_samples = s->ms.alpha_to_coverage_enable ? (uint8_t)samples : 0,
      .alpha_to_one = s->ms.alpha_to_one_enable,
      .samples = (uint8_t)samples,
      /* sampleRateShading: at least minSampleShading x samples invocations
       * per pixel; more than one means one per sample (a per-sample loop) */
      .sample_shading =
         s->ms.sample_shading_enable && s->ms.min_sample_shading * (float)samples > 1.0f,
   };
   return o;
}

/* Whether a main fragment program compiled with the multisample state
 * `was` (info fs) serves a pipeline whose state is `now`: one that applies
 * the state itself (coverage_in_main) only for the same state; one that
 * leaves it to the output epilog for any, unless `now` makes it loop over
 * the samples (agx_backend.c: samples > 1 with per-sample inputs or sample
 * shading), which it was not compiled to do. */
static bool
coverage_fits(const struct agx_fs_info *fs, const struct agx_coverage_options *was,
              const struct agx_coverage_options *now)
{
   if (fs->coverage_in_main)
      return !memcmp(was, now, sizeof(*now));
   return !(now->samples > 1 && (fs->per_sample || now->sample_shading));
}

VkResult
agxv_graphics_compile_main(struct agxv_device *device, const VkPipelineShaderStageCreateInfo *stage,
                           const struct agxv_pipeline_layout *layout,
                           const struct agx_tilebuffer_layout *tib,
                           const struct agx_coverage_options *coverage, uint32_t view,
                           const struct agxv_subpass_tiles *tiles,
                           const struct agx_uvs_layout *pre_uvs,
                           const struct agxv_gpl_precompiled *pre,
                           const struct agx_fs_epilog_key *epilog_key, struct agxv_cache_use *cu,
                           struct agxv_compile_gfx_result *out)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(stage, &module_tmp);
   enum agxv_stage which = agxv_stage_from_vk(stage->stage);
   if (!module)
      return agxv_error(VK_ERROR_UNKNOWN, "graphics stage 0x%x without a shader module",
                        stage->stage);
   if (which != AGXV_STAGE_VERTEX && which != AGXV_STAGE_FRAGMENT)
      return agxv_error(VK_ERROR_UNKNOWN, "shader stage 0x%x is not supported yet", stage->stage);
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
      .fs_epilog = which == AGXV_STAGE_FRAGMENT,
   };
   if (which == AGXV_STAGE_FRAGMENT && coverage)
      req.coverage = *coverage;
   /* fragment: the cull distances the pre-rasterisation stages write
    * (compiled first, agxv_graphics_pipeline_build); it kills the
    * fragments of culled primitives. ViewportIndex reads 0 when the last
    * of them does not write it (agx_uvs.h AGX_UVS_LOC_VIEWPORT). */
   if (which == AGXV_STAGE_FRAGMENT && pre_uvs) {
      req.cull_distances = pre_uvs->cull_count;
      req.viewport_zero = pre_uvs->offset[AGX_UVS_LOC_VIEWPORT][0] == AGX_UVS_NONE;
   }
   /* multiview: each view renders to its layer (hk_lower_multiview) */
   /* fragment: input attachments read the view's layer */
   req.multiview = (view & AGXV_VIEW_MULTIVIEW) != 0;
   req.view_index_is_device_index = (view & AGXV_VIEW_DEVICE_INDEX) != 0;
   /* fragment: input attachments of a merged subpass read with ld_tile */
   if (which == AGXV_STAGE_FRAGMENT && tiles && tiles->merged)
      req.tiles = tiles;
   /* A library's main shader (agxv_graphics_pipeline_library.h), if it was
    * compiled for what this pipeline needs. */
   const struct agxv_compile_gfx_result *done = NULL;
   if (pre && pre->vs_view == view && which == AGXV_STAGE_VERTEX)
      done = pre->vs;
   /* (a fragment library is compiled without cull distances and reads the
    * ViewportIndex varying: with cull distances, or reading a viewport
    * index the linked stage does not write, the shader is compiled again) */
   if (pre && pre->fs_view == view && which == AGXV_STAGE_FRAGMENT && pre->fs &&
       coverage_fits(&pre->fs->fs, &pre->fs_coverage, &req.coverage) && !req.cull_distances &&
       !(req.viewport_zero && pre->fs->fs.input_comps[AGX_UVS_LOC_VIEWPORT]) && !req.tiles)
      done = pre->fs;
   /* per-sample loops inline the epilog: a library's shader that needs one
    * is compiled again with the key */
   if (which == AGXV_STAGE_FRAGMENT) {
      req.fs_epilog_key = epilog_key;
      if (done && done->fs.sample_loop_deferred && epilog_key)
         done = NULL;
   }
   char err[512] = "";
   int ret;
   if (done) {
      ret = agxv_compile_result_copy(done, out, err, sizeof(err));
   } else {
      /* the pipeline cache, then the compiler */
      uint64_t start = agxv_feedback_now();
      uint8_t key[AGXV_SHA1_SIZE];
      bool hit = false;
      if (cu && cu->cache) {
         agxv_gfx_cache_key(&req, which, tib, key);
         hit = agxv_gfx_cache_lookup(cu, key, stage->stage, out);
      }
      if (!hit && cu && cu->fail_on_compile) {
         agxv_free(&device->alloc, spec);
         return VK_PIPELINE_COMPILE_REQUIRED;
      }
      ret = 0;
      if (!hit) {
         __atomic_fetch_add(&device->graphics_compiles, 1, __ATOMIC_RELAXED);
         ret = agxv_compile_graphics(&req, tib, out, err, sizeof(err));
         if (!ret && out->stage == which)
            agxv_gfx_cache_store(cu, key, out);
      }
      unsigned bit = (unsigned)__builtin_ctz((unsigned)stage->stage);
      if (cu && bit < 5)
         cu->stage_ns[bit] += agxv_feedback_now() - start;
   }
   agxv_free(&device->alloc, spec);
   if (ret)
      return agxv_error(VK_ERROR_UNKNOWN, "cannot compile %s shader \"%s\": %s",
                        which == AGXV_STAGE_VERTEX ? "vertex" : "fragment", stage->pName, err);
   if (out->stage != which) {
      agxv_compile_result_free(&out->r);
      return agxv_error(VK_ERROR_UNKNOWN, "entry point \"%s\" is not of stage 0x%x", stage->pName,
                        stage->stage);
   }
   return VK_SUCCESS;
}

static VkResult
compile_stage(struct agxv_device *device, struct agxv_pipeline *pipeline,
              const VkPipelineShaderStageCreateInfo *stage,
              const struct agxv_pipeline_layout *layout, const struct agx_tilebuffer_layout *tib,
              const struct agxv_gpl_precompiled *pre)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   enum agxv_stage which = agxv_stage_from_vk(stage->stage);
   struct agx_coverage_options coverage = agxv_gpl_coverage_options(pipeline->graphics);
   struct agxv_compile_gfx_result out;
   struct agx_fs_epilog_key key;
   bool has_key =
      which == AGXV_STAGE_FRAGMENT && agxv_blend_key(pipeline->graphics, tib, &key) == VK_SUCCESS;
   VkResult result = agxv_graphics_compile_main(
      device, stage, layout, tib, &coverage, agxv_view_flags(pipeline->graphics, stage->stage),
      &pipeline->graphics->rp.tiles, which == AGXV_STAGE_FRAGMENT ? &gfx->uvs : NULL, pre,
      has_key ? &key : NULL, gfx->cache_use, &out);
   if (result != VK_SUCCESS)
      return result;
   const uint8_t *code = out.r.code;
   uint32_t size = out.r.size;
   struct agxv_shader_info info = out.r.info;
   uint8_t *linked = NULL;
   if (which == AGXV_STAGE_VERTEX && out.vs.attribs_read &&
       (pipeline->graphics->dynamic & AGXV_DYN_BIT(VI))) {
      /* dynamic vertex input: the slot keeps the unlinked main program (its
       * words); draws use the variant of the state in effect */
      result = gfx->vs_variants ? VK_SUCCESS
                                : agxv_vs_variants_create(device, code, size, &out.r.info,
                                                          out.vs.attribs_read, &gfx->vs_variants);
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
      gfx->has_vbo = true;
   } else if (which == AGXV_STAGE_VERTEX && out.vs.attribs_read) {
      result = agxv_vbo_link_vs(device, pipeline->graphics, out.vs.attribs_read, code, size,
                                &out.r.info, &linked, &size, &info, &gfx->vbo);
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
      gfx->has_vbo = true;
      code = linked;
   }
   /* the fragment stage counting its invocations (pipeline statistics); a
    * per-sample loop has its output epilog inlined at compilation, so its
    * counting copy is compiled again with the epilog key's statistics bit:
    * the inlined epilog then counts each pass of the loop (every sample of
    * the pixel runs the body; Vulkan lets an implementation count such
    * additional invocations, "Pipeline Statistics Queries") */
   if (which == AGXV_STAGE_FRAGMENT && device->pipeline_statistics && out.fs.sample_loop &&
       has_key) {
      struct agx_fs_epilog_key skey = key;
      skey.statistics = 1;
      struct agxv_compile_gfx_result sout;
      result = agxv_graphics_compile_main(
         device, stage, layout, tib, &coverage, agxv_view_flags(pipeline->graphics, stage->stage),
         &pipeline->graphics->rp.tiles, &gfx->uvs, NULL, &skey, gfx->cache_use, &sout);
      if (result == VK_SUCCESS) {
         result = agxv_pipeline_upload_stage(device, pipeline, AGXV_STAGE_FRAGMENT_STATS,
                                             sout.r.code, sout.r.size, &sout.r.info);
         agxv_compile_result_free(&sout.r);
      }
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
   } else if (which == AGXV_STAGE_FRAGMENT && device->pipeline_statistics) {
      result = agxv_stats_fs_variant(device, pipeline, tib, &out.fs, code, size, out.r.main_size,
                                     &out.r.info);
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
   }
   /* dynamic blend state or rasterization samples: draws link the epilog
    * of the state in effect (for the pass's tilebuffer layout) */
   if (which == AGXV_STAGE_FRAGMENT &&
       (pipeline->graphics->dynamic &
        (AGXV_FS_VARIANT_DYNAMIC | AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES))) &&
       !gfx->fs_variants) {
      result = agxv_fs_variants_create(device, pipeline->graphics, code, size, out.r.main_size,
                                       &out.r.info, &out.fs, tib, &gfx->fs_variants);
      /* dynamic samples: the per-sample loops of the counts that need one */
      if (result == VK_SUCCESS)
         result = agxv_fs_sample_loops(device, pipeline, stage, layout, &out.fs);
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
   }
   if (which == AGXV_STAGE_FRAGMENT) {
      result = agxv_blend_link_fs(pipeline->graphics, tib, &out.fs, code, size, out.r.main_size,
                                  &out.r.info, &linked, &size, &info, &gfx->pass_type);
      if (result != VK_SUCCESS) {
         agxv_compile_result_free(&out.r);
         return result;
      }
      code = linked;
   }
   if (which == AGXV_STAGE_VERTEX) {
      gfx->uvs = out.vs.uvs;
      gfx->vs_reads_draw_params = out.vs.reads_base_vertex || out.vs.reads_base_instance ||
                                  out.vs.reads_draw_id || out.vs.reads_instance_id;
   } else {
      gfx->has_fs = true;
      gfx->fs = out.fs;
      /* an epilog that kills samples: no hardware early Z (emit_usc_words) */
      if (agxv_blend_epilog_kills(pipeline->graphics, &out.fs))
         gfx->fs.writes_sample_mask = true;
   }
   result = agxv_pipeline_upload_stage(device, pipeline, which, code, size, &info);
   free(linked);
   agxv_compile_result_free(&out.r);
   return result;
}

/* A pipeline without a fragment shader whose last pre-rasterisation stage
 * writes cull distances, or whose sample mask kills samples, gets the empty
 * one (the cull test and the sample mask run there, agxv_cull_fs.h). */
static VkResult
compile_cull_fs(struct agxv_device *device, struct agxv_pipeline *pipeline,
                const struct agxv_pipeline_layout *layout)
{
   VkShaderModule module;
   VkResult result = agxv_cull_fs_module_create(device, &module);
   if (result != VK_SUCCESS)
      return result;
   const VkPipelineShaderStageCreateInfo st = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
      .module = module,
      .pName = "main"};
   result = compile_stage(device, pipeline, &st, layout, &pipeline->gfx->tib, NULL);
   agxv_cull_fs_module_destroy(device, module);
   return result;
}

VkResult
agxv_graphics_pipeline_build(struct agxv_device *device, struct agxv_pipeline *pipeline,
                             uint32_t stage_count, const VkPipelineShaderStageCreateInfo *stages,
                             const struct agxv_pipeline_layout *layout,
                             const struct agxv_gpl_precompiled *pre, struct agxv_cache_use *cu)
{
   /* The linkage (gfx) of the parsed state (pipeline->graphics). */
   const struct agxv_graphics_state *state = pipeline->graphics;
   pipeline->gfx =
      agxv_alloc(&device->alloc, sizeof(*pipeline->gfx), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pipeline->gfx)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   memset(gfx, 0, sizeof(*gfx));
   gfx->cache_use = cu;
   /* the pipeline's own program has the default epilog of its dynamic
    * blend state (draws pick theirs, agxv_fs_variants.h) */
   agxv_blend_reset_dynamic(pipeline->graphics);
   VkResult result = VK_SUCCESS;
   /* a merged subpass stores to its attachments' places in its group's
    * tilebuffer (agxv_render_pass_merge.c) */
   if (state->rp.tiles.merged)
      gfx->tib = state->rp.tiles.view;
   else if (!agxv_tib_layout(&gfx->tib, state->rp.color_formats, state->rp.color_attachment_count,
                             state->ms.rasterization_samples))
      result = agxv_error(VK_ERROR_UNKNOWN,
                          "colour formats the tilebuffer does not take (%u, the first %d, %u "
                          "samples)",
                          state->rp.color_attachment_count, (int)state->rp.color_formats[0],
                          (unsigned)state->ms.rasterization_samples);
   /* A geometry shader takes the vertex stage with it (agxv_graphics_pipeline_gs.c). */
   const VkPipelineShaderStageCreateInfo *vs = NULL, *gs = NULL;
   for (uint32_t i = 0; i < stage_count; i++) {
      if (stages[i].stage == VK_SHADER_STAGE_VERTEX_BIT)
         vs = &stages[i];
      if (stages[i].stage == VK_SHADER_STAGE_GEOMETRY_BIT)
         gs = &stages[i];
   }
   /* Tessellation takes the vertex and both tessellation stages
    * (agxv_graphics_pipeline_tess.c). */
   const VkPipelineShaderStageCreateInfo *tcs = NULL, *tes = NULL;
   for (uint32_t i = 0; i < stage_count; i++) {
      if (stages[i].stage == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT)
         tcs = &stages[i];
      if (stages[i].stage == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT)
         tes = &stages[i];
   }
   /* the geometry-shader and tessellation variants are compiled without
    * the cache */
   if (cu && (gs || tcs || tes)) {
      cu->uncached = true;
      if (result == VK_SUCCESS && cu->fail_on_compile)
         result = VK_PIPELINE_COMPILE_REQUIRED;
   }
   /* with both, the evaluation shader feeds the geometry shader */
   if (result == VK_SUCCESS && (tcs || tes))
      result = agxv_tess_pipeline_compile(device, pipeline, vs, tcs, tes, gs != NULL, layout);
   if (result == VK_SUCCESS && gs)
      result = agxv_gs_pipeline_compile(device, pipeline, vs, gs, layout);
   /* the fragment stage last: it tests the cull distances the
    * pre-rasterisation stages write (gfx->uvs.cull_count) */
   for (unsigned pass = 0; pass < 2; pass++)
      for (uint32_t i = 0; result == VK_SUCCESS && i < stage_count; i++) {
         const VkPipelineShaderStageCreateInfo *st = &stages[i];
         bool taken = ((gs || tes) && st == vs) || st == gs || st == tcs || st == tes;
         bool fragment = st->stage == VK_SHADER_STAGE_FRAGMENT_BIT;
         if (!taken && fragment == (pass == 1))
            result = compile_stage(device, pipeline, st, layout, &gfx->tib, pre);
      }
   /* ... and so does one whose static sample mask (pSampleMask) leaves out a
    * rasterised sample: the mask is applied by the fragment shader
    * (agx_pass_lower_coverage's sample_kill), so the empty one applies it */
   /* (with dynamic rasterization samples, a mask leaving out any of 4) */
   bool dyn_samples_kill = (state->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)) &&
                           (state->ms.sample_mask & 0xFu) != 0xFu;
   if (result == VK_SUCCESS && !gfx->has_fs &&
       (gfx->uvs.cull_count || agxv_gpl_coverage_options(state).sample_kill || dyn_samples_kill ||
        (state->dynamic & AGXV_DYN_BIT(MS_SAMPLE_MASK))))
      result = compile_cull_fs(device, pipeline, layout);
   /* transform feedback without a geometry shader captures the vertex
    * shader's outputs (agxv_graphics_pipeline_xfb.c); not after tessellation */
   if (result == VK_SUCCESS && vs && !gs && !tes)
      result = agxv_xfb_pipeline_compile(device, pipeline, vs, layout);
   /* (the transform feedback variant too) */
   if (cu && gfx->gs_vs_sw)
      cu->uncached = true;
   if (result == VK_SUCCESS && !(pipeline->stages & (1u << AGXV_STAGE_VERTEX)))
      result = agxv_error(VK_ERROR_UNKNOWN, "graphics pipeline without a vertex shader");
   if (result == VK_SUCCESS)
      agxv_graphics_pipeline_pack_words(pipeline);
   gfx->cache_use = NULL;
   return result;
}

static VkResult
create_graphics_pipeline(struct agxv_device *device, const VkGraphicsPipelineCreateInfo *info,
                         const VkAllocationCallbacks *alloc, struct agxv_cache_use *cu,
                         struct agxv_pipeline **out)
{
   if (agxv_gpl_applies(info))
      return agxv_gpl_create(device, info, alloc, cu, out);
   /* The parsed state (pipeline->graphics), then the stages. */
   struct agxv_pipeline *pipeline;
   VkResult result = agxv_graphics_pipeline_create(device, info, alloc, &pipeline);
   if (result != VK_SUCCESS)
      return result;
   result = agxv_graphics_pipeline_build(device, pipeline, info->stageCount, info->pStages,
                                         agxv_pipeline_layout_from_handle(info->layout), NULL, cu);
   if (result != VK_SUCCESS) {
      agxv_pipeline_destroy(device, pipeline, alloc);
      return result;
   }
   *out = pipeline;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateGraphicsPipelines(VkDevice _device, VkPipelineCache cache, uint32_t count,
                             const VkGraphicsPipelineCreateInfo *pCreateInfos,
                             const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   VkResult first_error = VK_SUCCESS;
   uint32_t i = 0;
   for (; i < count; i++) {
      struct agxv_pipeline *pipeline = NULL;
      uint64_t start = agxv_feedback_now();
      struct agxv_cache_use cu = {
         .cache = agxv_pipeline_cache_from_handle(cache),
         .fail_on_compile =
            (agxv_pipeline_create_flags(pCreateInfos[i].pNext, pCreateInfos[i].flags) &
             VK_PIPELINE_CREATE_2_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT_KHR) != 0,
      };
      VkResult result = create_graphics_pipeline(device, &pCreateInfos[i], alloc, &cu, &pipeline);
      if (result == VK_SUCCESS)
         agxv_feedback_write_graphics(pCreateInfos[i].pNext, pCreateInfos[i].pStages,
                                      pCreateInfos[i].stageCount, start, &cu);
      pPipelines[i] = result == VK_SUCCESS ? agxv_pipeline_to_handle(pipeline) : VK_NULL_HANDLE;
      /* an error outranks VK_PIPELINE_COMPILE_REQUIRED (a success code) */
      if (result != VK_SUCCESS && (first_error == VK_SUCCESS ||
                                   (first_error == VK_PIPELINE_COMPILE_REQUIRED && result < 0)))
         first_error = result;
      if (result != VK_SUCCESS &&
          (agxv_pipeline_create_flags(pCreateInfos[i].pNext, pCreateInfos[i].flags) &
           VK_PIPELINE_CREATE_2_EARLY_RETURN_ON_FAILURE_BIT_KHR)) {
         i++;
         break;
      }
   }
   for (; i < count; i++)
      pPipelines[i] = VK_NULL_HANDLE;
   return first_error;
}
