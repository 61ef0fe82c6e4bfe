/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Image transfer kernels: vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer, vkCmdCopyImage
 * (agx_image_copy), vkCmdClearColorImage and clears of every sample (agx_image_clear) and
 * multisample resolves (agx_image_resolve), addressing tiled and linear texels in software
 * with agx_image_layout.h.
 * Assumes: arguments as in agx_image_copy.h; AGX_IMAGE_GROUP_SIZE threads per workgroup
 * along x, enough workgroups for every texel of the box; texel addresses aligned to the
 * texel size, so a texel moves as 1-, 2- or 4-byte units.
 */
#include "agx_image_copy.h"

/* Size tests ordered >= 4, then > 1: equality chains become an OpSwitch, which the
 * compiler's unstructured control flow does not take. */
static void
agx_move_texel(uint64_t src, uint64_t dst, uint32_t bytes)
{
   if (bytes >= 4u) {
      for (uint32_t k = 0u; k < bytes / 4u; k++)
         AGX_PTR(uint32_t, dst)[k] = AGX_PTR(const uint32_t, src)[k];
   } else if (bytes > 1u) {
      *AGX_PTR(uint16_t, dst) = *AGX_PTR(const uint16_t, src);
   } else {
      *AGX_PTR(uint8_t, dst) = *AGX_PTR(const uint8_t, src);
   }
}

AGX_KERNEL(AGX_IMAGE_GROUP_SIZE, 1, 1)
void
agx_image_copy(struct agx_image_copy_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.width * a.height * a.depth)
      return;
   /* texel i of the box, x fastest; remainders as q - d * n (clang turns a `%` next to
    * its `/` into a `freeze`, which llvm-spirv-15 cannot translate) */
   uint32_t row = i / a.width, z = row / a.height;
   uint32_t x = i - row * a.width, y = row - z * a.height;
   uint64_t s = a.src.base + AGX_IMAGE_TEXEL_OFFSET(a.src, a.src_x + x, a.src_y + y, a.src_z + z);
   uint64_t d = a.dst.base + AGX_IMAGE_TEXEL_OFFSET(a.dst, a.dst_x + x, a.dst_y + y, a.dst_z + z);
   agx_move_texel(s, d, a.bytes);
}

AGX_KERNEL(AGX_IMAGE_GROUP_SIZE, 1, 1)
void
agx_image_clear(struct agx_image_clear_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.width * a.height * a.depth)
      return;
   /* texel i of the box, x fastest; remainders as q - d * n (clang turns a `%` next to
    * its `/` into a `freeze`, which llvm-spirv-15 cannot translate) */
   uint32_t row = i / a.width, z = row / a.height;
   uint32_t x = i - row * a.width, y = row - z * a.height;
   uint64_t d = a.dst.base + AGX_IMAGE_TEXEL_OFFSET(a.dst, a.x + x, a.y + y, a.z + z);
   /* constant indices only: a dynamically indexed argument array is copied to private
    * memory with a memcpy the compiler does not take */
   uint32_t n = a.repeat > 1u ? a.repeat : 1u;
   for (uint32_t r = 0u; r < n; r++, d += a.bytes) {
      if (a.bytes >= 4u) {
         AGX_PTR(uint32_t, d)[0] = a.value[0];
         if (a.bytes >= 8u)
            AGX_PTR(uint32_t, d)[1] = a.value[1];
         if (a.bytes >= 16u) {
            AGX_PTR(uint32_t, d)[2] = a.value[2];
            AGX_PTR(uint32_t, d)[3] = a.value[3];
         }
      } else if (a.bytes > 1u) {
         *AGX_PTR(uint16_t, d) = (uint16_t)a.value[0];
      } else {
         *AGX_PTR(uint8_t, d) = (uint8_t)a.value[0];
      }
   }
}

/* The samples' average of one unit (mode >= UNORM16: 16-bit words, else bytes) at byte k of
 * the texel, rounded to nearest. */
static uint32_t
agx_resolve_unorm(uint64_t s, uint32_t k, uint32_t bytes, uint32_t samples, uint32_t wide)
{
   uint32_t sum = 0u;
   for (uint32_t i = 0u; i < samples; i++) {
      uint64_t a = s + (uint64_t)i * bytes + k;
      sum += wide ? (uint32_t)*AGX_PTR(const uint16_t, a) : (uint32_t)*AGX_PTR(const uint8_t, a);
   }
   return (sum + samples / 2u) / samples;
}

/* The smallest (max = 0) or largest sample of a one-unit texel (agx_image_copy.h). */
static void
agx_resolve_minmax(uint64_t s, uint64_t d, uint32_t bytes, uint32_t samples, uint32_t max)
{
   if (bytes >= 4u) {
      float r = *AGX_PTR(const float, s);
      for (uint32_t n = 1u; n < samples; n++) {
         float v = *AGX_PTR(const float, s + (uint64_t)n * 4u);
         r = (max ? v > r : v < r) ? v : r;
      }
      *AGX_PTR(float, d) = r;
   } else {
      uint32_t r =
         bytes > 1u ? (uint32_t)*AGX_PTR(const uint16_t, s) : (uint32_t)*AGX_PTR(const uint8_t, s);
      for (uint32_t n = 1u; n < samples; n++) {
         uint64_t a = s + (uint64_t)n * bytes;
         uint32_t v = bytes > 1u ? (uint32_t)*AGX_PTR(const uint16_t, a)
                                 : (uint32_t)*AGX_PTR(const uint8_t, a);
         r = (max ? v > r : v < r) ? v : r;
      }
      if (bytes > 1u)
         *AGX_PTR(uint16_t, d) = (uint16_t)r;
      else
         *AGX_PTR(uint8_t, d) = (uint8_t)r;
   }
}

AGX_KERNEL(AGX_IMAGE_GROUP_SIZE, 1, 1)
void
agx_image_resolve(struct agx_image_resolve_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.width * a.height * a.depth)
      return;
   uint32_t row = i / a.width, z = row / a.height;
   uint32_t x = i - row * a.width, y = row - z * a.height;
   uint64_t s = a.src.base + AGX_IMAGE_TEXEL_OFFSET(a.src, a.src_x + x, a.src_y + y, a.src_z + z);
   uint64_t d = a.dst.base + AGX_IMAGE_TEXEL_OFFSET(a.dst, a.dst_x + x, a.dst_y + y, a.dst_z + z);
   if (a.mode >= AGX_RESOLVE_MIN) {
      agx_resolve_minmax(s, d, a.bytes, a.samples, a.mode >= AGX_RESOLVE_MAX ? 1u : 0u);
   } else if (a.mode >= AGX_RESOLVE_FLOAT32) {
      for (uint32_t k = 0u; k < a.bytes; k += 4u) {
         float sum = 0.0f;
         for (uint32_t n = 0u; n < a.samples; n++)
            sum += *AGX_PTR(const float, s + (uint64_t)n * a.bytes + k);
         *AGX_PTR(float, d + k) = sum / (float)a.samples;
      }
   } else if (a.mode >= AGX_RESOLVE_UNORM16) {
      for (uint32_t k = 0u; k < a.bytes; k += 2u)
         *AGX_PTR(uint16_t, d + k) = (uint16_t)agx_resolve_unorm(s, k, a.bytes, a.samples, 1u);
   } else if (a.mode >= AGX_RESOLVE_UNORM8) {
      for (uint32_t k = 0u; k < a.bytes; k++)
         *AGX_PTR(uint8_t, d + k) = (uint8_t)agx_resolve_unorm(s, k, a.bytes, a.samples, 0u);
   } else {
      agx_move_texel(s, d, a.bytes);
   }
}
