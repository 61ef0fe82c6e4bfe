/* VkBuffer: creation, memory requirements, binding, device addresses. */
#include "agxv_buffer.h"

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_device_memory.h"
#include "agxv_physical_device.h"

/* Covers every offset-alignment limit we advertise (16) and typical cache lines. */
#define AGXV_BUFFER_ALIGN 64

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateBuffer(VkDevice _device, const VkBufferCreateInfo *pCreateInfo,
                  const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (pCreateInfo->size > device->pdev->properties.v13.maxBufferSize)
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   struct agxv_buffer *buffer =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*buffer),
                         VK_OBJECT_TYPE_BUFFER);
   if (!buffer)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   buffer->size = pCreateInfo->size;
   /* VK_KHR_maintenance5: a chained VkBufferUsageFlags2CreateInfoKHR
    * replaces the usage member. */
   const VkBufferUsageFlags2CreateInfoKHR *usage2 =
      agxv_find_struct(pCreateInfo->pNext, VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO_KHR);
   buffer->usage = usage2 ? usage2->usage : pCreateInfo->usage;
   *pBuffer = agxv_buffer_to_handle(buffer);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyBuffer(VkDevice _device, VkBuffer _buffer, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator),
                    agxv_buffer_from_handle(_buffer));
}

static void
buffer_requirements(VkDeviceSize size, VkMemoryRequirements *req)
{
   req->size = (size + AGXV_BUFFER_ALIGN - 1) & ~(VkDeviceSize)(AGXV_BUFFER_ALIGN - 1);
   req->alignment = AGXV_BUFFER_ALIGN;
   req->memoryTypeBits = 1;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetBufferMemoryRequirements(VkDevice _device, VkBuffer _buffer, VkMemoryRequirements *pReq)
{
   buffer_requirements(agxv_buffer_from_handle(_buffer)->size, pReq);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetBufferMemoryRequirements2(VkDevice _device, const VkBufferMemoryRequirementsInfo2 *pInfo,
                                  VkMemoryRequirements2 *pReq)
{
   buffer_requirements(agxv_buffer_from_handle(pInfo->buffer)->size, &pReq->memoryRequirements);
   agxv_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceBufferMemoryRequirements(VkDevice _device,
                                       const VkDeviceBufferMemoryRequirements *pInfo,
                                       VkMemoryRequirements2 *pReq)
{
   buffer_requirements(pInfo->pCreateInfo->size, &pReq->memoryRequirements);
   agxv_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_BindBufferMemory2(VkDevice _device, uint32_t count, const VkBindBufferMemoryInfo *pInfos)
{
   for (uint32_t i = 0; i < count; i++) {
      AGXV_FROM_HANDLE(agxv_buffer, buffer, pInfos[i].buffer);
      AGXV_FROM_HANDLE(agxv_device_memory, mem, pInfos[i].memory);
      buffer->va = mem->bo->va + pInfos[i].memoryOffset;
      agxv_bind_memory_status(pInfos[i].pNext, VK_SUCCESS);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_BindBufferMemory(VkDevice _device, VkBuffer buffer, VkDeviceMemory memory, VkDeviceSize offset)
{
   VkBindBufferMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
      .buffer = buffer,
      .memory = memory,
      .memoryOffset = offset,
   };
   return agxv_BindBufferMemory2(_device, 1, &info);
}

VKAPI_ATTR VkDeviceAddress VKAPI_CALL
agxv_GetBufferDeviceAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
   return agxv_buffer_from_handle(pInfo->buffer)->va;
}

VKAPI_ATTR uint64_t VKAPI_CALL
agxv_GetBufferOpaqueCaptureAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
   return 0; /* no capture/replay support */
}
