/*
 * The fragment shader of a pipeline that has none but culls primitives by
 * cull distances: culling is a fragment-side test on this hardware
 * (compiler/ir/agx_pass_lower_cull_fs.c; Mesa's agx_nir_lower_cull_distance
 * runs in every fragment shader, Honeykrisp always binds one), so such a
 * pipeline gets an empty fragment shader that the compiler gives the test.
 * Assumes: the colour attachments' values are undefined without a fragment
 * shader (Vulkan "Fragment Output Interface"), so the empty shader's
 * (unwritten) colours may reach them.
 */
#include "agxv_cull_fs.h"

#include "agxv_device.h"
#include "agxv_shader_module.h"

/* SPIR-V 1.0: OpCapability Shader; OpMemoryModel Logical GLSL450;
 * OpEntryPoint Fragment %1 "main"; OpExecutionMode %1 OriginUpperLeft;
 * %2 = OpTypeVoid; %3 = OpTypeFunction %2; %1 = OpFunction %2 None %3;
 * %4 = OpLabel; OpReturn; OpFunctionEnd (ids bound 5). */
static const uint32_t empty_fs[] = {
   0x07230203, 0x00010000, 0, 5,          0, /* header */
   0x00020011, 1,                            /* OpCapability Shader */
   0x0003000E, 0,          1,                /* OpMemoryModel Logical GLSL450 */
   0x0005000F, 4,          1, 0x6E69616D, 0, /* OpEntryPoint Fragment %1 "main" */
   0x00030010, 1,          7,                /* OpExecutionMode %1 OriginUpperLeft */
   0x00020013, 2,                            /* %2 = OpTypeVoid */
   0x00030021, 3,          2,                /* %3 = OpTypeFunction %2 */
   0x00050036, 2,          1, 0,          3, /* %1 = OpFunction %2 None %3 */
   0x000200F8, 4,                            /* %4 = OpLabel */
   0x000100FD,                               /* OpReturn */
   0x00010038,                               /* OpFunctionEnd */
};

VkResult
agxv_cull_fs_module_create(struct agxv_device *device, VkShaderModule *out)
{
   const VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                        .codeSize = sizeof(empty_fs),
                                        .pCode = empty_fs};
   return agxv_CreateShaderModule(agxv_device_to_handle(device), &ci, NULL, out);
}

void
agxv_cull_fs_module_destroy(struct agxv_device *device, VkShaderModule module)
{
   agxv_DestroyShaderModule(agxv_device_to_handle(device), module, NULL);
}
