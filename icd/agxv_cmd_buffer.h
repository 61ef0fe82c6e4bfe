/*
 * VkCommandPool and VkCommandBuffer. A command buffer is a sequence of typed
 * control streams (struct agxv_cmd_stream, the model is Honeykrisp's hk_cs
 * list in Mesa's src/asahi/vulkan/hk_cmd_buffer.h): compute work goes into
 * CDM streams, render work into VDM streams, and the queue submits each
 * stream, in recording order, as one UAPI command of its type
 * (DRM_ASAHI_CMD_COMPUTE or DRM_ASAHI_CMD_RENDER, include/drm-uapi/asahi_drm.h).
 * A stream ends when work of the other type starts, at a timestamp write
 * (agxv_cmd_split: the firmware writes timestamps only at the end of a
 * command), or at vkEndCommandBuffer.
 */
#ifndef AGXV_CMD_BUFFER_H
#define AGXV_CMD_BUFFER_H

#include "agxv_cmd_rendering.h"
#include "agxv_cs.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_draw_cache.h"
#include "agxv_object.h"
#include "agxv_query_stats.h"
#include "agxv_upload.h"
#include "agxv_xfb.h"
#include "drm-uapi/asahi_drm.h"

struct agxv_device;
struct agxv_cmd_buffer;
struct agxv_pipeline;

/* Dynamic buffers one pipeline layout may hold (the
 * maxDescriptorSet{Uniform,Storage}BuffersDynamic limits, 8 + 4). */
#define AGXV_MAX_DYNAMIC_BUFFERS 12u

/* The resources bound at one bind point (vkCmdBindDescriptorSets,
 * vkCmdPushConstants, vkCmdPushDescriptorSet*; icd/agxv_cmd_bind.c).
 * set_addr and push follow each other as in the root uniforms (agx_abi.h:
 * AGX_ABI_SET_ADDR_BASE, AGX_ABI_PUSH_BASE), so one copy moves both. */
struct agxv_descriptor_state {
   uint64_t set_addr[AGXV_MAX_SETS]; /* GPU address of each bound set's descriptors */
   uint8_t push[AGXV_MAX_PUSH_CONSTANTS_SIZE];
   /* The dynamic offsets of the last bind, by the layout's dynamic-buffer
    * index (a bound set with dynamic buffers is a copy with them applied). */
   uint32_t dynamic_offsets[AGXV_MAX_DYNAMIC_BUFFERS];
   /* The last push descriptor set per set index (CPU view of its upload
    * memory), so a later push keeps the descriptors it does not write. */
   uint8_t *push_set[AGXV_MAX_SETS];
   uint32_t push_set_size[AGXV_MAX_SETS];
};

/* The bind points a command buffer keeps state for. */
enum agxv_bind_point {
   AGXV_BIND_POINT_COMPUTE,
   AGXV_BIND_POINT_GRAPHICS,
   AGXV_BIND_POINT_COUNT,
};

struct agxv_bind_state {
   struct agxv_pipeline *pipeline;
   struct agxv_descriptor_state desc;
   bool dirty; /* changed since the last launch uploaded it */
};

/* The root uniforms and USC word list of the last vkCmdDispatch*, reused
 * while the compute bind point is not dirty and the grid is the same
 * (agxv_cmd_dispatch.c); pipeline NULL: none. The root is loaded by one
 * USC Uniform word per chunk (agxv_cmd_dispatch.c root_chunk: the set
 * addresses, the first 64 push-constant bytes, the next 128, the rest):
 * the last upload of each chunk (address, 0: none, and a CPU copy of its
 * bytes) is pointed at again while its bytes are equal, so a dispatch
 * after a push-constant update uploads only the chunks that changed
 * (upload memory is never rewritten while recording). */
#define AGXV_ROOT_CHUNKS 4u
#define AGXV_ROOT_CHUNK_MAX 128u /* one Uniform word moves at most 64 halves */
struct agxv_dispatch_cache {
   const struct agxv_pipeline *pipeline;
   uint32_t usc; /* the USC word list (its root address is inside) */
   uint32_t groups[3], base[3];
   uint64_t chunk_gpu[AGXV_ROOT_CHUNKS];
   uint8_t chunk[AGXV_ROOT_CHUNKS][AGXV_ROOT_CHUNK_MAX];
};

/* What a render command needs beyond its VDM stream: every field of
 * drm_asahi_cmd_render the render pass decides (agxv_cmd_rendering.c);
 * the queue fills in the stream base, sampler heap and timestamps. */
struct agxv_render_info {
   struct drm_asahi_cmd_render cmd;
};

/* One recorded control stream: one hardware command. In a secondary, a
 * part its primaries call, after which they split if ts_object is set (see
 * agxv_CmdExecuteCommands). */
struct agxv_cmd_stream {
   enum agxv_cs_type type;
   uint64_t start_va;  /* cdm_ctrl_stream_base / vdm_ctrl_stream_base */
   uint64_t end_va;    /* cdm_ctrl_stream_end: the end of the first chunk */
   uint32_t ts_object; /* timestamp object for the end time; 0 = none */
   uint32_t ts_offset;
   struct agxv_render_info render; /* AGXV_CS_VDM only */
   /* AGXV_CS_VDM of a secondary recorded with RENDER_PASS_CONTINUE: draws continuing the
    * primary's render pass, no render command of its own (agxv_rendering_execute) */
   bool continues_pass;
   /* AGXV_CS_CDM of a secondary: the pre-graphics work of its next VDM part
    * (agxv_cmd_pre_gfx_execute), which allocates from the geometry heap (uses_heap) */
   bool pre_gfx, uses_heap;
   /* Not a stream: a vkCmdClearAttachments recorded in a secondary continuing a render pass
    * that a draw cannot do (eMRT; others are clear draws, agxv_clear_draw.h), which the
    * primary runs on its own pass between the parts before and after it (agxv_clear.h) */
   const struct agxv_deferred_clear *clear;
   /* Not a stream: a pipeline barrier recorded in a secondary continuing a render pass, at
    * which the primary splits its pass (agxv_cmd_render_pass_barrier) */
   bool barrier;
};

/* The occlusion query in progress (agxv_query_pool.c) and the
 * availability words of queries ended inside the open render pass, set
 * once its render command completed. */
#define AGXV_OCCLUSION_PENDING_MAX 64u
struct agxv_occlusion_state {
   bool active;
   bool precise;
   /* a secondary begun with occlusionQueryEnable (inheritedQueries): its draws count at
    * index 0, the primary points the render command's base at its active query
    * (agxv_query_execute_begin) */
   bool inherited;
   uint64_t pool_va; /* the render command's isp_oclqry_base while active */
   uint32_t query;
   uint64_t pending[AGXV_OCCLUSION_PENDING_MAX]; /* availability word addresses */
   uint32_t pending_count;
};

/* The pre-graphics compute stream (emulation.md §2, Honeykrisp's pre_gfx):
 * a CDM stream whose command runs right before the open render (VDM)
 * stream's command, for work a draw needs done first (geometry-shader
 * emulation, agxv_cmd_pre_gfx.c). Its words go into cs[AGXV_CS_CDM], idle
 * while a render stream is open; launches are redirected there while
 * `recording`. */
struct agxv_pre_gfx {
   bool open;      /* words were written for the open render stream */
   bool recording; /* agxv_cmd_cs(cmd, AGXV_CS_CDM) writes into it */
   bool dispatch_since_barrier;
   bool saved_dispatch_since_barrier; /* the render stream's, while recording */
   bool heap_used; /* the geometry heap was reset for this render (agxv_cmd_pre_gfx_take_heap) */
   struct agxv_cmd_stream stream; /* its start */
};

struct agxv_cmd_pool {
   struct agxv_object base;
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
   struct agxv_object base;
   struct agxv_device *device;
   struct agxv_cmd_pool *pool;
   struct agxv_cmd_buffer *prev, *next; /* in the pool's list */
   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum agxv_cmd_buffer_state state;
   VkResult record_result;                /* first error while recording, reported by End */
   struct agxv_cs cs[AGXV_CS_TYPE_COUNT]; /* the words of every stream, per data master */
   struct agxv_upload data;               /* root uniforms, shadow descriptor sets */
   struct agxv_upload usc;                /* USC word lists (must be in the USC heap) */
   struct agxv_bind_state bind[AGXV_BIND_POINT_COUNT];
   struct agxv_dispatch_cache dispatch_cache;
   struct agxv_draw_cache draw_cache; /* what draws uploaded/emitted last (agxv_draw_cache.h) */
   struct agxv_dynamic_graphics_state dyn; /* graphics state in effect */
   struct agxv_rendering_state rendering;  /* the render pass in progress */
   struct agxv_index_state index;          /* vkCmdBindIndexBuffer */
   struct agxv_vertex_buffer_state vb;     /* vkCmdBindVertexBuffers(2) */
   bool dispatch_since_barrier; /* a launch was recorded after the last CDM barrier in the stream */
   /* Events whose last vkCmdSetEvent/ResetEvent is in this command buffer
    * (since Begin or the last vkCmdExecuteCommands): a wait for one it set
    * needs no GPU poll. */
   struct agxv_cmd_event_state events[AGXV_CMD_EVENT_SLOTS];
   uint32_t event_count;
   /* Closed streams in submission order, or a secondary's parts. */
   struct agxv_cmd_stream *streams;
   uint32_t stream_count, stream_capacity;
   bool stream_open;            /* `open` is being recorded */
   struct agxv_cmd_stream open; /* its start; type, render info */
   struct agxv_pre_gfx pre_gfx; /* work before the open render stream */
   /* The struct agx_gs_params of the geometry-shader draw being recorded
    * (its rasterization draw's AGX_ABI_GEOMETRY_PARAMS), else 0. */
   uint64_t geometry_params;
   /* The view the draw being recorded is for (AGX_ABI_VIEW_INDEX of its
    * roots; agxv_multiview.h), 0 outside multiview passes. */
   uint32_t view_index;
   struct agxv_occlusion_state occlusion; /* vkCmdBeginQuery (agxv_query_pool.c) */
   struct agxv_xfb_cmd_state xfb;         /* transform feedback (agxv_cmd_xfb.c) */
   struct agxv_stats_cmd_state stats;     /* pipeline statistics (agxv_query_stats.c) */
};

/* Opens a stream of `type` (ending an open one of the other type). */
struct agxv_cs *agxv_cmd_open_stream(struct agxv_cmd_buffer *cmd, enum agxv_cs_type type);

/* The builder to write words of `type` into, in the open stream of that type. */
static inline struct agxv_cs *
agxv_cmd_cs(struct agxv_cmd_buffer *cmd, enum agxv_cs_type type)
{
   if (cmd->stream_open && cmd->open.type == type)
      return &cmd->cs[type];
   if (type == AGXV_CS_CDM && cmd->pre_gfx.recording)
      return &cmd->cs[type];
   return agxv_cmd_open_stream(cmd, type);
}

/* Starts writing compute work into the pre-graphics stream of the open
 * render stream (opening it): launches and CDM barriers recorded until
 * agxv_cmd_pre_gfx_end run before the render. Returns false (error set) if
 * there is no open render stream. */
bool agxv_cmd_pre_gfx_begin(struct agxv_cmd_buffer *cmd);
void agxv_cmd_pre_gfx_end(struct agxv_cmd_buffer *cmd);
/* Called when the render stream closes: terminates the pre-graphics stream
 * (a secondary's returns) and returns it (false if there is none) to be
 * submitted (called) first. */
bool agxv_cmd_pre_gfx_close(struct agxv_cmd_buffer *cmd, struct agxv_cmd_stream *out);
/* Inside agxv_cmd_pre_gfx_begin/end: the draw allocates from the geometry
 * heap; returns whether its setup kernel resets the heap first (the first
 * such draw of a primary's render; never in a secondary, whose part the
 * primary precedes with agx_gs_heap_reset when needed). */
bool agxv_cmd_pre_gfx_take_heap(struct agxv_cmd_buffer *cmd);
/* vkCmdExecuteCommands: a secondary's pre-graphics part, before the render
 * its next part joins (the primary's open one) or begins. */
void agxv_cmd_pre_gfx_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *part);

/* Ends the open stream (a compute one if none is open, so that the time
 * is written after everything recorded so far) with its end time to be
 * written to (ts_object, ts_offset); the next words start a new stream. */
void agxv_cmd_split(struct agxv_cmd_buffer *cmd, uint32_t ts_object, uint32_t ts_offset);

/* Starts a render pass: ends the open stream (of either type; every render
 * pass is one render command) and opens a VDM stream for `info`. */
struct agxv_cs *agxv_cmd_begin_render(struct agxv_cmd_buffer *cmd,
                                      const struct agxv_render_info *info);

/* Ends the open stream, if any (terminated; a secondary's returns). */
void agxv_cmd_close_stream(struct agxv_cmd_buffer *cmd);

/* A pipeline barrier inside the open render pass: the pass split there (primaries), or a
 * part at which the executing primary splits (secondaries continuing a pass). */
void agxv_cmd_render_pass_barrier(struct agxv_cmd_buffer *cmd);

/* A secondary: ends the open stream and appends `part` (one that is not a stream, e.g. a
 * deferred clear) after it. */
void agxv_cmd_append_part(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *part);

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

/* Launches the compute shader of `pipeline` with the root uniforms at
 * `root` over exactly threads[0..2] threads (agxv_cmd_dispatch.c). */
void agxv_cmd_launch_threads(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                             uint64_t root, const uint32_t threads[3]);

/* The same over the grid (CDM Global size words) at GPU address `grid`. */
void agxv_cmd_launch_indirect(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                              uint64_t root, uint64_t grid);

/* A CDM Barrier word if any launch was recorded since the last one. */
void agxv_cmd_emit_cdm_barrier(struct agxv_cmd_buffer *cmd);

/* The state of a Vulkan bind point; NULL for one the driver does not have. */
static inline struct agxv_bind_state *
agxv_cmd_bind_state(struct agxv_cmd_buffer *cmd, VkPipelineBindPoint bind_point)
{
   switch (bind_point) {
   case VK_PIPELINE_BIND_POINT_COMPUTE:
      return &cmd->bind[AGXV_BIND_POINT_COMPUTE];
   case VK_PIPELINE_BIND_POINT_GRAPHICS:
      return &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   default:
      return NULL;
   }
}

/* Records the first error of a recording; vkEndCommandBuffer reports it. */
static inline void
agxv_cmd_set_error(struct agxv_cmd_buffer *cmd, VkResult result)
{
   if (cmd->record_result == VK_SUCCESS)
      cmd->record_result = result;
}

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_cmd_pool, VkCommandPool, VK_OBJECT_TYPE_COMMAND_POOL)
AGXV_DEFINE_HANDLE_CASTS(agxv_cmd_buffer, VkCommandBuffer, VK_OBJECT_TYPE_COMMAND_BUFFER)

#endif
