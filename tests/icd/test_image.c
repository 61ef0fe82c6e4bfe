/*
 * Images through the loader:
 *  - format properties: image features of table formats (sampled, linear
 *    filtering for non-integer formats, transfer, storage for renderable
 *    power-of-two non-sRGB formats, atomics for R32 integers, colour
 *    attachment and blending (non-integer) with optimal tiling for the
 *    renderable ones, blits), none for unsupported formats;
 *  - image format properties: limits of 1D/2D/3D optimal images, linear
 *    images only 2D with one level and layer, VK_ERROR_FORMAT_NOT_SUPPORTED
 *    for attachments, multisampling flags and unsupported formats;
 *  - images created, memory requirements (2D/3D/arrays/mipmapped, linear
 *    and optimal; vkGetDeviceImageMemoryRequirements agrees), bound (Bind
 *    and Bind2), linear subresource layouts written and read by the host,
 *    image views of every view type.
 * On lavapipe (--reference) only the driver-independent expectations hold.
 *
 * test_image [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_ctx.h"

static unsigned
format_properties(struct agx_vk_ctx *c)
{
   unsigned bad = 0;
   static const struct {
      VkFormat f;
      bool integer, storage;
   } fmts[] = {
      {VK_FORMAT_R8_UNORM, false, true},
      {VK_FORMAT_R8G8B8A8_UNORM, false, true},
      {VK_FORMAT_R8G8B8A8_UINT, true, true},
      {VK_FORMAT_B8G8R8A8_SRGB, false, false},
      {VK_FORMAT_R16G16_SFLOAT, false, true},
      {VK_FORMAT_R32_UINT, true, true},
      {VK_FORMAT_R32_SINT, true, true},
      {VK_FORMAT_R32G32B32A32_SFLOAT, false, true},
      {VK_FORMAT_R5G6B5_UNORM_PACK16, false, true},
   };
   for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(c->pdev, fmts[i].f, &p2);
      VkFormatFeatureFlags2 o = p3.optimalTilingFeatures;
      VkFormatFeatureFlags2 want =
         VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
         VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
         /* every format here: required by the spec (test_blit) */
         VK_FORMAT_FEATURE_2_BLIT_SRC_BIT | VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
      if (!fmts[i].integer)
         want |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      if (fmts[i].storage && fmts[i].f != VK_FORMAT_R16G16_SFLOAT &&
          fmts[i].f != VK_FORMAT_R8_UNORM && fmts[i].f != VK_FORMAT_R5G6B5_UNORM_PACK16)
         want |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT; /* required by the spec */
      /* R32_SFLOAT: required with shaderImageFloat32Atomics (test_atomic_float) */
      if (fmts[i].f == VK_FORMAT_R32_UINT || fmts[i].f == VK_FORMAT_R32_SINT ||
          fmts[i].f == VK_FORMAT_R32_SFLOAT)
         want |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
      if ((o & want) != want) {
         fprintf(stderr, "format %d: optimal features 0x%llx lack 0x%llx\n", fmts[i].f,
                 (unsigned long long)o, (unsigned long long)(want & ~o));
         bad++;
      }
      if (p2.formatProperties.optimalTilingFeatures != (VkFormatFeatureFlags)(o & 0x7FFFFFFF)) {
         fprintf(stderr, "format %d: v1 and v3 optimal features differ\n", fmts[i].f);
         bad++;
      }
      if (c->reference)
         continue;
      /* agx-vk: exactly these, and the same for linear tiling */
      if (fmts[i].storage)
         want |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
                 VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
                 VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
      /* colour attachments: every format here is rendered to and (unless
       * integer) blended into by test_rt_formats; optimal tiling only */
      VkFormatFeatureFlags2 linear = want;
      want |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
      if (!fmts[i].integer)
         want |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
      if (o != want || p3.linearTilingFeatures != linear) {
         fprintf(stderr, "format %d: features 0x%llx / linear 0x%llx, expected 0x%llx\n", fmts[i].f,
                 (unsigned long long)o, (unsigned long long)p3.linearTilingFeatures,
                 (unsigned long long)want);
         bad++;
      }
   }
   /* Depth/stencil formats: attachments, copies, blits and sampling (optimal), nothing else */
   static const VkFormat zs[] = {VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT, VK_FORMAT_S8_UINT,
                                 VK_FORMAT_D32_SFLOAT_S8_UINT};
   for (unsigned i = 0; i < 4 && !c->reference; i++) {
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(c->pdev, zs[i], &p2);
      VkFormatFeatureFlags2 want =
         VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
         VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT | VK_FORMAT_FEATURE_2_BLIT_SRC_BIT |
         VK_FORMAT_FEATURE_2_BLIT_DST_BIT | VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
      if (zs[i] != VK_FORMAT_S8_UINT)
         want |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT |
                 VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      if (p3.optimalTilingFeatures != want || p3.linearTilingFeatures || p3.bufferFeatures) {
         fprintf(stderr, "depth/stencil format %d: unexpected features\n", zs[i]);
         bad++;
      }
   }
   static const VkFormat none[] = {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_ASTC_4x4_SFLOAT_BLOCK,
                                   VK_FORMAT_R64_UINT, VK_FORMAT_R8G8B8_UNORM};
   for (unsigned i = 0; i < 4 && !c->reference; i++) {
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(c->pdev, none[i], &p);
      if (p.linearTilingFeatures || p.optimalTilingFeatures) {
         fprintf(stderr, "format %d: unexpected image features\n", none[i]);
         bad++;
      }
   }
   return bad;
}

static VkResult
ifp(struct agx_vk_ctx *c, VkFormat f, VkImageType type, VkImageTiling tiling,
    VkImageUsageFlags usage, VkImageCreateFlags flags, VkImageFormatProperties *p)
{
   VkPhysicalDeviceImageFormatInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
      .format = f,
      .type = type,
      .tiling = tiling,
      .usage = usage,
      .flags = flags};
   VkImageFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
   VkResult r = vkGetPhysicalDeviceImageFormatProperties2(c->pdev, &info, &p2);
   VkImageFormatProperties p1;
   VkResult r1 =
      vkGetPhysicalDeviceImageFormatProperties(c->pdev, f, type, tiling, usage, flags, &p1);
   CHECK(r == r1 && (r != VK_SUCCESS || !memcmp(&p1, &p2.imageFormatProperties, sizeof(p1))));
   *p = p2.imageFormatProperties;
   return r;
}

static unsigned
image_format_properties(struct agx_vk_ctx *c)
{
   const VkImageUsageFlags u = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   VkImageFormatProperties p;
   unsigned bad = 0;
   CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, u, 0, &p) ==
         VK_SUCCESS);
   CHECK(p.maxExtent.width >= 4096 && p.maxExtent.height >= 4096 && p.maxArrayLayers >= 256);
   CHECK(p.maxMipLevels >= 13 && (p.sampleCounts & VK_SAMPLE_COUNT_1_BIT));
   CHECK(ifp(c, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL, u, 0, &p) ==
         VK_SUCCESS);
   CHECK(p.maxExtent.depth >= 256 && p.maxArrayLayers == 1);
   CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_SAMPLED_BIT, VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT, &p) == VK_SUCCESS);
   CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
             VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0,
             &p) == VK_SUCCESS);
   CHECK(p.maxExtent.width >= 4096 && p.maxMipLevels >= 1 && p.maxArrayLayers >= 1);
   CHECK(ifp(c, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
             VK_IMAGE_USAGE_STORAGE_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   /* input and transient attachments of a depth format (D16_UNORM is a
    * depth/stencil attachment on every device): the usage needs a colour
    * OR depth/stencil attachment feature */
   CHECK(ifp(c, VK_FORMAT_D16_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 0,
             &p) == VK_SUCCESS);
   CHECK(ifp(c, VK_FORMAT_D16_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
             0, &p) == VK_SUCCESS);
   if (!c->reference) {
      /* dEQP-VK.api.info.image_format_properties.2d.optimal.s8_uint */
      CHECK(ifp(c, VK_FORMAT_S8_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, 0, &p) == VK_SUCCESS);
      CHECK(ifp(c, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, 0,
                &p) == VK_SUCCESS);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, u, 0, &p) ==
            VK_SUCCESS);
      CHECK(p.maxExtent.width == 16384 && p.maxExtent.height == 16384 && p.maxExtent.depth == 1 &&
            p.maxMipLevels == 15 && p.maxArrayLayers == 2048 &&
            /* sampled and storage multisampled images (storageImageSampleCounts) */
            p.sampleCounts ==
               (VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT));
      CHECK(ifp(c, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL, u, 0, &p) ==
            VK_SUCCESS);
      CHECK(p.maxExtent.width == 2048 && p.maxExtent.depth == 2048 && p.maxMipLevels == 12);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_1D, VK_IMAGE_TILING_OPTIMAL, u, 0, &p) ==
            VK_SUCCESS);
      CHECK(p.maxExtent.height == 1 && p.maxArrayLayers == 2048);
      /* linear: 2D, one level, one layer */
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR, u, 0, &p) ==
            VK_SUCCESS);
      CHECK(p.maxMipLevels == 1 && p.maxArrayLayers == 1);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_LINEAR, u, 0, &p) ==
            VK_ERROR_FORMAT_NOT_SUPPORTED);
      /* colour attachments only for renderable formats with optimal
       * tiling, no storage for non-renderable formats, no sparse */
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p) == VK_SUCCESS);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p) == VK_SUCCESS);
      CHECK(ifp(c, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(ifp(c, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(ifp(c, VK_FORMAT_A2B10G10R10_SINT_PACK32, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_STORAGE_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(ifp(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_SAMPLED_BIT, VK_IMAGE_CREATE_SPARSE_BINDING_BIT,
                &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(ifp(c, VK_FORMAT_R32G32B32_SFLOAT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_SAMPLED_BIT, 0, &p) == VK_ERROR_FORMAT_NOT_SUPPORTED);
      CHECK(p.maxMipLevels == 0 && p.maxExtent.width == 0);
   }
   return bad;
}

struct shape {
   VkImageType type;
   VkImageViewType view;
   VkFormat format;
   VkImageTiling tiling;
   uint32_t w, h, d, layers, levels;
   VkImageCreateFlags flags;
};

static unsigned
images(struct agx_vk_ctx *c)
{
   static const struct shape shapes[] = {
      {VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL,
       64, 32, 1, 1, 1, 0},
      {VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_FORMAT_R16G16B16A16_SFLOAT,
       VK_IMAGE_TILING_OPTIMAL, 100, 70, 1, 5, 7, 0},
      {VK_IMAGE_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL, 20, 10,
       6, 1, 3, 0},
      {VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY, VK_FORMAT_R8_UNORM, VK_IMAGE_TILING_OPTIMAL,
       300, 1, 1, 4, 2, 0},
      {VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL,
       16, 16, 1, 6, 5, VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT},
      {VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT, VK_IMAGE_TILING_LINEAR, 33,
       7, 1, 1, 1, 0},
   };
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
      const struct shape *s = &shapes[i];
      VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                              .flags = s->flags,
                              .imageType = s->type,
                              .format = s->format,
                              .extent = {s->w, s->h, s->d},
                              .mipLevels = s->levels,
                              .arrayLayers = s->layers,
                              .samples = VK_SAMPLE_COUNT_1_BIT,
                              .tiling = s->tiling,
                              .usage = VK_IMAGE_USAGE_SAMPLED_BIT |
                                       VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                       VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                              .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
      if (s->tiling == VK_IMAGE_TILING_LINEAR)
         ci.initialLayout = VK_IMAGE_LAYOUT_PREINITIALIZED;
      VkImage img;
      VK_OK(vkCreateImage(c->dev, &ci, NULL, &img));
      VkMemoryRequirements req;
      vkGetImageMemoryRequirements(c->dev, img, &req);
      VkDeviceImageMemoryRequirements dreq = {.sType =
                                                 VK_STRUCTURE_TYPE_DEVICE_IMAGE_MEMORY_REQUIREMENTS,
                                              .pCreateInfo = &ci};
      VkMemoryRequirements2 req2 = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
      vkGetDeviceImageMemoryRequirements(c->dev, &dreq, &req2);
      uint64_t texels = (uint64_t)s->w * s->h * s->d * s->layers;
      unsigned bytes = s->format == VK_FORMAT_R8_UNORM              ? 1
                       : s->format == VK_FORMAT_R16G16B16A16_SFLOAT ? 8
                                                                    : 4;
      if (req.size < texels * bytes || req.size != req2.memoryRequirements.size ||
          req.alignment != req2.memoryRequirements.alignment || !req.memoryTypeBits ||
          (req.alignment & (req.alignment - 1))) {
         fprintf(stderr, "shape %u: size %llu alignment %llu\n", i, (unsigned long long)req.size,
                 (unsigned long long)req.alignment);
         bad++;
      }
      if (!c->reference) {
         VkDeviceSize want_align = s->tiling == VK_IMAGE_TILING_LINEAR ? 128 : 16384;
         if (req.alignment != want_align || req.size % want_align) {
            fprintf(stderr, "shape %u: alignment %llu\n", i, (unsigned long long)req.alignment);
            bad++;
         }
      }
      VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                 .allocationSize = req.size + req.alignment,
                                 .memoryTypeIndex =
                                    agx_vk_memory_type(c, req.memoryTypeBits,
                                                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
      VkDeviceMemory mem;
      VK_OK(vkAllocateMemory(c->dev, &ai, NULL, &mem));
      if (i & 1) {
         VkBindImageMemoryInfo bi = {.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
                                     .image = img,
                                     .memory = mem,
                                     .memoryOffset = req.alignment};
         VK_OK(vkBindImageMemory2(c->dev, 1, &bi));
      } else {
         VK_OK(vkBindImageMemory(c->dev, img, mem, 0));
      }
      if (s->tiling == VK_IMAGE_TILING_LINEAR) {
         /* rows the host writes at the reported pitch stay in the allocation */
         VkImageSubresource sub = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
         VkSubresourceLayout sl;
         vkGetImageSubresourceLayout(c->dev, img, &sub, &sl);
         CHECK(sl.rowPitch >= s->w * bytes && sl.size >= sl.rowPitch * (s->h - 1) + s->w * bytes);
         CHECK(sl.offset + sl.size <= req.size);
         if (!c->reference)
            CHECK(sl.rowPitch == 144 && sl.offset == 0);
         uint8_t *map;
         VK_OK(vkMapMemory(c->dev, mem, req.alignment, req.size, 0, (void **)&map));
         for (uint32_t y = 0; y < s->h; y++)
            memset(map + sl.offset + y * sl.rowPitch, (int)y + 1, s->w * bytes);
         CHECK(map[sl.offset + (s->h - 1) * sl.rowPitch] == s->h);
         vkUnmapMemory(c->dev, mem);
      }
      VkImageViewCreateInfo vi = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
         .image = img,
         .viewType = s->view,
         .format = s->format,
         .components = {VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_IDENTITY,
                        VK_COMPONENT_SWIZZLE_ONE, VK_COMPONENT_SWIZZLE_ZERO},
         .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
                              VK_REMAINING_ARRAY_LAYERS}};
      VkImageView view;
      VK_OK(vkCreateImageView(c->dev, &vi, NULL, &view));
      vkDestroyImageView(c->dev, view, NULL);
      vkDestroyImage(c->dev, img, NULL);
      vkFreeMemory(c->dev, mem, NULL);
   }
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   unsigned bad = format_properties(&c);
   bad += image_format_properties(&c);
   bad += images(&c);
   printf("image tests: %u bad\n", bad);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
