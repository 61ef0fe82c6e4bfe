/*
 * Host allocations through the application's VkAllocationCallbacks (or the
 * driver's defaults). Every driver object uses these so that an allocator
 * failing at any point surfaces as VK_ERROR_OUT_OF_HOST_MEMORY.
 */
#ifndef AGXV_ALLOC_H
#define AGXV_ALLOC_H

#include <stddef.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

extern const VkAllocationCallbacks agxv_default_alloc;

static inline void *
agxv_alloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
           VkSystemAllocationScope scope)
{
   return alloc->pfnAllocation(alloc->pUserData, size, align, scope);
}

static inline void *
agxv_zalloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
            VkSystemAllocationScope scope)
{
   void *p = agxv_alloc(alloc, size, align, scope);
   if (p)
      memset(p, 0, size);
   return p;
}

static inline void
agxv_free(const VkAllocationCallbacks *alloc, void *ptr)
{
   if (ptr)
      alloc->pfnFree(alloc->pUserData, ptr);
}

/* The callbacks an object uses: the per-call ones if given, else its parent's. */
static inline const VkAllocationCallbacks *
agxv_choose_alloc(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *call)
{
   return call ? call : parent;
}

#endif
