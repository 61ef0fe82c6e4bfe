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

/* The samples' average of one signed unit (wide: 16-bit words, else bytes) at byte k, the
 * most negative code taken as the one above it (snorm -1), rounded to nearest. */
static uint32_t
agx_resolve_snorm(uint64_t s, uint32_t k, uint32_t bytes, uint32_t samples, uint32_t wide)
{
   int32_t sum = 0;
   for (uint32_t i = 0u; i < samples; i++) {
      uint64_t a = s + (uint64_t)i * bytes + k;
      /* sign-extended by shifts (the shim has no int8_t / int16_t) */
      int32_t v = wide ? (int32_t)((uint32_t)*AGX_PTR(const uint16_t, a) << 16) >> 16
                       : (int32_t)((uint32_t)*AGX_PTR(const uint8_t, a) << 24) >> 24;
      int32_t lo = wide ? -32767 : -127;
      sum += v < lo ? lo : v;
   }
   /* round half away from zero: |sum| / n rounded, sign restored */
   int32_t n = (int32_t)samples, mag = sum < 0 ? -sum : sum;
   int32_t q = (mag + n / 2) / n;
   return (uint32_t)(sum < 0 ? -q : q);
}

/* Float bits both ways, in OpenCL C and in the host build (agx_image_copy_host.c). */
#ifdef __OPENCL_C_VERSION__
#define AGX_RES_BITS(f) as_uint(f)
#define AGX_RES_FLOAT(u) as_float(u)
#else
#include <string.h>
static inline uint32_t
agx_res_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}
static inline float
agx_res_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}
#define AGX_RES_BITS(f) agx_res_bits(f)
#define AGX_RES_FLOAT(u) agx_res_float(u)
#endif

/* fp16 bits to fp32; selects rather than branches (clang turns exponent tests into a
 * switch llvm-spirv-15 cannot translate, agx_image_blit.cl) */
static float
agx_f16_to_f32(uint32_t h)
{
   uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 1023u;
   float special = AGX_RES_FLOAT(sign | 0x7F800000u | (m << 13));
   float tiny = AGX_RES_FLOAT(sign | AGX_RES_BITS((float)m * 5.9604644775390625e-8f));
   float normal = AGX_RES_FLOAT(sign | ((e + 112u) << 23) | (m << 13));
   return e >= 31u ? special : (e < 1u ? tiny : normal);
}

/* fp32 to fp16 bits, rounded to nearest even (overflow to infinity). */
static uint32_t
agx_f32_to_f16(float f)
{
   uint32_t u = AGX_RES_BITS(f);
   uint32_t sign = (u >> 16) & 0x8000u, e = (u >> 23) & 0xFFu, m = u & 0x7FFFFFu;
   if (e >= 255u)
      return sign | 0x7C00u | (m ? 0x200u : 0u);
   int32_t ne = (int32_t)e - 112;
   if (ne >= 31)
      return sign | 0x7C00u;
   if (ne <= 0) {
      if (ne < -10)
         return sign;
      m |= 0x800000u;
      uint32_t sh = (uint32_t)(14 - ne), r = m >> sh, rem = m & ((1u << sh) - 1u);
      uint32_t mid = 1u << (sh - 1u);
      if (rem > mid || (rem == mid && (r & 1u)))
         r++;
      return sign | r;
   }
   uint32_t r = ((uint32_t)ne << 10) | (m >> 13), rem = m & 0x1FFFu;
   if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
      r++;
   return sign | r; /* a carry out of the mantissa steps the exponent, up to infinity */
}

/* Packed unorm words: each field averaged on its own. */
static void
agx_resolve_packed(uint64_t s, uint64_t d, uint32_t bytes, uint32_t samples, uint32_t mode)
{
   uint32_t out = 0u, lo = 0u;
   for (uint32_t f = 0u; f < 4u; f++) {
      uint32_t w = AGX_RESOLVE_FIELD(mode, f);
      if (w == 0u)
         break;
      uint32_t mask = (1u << w) - 1u, sum = 0u;
      for (uint32_t n = 0u; n < samples; n++) {
         uint64_t a = s + (uint64_t)n * bytes;
         uint32_t v =
            bytes >= 4u ? *AGX_PTR(const uint32_t, a) : (uint32_t)*AGX_PTR(const uint16_t, a);
         sum += (v >> lo) & mask;
      }
      out |= ((sum + samples / 2u) / samples) << lo;
      lo += w;
   }
   if (bytes >= 4u)
      *AGX_PTR(uint32_t, d) = out;
   else
      *AGX_PTR(uint16_t, d) = (uint16_t)out;
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
   uint32_t kind = AGX_RESOLVE_KIND(a.mode);
   if (kind >= AGX_RESOLVE_PACKED) {
      agx_resolve_packed(s, d, a.bytes, a.samples, a.mode);
   } else if (kind >= AGX_RESOLVE_FLOAT16) {
      for (uint32_t k = 0u; k < a.bytes; k += 2u) {
         float sum = 0.0f;
         for (uint32_t n = 0u; n < a.samples; n++)
            sum +=
               agx_f16_to_f32((uint32_t)*AGX_PTR(const uint16_t, s + (uint64_t)n * a.bytes + k));
         *AGX_PTR(uint16_t, d + k) = (uint16_t)agx_f32_to_f16(sum / (float)a.samples);
      }
   } else if (kind >= AGX_RESOLVE_SNORM8) {
      uint32_t wide = kind >= AGX_RESOLVE_SNORM16 ? 1u : 0u;
      for (uint32_t k = 0u; k < a.bytes; k += wide ? 2u : 1u) {
         uint32_t v = agx_resolve_snorm(s, k, a.bytes, a.samples, wide);
         if (wide)
            *AGX_PTR(uint16_t, d + k) = (uint16_t)v;
         else
            *AGX_PTR(uint8_t, d + k) = (uint8_t)v;
      }
   } else if (kind >= AGX_RESOLVE_MIN) {
      agx_resolve_minmax(s, d, a.bytes, a.samples, kind >= AGX_RESOLVE_MAX ? 1u : 0u);
   } else if (kind >= AGX_RESOLVE_FLOAT32) {
      for (uint32_t k = 0u; k < a.bytes; k += 4u) {
         float sum = 0.0f;
         for (uint32_t n = 0u; n < a.samples; n++)
            sum += *AGX_PTR(const float, s + (uint64_t)n * a.bytes + k);
         *AGX_PTR(float, d + k) = sum / (float)a.samples;
      }
   } else if (kind >= AGX_RESOLVE_UNORM16) {
      for (uint32_t k = 0u; k < a.bytes; k += 2u)
         *AGX_PTR(uint16_t, d + k) = (uint16_t)agx_resolve_unorm(s, k, a.bytes, a.samples, 1u);
   } else if (kind >= AGX_RESOLVE_UNORM8) {
      for (uint32_t k = 0u; k < a.bytes; k++)
         *AGX_PTR(uint8_t, d + k) = (uint8_t)agx_resolve_unorm(s, k, a.bytes, a.samples, 0u);
   } else {
      agx_move_texel(s, d, a.bytes);
   }
}
