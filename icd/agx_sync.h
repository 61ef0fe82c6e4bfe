/* VkFence and VkSemaphore: thin wrappers over kernel syncobjs. */
#ifndef AGX_SYNC_H
#define AGX_SYNC_H

#include "agx_object.h"

struct agx_fence {
   uint32_t syncobj;
};

struct agx_semaphore {
   VkSemaphoreType type;
   uint32_t syncobj;
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_fence, VkFence)
AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_semaphore, VkSemaphore)

#endif
