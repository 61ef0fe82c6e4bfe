/*
 * An empty fragment shader module for pipelines without one whose
 * pre-rasterisation stages write cull distances (the cull test runs in the
 * fragment shader: compiler/ir/agx_pass_lower_cull_fs.c). See
 * agxv_cull_fs.c.
 */
#ifndef AGXV_CULL_FS_H
#define AGXV_CULL_FS_H

#include <vulkan/vulkan.h>

struct agxv_device;

/* A shader module of the empty fragment shader (entry point "main"). */
VkResult agxv_cull_fs_module_create(struct agxv_device *device, VkShaderModule *out);
void agxv_cull_fs_module_destroy(struct agxv_device *device, VkShaderModule module);

#endif
