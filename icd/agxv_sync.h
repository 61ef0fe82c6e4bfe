/* VkFence and VkSemaphore: thin wrappers over kernel syncobjs. */
#ifndef AGXV_SYNC_H
#define AGXV_SYNC_H

#include "agxv_object.h"

struct agxv_fence {
   uint32_t syncobj;
};

struct agxv_semaphore {
   VkSemaphoreType type;
   uint32_t syncobj;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_fence, VkFence)
AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_semaphore, VkSemaphore)

#endif
