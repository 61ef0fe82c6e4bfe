/* Default host allocator: aligned_alloc with a size header so that
 * reallocation can copy the old contents. */
#include "agxv_alloc.h"

#include <stdint.h>
#include <stdlib.h>

/* Header kept right before the returned pointer. */
struct alloc_header {
   size_t size;
   size_t offset; /* from the start of the malloc'd block */
};

static size_t
align_up(size_t v, size_t a)
{
   return (v + a - 1) & ~(a - 1);
}

static void *VKAPI_PTR
default_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   if (align < sizeof(struct alloc_header))
      align = sizeof(struct alloc_header);
   align = align_up(align, _Alignof(max_align_t));
   if (size > SIZE_MAX - 2 * align)
      return NULL;
   char *block = malloc(size + align + sizeof(struct alloc_header));
   if (!block)
      return NULL;
   uintptr_t user_addr = align_up((uintptr_t)block + sizeof(struct alloc_header), align);
   struct alloc_header *h = (struct alloc_header *)user_addr - 1;
   h->size = size;
   h->offset = user_addr - (uintptr_t)block;
   return (void *)user_addr;
}

static void VKAPI_PTR
default_free(void *user, void *ptr)
{
   if (!ptr)
      return;
   struct alloc_header *h = (struct alloc_header *)ptr - 1;
   free((char *)ptr - h->offset);
}

static void *VKAPI_PTR
default_realloc(void *user, void *orig, size_t size, size_t align, VkSystemAllocationScope scope)
{
   if (!orig)
      return default_alloc(user, size, align, scope);
   if (size == 0) {
      default_free(user, orig);
      return NULL;
   }
   void *p = default_alloc(user, size, align, scope);
   if (!p)
      return NULL;
   struct alloc_header *h = (struct alloc_header *)orig - 1;
   memcpy(p, orig, h->size < size ? h->size : size);
   default_free(user, orig);
   return p;
}

const VkAllocationCallbacks agxv_default_alloc = {
   .pfnAllocation = default_alloc,
   .pfnReallocation = default_realloc,
   .pfnFree = default_free,
};
