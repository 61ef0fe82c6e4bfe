/*
 * VkDeviceMemory. Memory is unified and coherent: one memory type, every
 * allocation is a VM-private BO mapped read/write into the GPU VM, and CPU
 * maps alias the same pages, so flush/invalidate have nothing to do.
 */
#include "agx_device_memory.h"

#include <errno.h>
#include <string.h>

#include "agx_alloc.h"
#include "agx_device.h"
#include "agx_log.h"
#include "agx_physical_device.h"

VKAPI_ATTR VkResult VKAPI_CALL
agx_AllocateMemory(VkDevice _device, const VkMemoryAllocateInfo *pAllocateInfo,
                   const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   const VkAllocationCallbacks *alloc = agx_choose_alloc(&device->alloc, pAllocator);
   if (agx_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   if (pAllocateInfo->memoryTypeIndex != 0 || pAllocateInfo->allocationSize == 0 ||
       pAllocateInfo->allocationSize > device->pdev->heap_size)
      return agx_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "cannot allocate %llu bytes of type %u",
                       (unsigned long long)pAllocateInfo->allocationSize,
                       pAllocateInfo->memoryTypeIndex);

   struct agx_device_memory *mem =
      agx_zalloc(alloc, sizeof(*mem), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = agx_bo_create(device, pAllocateInfo->allocationSize, AGX_BO_WRITEBACK,
                                   "VkDeviceMemory", &mem->bo);
   if (result != VK_SUCCESS) {
      agx_free(alloc, mem);
      return result;
   }
   *pMemory = agx_device_memory_to_handle(mem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_FreeMemory(VkDevice _device, VkDeviceMemory _mem, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_device_memory, mem, _mem);
   if (!mem)
      return;
   agx_bo_destroy(device, mem->bo);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), mem);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_MapMemory(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize offset, VkDeviceSize size,
              VkMemoryMapFlags flags, void **ppData)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_device_memory, mem, _mem);
   void *map;
   VkResult result = agx_bo_map(device, mem->bo, &map);
   if (result == VK_SUCCESS)
      *ppData = (char *)map + offset;
   return result;
}

/* The mapping is kept until the memory is freed: re-mapping is then free. */
VKAPI_ATTR void VKAPI_CALL
agx_UnmapMemory(VkDevice _device, VkDeviceMemory _mem)
{
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_FlushMappedMemoryRanges(VkDevice _device, uint32_t count, const VkMappedMemoryRange *ranges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t count,
                                 const VkMappedMemoryRange *ranges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_GetDeviceMemoryCommitment(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize *pCommitted)
{
   *pCommitted = agx_device_memory_from_handle(_mem)->bo->size;
}

VKAPI_ATTR uint64_t VKAPI_CALL
agx_GetDeviceMemoryOpaqueCaptureAddress(VkDevice _device,
                                        const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
   return agx_device_memory_from_handle(pInfo->memory)->bo->va;
}
