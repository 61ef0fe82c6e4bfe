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

static void
free_memory(struct agx_device *device, struct agx_device_memory *mem,
            const VkAllocationCallbacks *alloc)
{
   if (mem->map)
      agx_kmd_gem_munmap(device->kmd, mem->map, mem->size);
   if (mem->va) {
      struct drm_asahi_gem_bind_op op = {
         .flags = DRM_ASAHI_BIND_UNBIND, .range = mem->size, .addr = mem->va};
      agx_kmd_vm_bind(device->kmd, device->vm_id, &op, 1);
      pthread_mutex_lock(&device->va_mutex);
      agx_va_free(&device->user_heap, mem->va, mem->size);
      pthread_mutex_unlock(&device->va_mutex);
   }
   if (mem->handle)
      agx_kmd_gem_close(device->kmd, mem->handle);
   agx_free(alloc, mem);
}

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

   struct agx_device_memory *mem = agx_zalloc(alloc, sizeof(*mem), 8,
                                              VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   mem->size = (pAllocateInfo->allocationSize + AGX_PAGE_SIZE - 1) & ~(AGX_PAGE_SIZE - 1);

   int ret = agx_kmd_gem_create(device->kmd, mem->size,
                                DRM_ASAHI_GEM_WRITEBACK | DRM_ASAHI_GEM_VM_PRIVATE, device->vm_id,
                                &mem->handle);
   if (ret) {
      free_memory(device, mem, alloc);
      return agx_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "GEM_CREATE: %s", strerror(-ret));
   }

   pthread_mutex_lock(&device->va_mutex);
   uint64_t va = agx_va_alloc(&device->user_heap, mem->size, AGX_PAGE_SIZE);
   pthread_mutex_unlock(&device->va_mutex);
   if (!va) {
      free_memory(device, mem, alloc);
      return agx_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "out of GPU VA");
   }

   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE,
      .handle = mem->handle,
      .offset = 0,
      .range = mem->size,
      .addr = va,
   };
   ret = agx_kmd_vm_bind(device->kmd, device->vm_id, &op, 1);
   if (ret) {
      pthread_mutex_lock(&device->va_mutex);
      agx_va_free(&device->user_heap, va, mem->size);
      pthread_mutex_unlock(&device->va_mutex);
      free_memory(device, mem, alloc);
      return agx_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "VM_BIND: %s", strerror(-ret));
   }
   mem->va = va;

   if (agx_debug(AGX_DEBUG_ALLOC))
      agx_log("memory: BO %u, %llu bytes at VA 0x%llx", mem->handle,
              (unsigned long long)mem->size, (unsigned long long)mem->va);
   *pMemory = agx_device_memory_to_handle(mem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_FreeMemory(VkDevice _device, VkDeviceMemory _mem, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_device_memory, mem, _mem);
   if (mem)
      free_memory(device, mem, agx_choose_alloc(&device->alloc, pAllocator));
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_MapMemory(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize offset, VkDeviceSize size,
              VkMemoryMapFlags flags, void **ppData)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_device_memory, mem, _mem);
   if (!mem->map) {
      int ret = agx_kmd_gem_mmap(device->kmd, mem->handle, mem->size, &mem->map);
      if (ret) {
         mem->map = NULL;
         return agx_error(VK_ERROR_MEMORY_MAP_FAILED, "mmap: %s", strerror(-ret));
      }
   }
   *ppData = (char *)mem->map + offset;
   return VK_SUCCESS;
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
agx_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t count, const VkMappedMemoryRange *ranges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_GetDeviceMemoryCommitment(VkDevice _device, VkDeviceMemory _mem, VkDeviceSize *pCommitted)
{
   *pCommitted = agx_device_memory_from_handle(_mem)->size;
}

VKAPI_ATTR uint64_t VKAPI_CALL
agx_GetDeviceMemoryOpaqueCaptureAddress(VkDevice _device,
                                        const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
   return agx_device_memory_from_handle(pInfo->memory)->va;
}
