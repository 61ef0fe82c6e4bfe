/* VkFence on a binary syncobj. Waits use WAIT_FOR_SUBMIT because the queue
 * thread may not have attached the fence's payload yet. */
#include <errno.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_queue.h"
#include "agxv_sync.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateFence(VkDevice _device, const VkFenceCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_fence *fence =
      agxv_object_zalloc(device, alloc, sizeof(*fence), VK_OBJECT_TYPE_FENCE);
   if (!fence)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   int ret = agxv_kmd_syncobj_create(device->kmd, pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT,
                                     &fence->syncobj);
   if (ret) {
      agxv_object_free(alloc, fence);
      return ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   *pFence = agxv_fence_to_handle(fence);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyFence(VkDevice _device, VkFence _fence, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_fence, fence, _fence);
   if (!fence)
      return;
   agxv_kmd_syncobj_destroy(device->kmd, fence->syncobj);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), fence);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_ResetFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   for (uint32_t i = 0; i < fenceCount; i++) {
      AGXV_FROM_HANDLE(agxv_fence, fence, pFences[i]);
      if (agxv_kmd_syncobj_reset(device->kmd, &fence->syncobj, 1))
         return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   return VK_SUCCESS;
}

static VkResult
wait_fences(struct agxv_device *device, uint32_t count, const VkFence *fences, bool all,
            uint64_t timeout)
{
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   uint32_t stack[16], *handles = stack;
   if (count > 16) {
      handles = agxv_alloc(&device->alloc, count * sizeof(uint32_t), 4,
                           VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!handles)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t i = 0; i < count; i++)
      handles[i] = agxv_fence_from_handle(fences[i])->syncobj;

   uint32_t flags =
      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT | (all ? DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL : 0);
   int ret = agxv_kmd_syncobj_wait(device->kmd, handles, NULL, count, agxv_abs_timeout(timeout),
                                   flags, NULL);
   if (handles != stack)
      agxv_free(&device->alloc, handles);
   if (ret == -ETIME)
      return timeout == 0 ? VK_NOT_READY : VK_TIMEOUT;
   if (ret)
      return agxv_device_set_lost(device, "fence wait failed");
   return device->queue ? agxv_queue_check_faults(device->queue) : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_WaitForFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences, VkBool32 waitAll,
                   uint64_t timeout)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   VkResult r = wait_fences(device, fenceCount, pFences, waitAll, timeout);
   return r == VK_NOT_READY ? VK_TIMEOUT : r;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetFenceStatus(VkDevice _device, VkFence fence)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   return wait_fences(device, 1, &fence, true, 0);
}
