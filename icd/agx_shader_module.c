/* VkShaderModule creation: keeps the SPIR-V, checking only its framing
 * (magic, whole words); the compiler validates the rest at pipeline time. */
#include "agx_shader_module.h"

#include <string.h>

#include "agx_alloc.h"
#include "agx_device.h"
#include "agx_log.h"

#define SPIRV_MAGIC 0x07230203u

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
                       const VkAllocationCallbacks *pAllocator, VkShaderModule *pModule)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   /* Invalid usage, but worth a clear message rather than a later crash.
    * (INVALID_SHADER_NV is the one error code meaning "bad shader".) */
   if (pCreateInfo->codeSize < 20 || pCreateInfo->codeSize % 4 != 0 ||
       pCreateInfo->pCode[0] != SPIRV_MAGIC) {
      agx_log("vkCreateShaderModule: not a SPIR-V module (%zu bytes)", pCreateInfo->codeSize);
      return VK_ERROR_INVALID_SHADER_NV;
   }
   struct agx_shader_module *module =
      agx_alloc(agx_choose_alloc(&device->alloc, pAllocator),
                sizeof(*module) + pCreateInfo->codeSize, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!module)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   module->word_count = (uint32_t)(pCreateInfo->codeSize / 4);
   memcpy(module->words, pCreateInfo->pCode, pCreateInfo->codeSize);
   *pModule = agx_shader_module_to_handle(module);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyShaderModule(VkDevice _device, VkShaderModule _module,
                        const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), agx_shader_module_from_handle(_module));
}
