/*
 * Transfer commands on images, run as the precompiled OpenCL kernels of
 * cl_kernels/agx_image_copy.cl, which address tiled and linear texels in
 * software (agx_image_layout.h): vkCmdCopyBufferToImage(2),
 * vkCmdCopyImageToBuffer(2), vkCmdCopyImage(2), vkCmdClearColorImage,
 * vkCmdClearDepthStencilImage. Depth/stencil copies move one aspect's plane
 * (D16: 2 bytes, D32: 4 bytes, S8: 1 byte per texel, the buffer layouts
 * Vulkan defines for those aspects). Like
 * the buffer transfers they count as dispatches for pipeline barriers.
 * Assumes every format in the table has a power-of-two texel size of at
 * most 16 bytes and the copies are valid usage (regions inside the images,
 * size-compatible formats, buffer offsets texel aligned); 3D images take
 * their slices as layers, so a region's z offset/depth and its layers are
 * the same axis of the kernels' boxes.
 */
#include <string.h>

#include "agxv_buffer.h"
#include "agx_cl_kernels.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agx_image_copy.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_texel_pack.h"

/* Texels per launch at most (keeps the kernels' 32-bit indices exact). */
#define CHUNK_TEXELS (1u << 26)

static uint32_t
groups_for(uint64_t items)
{
   return (uint32_t)((items + AGX_IMAGE_GROUP_SIZE - 1) / AGX_IMAGE_GROUP_SIZE);
}

/* Launches the copy, split along z (then y) so each launch stays below
 * CHUNK_TEXELS. */
static void
dispatch_copy(struct agxv_cmd_buffer *cmd, struct agx_image_copy_args a)
{
   if (!a.width || !a.height || !a.depth)
      return;
   uint64_t slice = (uint64_t)a.width * a.height;
   if (slice > CHUNK_TEXELS) { /* rows at a time */
      uint32_t rows = CHUNK_TEXELS / a.width;
      for (uint32_t z = 0; z < a.depth; z++)
         for (uint32_t y = 0; y < a.height; y += rows) {
            struct agx_image_copy_args p = a;
            p.src_y += y, p.dst_y += y, p.src_z += z, p.dst_z += z;
            p.height = a.height - y < rows ? a.height - y : rows;
            p.depth = 1;
            agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_COPY, groups_for((uint64_t)p.width * p.height),
                                 &p, sizeof(p));
         }
      return;
   }
   uint32_t slices = (uint32_t)(CHUNK_TEXELS / slice);
   for (uint32_t z = 0; z < a.depth; z += slices) {
      struct agx_image_copy_args p = a;
      p.src_z += z, p.dst_z += z;
      p.depth = a.depth - z < slices ? a.depth - z : slices;
      agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_COPY, groups_for(slice * p.depth), &p, sizeof(p));
   }
}

static uint32_t
texel_bytes(VkFormat format)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   return f ? f->bytes : 0;
}

/* The plane a copy of `aspect` reads or writes (depth/stencil images: the
 * aspect's own plane, whose texels are the plane format's, graphics.md §6;
 * D32_SFLOAT_S8_UINT's stencil is the S8 plane) and its bytes per texel;
 * 0 bytes if the image has no such aspect. */
struct copy_plane {
   const struct agx_image_layout *layout;
   uint64_t va;
   uint32_t bytes;
};

static struct copy_plane
copy_plane(const struct agxv_image *img, VkImageAspectFlags aspect)
{
   struct copy_plane p = {0};
   uint64_t offset = 0;
   VkImageAspectFlagBits bit = (VkImageAspectFlagBits)aspect;
   p.layout = agxv_image_plane(img, bit, &offset);
   if (!p.layout)
      return p;
   p.va = img->va + offset;
   /* multisampled: every sample of a texel (agxv_image.c) */
   p.bytes = texel_bytes(agxv_zs_plane_format(img->format, bit)) * img->samples;
   return p;
}

/* z of a subresource: the layer, or the slice for 3D images. */
static uint32_t
first_z(const struct agxv_image *img, const VkImageSubresourceLayers *sub, int32_t z)
{
   return img->type == VK_IMAGE_TYPE_3D ? (uint32_t)z : sub->baseArrayLayer;
}

static uint32_t
count_z(const struct agxv_image *img, const VkImageSubresourceLayers *sub, uint32_t depth)
{
   if (img->type == VK_IMAGE_TYPE_3D)
      return depth;
   return sub->layerCount == VK_REMAINING_ARRAY_LAYERS ? img->array_layers - sub->baseArrayLayer
                                                       : sub->layerCount;
}

static void
buffer_image(struct agxv_cmd_buffer *cmd, struct agxv_buffer *buf, struct agxv_image *img,
             const VkBufferImageCopy2 *r, bool to_image)
{
   struct copy_plane pl = copy_plane(img, r->imageSubresource.aspectMask);
   uint32_t bytes = pl.bytes;
   if (!bytes)
      return;
   /* block-compressed images: offsets, extents and buffer rows in blocks (the
    * extent may stop at the image edge inside a block) */
   uint32_t bk = pl.layout->block, bkh = pl.layout->block_h;
   uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
   uint32_t rows = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
   row = agx_image_blocks(row, bk);
   rows = agx_image_blocks(rows, bkh);
   struct agx_image_surface b = {
      .base = buf->va + r->bufferOffset,
      .layer_stride = (uint64_t)row * rows * bytes,
      .tiled = 0,
      .bytes = bytes,
      .row_stride = row * bytes,
   };
   struct agx_image_surface i =
      agx_image_layout_surface(pl.layout, pl.va, r->imageSubresource.mipLevel);
   uint32_t z = first_z(img, &r->imageSubresource, r->imageOffset.z);
   struct agx_image_copy_args a = {
      .width = agx_image_blocks(r->imageExtent.width, bk),
      .height = agx_image_blocks(r->imageExtent.height, bkh),
      .depth = count_z(img, &r->imageSubresource, r->imageExtent.depth),
      .bytes = bytes,
   };
   uint32_t x = (uint32_t)r->imageOffset.x / bk, y = (uint32_t)r->imageOffset.y / bkh;
   if (to_image) {
      a.src = b, a.dst = i;
      a.dst_x = x, a.dst_y = y, a.dst_z = z;
   } else {
      a.src = i, a.dst = b;
      a.src_x = x, a.src_y = y, a.src_z = z;
   }
   dispatch_copy(cmd, a);
}

static VkBufferImageCopy2
region2(const VkBufferImageCopy *r)
{
   return (VkBufferImageCopy2){
      .sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
      .bufferOffset = r->bufferOffset,
      .bufferRowLength = r->bufferRowLength,
      .bufferImageHeight = r->bufferImageHeight,
      .imageSubresource = r->imageSubresource,
      .imageOffset = r->imageOffset,
      .imageExtent = r->imageExtent,
   };
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyBufferToImage2(VkCommandBuffer commandBuffer, const VkCopyBufferToImageInfo2 *pInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < pInfo->regionCount; r++)
      buffer_image(cmd, agxv_buffer_from_handle(pInfo->srcBuffer),
                   agxv_image_from_handle(pInfo->dstImage), &pInfo->pRegions[r], true);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyBufferToImage(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkImage dstImage,
                          VkImageLayout layout, uint32_t regionCount,
                          const VkBufferImageCopy *pRegions)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < regionCount; r++) {
      VkBufferImageCopy2 r2 = region2(&pRegions[r]);
      buffer_image(cmd, agxv_buffer_from_handle(srcBuffer), agxv_image_from_handle(dstImage), &r2,
                   true);
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyImageToBuffer2(VkCommandBuffer commandBuffer, const VkCopyImageToBufferInfo2 *pInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < pInfo->regionCount; r++)
      buffer_image(cmd, agxv_buffer_from_handle(pInfo->dstBuffer),
                   agxv_image_from_handle(pInfo->srcImage), &pInfo->pRegions[r], false);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyImageToBuffer(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout layout,
                          VkBuffer dstBuffer, uint32_t regionCount,
                          const VkBufferImageCopy *pRegions)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < regionCount; r++) {
      VkBufferImageCopy2 r2 = region2(&pRegions[r]);
      buffer_image(cmd, agxv_buffer_from_handle(dstBuffer), agxv_image_from_handle(srcImage), &r2,
                   false);
   }
}

/* Image to image, one aspect: texel sizes match (size-compatible formats),
 * so texels move as bytes. A 2D <-> 3D copy pairs layers with slices.
 * Block-compressed images count in blocks; the extent is in the source's
 * texels (Vulkan's rule for copies between compressed and uncompressed
 * images). */
static void
image_image_aspect(struct agxv_cmd_buffer *cmd, struct agxv_image *src, struct agxv_image *dst,
                   const VkImageCopy2 *r, VkImageAspectFlags src_aspect,
                   VkImageAspectFlags dst_aspect)
{
   struct copy_plane ps = copy_plane(src, src_aspect);
   struct copy_plane pd = copy_plane(dst, dst_aspect);
   uint32_t bytes = ps.bytes;
   if (!bytes || bytes != pd.bytes)
      return;
   uint32_t zs = count_z(src, &r->srcSubresource, r->extent.depth);
   uint32_t zd = count_z(dst, &r->dstSubresource, r->extent.depth);
   uint32_t bs = ps.layout->block, bd = pd.layout->block;
   uint32_t bsh = ps.layout->block_h, bdh = pd.layout->block_h;
   struct agx_image_copy_args a = {
      .src = agx_image_layout_surface(ps.layout, ps.va, r->srcSubresource.mipLevel),
      .dst = agx_image_layout_surface(pd.layout, pd.va, r->dstSubresource.mipLevel),
      .src_x = (uint32_t)r->srcOffset.x / bs,
      .src_y = (uint32_t)r->srcOffset.y / bsh,
      .src_z = first_z(src, &r->srcSubresource, r->srcOffset.z),
      .dst_x = (uint32_t)r->dstOffset.x / bd,
      .dst_y = (uint32_t)r->dstOffset.y / bdh,
      .dst_z = first_z(dst, &r->dstSubresource, r->dstOffset.z),
      .width = agx_image_blocks(r->extent.width, bs),
      .height = agx_image_blocks(r->extent.height, bsh),
      .depth = zs < zd ? zs : zd,
      .bytes = bytes,
   };
   dispatch_copy(cmd, a);
}

/* A region may name both aspects of a depth/stencil image (src and dst
 * masks are then equal, as Vulkan requires outside multi-planar formats):
 * each aspect's plane is copied on its own (graphics.md §6: D32_SFLOAT_S8_UINT is
 * a D32 and an S8 plane). A single-aspect mask copies that aspect. */
static void
image_image(struct agxv_cmd_buffer *cmd, struct agxv_image *src, struct agxv_image *dst,
            const VkImageCopy2 *r)
{
   VkImageAspectFlags sm = r->srcSubresource.aspectMask, dm = r->dstSubresource.aspectMask;
   const VkImageAspectFlags zs = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   if (sm != dm || !(sm & zs) || !(sm & (sm - 1))) {
      image_image_aspect(cmd, src, dst, r, sm, dm);
      return;
   }
   if (sm & VK_IMAGE_ASPECT_DEPTH_BIT)
      image_image_aspect(cmd, src, dst, r, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_DEPTH_BIT);
   if (sm & VK_IMAGE_ASPECT_STENCIL_BIT)
      image_image_aspect(cmd, src, dst, r, VK_IMAGE_ASPECT_STENCIL_BIT,
                         VK_IMAGE_ASPECT_STENCIL_BIT);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyImage2(VkCommandBuffer commandBuffer, const VkCopyImageInfo2 *pInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < pInfo->regionCount; r++)
      image_image(cmd, agxv_image_from_handle(pInfo->srcImage),
                  agxv_image_from_handle(pInfo->dstImage), &pInfo->pRegions[r]);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdCopyImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
                  VkImage dstImage, VkImageLayout dstLayout, uint32_t regionCount,
                  const VkImageCopy *pRegions)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t r = 0; r < regionCount; r++) {
      VkImageCopy2 r2 = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
         .srcSubresource = pRegions[r].srcSubresource,
         .srcOffset = pRegions[r].srcOffset,
         .dstSubresource = pRegions[r].dstSubresource,
         .dstOffset = pRegions[r].dstOffset,
         .extent = pRegions[r].extent,
      };
      image_image(cmd, agxv_image_from_handle(srcImage), agxv_image_from_handle(dstImage), &r2);
   }
}

/* Fills every texel of a range of one plane with a.value (a.bytes wide). */
static void
clear_range(struct agxv_cmd_buffer *cmd, const struct agxv_image *img,
            const struct agx_image_layout *layout, uint64_t va, struct agx_image_clear_args a,
            const VkImageSubresourceRange *range)
{
   uint32_t levels = range->levelCount == VK_REMAINING_MIP_LEVELS
                        ? img->mip_levels - range->baseMipLevel
                        : range->levelCount;
   uint32_t layers = range->layerCount == VK_REMAINING_ARRAY_LAYERS
                        ? img->array_layers - range->baseArrayLayer
                        : range->layerCount;
   for (uint32_t l = range->baseMipLevel; l < range->baseMipLevel + levels; l++) {
      a.dst = agx_image_layout_surface(layout, va, l);
      a.width = agx_image_minify(layout->width, l);
      a.height = agx_image_minify(layout->height, l);
      a.x = a.y = 0;
      bool is3d = img->type == VK_IMAGE_TYPE_3D;
      uint32_t z0 = is3d ? 0 : range->baseArrayLayer;
      uint32_t zn = is3d ? agx_image_minify(layout->layers, l) : layers;
      uint64_t slice = (uint64_t)a.width * a.height;
      uint32_t step = slice >= CHUNK_TEXELS ? 1 : (uint32_t)(CHUNK_TEXELS / slice);
      for (uint32_t z = 0; z < zn; z += step) {
         a.z = z0 + z;
         a.depth = zn - z < step ? zn - z : step;
         agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_CLEAR, groups_for(slice * a.depth), &a, sizeof(a));
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdClearColorImage(VkCommandBuffer commandBuffer, VkImage _image, VkImageLayout layout,
                        const VkClearColorValue *pColor, uint32_t rangeCount,
                        const VkImageSubresourceRange *pRanges)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   AGXV_FROM_HANDLE(agxv_image, img, _image);
   struct agx_image_clear_args a = {.bytes = texel_bytes(img->format)};
   if (!agxv_pack_clear_texel(img->format, pColor, a.value))
      return;               /* not a supported image format: no such image exists */
   a.repeat = img->samples; /* every sample of a texel (contiguous) */
   for (uint32_t r = 0; r < rangeCount; r++)
      clear_range(cmd, img, &img->layout, img->va, a, &pRanges[r]);
}

/* Depth as its plane stores it (R16 UNORM or R32 float bits), stencil as a
 * byte (graphics.md §9: hk clears Z/S images through colour views). */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdClearDepthStencilImage(VkCommandBuffer commandBuffer, VkImage _image, VkImageLayout layout,
                               const VkClearDepthStencilValue *pValue, uint32_t rangeCount,
                               const VkImageSubresourceRange *pRanges)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   AGXV_FROM_HANDLE(agxv_image, img, _image);
   static const VkImageAspectFlagBits aspects[2] = {VK_IMAGE_ASPECT_DEPTH_BIT,
                                                    VK_IMAGE_ASPECT_STENCIL_BIT};
   for (uint32_t r = 0; r < rangeCount; r++) {
      for (unsigned i = 0; i < 2; i++) {
         if (!(pRanges[r].aspectMask & aspects[i]))
            continue;
         struct copy_plane pl = copy_plane(img, aspects[i]);
         VkFormat f = agxv_zs_plane_format(img->format, aspects[i]);
         VkClearColorValue v = {0};
         if (aspects[i] == VK_IMAGE_ASPECT_DEPTH_BIT)
            v.float32[0] = pValue->depth;
         else
            v.uint32[0] = pValue->stencil & 0xFF;
         /* one sample's value (pl.bytes covers every sample), repeated per sample */
         struct agx_image_clear_args a = {.bytes = pl.bytes / img->samples, .repeat = img->samples};
         if (!pl.bytes || !agxv_pack_clear_texel(f, &v, a.value))
            continue; /* no such aspect */
         clear_range(cmd, img, pl.layout, pl.va, a, &pRanges[r]);
      }
   }
}
