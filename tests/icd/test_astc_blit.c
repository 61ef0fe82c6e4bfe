/*
 * vkCmdBlitImage from ASTC LDR sources (textureCompressionASTC_LDR requires BLIT_SRC on every
 * ASTC LDR format; the blit kernel decodes them in cl_kernels/agx_blit_astc.h). Every ASTC
 * format: a 22x10 image (partial edge blocks for every block size) filled with test_astc's
 * block generator (astc_gen.h: trits/quints, dual plane, 1-4 partitions, every LDR
 * endpoint mode, void-extent and error blocks) is blitted into R32G32B32A32_SFLOAT (and,
 * for four block sizes, R8G8B8A8_UNORM, R16G16B16A16_SFLOAT and R32_SFLOAT) twice: NEAREST
 * 1:1, and LINEAR at half size mirrored in x (each destination texel then averages four
 * source texels). Expected texels come from the parameters each block was encoded from
 * (astc_gen.h), independent of the kernel's decoder; sRGB sources are converted to linear
 * before filtering (Vulkan's blit rule). Format properties: BLIT_SRC on every ASTC LDR
 * format, never BLIT_DST. The same runs on lavapipe (--reference) when it advertises
 * textureCompressionASTC_LDR (skipped otherwise).
 *
 * test_astc_blit [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static unsigned failures;

#define SW 22u /* source width, height (texels) */
#define SH 10u
#define DW 33u /* destination: SW x SH nearest, then (SW / 2) x (SH / 2) linear */
#define DH SH

/* ---- the block generator and expected texels (shared with test_astc) ------------------- */

#include "astc_gen.h"

static VkImage
make_image(VkFormat format, uint32_t w, uint32_t h, VkDeviceMemory *mem)
{
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {w, h, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage =
                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, mem));
   VK_OK(vkBindImageMemory(C.dev, image, *mem, 0));
   return image;
}

/* Everything before visible to everything after; the image in GENERAL layout. */
static void
barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from)
{
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                             .dstAccessMask =
                                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
                             .oldLayout = from,
                             .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

/* ---- blits ----------------------------------------------------------------------------- */

/* Destination formats: texel bytes, channels read back. */
static const struct dst {
   VkFormat vk;
   const char *name;
   unsigned bytes, channels;
} dsts[] = {
   {VK_FORMAT_R32G32B32A32_SFLOAT, "rgba32f", 16, 4},
   {VK_FORMAT_R8G8B8A8_UNORM, "rgba8", 4, 4},
   {VK_FORMAT_R16G16B16A16_SFLOAT, "rgba16f", 8, 4},
   {VK_FORMAT_R32_SFLOAT, "r32f", 4, 1},
};
#define NDST (sizeof(dsts) / sizeof(dsts[0]))

static float
half_to_float(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
   return (h & 0x8000) ? -v : v;
}

/* Component c of destination texel px. */
static float
read_dst(const struct dst *d, const uint8_t *px, int c)
{
   if (d->vk == VK_FORMAT_R8G8B8A8_UNORM)
      return (float)px[c] / 255.0f;
   if (d->vk == VK_FORMAT_R16G16B16A16_SFLOAT) {
      uint16_t h;
      memcpy(&h, px + 2 * c, 2);
      return half_to_float(h);
   }
   float f;
   memcpy(&f, px + 4 * c, 4);
   return f;
}

static float
blit_tolerance(const struct fmt *f, const struct dst *d, bool filtered)
{
   /* agx: the same integer decoding as astc_gen.h; lavapipe rounds to 8 bits */
   float t = C.reference ? 2.5f / 255.0f : 1e-5f;
   if (f->srgb)
      t = t * 3.0f + 1e-5f;
   if (filtered)
      t += C.reference ? 1.0f / 255.0f : 1e-5f;
   if (d->vk == VK_FORMAT_R8G8B8A8_UNORM)
      t += 0.5f / 255.0f + 1e-4f;
   else if (d->vk == VK_FORMAT_R16G16B16A16_SFLOAT)
      t += 1.0f / 1024.0f;
   return t;
}

/* Texel (x, y) of the source as the reference decodes it (RGBA, sRGB already linear). */
static void
ref_texel(const struct fmt *f, const uint8_t *blocks, unsigned x, unsigned y, float v[4])
{
   unsigned n = (y / f->bh) * ((SW + f->bw - 1) / f->bw) + x / f->bw;
   decode_texel(f, blocks + n * block_bytes(f), (y % f->bh) * f->bw + x % f->bw, v);
}

static void
compare(const struct fmt *f, const struct dst *d, unsigned x, unsigned y, const char *what,
        const uint8_t *px, const float *want)
{
   for (unsigned c = 0; c < d->channels; c++) {
      float w = want[c];
      if (d->vk == VK_FORMAT_R8G8B8A8_UNORM)
         w = w < 0.0f ? 0.0f : (w > 1.0f ? 1.0f : w);
      float got = read_dst(d, px, (int)c);
      if (fabsf(got - w) <= blit_tolerance(f, d, what[0] == 'l'))
         continue;
      if (failures++ < 40)
         fprintf(stderr, "%s -> %s %s dst (%u, %u): component %u = %.7g, expected %.7g\n", f->name,
                 d->name, what, x, y, c, got, w);
   }
}

static VkImageBlit
blit_region(int32_t sx0, int32_t sy0, int32_t sx1, int32_t sy1, int32_t dx0, int32_t dy0,
            int32_t dx1, int32_t dy1)
{
   return (VkImageBlit){.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .srcOffsets = {{sx0, sy0, 0}, {sx1, sy1, 1}},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .dstOffsets = {{dx0, dy0, 0}, {dx1, dy1, 1}}};
}

static void
blit_format(const struct fmt *f, const struct dst *d)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(C.pdev, f->vk, &fp);
   CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT);
   CHECK(!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT));
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT))
      return;
   VkDeviceMemory smem, dmem;
   VkImage src = make_image(f->vk, SW, SH, &smem);
   VkImage dst = make_image(d->vk, DW, DH, &dmem);
   size_t nblk = (size_t)((SW + f->bw - 1) / f->bw) * ((SH + f->bh - 1) / f->bh);
   struct agx_vk_buffer up = agx_vk_buffer(&C, nblk * block_bytes(f));
   struct agx_vk_buffer out = agx_vk_buffer(&C, (size_t)DW * DH * d->bytes);
   for (size_t n = 0; n < nblk; n++)
      make_block(f, 77u, (unsigned)n, up.map + n * block_bytes(f));

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, src, VK_IMAGE_LAYOUT_UNDEFINED);
   barrier(cb, dst, VK_IMAGE_LAYOUT_UNDEFINED);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {SW, SH, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, src, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   barrier(cb, src, VK_IMAGE_LAYOUT_GENERAL);
   VkImageBlit nearest = blit_region(0, 0, SW, SH, 0, 0, SW, SH);
   vkCmdBlitImage(cb, src, VK_IMAGE_LAYOUT_GENERAL, dst, VK_IMAGE_LAYOUT_GENERAL, 1, &nearest,
                  VK_FILTER_NEAREST);
   /* half size, mirrored in x: destination x from DW down to SW */
   VkImageBlit linear = blit_region(0, 0, SW, SH, DW, 0, SW, SH / 2);
   vkCmdBlitImage(cb, src, VK_IMAGE_LAYOUT_GENERAL, dst, VK_IMAGE_LAYOUT_GENERAL, 1, &linear,
                  VK_FILTER_LINEAR);
   barrier(cb, dst, VK_IMAGE_LAYOUT_GENERAL);
   VkBufferImageCopy back = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                             .imageExtent = {DW, DH, 1}};
   vkCmdCopyImageToBuffer(cb, dst, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &back);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned before = failures;
   const uint8_t *px = out.map;
   for (unsigned y = 0; y < SH; y++)
      for (unsigned x = 0; x < SW; x++) {
         float want[4];
         ref_texel(f, up.map, x, y, want);
         compare(f, d, x, y, "nearest", px + ((size_t)y * DW + x) * d->bytes, want);
      }
   /* destination (X, Y) samples u = 65 - 2 X, v = 2 Y + 1: halfway between texels
    * 64 - 2 X, 65 - 2 X and rows 2 Y, 2 Y + 1, each weighted 1/4 */
   for (unsigned y = 0; y < SH / 2; y++)
      for (unsigned x = SW; x < DW; x++) {
         float want[4] = {0}, t[4];
         for (unsigned k = 0; k < 4; k++) {
            ref_texel(f, up.map, 2 * DW - 2 - 2 * x + (k & 1), 2 * y + (k >> 1), t);
            for (int c = 0; c < 4; c++)
               want[c] += t[c] / 4.0f;
         }
         compare(f, d, x, y, "linear", px + ((size_t)y * DW + x) * d->bytes, want);
      }
   printf("%-18s -> %-8s blitted: %u mismatches\n", f->name, d->name, failures - before);
   agx_vk_buffer_free(&C, &up);
   agx_vk_buffer_free(&C, &out);
   vkDestroyImage(C.dev, src, NULL);
   vkDestroyImage(C.dev, dst, NULL);
   vkFreeMemory(C.dev, smem, NULL);
   vkFreeMemory(C.dev, dmem, NULL);
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(C.pdev, &have);
   if (C.reference && !have.textureCompressionASTC_LDR) {
      printf("no textureCompressionASTC_LDR: skipped\n");
      agx_vk_ctx_device_features(&C, NULL, NULL, 0, NULL);
      return agx_vk_ctx_finish(&C);
   }
   CHECK(have.textureCompressionASTC_LDR);
   VkPhysicalDeviceFeatures feat = {.textureCompressionASTC_LDR = VK_TRUE};
   agx_vk_ctx_device_features(&C, NULL, &feat, 0, NULL);
   for (unsigned i = 0; i < NFMT; i++) {
      /* every destination for 4x4, 5x4, 8x6 and 12x12; RGBA32F for the others */
      unsigned size = i / 2;
      bool all = size == 0 || size == 1 || size == 6 || size == 13;
      for (unsigned d = 0; d < (all ? NDST : 1); d++)
         blit_format(&formats[i], &dsts[d]);
   }
   printf("blocks: void extent %u, error %u, with trits %u, with quints %u, dual plane %u, "
          "2/3/4 partitions %u/%u/%u\n",
          g_counts[0], g_counts[1], g_counts[2], g_counts[3], g_counts[4], g_counts[5], g_counts[6],
          g_counts[7]);
   for (unsigned k = 0; k < 8; k++)
      CHECK(g_counts[k] > 0);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
