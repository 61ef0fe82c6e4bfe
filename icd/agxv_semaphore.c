/* VkSemaphore: binary and timeline, each on one syncobj. Timeline
 * syncobjs are created signalled so that point 0 is always complete. */
#include <errno.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_queue.h"
#include "agxv_sync.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateSemaphore(VkDevice _device, const VkSemaphoreCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator, VkSemaphore *pSemaphore)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   const VkSemaphoreTypeCreateInfo *type =
      agxv_find_struct(pCreateInfo->pNext, VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);

   struct agxv_semaphore *sem =
      agxv_object_zalloc(device, alloc, sizeof(*sem), VK_OBJECT_TYPE_SEMAPHORE);
   if (!sem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   sem->type = type ? type->semaphoreType : VK_SEMAPHORE_TYPE_BINARY;
   bool timeline = sem->type == VK_SEMAPHORE_TYPE_TIMELINE;

   int ret = agxv_kmd_syncobj_create(device->kmd, timeline, &sem->syncobj);
   if (ret == 0 && timeline && type->initialValue > 0) {
      ret = agxv_kmd_syncobj_timeline_signal(device->kmd, &sem->syncobj, &type->initialValue, 1);
      if (ret)
         agxv_kmd_syncobj_destroy(device->kmd, sem->syncobj);
   }
   if (ret) {
      agxv_object_free(alloc, sem);
      return ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   *pSemaphore = agxv_semaphore_to_handle(sem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroySemaphore(VkDevice _device, VkSemaphore semaphore,
                      const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_semaphore, sem, semaphore);
   if (!sem)
      return;
   agxv_kmd_syncobj_destroy(device->kmd, sem->syncobj);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), sem);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetSemaphoreCounterValue(VkDevice _device, VkSemaphore semaphore, uint64_t *pValue)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_semaphore, sem, semaphore);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   if (agxv_kmd_syncobj_query(device->kmd, &sem->syncobj, pValue, 1))
      return agxv_device_set_lost(device, "timeline query failed");
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_SignalSemaphore(VkDevice _device, const VkSemaphoreSignalInfo *pSignalInfo)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_semaphore, sem, pSignalInfo->semaphore);
   int ret = agxv_kmd_syncobj_timeline_signal(device->kmd, &sem->syncobj, &pSignalInfo->value, 1);
   if (ret)
      return ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_OUT_OF_DEVICE_MEMORY;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_WaitSemaphores(VkDevice _device, const VkSemaphoreWaitInfo *pWaitInfo, uint64_t timeout)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   uint32_t n = pWaitInfo->semaphoreCount;
   if (n == 0)
      return VK_SUCCESS;
   uint32_t *handles =
      agxv_alloc(&device->alloc, n * sizeof(uint32_t), 4, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!handles)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < n; i++)
      handles[i] = agxv_semaphore_from_handle(pWaitInfo->pSemaphores[i])->syncobj;

   uint32_t flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   if (!(pWaitInfo->flags & VK_SEMAPHORE_WAIT_ANY_BIT))
      flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   int ret = agxv_kmd_syncobj_wait(device->kmd, handles, pWaitInfo->pValues, n,
                                   agxv_abs_timeout(timeout), flags, NULL);
   agxv_free(&device->alloc, handles);
   if (ret == -ETIME)
      return VK_TIMEOUT;
   if (ret)
      return agxv_device_set_lost(device, "timeline wait failed");
   return device->queue ? agxv_queue_check_faults(device->queue) : VK_SUCCESS;
}
