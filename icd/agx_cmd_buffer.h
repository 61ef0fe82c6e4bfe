/*
 * VkCommandPool and VkCommandBuffer. A command buffer records compute work
 * as a CDM control stream in GPU memory (agx_cs); the queue submits each
 * recorded stream as one DRM_ASAHI_CMD_COMPUTE command.
 */
#ifndef AGX_CMD_BUFFER_H
#define AGX_CMD_BUFFER_H

#include "agx_cs.h"
#include "agx_object.h"

struct agx_device;
struct agx_cmd_buffer;

struct agx_cmd_pool {
   struct agx_device *device;
   VkAllocationCallbacks alloc;
   VkCommandPoolCreateFlags flags;
   struct agx_cmd_buffer *buffers; /* every command buffer allocated from the pool */
};

enum agx_cmd_buffer_state {
   AGX_CMD_BUFFER_INITIAL,
   AGX_CMD_BUFFER_RECORDING,
   AGX_CMD_BUFFER_EXECUTABLE,
   AGX_CMD_BUFFER_INVALID,
};

struct agx_cmd_buffer {
   VK_LOADER_DATA loader_data;
   struct agx_device *device;
   struct agx_cmd_pool *pool;
   struct agx_cmd_buffer *prev, *next; /* in the pool's list */
   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum agx_cmd_buffer_state state;
   VkResult record_result; /* first error while recording, reported by End */
   struct agx_cs cdm;      /* compute control stream */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_cmd_pool, VkCommandPool)
AGX_DEFINE_HANDLE_CASTS(agx_cmd_buffer, VkCommandBuffer)

#endif
