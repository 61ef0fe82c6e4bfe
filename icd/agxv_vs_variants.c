/*
 * Draw-time vertex-fetch prolog variants of a vertex shader (dynamic
 * vertex input). See agxv_vs_variants.h.
 */
#include "agxv_vs_variants.h"

#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_state.h"
#include "agxv_shared_code.h"

VkResult
agxv_vs_variants_create(struct agxv_device *device, const uint8_t *code, uint32_t size,
                        const struct agxv_shader_info *info, uint32_t attribs_read,
                        struct agxv_vs_variants **out)
{
   struct agxv_vs_variants *v =
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
   v->info = *info;
   v->attribs_read = attribs_read;
   agxv_variant_cache_init(&v->cache);
   *out = v;
   return VK_SUCCESS;
}

/* What make_variant links with besides the key: the pipeline's main
 * program and the key's link (made with it, agxv_vbo_make_key). */
struct make_ctx {
   const struct agxv_vs_variants *v;
   const struct agxv_vbo_link *link;
};

/* Links, uploads and describes the variant of key (agxv_variant_kind.make;
 * ctx: a struct make_ctx). */
static VkResult
make_variant(struct agxv_device *device, const void *ctx, const void *key_bytes, void *entry)
{
   const struct agxv_vs_variants *v = ((const struct make_ctx *)ctx)->v;
   const struct agxv_vbo_link *link = ((const struct make_ctx *)ctx)->link;
   const struct agx_vbo_key *key = key_bytes;
   struct agxv_vs_variant *e = entry;
   uint8_t *linked;
   uint32_t size;
   struct agxv_shader_info info;
   VkResult result =
      agxv_vbo_link_key(device, key, link, v->code, v->size, &v->info, &linked, &size, &info);
   if (result != VK_SUCCESS)
      return result;
   result = agxv_shader_upload(device, AGXV_STAGE_VERTEX, linked, size, &info, &e->shader);
   free(linked);
   if (result != VK_SUCCESS)
      return result;
   e->link = *link;
   e->vs_counts = agxv_pack_vs_counts(&e->shader);
   return VK_SUCCESS;
}

static void
free_variant(struct agxv_device *device, void *entry)
{
   agxv_shared_code_put(device, ((struct agxv_vs_variant *)entry)->shader.code);
}

static const struct agxv_variant_kind vs_kind = {
   .name = "vs prolog",
   .entry_size = sizeof(struct agxv_vs_variant),
   .key_offset = offsetof(struct agxv_vs_variant, key),
   .key_size = sizeof(struct agx_vbo_key),
   .make = make_variant,
   .free = free_variant,
};

VkResult
agxv_vs_variant_get(struct agxv_device *device, struct agxv_vs_variants *v,
                    const struct agxv_vi_state *vi, const struct agxv_vs_variant **out)
{
   struct agx_vbo_key key;
   struct agxv_vbo_link link;
   VkResult result =
      agxv_vbo_make_key(vi, true, v->attribs_read, agxv_vbo_uniform_base(&v->info), &key, &link);
   if (result != VK_SUCCESS)
      return result;
   const struct make_ctx ctx = {v, &link};
   const void *found = NULL;
   result = agxv_variant_cache_get(device, &v->cache, &vs_kind, &key, &ctx, &found);
   *out = found;
   return result;
}

void
agxv_vs_variants_destroy(struct agxv_device *device, struct agxv_vs_variants *v)
{
   if (!v)
      return;
   agxv_variant_cache_finish(device, &v->cache, &vs_kind);
   free(v->code);
   agxv_free(&device->alloc, v);
}
