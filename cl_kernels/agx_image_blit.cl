/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * vkCmdBlitImage as a kernel: one invocation per destination texel of the box samples the
 * source (nearest, or linear over 4 / 8 texels) with texels decoded in software from the
 * format description of agx_image_blit.h (unorm, snorm, sRGB, 16/32-bit float, 11/10-bit
 * unsigned float, RGB9E5, integers; BC1-BC7, ETC2/EAC and ASTC LDR sources through agx_blit_bc.h), converts and encodes the result into the destination's
 * format (Vulkan's conversion rules: unorm/snorm round to nearest, sRGB encodes R, G, B,
 * integers clamp to the destination's range, float16 rounds to nearest even), addressing
 * tiled and linear texels with agx_image_layout.h. Honeykrisp blits with a draw sampling the
 * source (graphics.md section 9); a kernel leaves the same texels up to rounding.
 * Assumes: arguments as in agx_image_blit.h; AGX_IMAGE_BLIT_GROUP_SIZE threads per
 * workgroup along x, enough workgroups for the box; both formats integer of the same
 * signedness or both non-integer (Vulkan's valid usage); integer blits are nearest.
 * GPU only (uses OpenCL C's as_float / as_uint): no host build.
 */
#include "agx_image_blit.h"

/* Dword k of the texel at addr (texels of 1 and 2 bytes read whole into dword 0). */
static uint32_t
agx_blit_word(uint64_t addr, uint32_t bytes, uint32_t k)
{
   if (bytes >= 4u)
      return k * 4u < bytes ? AGX_PTR(const uint32_t, addr)[k] : 0u;
   if (k > 0u)
      return 0u;
   return bytes > 1u ? (uint32_t)*AGX_PTR(const uint16_t, addr)
                     : (uint32_t)*AGX_PTR(const uint8_t, addr);
}

static uint32_t
agx_blit_mask(uint32_t bits)
{
   return bits >= 32u ? 0xFFFFFFFFu : (1u << bits) - 1u;
}

/* `bits` bits of the texel's words from bit `shift` (never across a dword). */
static uint32_t
agx_blit_raw(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t shift, uint32_t bits)
{
   uint32_t k = shift / 32u;
   uint32_t w = k >= 2u ? (k >= 3u ? w3 : w2) : (k >= 1u ? w1 : w0);
   return (w >> (shift & 31u)) & agx_blit_mask(bits);
}

static int32_t
agx_blit_sext(uint32_t raw, uint32_t bits)
{
   return bits >= 32u ? (int32_t)raw : ((int32_t)(raw << (32u - bits))) >> (32u - bits);
}

/* 2^e for -126 <= e <= 127, exactly. */
static float
agx_blit_pow2(int32_t e)
{
   return as_float((uint32_t)(e + 127) << 23);
}

/* Selects rather than branches: clang turns the two exponent tests into an i5 switch,
 * which llvm-spirv-15 cannot translate. */
static float
agx_blit_half_to_float(uint32_t h)
{
   uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 0x3FFu;
   float special = as_float(sign | 0x7F800000u | (m << 13));
   float tiny = as_float(sign | as_uint((float)m * agx_blit_pow2(-24)));
   float normal = as_float(sign | ((e + 112u) << 23) | (m << 13));
   return e >= 31u ? special : (e < 1u ? tiny : normal);
}

/* Unsigned float with a 5-bit exponent (bias 15) and `mb` mantissa bits. */
static float
agx_blit_ufloat_to_float(uint32_t v, uint32_t mb)
{
   uint32_t e = v >> mb, m = v & ((1u << mb) - 1u);
   float special = as_float(0x7F800000u | m);
   float tiny = (float)m * agx_blit_pow2(-14 - (int32_t)mb);
   float normal = as_float(((e + 112u) << 23) | (m << (23u - mb)));
   return e >= 31u ? special : (e < 1u ? tiny : normal);
}

static float
agx_blit_srgb_to_linear(float s)
{
   return s <= 0.04045f ? s / 12.92f : pow((s + 0.055f) / 1.055f, 2.4f);
}

static float
agx_blit_linear_to_srgb(float l)
{
   return l <= 0.0031308f ? l * 12.92f : 1.055f * pow(l, 1.0f / 2.4f) - 0.055f;
}

/* One channel's raw bits as a float (non-integer formats). */
static float
agx_blit_decode(uint32_t raw, uint32_t bits, uint32_t type, uint32_t srgb, uint32_t comp)
{
   if (type >= AGX_BLIT_UFLOAT)
      return agx_blit_ufloat_to_float(raw, bits >= 11u ? 6u : 5u);
   if (type >= AGX_BLIT_FLOAT)
      return bits >= 32u ? as_float(raw) : agx_blit_half_to_float(raw);
   if (type >= AGX_BLIT_SNORM) {
      float f = (float)agx_blit_sext(raw, bits) / (float)(agx_blit_mask(bits) >> 1);
      return f > -1.0f ? f : -1.0f;
   }
   float f = (float)raw / (float)agx_blit_mask(bits);
   return srgb && comp < 3u ? agx_blit_srgb_to_linear(f) : f;
}

/* x / d for the small divisors of block sizes and sequences (1..12, x < 2^24) by a
 * multiplicative inverse: a remainder taken next to a real division comes out of clang as a
 * `freeze` that llvm-spirv-15 cannot translate (see agx_image_copy.cl). */
static uint32_t
agx_blit_div(uint32_t x, uint32_t d)
{
   uint32_t m = 0xFFFFFFFFu / (d >= 1u ? d : 1u) + 1u; /* d = 1: 0, unused */
   uint32_t q = (uint32_t)(((uint64_t)x * m) >> 32);
   return d >= 2u ? q : x;
}

#include "agx_blit_bc.h"

/* Component `comp` of (o0, o1, o2, o3), by selects: a dynamically indexed private array
 * would live in scratch memory. */
static float
agx_blit_pick(float o0, float o1, float o2, float o3, uint32_t comp)
{
   return comp >= 2u ? (comp >= 3u ? o3 : o2) : (comp >= 1u ? o1 : o0);
}

/* Decodes the texel at addr into *o0..*o3 (floats, or integer bits for integer formats).
 * Always inlined: called with pointers to the caller's variables, it would keep them in
 * scratch memory. */
static inline __attribute__((always_inline)) void
agx_blit_texel(uint64_t addr, uint32_t bytes, uint32_t ch0, uint32_t ch1, uint32_t ch2,
               uint32_t ch3, uint32_t type, uint32_t srgb, uint32_t bc, uint32_t t, float *o0,
               float *o1, float *o2, float *o3)
{
   uint32_t w0 = agx_blit_word(addr, bytes, 0u), w1 = agx_blit_word(addr, bytes, 1u);
   uint32_t w2 = agx_blit_word(addr, bytes, 2u), w3 = agx_blit_word(addr, bytes, 3u);
   if (bc) { /* texel t of the block at addr */
      agx_bc_texel(w0, w1, w2, w3, bc, t, o0, o1, o2, o3);
      if (srgb) {
         *o0 = agx_blit_srgb_to_linear(*o0);
         *o1 = agx_blit_srgb_to_linear(*o1);
         *o2 = agx_blit_srgb_to_linear(*o2);
      }
      return;
   }
   bool integer = type < AGX_BLIT_UNORM;
   *o0 = 0.0f, *o1 = 0.0f, *o2 = 0.0f;
   *o3 = integer ? as_float(1u) : 1.0f;
   if (type >= AGX_BLIT_RGB9E5) {
      float scale = agx_blit_pow2((int32_t)(w0 >> 27) - 24);
      *o0 = (float)(w0 & 511u) * scale;
      *o1 = (float)((w0 >> 9) & 511u) * scale;
      *o2 = (float)((w0 >> 18) & 511u) * scale;
      return;
   }
   uint32_t shift = 0u;
   for (uint32_t m = 0u; m < 4u; m++) {
      uint32_t ch = m >= 2u ? (m >= 3u ? ch3 : ch2) : (m >= 1u ? ch1 : ch0);
      uint32_t bits = ch & 63u, comp = (ch >> 8) & 3u;
      if (bits == 0u)
         break;
      uint32_t raw = agx_blit_raw(w0, w1, w2, w3, shift, bits);
      float v;
      if (integer)
         v = as_float(type >= AGX_BLIT_SINT ? (uint32_t)agx_blit_sext(raw, bits) : raw);
      else
         v = agx_blit_decode(raw, bits, type, srgb, comp);
      *o0 = comp == 0u ? v : *o0;
      *o1 = comp == 1u ? v : *o1;
      *o2 = comp == 2u ? v : *o2;
      *o3 = comp >= 3u ? v : *o3;
      shift += bits;
   }
}

static uint32_t
agx_blit_float_to_half(float f)
{
   uint32_t u = as_uint(f);
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
   return sign | r;
}

/* f32 -> unsigned float with a 5-bit exponent and `mb` mantissa bits (round to nearest,
 * negative -> 0, overflow -> the largest finite value; agxv_texel_pack.c's rule). */
static uint32_t
agx_blit_float_to_ufloat(float f, uint32_t mb)
{
   uint32_t max_finite = (30u << mb) | ((1u << mb) - 1u);
   if (isnan(f))
      return (31u << mb) | 1u;
   if (!(f > 0.0f))
      return 0u;
   if (isinf(f))
      return 31u << mb;
   uint32_t u = as_uint(f);
   int32_t e = (int32_t)((u >> 23) & 0xFFu) - 112;
   uint32_t mant = (u & 0x7FFFFFu) | 0x800000u, sh = 23u - mb, v;
   if (e <= 0) {
      sh += (uint32_t)(1 - e);
      if (sh > 24u)
         return 0u;
      v = (mant + (1u << (sh - 1u))) >> sh;
   } else {
      v = ((uint32_t)e << mb) + (((mant & 0x7FFFFFu) + (1u << (sh - 1u))) >> sh);
   }
   return v > max_finite ? max_finite : v;
}

/* One channel of value v (float, or integer bits) as `bits` raw bits. */
static uint32_t
agx_blit_encode(float v, uint32_t bits, uint32_t type, uint32_t srgb, uint32_t comp)
{
   uint32_t mask = agx_blit_mask(bits);
   if (type >= AGX_BLIT_UFLOAT)
      return agx_blit_float_to_ufloat(v, bits >= 11u ? 6u : 5u);
   if (type >= AGX_BLIT_FLOAT)
      return bits >= 32u ? as_uint(v) : agx_blit_float_to_half(v);
   if (type >= AGX_BLIT_SNORM) {
      float c = v > -1.0f ? (v < 1.0f ? v : 1.0f) : -1.0f;
      return (uint32_t)(int32_t)rint(c * (float)(mask >> 1)) & mask;
   }
   if (type >= AGX_BLIT_UNORM) {
      float c = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
      if (srgb && comp < 3u)
         c = agx_blit_linear_to_srgb(c);
      return (uint32_t)rint(c * (float)mask);
   }
   if (type >= AGX_BLIT_SINT) {
      int32_t s = (int32_t)as_uint(v), hi = (int32_t)(mask >> 1), lo = -hi - 1;
      return (uint32_t)(s < lo ? lo : (s > hi ? hi : s)) & mask;
   }
   uint32_t u = as_uint(v);
   return u < mask ? u : mask;
}

static void
agx_blit_store(uint64_t addr, uint32_t bytes, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
   if (bytes >= 4u) {
      AGX_PTR(uint32_t, addr)[0] = w0;
      if (bytes >= 8u)
         AGX_PTR(uint32_t, addr)[1] = w1;
      if (bytes >= 16u) {
         AGX_PTR(uint32_t, addr)[2] = w2;
         AGX_PTR(uint32_t, addr)[3] = w3;
      }
   } else if (bytes > 1u) {
      *AGX_PTR(uint16_t, addr) = (uint16_t)w0;
   } else {
      *AGX_PTR(uint8_t, addr) = (uint8_t)w0;
   }
}

/* Encodes (o0, o1, o2, o3) into the texel at addr. */
static void
agx_blit_write(uint64_t addr, uint32_t bytes, uint32_t ch0, uint32_t ch1, uint32_t ch2,
               uint32_t ch3, uint32_t type, uint32_t srgb, float o0, float o1, float o2, float o3)
{
   uint32_t w0 = 0u, w1 = 0u, w2 = 0u, w3 = 0u;
   uint32_t shift = 0u;
   for (uint32_t m = 0u; m < 4u; m++) {
      uint32_t ch = m >= 2u ? (m >= 3u ? ch3 : ch2) : (m >= 1u ? ch1 : ch0);
      uint32_t bits = ch & 63u, comp = (ch >> 8) & 3u;
      if (bits == 0u)
         break;
      uint32_t raw = agx_blit_encode(agx_blit_pick(o0, o1, o2, o3, comp), bits, type, srgb, comp);
      uint32_t k = shift / 32u, put = raw << (shift & 31u);
      w0 |= k < 1u ? put : 0u;
      w1 |= k == 1u ? put : 0u;
      w2 |= k == 2u ? put : 0u;
      w3 |= k >= 3u ? put : 0u;
      shift += bits;
   }
   agx_blit_store(addr, bytes, w0, w1, w2, w3);
}

static uint32_t
agx_blit_clamp(int32_t i, uint32_t n)
{
   return i < 0 ? 0u : ((uint32_t)i >= n ? n - 1u : (uint32_t)i);
}

/* Block width / height of a source (1: plain texels). */
#define AGX_BLIT_BW(bc) ((bc) ? ((bc) >> AGX_BLIT_BC_BW_SHIFT) & 15u : 1u)
#define AGX_BLIT_BH(bc) ((bc) ? ((bc) >> AGX_BLIT_BC_BH_SHIFT) & 15u : 1u)

/* Texel (x, y, z) of the source; block-compressed surfaces address W x H blocks, the texel
 * index inside one is x + W y (remainders as q - d * n, see agx_image_copy.cl). */
static uint32_t
agx_blit_in_block(uint32_t x, uint32_t y, uint32_t bw, uint32_t bh)
{
   uint32_t bx = agx_blit_div(x, bw), by = agx_blit_div(y, bh);
   return (x - bx * bw) + (y - by * bh) * bw;
}

#define AGX_BLIT_SRC_TEXEL(a, x, y, z, o0, o1, o2, o3)                                        \
   agx_blit_texel(                                                                            \
      (a).src.base + AGX_IMAGE_TEXEL_OFFSET((a).src, agx_blit_div(x, AGX_BLIT_BW((a).sf.bc)), \
                                            agx_blit_div(y, AGX_BLIT_BH((a).sf.bc)), z),      \
      (a).sf.bytes, (a).sf.ch[0], (a).sf.ch[1], (a).sf.ch[2], (a).sf.ch[3], (a).sf.type,      \
      (a).sf.srgb, (a).sf.bc,                                                                 \
      agx_blit_in_block(x, y, AGX_BLIT_BW((a).sf.bc), AGX_BLIT_BH((a).sf.bc)), o0, o1, o2, o3)

AGX_KERNEL(AGX_IMAGE_BLIT_GROUP_SIZE, 1, 1)
void
agx_image_blit(struct agx_image_blit_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.width * a.height * a.depth)
      return;
   /* texel i of the box, x fastest (remainders as q - d * n, see agx_image_copy.cl) */
   uint32_t row = i / a.width, z = row / a.height;
   uint32_t x = i - row * a.width, y = row - z * a.height;
   float u = a.u0 + (float)x * a.du, v = a.v0 + (float)y * a.dv, w = a.w0 + (float)z * a.dw;
   float o0, o1, o2, o3;
   if (a.filter == AGX_BLIT_NEAREST) {
      uint32_t sx = agx_blit_clamp((int32_t)floor(u), a.src_w);
      uint32_t sy = agx_blit_clamp((int32_t)floor(v), a.src_h);
      uint32_t sz = agx_blit_clamp((int32_t)floor(w), a.src_d);
      AGX_BLIT_SRC_TEXEL(a, sx, sy, sz, &o0, &o1, &o2, &o3);
   } else {
      /* the texels around (u, v[, w]) weighted by distance (Vulkan's linear filter with
       * clamp-to-edge; without LINEAR_3D, z is nearest: array layers) */
      float tu = u - 0.5f, tv = v - 0.5f, tw = w - 0.5f;
      float fu = floor(tu), fv = floor(tv), fw = floor(tw);
      float au = tu - fu, av = tv - fv, aw = tw - fw;
      uint32_t x0 = agx_blit_clamp((int32_t)fu, a.src_w),
               x1 = agx_blit_clamp((int32_t)fu + 1, a.src_w);
      uint32_t y0 = agx_blit_clamp((int32_t)fv, a.src_h),
               y1 = agx_blit_clamp((int32_t)fv + 1, a.src_h);
      uint32_t z0, z1;
      if (a.filter >= AGX_BLIT_LINEAR_3D) {
         z0 = agx_blit_clamp((int32_t)fw, a.src_d);
         z1 = agx_blit_clamp((int32_t)fw + 1, a.src_d);
      } else {
         z0 = z1 = agx_blit_clamp((int32_t)floor(w), a.src_d);
         aw = 0.0f;
      }
      o0 = o1 = o2 = o3 = 0.0f;
      for (uint32_t k = 0u; k < 8u; k++) {
         float wt =
            ((k & 1u) ? au : 1.0f - au) * ((k & 2u) ? av : 1.0f - av) * ((k & 4u) ? aw : 1.0f - aw);
         if (!(wt > 0.0f))
            continue;
         float t0, t1, t2, t3;
         AGX_BLIT_SRC_TEXEL(a, (k & 1u) ? x1 : x0, (k & 2u) ? y1 : y0, (k & 4u) ? z1 : z0, &t0, &t1,
                            &t2, &t3);
         o0 += wt * t0, o1 += wt * t1, o2 += wt * t2, o3 += wt * t3;
      }
   }
   uint64_t d = a.dst.base + AGX_IMAGE_TEXEL_OFFSET(a.dst, a.dst_x + x, a.dst_y + y, a.dst_z + z);
   agx_blit_write(d, a.df.bytes, a.df.ch[0], a.df.ch[1], a.df.ch[2], a.df.ch[3], a.df.type,
                  a.df.srgb, o0, o1, o2, o3);
}
