/* VkFence and VkSemaphore: thin wrappers over kernel syncobjs. */
#ifndef AGXV_SYNC_H
#define AGXV_SYNC_H

#include "agxv_object.h"

struct agxv_fence {
   struct agxv_object base;
   uint32_t syncobj;
};

struct agxv_semaphore {
   struct agxv_object base;
   VkSemaphoreType type;
   uint32_t syncobj;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_fence, VkFence, VK_OBJECT_TYPE_FENCE)
AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_semaphore, VkSemaphore, VK_OBJECT_TYPE_SEMAPHORE)

#endif
