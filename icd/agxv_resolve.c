/*
 * Multisample colour resolves: one invocation of the resolve kernel
 * (cl_kernels/agx_image_copy.cl agx_image_resolve) per texel of the box,
 * reading every sample of the multisampled texel (ail: the samples of a
 * texel are contiguous, agxv_image.c) and writing the single-sampled one.
 * AVERAGE averages unorm formats per component (rounded to nearest) and
 * fp32 formats; integer formats and SAMPLE_ZERO take sample 0 (Vulkan's
 * rule for integer resolves). Honeykrisp resolves after the pass as well
 * (vk_meta_resolve_rendering, a draw); a kernel leaves the same texels.
 * Assumes: sRGB formats are averaged in their encoded bytes (Vulkan lets
 * implementations choose; Honeykrisp's meta resolve averages decoded
 * values, so edge texels may differ by a few codes); fp16, packed and
 * snorm formats are not resolved yet (a clear error). Depth/stencil
 * attachments resolve each aspect's plane on its own (independentResolve):
 * SAMPLE_ZERO, MIN and MAX for depth and stencil, AVERAGE for depth (D16 as
 * unorm words, D32 as floats), the modes advertised
 * (VK_KHR_depth_stencil_resolve; Honeykrisp offers the same set).
 */
#include "agxv_resolve.h"

#include "agx_cl_kernels.h"
#include "agx_pack.h"
#include "agx_image_copy.h"
#include "agxv_cmd_buffer.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_log.h"
#include "agxv_meta.h"

/* The kernel's mode for a format, or -1 if AVERAGE is not done for it. */
static int
average_mode(VkFormat format)
{
   switch (format) {
   case VK_FORMAT_R8_UNORM:
   case VK_FORMAT_R8G8_UNORM:
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_B8G8R8A8_UNORM:
   case VK_FORMAT_R8_SRGB:
   case VK_FORMAT_R8G8_SRGB:
   case VK_FORMAT_R8G8B8A8_SRGB:
   case VK_FORMAT_B8G8R8A8_SRGB:
   case VK_FORMAT_A8B8G8R8_UNORM_PACK32:
   case VK_FORMAT_A8B8G8R8_SRGB_PACK32:
      return AGX_RESOLVE_UNORM8;
   case VK_FORMAT_R16_UNORM:
   case VK_FORMAT_R16G16_UNORM:
   case VK_FORMAT_R16G16B16A16_UNORM:
      return AGX_RESOLVE_UNORM16;
   case VK_FORMAT_R32_SFLOAT:
   case VK_FORMAT_R32G32_SFLOAT:
   case VK_FORMAT_R32G32B32A32_SFLOAT:
      return AGX_RESOLVE_FLOAT32;
   default: {
      const struct agxv_format_info *f = agxv_format_info(format);
      /* integer formats: sample 0 (Vulkan) */
      if (f && (f->type == AGX_TEXTURE_TYPE_UINT || f->type == AGX_TEXTURE_TYPE_SINT))
         return AGX_RESOLVE_SAMPLE0;
      return -1;
   }
   }
}

static uint32_t
groups_for(uint64_t items)
{
   return (uint32_t)((items + AGX_IMAGE_GROUP_SIZE - 1) / AGX_IMAGE_GROUP_SIZE);
}

/* Resolves a box (layers along z) of src level 0 into dst level `dst_level`. */
static void
resolve_box(struct agxv_cmd_buffer *cmd, const struct agxv_image *src, VkFormat format,
            const struct agxv_image *dst, uint32_t dst_level, VkResolveModeFlagBits vk_mode,
            struct agx_image_resolve_args a)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   int mode =
      vk_mode == VK_RESOLVE_MODE_SAMPLE_ZERO_BIT ? (int)AGX_RESOLVE_SAMPLE0 : average_mode(format);
   if (!f || mode < 0 || src->samples < 2 || dst->samples != 1 || !src->va || !dst->va) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN,
                                         "resolve of format %d (%u to %u samples) is not supported",
                                         format, src->samples, dst->samples));
      return;
   }
   a.src = agx_image_layout_surface(&src->layout, src->va, 0);
   a.dst = agx_image_layout_surface(&dst->layout, dst->va, dst_level);
   a.bytes = f->bytes;
   a.samples = src->samples;
   a.mode = (uint32_t)mode;
   if (!a.width || !a.height || !a.depth)
      return;
   agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_RESOLVE,
                        groups_for((uint64_t)a.width * a.height * a.depth), &a, sizeof(a));
}

void
agxv_resolve_views(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *src,
                   const struct agxv_image_view *dst, VkResolveModeFlagBits mode, VkRect2D area,
                   uint32_t first_layer, uint32_t layers)
{
   struct agx_image_resolve_args a = {
      .src_x = (uint32_t)area.offset.x,
      .src_y = (uint32_t)area.offset.y,
      .src_z = src->base_layer + first_layer,
      .dst_x = (uint32_t)area.offset.x,
      .dst_y = (uint32_t)area.offset.y,
      .dst_z = dst->base_layer + first_layer,
      .width = area.extent.width,
      .height = area.extent.height,
      .depth = layers ? layers : 1,
   };
   resolve_box(cmd, src->image, src->format, dst->image, dst->base_level, mode, a);
}

/* The kernel's mode for a depth/stencil resolve of a plane with `bytes` per sample, or -1. */
static int
zs_mode(VkResolveModeFlagBits mode, VkImageAspectFlagBits aspect, uint32_t bytes)
{
   switch (mode) {
   case VK_RESOLVE_MODE_SAMPLE_ZERO_BIT:
      return AGX_RESOLVE_SAMPLE0;
   case VK_RESOLVE_MODE_MIN_BIT:
      return AGX_RESOLVE_MIN;
   case VK_RESOLVE_MODE_MAX_BIT:
      return AGX_RESOLVE_MAX;
   case VK_RESOLVE_MODE_AVERAGE_BIT:
      if (aspect != VK_IMAGE_ASPECT_DEPTH_BIT)
         return -1; /* Vulkan has no stencil average */
      return bytes == 2 ? (int)AGX_RESOLVE_UNORM16 : bytes == 4 ? (int)AGX_RESOLVE_FLOAT32 : -1;
   default:
      return -1;
   }
}

bool
agxv_resolve_zs_mode_supported(VkResolveModeFlagBits mode, VkImageAspectFlagBits aspect)
{
   /* D16 and D32 depth planes take the same modes */
   return zs_mode(mode, aspect, aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? 4 : 1) >= 0;
}

void
agxv_resolve_zs_views(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *src,
                      const struct agxv_image_view *dst, VkImageAspectFlagBits aspect,
                      VkResolveModeFlagBits vk_mode, VkRect2D area, uint32_t first_layer,
                      uint32_t layers)
{
   uint64_t so = 0, dof = 0;
   const struct agx_image_layout *sl = agxv_image_plane(src->image, aspect, &so);
   const struct agx_image_layout *dl = agxv_image_plane(dst->image, aspect, &dof);
   const struct agxv_format_info *f =
      agxv_format_info(agxv_zs_plane_format(src->image->format, aspect));
   int mode = f ? zs_mode(vk_mode, aspect, f->bytes) : -1;
   if (!sl || !dl || mode < 0 || src->image->samples < 2 || dst->image->samples != 1 ||
       !src->image->va || !dst->image->va) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN,
                                         "depth/stencil resolve of format %d (aspect 0x%x, mode "
                                         "0x%x) is not supported",
                                         src->image->format, (unsigned)aspect, (unsigned)vk_mode));
      return;
   }
   /* the aspect's plane: D16/D32 depth, S8 stencil as their colour formats (agxv_image.c) */
   struct agx_image_resolve_args a = {
      .src = agx_image_layout_surface(sl, src->image->va + so, 0),
      .dst = agx_image_layout_surface(dl, dst->image->va + dof, dst->base_level),
      .src_x = (uint32_t)area.offset.x,
      .src_y = (uint32_t)area.offset.y,
      .src_z = src->base_layer + first_layer,
      .dst_x = (uint32_t)area.offset.x,
      .dst_y = (uint32_t)area.offset.y,
      .dst_z = dst->base_layer + first_layer,
      .width = area.extent.width,
      .height = area.extent.height,
      .depth = layers ? layers : 1,
      .bytes = f->bytes,
      .samples = src->image->samples,
      .mode = (uint32_t)mode,
   };
   if (!a.width || !a.height)
      return;
   agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_RESOLVE,
                        groups_for((uint64_t)a.width * a.height * a.depth), &a, sizeof(a));
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdResolveImage2(VkCommandBuffer commandBuffer, const VkResolveImageInfo2 *info)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_image *src = agxv_image_from_handle(info->srcImage);
   const struct agxv_image *dst = agxv_image_from_handle(info->dstImage);
   for (uint32_t r = 0; r < info->regionCount; r++) {
      const VkImageResolve2 *g = &info->pRegions[r];
      uint32_t layers = g->srcSubresource.layerCount == VK_REMAINING_ARRAY_LAYERS
                           ? src->array_layers - g->srcSubresource.baseArrayLayer
                           : g->srcSubresource.layerCount;
      struct agx_image_resolve_args a = {
         .src_x = (uint32_t)g->srcOffset.x,
         .src_y = (uint32_t)g->srcOffset.y,
         .src_z = g->srcSubresource.baseArrayLayer,
         .dst_x = (uint32_t)g->dstOffset.x,
         .dst_y = (uint32_t)g->dstOffset.y,
         .dst_z = g->dstSubresource.baseArrayLayer,
         .width = g->extent.width,
         .height = g->extent.height,
         .depth = layers,
      };
      resolve_box(cmd, src, src->format, dst, g->dstSubresource.mipLevel,
                  VK_RESOLVE_MODE_AVERAGE_BIT, a);
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdResolveImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
                     VkImage dstImage, VkImageLayout dstLayout, uint32_t regionCount,
                     const VkImageResolve *pRegions)
{
   for (uint32_t r = 0; r < regionCount; r++) {
      VkImageResolve2 g = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_RESOLVE_2,
         .srcSubresource = pRegions[r].srcSubresource,
         .srcOffset = pRegions[r].srcOffset,
         .dstSubresource = pRegions[r].dstSubresource,
         .dstOffset = pRegions[r].dstOffset,
         .extent = pRegions[r].extent,
      };
      VkResolveImageInfo2 info = {
         .sType = VK_STRUCTURE_TYPE_RESOLVE_IMAGE_INFO_2,
         .srcImage = srcImage,
         .srcImageLayout = srcLayout,
         .dstImage = dstImage,
         .dstImageLayout = dstLayout,
         .regionCount = 1,
         .pRegions = &g,
      };
      agxv_CmdResolveImage2(commandBuffer, &info);
   }
}
