/*
 * Host allocations through the application's VkAllocationCallbacks (or the
 * driver's defaults). Every driver object uses these so that an allocator
 * failing at any point surfaces as VK_ERROR_OUT_OF_HOST_MEMORY.
 */
#ifndef AGX_ALLOC_H
#define AGX_ALLOC_H

#include <stddef.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "agx_private_data.h"

extern const VkAllocationCallbacks agx_default_alloc;

static inline void *
agx_alloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
          VkSystemAllocationScope scope)
{
   return alloc->pfnAllocation(alloc->pUserData, size, align, scope);
}

static inline void *
agx_zalloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
           VkSystemAllocationScope scope)
{
   void *p = agx_alloc(alloc, size, align, scope);
   if (p)
      memset(p, 0, size);
   return p;
}

/* Objects are freed here too: their private data goes with them. */
static inline void
agx_free(const VkAllocationCallbacks *alloc, void *ptr)
{
   if (!ptr)
      return;
   if (__atomic_load_n(&agx_private_data_slots_live, __ATOMIC_RELAXED))
      agx_private_data_forget(ptr);
   alloc->pfnFree(alloc->pUserData, ptr);
}

/* The callbacks an object uses: the per-call ones if given, else its parent's. */
static inline const VkAllocationCallbacks *
agx_choose_alloc(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *call)
{
   return call ? call : parent;
}

#endif
