/* VkShaderModule creation: keeps the SPIR-V, checking only its framing
 * (magic, whole words); the compiler validates the rest at pipeline time. */
#include "agxv_shader_module.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"

#define SPIRV_MAGIC 0x07230203u

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkShaderModule *pModule)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   /* Invalid usage, but worth a clear message rather than a later crash.
    * (INVALID_SHADER_NV is the one error code meaning "bad shader".) */
   if (pCreateInfo->codeSize < 20 || pCreateInfo->codeSize % 4 != 0 ||
       pCreateInfo->pCode[0] != SPIRV_MAGIC) {
      agxv_log("vkCreateShaderModule: not a SPIR-V module (%zu bytes)", pCreateInfo->codeSize);
      return VK_ERROR_INVALID_SHADER_NV;
   }
   struct agxv_shader_module *module =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator),
                         sizeof(*module) + pCreateInfo->codeSize, VK_OBJECT_TYPE_SHADER_MODULE);
   if (!module)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   module->word_count = (uint32_t)(pCreateInfo->codeSize / 4);
   memcpy(module->words, pCreateInfo->pCode, pCreateInfo->codeSize);
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
