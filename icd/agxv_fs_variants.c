/*
 * Draw-time output epilogs of pipelines with dynamic blend state: see
 * agxv_fs_variants.h.
 */
#include "agxv_fs_variants.h"

#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "agxv_alloc.h"
#include "agxv_blend.h"
#include "agxv_device.h"
#include "agxv_fs_sample_loops.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_shared_code.h"

/* A main program compiled for one sample (the layout of a pipeline with
 * dynamic rasterization samples) serves the counts at which it has no
 * per-sample loop (the others get theirs, agxv_fs_sample_loops.h: refused
 * in a merged subpass) and, when it applies the multisample state itself,
 * only if that state does not depend on the count (no alpha to coverage,
 * pSampleMask keeping all 4 samples). */
static VkResult
check_dynamic_samples(const struct agxv_graphics_state *s, const struct agx_fs_info *fs)
{
   if (!(s->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)))
      return VK_SUCCESS;
   if (agxv_fs_loops_at(s, fs, 4) && s->rp.tiles.merged)
      return agxv_error(VK_ERROR_UNKNOWN,
                        "dynamic rasterization samples with a fragment shader run per sample "
                        "(per-sample inputs or sample shading) in a merged subpass is not "
                        "supported");
   if (fs->coverage_in_main &&
       (s->ms.alpha_to_coverage_enable || (s->ms.sample_mask & 0xFu) != 0xFu))
      return agxv_error(VK_ERROR_UNKNOWN,
                        "dynamic rasterization samples with alpha to coverage or a sample mask "
                        "applied by the fragment shader itself (early tests, FragDepth, "
                        "stores, SampleMaskIn) is not supported");
   return VK_SUCCESS;
}

VkResult
agxv_fs_variants_create(struct agxv_device *device, const struct agxv_graphics_state *s,
                        const uint8_t *code, uint32_t size, uint32_t main_size,
                        const struct agxv_shader_info *info, const struct agx_fs_info *fs,
                        const struct agx_tilebuffer_layout *tib, struct agxv_fs_variants **out)
{
   if (fs->sample_loop)
      return agxv_error(VK_ERROR_UNKNOWN, "dynamic blend or multisample state with a per-sample "
                                          "fragment shader is not supported");
   uint64_t ms = AGXV_DYN_BIT(MS_SAMPLE_MASK) | AGXV_DYN_BIT(MS_ALPHA_TO_COVERAGE_ENABLE) |
                 AGXV_DYN_BIT(MS_ALPHA_TO_ONE_ENABLE);
   if ((s->dynamic & ms) && fs->coverage_in_main)
      return agxv_error(VK_ERROR_UNKNOWN,
                        "dynamic sample mask or alpha to coverage / one with a fragment shader "
                        "that applies them itself (early tests, FragDepth, stores, SampleMaskIn) "
                        "is not supported");
   VkResult checked = check_dynamic_samples(s, fs);
   if (checked != VK_SUCCESS)
      return checked;
   struct agxv_fs_variants *v =
      agxv_alloc(&device->alloc, sizeof(*v), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!v)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memset(v, 0, sizeof(*v));
   v->code = malloc(size ? size : 1);
   if (!v->code) {
      agxv_free(&device->alloc, v);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   memcpy(v->code, code, size);
   v->size = size;
   v->main_size = main_size;
   v->info = *info;
   v->fs = *fs;
   v->tib = *tib;
   agxv_variant_cache_init(&v->cache);
   *out = v;
   return VK_SUCCESS;
}

/* Links, uploads and describes the variant of key (agxv_variant_kind.make;
 * ctx: the agxv_fs_variants). */
static VkResult
make_variant(struct agxv_device *device, const void *ctx, const void *key_bytes, void *entry)
{
   const struct agxv_fs_variants *v = ctx;
   const struct agx_fs_epilog_key *key = key_bytes;
   struct agxv_fs_variant *e = entry;
   uint8_t *linked;
   uint32_t size;
   struct agxv_shader_info info;
   unsigned pass_type;
   VkResult result = agxv_blend_link_key(key, &v->fs, v->code, v->size, v->main_size, &v->info,
                                         &linked, &size, &info, &pass_type);
   if (result != VK_SUCCESS)
      return result;
   result = agxv_shader_upload(device, AGXV_STAGE_FRAGMENT, linked, size, &info, &e->shader);
   free(linked);
   if (result != VK_SUCCESS)
      return result;
   e->fs_counts = agxv_pack_fs_counts(&e->shader, v->fs.num_cf_bindings);
   agx_pack(&e->fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = pass_type;
   }
   e->kills = agx_fs_epilog_kills(key);
   return VK_SUCCESS;
}

static void
free_variant(struct agxv_device *device, void *entry)
{
   agxv_shared_code_put(device, ((struct agxv_fs_variant *)entry)->shader.code);
}

static const struct agxv_variant_kind fs_kind = {
   .name = "fs epilog",
   .entry_size = sizeof(struct agxv_fs_variant),
   .key_offset = offsetof(struct agxv_fs_variant, key),
   .key_size = sizeof(struct agx_fs_epilog_key),
   .make = make_variant,
   .free = free_variant,
};

VkResult
agxv_fs_variant_get(struct agxv_device *device, struct agxv_fs_variants *v,
                    const struct agxv_graphics_state *s, bool statistics,
                    const struct agxv_fs_variant **out)
{
   return agxv_fs_variant_get_tib(device, v, s, &v->tib, statistics, out);
}

VkResult
agxv_fs_variant_get_tib(struct agxv_device *device, struct agxv_fs_variants *v,
                        const struct agxv_graphics_state *s,
                        const struct agx_tilebuffer_layout *tib, bool statistics,
                        const struct agxv_fs_variant **out)
{
   struct agx_fs_epilog_key key;
   VkResult result = agxv_blend_make_key(s, tib, &v->fs, &key);
   if (result != VK_SUCCESS)
      return result;
   key.statistics = statistics;
   const void *found = NULL;
   result = agxv_variant_cache_get(device, &v->cache, &fs_kind, &key, v, &found);
   *out = found;
   return result;
}

const struct agxv_fs_variant *
agxv_fs_variant_find(const struct agxv_fs_variants *v, const struct agx_fs_epilog_key *key)
{
   return agxv_variant_cache_find(&v->cache, &fs_kind, key);
}

/* What agxv_fs_variant_add gives make_built: a program compiled elsewhere
 * (a per-sample loop, agxv_fs_sample_loops.c). */
struct built_variant {
   const struct agxv_fs_variants *v;
   const uint8_t *code;
   uint32_t size;
   const struct agxv_shader_info *info;
   unsigned pass_type;
   bool kills;
};

static VkResult
make_built(struct agxv_device *device, const void *ctx, const void *key, void *entry)
{
   const struct built_variant *b = ctx;
   struct agxv_fs_variant *e = entry;
   (void)key;
   VkResult result =
      agxv_shader_upload(device, AGXV_STAGE_FRAGMENT, b->code, b->size, b->info, &e->shader);
   if (result != VK_SUCCESS)
      return result;
   e->fs_counts = agxv_pack_fs_counts(&e->shader, b->v->fs.num_cf_bindings);
   agx_pack(&e->fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = b->pass_type;
   }
   e->kills = b->kills;
   return VK_SUCCESS;
}

/* The same entries as fs_kind (key, free), made from a built program. */
static const struct agxv_variant_kind built_kind = {
   .name = "fs sample loop",
   .entry_size = sizeof(struct agxv_fs_variant),
   .key_offset = offsetof(struct agxv_fs_variant, key),
   .key_size = sizeof(struct agx_fs_epilog_key),
   .make = make_built,
   .free = free_variant,
};

VkResult
agxv_fs_variant_add(struct agxv_device *device, struct agxv_fs_variants *v,
                    const struct agx_fs_epilog_key *key, const uint8_t *code, uint32_t size,
                    const struct agxv_shader_info *info, unsigned pass_type, bool kills)
{
   const struct built_variant b = {v, code, size, info, pass_type, kills};
   const void *found = NULL;
   return agxv_variant_cache_add(device, &v->cache, &built_kind, key, &b, &found);
}

void
agxv_fs_variants_destroy(struct agxv_device *device, struct agxv_fs_variants *v)
{
   if (!v)
      return;
   agxv_variant_cache_finish(device, &v->cache, &fs_kind);
   free(v->code);
   agxv_free(&device->alloc, v);
}
