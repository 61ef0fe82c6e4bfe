/* VkDeviceMemory: one buffer object (VM-private, bound read/write). */
#ifndef AGX_DEVICE_MEMORY_H
#define AGX_DEVICE_MEMORY_H

#include "agx_bo.h"
#include "agx_object.h"

struct agx_device_memory {
   struct agx_bo *bo;
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_device_memory, VkDeviceMemory)

/* Fills a chained VkMemoryDedicatedRequirements, if any: buffers and
 * images never need or prefer their own allocation (unified memory). */
static inline void
agx_fill_dedicated_requirements(void *pNext)
{
   VkMemoryDedicatedRequirements *d = (VkMemoryDedicatedRequirements *)agx_find_struct(
      pNext, VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS);
   if (d) {
      d->prefersDedicatedAllocation = VK_FALSE;
      d->requiresDedicatedAllocation = VK_FALSE;
   }
}

#endif
