/* VkShaderModule: a validated copy of the SPIR-V words, compiled when a
 * pipeline uses it (the specialization and layout are only known then). */
#ifndef AGX_SHADER_MODULE_H
#define AGX_SHADER_MODULE_H

#include "agx_object.h"

struct agx_shader_module {
   uint32_t word_count;
   uint32_t words[];
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_shader_module, VkShaderModule)

#endif
