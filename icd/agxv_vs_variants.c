/*
 * Draw-time vertex-fetch prolog variants of a vertex shader (dynamic
 * vertex input). See agxv_vs_variants.h.
 */
#include "agxv_vs_variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_state.h"
#include "agxv_log.h"
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
   pthread_mutex_init(&v->lock, NULL);
   *out = v;
   return VK_SUCCESS;
}

static const struct agxv_vs_variant *
find(const struct agxv_vs_variants *v, const struct agx_vbo_key *key)
{
   for (const struct agxv_vs_variant *e = __atomic_load_n(&v->head, __ATOMIC_ACQUIRE); e;
        e = e->next)
      if (!memcmp(&e->key, key, sizeof(*key)))
         return e;
   return NULL;
}

/* Links, uploads and describes the variant of key. */
static VkResult
make_variant(struct agxv_device *device, const struct agxv_vs_variants *v,
             const struct agx_vbo_key *key, const struct agxv_vbo_link *link,
             struct agxv_vs_variant *e)
{
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
   e->key = *key;
   e->link = *link;
   e->vs_counts = agxv_pack_vs_counts(&e->shader);
   return VK_SUCCESS;
}

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
   *out = find(v, &key);
   if (*out)
      return VK_SUCCESS;
   pthread_mutex_lock(&v->lock);
   *out = find(v, &key); /* another thread may have added it meanwhile */
   if (!*out) {
      struct agxv_vs_variant *e =
         agxv_alloc(&device->alloc, sizeof(*e), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      result = e ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (e) {
         memset(e, 0, sizeof(*e));
         result = make_variant(device, v, &key, &link, e);
      }
      if (result == VK_SUCCESS) {
         e->next = v->head;
         __atomic_store_n(&v->head, e, __ATOMIC_RELEASE);
         v->count++;
         *out = e;
         /* counted by tests (test_vidyn) */
         if (agxv_debug(AGXV_DEBUG_SHADERS))
            fprintf(stderr, "agx: vs prolog variant %u linked\n", v->count);
      } else {
         agxv_free(&device->alloc, e);
      }
   }
   pthread_mutex_unlock(&v->lock);
   return result;
}

void
agxv_vs_variants_destroy(struct agxv_device *device, struct agxv_vs_variants *v)
{
   if (!v)
      return;
   for (struct agxv_vs_variant *e = v->head, *next; e; e = next) {
      next = e->next;
      agxv_shared_code_put(device, e->shader.code);
      agxv_free(&device->alloc, e);
   }
   pthread_mutex_destroy(&v->lock);
   free(v->code);
   agxv_free(&device->alloc, v);
}
