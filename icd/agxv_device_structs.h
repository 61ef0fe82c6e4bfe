/* Filling and checking chained feature/property structures (the code is
 * generated from vk.xml by agxv_device_structs_gen.py). */
#ifndef AGXV_DEVICE_STRUCTS_H
#define AGXV_DEVICE_STRUCTS_H

#include <stdbool.h>
#include <stddef.h>
#include <vulkan/vulkan_core.h>

#include "agxv_vk_newer.h"

/* Everything the device supports, described once. */
struct agxv_features {
   VkPhysicalDeviceFeatures v10;
   VkPhysicalDeviceVulkan11Features v11;
   VkPhysicalDeviceVulkan12Features v12;
   VkPhysicalDeviceVulkan13Features v13;
   VkPhysicalDeviceRobustness2FeaturesEXT robustness2;
   VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR wg_explicit;
   VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT texel_buffer_alignment;
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT non_seamless_cube_map;
   VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float;
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT depth_clip_enable;
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vertex_attribute_divisor;
   VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl;
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds;
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2;
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3;
   VkPhysicalDeviceMaintenance5FeaturesKHR maintenance5;
   VkPhysicalDeviceMaintenance6FeaturesKHR maintenance6;
   VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR subgroup_rotate;
   VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mutable_descriptor;
   VkPhysicalDeviceCustomBorderColorFeaturesEXT custom_border;
   VkPhysicalDeviceImageViewMinLodFeaturesEXT min_lod;
   VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT vertex_input_dynamic;
   VkPhysicalDeviceMultiDrawFeaturesEXT multi_draw;
};

struct agxv_properties {
   VkPhysicalDeviceProperties v10;
   VkPhysicalDeviceVulkan11Properties v11;
   VkPhysicalDeviceVulkan12Properties v12;
   VkPhysicalDeviceVulkan13Properties v13;
   VkPhysicalDeviceRobustness2PropertiesEXT robustness2;
   VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb;
   VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT vertex_attribute_divisor;
   VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR vertex_attribute_divisor_khr;
   VkPhysicalDeviceGraphicsPipelineLibraryPropertiesEXT gpl;
   VkPhysicalDeviceMaintenance5PropertiesKHR maintenance5;
   VkPhysicalDeviceMaintenance6PropertiesKHR maintenance6;
   VkPhysicalDeviceCustomBorderColorPropertiesEXT custom_border;
   VkPhysicalDeviceExtendedDynamicState3PropertiesEXT eds3;
   VkPhysicalDeviceMultiDrawPropertiesEXT multi_draw;
};

/* Fill one chained core or supported extension struct (keeping its pNext);
 * false if unknown. */
bool agxv_fill_features_struct(VkBaseOutStructure *s, const struct agxv_features *all);
bool agxv_fill_properties_struct(VkBaseOutStructure *s, const struct agxv_properties *all);

/* Number of VkBool32 members (after sType/pNext) of a known feature struct. */
bool agxv_feature_struct_bools(VkStructureType stype, unsigned *count);

#endif
