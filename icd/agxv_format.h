/* Vulkan format support (agxv_format.c) over the generated format table. */
#ifndef AGXV_FORMAT_H
#define AGXV_FORMAT_H

/* Sample counts of multisampled attachments (graphics.md §3.6): the
 * hardware also has 2x and the layout/tile code is general, but only 1 and
 * 4 (what Vulkan requires) are proven by rendering tests (test_msaa), so
 * only they are advertised and accepted. */
#define AGXV_SAMPLE_COUNTS (VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT)

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
