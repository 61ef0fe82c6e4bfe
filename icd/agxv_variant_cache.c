/*
 * The draw-time variant cache: a list of entries read without a lock,
 * added to under one. See agxv_variant_cache.h.
 */
#include "agxv_variant_cache.h"

#include <stdio.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"

void
agxv_variant_cache_init(struct agxv_variant_cache *c)
{
   memset(c, 0, sizeof(*c));
   pthread_mutex_init(&c->lock, NULL);
}

/* Makes the entry of key and publishes it at the head. Called with the
 * lock held: writers are serialised, readers never block. */
static VkResult
add(struct agxv_device *device, struct agxv_variant_cache *c, const struct agxv_variant_kind *kind,
    const void *key, const void *ctx, const void **out)
{
   struct agxv_variant_node *e =
      agxv_alloc(&device->alloc, kind->entry_size, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!e)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memset(e, 0, kind->entry_size);
   memcpy((uint8_t *)e + kind->key_offset, key, kind->key_size);
   VkResult result = kind->make(device, ctx, key, e);
   if (result != VK_SUCCESS) {
      agxv_free(&device->alloc, e);
      return result;
   }
   /* The entry is complete before the release store makes it reachable:
    * a reader that sees the new head sees all of it (the acquire load in
    * agxv_variant_cache_find). The plain read of head is ordered by the
    * lock (only writers, holding it, change head). */
   e->next = c->head;
   __atomic_store_n(&c->head, e, __ATOMIC_RELEASE);
   c->count++;
   *out = e;
   /* counted by tests (test_eds3, test_vidyn), as main shaders are by their dump */
   if (agxv_debug(AGXV_DEBUG_SHADERS))
      fprintf(stderr, "agx: %s variant %u linked\n", kind->name, c->count);
   return VK_SUCCESS;
}

VkResult
agxv_variant_cache_add(struct agxv_device *device, struct agxv_variant_cache *c,
                       const struct agxv_variant_kind *kind, const void *key, const void *ctx,
                       const void **out)
{
   pthread_mutex_lock(&c->lock);
   VkResult result = VK_SUCCESS;
   /* another thread may have added it meanwhile */
   *out = agxv_variant_cache_find(c, kind, key);
   if (!*out)
      result = add(device, c, kind, key, ctx, out);
   pthread_mutex_unlock(&c->lock);
   return result;
}

void
agxv_variant_cache_finish(struct agxv_device *device, struct agxv_variant_cache *c,
                          const struct agxv_variant_kind *kind)
{
   for (struct agxv_variant_node *e = c->head, *next; e; e = next) {
      next = e->next;
      kind->free(device, e);
      agxv_free(&device->alloc, e);
   }
   c->head = NULL;
   pthread_mutex_destroy(&c->lock);
}
