/* VkShaderModule: a validated copy of the SPIR-V words, compiled when a
 * pipeline uses it (the specialization and layout are only known then). */
#ifndef AGXV_SHADER_MODULE_H
#define AGXV_SHADER_MODULE_H

#include "agxv_object.h"

struct agxv_shader_module {
   struct agxv_object base;
   uint32_t word_count;
   uint32_t words[];
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_shader_module, VkShaderModule, VK_OBJECT_TYPE_SHADER_MODULE)

#endif
