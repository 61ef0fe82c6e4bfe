/*
 * CPU reference decoders for test_etc2: whole 4x4 ETC2/EAC blocks to float RGBA, written
 * from the Khronos Data Format Specification 1.3, section "ETC2 Compressed Texture Image
 * Formats" (its bit layouts are given as bit numbers of the 64-bit big-endian block, which
 * the helpers below address directly). Shares no code with the simulator
 * (sim/usc/agx_sim_texel_etc2.c). Results: 8-bit / 255; EAC 11-bit unsigned / 2047, signed
 * / 1023 (the test allows one unit of the view format more for other implementations).
 */
#ifndef ETC2_REF_H
#define ETC2_REF_H

#include <stdbool.h>
#include <stdint.h>

/* bit n (0 = least significant) of the big-endian 64-bit block at b */
static unsigned
rbit(const uint8_t *b, unsigned n)
{
   return (b[7 - n / 8] >> (n % 8)) & 1u;
}

/* bits hi..lo (inclusive) as an unsigned number */
static unsigned
rbits(const uint8_t *b, unsigned hi, unsigned lo)
{
   unsigned v = 0;
   for (int n = (int)hi; n >= (int)lo; n--)
      v = v << 1 | rbit(b, (unsigned)n);
   return v;
}

static int
sat8(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* "table 3.17"-style codeword tables of the specification */
static const int ref_cw[8][4] = {
   {2, 8, -2, -8},     {5, 17, -5, -17},   {9, 29, -9, -29},     {13, 42, -13, -42},
   {18, 60, -18, -60}, {24, 80, -24, -80}, {33, 106, -33, -106}, {47, 183, -47, -183},
};
static const int ref_dist[8] = {3, 6, 11, 16, 23, 32, 41, 64};

/* out[pixel][4] in 0..255, pixel = 4 * x + y. punch: RGB8A1 layout. */
static void
ref_etc2_rgb(const uint8_t *b, bool punch, int out[16][4])
{
   bool bit33 = rbit(b, 33);
   bool opaque = punch ? bit33 : true;
   bool differential = punch ? true : bit33;
   for (unsigned p = 0; p < 16; p++)
      out[p][3] = 255;
   if (!differential) {
      int c[2][3];
      unsigned hi[3] = {63, 55, 47};
      for (int ch = 0; ch < 3; ch++) {
         c[0][ch] = (int)rbits(b, hi[ch], hi[ch] - 3) * 17;
         c[1][ch] = (int)rbits(b, hi[ch] - 4, hi[ch] - 7) * 17;
      }
      unsigned table[2] = {rbits(b, 39, 37), rbits(b, 36, 34)};
      for (unsigned p = 0; p < 16; p++) {
         unsigned x = p / 4, y = p % 4;
         unsigned s = rbit(b, 32) ? (y >= 2) : (x >= 2);
         unsigned idx = rbit(b, 16 + p) * 2 + rbit(b, p);
         for (int ch = 0; ch < 3; ch++)
            out[p][ch] = sat8(c[s][ch] + ref_cw[table[s]][idx]);
      }
      return;
   }
   int base5[3] = {(int)rbits(b, 63, 59), (int)rbits(b, 55, 51), (int)rbits(b, 47, 43)};
   int dlt[3] = {(int)rbits(b, 58, 56), (int)rbits(b, 50, 48), (int)rbits(b, 42, 40)};
   int second[3];
   for (int ch = 0; ch < 3; ch++)
      second[ch] = base5[ch] + (dlt[ch] > 3 ? dlt[ch] - 8 : dlt[ch]);
   bool tmode = second[0] < 0 || second[0] > 31;
   bool hmode = !tmode && (second[1] < 0 || second[1] > 31);
   bool planar = !tmode && !hmode && (second[2] < 0 || second[2] > 31);
   if (planar) {
      unsigned ro = rbits(b, 62, 57), go = rbit(b, 56) << 6 | rbits(b, 54, 49);
      unsigned bo = rbit(b, 48) << 5 | rbits(b, 44, 43) << 3 | rbits(b, 41, 39);
      unsigned rh = rbits(b, 38, 34) << 1 | rbit(b, 32), gh = rbits(b, 31, 25);
      unsigned bh = rbits(b, 24, 19), rv = rbits(b, 18, 13), gv = rbits(b, 12, 6);
      unsigned bv = rbits(b, 5, 0);
      /* 6-bit and 7-bit to 8-bit by replicating the top bits */
      int O[3] = {(int)(ro << 2 | ro >> 4), (int)(go << 1 | go >> 6), (int)(bo << 2 | bo >> 4)};
      int H[3] = {(int)(rh << 2 | rh >> 4), (int)(gh << 1 | gh >> 6), (int)(bh << 2 | bh >> 4)};
      int V[3] = {(int)(rv << 2 | rv >> 4), (int)(gv << 1 | gv >> 6), (int)(bv << 2 | bv >> 4)};
      for (unsigned p = 0; p < 16; p++) {
         int x = (int)(p / 4), y = (int)(p % 4);
         for (int ch = 0; ch < 3; ch++)
            out[p][ch] = sat8((x * (H[ch] - O[ch]) + y * (V[ch] - O[ch]) + 4 * O[ch] + 2) >> 2);
      }
      return;
   }
   if (tmode || hmode) {
      int paint[4][3];
      if (tmode) {
         int c0[3] = {(int)(rbits(b, 60, 59) << 2 | rbits(b, 57, 56)) * 17,
                      (int)rbits(b, 55, 52) * 17, (int)rbits(b, 51, 48) * 17};
         int c1[3] = {(int)rbits(b, 47, 44) * 17, (int)rbits(b, 43, 40) * 17,
                      (int)rbits(b, 39, 36) * 17};
         int d = ref_dist[rbits(b, 35, 34) << 1 | rbit(b, 32)];
         for (int ch = 0; ch < 3; ch++) {
            paint[0][ch] = c0[ch];
            paint[1][ch] = sat8(c1[ch] + d);
            paint[2][ch] = c1[ch];
            paint[3][ch] = sat8(c1[ch] - d);
         }
      } else {
         int r0 = (int)rbits(b, 62, 59), g0 = (int)(rbits(b, 58, 56) << 1 | rbit(b, 52));
         int b0 = (int)(rbit(b, 51) << 3 | rbits(b, 49, 47));
         int r1 = (int)rbits(b, 46, 43), g1 = (int)rbits(b, 42, 39), b1 = (int)rbits(b, 38, 35);
         int v0 = (r0 * 17) * 65536 + (g0 * 17) * 256 + b0 * 17;
         int v1 = (r1 * 17) * 65536 + (g1 * 17) * 256 + b1 * 17;
         int d = ref_dist[rbit(b, 34) * 4 + rbit(b, 32) * 2 + (v0 >= v1 ? 1 : 0)];
         int c0[3] = {r0 * 17, g0 * 17, b0 * 17}, c1[3] = {r1 * 17, g1 * 17, b1 * 17};
         for (int ch = 0; ch < 3; ch++) {
            paint[0][ch] = sat8(c0[ch] + d);
            paint[1][ch] = sat8(c0[ch] - d);
            paint[2][ch] = sat8(c1[ch] + d);
            paint[3][ch] = sat8(c1[ch] - d);
         }
      }
      for (unsigned p = 0; p < 16; p++) {
         unsigned idx = rbit(b, 16 + p) * 2 + rbit(b, p);
         for (int ch = 0; ch < 3; ch++)
            out[p][ch] = paint[idx][ch];
         if (!opaque && idx == 2)
            out[p][0] = out[p][1] = out[p][2] = out[p][3] = 0;
      }
      return;
   }
   /* differential */
   int c[2][3];
   for (int ch = 0; ch < 3; ch++) {
      c[0][ch] = base5[ch] << 3 | base5[ch] >> 2;
      c[1][ch] = second[ch] << 3 | second[ch] >> 2;
   }
   unsigned table[2] = {rbits(b, 39, 37), rbits(b, 36, 34)};
   for (unsigned p = 0; p < 16; p++) {
      unsigned x = p / 4, y = p % 4;
      unsigned s = rbit(b, 32) ? (y >= 2) : (x >= 2);
      unsigned idx = rbit(b, 16 + p) * 2 + rbit(b, p);
      int m = ref_cw[table[s]][idx];
      if (!opaque) {
         if (idx == 2) {
            out[p][0] = out[p][1] = out[p][2] = out[p][3] = 0;
            continue;
         }
         if (idx == 0)
            m = 0;
      }
      for (int ch = 0; ch < 3; ch++)
         out[p][ch] = sat8(c[s][ch] + m);
   }
}

static const int ref_eac[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
   {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
   {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
   {-3, -5, -7, -9, 2, 4, 6, 8},
};

/* EAC block: mode 0 = 8-bit alpha (out 0..255), 1 = R11 unsigned (0..2047), 2 = signed
 * (-1023..1023); pixel p's index sits in bits 47 - 3p .. 45 - 3p. */
static void
ref_eac_block(const uint8_t *b, int mode, int out[16])
{
   int base = (int)rbits(b, 63, 56), mul = (int)rbits(b, 55, 52);
   unsigned tab = rbits(b, 51, 48);
   if (mode == 2) {
      base = base >= 128 ? base - 256 : base;
      if (base == -128)
         base = -127;
   }
   for (unsigned p = 0; p < 16; p++) {
      int m = ref_eac[tab][rbits(b, 47 - 3 * p, 45 - 3 * p)];
      int v;
      if (mode == 0) {
         v = sat8(base + m * mul);
      } else if (mode == 1) {
         v = base * 8 + 4 + (mul == 0 ? m : m * mul * 8);
         v = v < 0 ? 0 : v > 2047 ? 2047 : v;
      } else {
         v = base * 8 + (mul == 0 ? m : m * mul * 8);
         v = v < -1023 ? -1023 : v > 1023 ? 1023 : v;
      }
      out[p] = v;
   }
}

#endif
