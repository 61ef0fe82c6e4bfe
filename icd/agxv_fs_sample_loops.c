/*
 * Per-sample loop programs of pipelines with dynamic rasterization
 * samples: see agxv_fs_sample_loops.h.
 */
#include "agxv_fs_sample_loops.h"

#include <stdlib.h>
#include <string.h>

#include "agx_fs_epilog_key.h"
#include "agxv_blend.h"
#include "agxv_device.h"
#include "agxv_format.h"
#include "agxv_fs_variants.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_pipeline_library.h"
#include "agxv_log.h"

bool
agxv_fs_loops_at(const struct agxv_graphics_state *s, const struct agx_fs_info *one, unsigned n)
{
   /* agx_backend.c: samples > 1 with per-sample inputs or sample shading
    * (agxv_gpl_coverage_options: minSampleShading x samples > 1) */
   return n > 1 && (one->per_sample ||
                    (s->ms.sample_shading_enable && s->ms.min_sample_shading * (float)n > 1.0f));
}

/* The loop of n samples (statistics: counting invocations, the epilog
 * key's statistics bit) compiled, checked and added. sn: the pipeline's
 * state with n rasterization samples. */
static VkResult
add_loop(struct agxv_device *device, struct agxv_pipeline *pipeline,
         const VkPipelineShaderStageCreateInfo *stage, const struct agxv_pipeline_layout *layout,
         const struct agx_fs_info *one, const struct agxv_graphics_state *sn, bool statistics)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   unsigned n = (unsigned)sn->ms.rasterization_samples;
   struct agx_tilebuffer_layout tib;
   if (!agxv_tib_layout(&tib, sn->rp.color_formats, sn->rp.color_attachment_count, n))
      return agxv_error(VK_ERROR_UNKNOWN,
                        "colour formats the tilebuffer does not take at %u samples", n);
   /* the inlined epilog: the static output state at n samples */
   struct agx_fs_epilog_key inlined;
   VkResult result = agxv_blend_key(sn, &tib, &inlined);
   if (result != VK_SUCCESS)
      return result;
   inlined.statistics = statistics;
   struct agx_coverage_options coverage = agxv_gpl_coverage_options(sn);
   struct agxv_compile_gfx_result out;
   result = agxv_graphics_compile_main(device, stage, layout, &tib, &coverage,
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
   /* the key draws of n samples look up (agxv_fs_variant_get_tib), and
    * the pass type the static path gives a loop (agxv_blend_link_key) */
   struct agx_fs_epilog_key key, own;
   if (result == VK_SUCCESS)
      result = agxv_blend_make_key(sn, &tib, one, &key);
   if (result == VK_SUCCESS)
      result = agxv_blend_make_key(sn, &tib, &out.fs, &own);
   if (result == VK_SUCCESS) {
      key.statistics = statistics;
      own.statistics = statistics;
      result =
         agxv_fs_variant_add(device, gfx->fs_variants, &key, out.r.code, out.r.size, &out.r.info,
                             agx_fs_pass_type(&out.fs, &own), out.fs.writes_sample_mask);
   }
   agxv_compile_result_free(&out.r);
   return result;
}

VkResult
agxv_fs_sample_loops(struct agxv_device *device, struct agxv_pipeline *pipeline,
                     const VkPipelineShaderStageCreateInfo *stage,
                     const struct agxv_pipeline_layout *layout, const struct agx_fs_info *one)
{
   const struct agxv_graphics_state *s = pipeline->graphics;
   if (!(s->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)) || !pipeline->gfx->fs_variants)
      return VK_SUCCESS;
   struct agxv_graphics_state *sn = malloc(sizeof(*sn));
   if (!sn)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = VK_SUCCESS;
   for (unsigned n = 2; n <= 4 && result == VK_SUCCESS; n *= 2) {
      if (!(AGXV_SAMPLE_COUNTS & n) || !agxv_fs_loops_at(s, one, n))
         continue;
      *sn = *s;
      sn->ms.rasterization_samples = (VkSampleCountFlagBits)n;
      result = add_loop(device, pipeline, stage, layout, one, sn, false);
      /* pipeline statistics: the counting copy (as compile_stage makes
       * for a static loop) */
      if (result == VK_SUCCESS && device->pipeline_statistics)
         result = add_loop(device, pipeline, stage, layout, one, sn, true);
   }
   free(sn);
   return result;
}
