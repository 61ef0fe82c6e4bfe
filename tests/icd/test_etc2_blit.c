/*
 * vkCmdBlitImage from ETC2/EAC sources (textureCompressionETC2 requires BLIT_SRC on every
 * ETC2/EAC format; the blit kernel decodes them in cl_kernels/agx_blit_etc2.h). Every ETC2/EAC
 * format: a 22x10 image (6x3 blocks, partial edge blocks) filled with test_etc2's block
 * generator (every ETC2 mode, punch-through texels with the opaque bit on and off, EAC
 * multiplier 0 and signed base -128) is blitted into R32G32B32A32_SFLOAT, R8G8B8A8_UNORM,
 * R16G16B16A16_SFLOAT and R32_SFLOAT images twice: NEAREST 1:1, and LINEAR at half size
 * mirrored in x (each destination texel then averages four source texels). Results are
 * compared with the CPU decoders of etc2_ref.h (written from the Khronos Data Format
 * Specification, independent of the kernel's decoder) and the average of their texels;
 * sRGB sources are converted to linear before filtering (Vulkan's blit rule), UNORM
 * destinations clamp negative EAC snorm values to 0. Format properties: BLIT_SRC on every
 * ETC2/EAC format, never BLIT_DST. The same runs on lavapipe (--reference) when it
 * advertises textureCompressionETC2 (skipped otherwise).
 *
 * The scene, its destination formats and the comparison are compressed_blit.h's (shared
 * with test_bc_blit).
 *
 * test_etc2_blit [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static unsigned failures;

/* ---- reference decoders and the block generator (shared with test_etc2) ---------------- */

#include "etc2_gen.h"

/* ---- the blit scene (shared with test_bc_blit) ------------------------------------------ */

#include "compressed_blit.h"

static float
blit_tolerance(const struct fmt *f, const struct blit_dst *d, float ref, bool filtered)
{
   (void)ref;
   /* agx: the same integer decoding as etc2_ref.h; lavapipe rounds to 8 bits */
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

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(C.pdev, &have);
   if (C.reference && !have.textureCompressionETC2) {
      /* lavapipe does not advertise ETC2 */
      printf("no textureCompressionETC2: skipped\n");
      agx_vk_ctx_device_features(&C, NULL, NULL, 0, NULL);
      return agx_vk_ctx_finish(&C);
   }
   CHECK(have.textureCompressionETC2);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.textureCompressionETC2 = VK_TRUE};
   agx_vk_ctx_device_features(&C, &f13, &feat, 0, NULL);
   for (unsigned i = 0; i < NFMT; i++) {
      const struct fmt *f = &formats[i];
      if (!blit_src_supported(f, true))
         continue;
      for (unsigned d = 0; d < NDST; d++) {
         const struct blit_dst *dst = &blit_dsts[d];
         printf("%-18s -> %-8s blitted: %u mismatches\n", f->name, dst->name, blit_scene(f, dst));
      }
   }
   /* every ETC2 mode was generated (individual only without punch-through) */
   for (unsigned m = 0; m < 5; m++) {
      CHECK(mode_count[0][m] > 0);
      CHECK(m == 0 || mode_count[1][m] > 0);
   }
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
