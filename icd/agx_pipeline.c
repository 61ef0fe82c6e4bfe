/* Pipelines: uploading compiled code into the USC heap. */
#include "agx_pipeline.h"

#include <string.h>

#include "agx_alloc.h"
#include "agx_bo.h"
#include "agx_device.h"
#include "agx_log.h"

VkResult
agx_compute_pipeline_create(struct agx_device *device, const void *code, uint32_t size,
                            const struct agx_shader_info *info, const VkAllocationCallbacks *alloc,
                            struct agx_pipeline **out)
{
   /* Spilling shaders take their stack from the device's scratch buffer. */
   if (info->scratch_size) {
      VkResult r = agx_scratch_reserve(device, info->scratch_size);
      if (r != VK_SUCCESS)
         return r;
   }
   /* Texel buffer loads read the device's txf sampler from ss0. */
   uint64_t txf = 0;
   if (info->sampler_states) {
      VkResult r = agx_device_txf_sampler(device, &txf);
      if (r != VK_SUCCESS)
         return r;
   }
   if (info->preamble_offset &&
       (info->preamble_offset >= size || info->preamble_offset % AGX_CODE_ALIGN))
      return agx_error(VK_ERROR_UNKNOWN, "preamble offset %u outside the %u-byte code",
                       info->preamble_offset, size);
   if (info->const_data_size &&
       (info->const_data_offset > size || info->const_data_size > size - info->const_data_offset ||
        info->const_data_offset % AGX_ABI_CONST_DATA_ALIGN))
      return agx_error(VK_ERROR_UNKNOWN, "constant data (%u bytes at %u) outside the %u-byte code",
                       info->const_data_size, info->const_data_offset, size);
   if (info->num_local_args > AGX_ABI_MAX_LOCAL_ARGS)
      return agx_error(VK_ERROR_UNKNOWN, "%u __local arguments", info->num_local_args);
   struct agx_pipeline *pipeline =
      agx_zalloc(alloc, sizeof(*pipeline), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pipeline)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
   pipeline->info = *info;
   pipeline->code_size = size;
   pipeline->txf_sampler = txf;

   void *map;
   VkResult result =
      agx_bo_create(device, size, AGX_BO_EXEC | AGX_BO_READONLY, "shader code", &pipeline->code);
   if (result == VK_SUCCESS)
      result = agx_bo_map(device, pipeline->code, &map);
   if (result != VK_SUCCESS) {
      agx_pipeline_destroy(device, pipeline, alloc);
      return result;
   }
   memcpy(map, code, size);
   *out = pipeline;
   return VK_SUCCESS;
}

void
agx_pipeline_destroy(struct agx_device *device, struct agx_pipeline *pipeline,
                     const VkAllocationCallbacks *alloc)
{
   agx_bo_destroy(device, pipeline->code);
   agx_free(alloc, pipeline);
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyPipeline(VkDevice _device, VkPipeline _pipeline, const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   AGX_FROM_HANDLE(agx_pipeline, pipeline, _pipeline);
   if (pipeline)
      agx_pipeline_destroy(device, pipeline, agx_choose_alloc(&device->alloc, pAllocator));
}
