/* VkShaderModule creation: keeps the SPIR-V, checking only its framing
 * (magic, whole words); the compiler validates the rest at pipeline time.
 * Also the modules pipeline stages chain instead (agxv_stage_module). */
#include "agxv_shader_module.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"

#define SPIRV_MAGIC 0x07230203u

static bool
spirv_framed(const VkShaderModuleCreateInfo *info)
{
   return info->pCode && info->codeSize >= 20 && info->codeSize % 4 == 0 &&
          info->pCode[0] == SPIRV_MAGIC;
}

const struct agxv_shader_module *
agxv_stage_module(const VkPipelineShaderStageCreateInfo *stage, struct agxv_shader_module *tmp)
{
   if (stage->module != VK_NULL_HANDLE)
      return agxv_shader_module_from_handle(stage->module);
   const VkShaderModuleCreateInfo *info =
      agxv_find_struct(stage->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
   if (!info)
      return NULL;
   if (!spirv_framed(info)) {
      agxv_log("pipeline stage 0x%x: the chained shader module is not SPIR-V (%zu bytes)",
               stage->stage, info->codeSize);
      return NULL;
   }
   memset(tmp, 0, sizeof(*tmp));
   tmp->word_count = (uint32_t)(info->codeSize / 4);
   tmp->words = info->pCode;
   return tmp;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkShaderModule *pModule)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   /* Invalid usage, but worth a clear message rather than a later crash.
    * (INVALID_SHADER_NV is the one error code meaning "bad shader".) */
   if (!spirv_framed(pCreateInfo)) {
      agxv_log("vkCreateShaderModule: not a SPIR-V module (%zu bytes)", pCreateInfo->codeSize);
      return VK_ERROR_INVALID_SHADER_NV;
   }
   struct agxv_shader_module *module =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator),
                         sizeof(*module) + pCreateInfo->codeSize, VK_OBJECT_TYPE_SHADER_MODULE);
   if (!module)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   module->word_count = (uint32_t)(pCreateInfo->codeSize / 4);
   memcpy(module->storage, pCreateInfo->pCode, pCreateInfo->codeSize);
   module->words = module->storage;
   *pModule = agxv_shader_module_to_handle(module);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyShaderModule(VkDevice _device, VkShaderModule _module,
                         const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator),
                    agxv_shader_module_from_handle(_module));
}
