/*
 * ETC2/EAC textures (textureCompressionETC2 formats, issue 22): every ETC2 and EAC format
 * is filled by buffer copies with blocks steered to hit each ETC2 mode (individual,
 * differential, T, H, planar; RGB8A1 with the opaque bit on and off, so punch-through
 * transparent texels and the zeroed small modifiers appear) and EAC blocks with multiplier
 * 0 and signed base -128, and read by bc_fetch.comp through texelFetch, a NEAREST
 * textureLod at texel centres and a LINEAR textureLod between four texels, on two levels
 * and two layers of an 18x10 image (partial edge blocks) and levels 0-3 of a 257x300 image.
 * Results are compared with the CPU decoders of etc2_ref.h, written from the Khronos Data
 * Format Specification (ETC2 section) and sharing no code with the simulator: exact (float
 * precision) on agx-vk; on other drivers (--reference, lavapipe) within one unit of the
 * format (8-bit, or 11-bit for EAC R11/RG11). Copies: buffer -> image -> buffer returns the
 * blocks, image -> image moves a block-aligned region. Format properties: sampled + linear
 * filter + transfer, optimal tiling only, no buffer features, no storage/attachment.
 * The mode counts printed show every mode was produced. Formats a --reference driver does
 * not support are skipped (lavapipe of Mesa 22.3 supports none; dEQP's ETC2 cases, decoded
 * by the CTS's own decoder, are the second opinion then).
 *
 * test_etc2 SPV_DIR [--validation] [--reference]
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

#include "etc2_gen.h"

/* ---- Vulkan side: images, the fetch pipeline, CPU texel lookup, sampling checks ------ */

#define COMPRESSED_TEX_CHECKS
#include "compressed_tex.h"

/* agx-vk's texture unit decodes exactly as the specification (v / 255, v / 2047, v / 1023;
 * sim/usc/agx_sim_texel_etc2.c), so only float rounding remains; other drivers may return
 * the 11-bit values through 16-bit formats or round sRGB differently: one unit of the
 * format. */
static float
tolerance(const struct fmt *f, float ref, bool filtered)
{
   (void)ref;
   float unit = f->kind == K_R11 || f->kind == K_RG11 ? (f->snorm ? 1.0f / 1023.0f : 1.0f / 2047.0f)
                                                      : 1.0f / 255.0f;
   float t = C.reference ? unit : 1e-6f;
   if (f->srgb && C.reference)
      t *= 3.0f;
   return filtered ? t + 1.0f / 255.0f : t;
}

/* Formats the driver samples (all of them on agx-vk; lavapipe of Mesa 22.3 has none). */
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
         /* textureCompressionETC2 also needs BLIT_SRC: set exactly when the feature is on */
         VkPhysicalDeviceFeatures feat;
         vkGetPhysicalDeviceFeatures(C.pdev, &feat);
         VkFormatFeatureFlags blit =
            feat.textureCompressionETC2 ? VK_FORMAT_FEATURE_BLIT_SRC_BIT : 0;
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
      /* two levels, two layers; partial edge blocks; ail's power-of-two tail */
      unsigned before = failures;
      sample_image(&p, &formats[i], 18, 10, 2, 2, 0, false);
      printf("%-18s sampled: %u mismatches\n", formats[i].name, failures - before);
   }
   for (unsigned k = 0; k < 2; k++)
      printf("%s blocks by mode: individual %u, differential %u, T %u, H %u, planar %u\n",
             k ? "RGB8A1" : "RGB8", mode_count[k][0], mode_count[k][1], mode_count[k][2],
             mode_count[k][3], mode_count[k][4]);
   if (supported[0] && supported[2]) {
      for (unsigned m = 0; m < 5; m++)
         CHECK(mode_count[0][m] > 0 && (m == 0 || mode_count[1][m] > 0));
   }
   /* padded strides and the tail rounded before minifying, one texel per block */
   if (supported[4] && supported[0] && supported[8]) {
      sample_image(&p, &formats[4], 257, 300, 4, 1, 0, true);
      sample_image(&p, &formats[0], 257, 300, 4, 1, 0, true);
      printf("257x300 levels 0-3: %s\n", failures ? "FAILED" : "ok");
      image_copy(&formats[0]);
      image_copy(&formats[8]);
      printf("image copies: %s\n", failures ? "FAILED" : "ok");
   }
   free_pipe(&p);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
