/* Vulkan format support (agxv_format.c) over the generated format table. */
#ifndef AGXV_FORMAT_H
#define AGXV_FORMAT_H

/* Sample counts of multisampled attachments and images (graphics.md §3.6,
 * the counts Honeykrisp offers): 1, 2 and 4, each proven by rendering tests
 * (test_msaa and test_ms_fetch run their scenes at 4 and at 2 samples). */
#define AGXV_SAMPLE_COUNTS (VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT)

#include <vulkan/vulkan_core.h>

#include "agx_tilebuffer.h"

/* Buffer features of a format (0: unsupported). */
VkFormatFeatureFlags2 agxv_buffer_format_features(VkFormat format);

/* Image features of a format with a tiling (0: unsupported). */
VkFormatFeatureFlags2 agxv_image_format_features(VkFormat format, VkImageTiling tiling);

/* vkGetPhysicalDeviceImageFormatProperties for one combination. */
VkResult agxv_image_format_properties(VkFormat format, VkImageType type, VkImageTiling tiling,
                                      VkImageUsageFlags usage, VkImageCreateFlags flags,
                                      VkImageFormatProperties *props);

/* The tilebuffer's logical format of a colour attachment format
 * (AGX_TIB_NONE: not renderable to the tilebuffer). */
enum agx_tib_format agxv_format_tib(VkFormat format);

#endif
