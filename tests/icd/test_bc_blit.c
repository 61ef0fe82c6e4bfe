/*
 * vkCmdBlitImage from block-compressed sources (issue 22: the BC formats are BLIT_SRC, as
 * dEQP-VK.api.info.format_properties.compressed_formats requires of textureCompressionBC).
 * Every BC1-BC7 format: a 22x10 image (6x3 blocks, partial edge blocks) filled with blocks
 * of known content (bc_ref.h's generator: every BC7 mode and BC6H mode, BC1 three-colour
 * blocks, BC4 snorm -128, reserved modes) is blitted into an R32G32B32A32_SFLOAT image twice:
 * NEAREST 1:1, and LINEAR at half size mirrored in x (each destination texel then averages
 * four source texels). Results are compared with the CPU decoders of bc_ref.h (written from
 * the Khronos Data Format Specification, independent of the kernel's decoder) and the
 * average of their texels; sRGB sources are converted to linear before filtering
 * (Vulkan's blit rule). Format properties: BLIT_SRC on every BC format, never BLIT_DST.
 * The same runs on lavapipe (--reference), which rounds S3TC/RGTC values to 8 bits
 * (tolerances as test_bc.c's).
 *
 * test_bc_blit [--validation] [--reference]
 */
#include <stdio.h>

#include "agx_vk_ctx.h"
#include "bc_ref.h"

static struct agx_vk_ctx C;
static unsigned failures;

#define SW 22u /* source width, height (texels) */
#define SH 10u
#define DW 33u /* destination: SW x SH nearest, then (SW / 2) x (SH / 2) linear */
#define DH SH

static float
blit_tolerance(const struct fmt *f, float ref, bool filtered)
{
   if (f->kind == K_BC6H)
      return 1e-3f * fmaxf(1.0f, fabsf(ref));
   float t;
   if (!C.reference)
      t = 1e-5f; /* the same float arithmetic as bc_ref.h */
   else if (f->kind == K_BC7)
      t = 0.5f / 255.0f;
   else
      t = f->snorm ? 2.5f / 127.0f : 2.5f / 255.0f;
   if (f->srgb)
      t = t * 3.0f + 1e-5f;
   /* lavapipe filters 8-bit values and rounds the result to 8 bits */
   return filtered ? t + (C.reference ? 1.0f / 255.0f : 1e-5f) : t;
}

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

/* Texel (x, y) of the source as the reference decodes it (RGBA, sRGB already linear). */
static void
ref_texel(const struct fmt *f, const uint8_t *blocks, unsigned x, unsigned y, float v[4])
{
   unsigned n = (y / 4) * ((SW + 3) / 4) + x / 4;
   decode_texel(f, blocks + n * block_bytes(f), (y % 4) * 4 + x % 4, v);
}

static void
compare(const struct fmt *f, unsigned x, unsigned y, const char *what, const float *got,
        const float *want)
{
   for (int c = 0; c < 4; c++) {
      if (fabsf(got[c] - want[c]) <= blit_tolerance(f, want[c], what[0] == 'l'))
         continue;
      if (failures++ < 40)
         fprintf(stderr, "%s %s dst (%u, %u): component %d = %.7g, expected %.7g\n", f->name, what,
                 x, y, c, got[c], want[c]);
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
blit_format(const struct fmt *f)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(C.pdev, f->vk, &fp);
   if (!C.reference)
      CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT);
   CHECK(!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT));
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
      printf("%-16s no BLIT_SRC: skipped\n", f->name);
      return;
   }
   VkDeviceMemory smem, dmem;
   VkImage src = make_image(f->vk, SW, SH, &smem);
   VkImage dst = make_image(VK_FORMAT_R32G32B32A32_SFLOAT, DW, DH, &dmem);
   size_t nblk = (size_t)((SW + 3) / 4) * ((SH + 3) / 4);
   struct agx_vk_buffer up = agx_vk_buffer(&C, nblk * block_bytes(f));
   struct agx_vk_buffer out = agx_vk_buffer(&C, (size_t)DW * DH * 16);
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
   const float *px = (const float *)out.map;
   for (unsigned y = 0; y < SH; y++)
      for (unsigned x = 0; x < SW; x++) {
         float want[4];
         ref_texel(f, up.map, x, y, want);
         compare(f, x, y, "nearest", px + ((size_t)y * DW + x) * 4, want);
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
         compare(f, x, y, "linear", px + ((size_t)y * DW + x) * 4, want);
      }
   printf("%-16s blitted: %u mismatches\n", f->name, failures - before);
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
   VkPhysicalDeviceFeatures feat = {.textureCompressionBC = VK_TRUE};
   agx_vk_ctx_device_features(&C, NULL, &feat, 0, NULL);
   for (unsigned i = 0; i < NFMT; i++)
      blit_format(&formats[i]);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
