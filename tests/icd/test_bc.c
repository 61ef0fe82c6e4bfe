/*
 * Block-compressed textures (textureCompressionBC, issue 22): every BC1-BC7 format is
 * filled by buffer copies with blocks of known content (random bits, every BC7 mode and
 * every BC6H mode, BC1 three- and four-colour blocks, BC4 snorm -128 endpoints, reserved
 * modes) and read by bc_fetch.comp through texelFetch, a NEAREST textureLod at texel
 * centres and a LINEAR textureLod between four texels, on two levels and two layers of an
 * 18x10 image (partial edge blocks, ail's power-of-two tail); a 257x300 BC7 and BC1 image
 * checks levels 1-3 (one texel per block), where ail pads block-compressed strides and
 * rounds the tail before minifying. Results are compared with CPU decoders written here
 * from the Khronos Data Format Specification (S3TC, RGTC, BPTC sections) in bc_ref.h, which
 * share no code with the simulator's texture unit; tolerances cover the rounding the specification
 * leaves open. Copies: buffer -> image -> buffer returns the blocks, image -> image moves
 * a block-aligned region. Format properties: BC rows sampled + linear filter + transfer +
 * blit source, optimal tiling only, no buffer features.
 * The same runs on lavapipe (--reference), which checks the decoders here.
 *
 * test_bc SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static const char *spv_dir;
static unsigned failures;

/* ---- reference decoders: a whole 4x4 block to float RGBA ----------------------------- */

#include "bc_ref.h"

/* ---- Vulkan side: images, the fetch pipeline, CPU texel lookup, sampling checks ------ */

#define COMPRESSED_TEX_CHECKS
#include "compressed_tex.h"

/* On agx-vk the simulator follows the specification's arithmetic as the decoders here do
 * (its assumptions, sim/usc/agx_sim_texel_bc.c), so results agree to float precision; other
 * drivers (lavapipe) round endpoints and interpolants of S3TC/RGTC to 8 bits in their own
 * ways, which the specification leaves open. */
static float
tolerance(const struct fmt *f, float ref, bool filtered)
{
   if (f->kind == K_BC6H)
      return (filtered ? 1e-2f : 1e-3f) * fmaxf(1.0f, fabsf(ref));
   float t;
   if (!C.reference)
      t = 0.25f / 255.0f;
   else if (f->kind == K_BC7)
      t = 0.5f / 255.0f;
   else
      t = f->snorm ? 2.5f / 127.0f : 2.5f / 255.0f;
   if (f->srgb)
      t *= 3.0f; /* the sRGB curve's slope near 1 */
   return filtered ? t + 1.0f / 255.0f : t;
}

static void
properties(void)
{
   VkPhysicalDeviceFeatures feat;
   vkGetPhysicalDeviceFeatures(C.pdev, &feat);
   CHECK(feat.textureCompressionBC);
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   for (unsigned i = 0; i < NFMT; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(C.pdev, formats[i].vk, &fp);
      CHECK((fp.optimalTilingFeatures & need) == need);
      CHECK(!(fp.optimalTilingFeatures &
              (VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)));
      CHECK(fp.bufferFeatures == 0);
      if (!C.reference) { /* exactly this row here, blit sources too (test_bc_blit) */
         CHECK(fp.optimalTilingFeatures == (need | VK_FORMAT_FEATURE_BLIT_SRC_BIT));
         CHECK(fp.linearTilingFeatures == 0);
         VkImageFormatProperties ip;
         CHECK_VK(vkGetPhysicalDeviceImageFormatProperties(C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D,
                                                           VK_IMAGE_TILING_LINEAR,
                                                           VK_IMAGE_USAGE_SAMPLED_BIT, 0, &ip),
                  VK_ERROR_FORMAT_NOT_SUPPORTED);
         CHECK_VK(vkGetPhysicalDeviceImageFormatProperties(C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D,
                                                           VK_IMAGE_TILING_OPTIMAL,
                                                           VK_IMAGE_USAGE_STORAGE_BIT, 0, &ip),
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
   VkPhysicalDeviceFeatures feat = {.textureCompressionBC = VK_TRUE};
   agx_vk_ctx_device_features(&C, NULL, &feat, 0, NULL);
   properties();
   struct pipe p = make_pipe();
   for (unsigned i = 0; i < NFMT; i++) {
      /* two levels, two layers; partial edge blocks; ail's power-of-two tail */
      unsigned before = failures;
      sample_image(&p, &formats[i], 18, 10, 2, 2, 0, false);
      printf("%-16s sampled: %u mismatches\n", formats[i].name, failures - before);
   }
   /* padded strides and the tail rounded before minifying (ail layout.c), one texel per
    * block: 16-byte and 8-byte blocks */
   sample_image(&p, &formats[14], 257, 300, 4, 1, 0, true);
   sample_image(&p, &formats[2], 257, 300, 4, 1, 0, true);
   printf("257x300 levels 0-3: %s\n", failures ? "FAILED" : "ok");
   image_copy(&formats[2]);
   image_copy(&formats[14]);
   printf("image copies: %s\n", failures ? "FAILED" : "ok");
   free_pipe(&p);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
