/*
 * Per-sample loop programs of pipelines with dynamic rasterization
 * samples: see agxv_fs_sample_loops.h.
 */
#include "agxv_fs_sample_loops.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_fs_epilog_key.h"
#include "agxv_alloc.h"
#include "agxv_blend.h"
#include "agxv_device.h"
#include "agxv_format.h"
#include "agxv_fs_variants.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_pipeline_library.h"
#include "agxv_log.h"

/* What draws compile a loop from: the stage, its set layouts, the
 * one-sample program's info; compiles serialised. */
struct agxv_fs_loop_source {
   struct agxv_gpl_stage stage;
   struct agxv_pipeline_layout layout;
   struct agx_fs_info one;
   pthread_mutex_t lock;
};

bool
agxv_fs_loops_at(const struct agxv_graphics_state *s, const struct agx_fs_info *one, unsigned n)
{
   /* agx_backend.c: samples > 1 with per-sample inputs or sample shading
    * (agxv_gpl_coverage_options: minSampleShading x samples > 1) */
   return n > 1 && (one->per_sample ||
                    (s->ms.sample_shading_enable && s->ms.min_sample_shading * (float)n > 1.0f));
}

/* The loop for state sn (its rasterization samples the count) and the
 * pass layout tib, compiled, checked and added under key (statistics: the
 * inlined epilog counts invocations). */
static VkResult
add_loop(struct agxv_device *device, const struct agxv_pipeline *pipeline,
         const VkPipelineShaderStageCreateInfo *stage, const struct agxv_pipeline_layout *layout,
         const struct agx_fs_info *one, const struct agxv_graphics_state *sn,
         const struct agx_tilebuffer_layout *tib, const struct agx_fs_epilog_key *key,
         bool statistics)
{
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   unsigned n = tib->nr_samples;
   struct agx_fs_epilog_key inlined;
   VkResult result = agxv_blend_key(sn, tib, &inlined);
   if (result != VK_SUCCESS)
      return result;
   inlined.statistics = statistics;
   struct agx_coverage_options coverage = agxv_gpl_coverage_options(sn);
   struct agxv_compile_gfx_result out;
   result = agxv_graphics_compile_main(device, stage, layout, tib, &coverage,
                                       agxv_view_flags(sn, stage->stage), &sn->rp.tiles, &gfx->uvs,
                                       NULL, &inlined, gfx->cache_use, &out);
   if (result != VK_SUCCESS)
      return result;
   if (!out.fs.sample_loop)
      result =
         agxv_error(VK_ERROR_UNKNOWN, "the %u-sample fragment shader has no per-sample loop", n);
   else if (out.fs.num_cf_bindings != one->num_cf_bindings ||
            memcmp(out.fs.cf, one->cf, sizeof(one->cf)))
      result = agxv_error(VK_ERROR_UNKNOWN,
                          "the %u-sample fragment shader's varyings differ from "
                          "the one-sample shader's",
                          n);
   /* the pass type the static path gives a loop (agxv_blend_link_key) */
   struct agx_fs_epilog_key own;
   if (result == VK_SUCCESS)
      result = agxv_blend_make_key(sn, tib, &out.fs, &own);
   if (result == VK_SUCCESS) {
      own.statistics = statistics;
      result =
         agxv_fs_variant_add(device, gfx->fs_variants, key, out.r.code, out.r.size, &out.r.info,
                             agx_fs_pass_type(&out.fs, &own), out.fs.writes_sample_mask);
   }
   agxv_compile_result_free(&out.r);
   return result;
}

/* The loops of the static output state, one per count that needs one. */
static VkResult
precompile(struct agxv_device *device, struct agxv_pipeline *pipeline,
           const VkPipelineShaderStageCreateInfo *stage, const struct agxv_pipeline_layout *layout,
           const struct agx_fs_info *one)
{
   const struct agxv_graphics_state *s = pipeline->graphics;
   struct agxv_graphics_state *sn = malloc(sizeof(*sn));
   if (!sn)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = VK_SUCCESS;
   for (unsigned n = 2; n <= 4 && result == VK_SUCCESS; n *= 2) {
      if (!(AGXV_SAMPLE_COUNTS & n) || !agxv_fs_loops_at(s, one, n))
         continue;
      *sn = *s;
      sn->ms.rasterization_samples = (VkSampleCountFlagBits)n;
      struct agx_tilebuffer_layout tib;
      if (!agxv_tib_layout(&tib, sn->rp.color_formats, sn->rp.color_attachment_count, n)) {
         result = agxv_error(VK_ERROR_UNKNOWN,
                             "colour formats the tilebuffer does not take at %u samples", n);
         break;
      }
      /* pipeline statistics: the counting copy too (as compile_stage makes
       * for a static loop) */
      for (unsigned stats = 0; stats <= device->pipeline_statistics && result == VK_SUCCESS;
           stats++) {
         /* the key a draw of n samples computes (agxv_fs_variant_get_tib) */
         struct agx_fs_epilog_key key;
         result = agxv_blend_make_key(sn, &tib, one, &key);
         key.statistics = stats;
         if (result == VK_SUCCESS)
            result = add_loop(device, pipeline, stage, layout, one, sn, &tib, &key, stats);
      }
   }
   free(sn);
   return result;
}

/* A copy of the stage and its layout for draws. */
static VkResult
keep_source(struct agxv_device *device, struct agxv_pipeline *pipeline,
            const VkPipelineShaderStageCreateInfo *stage, const struct agxv_pipeline_layout *layout,
            const struct agx_fs_info *one)
{
   struct agxv_fs_loop_source *src =
      agxv_alloc(&device->alloc, sizeof(*src), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!src)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memset(src, 0, sizeof(*src));
   VkResult result = agxv_gpl_stage_copy(device, &src->stage, stage);
   if (result != VK_SUCCESS) {
      agxv_free(&device->alloc, src);
      return result;
   }
   if (src->stage.info.pSpecializationInfo)
      src->stage.info.pSpecializationInfo = &src->stage.spec;
   agxv_gpl_layout_add(&src->layout, layout);
   src->one = *one;
   pthread_mutex_init(&src->lock, NULL);
   pipeline->gfx->fs_loop_source = src;
   return VK_SUCCESS;
}

VkResult
agxv_fs_sample_loops(struct agxv_device *device, struct agxv_pipeline *pipeline,
                     const VkPipelineShaderStageCreateInfo *stage,
                     const struct agxv_pipeline_layout *layout, const struct agx_fs_info *one)
{
   const struct agxv_graphics_state *s = pipeline->graphics;
   if (!(s->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)) || !pipeline->gfx->fs_variants ||
       !agxv_fs_loops_at(s, one, 4))
      return VK_SUCCESS;
   if (s->dynamic & AGXV_FS_VARIANT_DYNAMIC)
      return keep_source(device, pipeline, stage, layout, one);
   return precompile(device, pipeline, stage, layout, one);
}

VkResult
agxv_fs_sample_loop_get(struct agxv_device *device, const struct agxv_pipeline *pipeline,
                        const struct agxv_graphics_state *s,
                        const struct agx_tilebuffer_layout *tib, bool statistics,
                        const struct agxv_fs_variant **out)
{
   struct agxv_fs_loop_source *src = pipeline->gfx->fs_loop_source;
   struct agxv_fs_variants *v = pipeline->gfx->fs_variants;
   /* the key of the state in effect (as agxv_fs_variant_get_tib makes) */
   struct agx_fs_epilog_key key;
   VkResult result = agxv_blend_make_key(s, tib, &v->fs, &key);
   if (result != VK_SUCCESS)
      return result;
   key.statistics = statistics;
   *out = agxv_fs_variant_find(v, &key);
   if (*out)
      return VK_SUCCESS;
   pthread_mutex_lock(&src->lock);
   *out = agxv_fs_variant_find(v, &key);
   if (!*out) {
      /* the pipeline's state with the output state in effect (the
       * epilog key's inputs, agxv_blend_make_key) and the pass's count */
      struct agxv_graphics_state *sn = malloc(sizeof(*sn));
      result = sn ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (sn) {
         *sn = *pipeline->graphics;
         memcpy(sn->cb.attachments, s->cb.attachments, sizeof(sn->cb.attachments));
         sn->cb.color_write_enables = s->cb.color_write_enables;
         sn->cb.logic_op_enable = s->cb.logic_op_enable;
         sn->cb.logic_op = s->cb.logic_op;
         sn->ms.rasterization_samples = (VkSampleCountFlagBits)tib->nr_samples;
         sn->ms.sample_mask = s->ms.sample_mask;
         sn->ms.alpha_to_coverage_enable = s->ms.alpha_to_coverage_enable;
         sn->ms.alpha_to_one_enable = s->ms.alpha_to_one_enable;
         result = add_loop(device, pipeline, &src->stage.info, &src->layout, &src->one, sn, tib,
                           &key, statistics);
         free(sn);
      }
      if (result == VK_SUCCESS) {
         *out = agxv_fs_variant_find(v, &key);
         /* counted by tests (test_eds3_raster) with the linked epilogs */
         if (agxv_debug(AGXV_DEBUG_SHADERS))
            fprintf(stderr, "agx: fs epilog variant (per-sample loop) compiled\n");
      }
   }
   pthread_mutex_unlock(&src->lock);
   return result;
}

void
agxv_fs_loop_source_destroy(struct agxv_device *device, struct agxv_fs_loop_source *src)
{
   if (!src)
      return;
   agxv_gpl_stage_finish(device, &src->stage);
   agxv_gpl_layout_finish(&src->layout);
   pthread_mutex_destroy(&src->lock);
   agxv_free(&device->alloc, src);
}
