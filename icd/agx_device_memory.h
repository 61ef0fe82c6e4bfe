/* VkDeviceMemory: one GEM object bound read/write at a VA of the user heap. */
#ifndef AGX_DEVICE_MEMORY_H
#define AGX_DEVICE_MEMORY_H

#include "agx_object.h"

struct agx_device_memory {
   uint32_t handle;  /* GEM handle */
   uint64_t size;    /* page-aligned BO size */
   uint64_t va;      /* GPU address */
   void *map;        /* CPU mapping of the whole BO, made on first map */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_device_memory, VkDeviceMemory)

#endif
