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
 * The scene and its comparison are compressed_blit.h's (shared with test_etc2_blit); the
 * destination is its first format, RGBA32F.
 *
 * test_bc_blit [--validation] [--reference]
 */
#include <stdio.h>

#include "agx_vk_ctx.h"
#include "bc_ref.h"

static struct agx_vk_ctx C;
static unsigned failures;

#include "compressed_blit.h"

static float
blit_tolerance(const struct fmt *f, const struct blit_dst *d, float ref, bool filtered)
{
   (void)d; /* always RGBA32F */
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

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.textureCompressionBC = VK_TRUE};
   agx_vk_ctx_device_features(&C, &f13, &feat, 0, NULL);
   for (unsigned i = 0; i < NFMT; i++) {
      const struct fmt *f = &formats[i];
      if (blit_src_supported(f, !C.reference))
         printf("%-16s blitted: %u mismatches\n", f->name, blit_scene(f, &blit_dsts[0]));
   }
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
