/*
 * VkDeviceMemory. Memory is unified and coherent: one memory type, every
 * allocation is a VM-private BO mapped read/write into the GPU VM, and CPU
 * maps alias the same pages, so flush/invalidate have nothing to do.
 */
#include "agxv_device_memory.h"

#include <errno.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_AllocateMemory(VkDevice _device, const VkMemoryAllocateInfo *pAllocateInfo,
                    const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   if (pAllocateInfo->memoryTypeIndex != 0 || pAllocateInfo->allocationSize == 0 ||
       pAllocateInfo->allocationSize > device->pdev->heap_size)
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "cannot allocate %llu bytes of type %u",
                        (unsigned long long)pAllocateInfo->allocationSize,
                        pAllocateInfo->memoryTypeIndex);

   struct agxv_device_memory *mem =
      agxv_object_zalloc(device, alloc, sizeof(*mem), VK_OBJECT_TYPE_DEVICE_MEMORY);
   if (!mem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = agxv_bo_create(device, pAllocateInfo->allocationSize, AGXV_BO_WRITEBACK,
                                    "VkDeviceMemory", &mem->bo);
   if (result != VK_SUCCESS) {
      agxv_object_free(alloc, mem);
      return result;
   }
   *pMemory = agxv_device_memory_to_handle(mem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_FreeMemory(VkDevice _device, VkDeviceMemory _mem, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_device_memory, mem, _mem);
   if (!mem)
      return;
   agxv_bo_destroy(device, mem->bo);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), mem);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_MapMemory(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize offset, VkDeviceSize size,
               VkMemoryMapFlags flags, void **ppData)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_device_memory, mem, _mem);
   void *map;
   VkResult result = agxv_bo_map(device, mem->bo, &map);
   if (result == VK_SUCCESS)
      *ppData = (char *)map + offset;
   return result;
}

/* The mapping is kept until the memory is freed: re-mapping is then free. */
VKAPI_ATTR void VKAPI_CALL
agxv_UnmapMemory(VkDevice _device, VkDeviceMemory _mem)
{
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_FlushMappedMemoryRanges(VkDevice _device, uint32_t count, const VkMappedMemoryRange *ranges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t count,
                                  const VkMappedMemoryRange *ranges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceMemoryCommitment(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize *pCommitted)
{
   *pCommitted = agxv_device_memory_from_handle(_mem)->bo->size;
}

VKAPI_ATTR uint64_t VKAPI_CALL
agxv_GetDeviceMemoryOpaqueCaptureAddress(VkDevice _device,
                                         const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
   return agxv_device_memory_from_handle(pInfo->memory)->bo->va;
}

/* A group of one device has no peers (valid usage asks for two different
 * device indices), so there is nothing to report. */
VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceGroupPeerMemoryFeatures(VkDevice device, uint32_t heapIndex,
                                      uint32_t localDeviceIndex, uint32_t remoteDeviceIndex,
                                      VkPeerMemoryFeatureFlags *pPeerMemoryFeatures)
{
   *pPeerMemoryFeatures = 0;
}
