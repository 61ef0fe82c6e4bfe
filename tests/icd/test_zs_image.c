/*
 * Depth/stencil images (icd/agxv_image.c): D16_UNORM, D32_SFLOAT, S8_UINT
 * and D32_SFLOAT_S8_UINT are laid out like R16/R32/R8 images of the same
 * shape (the ail layout depends on the texel size only), arrays with
 * page-aligned layers, D32_S8 as two planes; memory requirements cover
 * every plane; the render builder finds each plane; views describe the
 * plane of their aspect in its colour format (R32F / R16 UNORM / R8 UINT);
 * the format features (attachment, copies, blits, sampling; optimal tiling only).
 * Assumes: a simulator device (agx_internal_test.h) for the entry points.
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_render.h"
#include "agx_pack.h"

static VkImageCreateInfo
image_info(VkFormat format, uint32_t w, uint32_t h, uint32_t layers, uint32_t levels)
{
   return (VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = format,
      .extent = {w, h, 1},
      .mipLevels = levels,
      .arrayLayers = layers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
   };
}

static struct agxv_image
make(VkFormat format, uint32_t w, uint32_t h, uint32_t layers, uint32_t levels)
{
   VkImageCreateInfo ci = image_info(format, w, h, layers, levels);
   struct agxv_image img;
   CHECK(agxv_image_init(&img, &ci) == VK_SUCCESS);
   return img;
}

/* Same levels as a colour image of the texel size; layers page aligned
 * when there are several. */
static void
check_like(const struct agx_image_layout *zs, VkFormat color, uint32_t w, uint32_t h,
           uint32_t layers, uint32_t levels)
{
   struct agxv_image c = make(color, w, h, layers, levels);
   CHECK(zs->tiled && zs->bytes == c.layout.bytes && zs->levels == c.layout.levels);
   CHECK(memcmp(zs->level_offset, c.layout.level_offset, sizeof(zs->level_offset)) == 0);
   CHECK(memcmp(zs->tile_w_log2, c.layout.tile_w_log2, sizeof(zs->tile_w_log2)) == 0);
   uint64_t stride =
      layers > 1 ? (c.layout.layer_stride + 16383) & ~16383ull : c.layout.layer_stride;
   CHECK(zs->layer_stride == stride && zs->size == stride * layers);
}

int
main(void)
{
   unsigned zb, sb;
   CHECK(agxv_zs_format_planes(VK_FORMAT_D16_UNORM, &zb, &sb) && zb == 2 && sb == 0);
   CHECK(agxv_zs_format_planes(VK_FORMAT_D32_SFLOAT_S8_UINT, &zb, &sb) && zb == 4 && sb == 1);
   CHECK(agxv_zs_format_planes(VK_FORMAT_S8_UINT, &zb, &sb) && zb == 0 && sb == 1);
   CHECK(!agxv_zs_format_planes(VK_FORMAT_D24_UNORM_S8_UINT, &zb, &sb));
   CHECK(!agxv_zs_format_planes(VK_FORMAT_R32_SFLOAT, &zb, &sb));

   struct agxv_image d16 = make(VK_FORMAT_D16_UNORM, 64, 64, 1, 1);
   check_like(&d16.layout, VK_FORMAT_R16_UNORM, 64, 64, 1, 1);
   CHECK(d16.layout.layer_stride == 64 * 64 * 2 && !d16.separate_stencil); /* POT tail */
   struct agxv_image d32 = make(VK_FORMAT_D32_SFLOAT, 100, 50, 3, 3);
   check_like(&d32.layout, VK_FORMAT_R32_SFLOAT, 100, 50, 3, 3);
   CHECK(d32.layout.layer_stride % 16384 == 0 && agxv_image_size(&d32) == d32.layout.size);
   struct agxv_image s8 = make(VK_FORMAT_S8_UINT, 300, 20, 2, 1);
   check_like(&s8.layout, VK_FORMAT_R8_UINT, 300, 20, 2, 1);

   /* D32_S8: a D32 plane, then an S8 plane on the next page. */
   struct agxv_image ds = make(VK_FORMAT_D32_SFLOAT_S8_UINT, 200, 120, 4, 1);
   CHECK(ds.separate_stencil);
   check_like(&ds.layout, VK_FORMAT_R32_SFLOAT, 200, 120, 4, 1);
   check_like(&ds.stencil_layout, VK_FORMAT_R8_UINT, 200, 120, 4, 1);
   CHECK(ds.stencil_offset % 16384 == 0 && ds.stencil_offset >= ds.layout.size &&
         ds.stencil_offset < ds.layout.size + 16384);
   CHECK(agxv_image_size(&ds) == ds.stencil_offset + ds.stencil_layout.size);
   uint64_t off;
   CHECK(agxv_image_plane(&ds, VK_IMAGE_ASPECT_DEPTH_BIT, &off) == &ds.layout && off == 0);
   CHECK(agxv_image_plane(&ds, VK_IMAGE_ASPECT_STENCIL_BIT, &off) == &ds.stencil_layout &&
         off == ds.stencil_offset);
   CHECK(agxv_image_plane(&ds, VK_IMAGE_ASPECT_COLOR_BIT, &off) == NULL);
   CHECK(agxv_image_plane(&d16, VK_IMAGE_ASPECT_STENCIL_BIT, &off) == NULL);
   CHECK(agxv_image_plane(&s8, VK_IMAGE_ASPECT_STENCIL_BIT, &off) == &s8.layout && off == 0);
   CHECK(agxv_image_plane(&s8, VK_IMAGE_ASPECT_DEPTH_BIT, &off) == NULL);

   /* The render builder's planes: base of (layer, level), the layer stride. */
   struct agxv_render_zs_plane plane;
   CHECK(!agxv_render_zs_plane_init(&plane, &ds, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0)); /* unbound */
   ds.va = 0x1000000000ull;
   CHECK(agxv_render_zs_plane_init(&plane, &ds, VK_IMAGE_ASPECT_STENCIL_BIT, 0, 2));
   CHECK(plane.base == ds.va + ds.stencil_offset + 2 * ds.stencil_layout.layer_stride &&
         plane.layer_stride == ds.stencil_layout.layer_stride && !plane.compressed);
   /* Views: the plane of the aspect, as its colour format. */
   struct agxv_view_range vr = {.type = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_D32_SFLOAT_S8_UINT,
                                .levels = 1,
                                .base_layer = 1,
                                .layers = 1,
                                .aspects = VK_IMAGE_ASPECT_STENCIL_BIT};
   uint32_t desc[AGXV_IMAGE_DESC_SIZE / 4];
   struct AGX_TEXTURE tex;
   CHECK(agxv_pack_image_view(&ds, ds.va, &vr, false, desc));
   AGX_TEXTURE_unpack(NULL, (const uint8_t *)desc, &tex);
   CHECK(tex.address == ds.va + ds.stencil_offset + ds.stencil_layout.layer_stride &&
         tex.channels == AGX_CHANNELS_R8 && tex.type == AGX_TEXTURE_TYPE_UINT);
   vr.aspects = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   CHECK(agxv_pack_image_view(&ds, ds.va, &vr, false, desc));
   AGX_TEXTURE_unpack(NULL, (const uint8_t *)desc, &tex);
   CHECK(tex.address == ds.va + ds.layout.layer_stride && tex.channels == AGX_CHANNELS_R32 &&
         tex.type == AGX_TEXTURE_TYPE_FLOAT);
   vr.format = VK_FORMAT_D16_UNORM, vr.aspects = VK_IMAGE_ASPECT_DEPTH_BIT, vr.base_layer = 0;
   CHECK(agxv_pack_image_view(&d16, 0x3000000000ull, &vr, false, desc));
   AGX_TEXTURE_unpack(NULL, (const uint8_t *)desc, &tex);
   CHECK(tex.address == 0x3000000000ull && tex.channels == AGX_CHANNELS_R16 &&
         tex.type == AGX_TEXTURE_TYPE_UNORM);
   CHECK(agxv_zs_plane_format(VK_FORMAT_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT) == VK_FORMAT_UNDEFINED);

   d32.va = 0x2000000000ull;
   CHECK(agxv_render_zs_plane_init(&plane, &d32, VK_IMAGE_ASPECT_DEPTH_BIT, 2, 1));
   CHECK(plane.base == d32.va + d32.layout.level_offset[2] + d32.layout.layer_stride);
   CHECK(!agxv_render_zs_plane_init(&plane, &d32, VK_IMAGE_ASPECT_DEPTH_BIT, 3, 0));
   CHECK(!agxv_render_zs_plane_init(&plane, &d32, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 3));
   CHECK(!agxv_render_zs_plane_init(&plane, &d32, VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0));

   /* Not covered: linear, 3D, multisampled (images are single-sample today). */
   VkImageCreateInfo ci = image_info(VK_FORMAT_D32_SFLOAT, 16, 16, 1, 1);
   struct agxv_image img;
   ci.tiling = VK_IMAGE_TILING_LINEAR;
   CHECK(agxv_image_init(&img, &ci) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   ci = image_info(VK_FORMAT_D16_UNORM, 16, 16, 1, 1);
   ci.imageType = VK_IMAGE_TYPE_3D;
   CHECK(agxv_image_init(&img, &ci) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   ci = image_info(VK_FORMAT_S8_UINT, 16, 16, 1, 1);
   ci.samples = VK_SAMPLE_COUNT_8_BIT; /* 1, 2 or 4 samples */
   CHECK(agxv_image_init(&img, &ci) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   ci.samples = VK_SAMPLE_COUNT_4_BIT; /* an element holds the 4 samples (ail) */
   CHECK(agxv_image_init(&img, &ci) == VK_SUCCESS && img.layout.bytes == 4);
   ci = image_info(VK_FORMAT_D32_SFLOAT, 16, 16, 1, 2);
   ci.samples = VK_SAMPLE_COUNT_4_BIT; /* multisampled: one level */
   CHECK(agxv_image_init(&img, &ci) == VK_ERROR_FORMAT_NOT_SUPPORTED);

   /* Through the entry points: memory for both planes, subresource offsets
    * per aspect; and the depth/stencil format features. */
   struct agx_test_device t = agx_test_device_create();
   ci = image_info(VK_FORMAT_D32_SFLOAT_S8_UINT, 200, 120, 4, 1);
   VkImage h;
   CHECK(agxv_CreateImage(t.vk, &ci, NULL, &h) == VK_SUCCESS);
   VkMemoryRequirements req;
   agxv_GetImageMemoryRequirements(t.vk, h, &req);
   CHECK(req.size == agxv_image_size(&ds) && req.alignment == 16384);
   VkImageSubresource sub = {VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1};
   VkSubresourceLayout sl;
   agxv_GetImageSubresourceLayout(t.vk, h, &sub, &sl);
   CHECK(sl.offset == ds.stencil_offset + ds.stencil_layout.layer_stride &&
         sl.arrayPitch == ds.stencil_layout.layer_stride);
   sub.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   agxv_GetImageSubresourceLayout(t.vk, h, &sub, &sl);
   CHECK(sl.offset == ds.layout.layer_stride);
   agxv_DestroyImage(t.vk, h, NULL);
   VkPhysicalDevice pdev;
   uint32_t n = 1;
   CHECK(agxv_EnumeratePhysicalDevices(t.instance, &n, &pdev) == VK_SUCCESS);
   const VkFormat zs[] = {VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT, VK_FORMAT_S8_UINT,
                          VK_FORMAT_D32_SFLOAT_S8_UINT};
   for (unsigned i = 0; i < 4; i++) {
      VkFormatProperties fp;
      agxv_GetPhysicalDeviceFormatProperties(pdev, zs[i], &fp);
      /* All four are depth/stencil attachments, copy and blit sources and
       * destinations, sampled images (depth also compared and filtered
       * linearly) with optimal tiling (rendered and copied by
       * test_depth_stencil, blitted by test_blit, sampled by
       * test_depth_sample); nothing with linear tiling or in buffers. */
      VkFormatFeatureFlags want =
         VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
         VK_FORMAT_FEATURE_TRANSFER_DST_BIT | VK_FORMAT_FEATURE_BLIT_SRC_BIT |
         VK_FORMAT_FEATURE_BLIT_DST_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
      if (zs[i] != VK_FORMAT_S8_UINT)
         want |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      CHECK(fp.optimalTilingFeatures == want);
      CHECK(fp.linearTilingFeatures == 0 && fp.bufferFeatures == 0);
   }
   agx_test_device_destroy(&t);
   printf("zs_image: OK\n");
   return 0;
}
