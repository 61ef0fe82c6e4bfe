/*
 * ETC2/EAC test formats and block generator shared by test_etc2 (sampling) and test_etc2_blit
 * (vkCmdBlitImage): the ten formats, decode_texel (a block's texel through etc2_ref.h's CPU
 * decoders, sRGB converted to linear) and make_block (blocks steered to hit every ETC2 mode,
 * RGB8A1 with the opaque bit on and off, EAC multiplier 0 and signed base -128; mode_count
 * records the modes made). Include after agx_vk_ctx.h (agx_vk_hash) and <math.h>.
 */
#ifndef ETC2_GEN_H
#define ETC2_GEN_H

#include "etc2_ref.h"

enum kind { K_RGB8, K_RGB8A1, K_RGBA8, K_R11, K_RG11 };

static const struct fmt {
   VkFormat vk;
   const char *name;
   enum kind kind;
   bool srgb, snorm;
} formats[] = {
   {VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK, "ETC2_RGB8_UNORM", K_RGB8, false, false},
   {VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK, "ETC2_RGB8_SRGB", K_RGB8, true, false},
   {VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK, "ETC2_RGB8A1_UNORM", K_RGB8A1, false, false},
   {VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK, "ETC2_RGB8A1_SRGB", K_RGB8A1, true, false},
   {VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK, "ETC2_RGBA8_UNORM", K_RGBA8, false, false},
   {VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK, "ETC2_RGBA8_SRGB", K_RGBA8, true, false},
   {VK_FORMAT_EAC_R11_UNORM_BLOCK, "EAC_R11_UNORM", K_R11, false, false},
   {VK_FORMAT_EAC_R11_SNORM_BLOCK, "EAC_R11_SNORM", K_R11, false, true},
   {VK_FORMAT_EAC_R11G11_UNORM_BLOCK, "EAC_RG11_UNORM", K_RG11, false, false},
   {VK_FORMAT_EAC_R11G11_SNORM_BLOCK, "EAC_RG11_SNORM", K_RG11, false, true},
};
#define NFMT (sizeof(formats) / sizeof(formats[0]))

static unsigned
block_bytes(const struct fmt *f)
{
   return f->kind == K_RGBA8 || f->kind == K_RG11 ? 16 : 8;
}

static float
srgb_decode(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* Texel t (x + 4 y) of a block as the shader reads it (RGBA). */
static void
decode_texel(const struct fmt *f, const uint8_t *b, unsigned t, float v[4])
{
   unsigned p = (t % 4) * 4 + t / 4; /* the specification numbers pixels down columns */
   int rgb[16][4], e0[16], e1[16];
   int emode = f->snorm ? 2 : 1;
   float escale = f->snorm ? 1023.0f : 2047.0f;
   v[0] = v[1] = v[2] = 0.0f;
   v[3] = 1.0f;
   switch (f->kind) {
   case K_RGB8:
   case K_RGB8A1:
      ref_etc2_rgb(b, f->kind == K_RGB8A1, rgb);
      for (int c = 0; c < 4; c++)
         v[c] = (float)rgb[p][c] / 255.0f;
      break;
   case K_RGBA8:
      ref_etc2_rgb(b + 8, false, rgb);
      ref_eac_block(b, 0, e0);
      for (int c = 0; c < 3; c++)
         v[c] = (float)rgb[p][c] / 255.0f;
      v[3] = (float)e0[p] / 255.0f;
      break;
   case K_R11:
      ref_eac_block(b, emode, e0);
      v[0] = (float)e0[p] / escale;
      break;
   case K_RG11:
      ref_eac_block(b, emode, e0);
      ref_eac_block(b + 8, emode, e1);
      v[0] = (float)e0[p] / escale;
      v[1] = (float)e1[p] / escale;
      break;
   }
   if (f->srgb)
      for (int c = 0; c < 3; c++)
         v[c] = srgb_decode(v[c]);
}

/* ETC2 RGB mode of a block (bit 33 read as "differential" unless punch: RGB8A1 is always
 * differential-based): 0 individual, 1 differential, 2 T, 3 H, 4 planar. */
static unsigned
etc2_mode(const uint8_t *b, bool punch)
{
   if (!punch && !rbit(b, 33))
      return 0;
   int s[3];
   for (int c = 0; c < 3; c++) {
      int d = (int)rbits(b, 58 - 8 * (unsigned)c, 56 - 8 * (unsigned)c);
      s[c] = (int)rbits(b, 63 - 8 * (unsigned)c, 59 - 8 * (unsigned)c) + (d > 3 ? d - 8 : d);
   }
   if (s[0] < 0 || s[0] > 31)
      return 2;
   if (s[1] < 0 || s[1] > 31)
      return 3;
   if (s[2] < 0 || s[2] > 31)
      return 4;
   return 1;
}

static unsigned mode_count[2][5]; /* [punch][mode] blocks generated */

/* An 8-byte ETC2 RGB block of mode n % 5 (punch: RGB8A1, differential instead of
 * individual, the opaque bit from n / 5) by drawing hashed candidates. */
static void
make_etc2(uint32_t seed, unsigned n, bool punch, uint8_t *b)
{
   unsigned want = n % 5;
   if (punch && want == 0)
      want = 1;
   for (uint32_t k = 0;; k++) {
      for (unsigned i = 0; i < 8; i++)
         b[i] = (uint8_t)agx_vk_hash(seed * 7919u + n * 131u + i + k * 1009u);
      if (want == 0)
         b[3] &= (uint8_t)~2u; /* bit 33: individual */
      else if (!punch)
         b[3] |= 2u;
      if (etc2_mode(b, punch) == want || k > 100000)
         break;
   }
   if (punch) /* opaque on for every other round of modes */
      b[3] = (uint8_t)((b[3] & ~2u) | ((n / 5) % 2 ? 2u : 0u));
   mode_count[punch][etc2_mode(b, punch)]++;
}

/* An EAC block: multiplier 0 every fourth, base 0x80 (signed -128) every seventh. */
static void
make_eac(uint32_t seed, unsigned n, uint8_t *b)
{
   for (unsigned i = 0; i < 8; i++)
      b[i] = (uint8_t)agx_vk_hash(seed * 6151u + n * 257u + i);
   if (n % 4 == 0)
      b[1] &= 0x0F;
   if (n % 7 == 3)
      b[0] = 0x80;
}

/* Block n of a level. */
static void
make_block(const struct fmt *f, uint32_t seed, unsigned n, uint8_t *b)
{
   switch (f->kind) {
   case K_RGB8:
      make_etc2(seed, n, false, b);
      break;
   case K_RGB8A1:
      make_etc2(seed, n, true, b);
      break;
   case K_RGBA8:
      make_eac(seed, n, b);
      make_etc2(seed, n, false, b + 8);
      break;
   case K_R11:
      make_eac(seed, n, b);
      break;
   case K_RG11:
      make_eac(seed, n, b);
      make_eac(seed + 1, n + 3, b + 8);
      break;
   }
}

#endif
