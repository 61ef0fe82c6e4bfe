/* VkBuffer: a range of a VkDeviceMemory's GPU VA. */
#ifndef AGXV_BUFFER_H
#define AGXV_BUFFER_H

#include "agxv_object.h"
#include "agxv_vk_newer.h"

struct agxv_buffer {
   struct agxv_object base;
   VkDeviceSize size;
   VkBufferUsageFlags2KHR usage; /* VkBufferUsageFlags2CreateInfoKHR's when chained */
   uint64_t va;                  /* 0 until bound */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_buffer, VkBuffer, VK_OBJECT_TYPE_BUFFER)

#endif
