/*
 * VkPipelineCache. Compiled pipelines are not stored yet, so a cache holds
 * only its header; the data it returns is a valid, empty cache that any
 * later driver build accepts or ignores (the UUID changes every build).
 */
#include <string.h>

#include "agx_alloc.h"
#include "agx_device.h"
#include "agx_physical_device.h"

struct agx_pipeline_cache {
   uint32_t unused;
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_pipeline_cache, VkPipelineCache)

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkPipelineCache *pCache)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   /* Initial data from another build or device is ignored, as allowed. */
   struct agx_pipeline_cache *cache = agx_zalloc(agx_choose_alloc(&device->alloc, pAllocator),
                                                 sizeof(*cache), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!cache)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   *pCache = agx_pipeline_cache_to_handle(cache);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyPipelineCache(VkDevice _device, VkPipelineCache _cache, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), agx_pipeline_cache_from_handle(_cache));
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_GetPipelineCacheData(VkDevice _device, VkPipelineCache _cache, size_t *pDataSize, void *pData)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   const VkPhysicalDeviceProperties *props = &device->pdev->properties.v10;
   VkPipelineCacheHeaderVersionOne header = {
      .headerSize = sizeof(header),
      .headerVersion = VK_PIPELINE_CACHE_HEADER_VERSION_ONE,
      .vendorID = props->vendorID,
      .deviceID = props->deviceID,
   };
   memcpy(header.pipelineCacheUUID, props->pipelineCacheUUID, VK_UUID_SIZE);
   if (!pData) {
      *pDataSize = sizeof(header);
      return VK_SUCCESS;
   }
   if (*pDataSize < sizeof(header)) {
      *pDataSize = 0;
      return VK_INCOMPLETE;
   }
   memcpy(pData, &header, sizeof(header));
   *pDataSize = sizeof(header);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_MergePipelineCaches(VkDevice _device, VkPipelineCache dst, uint32_t count, const VkPipelineCache *srcs)
{
   return VK_SUCCESS;
}
