/*
 * VkCommandPool and VkCommandBuffer. A command buffer records compute work
 * as a CDM control stream in GPU memory (agxv_cs); the queue submits each
 * segment of a recorded stream (the whole stream unless timestamps cut it,
 * see agxv_cmd_split) as one DRM_ASAHI_CMD_COMPUTE command.
 */
#ifndef AGXV_CMD_BUFFER_H
#define AGXV_CMD_BUFFER_H

#include "agxv_cs.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_object.h"
#include "agxv_upload.h"

struct agxv_device;
struct agxv_cmd_buffer;
struct agxv_pipeline;

/* What vkCmdBind* and vkCmdPushConstants set for compute dispatches. */
struct agxv_compute_state {
   struct agxv_pipeline *pipeline;
   uint64_t set_addr[AGXV_MAX_SETS]; /* GPU address of each bound set's descriptors */
   uint8_t push[AGXV_MAX_PUSH_CONSTANTS_SIZE];
   /* The last push descriptor set per set index (CPU view of its upload
    * memory), so a later push keeps the descriptors it does not write. */
   uint8_t *push_set[AGXV_MAX_SETS];
   uint32_t push_set_size[AGXV_MAX_SETS];
};

/* A piece of the primary's CDM stream that runs as one hardware compute
 * command. The stream is cut at each timestamp write, because the firmware
 * writes timestamps only at the start/end of a command. In a secondary, a
 * part its primaries call, after which they split if ts_object is set (see
 * agxv_CmdExecuteCommands). */
struct agxv_cmd_segment {
   uint64_t start_va, end_va; /* cdm_ctrl_stream_base / _end */
   uint32_t ts_object;        /* timestamp object for the end time; 0 = none */
   uint32_t ts_offset;
};

struct agxv_cmd_pool {
   struct agxv_device *device;
   VkAllocationCallbacks alloc;
   VkCommandPoolCreateFlags flags;
   struct agxv_cmd_buffer *buffers; /* every command buffer allocated from the pool */
};

enum agxv_cmd_buffer_state {
   AGXV_CMD_BUFFER_INITIAL,
   AGXV_CMD_BUFFER_RECORDING,
   AGXV_CMD_BUFFER_EXECUTABLE,
   AGXV_CMD_BUFFER_INVALID,
};

/* An event this command buffer set or reset (agxv_event.c). */
struct agxv_cmd_event_state {
   const void *event; /* struct agxv_event */
   bool set;
};

/* Events tracked per command buffer; more are simply not tracked. */
#define AGXV_CMD_EVENT_SLOTS 16

struct agxv_cmd_buffer {
   VK_LOADER_DATA loader_data;
   struct agxv_device *device;
   struct agxv_cmd_pool *pool;
   struct agxv_cmd_buffer *prev, *next; /* in the pool's list */
   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum agxv_cmd_buffer_state state;
   VkResult record_result;  /* first error while recording, reported by End */
   struct agxv_cs cdm;      /* compute control stream */
   struct agxv_upload data; /* root uniforms, shadow descriptor sets */
   struct agxv_upload usc;  /* USC word lists (must be in the USC heap) */
   struct agxv_compute_state compute;
   bool dispatch_since_barrier; /* a launch was recorded after the last CDM barrier */
   /* Events whose last vkCmdSetEvent/ResetEvent is in this command buffer
    * (since Begin or the last vkCmdExecuteCommands): a wait for one it set
    * needs no GPU poll. */
   struct agxv_cmd_event_state events[AGXV_CMD_EVENT_SLOTS];
   uint32_t event_count;
   /* Closed segments, or a secondary's parts (a command buffer with no
    * timestamps has one, added by End). */
   struct agxv_cmd_segment *segments;
   uint32_t segment_count, segment_capacity;
   uint64_t open_start_va, open_end_va; /* the open segment; 0 = starts at the stream's start */
};

/* Ends the open segment (a secondary's part) with its end time to be
 * written to (ts_object, ts_offset) and opens the next one. */
void agxv_cmd_split(struct agxv_cmd_buffer *cmd, uint32_t ts_object, uint32_t ts_offset);

/* A buffer an internal (driver) shader reads or writes. */
struct agxv_internal_buffer {
   uint64_t address;
   uint64_t size;
};

/* Launches a driver shader whose set 0 holds `buffers` at bindings 0.. */
void agxv_cmd_dispatch_internal(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                                const struct agxv_internal_buffer *buffers, uint32_t buffer_count,
                                const void *push, uint32_t push_size, uint32_t groups_x);

/* Threadgroup memory of one workgroup (the USC Shared word's limit). */
#define AGXV_MAX_THREADGROUP_MEMORY 65536u

/* Launches a driver shader with OpenCL __local arguments of the given sizes in bytes
 * (info.num_local_args of them), laid out after its own threadgroup memory. */
void agxv_cmd_dispatch_internal_local(struct agxv_cmd_buffer *cmd,
                                      const struct agxv_pipeline *pipeline, const void *push,
                                      uint32_t push_size, uint32_t groups_x,
                                      const uint32_t *local_sizes, uint32_t local_count);

/* A CDM Barrier word if any launch was recorded since the last one. */
void agxv_cmd_emit_cdm_barrier(struct agxv_cmd_buffer *cmd);

/* Records the first error of a recording; vkEndCommandBuffer reports it. */
static inline void
agxv_cmd_set_error(struct agxv_cmd_buffer *cmd, VkResult result)
{
   if (cmd->record_result == VK_SUCCESS)
      cmd->record_result = result;
}

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_cmd_pool, VkCommandPool)
AGXV_DEFINE_HANDLE_CASTS(agxv_cmd_buffer, VkCommandBuffer)

#endif
