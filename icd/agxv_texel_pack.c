/*
 * Clear colours as texel bytes, from the format table: memory channel m
 * (least significant first) holds result component pbe_swizzle[m], encoded
 * by the format's Texture Type with the channel's width (Vulkan's
 * conversion rules: unorm/snorm round to nearest, sRGB encodes R, G, B;
 * integers are truncated to the channel width; float16 rounds to nearest
 * even). Channel widths per genxml Channels value. The packed float
 * formats follow the specification's conversions: unsigned 11/10-bit
 * floats (5-bit exponent, round to nearest, negative -> 0, overflow -> the
 * largest finite value) and the shared-exponent RGB9E5 algorithm.
 */
#include "agxv_texel_pack.h"

#include <math.h>
#include <string.h>

#include "agxv_format_table.h"
#include "agx_pack.h"

unsigned
agxv_channel_bits(unsigned channels, unsigned bits[4])
{
   static const struct {
      unsigned channels, n, bits[4];
   } widths[] = {
      {AGX_CHANNELS_R8, 1, {8}},
      {AGX_CHANNELS_R8G8, 2, {8, 8}},
      {AGX_CHANNELS_R8G8B8A8, 4, {8, 8, 8, 8}},
      {AGX_CHANNELS_R16, 1, {16}},
      {AGX_CHANNELS_R16G16, 2, {16, 16}},
      {AGX_CHANNELS_R16G16B16A16, 4, {16, 16, 16, 16}},
      {AGX_CHANNELS_R32, 1, {32}},
      {AGX_CHANNELS_R32G32, 2, {32, 32}},
      {AGX_CHANNELS_R32G32B32A32, 4, {32, 32, 32, 32}},
      {AGX_CHANNELS_R5G6B5, 3, {5, 6, 5}},
      {AGX_CHANNELS_R4G4B4A4, 4, {4, 4, 4, 4}},
      {AGX_CHANNELS_R5G5B5A1, 4, {5, 5, 5, 1}},
      {AGX_CHANNELS_R10G10B10A2, 4, {10, 10, 10, 2}},
   };
   for (unsigned i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
      if (widths[i].channels == channels) {
         memcpy(bits, widths[i].bits, sizeof(widths[i].bits));
         return widths[i].n;
      }
   return 0;
}

static float
srgb_encode(float l)
{
   if (!(l > 0.0f))
      return 0.0f;
   if (l >= 1.0f)
      return 1.0f;
   return l <= 0.0031308f ? l * 12.92f : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}

static uint32_t
encode(const struct agxv_format_info *f, const VkClearColorValue *v, unsigned comp, unsigned bits)
{
   uint32_t mask = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
   float x = v->float32[comp];
   switch (f->type) {
   case AGX_TEXTURE_TYPE_UNORM: {
      if (f->srgb && comp < 3)
         x = srgb_encode(x);
      x = x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
      return (uint32_t)lrintf(x * (float)mask);
   }
   case AGX_TEXTURE_TYPE_SNORM: {
      float m = (float)(mask >> 1);
      x = x > -1.0f ? (x < 1.0f ? x : 1.0f) : -1.0f;
      return (uint32_t)(int32_t)lrintf(x * m) & mask;
   }
   case AGX_TEXTURE_TYPE_UINT:
   case AGX_TEXTURE_TYPE_SINT:
      return v->uint32[comp] & mask;
   default: /* Float */
      if (bits == 16)
         return agx_genxml_float_to_half(x);
      return v->uint32[comp];
   }
}

/* f32 -> unsigned float with a 5-bit exponent (bias 15) and `mbits`
 * mantissa bits. */
static uint32_t
unsigned_small_float(float f, unsigned mbits)
{
   uint32_t max_finite = (30u << mbits) | ((1u << mbits) - 1);
   if (isnan(f))
      return (31u << mbits) | 1u;
   if (!(f > 0.0f))
      return 0;
   if (isinf(f))
      return 31u << mbits;
   uint32_t bits;
   memcpy(&bits, &f, 4);
   int exp = (int)((bits >> 23) & 0xFF) - 127 + 15;
   uint32_t mant = (bits & 0x7FFFFF) | 0x800000; /* with the implicit 1 */
   unsigned shift = 23 - mbits;
   uint32_t v;
   if (exp <= 0) { /* denormal: the implicit 1 moves into the mantissa */
      shift += (unsigned)(1 - exp);
      if (shift > 24)
         return 0;
      v = (mant + (1u << (shift - 1))) >> shift;
   } else {
      v = ((uint32_t)exp << mbits) + (((mant & 0x7FFFFF) + (1u << (shift - 1))) >> shift);
   }
   return v > max_finite ? max_finite : v;
}

/* RGB9E5 as the specification defines it (N = 9, B = 15, Emax = 31). */
static uint32_t
rgb9e5(const float rgb[3])
{
   const float max_val = 511.0f / 512.0f * 65536.0f;
   float c[3], maxc = 0.0f;
   for (unsigned i = 0; i < 3; i++) {
      c[i] = rgb[i] > 0.0f ? (rgb[i] < max_val ? rgb[i] : max_val) : 0.0f;
      if (c[i] > maxc)
         maxc = c[i];
   }
   int exp_p = (maxc > 0.0f ? (int)floorf(log2f(maxc)) : -16);
   if (exp_p < -16)
      exp_p = -16;
   exp_p += 1 + 15;
   float scale = ldexpf(1.0f, exp_p - 15 - 9);
   int max_s = (int)floorf(maxc / scale + 0.5f);
   if (max_s >= 512) {
      exp_p++;
      scale *= 2.0f;
   }
   uint32_t out = (uint32_t)exp_p << 27;
   for (unsigned i = 0; i < 3; i++)
      out |= ((uint32_t)floorf(c[i] / scale + 0.5f) & 0x1FF) << (9 * i);
   return out;
}

bool
agxv_pack_clear_texel(VkFormat format, const VkClearColorValue *value, uint32_t out[4])
{
   const struct agxv_format_info *f = agxv_format_info(format);
   unsigned bits[4] = {0};
   memset(out, 0, 16);
   if (f && f->channels == AGX_CHANNELS_R11G11B10) {
      out[0] = unsigned_small_float(value->float32[f->pbe_swizzle[0]], 6) |
               unsigned_small_float(value->float32[f->pbe_swizzle[1]], 6) << 11 |
               unsigned_small_float(value->float32[f->pbe_swizzle[2]], 5) << 22;
      return true;
   }
   if (f && f->channels == AGX_CHANNELS_R9G9B9E5) {
      float rgb[3] = {value->float32[f->pbe_swizzle[0]], value->float32[f->pbe_swizzle[1]],
                      value->float32[f->pbe_swizzle[2]]};
      out[0] = rgb9e5(rgb);
      return true;
   }
   unsigned n = f ? agxv_channel_bits(f->channels, bits) : 0;
   if (!n)
      return false;
   /* no channel straddles a dword: packed formats fit in 32 bits, the others
    * have 8/16/32-bit channels */
   unsigned pos = 0;
   for (unsigned m = 0; m < n; m++) {
      out[pos / 32] |= encode(f, value, f->pbe_swizzle[m], bits[m]) << (pos % 32);
      pos += bits[m];
   }
   return true;
}
