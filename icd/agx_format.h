/* Vulkan format support (agx_format.c) over the generated format table. */
#ifndef AGX_FORMAT_H
#define AGX_FORMAT_H

#include <vulkan/vulkan_core.h>

/* Buffer features of a format (0: unsupported). */
VkFormatFeatureFlags2 agx_buffer_format_features(VkFormat format);

#endif
