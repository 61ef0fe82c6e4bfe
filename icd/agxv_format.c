/*
 * Format properties, derived from the format table (agxv_formats.py).
 * Graphics: COLOR_ATTACHMENT for the formats marked 'c' (every renderable
 * one but E5B9G9R9: clearing, drawing, loading, write masks and
 * vkCmdClearAttachments are tested per format, tests/icd/test_rt_formats.c),
 * optimal tiling only, DEPTH_STENCIL_ATTACHMENT and
 * TRANSFER_SRC/DST (aspect copies, agxv_cmd_image.c) for those marked 'd'
 * (D16_UNORM, D32_SFLOAT, S8_UINT, D32_SFLOAT_S8_UINT: Honeykrisp's set,
 * graphics.md §7.4; 1D/2D only), COLOR_ATTACHMENT_BLEND for those marked 'B'
 * (blending is tested), VERTEX_BUFFER for the 65 formats
 * the vertex-fetch prolog converts (agxv_vbo_format; RGB32 included),
 * BLIT_SRC for the formats the blit kernel reads (agxv_blit_format: every
 * table format, block-compressed ones decoded in software; depth/stencil
 * formats through their planes), BLIT_DST for the renderable ones it writes (not RGB9E5).
 * agxv_format_tib maps colour
 * formats to the tilebuffer's logical formats (layout/).
 *
 * Buffers, as in Honeykrisp (hk_buffer_view.c): every table format is
 * texturable, so uniform texel buffers take them all; storage texel
 * buffers (read and written without a format too: loads and stores use
 * the descriptor's format) need a power-of-two texel size; atomics only
 * R32_UINT / R32_SINT, and R32_SFLOAT for VK_EXT_shader_atomic_float
 * (lowered to global atomics on the texel's address, so any 32-bit word).
 *
 * Images (optimal = GPU tiled, linear = Linear 2D): sampled everywhere,
 * linear filtering for non-integer formats; storage images for the
 * formats the PBE can write (renderable) with a power-of-two texel size
 * (the same rule as storage texel buffers) except sRGB ones (shaders have
 * no sRGB image formats), read/written without format;
 * atomics R32_UINT / R32_SINT / R32_SFLOAT; transfer src/dst (the copy kernels handle
 * any texel size). Linear tiling gets the same features: its restrictions
 * (2D, one level, one layer) are applied in the image format query.
 *
 * Block-compressed formats (BC1-BC7), as Honeykrisp reports them
 * (hk_physical_device.c / hk_image.c, graphics.md section 7.4): sampled,
 * linearly filtered, transfer source/destination; optimal tiling only; 2D
 * images (arrays, cube compatible); no buffer features, no storage.
 */
#include "agxv_format.h"

#include <string.h>

#include "agxv_blit.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agx_pack.h"
#include "agxv_physical_device.h"
#include "agxv_vbo.h"

VkFormatFeatureFlags2
agxv_buffer_format_features(VkFormat format)
{
   VkFormatFeatureFlags2 vertex =
      agxv_vbo_format(format) ? VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT : 0;
   const struct agxv_format_info *f = agxv_format_info(format);
   /* A8_UNORM_KHR: image features only (texel buffers of it are untested) */
   if (!f || f->depth || f->block > 1 || format == VK_FORMAT_A8_UNORM_KHR)
      return vertex;
   VkFormatFeatureFlags2 features = VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT | vertex;
   if ((f->bytes & (f->bytes - 1)) == 0)
      features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
   if (format == VK_FORMAT_R32_UINT || format == VK_FORMAT_R32_SINT ||
       format == VK_FORMAT_R32_SFLOAT)
      features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
   return features;
}

VkFormatFeatureFlags2
agxv_image_format_features(VkFormat format, VkImageTiling tiling)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   if (!f || (tiling != VK_IMAGE_TILING_OPTIMAL && tiling != VK_IMAGE_TILING_LINEAR))
      return 0;
   /* Depth/stencil formats: rendering and copies of an aspect, sampling
    * an aspect (its plane as R16_UNORM / R32_SFLOAT / R8_UINT,
    * agxv_image_view.c), depth with compare and linear filtering (tested:
    * test_depth_stencil, test_depth_sample); optimal tiling. */
   if (f->depth) {
      if (tiling != VK_IMAGE_TILING_OPTIMAL)
         return 0;
      unsigned depth_bytes = 0, stencil_bytes = 0;
      agxv_zs_format_planes(format, &depth_bytes, &stencil_bytes);
      VkFormatFeatureFlags2 zs =
         VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
         VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT | VK_FORMAT_FEATURE_2_BLIT_SRC_BIT |
         VK_FORMAT_FEATURE_2_BLIT_DST_BIT | VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
      if (depth_bytes)
         zs |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT |
               VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      return zs;
   }
   /* Block-compressed: sampled, filtered, copied, blit sources where the blit kernel decodes
    * them (BC1-BC7, agx_blit_bc.h; ETC2/EAC, agx_blit_etc2.h; ASTC LDR, agx_blit_astc.h);
    * optimal tiling only. */
   if (f->block > 1) {
      struct agx_blit_format bc;
      if (tiling != VK_IMAGE_TILING_OPTIMAL)
         return 0;
      return VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
             VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
             VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
             (agxv_blit_format(format, false, &bc) ? VK_FORMAT_FEATURE_2_BLIT_SRC_BIT : 0);
   }
   VkFormatFeatureFlags2 features = VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
                                    VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
                                    VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT;
   struct agx_blit_format blit;
   if (agxv_blit_format(format, false, &blit))
      features |= VK_FORMAT_FEATURE_2_BLIT_SRC_BIT;
   if (f->renderable && agxv_blit_format(format, true, &blit))
      features |= VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
   bool integer = f->type == AGX_TEXTURE_TYPE_UINT || f->type == AGX_TEXTURE_TYPE_SINT;
   if (!integer)
      features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   if (f->renderable && !f->srgb && (f->bytes & (f->bytes - 1)) == 0)
      features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
                  VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
   if (format == VK_FORMAT_R32_UINT || format == VK_FORMAT_R32_SINT ||
       format == VK_FORMAT_R32_SFLOAT)
      features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
   /* Rendering to linear images is tested only through the swapchain's
    * (agxv_swapchain.c, the WSI tests and vkcube): optimal tiling only. */
   if (f->color_attachment && tiling == VK_IMAGE_TILING_OPTIMAL &&
       agxv_format_tib(format) != AGX_TIB_NONE)
      features |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
   /* Blending by the fragment output epilog (agxv_blend.h), tested per
    * format ('B'). */
   if ((features & VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT) && f->blend)
      features |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
   return features;
}

enum agx_tib_format
agxv_format_tib(VkFormat format)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   return f ? (enum agx_tib_format)f->tib : AGX_TIB_NONE;
}

/* VkFormatFeatureFlags holds the bits below 31; the *_WITHOUT_FORMAT bits
 * exist only in the 2 form. */
static VkFormatFeatureFlags
v1_flags(VkFormatFeatureFlags2 f)
{
   return (VkFormatFeatureFlags)(f & 0x7FFFFFFFull);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
                                       VkFormatProperties *pProps)
{
   memset(pProps, 0, sizeof(*pProps));
   pProps->linearTilingFeatures =
      v1_flags(agxv_image_format_features(format, VK_IMAGE_TILING_LINEAR));
   pProps->optimalTilingFeatures =
      v1_flags(agxv_image_format_features(format, VK_IMAGE_TILING_OPTIMAL));
   pProps->bufferFeatures = v1_flags(agxv_buffer_format_features(format));
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceFormatProperties2(VkPhysicalDevice physicalDevice, VkFormat format,
                                        VkFormatProperties2 *pProps)
{
   agxv_GetPhysicalDeviceFormatProperties(physicalDevice, format, &pProps->formatProperties);
   VkFormatProperties3 *p3 =
      (VkFormatProperties3 *)agxv_find_struct(pProps->pNext, VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3);
   if (p3) {
      p3->linearTilingFeatures = agxv_image_format_features(format, VK_IMAGE_TILING_LINEAR);
      p3->optimalTilingFeatures = agxv_image_format_features(format, VK_IMAGE_TILING_OPTIMAL);
      p3->bufferFeatures = agxv_buffer_format_features(format);
   }
}

/* Usage bits an image needs the feature bits for (none for the rest:
 * attachments are refused as no attachment feature exists). */
static bool
usage_supported(VkImageUsageFlags usage, VkFormatFeatureFlags2 features)
{
   const struct {
      VkImageUsageFlags usage;
      VkFormatFeatureFlags2 feature;
   } need[] = {
      {VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT},
      {VK_IMAGE_USAGE_TRANSFER_DST_BIT, VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT},
      {VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT},
      {VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT},
      {VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT},
      {VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
       VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT},
      /* input and transient attachments: colour or depth/stencil ones
       * (VkImageCreateInfo's format-feature rules for these usages) */
      {VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT,
       VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT},
      {VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
       VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT},
   };
   /* each usage needs one of its features */
   for (unsigned i = 0; i < sizeof(need) / sizeof(need[0]); i++)
      if ((usage & need[i].usage) && !(features & need[i].feature))
         return false;
   /* anything else (shading rate, fragment density, video...) is unsupported */
   VkImageUsageFlags known = 0;
   for (unsigned i = 0; i < sizeof(need) / sizeof(need[0]); i++)
      known |= need[i].usage;
   return (usage & ~known) == 0;
}

VkResult
agxv_image_format_properties(VkFormat format, VkImageType type, VkImageTiling tiling,
                             VkImageUsageFlags usage, VkImageCreateFlags flags,
                             VkImageFormatProperties *props)
{
   memset(props, 0, sizeof(*props));
   VkFormatFeatureFlags2 features = agxv_image_format_features(format, tiling);
   if (!features || !usage_supported(usage, features))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   /* supported flags: cube-compatible 2D, mutable format, extended usage, and
    * 2D-array-compatible 3D images (optimal tiling): a 2D / 2D-array view of one level
    * addresses its slices as layers, layer_stride apart (agxv_image_view.c; the 3D layout
    * keeps every slice at every level, agx_image_layout.h), which is what layered passes
    * render into (dEQP-VK.geometry.layered.3d.*) */
   const VkImageCreateFlags ok_flags =
      VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT | VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT |
      VK_IMAGE_CREATE_EXTENDED_USAGE_BIT | VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
   if (flags & ~ok_flags)
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   if ((flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && type != VK_IMAGE_TYPE_2D)
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   if ((flags & VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT) &&
       (type != VK_IMAGE_TYPE_3D || tiling != VK_IMAGE_TILING_OPTIMAL))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   const struct agxv_format_info *f = agxv_format_info(format);
   if (f->block > 1 && type != VK_IMAGE_TYPE_2D)
      return VK_ERROR_FORMAT_NOT_SUPPORTED; /* block-compressed: 2D only */
   if (f->depth && type == VK_IMAGE_TYPE_3D)
      return VK_ERROR_FORMAT_NOT_SUPPORTED; /* depth/stencil: 1D/2D (agxv_image.c) */

   VkExtent3D extent = {16384, 1, 1};
   uint32_t layers = 2048;
   switch (type) {
   case VK_IMAGE_TYPE_1D:
      break;
   case VK_IMAGE_TYPE_2D:
      extent.height = 16384;
      break;
   case VK_IMAGE_TYPE_3D:
      extent = (VkExtent3D){2048, 2048, 2048};
      layers = 1;
      break;
   default:
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   }
   uint32_t major = extent.width > extent.height ? extent.width : extent.height;
   uint32_t levels = 1;
   while ((major >> levels) > 0)
      levels++;

   if (tiling == VK_IMAGE_TILING_LINEAR) {
      /* Honeykrisp's rule: linear images are 2D, one level, one layer */
      if (type != VK_IMAGE_TYPE_2D || (flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT))
         return VK_ERROR_FORMAT_NOT_SUPPORTED;
      levels = 1;
      layers = 1;
   }
   props->maxExtent = extent;
   props->maxMipLevels = levels;
   props->maxArrayLayers = layers;
   props->sampleCounts = VK_SAMPLE_COUNT_1_BIT;
   /* Multisampled images (agxv_image.c): 2D optimal attachments, also input
    * attachments (subpassLoad at a sample: a 2D multisampled texture load,
    * agx_spirv_texture.c) and sampled images (texelFetch at a sample and
    * textureSamples on 2D MS / 2D MS array views: agx_pass_lower_image.c;
    * sampledImage*SampleCounts) and storage images (loads, stores, atomics
    * at a sample through the buffer-like PBE of their storage views,
    * agxv_image_view.c; storageImageSampleCounts, shaderStorageImageMultisample) */
   const VkImageUsageFlags ms_usage =
      VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
      VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
      VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT;
   if (type == VK_IMAGE_TYPE_2D && tiling == VK_IMAGE_TILING_OPTIMAL && !(usage & ~ms_usage) &&
       !(flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && f->block == 1 &&
       (features &
        (VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
         VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT)))
      props->sampleCounts = AGXV_SAMPLE_COUNTS;
   props->maxResourceSize = (VkDeviceSize)1 << 40; /* the driver's VA range bounds it */
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
                                            VkImageType type, VkImageTiling tiling,
                                            VkImageUsageFlags usage, VkImageCreateFlags flags,
                                            VkImageFormatProperties *pProps)
{
   return agxv_image_format_properties(format, type, tiling, usage, flags, pProps);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceImageFormatProperties2(VkPhysicalDevice physicalDevice,
                                             const VkPhysicalDeviceImageFormatInfo2 *pInfo,
                                             VkImageFormatProperties2 *pProps)
{
   VkImageUsageFlags usage = pInfo->usage;
   const VkImageStencilUsageCreateInfo *stencil =
      (const VkImageStencilUsageCreateInfo *)agxv_find_struct(
         pInfo->pNext, VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO);
   if (stencil)
      usage |= stencil->stencilUsage;
   const VkPhysicalDeviceExternalImageFormatInfo *ext =
      (const VkPhysicalDeviceExternalImageFormatInfo *)agxv_find_struct(
         pInfo->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO);
   VkResult r = agxv_image_format_properties(pInfo->format, pInfo->type, pInfo->tiling, usage,
                                             pInfo->flags, &pProps->imageFormatProperties);
   /* no external handle types are supported */
   if (r == VK_SUCCESS && ext && ext->handleType) {
      memset(&pProps->imageFormatProperties, 0, sizeof(pProps->imageFormatProperties));
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   }
   VkExternalImageFormatProperties *ext_props = (VkExternalImageFormatProperties *)agxv_find_struct(
      pProps->pNext, VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES);
   if (ext_props)
      memset(&ext_props->externalMemoryProperties, 0, sizeof(ext_props->externalMemoryProperties));
   return r;
}
