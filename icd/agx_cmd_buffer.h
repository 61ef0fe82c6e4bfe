/*
 * VkCommandPool and VkCommandBuffer. A command buffer records compute work
 * as a CDM control stream in GPU memory (agx_cs); the queue submits each
 * segment of a recorded stream (the whole stream unless timestamps cut it,
 * see agx_cmd_split) as one DRM_ASAHI_CMD_COMPUTE command.
 */
#ifndef AGX_CMD_BUFFER_H
#define AGX_CMD_BUFFER_H

#include "agx_cs.h"
#include "agx_descriptor_set_layout.h"
#include "agx_object.h"
#include "agx_upload.h"

struct agx_device;
struct agx_cmd_buffer;
struct agx_pipeline;

/* What vkCmdBind* and vkCmdPushConstants set for compute dispatches. */
struct agx_compute_state {
   struct agx_pipeline *pipeline;
   uint64_t set_addr[AGX_MAX_SETS]; /* GPU address of each bound set's descriptors */
   uint8_t push[AGX_MAX_PUSH_CONSTANTS_SIZE];
   /* The last push descriptor set per set index (CPU view of its upload
    * memory), so a later push keeps the descriptors it does not write. */
   uint8_t *push_set[AGX_MAX_SETS];
   uint32_t push_set_size[AGX_MAX_SETS];
};

/* A piece of the primary's CDM stream that runs as one hardware compute
 * command. The stream is cut at each timestamp write, because the firmware
 * writes timestamps only at the start/end of a command. In a secondary, a
 * part its primaries call, after which they split if ts_object is set (see
 * agx_CmdExecuteCommands). */
struct agx_cmd_segment {
   uint64_t start_va, end_va; /* cdm_ctrl_stream_base / _end */
   uint32_t ts_object;        /* timestamp object for the end time; 0 = none */
   uint32_t ts_offset;
};

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

/* An event this command buffer set or reset (agx_event.c). */
struct agx_cmd_event_state {
   const void *event; /* struct agx_event */
   bool set;
};

/* Events tracked per command buffer; more are simply not tracked. */
#define AGX_CMD_EVENT_SLOTS 16

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
   struct agx_upload data; /* root uniforms, shadow descriptor sets */
   struct agx_upload usc;  /* USC word lists (must be in the USC heap) */
   struct agx_compute_state compute;
   bool dispatch_since_barrier; /* a launch was recorded after the last CDM barrier */
   /* Events whose last vkCmdSetEvent/ResetEvent is in this command buffer
    * (since Begin or the last vkCmdExecuteCommands): a wait for one it set
    * needs no GPU poll. */
   struct agx_cmd_event_state events[AGX_CMD_EVENT_SLOTS];
   uint32_t event_count;
   /* Closed segments, or a secondary's parts (a command buffer with no
    * timestamps has one, added by End). */
   struct agx_cmd_segment *segments;
   uint32_t segment_count, segment_capacity;
   uint64_t open_start_va, open_end_va; /* the open segment; 0 = starts at the stream's start */
};

/* Ends the open segment (a secondary's part) with its end time to be
 * written to (ts_object, ts_offset) and opens the next one. */
void agx_cmd_split(struct agx_cmd_buffer *cmd, uint32_t ts_object, uint32_t ts_offset);

/* A buffer an internal (driver) shader reads or writes. */
struct agx_internal_buffer {
   uint64_t address;
   uint64_t size;
};

/* Launches a driver shader whose set 0 holds `buffers` at bindings 0.. */
void agx_cmd_dispatch_internal(struct agx_cmd_buffer *cmd, const struct agx_pipeline *pipeline,
                               const struct agx_internal_buffer *buffers, uint32_t buffer_count,
                               const void *push, uint32_t push_size, uint32_t groups_x);

/* Threadgroup memory of one workgroup (the USC Shared word's limit). */
#define AGX_MAX_THREADGROUP_MEMORY 65536u

/* Launches a driver shader with OpenCL __local arguments of the given sizes in bytes
 * (info.num_local_args of them), laid out after its own threadgroup memory. */
void agx_cmd_dispatch_internal_local(struct agx_cmd_buffer *cmd,
                                     const struct agx_pipeline *pipeline, const void *push,
                                     uint32_t push_size, uint32_t groups_x,
                                     const uint32_t *local_sizes, uint32_t local_count);

/* A CDM Barrier word if any launch was recorded since the last one. */
void agx_cmd_emit_cdm_barrier(struct agx_cmd_buffer *cmd);

/* Records the first error of a recording; vkEndCommandBuffer reports it. */
static inline void
agx_cmd_set_error(struct agx_cmd_buffer *cmd, VkResult result)
{
   if (cmd->record_result == VK_SUCCESS)
      cmd->record_result = result;
}

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_cmd_pool, VkCommandPool)
AGX_DEFINE_HANDLE_CASTS(agx_cmd_buffer, VkCommandBuffer)

#endif
