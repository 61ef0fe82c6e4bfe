/* vkCreateComputePipelines: compile the stage's SPIR-V against the
 * pipeline layout (or take the result from the pipeline cache) and upload
 * the machine code. */
#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_pipeline.h"
#include "agxv_pipeline_cache.h"
#include "agxv_sha1.h"
#include "agxv_shader_compile.h"
#include "agxv_shader_module.h"

VkResult
agxv_read_specialization(struct agxv_device *device, const VkSpecializationInfo *info,
                         struct agxv_spec_constant **out, uint32_t *count)
{
   *out = NULL;
   *count = 0;
   if (!info || info->mapEntryCount == 0)
      return VK_SUCCESS;
   struct agxv_spec_constant *spec = agxv_alloc(&device->alloc, info->mapEntryCount * sizeof(*spec),
                                                8, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!spec)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < info->mapEntryCount; i++) {
      const VkSpecializationMapEntry *e = &info->pMapEntries[i];
      uint64_t value = 0;
      size_t size = e->size < sizeof(value) ? e->size : sizeof(value);
      if (e->offset + size <= info->dataSize)
         memcpy(&value, (const uint8_t *)info->pData + e->offset, size);
      spec[i] = (struct agxv_spec_constant){e->constantID, value};
   }
   *out = spec;
   *count = info->mapEntryCount;
   return VK_SUCCESS;
}

static VkResult
create_compute_pipeline(struct agxv_device *device, struct agxv_pipeline_cache *cache,
                        const VkComputePipelineCreateInfo *info, const VkAllocationCallbacks *alloc,
                        struct agxv_pipeline **out)
{
   struct agxv_shader_module module_tmp;
   const struct agxv_shader_module *module = agxv_stage_module(&info->stage, &module_tmp);
   const struct agxv_pipeline_layout *layout = agxv_pipeline_layout_from_handle(info->layout);
   if (!module)
      return agxv_error(VK_ERROR_UNKNOWN, "compute stage without a shader module");

   struct agxv_spec_constant *spec;
   uint32_t spec_count;
   VkResult result =
      agxv_read_specialization(device, info->stage.pSpecializationInfo, &spec, &spec_count);
   if (result != VK_SUCCESS)
      return result;

   struct agxv_compile_request req = {
      .words = module->words,
      .word_count = module->word_count,
      .entry = info->stage.pName,
      .spec = spec,
      .spec_count = spec_count,
      .set_layouts = layout ? layout->sets : NULL,
      .set_count = layout ? layout->set_count : 0,
      .print_disasm = agxv_debug(AGXV_DEBUG_SHADERS),
      .no_preamble = agxv_debug(AGXV_DEBUG_NOPREAMBLE),
      .robust_buffer_access = device->robust_buffer_access,
   };
   uint8_t key[AGXV_SHA1_SIZE];
   if (cache) {
      agxv_pipeline_cache_key(&req, NULL, 0, key);
      const struct agxv_cache_entry *e = agxv_pipeline_cache_lookup(cache, key);
      if (e) {
         agxv_free(&device->alloc, spec);
         return agxv_compute_pipeline_create(device, e->code, e->code_size, &e->info, alloc, out);
      }
   }
   /* pipelineCreationCacheControl: the application would rather not wait
    * for a compile (a miss, or no cache at all). */
   if (agxv_pipeline_create_flags(info->pNext, info->flags) &
       VK_PIPELINE_CREATE_2_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT_KHR) {
      agxv_free(&device->alloc, spec);
      return VK_PIPELINE_COMPILE_REQUIRED;
   }
   struct agxv_compile_result compiled;
   char err[512] = "";
   __atomic_fetch_add(&device->compute_compiles, 1, __ATOMIC_RELAXED);
   int ret = agxv_compile_compute(&req, &compiled, err, sizeof(err));
   agxv_free(&device->alloc, spec);
   if (ret) {
      /* A valid shader the compiler cannot handle yet: say exactly why. */
      agxv_log("cannot compile compute shader \"%s\": %s", info->stage.pName, err);
      return VK_ERROR_UNKNOWN;
   }
   result = agxv_compute_pipeline_create(device, compiled.code, compiled.size, &compiled.info,
                                         alloc, out);
   /* A cache that cannot grow is not an error for the pipeline. */
   if (result == VK_SUCCESS && cache)
      agxv_pipeline_cache_insert(cache, key, &compiled.info, compiled.code, compiled.size, NULL, 0);
   agxv_compile_result_free(&compiled);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateComputePipelines(VkDevice _device, VkPipelineCache cache, uint32_t count,
                            const VkComputePipelineCreateInfo *pCreateInfos,
                            const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   /* An error outranks VK_PIPELINE_COMPILE_REQUIRED (a success code). */
   VkResult first_error = VK_SUCCESS;
   uint32_t i = 0;
   for (; i < count; i++) {
      struct agxv_pipeline *pipeline = NULL;
      VkResult result = create_compute_pipeline(device, agxv_pipeline_cache_from_handle(cache),
                                                &pCreateInfos[i], alloc, &pipeline);
      pPipelines[i] = result == VK_SUCCESS ? agxv_pipeline_to_handle(pipeline) : VK_NULL_HANDLE;
      if (result != VK_SUCCESS && (first_error == VK_SUCCESS ||
                                   (first_error == VK_PIPELINE_COMPILE_REQUIRED && result < 0)))
         first_error = result;
      if (result != VK_SUCCESS &&
          (agxv_pipeline_create_flags(pCreateInfos[i].pNext, pCreateInfos[i].flags) &
           VK_PIPELINE_CREATE_2_EARLY_RETURN_ON_FAILURE_BIT_KHR)) {
         i++;
         break;
      }
   }
   /* After an early return the rest are not created. */
   for (; i < count; i++)
      pPipelines[i] = VK_NULL_HANDLE;
   return first_error;
}
