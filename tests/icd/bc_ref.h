/*
 * Reference BC1-BC7 decoders for tests (header only: static functions), written from the
 * Khronos Data Format Specification (S3TC, RGTC, BPTC sections); they share no code with
 * the simulator's texture unit or the blit kernel's decoder (cl_kernels/agx_blit_bc.h).
 * Shared by test_bc.c (which checks them against lavapipe) and test_bc_blit.c: the
 * decoders, the format list and the block generator.
 * Assumes agx_vk_ctx.h (agx_vk_hash) is included first.
 */
#ifndef BC_REF_H
#define BC_REF_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

/* ---- reference decoders: a whole 4x4 block to float RGBA ----------------------------- */

struct reader {
   const uint8_t *b;
   unsigned pos;
};

static unsigned
peek(const uint8_t *b, unsigned pos, unsigned n)
{
   unsigned v = 0;
   for (unsigned i = 0; i < n; i++, pos++)
      if (b[pos >> 3] & (1u << (pos & 7)))
         v |= 1u << i;
   return v;
}

static unsigned
take(struct reader *r, unsigned n)
{
   unsigned v = peek(r->b, r->pos, n);
   r->pos += n;
   return v;
}

typedef float block_t[16][4];

/* S3TC colour block; opaque: BC2/BC3 (always four colours). */
static void
ref_colour(const uint8_t *b, bool opaque, block_t out)
{
   unsigned c[2] = {b[0] | b[1] << 8u, b[2] | b[3] << 8u};
   float pal[4][4];
   for (int i = 0; i < 2; i++) {
      pal[i][0] = (float)(c[i] >> 11) / 31.0f;
      pal[i][1] = (float)((c[i] >> 5) & 0x3f) / 63.0f;
      pal[i][2] = (float)(c[i] & 0x1f) / 31.0f;
      pal[i][3] = 1.0f;
   }
   bool four = opaque || c[0] > c[1];
   for (int k = 0; k < 4; k++) {
      if (four) {
         pal[2][k] = (2.0f * pal[0][k] + pal[1][k]) / 3.0f;
         pal[3][k] = (pal[0][k] + 2.0f * pal[1][k]) / 3.0f;
      } else {
         pal[2][k] = (pal[0][k] + pal[1][k]) / 2.0f;
         pal[3][k] = 0.0f; /* transparent black */
      }
   }
   uint32_t idx = b[4] | b[5] << 8u | b[6] << 16u | (uint32_t)b[7] << 24u;
   for (int t = 0; t < 16; t++)
      memcpy(out[t], pal[(idx >> (2 * t)) & 3], sizeof(float) * 4);
}

/* RGTC channel block into component k. */
static void
ref_channel(const uint8_t *b, bool snorm, int k, block_t out)
{
   float pal[8];
   int e0 = snorm ? (int8_t)b[0] : b[0], e1 = snorm ? (int8_t)b[1] : b[1];
   float scale = snorm ? 127.0f : 255.0f;
   pal[0] = fmaxf((float)e0 / scale, -1.0f);
   pal[1] = fmaxf((float)e1 / scale, -1.0f);
   if (e0 > e1) {
      for (int i = 1; i <= 6; i++)
         pal[i + 1] = ((float)(7 - i) * pal[0] + (float)i * pal[1]) / 7.0f;
   } else {
      for (int i = 1; i <= 4; i++)
         pal[i + 1] = ((float)(5 - i) * pal[0] + (float)i * pal[1]) / 5.0f;
      pal[6] = snorm ? -1.0f : 0.0f;
      pal[7] = 1.0f;
   }
   uint64_t idx = 0;
   for (int i = 0; i < 6; i++)
      idx |= (uint64_t)b[2 + i] << (8 * i);
   for (int t = 0; t < 16; t++)
      out[t][k] = pal[(idx >> (3 * t)) & 7];
}

/* BPTC tables (Khronos Data Format Specification, BPTC section): two-subset shapes as
 * 16-bit masks (bit t: texel t in subset 1), three-subset shapes as digit strings. */
static const uint16_t shape2[64] = {
   0xCCCC, 0x8888, 0xEEEE, 0xECC8, 0xC880, 0xFEEC, 0xFEC8, 0xEC80, 0xC800, 0xFFEC, 0xFE80,
   0xE800, 0xFFE8, 0xFF00, 0xFFF0, 0xF000, 0xF710, 0x008E, 0x7100, 0x08CE, 0x008C, 0x7310,
   0x3100, 0x8CCE, 0x088C, 0x3110, 0x6666, 0x366C, 0x17E8, 0x0FF0, 0x718E, 0x399C, 0xAAAA,
   0xF0F0, 0x5A5A, 0x33CC, 0x3C3C, 0x55AA, 0x9696, 0xA55A, 0x73CE, 0x13C8, 0x324C, 0x3BDC,
   0x6996, 0xC33C, 0x9966, 0x0660, 0x0272, 0x04E4, 0x4E40, 0x2720, 0xC936, 0x936C, 0x39C6,
   0x639C, 0x9336, 0x9CC6, 0x817E, 0xE718, 0xCCF0, 0x0FCC, 0x7744, 0xEE22};
static const char *const shape3[64] = {
   "0011001102212222", "0001001122112221", "0000200122112211", "0222002200110111",
   "0000000011221122", "0011001100220022", "0022002211111111", "0011001122112211",
   "0000000011112222", "0000111111112222", "0000111122222222", "0012001200120012",
   "0112011201120112", "0122012201220122", "0011011211221222", "0011200122002220",
   "0001001101121122", "0111001120012200", "0000112211221122", "0022002200221111",
   "0111011102220222", "0001000122212221", "0000001101220122", "0000110022102210",
   "0122012200110000", "0012001211222222", "0110122112210110", "0000011012211221",
   "0022110211020022", "0110011020022222", "0011012201220011", "0000200022112221",
   "0000000211221222", "0222002200120011", "0011001200220222", "0120012001200120",
   "0000111122220000", "0120120120120120", "0120201212010120", "0011220011220011",
   "0011112222000011", "0101010122222222", "0000000021212121", "0022112200221122",
   "0022001100220011", "0220122102201221", "0101222222220101", "0000212121212121",
   "0101010101012222", "0222011102220111", "0002111200021112", "0000211221122112",
   "0222011101110222", "0002111211120002", "0110011001102222", "0000000021122112",
   "0110011022222222", "0022001100110022", "0022112211220022", "0000000000002112",
   "0002000100020001", "0222122202221222", "0101222222222222", "0111201122012220",
};
/* "Anchor" texels (stored with one index bit less): subset 1 of two, subsets 1 and 2 of
 * three. */
static const uint8_t fix2[64] = {15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
                                 15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
                                 15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
                                 6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15};
static const uint8_t fix3a[64] = {3, 3,  15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
                                  3, 3,  8,  15, 3, 3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
                                  8, 15, 3,  5,  6, 10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
                                  3, 15, 5,  5,  5, 8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
static const uint8_t fix3b[64] = {15, 8, 8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
                                  15, 8, 15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
                                  15, 3, 15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
                                  15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};

static unsigned
subset(unsigned ns, unsigned shape, unsigned t)
{
   if (ns == 2)
      return (shape2[shape] >> t) & 1;
   if (ns == 3)
      return (unsigned)(shape3[shape][t] - '0');
   return 0;
}

static bool
fixup(unsigned ns, unsigned shape, unsigned t)
{
   return t == 0 || (ns == 2 && fix2[shape] == t) ||
          (ns == 3 && (fix3a[shape] == t || fix3b[shape] == t));
}

static int
interp(int a, int b, unsigned index, unsigned nbits)
{
   static const int w2[] = {0, 21, 43, 64};
   static const int w3[] = {0, 9, 18, 27, 37, 46, 55, 64};
   static const int w4[] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
   int w = nbits == 2 ? w2[index] : nbits == 3 ? w3[index] : w4[index];
   return (a * (64 - w) + b * w + 32) >> 6;
}

/* Reads the 16 indices of `bits` each (anchors one less) from r. */
static void
read_indices(struct reader *r, unsigned ns, unsigned shape, unsigned bits, unsigned idx[16])
{
   for (unsigned t = 0; t < 16; t++)
      idx[t] = take(r, bits - (fixup(ns, shape, t) ? 1 : 0));
}

static void
ref_bc7(const uint8_t *b, block_t out)
{
   /* NS, PB, RB, ISB, CB, AB, EPB, SPB, IB, IB2 per mode */
   static const uint8_t modes[8][10] = {
      {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
      {3, 6, 0, 0, 5, 0, 0, 0, 2, 0}, {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
      {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
      {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0}};
   struct reader r = {b, 0};
   unsigned mode = 0;
   while (mode < 8 && !take(&r, 1))
      mode++;
   if (mode == 8) {
      memset(out, 0, sizeof(block_t));
      return;
   }
   const uint8_t *m = modes[mode];
   unsigned ns = m[0], shape = take(&r, m[1]), rot = take(&r, m[2]), isb = take(&r, m[3]);
   int ep[3][2][4];
   for (unsigned c = 0; c < 4; c++)
      for (unsigned s = 0; s < ns; s++)
         for (unsigned e = 0; e < 2; e++)
            ep[s][e][c] = c < 3 ? (int)take(&r, m[4]) : m[5] ? (int)take(&r, m[5]) : 255;
   unsigned cbits = m[4], abits = m[5];
   if (m[6] || m[7]) {
      unsigned p[6];
      for (unsigned i = 0; i < (m[6] ? 2 * ns : ns); i++)
         p[i] = take(&r, 1);
      for (unsigned s = 0; s < ns; s++)
         for (unsigned e = 0; e < 2; e++)
            for (unsigned c = 0; c < 4; c++)
               if (c < 3 || abits)
                  ep[s][e][c] = ep[s][e][c] << 1 | (int)(m[6] ? p[2 * s + e] : p[s]);
      cbits++;
      abits += abits ? 1 : 0;
   }
   for (unsigned s = 0; s < ns; s++)
      for (unsigned e = 0; e < 2; e++)
         for (unsigned c = 0; c < 4; c++) {
            unsigned n = c < 3 ? cbits : abits;
            if (n) /* replicate the high bits into the low ones */
               ep[s][e][c] = (ep[s][e][c] << (8 - n)) | (ep[s][e][c] >> (2 * n - 8));
         }
   unsigned i1[16], i2[16];
   read_indices(&r, ns, shape, m[8], i1);
   if (m[9])
      read_indices(&r, 1, 0, m[9], i2);
   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset(ns, shape, t);
      int v[4];
      for (unsigned c = 0; c < 4; c++) {
         bool second = m[9] && ((c < 3) == (isb == 1));
         v[c] = interp(ep[s][0][c], ep[s][1][c], second ? i2[t] : i1[t], second ? m[9] : m[8]);
      }
      if (rot) {
         int a = v[3];
         v[3] = v[rot - 1];
         v[rot - 1] = a;
      }
      for (unsigned c = 0; c < 4; c++)
         out[t][c] = (float)v[c] / 255.0f;
   }
}

/* BC6H modes: mode value, its bits, transformed endpoints, shape bits, endpoint bits, delta
 * bits (R, G, B), then where each following header bit goes: "<endpoint><r|g|b><bit>". */
static const struct {
   unsigned code, code_bits, transformed, shape_bits, ep_bits, delta[3];
   const char *layout;
} bc6[] =
   {
      {0x00,
       2,
       1,
       5,
       10,
       {5, 5, 5},
       "2g4 2b4 3b4 0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 1r4 3g4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 3b2 3r0 3r1 3r2 3r3 3r4 3b3"},
      {0x01,
       2,
       1,
       5,
       7,
       {6, 6, 6},
       "2g5 3g4 3g5 0r0 0r1 0r2 0r3 0r4 0r5 0r6 3b0 3b1 2b4 0g0 0g1 0g2 0g3 0g4 0g5 0g6 2b5 3b2 2g4 0b0 0b1 0b2 0b3 0b4 0b5 0b6 3b3 3b5 3b4 1r0 1r1 1r2 1r3 1r4 1r5 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 1g5 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 1b5 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 2r5 3r0 3r1 3r2 3r3 3r4 3r5"},
      {0x02,
       5,
       1,
       5,
       11,
       {5, 4, 4},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 1r4 0r10 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 0g10 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 0b10 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 3b2 3r0 3r1 3r2 3r3 3r4 3b3"},
      {0x03,
       5,
       0,
       0,
       10,
       {10, 10, 10},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 1r4 1r5 1r6 1r7 1r8 1r9 1g0 1g1 1g2 1g3 1g4 1g5 1g6 1g7 1g8 1g9 1b0 1b1 1b2 1b3 1b4 1b5 1b6 1b7 1b8 1b9"},
      {0x06,
       5,
       1,
       5,
       11,
       {4, 5, 4},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 0r10 3g4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 0g10 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 0b10 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 3b0 3b2 3r0 3r1 3r2 3r3 2g4 3b3"},
      {0x07,
       5,
       1,
       0,
       11,
       {9, 9, 9},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 1r4 1r5 1r6 1r7 1r8 0r10 1g0 1g1 1g2 1g3 1g4 1g5 1g6 1g7 1g8 0g10 1b0 1b1 1b2 1b3 1b4 1b5 1b6 1b7 1b8 0b10"},
      {0x0A,
       5,
       1,
       5,
       11,
       {4, 4, 5},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 0r10 2b4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 0g10 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 0b10 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 3b1 3b2 3r0 3r1 3r2 3r3 3b4 3b3"},
      {0x0B, 5, 1, 0, 12, {8, 8, 8}, "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 1r4 1r5 1r6 1r7 0r11 0r10 1g0 1g1 1g2 1g3 1g4 1g5 1g6 1g7 0g11 0g10 1b0 1b1 1b2 1b3 1b4 1b5 1b6 1b7 0b11 0b10"},
      {0x0E,
       5,
       1,
       5,
       9,
       {5, 5, 5},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 2b4 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 2g4 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 3b4 1r0 1r1 1r2 1r3 1r4 3g4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 3b2 3r0 3r1 3r2 3r3 3r4 3b3"},
      {0x0F,
       5,
       1,
       0,
       16,
       {4, 4, 4},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 0r8 0r9 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 0g8 0g9 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 0b8 0b9 1r0 1r1 1r2 1r3 0r15 0r14 0r13 0r12 0r11 0r10 1g0 1g1 1g2 1g3 0g15 0g14 0g13 0g12 0g11 0g10 1b0 1b1 1b2 1b3 0b15 0b14 0b13 0b12 0b11 0b10"},
      {0x12,
       5,
       1,
       5,
       8,
       {6, 5, 5},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 3g4 2b4 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 3b2 2g4 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 3b3 3b4 1r0 1r1 1r2 1r3 1r4 1r5 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 2r5 3r0 3r1 3r2 3r3 3r4 3r5"},
      {0x16,
       5,
       1,
       5,
       8,
       {5, 6, 5},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 3b0 2b4 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 2g5 2g4 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 3g5 3b4 1r0 1r1 1r2 1r3 1r4 3g4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 1g5 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 3b1 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 3b2 3r0 3r1 3r2 3r3 3r4 3b3"},
      {0x1A,
       5,
       1,
       5,
       8,
       {5, 5, 6},
       "0r0 0r1 0r2 0r3 0r4 0r5 0r6 0r7 3b1 2b4 0g0 0g1 0g2 0g3 0g4 0g5 0g6 0g7 2b5 2g4 0b0 0b1 0b2 0b3 0b4 0b5 0b6 0b7 3b5 3b4 1r0 1r1 1r2 1r3 1r4 3g4 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 3b0 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 1b5 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 3b2 3r0 3r1 3r2 3r3 3r4 3b3"},
      {0x1E,
       5,
       0,
       5,
       6,
       {6, 6, 6},
       "0r0 0r1 0r2 0r3 0r4 0r5 3g4 3b0 3b1 2b4 0g0 0g1 0g2 0g3 0g4 0g5 2g5 2b5 3b2 2g4 0b0 0b1 0b2 0b3 0b4 0b5 3g5 3b3 3b5 3b4 1r0 1r1 1r2 1r3 1r4 1r5 2g0 2g1 2g2 2g3 1g0 1g1 1g2 1g3 1g4 1g5 3g0 3g1 3g2 3g3 1b0 1b1 1b2 1b3 1b4 1b5 2b0 2b1 2b2 2b3 2r0 2r1 2r2 2r3 2r4 2r5 3r0 3r1 3r2 3r3 3r4 3r5"},
};

static float
half_to_float(unsigned h)
{
   unsigned e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0    ? ldexpf((float)m, -24)
             : e == 31 ? INFINITY
                       : ldexpf((float)(m | 1024), (int)e - 25);
   return (h & 0x8000) ? -v : v;
}

static int
sext(int v, unsigned bits)
{
   return (v & (1 << (bits - 1))) ? v - (1 << bits) : v;
}

static void
ref_bc6h(const uint8_t *b, bool is_signed, block_t out)
{
   unsigned code = peek(b, 0, 2) < 2 ? peek(b, 0, 2) : peek(b, 0, 5);
   int found = -1;
   for (unsigned i = 0; i < sizeof(bc6) / sizeof(bc6[0]); i++)
      if (bc6[i].code == code && (bc6[i].code_bits == 2) == (code < 2))
         found = (int)i;
   for (int t = 0; t < 16; t++)
      out[t][0] = out[t][1] = out[t][2] = 0.0f, out[t][3] = 1.0f;
   if (found < 0)
      return; /* reserved mode */
   struct reader r = {b, bc6[found].code_bits};
   int ep[4][3] = {{0}};
   for (const char *p = bc6[found].layout; *p;) {
      int e = p[0] - '0', c = p[1] == 'r' ? 0 : p[1] == 'g' ? 1 : 2;
      char *end;
      long bit = strtol(p + 2, &end, 10);
      ep[e][c] |= (int)take(&r, 1) << bit;
      p = *end ? end + 1 : end;
   }
   unsigned ns = bc6[found].shape_bits ? 2 : 1, shape = take(&r, bc6[found].shape_bits);
   unsigned n = bc6[found].ep_bits;
   for (int c = 0; c < 3; c++) {
      for (unsigned e = 1; e < 2 * ns; e++) {
         if (bc6[found].transformed)
            ep[e][c] = (ep[0][c] + sext(ep[e][c], bc6[found].delta[c])) & ((1 << n) - 1);
      }
      for (unsigned e = 0; e < 2 * ns; e++) {
         int v = is_signed ? sext(ep[e][c], n) : ep[e][c];
         /* unquantize to 16 bits (17 with sign) */
         if (!is_signed) {
            if (n < 15 && v != 0)
               v = v == (1 << n) - 1 ? 0xFFFF : ((v << 16) + 0x8000) >> n;
         } else if (n < 16) {
            int a = abs(v);
            a = a == 0 ? 0 : a >= (1 << (n - 1)) - 1 ? 0x7FFF : ((a << 15) + 0x4000) >> (n - 1);
            v = v < 0 ? -a : a;
         }
         ep[e][c] = v;
      }
   }
   unsigned idx[16];
   read_indices(&r, ns, shape, ns == 2 ? 3 : 4, idx);
   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset(ns, shape, t);
      for (int c = 0; c < 3; c++) {
         int v = interp(ep[2 * s][c], ep[2 * s + 1][c], idx[t], ns == 2 ? 3 : 4);
         unsigned h = !is_signed ? (unsigned)(v * 31) >> 6
                      : v < 0    ? 0x8000u | ((unsigned)(-v * 31) >> 5)
                                 : (unsigned)(v * 31) >> 5;
         out[t][c] = half_to_float(h);
      }
   }
}

/* ---- formats --------------------------------------------------------------------------- */

enum kind { K_BC1, K_BC2, K_BC3, K_BC4, K_BC5, K_BC6H, K_BC7 };

static const struct fmt {
   VkFormat vk;
   const char *name;
   enum kind kind;
   bool srgb, snorm, alpha_one, sflt;
} formats[] = {
   {VK_FORMAT_BC1_RGB_UNORM_BLOCK, "BC1_RGB_UNORM", K_BC1, false, false, true, false},
   {VK_FORMAT_BC1_RGB_SRGB_BLOCK, "BC1_RGB_SRGB", K_BC1, true, false, true, false},
   {VK_FORMAT_BC1_RGBA_UNORM_BLOCK, "BC1_RGBA_UNORM", K_BC1, false, false, false, false},
   {VK_FORMAT_BC1_RGBA_SRGB_BLOCK, "BC1_RGBA_SRGB", K_BC1, true, false, false, false},
   {VK_FORMAT_BC2_UNORM_BLOCK, "BC2_UNORM", K_BC2, false, false, false, false},
   {VK_FORMAT_BC2_SRGB_BLOCK, "BC2_SRGB", K_BC2, true, false, false, false},
   {VK_FORMAT_BC3_UNORM_BLOCK, "BC3_UNORM", K_BC3, false, false, false, false},
   {VK_FORMAT_BC3_SRGB_BLOCK, "BC3_SRGB", K_BC3, true, false, false, false},
   {VK_FORMAT_BC4_UNORM_BLOCK, "BC4_UNORM", K_BC4, false, false, false, false},
   {VK_FORMAT_BC4_SNORM_BLOCK, "BC4_SNORM", K_BC4, false, true, false, false},
   {VK_FORMAT_BC5_UNORM_BLOCK, "BC5_UNORM", K_BC5, false, false, false, false},
   {VK_FORMAT_BC5_SNORM_BLOCK, "BC5_SNORM", K_BC5, false, true, false, false},
   {VK_FORMAT_BC6H_UFLOAT_BLOCK, "BC6H_UFLOAT", K_BC6H, false, false, false, false},
   {VK_FORMAT_BC6H_SFLOAT_BLOCK, "BC6H_SFLOAT", K_BC6H, false, false, false, true},
   {VK_FORMAT_BC7_UNORM_BLOCK, "BC7_UNORM", K_BC7, false, false, false, false},
   {VK_FORMAT_BC7_SRGB_BLOCK, "BC7_SRGB", K_BC7, true, false, false, false},
};
#define NFMT (sizeof(formats) / sizeof(formats[0]))

static unsigned
block_bytes(const struct fmt *f)
{
   return f->kind == K_BC1 || f->kind == K_BC4 ? 8 : 16;
}

static float
srgb_decode(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* Texel t of a block as the shader reads it (RGBA). */
static void
decode_texel(const struct fmt *f, const uint8_t *b, unsigned t, float v[4])
{
   block_t d;
   for (int i = 0; i < 16; i++)
      d[i][0] = d[i][1] = d[i][2] = 0.0f, d[i][3] = 1.0f;
   switch (f->kind) {
   case K_BC1:
      ref_colour(b, false, d);
      break;
   case K_BC2:
      ref_colour(b + 8, true, d);
      for (int i = 0; i < 16; i++)
         d[i][3] = (float)peek(b, 4 * (unsigned)i, 4) / 15.0f;
      break;
   case K_BC3:
      ref_colour(b + 8, true, d);
      ref_channel(b, false, 3, d);
      break;
   case K_BC4:
      ref_channel(b, f->snorm, 0, d);
      break;
   case K_BC5:
      ref_channel(b, f->snorm, 0, d);
      ref_channel(b + 8, f->snorm, 1, d);
      break;
   case K_BC6H:
      ref_bc6h(b, f->sflt, d);
      break;
   case K_BC7:
      ref_bc7(b, d);
      break;
   }
   memcpy(v, d[t], sizeof(float) * 4);
   if (f->alpha_one)
      v[3] = 1.0f;
   if (f->srgb)
      for (int c = 0; c < 3; c++)
         v[c] = srgb_decode(v[c]);
}

/* Block n of a level: random bits, steered to cover every mode / case. */
static void
make_block(const struct fmt *f, uint32_t seed, unsigned n, uint8_t *b)
{
   unsigned bytes = block_bytes(f);
   for (unsigned i = 0; i < bytes; i++)
      b[i] = (uint8_t)agx_vk_hash(seed * 7919u + n * 131u + i);
   static const uint8_t bc6_codes[] = {0x00, 0x01, 0x02, 0x03, 0x06, 0x07, 0x0A, 0x0B,
                                       0x0E, 0x0F, 0x12, 0x16, 0x1A, 0x1E, 0x13};
   switch (f->kind) {
   case K_BC1:
   case K_BC2:
   case K_BC3: {
      uint8_t *c = f->kind == K_BC1 ? b : b + 8;
      if (n % 2) { /* c0 <= c1: three colours (+ transparent black for BC1) */
         uint8_t t0 = c[0], t1 = c[1];
         if ((c[1] << 8 | c[0]) > (c[3] << 8 | c[2]))
            c[0] = c[2], c[1] = c[3], c[2] = t0, c[3] = t1;
      }
      break;
   }
   case K_BC4:
   case K_BC5:
      if (n % 5 == 0)
         b[0] = 0x80;   /* snorm -128 */
      if (n % 3 == 1) { /* e0 <= e1: six values and the two constants */
         uint8_t t = b[0];
         if (f->snorm ? (int8_t)b[0] > (int8_t)b[1] : b[0] > b[1])
            b[0] = b[1], b[1] = t;
      }
      break;
   case K_BC6H: {
      unsigned code = bc6_codes[n % sizeof(bc6_codes)];
      unsigned bits = code < 2 ? 2 : 5;
      b[0] = (uint8_t)((b[0] & ~((1u << bits) - 1)) | code);
      break;
   }
   case K_BC7: {
      unsigned mode = n % 9; /* 8: reserved */
      b[0] = mode == 8 ? 0 : (uint8_t)(((b[0] << (mode + 1)) & 0xFF) | (1u << mode));
      break;
   }
   }
}

#endif
