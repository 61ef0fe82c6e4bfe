/* VkBuffer: creation, memory requirements, binding, device addresses. */
#include "agx_buffer.h"

#include "agx_alloc.h"
#include "agx_device.h"
#include "agx_device_memory.h"
#include "agx_physical_device.h"

/* Covers every offset-alignment limit we advertise (16) and typical cache lines. */
#define AGX_BUFFER_ALIGN 64

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreateBuffer(VkDevice _device, const VkBufferCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   if (pCreateInfo->size > device->pdev->properties.v13.maxBufferSize)
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   struct agx_buffer *buffer = agx_zalloc(agx_choose_alloc(&device->alloc, pAllocator),
                                          sizeof(*buffer), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!buffer)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   buffer->size = pCreateInfo->size;
   buffer->usage = pCreateInfo->usage;
   *pBuffer = agx_buffer_to_handle(buffer);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyBuffer(VkDevice _device, VkBuffer _buffer, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), agx_buffer_from_handle(_buffer));
}

static void
buffer_requirements(VkDeviceSize size, VkMemoryRequirements *req)
{
   req->size = (size + AGX_BUFFER_ALIGN - 1) & ~(VkDeviceSize)(AGX_BUFFER_ALIGN - 1);
   req->alignment = AGX_BUFFER_ALIGN;
   req->memoryTypeBits = 1;
}

VKAPI_ATTR void VKAPI_CALL
agx_GetBufferMemoryRequirements(VkDevice _device, VkBuffer _buffer, VkMemoryRequirements *pReq)
{
   buffer_requirements(agx_buffer_from_handle(_buffer)->size, pReq);
}

VKAPI_ATTR void VKAPI_CALL
agx_GetBufferMemoryRequirements2(VkDevice _device, const VkBufferMemoryRequirementsInfo2 *pInfo,
                                 VkMemoryRequirements2 *pReq)
{
   buffer_requirements(agx_buffer_from_handle(pInfo->buffer)->size, &pReq->memoryRequirements);
   agx_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR void VKAPI_CALL
agx_GetDeviceBufferMemoryRequirements(VkDevice _device,
                                      const VkDeviceBufferMemoryRequirements *pInfo,
                                      VkMemoryRequirements2 *pReq)
{
   buffer_requirements(pInfo->pCreateInfo->size, &pReq->memoryRequirements);
   agx_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_BindBufferMemory2(VkDevice _device, uint32_t count, const VkBindBufferMemoryInfo *pInfos)
{
   for (uint32_t i = 0; i < count; i++) {
      AGX_FROM_HANDLE(agx_buffer, buffer, pInfos[i].buffer);
      AGX_FROM_HANDLE(agx_device_memory, mem, pInfos[i].memory);
      buffer->va = mem->bo->va + pInfos[i].memoryOffset;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_BindBufferMemory(VkDevice _device, VkBuffer buffer, VkDeviceMemory memory, VkDeviceSize offset)
{
   VkBindBufferMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
      .buffer = buffer,
      .memory = memory,
      .memoryOffset = offset,
   };
   return agx_BindBufferMemory2(_device, 1, &info);
}

VKAPI_ATTR VkDeviceAddress VKAPI_CALL
agx_GetBufferDeviceAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
   return agx_buffer_from_handle(pInfo->buffer)->va;
}

VKAPI_ATTR uint64_t VKAPI_CALL
agx_GetBufferOpaqueCaptureAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
   return 0; /* no capture/replay support */
}
