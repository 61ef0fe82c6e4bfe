/*
 * ETC2/EAC texels of the simulated texture unit: Channels "ETC2 RGB8" 0x58, "ETC2 RGBA8"
 * 0x59, "ETC2 RGB8A1" 0x5A, "EAC R11" 0x5B, "EAC RG11" 0x5C (genxml agx_texture.xml; Mesa
 * src/asahi/layout/formats.c pairs ETC2 with Unorm (sRGB for the _SRGB formats) and EAC
 * with Unorm or Snorm). Written from the Khronos Data Format Specification 1.3, section
 * "ETC2 Compressed Texture Image Formats" (ETC2 RGB: individual, differential, T, H and
 * planar modes; punch-through alpha; EAC alpha; EAC R11/RG11 unsigned and signed).
 * Blocks are 64-bit words stored most significant byte first; texel (x, y) of a 4x4 block
 * uses index i = 4 x + y (column-major), as the specification numbers them.
 * Assumes: 8-bit results are v / 255; 11-bit EAC results are v / 2047 (unsigned) and
 * v / 1023 (signed, the specification's range -1023..1023) without the 16-bit extension
 * the specification describes for some APIs (Vulkan allows either within its precision
 * rules; which the hardware does is not public).
 */
#include "agx_pack.h"
#include "agx_sim_texel_format.h"

/* The 64-bit word starting at b (most significant byte first). */
static uint64_t
word(const uint8_t *b)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = (v << 8) | b[i];
   return v;
}

static unsigned
field(uint64_t w, unsigned hi, unsigned n)
{
   return (unsigned)(w >> (hi + 1 - n)) & ((1u << n) - 1);
}

static int
clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* ---- ETC2 RGB ------------------------------------------------------------------------ */

/* Intensity modifier tables (codeword 0..7: the small and the large value). */
static const int modifier[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                                   {18, 60}, {24, 80}, {33, 106}, {47, 183}};
/* T and H mode distances */
static const int distance[8] = {3, 6, 11, 16, 23, 32, 41, 64};

static int
ext4(unsigned v)
{
   return (int)(v << 4 | v);
}

static int
ext5(unsigned v)
{
   return (int)(v << 3 | v >> 2);
}

static int
ext6(unsigned v)
{
   return (int)(v << 2 | v >> 4);
}

static int
ext7(unsigned v)
{
   return (int)(v << 1 | v >> 6);
}

/* Colour (rgb 0..255) of texel i; alpha: 255 or 0 (punch-through transparent). */
static void
etc2_rgb(uint64_t w, unsigned i, bool punch, int rgb[3], int *alpha)
{
   unsigned idx = field(w, 16 + i, 1) << 1 | field(w, i, 1);
   bool diff = field(w, 33, 1); /* RGB8A1: the "opaque" bit, always differential */
   bool opaque = !punch || diff;
   int base[2][3];
   *alpha = 255;
   if (!punch && !diff) { /* individual */
      for (unsigned c = 0; c < 3; c++) {
         base[0][c] = ext4(field(w, 63 - 8 * c, 4));
         base[1][c] = ext4(field(w, 59 - 8 * c, 4));
      }
   } else {
      int b5[3], d3[3], sum[3];
      for (unsigned c = 0; c < 3; c++) {
         b5[c] = (int)field(w, 63 - 8 * c, 5);
         d3[c] = (int)field(w, 58 - 8 * c, 3);
         d3[c] = d3[c] >= 4 ? d3[c] - 8 : d3[c];
         sum[c] = b5[c] + d3[c];
      }
      if (sum[0] < 0 || sum[0] > 31) { /* T mode */
         int c1[3] = {ext4(field(w, 60, 2) << 2 | field(w, 57, 2)), ext4(field(w, 55, 4)),
                      ext4(field(w, 51, 4))};
         int c2[3] = {ext4(field(w, 47, 4)), ext4(field(w, 43, 4)), ext4(field(w, 39, 4))};
         int d = distance[field(w, 35, 2) << 1 | field(w, 32, 1)];
         for (unsigned c = 0; c < 3; c++) {
            int p[4] = {c1[c], clamp255(c2[c] + d), c2[c], clamp255(c2[c] - d)};
            rgb[c] = p[idx];
         }
         if (!opaque && idx == 2)
            rgb[0] = rgb[1] = rgb[2] = *alpha = 0;
         return;
      }
      if (sum[1] < 0 || sum[1] > 31) { /* H mode */
         unsigned r1 = field(w, 62, 4), g1 = field(w, 58, 3) << 1 | field(w, 52, 1);
         unsigned b1 = field(w, 51, 1) << 3 | field(w, 49, 3);
         unsigned r2 = field(w, 46, 4), g2 = field(w, 42, 4), b2 = field(w, 38, 4);
         unsigned order = (r1 << 8 | g1 << 4 | b1) >= (r2 << 8 | g2 << 4 | b2);
         int d = distance[field(w, 34, 1) << 2 | field(w, 32, 1) << 1 | order];
         int c1[3] = {ext4(r1), ext4(g1), ext4(b1)}, c2[3] = {ext4(r2), ext4(g2), ext4(b2)};
         for (unsigned c = 0; c < 3; c++) {
            int p[4] = {clamp255(c1[c] + d), clamp255(c1[c] - d), clamp255(c2[c] + d),
                        clamp255(c2[c] - d)};
            rgb[c] = p[idx];
         }
         if (!opaque && idx == 2)
            rgb[0] = rgb[1] = rgb[2] = *alpha = 0;
         return;
      }
      if (sum[2] < 0 || sum[2] > 31) { /* planar: always opaque */
         int o[3] = {ext6(field(w, 62, 6)), ext7(field(w, 56, 1) << 6 | field(w, 54, 6)),
                     ext6(field(w, 48, 1) << 5 | field(w, 44, 2) << 3 | field(w, 41, 3))};
         int h[3] = {ext6(field(w, 38, 5) << 1 | field(w, 32, 1)), ext7(field(w, 31, 7)),
                     ext6(field(w, 24, 6))};
         int v[3] = {ext6(field(w, 18, 6)), ext7(field(w, 12, 7)), ext6(field(w, 5, 6))};
         int x = (int)(i / 4), y = (int)(i % 4);
         for (unsigned c = 0; c < 3; c++)
            rgb[c] = clamp255((x * (h[c] - o[c]) + y * (v[c] - o[c]) + 4 * o[c] + 2) >> 2);
         return;
      }
      for (unsigned c = 0; c < 3; c++) {
         base[0][c] = ext5((unsigned)b5[c]);
         base[1][c] = ext5((unsigned)sum[c]);
      }
   }
   /* individual / differential: sub-block by the flip bit */
   bool flip = field(w, 32, 1);
   unsigned sub = flip ? (i % 4) >= 2 : (i / 4) >= 2;
   unsigned cw = field(w, 39 - 3 * sub, 3);
   int mod;
   if (!opaque && idx == 2) {
      rgb[0] = rgb[1] = rgb[2] = *alpha = 0;
      return;
   }
   if (!opaque && idx == 0)
      mod = 0; /* punch-through without opaque: the small modifiers are zero */
   else
      mod = (idx & 1 ? modifier[cw][1] : modifier[cw][0]) * (idx & 2 ? -1 : 1);
   for (unsigned c = 0; c < 3; c++)
      rgb[c] = clamp255(base[sub][c] + mod);
}

/* ---- EAC ----------------------------------------------------------------------------- */

static const int eac_mod[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
   {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
   {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
   {-3, -5, -7, -9, 2, 4, 6, 8},
};

/* Modifier of texel i of an EAC block and the block's base/multiplier fields. */
static int
eac_modifier(uint64_t w, unsigned i)
{
   return eac_mod[field(w, 51, 4)][field(w, 47 - 3 * i, 3)];
}

/* EAC alpha of ETC2 RGBA8: 8-bit. */
static double
eac_alpha(uint64_t w, unsigned i)
{
   int v = (int)field(w, 63, 8) + eac_modifier(w, i) * (int)field(w, 55, 4);
   return clamp255(v) / 255.0;
}

/* EAC R11 channel: unsigned 0..2047 / 2047 or signed -1023..1023 / 1023. */
static double
eac_r11(uint64_t w, unsigned i, bool is_signed)
{
   int mult = (int)field(w, 55, 4), m = eac_modifier(w, i);
   int step = mult ? m * mult * 8 : m;
   if (is_signed) {
      int base = (int8_t)field(w, 63, 8);
      base = base == -128 ? -127 : base;
      int v = base * 8 + step;
      v = v < -1023 ? -1023 : v > 1023 ? 1023 : v;
      return v / 1023.0;
   }
   int v = (int)field(w, 63, 8) * 8 + 4 + step;
   v = v < 0 ? 0 : v > 2047 ? 2047 : v;
   return v / 2047.0;
}

/* ---- entry --------------------------------------------------------------------------- */

void
agx_sim_texel_decode_etc2(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                          const uint8_t *block, unsigned x, unsigned y, struct agx_sim_texel *out)
{
   unsigned i = x * 4 + y;
   double v[4] = {0, 0, 0, 1};
   bool snorm = fmt->type == AGX_SIM_TEXEL_SNORM;
   int rgb[3], alpha;
   switch (fmt->channels) {
   case AGX_CHANNELS_ETC2_RGB8:
   case AGX_CHANNELS_ETC2_RGB8A1:
      etc2_rgb(word(block), i, fmt->channels == AGX_CHANNELS_ETC2_RGB8A1, rgb, &alpha);
      for (unsigned c = 0; c < 3; c++)
         v[c] = rgb[c] / 255.0;
      v[3] = alpha / 255.0;
      break;
   case AGX_CHANNELS_ETC2_RGBA8:
      etc2_rgb(word(block + 8), i, false, rgb, &alpha);
      for (unsigned c = 0; c < 3; c++)
         v[c] = rgb[c] / 255.0;
      v[3] = eac_alpha(word(block), i);
      break;
   case AGX_CHANNELS_EAC_R11:
      v[0] = eac_r11(word(block), i, snorm);
      break;
   default: /* EAC RG11 */
      v[0] = eac_r11(word(block), i, snorm);
      v[1] = eac_r11(word(block + 8), i, snorm);
      break;
   }
   for (unsigned c = 0; c < 4; c++) {
      out->f[c] = (srgb_mask >> c) & 1 ? agx_sim_srgb_to_linear(v[c]) : v[c];
      out->u[c] = 0;
   }
}
