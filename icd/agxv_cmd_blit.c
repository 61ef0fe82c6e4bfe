/*
 * vkCmdBlitImage(2): each region (and each aspect of a depth/stencil one) is one launch of
 * the blit kernel (cl_kernels/agx_image_blit.cl) over the destination box, the source
 * coordinates an affine function of the destination texel (Vulkan's blit: scaling, flips
 * through reversed offsets, clamp-to-edge of the source level, nearest or linear filter;
 * 3D sources filter in z too, array layers map one to one). Formats are converted by the
 * kernel from the format table's channels (agxv_blit_format); depth/stencil aspects blit
 * their plane's colour format (same format, nearest: Vulkan's rule), so values move
 * unchanged. Block-compressed sources (BC1-BC7, ETC2/EAC, ASTC LDR) are decoded by the kernel
 * in software (agx_blit_bc.h), addressed by block. Honeykrisp blits with a draw (graphics.md section 9).
 * Assumes valid usage: single-sampled images, regions inside the subresources, integer
 * formats only with integer formats of the same signedness, linear filtering only for
 * formats with SAMPLED_IMAGE_FILTER_LINEAR; cubic filtering is not advertised.
 */
#include "agxv_blit.h"

#include <stdlib.h>

#include "agx_cl_kernels.h"
#include "agx_pack.h"
#include "agxv_cmd_buffer.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_texel_pack.h"

/* Texels per launch at most (keeps the kernel's 32-bit indices exact). */
#define CHUNK_TEXELS (1u << 26)

/* A block-compressed source (BC1-BC7, ETC2/EAC and ASTC LDR, decoded by the kernel's
 * agx_blit_bc.h, agx_blit_etc2.h and agx_blit_astc.h), with its block width and height. */
static bool
blit_format_bc(const struct agxv_format_info *f, struct agx_blit_format *out)
{
   static const struct {
      uint8_t channels;
      uint32_t kind;
   } kinds[] = {
      {AGX_CHANNELS_BC1, AGX_BLIT_BC1},
      {AGX_CHANNELS_BC2, AGX_BLIT_BC2},
      {AGX_CHANNELS_BC3, AGX_BLIT_BC3},
      {AGX_CHANNELS_BC4, AGX_BLIT_BC4},
      {AGX_CHANNELS_BC5, AGX_BLIT_BC5},
      {AGX_CHANNELS_BC6H, AGX_BLIT_BC6H},
      {AGX_CHANNELS_BC6H_UFLOAT, AGX_BLIT_BC6H},
      {AGX_CHANNELS_BC7, AGX_BLIT_BC7},
      {AGX_CHANNELS_ETC2_RGB8, AGX_BLIT_ETC2_RGB8},
      {AGX_CHANNELS_ETC2_RGB8A1, AGX_BLIT_ETC2_RGB8A1},
      {AGX_CHANNELS_ETC2_RGBA8, AGX_BLIT_ETC2_RGBA8},
      {AGX_CHANNELS_EAC_R11, AGX_BLIT_EAC_R11},
      {AGX_CHANNELS_EAC_RG11, AGX_BLIT_EAC_RG11},
   };
   uint32_t dims = (uint32_t)f->block << AGX_BLIT_BC_BW_SHIFT | (uint32_t)f->block_h
                                                                   << AGX_BLIT_BC_BH_SHIFT;
   if (f->channels >= AGX_CHANNELS_ASTC_4X4 && f->channels <= AGX_CHANNELS_ASTC_12X12) {
      /* LDR (Unorm); sRGB formats decode to 8 bits, the kernel linearises R, G, B */
      out->bc = AGX_BLIT_ASTC | dims | (f->srgb ? AGX_BLIT_BC_SRGB : 0);
      out->type = AGX_BLIT_UNORM;
      return true;
   }
   for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
      if (kinds[i].channels != f->channels)
         continue;
      out->bc = kinds[i].kind | dims;
      /* signed: BC4/BC5/EAC snorm, BC6H's signed-float channels (the table's BC6H row) */
      if (f->type == AGX_TEXTURE_TYPE_SNORM || f->channels == AGX_CHANNELS_BC6H)
         out->bc |= AGX_BLIT_BC_SIGNED;
      /* BC1 RGB formats read alpha through the "1" swizzle */
      if (f->channels == AGX_CHANNELS_BC1 && f->swizzle[3] == AGX_CHANNEL_1)
         out->bc |= AGX_BLIT_BC_OPAQUE;
      out->type = f->channels == AGX_CHANNELS_BC6H || f->channels == AGX_CHANNELS_BC6H_UFLOAT
                     ? AGX_BLIT_FLOAT
                  : f->type == AGX_TEXTURE_TYPE_SNORM ? AGX_BLIT_SNORM
                                                      : AGX_BLIT_UNORM;
      return true;
   }
   return false;
}

bool
agxv_blit_format(VkFormat format, bool dst, struct agx_blit_format *out)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   if (!f || f->depth)
      return false;
   *out = (struct agx_blit_format){.bytes = f->bytes, .srgb = f->srgb};
   if (f->block > 1)
      return !dst && blit_format_bc(f, out);
   unsigned bits[4] = {0}, n;
   if (f->channels == AGX_CHANNELS_R11G11B10) {
      out->type = AGX_BLIT_UFLOAT;
      bits[0] = bits[1] = 11, bits[2] = 10, n = 3;
   } else if (f->channels == AGX_CHANNELS_R9G9B9E5) {
      if (dst)
         return false;
      out->type = AGX_BLIT_RGB9E5;
      return true;
   } else {
      n = agxv_channel_bits(f->channels, bits);
      if (!n)
         return false;
      switch (f->type) {
      case AGX_TEXTURE_TYPE_UNORM:
         out->type = AGX_BLIT_UNORM;
         break;
      case AGX_TEXTURE_TYPE_SNORM:
         out->type = AGX_BLIT_SNORM;
         break;
      case AGX_TEXTURE_TYPE_UINT:
         out->type = AGX_BLIT_UINT;
         break;
      case AGX_TEXTURE_TYPE_SINT:
         out->type = AGX_BLIT_SINT;
         break;
      case AGX_TEXTURE_TYPE_FLOAT:
         /* 16/32-bit IEEE channels only */
         if (bits[0] != 16 && bits[0] != 32)
            return false;
         out->type = AGX_BLIT_FLOAT;
         break;
      default:
         return false;
      }
   }
   /* memory channel m holds result component pbe_swizzle[m] (agxv_texel_pack.c) */
   for (unsigned m = 0; m < n; m++)
      out->ch[m] = bits[m] | (uint32_t)(f->pbe_swizzle[m] & 3) << 8;
   return true;
}

static uint32_t
groups_for(uint64_t items)
{
   return (uint32_t)((items + AGX_IMAGE_BLIT_GROUP_SIZE - 1) / AGX_IMAGE_BLIT_GROUP_SIZE);
}

/* Launches a box, split into runs of rows when it exceeds CHUNK_TEXELS. */
static void
dispatch_blit(struct agxv_cmd_buffer *cmd, struct agx_image_blit_args a)
{
   if (!a.width || !a.height || !a.depth)
      return;
   if ((uint64_t)a.width * a.height * a.depth <= CHUNK_TEXELS) {
      agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_BLIT,
                           groups_for((uint64_t)a.width * a.height * a.depth), &a, sizeof(a));
      return;
   }
   uint32_t rows = CHUNK_TEXELS / a.width;
   for (uint32_t z = 0; z < a.depth; z++)
      for (uint32_t y = 0; y < a.height; y += rows) {
         struct agx_image_blit_args p = a;
         p.dst_y += y, p.dst_z += z;
         p.v0 = a.v0 + (float)y * a.dv;
         p.w0 = a.w0 + (float)z * a.dw;
         p.height = a.height - y < rows ? a.height - y : rows;
         p.depth = 1;
         agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_BLIT, groups_for((uint64_t)p.width * p.height), &p,
                              sizeof(p));
      }
}

/* One axis of a region: the destination box [*start, *start + *count) and the source
 * coordinate of its first texel centre (*o) and step (*step), from the region's offsets
 * (s0 -> s1 maps onto d0 -> d1; reversed offsets flip). */
static void
blit_axis(int32_t s0, int32_t s1, int32_t d0, int32_t d1, uint32_t *start, uint32_t *count,
          float *o, float *step)
{
   double scale = d1 != d0 ? (double)(s1 - s0) / (double)(d1 - d0) : 0.0;
   int32_t lo = d0 < d1 ? d0 : d1;
   *start = (uint32_t)lo;
   *count = (uint32_t)abs(d1 - d0);
   *o = (float)(s0 + ((double)lo + 0.5 - d0) * scale);
   *step = (float)scale;
}

/* The z axis of a subresource: 3D images their slices (the offsets), others their layers. */
static void
z_range(const struct agxv_image *img, const VkImageSubresourceLayers *sub, const VkOffset3D off[2],
        int32_t *z0, int32_t *z1)
{
   if (img->type == VK_IMAGE_TYPE_3D) {
      *z0 = off[0].z, *z1 = off[1].z;
      return;
   }
   uint32_t n = sub->layerCount == VK_REMAINING_ARRAY_LAYERS
                   ? img->array_layers - sub->baseArrayLayer
                   : sub->layerCount;
   *z0 = (int32_t)sub->baseArrayLayer;
   *z1 = (int32_t)(sub->baseArrayLayer + n);
}

static void
blit_aspect(struct agxv_cmd_buffer *cmd, const struct agxv_image *src, const struct agxv_image *dst,
            const VkImageBlit2 *r, VkImageAspectFlagBits aspect, VkFilter filter)
{
   uint64_t so = 0, dof = 0;
   const struct agx_image_layout *sl = agxv_image_plane(src, aspect, &so);
   const struct agx_image_layout *dl = agxv_image_plane(dst, aspect, &dof);
   VkFormat sfmt = agxv_zs_plane_format(src->format, aspect);
   VkFormat dfmt = agxv_zs_plane_format(dst->format, aspect);
   struct agx_image_blit_args a = {0};
   if (!sl || !dl || !src->va || !dst->va || src->samples != 1 || dst->samples != 1 ||
       !agxv_blit_format(sfmt, false, &a.sf) || !agxv_blit_format(dfmt, true, &a.df)) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN,
                                         "blit from format %d to format %d is not supported",
                                         src->format, dst->format));
      return;
   }
   uint32_t sl_level = r->srcSubresource.mipLevel, dl_level = r->dstSubresource.mipLevel;
   a.src = agx_image_layout_surface(sl, src->va + so, sl_level);
   a.dst = agx_image_layout_surface(dl, dst->va + dof, dl_level);
   a.src_w = agx_image_minify(sl->width, sl_level);
   a.src_h = agx_image_minify(sl->height, sl_level);
   a.src_d =
      src->type == VK_IMAGE_TYPE_3D ? agx_image_minify(sl->layers, sl_level) : src->array_layers;
   const VkOffset3D *s = r->srcOffsets, *d = r->dstOffsets;
   blit_axis(s[0].x, s[1].x, d[0].x, d[1].x, &a.dst_x, &a.width, &a.u0, &a.du);
   blit_axis(s[0].y, s[1].y, d[0].y, d[1].y, &a.dst_y, &a.height, &a.v0, &a.dv);
   int32_t sz0, sz1, dz0, dz1;
   z_range(src, &r->srcSubresource, s, &sz0, &sz1);
   z_range(dst, &r->dstSubresource, d, &dz0, &dz1);
   blit_axis(sz0, sz1, dz0, dz1, &a.dst_z, &a.depth, &a.w0, &a.dw);
   if (filter == VK_FILTER_LINEAR)
      a.filter = src->type == VK_IMAGE_TYPE_3D ? AGX_BLIT_LINEAR_3D : AGX_BLIT_LINEAR;
   dispatch_blit(cmd, a);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBlitImage2(VkCommandBuffer commandBuffer, const VkBlitImageInfo2 *info)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_image *src = agxv_image_from_handle(info->srcImage);
   const struct agxv_image *dst = agxv_image_from_handle(info->dstImage);
   static const VkImageAspectFlagBits aspects[3] = {
      VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT};
   for (uint32_t r = 0; r < info->regionCount; r++)
      for (unsigned i = 0; i < 3; i++)
         if (info->pRegions[r].srcSubresource.aspectMask & aspects[i])
            blit_aspect(cmd, src, dst, &info->pRegions[r], aspects[i], info->filter);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBlitImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
                  VkImage dstImage, VkImageLayout dstLayout, uint32_t regionCount,
                  const VkImageBlit *pRegions, VkFilter filter)
{
   for (uint32_t r = 0; r < regionCount; r++) {
      VkImageBlit2 g = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
         .srcSubresource = pRegions[r].srcSubresource,
         .srcOffsets = {pRegions[r].srcOffsets[0], pRegions[r].srcOffsets[1]},
         .dstSubresource = pRegions[r].dstSubresource,
         .dstOffsets = {pRegions[r].dstOffsets[0], pRegions[r].dstOffsets[1]},
      };
      VkBlitImageInfo2 info = {
         .sType = VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2,
         .srcImage = srcImage,
         .srcImageLayout = srcLayout,
         .dstImage = dstImage,
         .dstImageLayout = dstLayout,
         .regionCount = 1,
         .pRegions = &g,
         .filter = filter,
      };
      agxv_CmdBlitImage2(commandBuffer, &info);
   }
}
