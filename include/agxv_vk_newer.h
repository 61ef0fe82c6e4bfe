/*
 * Vulkan definitions NEWER THAN THE SYSTEM HEADERS: VK_KHR_maintenance5,
 * VK_KHR_maintenance6, VK_KHR_shader_subgroup_rotate and
 * VK_KHR_vertex_attribute_divisor, which Debian 12's vulkan_core.h
 * (1.3.239) predates.
 * Used by the driver and its tests only when the system header lacks them
 * (each block is guarded by the extension's own macro, which a newer
 * vulkan_core.h defines), so building against newer headers uses theirs.
 *
 * Written once by hand from the Khronos registry: KhronosGroup/Vulkan-Docs
 * xml/vk.xml (the copy at /work/cts/src/external/vulkan-docs, commit
 * c57d29f9, run through its scripts/genvk.py for the C spelling). Names are
 * the extensions' own *KHR names; the values are the registry's (extension
 * number 471 for maintenance5: 1000470000 + offset; 546 for maintenance6:
 * 1000545000 + offset; 417 for shader_subgroup_rotate: 1000416000; its
 * VkSubgroupFeatureFlagBits are bit positions 9 and 10; 526 for
 * vertex_attribute_divisor: its properties 1000525000, its feature and
 * pipeline structures are the EXT ones, same values, which vk.xml makes
 * aliases of one core 1.4 structure). Enumerants cannot be added to the system's enum
 * types, so they are macros casting the registry value. The *2EXT types of
 * VK_EXT_image_compression_control, which the system header has, are the
 * same structures as VkImageSubresource2KHR / VkSubresourceLayout2KHR (vk.xml
 * makes the EXT names aliases of them), so those are typedefs of the EXT ones.
 *
 * Only what the driver implements is here: no VK_EXT_descriptor_buffer parts
 * of maintenance6 (the device has no descriptor buffers), no flag bits of
 * extensions the device does not offer.
 */
#ifndef AGXV_VK_NEWER_H
#define AGXV_VK_NEWER_H

#include <vulkan/vulkan_core.h>

#ifndef VK_KHR_maintenance5
#define VK_KHR_maintenance5 1
#define VK_KHR_MAINTENANCE_5_SPEC_VERSION 1
#define VK_KHR_MAINTENANCE_5_EXTENSION_NAME "VK_KHR_maintenance5"

#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR ((VkStructureType)1000470000)
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_PROPERTIES_KHR ((VkStructureType)1000470001)
#define VK_STRUCTURE_TYPE_RENDERING_AREA_INFO_KHR ((VkStructureType)1000470003)
#define VK_STRUCTURE_TYPE_DEVICE_IMAGE_SUBRESOURCE_INFO_KHR ((VkStructureType)1000470004)
#define VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR ((VkStructureType)1000470005)
#define VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO_KHR ((VkStructureType)1000470006)
#define VK_STRUCTURE_TYPE_SUBRESOURCE_LAYOUT_2_KHR VK_STRUCTURE_TYPE_SUBRESOURCE_LAYOUT_2_EXT
#define VK_STRUCTURE_TYPE_IMAGE_SUBRESOURCE_2_KHR VK_STRUCTURE_TYPE_IMAGE_SUBRESOURCE_2_EXT

#define VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR ((VkFormat)1000470000)
#define VK_FORMAT_A8_UNORM_KHR ((VkFormat)1000470001)

typedef VkFlags64 VkPipelineCreateFlags2KHR;
typedef VkFlags64 VkPipelineCreateFlagBits2KHR;
#define VK_PIPELINE_CREATE_2_DISABLE_OPTIMIZATION_BIT_KHR 0x00000001ULL
#define VK_PIPELINE_CREATE_2_ALLOW_DERIVATIVES_BIT_KHR 0x00000002ULL
#define VK_PIPELINE_CREATE_2_DERIVATIVE_BIT_KHR 0x00000004ULL
#define VK_PIPELINE_CREATE_2_VIEW_INDEX_FROM_DEVICE_INDEX_BIT_KHR 0x00000008ULL
#define VK_PIPELINE_CREATE_2_DISPATCH_BASE_BIT_KHR 0x00000010ULL
#define VK_PIPELINE_CREATE_2_CAPTURE_STATISTICS_BIT_KHR 0x00000040ULL
#define VK_PIPELINE_CREATE_2_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR 0x00000080ULL
#define VK_PIPELINE_CREATE_2_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT_KHR 0x00000100ULL
#define VK_PIPELINE_CREATE_2_EARLY_RETURN_ON_FAILURE_BIT_KHR 0x00000200ULL
#define VK_PIPELINE_CREATE_2_LINK_TIME_OPTIMIZATION_BIT_EXT 0x00000400ULL
#define VK_PIPELINE_CREATE_2_LIBRARY_BIT_KHR 0x00000800ULL
#define VK_PIPELINE_CREATE_2_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT 0x00800000ULL

typedef VkFlags64 VkBufferUsageFlags2KHR;
typedef VkFlags64 VkBufferUsageFlagBits2KHR;
#define VK_BUFFER_USAGE_2_TRANSFER_SRC_BIT_KHR 0x00000001ULL
#define VK_BUFFER_USAGE_2_TRANSFER_DST_BIT_KHR 0x00000002ULL
#define VK_BUFFER_USAGE_2_UNIFORM_TEXEL_BUFFER_BIT_KHR 0x00000004ULL
#define VK_BUFFER_USAGE_2_STORAGE_TEXEL_BUFFER_BIT_KHR 0x00000008ULL
#define VK_BUFFER_USAGE_2_UNIFORM_BUFFER_BIT_KHR 0x00000010ULL
#define VK_BUFFER_USAGE_2_STORAGE_BUFFER_BIT_KHR 0x00000020ULL
#define VK_BUFFER_USAGE_2_INDEX_BUFFER_BIT_KHR 0x00000040ULL
#define VK_BUFFER_USAGE_2_VERTEX_BUFFER_BIT_KHR 0x00000080ULL
#define VK_BUFFER_USAGE_2_INDIRECT_BUFFER_BIT_KHR 0x00000100ULL
#define VK_BUFFER_USAGE_2_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT 0x00000800ULL
#define VK_BUFFER_USAGE_2_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT 0x00001000ULL
#define VK_BUFFER_USAGE_2_SHADER_DEVICE_ADDRESS_BIT_KHR 0x00020000ULL

typedef struct VkPhysicalDeviceMaintenance5FeaturesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 maintenance5;
} VkPhysicalDeviceMaintenance5FeaturesKHR;

typedef struct VkPhysicalDeviceMaintenance5PropertiesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 earlyFragmentMultisampleCoverageAfterSampleCounting;
   VkBool32 earlyFragmentSampleMaskTestBeforeSampleCounting;
   VkBool32 depthStencilSwizzleOneSupport;
   VkBool32 polygonModePointSize;
   VkBool32 nonStrictSinglePixelWideLinesUseParallelogram;
   VkBool32 nonStrictWideLinesUseParallelogram;
} VkPhysicalDeviceMaintenance5PropertiesKHR;

typedef struct VkRenderingAreaInfoKHR {
   VkStructureType sType;
   const void *pNext;
   uint32_t viewMask;
   uint32_t colorAttachmentCount;
   const VkFormat *pColorAttachmentFormats;
   VkFormat depthAttachmentFormat;
   VkFormat stencilAttachmentFormat;
} VkRenderingAreaInfoKHR;

typedef VkImageSubresource2EXT VkImageSubresource2KHR;
typedef VkSubresourceLayout2EXT VkSubresourceLayout2KHR;

typedef struct VkDeviceImageSubresourceInfoKHR {
   VkStructureType sType;
   const void *pNext;
   const VkImageCreateInfo *pCreateInfo;
   const VkImageSubresource2KHR *pSubresource;
} VkDeviceImageSubresourceInfoKHR;

typedef struct VkPipelineCreateFlags2CreateInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkPipelineCreateFlags2KHR flags;
} VkPipelineCreateFlags2CreateInfoKHR;

typedef struct VkBufferUsageFlags2CreateInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkBufferUsageFlags2KHR usage;
} VkBufferUsageFlags2CreateInfoKHR;

typedef void(VKAPI_PTR *PFN_vkCmdBindIndexBuffer2KHR)(VkCommandBuffer commandBuffer,
                                                      VkBuffer buffer, VkDeviceSize offset,
                                                      VkDeviceSize size, VkIndexType indexType);
typedef void(VKAPI_PTR *PFN_vkGetRenderingAreaGranularityKHR)(
   VkDevice device, const VkRenderingAreaInfoKHR *pRenderingAreaInfo, VkExtent2D *pGranularity);
typedef void(VKAPI_PTR *PFN_vkGetDeviceImageSubresourceLayoutKHR)(
   VkDevice device, const VkDeviceImageSubresourceInfoKHR *pInfo, VkSubresourceLayout2KHR *pLayout);
typedef void(VKAPI_PTR *PFN_vkGetImageSubresourceLayout2KHR)(
   VkDevice device, VkImage image, const VkImageSubresource2KHR *pSubresource,
   VkSubresourceLayout2KHR *pLayout);
#endif /* VK_KHR_maintenance5 */

#ifndef VK_KHR_maintenance6
#define VK_KHR_maintenance6 1
#define VK_KHR_MAINTENANCE_6_SPEC_VERSION 1
#define VK_KHR_MAINTENANCE_6_EXTENSION_NAME "VK_KHR_maintenance6"

#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR ((VkStructureType)1000545000)
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_PROPERTIES_KHR ((VkStructureType)1000545001)
#define VK_STRUCTURE_TYPE_BIND_MEMORY_STATUS_KHR ((VkStructureType)1000545002)
#define VK_STRUCTURE_TYPE_BIND_DESCRIPTOR_SETS_INFO_KHR ((VkStructureType)1000545003)
#define VK_STRUCTURE_TYPE_PUSH_CONSTANTS_INFO_KHR ((VkStructureType)1000545004)
#define VK_STRUCTURE_TYPE_PUSH_DESCRIPTOR_SET_INFO_KHR ((VkStructureType)1000545005)
#define VK_STRUCTURE_TYPE_PUSH_DESCRIPTOR_SET_WITH_TEMPLATE_INFO_KHR ((VkStructureType)1000545006)

typedef struct VkPhysicalDeviceMaintenance6FeaturesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 maintenance6;
} VkPhysicalDeviceMaintenance6FeaturesKHR;

typedef struct VkPhysicalDeviceMaintenance6PropertiesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 blockTexelViewCompatibleMultipleLayers;
   uint32_t maxCombinedImageSamplerDescriptorCount;
   VkBool32 fragmentShadingRateClampCombinerInputs;
} VkPhysicalDeviceMaintenance6PropertiesKHR;

typedef struct VkBindMemoryStatusKHR {
   VkStructureType sType;
   const void *pNext;
   VkResult *pResult;
} VkBindMemoryStatusKHR;

typedef struct VkBindDescriptorSetsInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkShaderStageFlags stageFlags;
   VkPipelineLayout layout;
   uint32_t firstSet;
   uint32_t descriptorSetCount;
   const VkDescriptorSet *pDescriptorSets;
   uint32_t dynamicOffsetCount;
   const uint32_t *pDynamicOffsets;
} VkBindDescriptorSetsInfoKHR;

typedef struct VkPushConstantsInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkPipelineLayout layout;
   VkShaderStageFlags stageFlags;
   uint32_t offset;
   uint32_t size;
   const void *pValues;
} VkPushConstantsInfoKHR;

typedef struct VkPushDescriptorSetInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkShaderStageFlags stageFlags;
   VkPipelineLayout layout;
   uint32_t set;
   uint32_t descriptorWriteCount;
   const VkWriteDescriptorSet *pDescriptorWrites;
} VkPushDescriptorSetInfoKHR;

typedef struct VkPushDescriptorSetWithTemplateInfoKHR {
   VkStructureType sType;
   const void *pNext;
   VkDescriptorUpdateTemplate descriptorUpdateTemplate;
   VkPipelineLayout layout;
   uint32_t set;
   const void *pData;
} VkPushDescriptorSetWithTemplateInfoKHR;

typedef void(VKAPI_PTR *PFN_vkCmdBindDescriptorSets2KHR)(
   VkCommandBuffer commandBuffer, const VkBindDescriptorSetsInfoKHR *pBindDescriptorSetsInfo);
typedef void(VKAPI_PTR *PFN_vkCmdPushConstants2KHR)(
   VkCommandBuffer commandBuffer, const VkPushConstantsInfoKHR *pPushConstantsInfo);
typedef void(VKAPI_PTR *PFN_vkCmdPushDescriptorSet2KHR)(
   VkCommandBuffer commandBuffer, const VkPushDescriptorSetInfoKHR *pPushDescriptorSetInfo);
typedef void(VKAPI_PTR *PFN_vkCmdPushDescriptorSetWithTemplate2KHR)(
   VkCommandBuffer commandBuffer,
   const VkPushDescriptorSetWithTemplateInfoKHR *pPushDescriptorSetWithTemplateInfo);
#endif /* VK_KHR_maintenance6 */

#ifndef VK_KHR_shader_subgroup_rotate
#define VK_KHR_shader_subgroup_rotate 1
#define VK_KHR_SHADER_SUBGROUP_ROTATE_SPEC_VERSION 2
#define VK_KHR_SHADER_SUBGROUP_ROTATE_EXTENSION_NAME "VK_KHR_shader_subgroup_rotate"
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_ROTATE_FEATURES_KHR \
   ((VkStructureType)1000416000)
#define VK_SUBGROUP_FEATURE_ROTATE_BIT_KHR ((VkSubgroupFeatureFlagBits)0x00000200)
#define VK_SUBGROUP_FEATURE_ROTATE_CLUSTERED_BIT_KHR ((VkSubgroupFeatureFlagBits)0x00000400)
typedef struct VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderSubgroupRotate;
   VkBool32 shaderSubgroupRotateClustered;
} VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR;
#endif /* VK_KHR_shader_subgroup_rotate */

#ifndef VK_KHR_vertex_attribute_divisor
#define VK_KHR_vertex_attribute_divisor 1
#define VK_KHR_VERTEX_ATTRIBUTE_DIVISOR_SPEC_VERSION 1
#define VK_KHR_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME "VK_KHR_vertex_attribute_divisor"
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_KHR \
   ((VkStructureType)1000525000)
#define VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_KHR \
   VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR \
   VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT
typedef struct VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR {
   VkStructureType sType;
   void *pNext;
   uint32_t maxVertexAttribDivisor;
   VkBool32 supportsNonZeroFirstInstance;
} VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR;
typedef VkVertexInputBindingDivisorDescriptionEXT VkVertexInputBindingDivisorDescriptionKHR;
typedef VkPipelineVertexInputDivisorStateCreateInfoEXT
   VkPipelineVertexInputDivisorStateCreateInfoKHR;
typedef VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT
   VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR;
#endif /* VK_KHR_vertex_attribute_divisor */

#endif
