/* VkShaderModule: a validated copy of the SPIR-V words, compiled when a
 * pipeline uses it (the specialization and layout are only known then).
 * A pipeline stage may instead chain its VkShaderModuleCreateInfo
 * (VK_KHR_maintenance5): agxv_stage_module gives either as a module. */
#ifndef AGXV_SHADER_MODULE_H
#define AGXV_SHADER_MODULE_H

#include "agxv_object.h"

struct agxv_shader_module {
   struct agxv_object base;
   uint32_t word_count;
   const uint32_t *words; /* storage, or the application's pCode (agxv_stage_module) */
   uint32_t storage[];
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_shader_module, VkShaderModule, VK_OBJECT_TYPE_SHADER_MODULE)

/* The module a pipeline stage compiles: stage->module, or when that is
 * VK_NULL_HANDLE a VkShaderModuleCreateInfo chained into the stage
 * (VK_KHR_maintenance5), described in *tmp (valid while the create info
 * is). NULL (with a log line) if there is neither or the chained SPIR-V is
 * malformed. */
const struct agxv_shader_module *agxv_stage_module(const VkPipelineShaderStageCreateInfo *stage,
                                                   struct agxv_shader_module *tmp);

#endif
