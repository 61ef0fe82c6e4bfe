/*
 * ASTC LDR textures (textureCompressionASTC_LDR formats, issue 22): all 28 formats (14 block
 * sizes x UNORM/SRGB) are filled by buffer copies with blocks from astc_gen.h's encoder
 * (weight grids smaller than and equal to the block, weight ranges of bits, trits and
 * quints, dual plane with every colour component, 1-4 partitions with shared and mixed
 * endpoint modes, every LDR endpoint mode, void-extent blocks, error blocks: reserved block
 * modes, HDR endpoint modes, HDR void extents) and read by bc_fetch.comp through
 * texelFetch, a NEAREST textureLod at texel centres and a LINEAR textureLod between four
 * texels, on two levels and two layers of an image with partial edge blocks, and on
 * levels of 257x300 and 300x131 images (one texel per 4x4 texels). Expected texels come
 * from the parameters each block was encoded from (astc_gen.h), not from its bits: exact
 * (float precision) on agx-vk; on other drivers (--reference, lavapipe) within one 8-bit
 * unit (three for sRGB). Copies: buffer -> image -> buffer returns the blocks, image ->
 * image moves a block-aligned region (offsets and extents in texels of W x H blocks).
 * Format properties: sampled + linear filter + transfer (+ BLIT_SRC exactly when
 * textureCompressionASTC_LDR is on), optimal tiling only, no buffer features. The block
 * counts printed show every kind of block was produced. Formats a --reference driver does
 * not support are skipped (lavapipe of Mesa 22.3 supports none; dEQP's ASTC cases, decoded
 * by the CTS's own decoder, are the second opinion then).
 *
 * test_astc SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static const char *spv_dir;
static unsigned failures;

/* ---- reference decoders --------------------------------------------------------------- */

#include "astc_gen.h"

/* ---- Vulkan side: images, the fetch pipeline, CPU texel lookup, the checks ------------ */

#define COMPRESSED_TEX_CHECKS
#include "compressed_tex.h"

/* agx-vk's texture unit decodes as the specification (sim/usc/agx_sim_texel_astc.c), so only
 * float rounding remains; other drivers may decode UNORM formats to 8 bits (decode_unorm8)
 * or round sRGB differently: one unit of 8 bits (three for sRGB). */
static float
tolerance(const struct fmt *f, float ref, bool filtered)
{
   (void)ref;
   float t = C.reference ? (f->srgb ? 3.0f : 1.0f) / 255.0f : 1e-6f;
   return filtered ? t + 1.0f / 255.0f : t;
}

/* Formats the driver samples (all of them on agx-vk). */
static bool supported[NFMT];

static void
properties(void)
{
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   for (unsigned i = 0; i < NFMT; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(C.pdev, formats[i].vk, &fp);
      if (C.reference && (fp.optimalTilingFeatures & need) != need) {
         printf("%s: not supported by this driver, skipped\n", formats[i].name);
         continue;
      }
      CHECK((fp.optimalTilingFeatures & need) == need);
      supported[i] = true;
      CHECK(!(fp.optimalTilingFeatures &
              (VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)));
      CHECK(fp.bufferFeatures == 0);
      if (!C.reference) {
         /* textureCompressionASTC_LDR also needs BLIT_SRC: set exactly when the feature is on */
         VkPhysicalDeviceFeatures feat;
         vkGetPhysicalDeviceFeatures(C.pdev, &feat);
         VkFormatFeatureFlags blit =
            feat.textureCompressionASTC_LDR ? VK_FORMAT_FEATURE_BLIT_SRC_BIT : 0;
         CHECK(fp.optimalTilingFeatures == (need | blit));
         CHECK(fp.linearTilingFeatures == 0);
         VkImageFormatProperties ip;
         CHECK_VK(vkGetPhysicalDeviceImageFormatProperties(C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D,
                                                           VK_IMAGE_TILING_LINEAR,
                                                           VK_IMAGE_USAGE_SAMPLED_BIT, 0, &ip),
                  VK_ERROR_FORMAT_NOT_SUPPORTED);
      }
      VkImageFormatProperties ip;
      VK_OK(vkGetPhysicalDeviceImageFormatProperties(
         C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
         VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &ip));
      CHECK(ip.maxExtent.width >= 16384 && ip.maxMipLevels >= 15 && ip.maxArrayLayers >= 2048);
   }
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   spv_dir = argv[1];
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-') {
         spv_dir = argv[i];
         break;
      }
   agx_vk_ctx_device_features(&C, NULL, NULL, 0, NULL);
   properties();
   struct pipe p = make_pipe();
   for (unsigned i = 0; i < NFMT; i++) {
      if (!supported[i])
         continue;
      /* two levels, two layers; partial edge blocks */
      unsigned before = failures, bw = formats[i].bw, bh = formats[i].bh;
      sample_image(&p, &formats[i], 3 * bw - 1, 2 * bh + 3, 2, 2, 0, false);
      printf("%-18s sampled: %u mismatches\n", formats[i].name, failures - before);
   }
   printf("blocks: void extent %u, error %u, with trits %u, with quints %u, dual plane %u, "
          "2/3/4 partitions %u/%u/%u\n",
          g_counts[0], g_counts[1], g_counts[2], g_counts[3], g_counts[4], g_counts[5], g_counts[6],
          g_counts[7]);
   bool any = false;
   for (unsigned i = 0; i < NFMT; i++)
      any |= supported[i];
   for (unsigned k = 0; k < 8 && any; k++)
      CHECK(g_counts[k] > 0);
   /* padded strides and the tail rounded before minifying, one texel per 4x4 texels */
   if (supported[0] && supported[27] && supported[13]) {
      sample_image(&p, &formats[0], 257, 300, 4, 1, 0, true);
      sample_image(&p, &formats[27], 257, 300, 4, 1, 0, true);
      sample_image(&p, &formats[13], 300, 131, 3, 1, 0, true);
      printf("257x300 / 300x131 levels: %s\n", failures ? "FAILED" : "ok");
      image_copy(&formats[0]);
      image_copy(&formats[13]);
      image_copy(&formats[26]);
      printf("image copies: %s\n", failures ? "FAILED" : "ok");
   }
   free_pipe(&p);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
