/*
 * VkEvent: one 32-bit word in GPU memory (1 = set). The host reads and
 * writes it directly; command buffers write it with the fill shader after
 * a CDM barrier (so earlier work is complete). vkCmdWaitEvents is a CDM
 * barrier: a queue executes its command streams in order, so events set
 * earlier on the queue are already set when the wait is reached. Waiting
 * for a vkSetEvent issued by the host after submission is not supported
 * (the CDM has no memory-polling wait); such waits do not block.
 */
#include "agx_alloc.h"
#include "agx_bo.h"
#include "agx_cmd_buffer.h"
#include "agx_device.h"
#include "agx_meta.h"

struct agx_event {
   struct agx_bo *bo;
   volatile uint32_t *word;
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_event, VkEvent)

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreateEvent(VkDevice _device, const VkEventCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkEvent *pEvent)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   const VkAllocationCallbacks *alloc = agx_choose_alloc(&device->alloc, pAllocator);
   struct agx_event *event = agx_zalloc(alloc, sizeof(*event), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!event)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   void *map = NULL;
   VkResult result = agx_bo_create(device, 4, 0, "event", &event->bo);
   if (result == VK_SUCCESS)
      result = agx_bo_map(device, event->bo, &map);
   if (result != VK_SUCCESS) {
      agx_bo_destroy(device, event->bo);
      agx_free(alloc, event);
      return result;
   }
   event->word = map;
   *event->word = 0;
   *pEvent = agx_event_to_handle(event);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyEvent(VkDevice _device, VkEvent _event, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_event, event, _event);
   if (!event)
      return;
   agx_bo_destroy(device, event->bo);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), event);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_GetEventStatus(VkDevice _device, VkEvent _event)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   if (agx_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   return agx_event_from_handle(_event)->word[0] ? VK_EVENT_SET : VK_EVENT_RESET;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_SetEvent(VkDevice _device, VkEvent _event)
{
   agx_event_from_handle(_event)->word[0] = 1;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_ResetEvent(VkDevice _device, VkEvent _event)
{
   agx_event_from_handle(_event)->word[0] = 0;
   return VK_SUCCESS;
}

static void
write_event(struct agx_cmd_buffer *cmd, VkEvent _event, uint32_t value)
{
   struct agx_event *event = agx_event_from_handle(_event);
   agx_cmd_emit_cdm_barrier(cmd);
   agx_meta_fill(cmd, event->bo->va, 1, value);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdSetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   write_event(agx_cmd_buffer_from_handle(commandBuffer), event, 1);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdSetEvent2(VkCommandBuffer commandBuffer, VkEvent event, const VkDependencyInfo *pDependencyInfo)
{
   write_event(agx_cmd_buffer_from_handle(commandBuffer), event, 1);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdResetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   write_event(agx_cmd_buffer_from_handle(commandBuffer), event, 0);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdResetEvent2(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags2 stageMask)
{
   write_event(agx_cmd_buffer_from_handle(commandBuffer), event, 0);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdWaitEvents(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                  VkPipelineStageFlags srcStageMask, VkPipelineStageFlags dstStageMask,
                  uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
                  uint32_t bufferMemoryBarrierCount, const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                  uint32_t imageMemoryBarrierCount, const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   agx_cmd_emit_cdm_barrier(agx_cmd_buffer_from_handle(commandBuffer));
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdWaitEvents2(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                   const VkDependencyInfo *pDependencyInfos)
{
   agx_cmd_emit_cdm_barrier(agx_cmd_buffer_from_handle(commandBuffer));
}
