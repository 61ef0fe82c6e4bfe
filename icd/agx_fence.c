/* VkFence on a binary syncobj. Waits use WAIT_FOR_SUBMIT because the queue
 * thread may not have attached the fence's payload yet. */
#include <errno.h>

#include "agx_alloc.h"
#include "agx_device.h"
#include "agx_log.h"
#include "agx_queue.h"
#include "agx_sync.h"

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreateFence(VkDevice _device, const VkFenceCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   const VkAllocationCallbacks *alloc = agx_choose_alloc(&device->alloc, pAllocator);
   struct agx_fence *fence =
      agx_zalloc(alloc, sizeof(*fence), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!fence)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   int ret = agx_kmd_syncobj_create(device->kmd, pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT,
                                    &fence->syncobj);
   if (ret) {
      agx_free(alloc, fence);
      return ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   *pFence = agx_fence_to_handle(fence);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyFence(VkDevice _device, VkFence _fence, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_fence, fence, _fence);
   if (!fence)
      return;
   agx_kmd_syncobj_destroy(device->kmd, fence->syncobj);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), fence);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_ResetFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   for (uint32_t i = 0; i < fenceCount; i++) {
      AGX_FROM_HANDLE(agx_fence, fence, pFences[i]);
      if (agx_kmd_syncobj_reset(device->kmd, &fence->syncobj, 1))
         return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   return VK_SUCCESS;
}

static VkResult
wait_fences(struct agx_device *device, uint32_t count, const VkFence *fences, bool all,
            uint64_t timeout)
{
   if (agx_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   uint32_t stack[16], *handles = stack;
   if (count > 16) {
      handles =
         agx_alloc(&device->alloc, count * sizeof(uint32_t), 4, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!handles)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t i = 0; i < count; i++)
      handles[i] = agx_fence_from_handle(fences[i])->syncobj;

   uint32_t flags =
      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT | (all ? DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL : 0);
   int ret = agx_kmd_syncobj_wait(device->kmd, handles, NULL, count, agx_abs_timeout(timeout),
                                  flags, NULL);
   if (handles != stack)
      agx_free(&device->alloc, handles);
   if (ret == -ETIME)
      return timeout == 0 ? VK_NOT_READY : VK_TIMEOUT;
   if (ret)
      return agx_device_set_lost(device, "fence wait failed");
   return device->queue ? agx_queue_check_faults(device->queue) : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_WaitForFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences, VkBool32 waitAll,
                  uint64_t timeout)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   VkResult r = wait_fences(device, fenceCount, pFences, waitAll, timeout);
   return r == VK_NOT_READY ? VK_TIMEOUT : r;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_GetFenceStatus(VkDevice _device, VkFence fence)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   return wait_fences(device, 1, &fence, true, 0);
}
