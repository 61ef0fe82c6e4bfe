/* VkDeviceMemory: one buffer object (VM-private, bound read/write). */
#ifndef AGXV_DEVICE_MEMORY_H
#define AGXV_DEVICE_MEMORY_H

#include "agxv_bo.h"
#include "agxv_object.h"
#include "agxv_vk_newer.h"

struct agxv_device_memory {
   struct agxv_object base;
   struct agxv_bo *bo;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_device_memory, VkDeviceMemory, VK_OBJECT_TYPE_DEVICE_MEMORY)

/* Fills a chained VkMemoryDedicatedRequirements, if any: buffers and
 * images never need or prefer their own allocation (unified memory). */
static inline void
agxv_fill_dedicated_requirements(void *pNext)
{
   VkMemoryDedicatedRequirements *d = (VkMemoryDedicatedRequirements *)agxv_find_struct(
      pNext, VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS);
   if (d) {
      d->prefersDedicatedAllocation = VK_FALSE;
      d->requiresDedicatedAllocation = VK_FALSE;
   }
}

/* VK_KHR_maintenance6: one bind of vkBind{Buffer,Image}Memory2 reports its
 * own result through a chained VkBindMemoryStatusKHR. */
static inline void
agxv_bind_memory_status(const void *pNext, VkResult result)
{
   const VkBindMemoryStatusKHR *status =
      agxv_find_struct(pNext, VK_STRUCTURE_TYPE_BIND_MEMORY_STATUS_KHR);
   if (status && status->pResult)
      *status->pResult = result;
}

#endif
