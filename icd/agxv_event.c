/*
 * VkEvent: one 32-bit word in GPU memory (non-zero = set). The host reads
 * and writes it directly (release/acquire, so data written before
 * vkSetEvent is visible to work the event releases).
 *
 * vkCmdSetEvent / vkCmdResetEvent: a CDM barrier (earlier work complete,
 * caches flushed: the barrier does not know stage masks, so it covers every
 * stage) then the fill kernel writes the word.
 *
 * vkCmdWaitEvents(2): the CDM has no memory-polling wait, so the wait runs
 * on the GPU: a CDM barrier (so an event set earlier in this stream is
 * already written), then one thread of the agx_wait_events kernel
 * (cl_kernels/agx_event.cl) polls the event words until all are set, then
 * another CDM barrier, which keeps every later launch behind the kernel
 * and flushes/invalidates caches for the wait's memory dependency. Events
 * the command buffer itself set earlier (and did not reset, nor ran a
 * secondary since) are not polled; a wait with only such events is just
 * the barrier. Other events set earlier on the queue or by the host before
 * the wait is reached cost one load each; one the host sets after submission releases the
 * wait when it is set (the kernel's loads are coherent). An event that is
 * never set keeps the kernel running until the GPU's watchdog ends the
 * command: the device is lost, the process keeps running.
 */
#include "agxv_alloc.h"
#include "agx_cl_kernels.h"
#include "agx_event.h"
#include "agxv_bo.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_meta.h"

struct agxv_event {
   struct agxv_object base;
   struct agxv_bo *bo;
   volatile uint32_t *word;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_event, VkEvent, VK_OBJECT_TYPE_EVENT)

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateEvent(VkDevice _device, const VkEventCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkEvent *pEvent)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_event *event =
      agxv_object_zalloc(device, alloc, sizeof(*event), VK_OBJECT_TYPE_EVENT);
   if (!event)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   void *map = NULL;
   VkResult result = agxv_bo_create(device, 4, 0, "event", &event->bo);
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, event->bo, &map);
   if (result != VK_SUCCESS) {
      agxv_bo_destroy(device, event->bo);
      agxv_object_free(alloc, event);
      return result;
   }
   event->word = map;
   *event->word = 0;
   *pEvent = agxv_event_to_handle(event);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyEvent(VkDevice _device, VkEvent _event, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_event, event, _event);
   if (!event)
      return;
   agxv_bo_destroy(device, event->bo);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), event);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetEventStatus(VkDevice _device, VkEvent _event)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   uint32_t v = __atomic_load_n(agxv_event_from_handle(_event)->word, __ATOMIC_ACQUIRE);
   return v ? VK_EVENT_SET : VK_EVENT_RESET;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_SetEvent(VkDevice _device, VkEvent _event)
{
   __atomic_store_n(agxv_event_from_handle(_event)->word, 1u, __ATOMIC_RELEASE);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_ResetEvent(VkDevice _device, VkEvent _event)
{
   __atomic_store_n(agxv_event_from_handle(_event)->word, 0u, __ATOMIC_RELEASE);
   return VK_SUCCESS;
}

/* The command buffer's own last set/reset of `event`, if tracked. */
static struct agxv_cmd_event_state *
tracked(struct agxv_cmd_buffer *cmd, const struct agxv_event *event)
{
   for (uint32_t i = 0; i < cmd->event_count; i++) {
      if (cmd->events[i].event == event)
         return &cmd->events[i];
   }
   return NULL;
}

static void
track(struct agxv_cmd_buffer *cmd, const struct agxv_event *event, bool set)
{
   struct agxv_cmd_event_state *s = tracked(cmd, event);
   if (!s && cmd->event_count < AGXV_CMD_EVENT_SLOTS)
      s = &cmd->events[cmd->event_count++];
   if (s)
      *s = (struct agxv_cmd_event_state){.event = event, .set = set};
}

static void
write_event(struct agxv_cmd_buffer *cmd, VkEvent _event, uint32_t value)
{
   struct agxv_event *event = agxv_event_from_handle(_event);
   track(cmd, event, value != 0);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_meta_fill(cmd, event->bo->va, 1, value);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   write_event(agxv_cmd_buffer_from_handle(commandBuffer), event, 1);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
                  const VkDependencyInfo *pDependencyInfo)
{
   write_event(agxv_cmd_buffer_from_handle(commandBuffer), event, 1);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdResetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   write_event(agxv_cmd_buffer_from_handle(commandBuffer), event, 0);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdResetEvent2(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags2 stageMask)
{
   write_event(agxv_cmd_buffer_from_handle(commandBuffer), event, 0);
}

/* Blocks later work in the stream until every event is set (see the top). */
static void
wait_events(struct agxv_cmd_buffer *cmd, uint32_t count, const VkEvent *events)
{
   /* A secondary does not know what its primary launched before it (a
    * vkCmdSetEvent, say): the barrier makes that written, not just running. */
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY)
      cmd->dispatch_since_barrier = true;
   agxv_cmd_emit_cdm_barrier(cmd);
   /* Events this command buffer set before are set when the wait runs:
    * the GPU runs the stream in order, and a host reset racing with it may
    * as well have come after the wait. Only the others are polled. */
   uint32_t poll = 0;
   for (uint32_t i = 0; i < count; i++) {
      const struct agxv_cmd_event_state *s = tracked(cmd, agxv_event_from_handle(events[i]));
      poll += !(s && s->set);
   }
   if (poll == 0)
      return;
   if (poll > UINT32_MAX / sizeof(uint64_t)) {
      agxv_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   struct agxv_upload_ptr list;
   VkResult result = agxv_upload_alloc(&cmd->data, poll * (uint32_t)sizeof(uint64_t), 8, &list);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   uint64_t *va = list.cpu;
   for (uint32_t i = 0, n = 0; i < count; i++) {
      const struct agxv_event *event = agxv_event_from_handle(events[i]);
      const struct agxv_cmd_event_state *s = tracked(cmd, event);
      if (!(s && s->set))
         va[n++] = event->bo->va;
   }
   struct agx_wait_events_args args = {.events = list.gpu, .count = poll};
   agxv_dispatch_kernel(cmd, AGX_CL_WAIT_EVENTS, 1, &args, sizeof(args));
   agxv_cmd_emit_cdm_barrier(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdWaitEvents(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                   VkPipelineStageFlags srcStageMask, VkPipelineStageFlags dstStageMask,
                   uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
                   uint32_t bufferMemoryBarrierCount,
                   const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                   uint32_t imageMemoryBarrierCount,
                   const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   wait_events(agxv_cmd_buffer_from_handle(commandBuffer), eventCount, pEvents);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdWaitEvents2(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                    const VkDependencyInfo *pDependencyInfos)
{
   wait_events(agxv_cmd_buffer_from_handle(commandBuffer), eventCount, pEvents);
}
