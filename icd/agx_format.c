/*
 * Format properties, derived from the format table (agx_formats.py). Only
 * buffer features exist: there are no images yet (image tiling features
 * stay 0) and no graphics (no VERTEX_BUFFER). Rules as in Honeykrisp
 * (hk_buffer_view.c): every table format is texturable, so uniform texel
 * buffers take them all; storage texel buffers (read and written without
 * a format too: loads and stores use the descriptor's format) need a
 * power-of-two texel size; atomics only R32_UINT / R32_SINT (lowered to
 * global atomics on the texel's address).
 */
#include "agx_format.h"

#include <string.h>

#include "agx_format_table.h"
#include "agx_physical_device.h"

VkFormatFeatureFlags2
agx_buffer_format_features(VkFormat format)
{
   const struct agx_format_info *f = agx_format_info(format);
   if (!f)
      return 0;
   VkFormatFeatureFlags2 features = VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT;
   if ((f->bytes & (f->bytes - 1)) == 0)
      features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
   if (format == VK_FORMAT_R32_UINT || format == VK_FORMAT_R32_SINT)
      features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
   return features;
}

/* VkFormatFeatureFlags holds the bits below 31; the *_WITHOUT_FORMAT bits
 * exist only in the 2 form. */
static VkFormatFeatureFlags
v1_flags(VkFormatFeatureFlags2 f)
{
   return (VkFormatFeatureFlags)(f & 0x7FFFFFFFull);
}

VKAPI_ATTR void VKAPI_CALL
agx_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
                                      VkFormatProperties *pProps)
{
   memset(pProps, 0, sizeof(*pProps));
   pProps->bufferFeatures = v1_flags(agx_buffer_format_features(format));
}

VKAPI_ATTR void VKAPI_CALL
agx_GetPhysicalDeviceFormatProperties2(VkPhysicalDevice physicalDevice, VkFormat format,
                                       VkFormatProperties2 *pProps)
{
   VkFormatFeatureFlags2 buffer = agx_buffer_format_features(format);
   memset(&pProps->formatProperties, 0, sizeof(pProps->formatProperties));
   pProps->formatProperties.bufferFeatures = v1_flags(buffer);
   VkFormatProperties3 *p3 = (VkFormatProperties3 *)agx_find_struct(
      pProps->pNext, VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3);
   if (p3) {
      p3->linearTilingFeatures = 0;
      p3->optimalTilingFeatures = 0;
      p3->bufferFeatures = buffer;
   }
}
