/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * ETC2/EAC texels for the blit kernel (agx_blit_bc.h #includes this; agx_blit_mask comes
 * from agx_image_blit.cl): ETC2 RGB8 (individual, differential, T, H and planar modes),
 * RGB8A1 (punch-through alpha), RGBA8 (EAC alpha block + RGB8 block) and EAC R11/RG11,
 * unsigned and signed, decoded in software to texel t (x + 4 y) of the block, so
 * vkCmdBlitImage reads them (BLIT_SRC, required by textureCompressionETC2). Written from the
 * Khronos Data Format Specification 1.3, section "ETC2 Compressed Texture Image Formats"
 * (its bit numbers are those of the 64-bit big-endian block, rebuilt here in q; its pixel
 * index is x * 4 + y) and its modifier tables. Driver code, separate from the simulator's
 * decoder. Results: 8-bit values / 255; EAC 11-bit unsigned / 2047, signed / 1023 (the
 * precision Vulkan lets an implementation choose; assumed). No private arrays, no switch
 * statements (see agx_blit_bc.h): selects and constant tables. GPU only.
 */
#ifndef AGX_BLIT_ETC2_H
#define AGX_BLIT_ETC2_H

/* ETC1/ETC2 intensity modifiers: the two magnitudes of each table (index 0: +a, 1: +b,
 * 2: -a, 3: -b). */
constant uint8_t agx_etc_mod[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                                      {18, 60}, {24, 80}, {33, 106}, {47, 183}};
/* T and H mode distances. */
constant uint8_t agx_etc_dist[8] = {3, 6, 11, 16, 23, 32, 41, 64};
/* EAC modifier tables. */
constant char agx_eac_mod[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
   {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
   {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
   {-3, -5, -7, -9, 2, 4, 6, 8}};

/* The 8-byte block in w0 (bytes 0-3), w1 (bytes 4-7) as the big-endian 64-bit q. */
static uint64_t
agx_etc_block(uint32_t w0, uint32_t w1)
{
   uint32_t h = (w0 >> 24) | ((w0 >> 8) & 0xFF00u) | ((w0 << 8) & 0xFF0000u) | (w0 << 24);
   uint32_t l = (w1 >> 24) | ((w1 >> 8) & 0xFF00u) | ((w1 << 8) & 0xFF0000u) | (w1 << 24);
   return ((uint64_t)h << 32) | l;
}

/* Bits lo .. lo + n - 1 of q. */
static uint32_t
agx_etc_bits(uint64_t q, uint32_t lo, uint32_t n)
{
   return (uint32_t)(q >> lo) & agx_blit_mask(n);
}

static int32_t
agx_etc_sat(int32_t v)
{
   return v < 0 ? 0 : (v > 255 ? 255 : v);
}

/* Modifier of table `tab` for pixel index idx (0..3), by selects. */
static int32_t
agx_etc_modifier(uint32_t tab, uint32_t idx)
{
   int32_t m = (int32_t)agx_etc_mod[tab][idx & 1u];
   return idx >= 2u ? -m : m;
}

/* One channel of a T (h false) or H mode block: paint colour idx of c0, c1 (8-bit) and
 * distance d. */
static int32_t
agx_etc_paint(bool h, uint32_t idx, int32_t c0, int32_t c1, int32_t d)
{
   if (h)
      return agx_etc_sat((idx >= 2u ? c1 : c0) + ((idx & 1u) != 0u ? -d : d));
   int32_t off = idx >= 3u ? -d : (idx >= 2u ? 0 : d);
   return idx >= 1u ? agx_etc_sat(c1 + off) : c0;
}

/* A planar channel: origin o, horizontal h, vertical v (8-bit) at pixel (x, y). */
static int32_t
agx_etc_planar(int32_t o, int32_t h, int32_t v, int32_t x, int32_t y)
{
   return agx_etc_sat((x * (h - o) + y * (v - o) + 4 * o + 2) >> 2);
}

static int32_t
agx_etc_x6(uint32_t v)
{
   return (int32_t)((v << 2) | (v >> 4));
}

static int32_t
agx_etc_x7(uint32_t v)
{
   return (int32_t)((v << 1) | (v >> 6));
}

/* Pixel p (x * 4 + y) of an ETC2 RGB8 block q as 8-bit *r, *g, *b, *a; punch: the RGB8A1
 * layout (bit 33 = opaque instead of differential, punch-through texels). */
static inline __attribute__((always_inline)) void
agx_etc2_rgb(uint64_t q, uint32_t p, bool punch, int32_t *r, int32_t *g, int32_t *b, int32_t *a)
{
   uint32_t x = p >> 2, y = p & 3u;
   uint32_t idx = (agx_etc_bits(q, 16u + p, 1u) << 1) | agx_etc_bits(q, p, 1u);
   bool bit33 = agx_etc_bits(q, 33u, 1u) != 0u;
   bool opaque = !punch || bit33, diff = punch || bit33;
   uint32_t s = agx_etc_bits(q, 32u, 1u) != 0u ? (y >= 2u ? 1u : 0u) : (x >= 2u ? 1u : 0u);
   uint32_t tab = agx_etc_bits(q, s != 0u ? 34u : 37u, 3u);
   *a = 255;
   if (!diff) { /* individual: two 4-bit colours */
      int32_t m = agx_etc_modifier(tab, idx);
      *r = agx_etc_sat((int32_t)agx_etc_bits(q, 60u - 4u * s, 4u) * 17 + m);
      *g = agx_etc_sat((int32_t)agx_etc_bits(q, 52u - 4u * s, 4u) * 17 + m);
      *b = agx_etc_sat((int32_t)agx_etc_bits(q, 44u - 4u * s, 4u) * 17 + m);
      return;
   }
   int32_t r5 = (int32_t)agx_etc_bits(q, 59u, 5u), g5 = (int32_t)agx_etc_bits(q, 51u, 5u);
   int32_t b5 = (int32_t)agx_etc_bits(q, 43u, 5u);
   int32_t dr = (int32_t)agx_etc_bits(q, 56u, 3u), dg = (int32_t)agx_etc_bits(q, 48u, 3u);
   int32_t db = (int32_t)agx_etc_bits(q, 40u, 3u);
   int32_t r2 = r5 + (dr >= 4 ? dr - 8 : dr), g2 = g5 + (dg >= 4 ? dg - 8 : dg);
   int32_t b2 = b5 + (db >= 4 ? db - 8 : db);
   bool tmode = r2 < 0 || r2 > 31;
   bool hmode = !tmode && (g2 < 0 || g2 > 31);
   bool planar = !tmode && !hmode && (b2 < 0 || b2 > 31);
   if (planar) { /* always opaque */
      uint32_t ro = agx_etc_bits(q, 57u, 6u);
      uint32_t go = (agx_etc_bits(q, 56u, 1u) << 6) | agx_etc_bits(q, 49u, 6u);
      uint32_t bo = (agx_etc_bits(q, 48u, 1u) << 5) | (agx_etc_bits(q, 43u, 2u) << 3) |
                    agx_etc_bits(q, 39u, 3u);
      uint32_t rh = (agx_etc_bits(q, 34u, 5u) << 1) | agx_etc_bits(q, 32u, 1u);
      int32_t xi = (int32_t)x, yi = (int32_t)y;
      *r = agx_etc_planar(agx_etc_x6(ro), agx_etc_x6(rh), agx_etc_x6(agx_etc_bits(q, 13u, 6u)), xi,
                          yi);
      *g = agx_etc_planar(agx_etc_x7(go), agx_etc_x7(agx_etc_bits(q, 25u, 7u)),
                          agx_etc_x7(agx_etc_bits(q, 6u, 7u)), xi, yi);
      *b = agx_etc_planar(agx_etc_x6(bo), agx_etc_x6(agx_etc_bits(q, 19u, 6u)),
                          agx_etc_x6(agx_etc_bits(q, 0u, 6u)), xi, yi);
      return;
   }
   /* punch-through: index 2 is transparent black in T, H and differential modes */
   bool clear = !opaque && idx >= 2u && idx < 3u;
   if (tmode || hmode) {
      int32_t r0, g0, b0, r1, g1, b1;
      uint32_t di;
      if (tmode) {
         r0 = (int32_t)((agx_etc_bits(q, 59u, 2u) << 2) | agx_etc_bits(q, 56u, 2u));
         g0 = (int32_t)agx_etc_bits(q, 52u, 4u), b0 = (int32_t)agx_etc_bits(q, 48u, 4u);
         r1 = (int32_t)agx_etc_bits(q, 44u, 4u), g1 = (int32_t)agx_etc_bits(q, 40u, 4u);
         b1 = (int32_t)agx_etc_bits(q, 36u, 4u);
         di = (agx_etc_bits(q, 34u, 2u) << 1) | agx_etc_bits(q, 32u, 1u);
      } else {
         r0 = (int32_t)agx_etc_bits(q, 59u, 4u);
         g0 = (int32_t)((agx_etc_bits(q, 56u, 3u) << 1) | agx_etc_bits(q, 52u, 1u));
         b0 = (int32_t)((agx_etc_bits(q, 51u, 1u) << 3) | agx_etc_bits(q, 47u, 3u));
         r1 = (int32_t)agx_etc_bits(q, 43u, 4u), g1 = (int32_t)agx_etc_bits(q, 39u, 4u);
         b1 = (int32_t)agx_etc_bits(q, 35u, 4u);
         /* the distance's low bit: whether colour 0 >= colour 1 as 24-bit RGB values */
         int32_t v0 = (r0 << 8) | (g0 << 4) | b0, v1 = (r1 << 8) | (g1 << 4) | b1;
         di = (agx_etc_bits(q, 34u, 1u) << 2) | (agx_etc_bits(q, 32u, 1u) << 1) |
              (v0 >= v1 ? 1u : 0u);
      }
      int32_t d = (int32_t)agx_etc_dist[di];
      *r = agx_etc_paint(hmode, idx, r0 * 17, r1 * 17, d);
      *g = agx_etc_paint(hmode, idx, g0 * 17, g1 * 17, d);
      *b = agx_etc_paint(hmode, idx, b0 * 17, b1 * 17, d);
   } else { /* differential: two 5-bit colours */
      int32_t m = !opaque && idx < 1u ? 0 : agx_etc_modifier(tab, idx);
      int32_t cr = s != 0u ? r2 : r5, cg = s != 0u ? g2 : g5, cb = s != 0u ? b2 : b5;
      *r = agx_etc_sat(((cr << 3) | (cr >> 2)) + m);
      *g = agx_etc_sat(((cg << 3) | (cg >> 2)) + m);
      *b = agx_etc_sat(((cb << 3) | (cb >> 2)) + m);
   }
   if (clear)
      *r = *g = *b = *a = 0;
}

/* Pixel p of an EAC block q: alpha8 (ETC2 RGBA8's alpha, 0..1 from 8 bits), else an
 * 11-bit channel, signed with sgn. */
static float
agx_eac(uint64_t q, uint32_t p, bool alpha8, bool sgn)
{
   int32_t base = (int32_t)agx_etc_bits(q, 56u, 8u), mul = (int32_t)agx_etc_bits(q, 52u, 4u);
   int32_t m = (int32_t)agx_eac_mod[agx_etc_bits(q, 48u, 4u)][agx_etc_bits(q, 45u - 3u * p, 3u)];
   if (alpha8)
      return (float)agx_etc_sat(base + m * mul) / 255.0f;
   int32_t step = mul < 1 ? m : m * mul * 8;
   if (sgn) {
      base = base >= 128 ? base - 256 : base;
      base = base < -127 ? -127 : base;
      int32_t v = base * 8 + step;
      v = v < -1023 ? -1023 : (v > 1023 ? 1023 : v);
      return (float)v / 1023.0f;
   }
   int32_t v = base * 8 + 4 + step;
   v = v < 0 ? 0 : (v > 2047 ? 2047 : v);
   return (float)v / 2047.0f;
}

/* Texel t (x + 4 y) of the ETC2/EAC block w0..w3 of kind `kind` (AGX_BLIT_ETC2_*,
 * AGX_BLIT_EAC_*); *r.. *a are preset to 0, 0, 0, 1. */
static inline __attribute__((always_inline)) void
agx_etc2_texel(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t kind, bool sgn,
               uint32_t t, float *r, float *g, float *b, float *a)
{
   uint32_t p = (t >> 2) | ((t & 3u) << 2);
   uint64_t q0 = agx_etc_block(w0, w1), q1 = agx_etc_block(w2, w3);
   if (kind >= AGX_BLIT_EAC_R11) {
      *r = agx_eac(q0, p, false, sgn);
      *g = kind >= AGX_BLIT_EAC_RG11 ? agx_eac(q1, p, false, sgn) : 0.0f;
      return;
   }
   bool rgba = kind >= AGX_BLIT_ETC2_RGBA8;
   int32_t ir, ig, ib, ia;
   agx_etc2_rgb(rgba ? q1 : q0, p, kind >= AGX_BLIT_ETC2_RGB8A1 && !rgba, &ir, &ig, &ib, &ia);
   *r = (float)ir / 255.0f;
   *g = (float)ig / 255.0f;
   *b = (float)ib / 255.0f;
   *a = rgba ? agx_eac(q0, p, true, false) : (float)ia / 255.0f;
}

#endif
