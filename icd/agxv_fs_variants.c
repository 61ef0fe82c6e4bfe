/*
 * Draw-time output epilogs of pipelines with dynamic blend state: see
 * agxv_fs_variants.h.
 */
#include "agxv_fs_variants.h"

#include <stdio.h>
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
 * per-sample loop (the others get theirs compiled with the static output
 * state inlined, agxv_fs_sample_loops.h: refused with dynamic output
 * state or a merged subpass) and, when it applies the multisample state
 * itself, only if that state does not depend on the count (no alpha to
 * coverage, pSampleMask keeping all 4 samples). */
static VkResult
check_dynamic_samples(const struct agxv_graphics_state *s, const struct agx_fs_info *fs)
{
   if (!(s->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)))
      return VK_SUCCESS;
   if (agxv_fs_loops_at(s, fs, 4) && ((s->dynamic & AGXV_FS_VARIANT_DYNAMIC) || s->rp.tiles.merged))
      return agxv_error(VK_ERROR_UNKNOWN,
                        "dynamic rasterization samples with a fragment shader run per sample "
                        "(per-sample inputs or sample shading) and dynamic blend or multisample "
                        "state, or in a merged subpass, is not supported");
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
   pthread_mutex_init(&v->lock, NULL);
   *out = v;
   return VK_SUCCESS;
}

static const struct agxv_fs_variant *
find(const struct agxv_fs_variants *v, const struct agx_fs_epilog_key *key)
{
   for (const struct agxv_fs_variant *e = __atomic_load_n(&v->head, __ATOMIC_ACQUIRE); e;
        e = e->next)
      if (!memcmp(&e->key, key, sizeof(*key)))
         return e;
   return NULL;
}

/* Links, uploads and describes the variant of key. */
static VkResult
make_variant(struct agxv_device *device, const struct agxv_fs_variants *v,
             const struct agx_fs_epilog_key *key, struct agxv_fs_variant *e)
{
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
   e->key = *key;
   e->fs_counts = agxv_pack_fs_counts(&e->shader, v->fs.num_cf_bindings);
   agx_pack(&e->fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = pass_type;
   }
   e->kills = agx_fs_epilog_kills(key);
   return VK_SUCCESS;
}

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
   *out = find(v, &key);
   if (*out)
      return VK_SUCCESS;
   pthread_mutex_lock(&v->lock);
   *out = find(v, &key); /* another thread may have added it meanwhile */
   if (!*out) {
      struct agxv_fs_variant *e =
         agxv_alloc(&device->alloc, sizeof(*e), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      result = e ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (e) {
         memset(e, 0, sizeof(*e));
         result = make_variant(device, v, &key, e);
      }
      if (result == VK_SUCCESS) {
         e->next = v->head;
         __atomic_store_n(&v->head, e, __ATOMIC_RELEASE);
         v->count++;
         *out = e;
         /* counted by tests (test_eds3), as main shaders are by their dump */
         if (agxv_debug(AGXV_DEBUG_SHADERS))
            fprintf(stderr, "agx: fs epilog variant %u linked\n", v->count);
      } else {
         agxv_free(&device->alloc, e);
      }
   }
   pthread_mutex_unlock(&v->lock);
   return result;
}

VkResult
agxv_fs_variant_add(struct agxv_device *device, struct agxv_fs_variants *v,
                    const struct agx_fs_epilog_key *key, const uint8_t *code, uint32_t size,
                    const struct agxv_shader_info *info, unsigned pass_type, bool kills)
{
   struct agxv_fs_variant *e =
      agxv_alloc(&device->alloc, sizeof(*e), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!e)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memset(e, 0, sizeof(*e));
   VkResult result = agxv_shader_upload(device, AGXV_STAGE_FRAGMENT, code, size, info, &e->shader);
   if (result != VK_SUCCESS) {
      agxv_free(&device->alloc, e);
      return result;
   }
   e->key = *key;
   e->fs_counts = agxv_pack_fs_counts(&e->shader, v->fs.num_cf_bindings);
   agx_pack(&e->fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = pass_type;
   }
   e->kills = kills;
   pthread_mutex_lock(&v->lock);
   e->next = v->head;
   __atomic_store_n(&v->head, e, __ATOMIC_RELEASE);
   v->count++;
   pthread_mutex_unlock(&v->lock);
   return VK_SUCCESS;
}

void
agxv_fs_variants_destroy(struct agxv_device *device, struct agxv_fs_variants *v)
{
   if (!v)
      return;
   for (struct agxv_fs_variant *e = v->head, *next; e; e = next) {
      next = e->next;
      agxv_shared_code_put(device, e->shader.code);
      agxv_free(&device->alloc, e);
   }
   pthread_mutex_destroy(&v->lock);
   free(v->code);
   agxv_free(&device->alloc, v);
}
