/* VkDeviceMemory: one buffer object (VM-private, bound read/write). */
#ifndef AGX_DEVICE_MEMORY_H
#define AGX_DEVICE_MEMORY_H

#include "agx_bo.h"
#include "agx_object.h"

struct agx_device_memory {
   struct agx_bo *bo;
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_device_memory, VkDeviceMemory)

#endif
