/*
 * Block-compressed texels of the simulated texture unit: BC1-BC7 ("Channels" 0x74-0x7B,
 * shared/reference/hardware.md section 13), one 4x4 block of 8 or 16 bytes decoded to the
 * texel at (x, y) inside it.
 *
 * Follows the Khronos Data Format Specification 1.3, sections "S3TC Compressed Texture
 * Image Formats" (BC1-BC3), "RGTC" (BC4/BC5) and "BPTC" (BC6H, BC7), and the tables of the
 * BPTC section (partition shapes, anchor texels, interpolation weights, the BC6H mode bit
 * layouts; also in ARB_texture_compression_bptc). Channels 0-3 of the result are R, G, B, A
 * in memory-channel order; the Texture swizzle then picks them (so BC1 RGB formats read
 * alpha through the "1" swizzle).
 *
 * Assumptions (the hardware's arithmetic is not public):
 * - BC1-BC3 colours: endpoints expanded exactly (v / 31, v / 63) and interpolated in real
 *   arithmetic ((2 c0 + c1) / 3 ...), as the specification states; the hardware may round
 *   interpolants to 8 bits first (Vulkan allows either; tests use a tolerance).
 * - BC4/BC5: interpolated in real arithmetic from the 8-bit endpoints; snorm endpoints of
 *   -128 read as -127 (the specification's rule).
 * - BC7: exact integer arithmetic of the specification (8-bit results / 255); reserved mode
 *   (first byte 0) decodes to transparent black.
 * - BC6H: exact integer arithmetic of the specification to a 16-bit half value; reserved
 *   modes decode to 0 (opaque: the formats have no alpha).
 * - sRGB: applied after decoding to the decoded 8-bit-precision value (srgb_mask channels).
 */
#include <string.h>

#include "agx_pack.h"
#include "agx_sim_texel_format.h"

/* Bit n.. of a little-endian 128-bit block. */
static uint32_t
bits(const uint8_t *b, unsigned off, unsigned n)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < n; i++)
      v |= (uint32_t)((b[(off + i) / 8] >> ((off + i) % 8)) & 1) << i;
   return v;
}

/* ---- BC1-BC5 ----------------------------------------------------------- */

/* The colour block (8 bytes) of BC1-BC3; four_colour: always interpolate (BC2/BC3). */
static void
colour_block(const uint8_t *b, unsigned t, bool four_colour, double out[4])
{
   uint32_t c0 = b[0] | (uint32_t)b[1] << 8, c1 = b[2] | (uint32_t)b[3] << 8;
   unsigned idx = bits(b, 32 + 2 * t, 2);
   double e[2][3];
   const uint32_t c[2] = {c0, c1};
   for (unsigned i = 0; i < 2; i++) {
      e[i][0] = ((c[i] >> 11) & 31) / 31.0;
      e[i][1] = ((c[i] >> 5) & 63) / 63.0;
      e[i][2] = (c[i] & 31) / 31.0;
   }
   out[3] = 1.0;
   for (unsigned k = 0; k < 3; k++) {
      double v;
      if (idx < 2)
         v = e[idx][k];
      else if (four_colour || c0 > c1)
         v = idx == 2 ? (2 * e[0][k] + e[1][k]) / 3 : (e[0][k] + 2 * e[1][k]) / 3;
      else if (idx == 2)
         v = (e[0][k] + e[1][k]) / 2;
      else
         v = 0.0;
      out[k] = v;
   }
   if (!four_colour && c0 <= c1 && idx == 3)
      out[3] = 0.0;
}

/* One BC4 channel (8 bytes) at texel t. */
static double
channel_block(const uint8_t *b, unsigned t, bool snorm)
{
   double e0, e1;
   if (snorm) {
      int s0 = (int8_t)b[0], s1 = (int8_t)b[1];
      e0 = (s0 < -127 ? -127 : s0) / 127.0;
      e1 = (s1 < -127 ? -127 : s1) / 127.0;
   } else {
      e0 = b[0] / 255.0;
      e1 = b[1] / 255.0;
   }
   bool eight = snorm ? (int8_t)b[0] > (int8_t)b[1] : b[0] > b[1];
   unsigned idx = bits(b, 16 + 3 * t, 3);
   if (idx == 0)
      return e0;
   if (idx == 1)
      return e1;
   if (eight)
      return ((8 - idx) * e0 + (idx - 1) * e1) / 7;
   if (idx <= 5)
      return ((6 - idx) * e0 + (idx - 1) * e1) / 5;
   return idx == 6 ? (snorm ? -1.0 : 0.0) : 1.0;
}

/* ---- BPTC shared tables (Khronos Data Format Specification, BPTC) ------ */

/* Subset of each texel, 2 bits per texel (texel 0 lowest), for the 64 two-subset and the
 * 64 three-subset partitions. */
static const uint32_t partition2[64] = {
   0x50505050, 0x40404040, 0x54545454, 0x54505040, 0x50404000, 0x55545450, 0x55545040, 0x54504000,
   0x50400000, 0x55555450, 0x55544000, 0x54400000, 0x55555440, 0x55550000, 0x55555500, 0x55000000,
   0x55150100, 0x00004054, 0x15010000, 0x00405054, 0x00004050, 0x15050100, 0x05010000, 0x40505054,
   0x00404050, 0x05010100, 0x14141414, 0x05141450, 0x01155440, 0x00555500, 0x15014054, 0x05414150,
   0x44444444, 0x55005500, 0x11441144, 0x05055050, 0x05500550, 0x11114444, 0x41144114, 0x44111144,
   0x15055054, 0x01055040, 0x05041050, 0x05455150, 0x14414114, 0x50050550, 0x41411414, 0x00141400,
   0x00041504, 0x00105410, 0x10541000, 0x04150400, 0x50410514, 0x41051450, 0x05415014, 0x14054150,
   0x41050514, 0x41505014, 0x40011554, 0x54150140, 0x50505500, 0x00555050, 0x15151010, 0x54540404,
};
static const uint32_t partition3[64] = {
   0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
   0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
   0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
   0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
   0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
   0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
   0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
   0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};
/* Anchor texel of subset 1 (two subsets), of subsets 1 and 2 (three subsets). */
static const uint8_t anchor2_1[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2, 2, 8,
   8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8, 2, 2,
   2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15};
static const uint8_t anchor3_1[64] = {3, 3,  15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
                                      3, 3,  8,  15, 3, 3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
                                      8, 15, 3,  5,  6, 10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
                                      3, 15, 5,  5,  5, 8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
static const uint8_t anchor3_2[64] = {15, 8, 8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
                                      15, 8, 15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
                                      15, 3, 15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
                                      15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};

static const uint8_t weights2[4] = {0, 21, 43, 64};
static const uint8_t weights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
static const uint8_t weights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

static unsigned
weight(unsigned index_bits, unsigned i)
{
   return index_bits == 2 ? weights2[i] : index_bits == 3 ? weights3[i] : weights4[i];
}

static unsigned
subset_of(unsigned subsets, unsigned partition, unsigned t)
{
   if (subsets == 2)
      return (partition2[partition] >> (2 * t)) & 3;
   if (subsets == 3)
      return (partition3[partition] >> (2 * t)) & 3;
   return 0;
}

static bool
is_anchor(unsigned subsets, unsigned partition, unsigned t)
{
   if (t == 0)
      return true;
   if (subsets == 2)
      return anchor2_1[partition] == t;
   if (subsets == 3)
      return anchor3_1[partition] == t || anchor3_2[partition] == t;
   return false;
}

/* Index of texel t in an index field at `start` of `ib` bits per texel (anchors one less). */
static unsigned
texel_index(const uint8_t *b, unsigned start, unsigned ib, unsigned subsets, unsigned partition,
            unsigned t)
{
   unsigned off = start;
   for (unsigned i = 0; i < t; i++)
      off += ib - (is_anchor(subsets, partition, i) ? 1 : 0);
   return bits(b, off, ib - (is_anchor(subsets, partition, t) ? 1 : 0));
}

/* ---- BC7 --------------------------------------------------------------- */

static const struct bc7_mode {
   uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
} bc7_modes[8] = {
   {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
   {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
   {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

static void
bc7(const uint8_t *b, unsigned t, double out[4])
{
   unsigned m = 0;
   while (m < 8 && !(b[0] & (1u << m)))
      m++;
   if (m == 8) {
      out[0] = out[1] = out[2] = out[3] = 0.0;
      return;
   }
   const struct bc7_mode *M = &bc7_modes[m];
   unsigned off = m + 1;
   unsigned partition = bits(b, off, M->pb);
   off += M->pb;
   unsigned rotation = bits(b, off, M->rb);
   off += M->rb;
   unsigned isel = bits(b, off, M->isb);
   off += M->isb;
   unsigned n = 2 * M->ns;
   uint32_t ep[6][4];
   for (unsigned c = 0; c < 3; c++)
      for (unsigned e = 0; e < n; e++, off += M->cb)
         ep[e][c] = bits(b, off, M->cb);
   for (unsigned e = 0; e < n; e++) {
      ep[e][3] = M->ab ? bits(b, off, M->ab) : 255;
      off += M->ab;
   }
   unsigned cbits = M->cb, abits = M->ab;
   if (M->epb || M->spb) {
      for (unsigned e = 0; e < n; e++) {
         unsigned p = M->epb ? bits(b, off + e, 1) : bits(b, off + e / 2, 1);
         for (unsigned c = 0; c < (M->ab ? 4u : 3u); c++)
            ep[e][c] = (ep[e][c] << 1) | p;
      }
      off += M->epb ? n : M->ns;
      cbits++;
      if (M->ab)
         abits++;
   }
   for (unsigned e = 0; e < n; e++) {
      for (unsigned c = 0; c < 3; c++)
         ep[e][c] = (ep[e][c] << (8 - cbits)) | (ep[e][c] >> (2 * cbits - 8));
      if (M->ab)
         ep[e][3] = (ep[e][3] << (8 - abits)) | (ep[e][3] >> (2 * abits - 8));
   }
   unsigned s = subset_of(M->ns, partition, t);
   unsigned primary_bits = 16 * M->ib - M->ns;
   unsigned i1 = texel_index(b, off, M->ib, M->ns, partition, t);
   unsigned i2 = M->ib2 ? texel_index(b, off + primary_bits, M->ib2, 1, 0, t) : i1;
   /* colour from the secondary index when the selection bit is 1, alpha otherwise */
   unsigned ci = isel ? i2 : i1, cib = isel ? M->ib2 : M->ib;
   unsigned ai = M->ib2 && !isel ? i2 : i1, aib = M->ib2 && !isel ? M->ib2 : M->ib;
   uint32_t v[4];
   for (unsigned c = 0; c < 4; c++) {
      unsigned w = c < 3 ? weight(cib, ci) : weight(aib, ai);
      v[c] = ((64 - w) * ep[2 * s][c] + w * ep[2 * s + 1][c] + 32) >> 6;
   }
   if (rotation) {
      uint32_t tmp = v[3];
      v[3] = v[rotation - 1];
      v[rotation - 1] = tmp;
   }
   for (unsigned c = 0; c < 4; c++)
      out[c] = v[c] / 255.0;
}

/* ---- BC6H -------------------------------------------------------------- */

/* A run of endpoint bits: value (0 = subset 0 endpoint 0, 1 = s0 e1, 2 = s1 e0, 3 = s1 e1),
 * component (R, G, B), first bit, count, stored most significant bit first. */
struct bc6_field {
   uint8_t value, comp, first, count, reversed;
};

struct bc6_mode {
   uint8_t code, code_bits; /* mode value and its width */
   uint8_t transformed, partition_bits, endpoint_bits, delta_bits[3];
   struct bc6_field f[24];
   uint8_t nf;
};

#define F(v, c, first, n) \
   {                      \
      v, c, first, n, 0   \
   }
#define FR(v, c, first, n) \
   {                       \
      v, c, first, n, 1    \
   }

/* The 14 modes: the layout tables of the specification's BC6H section, in bit order after
 * the mode bits. */
static const struct bc6_mode bc6_modes[] = {
   {0x00,
    2,
    1,
    5,
    10,
    {5, 5, 5},
    {F(2, 1, 4, 1), F(2, 2, 4, 1), F(3, 2, 4, 1), F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10),
     F(1, 0, 0, 5), F(3, 1, 4, 1), F(2, 1, 0, 4), F(1, 1, 0, 5), F(3, 2, 0, 1), F(3, 1, 0, 4),
     F(1, 2, 0, 5), F(3, 2, 1, 1), F(2, 2, 0, 4), F(2, 0, 0, 5), F(3, 2, 2, 1), F(3, 0, 0, 5),
     F(3, 2, 3, 1)},
    19},
   {0x01,
    2,
    1,
    5,
    7,
    {6, 6, 6},
    {F(2, 1, 5, 1), F(3, 1, 4, 1), F(3, 1, 5, 1), F(0, 0, 0, 7), F(3, 2, 0, 1), F(3, 2, 1, 1),
     F(2, 2, 4, 1), F(0, 1, 0, 7), F(2, 2, 5, 1), F(3, 2, 2, 1), F(2, 1, 4, 1), F(0, 2, 0, 7),
     F(3, 2, 3, 1), F(3, 2, 5, 1), F(3, 2, 4, 1), F(1, 0, 0, 6), F(2, 1, 0, 4), F(1, 1, 0, 6),
     F(3, 1, 0, 4), F(1, 2, 0, 6), F(2, 2, 0, 4), F(2, 0, 0, 6), F(3, 0, 0, 6)},
    23},
   {0x02,
    5,
    1,
    5,
    11,
    {5, 4, 4},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 5), F(0, 0, 10, 1), F(2, 1, 0, 4),
     F(1, 1, 0, 4), F(0, 1, 10, 1), F(3, 2, 0, 1), F(3, 1, 0, 4), F(1, 2, 0, 4), F(0, 2, 10, 1),
     F(3, 2, 1, 1), F(2, 2, 0, 4), F(2, 0, 0, 5), F(3, 2, 2, 1), F(3, 0, 0, 5), F(3, 2, 3, 1)},
    18},
   {0x03,
    5,
    0,
    0,
    10,
    {10, 10, 10},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 10), F(1, 1, 0, 10),
     F(1, 2, 0, 10)},
    6},
   {0x06,
    5,
    1,
    5,
    11,
    {4, 5, 4},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 4),  F(0, 0, 10, 1),
     F(3, 1, 4, 1),  F(2, 1, 0, 4),  F(1, 1, 0, 5),  F(0, 1, 10, 1), F(3, 1, 0, 4),
     F(1, 2, 0, 4),  F(0, 2, 10, 1), F(3, 2, 1, 1),  F(2, 2, 0, 4),  F(2, 0, 0, 4),
     F(3, 2, 0, 1),  F(3, 2, 2, 1),  F(3, 0, 0, 4),  F(2, 1, 4, 1),  F(3, 2, 3, 1)},
    20},
   {0x07,
    5,
    1,
    0,
    11,
    {9, 9, 9},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 9), F(0, 0, 10, 1), F(1, 1, 0, 9),
     F(0, 1, 10, 1), F(1, 2, 0, 9), F(0, 2, 10, 1)},
    9},
   {0x0A,
    5,
    1,
    5,
    11,
    {4, 4, 5},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 4),  F(0, 0, 10, 1),
     F(2, 2, 4, 1),  F(2, 1, 0, 4),  F(1, 1, 0, 4),  F(0, 1, 10, 1), F(3, 2, 0, 1),
     F(3, 1, 0, 4),  F(1, 2, 0, 5),  F(0, 2, 10, 1), F(2, 2, 0, 4),  F(2, 0, 0, 4),
     F(3, 2, 1, 1),  F(3, 2, 2, 1),  F(3, 0, 0, 4),  F(3, 2, 4, 1),  F(3, 2, 3, 1)},
    20},
   {0x0B,
    5,
    1,
    0,
    12,
    {8, 8, 8},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 8), FR(0, 0, 10, 2), F(1, 1, 0, 8),
     FR(0, 1, 10, 2), F(1, 2, 0, 8), FR(0, 2, 10, 2)},
    9},
   {0x0E,
    5,
    1,
    5,
    9,
    {5, 5, 5},
    {F(0, 0, 0, 9), F(2, 2, 4, 1), F(0, 1, 0, 9), F(2, 1, 4, 1), F(0, 2, 0, 9), F(3, 2, 4, 1),
     F(1, 0, 0, 5), F(3, 1, 4, 1), F(2, 1, 0, 4), F(1, 1, 0, 5), F(3, 2, 0, 1), F(3, 1, 0, 4),
     F(1, 2, 0, 5), F(3, 2, 1, 1), F(2, 2, 0, 4), F(2, 0, 0, 5), F(3, 2, 2, 1), F(3, 0, 0, 5),
     F(3, 2, 3, 1)},
    19},
   {0x0F,
    5,
    1,
    0,
    16,
    {4, 4, 4},
    {F(0, 0, 0, 10), F(0, 1, 0, 10), F(0, 2, 0, 10), F(1, 0, 0, 4), FR(0, 0, 10, 6), F(1, 1, 0, 4),
     FR(0, 1, 10, 6), F(1, 2, 0, 4), FR(0, 2, 10, 6)},
    9},
   {0x12,
    5,
    1,
    5,
    8,
    {6, 5, 5},
    {F(0, 0, 0, 8), F(3, 1, 4, 1), F(2, 2, 4, 1), F(0, 1, 0, 8), F(3, 2, 2, 1), F(2, 1, 4, 1),
     F(0, 2, 0, 8), F(3, 2, 3, 1), F(3, 2, 4, 1), F(1, 0, 0, 6), F(2, 1, 0, 4), F(1, 1, 0, 5),
     F(3, 2, 0, 1), F(3, 1, 0, 4), F(1, 2, 0, 5), F(3, 2, 1, 1), F(2, 2, 0, 4), F(2, 0, 0, 6),
     F(3, 0, 0, 6)},
    19},
   {0x16,
    5,
    1,
    5,
    8,
    {5, 6, 5},
    {F(0, 0, 0, 8), F(3, 2, 0, 1), F(2, 2, 4, 1), F(0, 1, 0, 8), F(2, 1, 5, 1), F(2, 1, 4, 1),
     F(0, 2, 0, 8), F(3, 1, 5, 1), F(3, 2, 4, 1), F(1, 0, 0, 5), F(3, 1, 4, 1), F(2, 1, 0, 4),
     F(1, 1, 0, 6), F(3, 1, 0, 4), F(1, 2, 0, 5), F(3, 2, 1, 1), F(2, 2, 0, 4), F(2, 0, 0, 5),
     F(3, 2, 2, 1), F(3, 0, 0, 5), F(3, 2, 3, 1)},
    21},
   {0x1A,
    5,
    1,
    5,
    8,
    {5, 5, 6},
    {F(0, 0, 0, 8), F(3, 2, 1, 1), F(2, 2, 4, 1), F(0, 1, 0, 8), F(2, 2, 5, 1), F(2, 1, 4, 1),
     F(0, 2, 0, 8), F(3, 2, 5, 1), F(3, 2, 4, 1), F(1, 0, 0, 5), F(3, 1, 4, 1), F(2, 1, 0, 4),
     F(1, 1, 0, 5), F(3, 2, 0, 1), F(3, 1, 0, 4), F(1, 2, 0, 6), F(2, 2, 0, 4), F(2, 0, 0, 5),
     F(3, 2, 2, 1), F(3, 0, 0, 5), F(3, 2, 3, 1)},
    21},
   {0x1E,
    5,
    0,
    5,
    6,
    {6, 6, 6},
    {F(0, 0, 0, 6), F(3, 1, 4, 1), F(3, 2, 0, 1), F(3, 2, 1, 1), F(2, 2, 4, 1), F(0, 1, 0, 6),
     F(2, 1, 5, 1), F(2, 2, 5, 1), F(3, 2, 2, 1), F(2, 1, 4, 1), F(0, 2, 0, 6), F(3, 1, 5, 1),
     F(3, 2, 3, 1), F(3, 2, 5, 1), F(3, 2, 4, 1), F(1, 0, 0, 6), F(2, 1, 0, 4), F(1, 1, 0, 6),
     F(3, 1, 0, 4), F(1, 2, 0, 6), F(2, 2, 0, 4), F(2, 0, 0, 6), F(3, 0, 0, 6)},
    23},
};

static int32_t
sign_extend(uint32_t v, unsigned n)
{
   return n >= 32 ? (int32_t)v : (int32_t)(v << (32 - n)) >> (32 - n);
}

static int32_t
bc6_unquantize(int32_t x, unsigned n, bool is_signed)
{
   if (!is_signed) {
      if (n >= 15 || x == 0)
         return x;
      if (x == (1 << n) - 1)
         return 0xFFFF;
      return ((x << 16) + 0x8000) >> n;
   }
   if (n >= 16)
      return x;
   bool neg = x < 0;
   int32_t a = neg ? -x : x, r;
   if (a == 0)
      r = 0;
   else if (a >= (1 << (n - 1)) - 1)
      r = 0x7FFF;
   else
      r = ((a << 15) + 0x4000) >> (n - 1);
   return neg ? -r : r;
}

/* The half-float bits of the interpolated value. */
static uint16_t
bc6_finish(int32_t v, bool is_signed)
{
   if (!is_signed)
      return (uint16_t)((v * 31) >> 6);
   if (v < 0)
      return (uint16_t)(0x8000 | ((-v * 31) >> 5));
   return (uint16_t)((v * 31) >> 5);
}

static void
bc6h(const uint8_t *b, unsigned t, bool is_signed, double out[4])
{
   unsigned code = bits(b, 0, 2);
   if (code >= 2)
      code = bits(b, 0, 5);
   const struct bc6_mode *M = NULL;
   for (unsigned i = 0; i < sizeof(bc6_modes) / sizeof(bc6_modes[0]); i++)
      if (bc6_modes[i].code == code && (bc6_modes[i].code_bits == 2) == (code < 2))
         M = &bc6_modes[i];
   out[3] = 1.0;
   if (!M) {
      out[0] = out[1] = out[2] = 0.0;
      return;
   }
   uint32_t raw[4][3] = {{0}};
   unsigned off = M->code_bits;
   for (unsigned i = 0; i < M->nf; i++) {
      const struct bc6_field *f = &M->f[i];
      uint32_t v = bits(b, off, f->count);
      off += f->count;
      if (f->reversed) {
         uint32_t r = 0;
         for (unsigned k = 0; k < f->count; k++)
            r |= ((v >> k) & 1) << (f->count - 1 - k);
         v = r;
      }
      raw[f->value][f->comp] |= v << f->first;
   }
   unsigned subsets = M->partition_bits ? 2 : 1;
   unsigned partition = bits(b, off, M->partition_bits);
   off += M->partition_bits;
   unsigned nep = 2 * subsets, eb = M->endpoint_bits;
   int32_t ep[4][3];
   for (unsigned c = 0; c < 3; c++) {
      uint32_t mask = eb >= 32 ? ~0u : (1u << eb) - 1;
      ep[0][c] = is_signed ? sign_extend(raw[0][c], eb) : (int32_t)raw[0][c];
      for (unsigned e = 1; e < nep; e++) {
         if (M->transformed) {
            int32_t d = sign_extend(raw[e][c], M->delta_bits[c]);
            uint32_t s = ((uint32_t)raw[0][c] + (uint32_t)d) & mask;
            ep[e][c] = is_signed ? sign_extend(s, eb) : (int32_t)s;
         } else {
            ep[e][c] = is_signed ? sign_extend(raw[e][c], eb) : (int32_t)raw[e][c];
         }
      }
      for (unsigned e = 0; e < nep; e++)
         ep[e][c] = bc6_unquantize(ep[e][c], eb, is_signed);
   }
   unsigned ib = subsets == 2 ? 3 : 4;
   unsigned s = subset_of(subsets, partition, t);
   unsigned idx = texel_index(b, off, ib, subsets, partition, t);
   unsigned w = weight(ib, idx);
   for (unsigned c = 0; c < 3; c++) {
      int32_t v = ((64 - (int32_t)w) * ep[2 * s][c] + (int32_t)w * ep[2 * s + 1][c] + 32) >> 6;
      out[c] = agx_sim_small_float_value(bc6_finish(v, is_signed), 5, 10, true);
   }
}

/* ---- entry ------------------------------------------------------------- */

void
agx_sim_texel_decode_bc(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                        const uint8_t *block, unsigned x, unsigned y, struct agx_sim_texel *out)
{
   unsigned t = y * 4 + x;
   double v[4] = {0, 0, 0, 1};
   bool snorm = fmt->type == AGX_SIM_TEXEL_SNORM;
   switch (fmt->channels) {
   case AGX_CHANNELS_BC1:
      colour_block(block, t, false, v);
      break;
   case AGX_CHANNELS_BC2:
      colour_block(block + 8, t, true, v);
      v[3] = bits(block, 4 * t, 4) / 15.0;
      break;
   case AGX_CHANNELS_BC3:
      colour_block(block + 8, t, true, v);
      v[3] = channel_block(block, t, false);
      break;
   case AGX_CHANNELS_BC4:
      v[0] = channel_block(block, t, snorm);
      v[1] = v[2] = 0.0;
      break;
   case AGX_CHANNELS_BC5:
      v[0] = channel_block(block, t, snorm);
      v[1] = channel_block(block + 8, t, snorm);
      v[2] = 0.0;
      break;
   case AGX_CHANNELS_BC6H:
      bc6h(block, t, true, v);
      break;
   case AGX_CHANNELS_BC6H_UFLOAT:
      bc6h(block, t, false, v);
      break;
   default:
      bc7(block, t, v);
      break;
   }
   for (unsigned c = 0; c < 4; c++) {
      out->f[c] = (srgb_mask >> c) & 1 ? agx_sim_srgb_to_linear(v[c]) : v[c];
      out->u[c] = 0;
   }
}
