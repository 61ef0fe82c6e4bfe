/* VkBuffer: a range of a VkDeviceMemory's GPU VA. */
#ifndef AGX_BUFFER_H
#define AGX_BUFFER_H

#include "agx_object.h"

struct agx_buffer {
   VkDeviceSize size;
   VkBufferUsageFlags usage;
   uint64_t va; /* 0 until bound */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_buffer, VkBuffer)

#endif
