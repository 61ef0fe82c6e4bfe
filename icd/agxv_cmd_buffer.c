/* Command pool and command buffer lifecycle (allocate, begin, end, reset, free) and the
 * list of typed control streams a recording produces (agxv_cmd_buffer.h). */
#include "agxv_cmd_buffer.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_clear.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_query_pool.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateCommandPool(VkDevice _device, const VkCommandPoolCreateInfo *pCreateInfo,
                       const VkAllocationCallbacks *pAllocator, VkCommandPool *pPool)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   if (pCreateInfo->queueFamilyIndex != 0 ||
       (pCreateInfo->flags & VK_COMMAND_POOL_CREATE_PROTECTED_BIT))
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "unsupported command pool");
   struct agxv_cmd_pool *pool =
      agxv_object_zalloc(device, alloc, sizeof(*pool), VK_OBJECT_TYPE_COMMAND_POOL);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->device = device;
   pool->alloc = *alloc;
   pool->flags = pCreateInfo->flags;
   *pPool = agxv_cmd_pool_to_handle(pool);
   return VK_SUCCESS;
}

static void
free_cmd_buffer(struct agxv_cmd_buffer *cmd)
{
   struct agxv_cmd_pool *pool = cmd->pool;
   if (cmd->prev)
      cmd->prev->next = cmd->next;
   else
      pool->buffers = cmd->next;
   if (cmd->next)
      cmd->next->prev = cmd->prev;
   for (unsigned t = 0; t < AGXV_CS_TYPE_COUNT; t++)
      agxv_cs_finish(&cmd->cs[t]);
   agxv_upload_finish(&cmd->data);
   agxv_upload_finish(&cmd->usc);
   agxv_rendering_state_finish(cmd);
   agxv_stats_cmd_finish(cmd);
   agxv_free(&pool->alloc, cmd->streams);
   agxv_object_free(&pool->alloc, cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyCommandPool(VkDevice _device, VkCommandPool _pool,
                        const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_cmd_pool, pool, _pool);
   if (!pool)
      return;
   while (pool->buffers)
      free_cmd_buffer(pool->buffers);
   VkAllocationCallbacks alloc = pool->alloc;
   agxv_object_free(&alloc, pool);
}

/* Memory the command buffer keeps for its next recording (agxv_upload.h)
 * and does not use now is freed. */
static void
trim_cmd_buffer(struct agxv_cmd_buffer *cmd)
{
   for (unsigned t = 0; t < AGXV_CS_TYPE_COUNT; t++)
      agxv_cs_trim(&cmd->cs[t]);
   agxv_upload_trim(&cmd->data);
   agxv_upload_trim(&cmd->usc);
}

/* Back to the initial state; the memory stays for the next recording
 * unless release is set (VK_COMMAND_BUFFER_RESET_RELEASE_RESOURCES_BIT). */
static void
reset_cmd_buffer(struct agxv_cmd_buffer *cmd, bool release)
{
   for (unsigned t = 0; t < AGXV_CS_TYPE_COUNT; t++)
      agxv_cs_reset(&cmd->cs[t]);
   agxv_upload_reset(&cmd->data);
   agxv_upload_reset(&cmd->usc);
   if (release)
      trim_cmd_buffer(cmd);
   memset(cmd->bind, 0, sizeof(cmd->bind));
   memset(&cmd->dispatch_cache, 0, sizeof(cmd->dispatch_cache));
   agxv_draw_cache_reset(&cmd->draw_cache);
   agxv_rendering_state_finish(cmd);
   agxv_dyn_init(&cmd->dyn);
   memset(&cmd->index, 0, sizeof(cmd->index));
   memset(&cmd->occlusion, 0, sizeof(cmd->occlusion));
   memset(&cmd->xfb, 0, sizeof(cmd->xfb));
   agxv_stats_cmd_reset(cmd);
   cmd->dispatch_since_barrier = false;
   cmd->event_count = 0;
   cmd->stream_count = 0;
   cmd->stream_open = false;
   memset(&cmd->pre_gfx, 0, sizeof(cmd->pre_gfx));
   cmd->record_result = VK_SUCCESS;
   cmd->state = AGXV_CMD_BUFFER_INITIAL;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_ResetCommandPool(VkDevice _device, VkCommandPool _pool, VkCommandPoolResetFlags flags)
{
   AGXV_FROM_HANDLE(agxv_cmd_pool, pool, _pool);
   for (struct agxv_cmd_buffer *cmd = pool->buffers; cmd; cmd = cmd->next)
      reset_cmd_buffer(cmd, flags & VK_COMMAND_POOL_RESET_RELEASE_RESOURCES_BIT);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_TrimCommandPool(VkDevice _device, VkCommandPool _pool, VkCommandPoolTrimFlags flags)
{
   /* Memory the pool's command buffers kept from earlier recordings and
    * do not use now. */
   AGXV_FROM_HANDLE(agxv_cmd_pool, pool, _pool);
   for (struct agxv_cmd_buffer *cmd = pool->buffers; cmd; cmd = cmd->next)
      trim_cmd_buffer(cmd);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_AllocateCommandBuffers(VkDevice _device, const VkCommandBufferAllocateInfo *pInfo,
                            VkCommandBuffer *pCommandBuffers)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_cmd_pool, pool, pInfo->commandPool);
   for (uint32_t i = 0; i < pInfo->commandBufferCount; i++) {
      struct agxv_cmd_buffer *cmd =
         agxv_object_zalloc(device, &pool->alloc, sizeof(*cmd), VK_OBJECT_TYPE_COMMAND_BUFFER);
      if (!cmd) {
         for (uint32_t j = 0; j < i; j++) {
            free_cmd_buffer(agxv_cmd_buffer_from_handle(pCommandBuffers[j]));
            pCommandBuffers[j] = VK_NULL_HANDLE;
         }
         for (uint32_t j = i; j < pInfo->commandBufferCount; j++)
            pCommandBuffers[j] = VK_NULL_HANDLE;
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      cmd->device = device;
      cmd->pool = pool;
      cmd->level = pInfo->level;
      for (unsigned t = 0; t < AGXV_CS_TYPE_COUNT; t++)
         agxv_cs_init(&cmd->cs[t], device, (enum agxv_cs_type)t);
      agxv_upload_init(&cmd->data, device, 0); /* GPU-written too (indirect grids) */
      agxv_upload_init(&cmd->usc, device, AGXV_BO_EXEC | AGXV_BO_READONLY);
      cmd->next = pool->buffers;
      if (pool->buffers)
         pool->buffers->prev = cmd;
      pool->buffers = cmd;
      pCommandBuffers[i] = agxv_cmd_buffer_to_handle(cmd);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_FreeCommandBuffers(VkDevice _device, VkCommandPool _pool, uint32_t count,
                        const VkCommandBuffer *pCommandBuffers)
{
   for (uint32_t i = 0; i < count; i++) {
      AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, pCommandBuffers[i]);
      if (cmd)
         free_cmd_buffer(cmd);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_ResetCommandBuffer(VkCommandBuffer commandBuffer, VkCommandBufferResetFlags flags)
{
   reset_cmd_buffer(agxv_cmd_buffer_from_handle(commandBuffer),
                    flags & VK_COMMAND_BUFFER_RESET_RELEASE_RESOURCES_BIT);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_BeginCommandBuffer(VkCommandBuffer commandBuffer, const VkCommandBufferBeginInfo *pBeginInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   /* Begin implicitly resets (the pool allows it or the buffer is initial). */
   reset_cmd_buffer(cmd, false);
   cmd->usage = pBeginInfo->flags;
   cmd->state = AGXV_CMD_BUFFER_RECORDING;
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY && pBeginInfo->pInheritanceInfo)
      cmd->stats.inherited = pBeginInfo->pInheritanceInfo->pipelineStatistics;
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY &&
       (pBeginInfo->flags & VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT)) {
      VkResult result = agxv_rendering_inherit(cmd, pBeginInfo->pInheritanceInfo);
      if (result != VK_SUCCESS)
         agxv_cmd_set_error(cmd, result);
      /* inheritedQueries: an occlusion query of the primary may be active */
      if (pBeginInfo->pInheritanceInfo && pBeginInfo->pInheritanceInfo->occlusionQueryEnable)
         agxv_query_inherit(cmd, pBeginInfo->pInheritanceInfo->queryFlags);
   }
   return VK_SUCCESS;
}

/* Appends the open stream, ended by its terminate (a primary) or return
 * (a secondary's part), to the list. */
static void append_stream(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *stream);

static void
close_stream(struct agxv_cmd_buffer *cmd, uint32_t ts_object, uint32_t ts_offset)
{
   struct agxv_cs *cs = &cmd->cs[cmd->open.type];
   cmd->stream_open = false;
   cmd->dispatch_since_barrier = false;
   /* a render stream's pre-graphics work is submitted right before it */
   struct agxv_cmd_stream pre;
   if (cmd->open.type == AGXV_CS_VDM && agxv_cmd_pre_gfx_close(cmd, &pre))
      append_stream(cmd, &pre);
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY)
      agxv_cs_return(cs);
   else
      agxv_cs_terminate(cs);
   if (cs->status != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, cs->status);
      return;
   }
   struct agxv_cmd_stream s = cmd->open;
   s.continues_pass = s.type == AGXV_CS_VDM && cmd->rendering.inherited;
   s.ts_object = ts_object;
   s.ts_offset = ts_offset;
   append_stream(cmd, &s);
}

static void
append_stream(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *stream)
{
   if (cmd->stream_count == cmd->stream_capacity) {
      uint32_t cap = cmd->stream_capacity ? cmd->stream_capacity * 2 : 4;
      struct agxv_cmd_stream *s =
         agxv_alloc(&cmd->pool->alloc, cap * sizeof(*s), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!s) {
         agxv_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
         return;
      }
      if (cmd->stream_count)
         memcpy(s, cmd->streams, cmd->stream_count * sizeof(*s));
      agxv_free(&cmd->pool->alloc, cmd->streams);
      cmd->streams = s;
      cmd->stream_capacity = cap;
   }
   cmd->streams[cmd->stream_count++] = *stream;
}

struct agxv_cs *
agxv_cmd_open_stream(struct agxv_cmd_buffer *cmd, enum agxv_cs_type type)
{
   if (cmd->stream_open && cmd->open.type == type)
      return &cmd->cs[type];
   if (cmd->stream_open)
      close_stream(cmd, 0, 0);
   struct agxv_cs *cs = &cmd->cs[type];
   /* A stream starts where the builder's next word goes (a fresh chunk
    * the first time). */
   if (!agxv_cs_reserve(cs, 0)) {
      agxv_cmd_set_error(cmd, cs->status);
      return cs; /* reservations fail from now on (status is sticky) */
   }
   cmd->open = (struct agxv_cmd_stream){.type = type};
   cmd->open.start_va = agxv_cs_next_va(cs, &cmd->open.end_va);
   cmd->stream_open = true;
   /* A new stream is a new hardware command, which starts after the one
    * before completes: no CDM barrier is needed before its first launch. */
   cmd->dispatch_since_barrier = false;
   return cs;
}

void
agxv_cmd_split(struct agxv_cmd_buffer *cmd, uint32_t ts_object, uint32_t ts_offset)
{
   if (!cmd->stream_open)
      agxv_cmd_open_stream(cmd, AGXV_CS_CDM);
   if (cmd->stream_open)
      close_stream(cmd, ts_object, ts_offset);
}

struct agxv_cs *
agxv_cmd_begin_render(struct agxv_cmd_buffer *cmd, const struct agxv_render_info *info)
{
   agxv_cmd_close_stream(cmd);
   struct agxv_cs *cs = agxv_cmd_open_stream(cmd, AGXV_CS_VDM);
   if (cmd->stream_open)
      cmd->open.render = *info;
   return cs;
}

void
agxv_cmd_close_stream(struct agxv_cmd_buffer *cmd)
{
   if (cmd->stream_open)
      close_stream(cmd, 0, 0);
}

void
agxv_cmd_append_part(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_stream *part)
{
   agxv_cmd_close_stream(cmd);
   append_stream(cmd, part);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EndCommandBuffer(VkCommandBuffer commandBuffer)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   /* Empty command buffers submit nothing to the GPU. */
   agxv_cmd_close_stream(cmd);
   cmd->rendering.active = false; /* an inherited pass (its arrays stay for the primaries) */
   cmd->state =
      cmd->record_result == VK_SUCCESS ? AGXV_CMD_BUFFER_EXECUTABLE : AGXV_CMD_BUFFER_INVALID;
   return cmd->record_result;
}

/*
 * Secondaries are called (Stream Link with return) from the primary's
 * control stream; their words are not copied. A secondary is split like a
 * primary: each vkCmdWriteTimestamp in it ends a part (a called stream
 * ending in Stream Return) that carries the timestamp's target, and the
 * next part starts with the availability fill. The firmware only writes a
 * timestamp at the end of a hardware command, so the primary calls each
 * part in turn and, after a part with a timestamp, splits its own stream
 * there (agxv_cmd_split): the part's work ends the primary's stream, whose
 * end time becomes the query's value, and the next part (the fill) runs in
 * the primary's next stream, after that time is written. A secondary with
 * no timestamps is one part, one call. The parts are fixed when the
 * secondary ends, so it may be executed any number of times, in any number
 * of primaries.
 */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdExecuteCommands(VkCommandBuffer commandBuffer, uint32_t count, const VkCommandBuffer *pCmds)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   /* A secondary may set or reset any event: forget what this one did. */
   cmd->event_count = 0;
   for (uint32_t i = 0; i < count; i++) {
      struct agxv_cmd_buffer *secondary = agxv_cmd_buffer_from_handle(pCmds[i]);
      agxv_stats_execute(cmd, secondary, true);
      for (uint32_t p = 0; p < secondary->stream_count; p++) {
         const struct agxv_cmd_stream *part = &secondary->streams[p];
         if (part->clear) {
            /* a vkCmdClearAttachments of the secondary, on the primary's pass */
            agxv_clear_execute_deferred(cmd, part->clear);
         } else if (part->barrier) {
            /* a pipeline barrier of the secondary inside the primary's pass */
            agxv_cmd_render_pass_barrier(cmd);
         } else if (part->pre_gfx) {
            /* geometry / tessellation work before its draws (agxv_cmd_pre_gfx.c) */
            agxv_cmd_pre_gfx_execute(cmd, part);
         } else if (part->continues_pass) {
            /* draws inside the primary's pass: called from a render command of its own */
            bool counted = agxv_query_execute_begin(cmd, secondary);
            agxv_rendering_execute(cmd, secondary, part);
            if (counted)
               agxv_query_execute_end(cmd);
         } else if (part->type == AGXV_CS_VDM) {
            /* a whole render pass of the secondary: its render command, its words called */
            struct agxv_cs *cs = agxv_cmd_begin_render(cmd, &part->render);
            agxv_cs_call(cs, part->start_va);
            agxv_cmd_close_stream(cmd);
            if (cs->status != VK_SUCCESS) {
               agxv_cmd_set_error(cmd, cs->status);
               return;
            }
         } else {
            struct agxv_cs *cs = agxv_cmd_cs(cmd, part->type);
            agxv_cs_call(cs, part->start_va);
            if (cs->status != VK_SUCCESS) {
               agxv_cmd_set_error(cmd, cs->status);
               return;
            }
         }
         /* Its launches may need ordering against what the primary does next. */
         cmd->dispatch_since_barrier = true;
         /* Its draws leave VDM/PPP state the primary does not know. */
         agxv_draw_cache_forget_stream(&cmd->draw_cache);
         if (part->ts_object)
            agxv_cmd_split(cmd, part->ts_object, part->ts_offset);
      }
      /* its statistics work, for its queries or this one's (agxv_query_stats.c) */
      agxv_stats_execute(cmd, secondary, false);
   }
}
