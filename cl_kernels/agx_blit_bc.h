/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Block-compressed texels for the blit kernel (agx_image_blit.cl #includes this after its
 * helpers agx_blit_mask, agx_blit_half_to_float and agx_blit_div): BC1-BC7 blocks decoded in software to
 * the texel at index t (x + 4 y) of the block, so vkCmdBlitImage reads BC sources
 * (BLIT_SRC). Written from the Khronos Data Format Specification 1.3, sections "S3TC
 * Compressed Texture Image Formats" (BC1-BC3), "RGTC" (BC4/BC5) and "BPTC" (BC6H, BC7, with
 * its tables: partition shapes, anchor texels, weights, the BC6H mode bit layouts).
 * Assumes (as Vulkan allows, the arithmetic the specification leaves open): BC1-BC3
 * interpolants in float arithmetic from endpoints expanded by v / 31, v / 63; BC4/BC5 in
 * float from 8-bit endpoints (snorm -128 reads as -1.0); BC7 and BC6H in the
 * specification's exact integer arithmetic; reserved BC7 modes decode to transparent
 * black, reserved BC6H modes to opaque black. No private arrays (they would live in scratch
 * memory) and no switch statements (see agx_image_copy.cl): selects, loops and constant
 * tables. GPU only.
 */
#ifndef AGX_BLIT_BC_H
#define AGX_BLIT_BC_H

/* Bits [off, off + n) of the 128-bit little-endian block w0..w3 (n <= 32). */
static uint32_t
agx_bc_bits(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t off, uint32_t n)
{
   uint64_t lo = (uint64_t)w0 | ((uint64_t)w1 << 32), hi = (uint64_t)w2 | ((uint64_t)w3 << 32);
   uint64_t v;
   if (off >= 64u)
      v = hi >> (off - 64u);
   else if (off == 0u)
      v = lo;
   else
      v = (lo >> off) | (hi << (64u - off));
   return (uint32_t)v & agx_blit_mask(n);
}

/* ---- BC1-BC5 --------------------------------------------------------------------------- */

/* Texel t of an S3TC colour block (endpoints in cw, indices in iw); four: always four
 * colours (BC2/BC3); opaque: BC1's transparent black keeps alpha 1 (the RGB formats). */
static inline __attribute__((always_inline)) void
agx_bc_colour(uint32_t cw, uint32_t iw, uint32_t t, bool four, bool opaque, float *r, float *g,
              float *b, float *a)
{
   uint32_t c0 = cw & 0xFFFFu, c1 = cw >> 16, i = (iw >> (2u * t)) & 3u;
   float r0 = (float)((c0 >> 11) & 31u) / 31.0f, r1 = (float)((c1 >> 11) & 31u) / 31.0f;
   float g0 = (float)((c0 >> 5) & 63u) / 63.0f, g1 = (float)((c1 >> 5) & 63u) / 63.0f;
   float b0 = (float)(c0 & 31u) / 31.0f, b1 = (float)(c1 & 31u) / 31.0f;
   /* palette entry i = (m0 c0 + m1 c1) / d, by selects (equality tests on i become a
    * switch on a 2-bit integer, which llvm-spirv-15 rejects) */
   bool thirds = four || c0 > c1;
   float m0 = i >= 3u ? (thirds ? 1.0f : 0.0f) : (i >= 2u ? (thirds ? 2.0f : 1.0f) : 1.0f);
   float m1 = i >= 3u ? (thirds ? 2.0f : 0.0f) : 1.0f;
   m0 = i >= 1u && i < 2u ? 0.0f : m0;
   m1 = i >= 1u ? m1 : 0.0f;
   float d = i >= 2u ? (thirds ? 3.0f : 2.0f) : 1.0f;
   /* BC1's fourth entry without thirds: transparent black */
   *a = i >= 3u && !thirds && !opaque ? 0.0f : 1.0f;
   *r = (m0 * r0 + m1 * r1) / d;
   *g = (m0 * g0 + m1 * g1) / d;
   *b = (m0 * b0 + m1 * b1) / d;
}

/* Texel t of an RGTC channel block (bytes 0-3 in lo, 4-7 in hi). */
static float
agx_bc_channel(uint32_t lo, uint32_t hi, uint32_t t, bool snorm)
{
   uint64_t q = (uint64_t)lo | ((uint64_t)hi << 32);
   uint32_t i = (uint32_t)(q >> (16u + 3u * t)) & 7u;
   int32_t e0 = (int32_t)(lo & 0xFFu), e1 = (int32_t)((lo >> 8) & 0xFFu);
   if (snorm) {
      e0 = e0 >= 128 ? e0 - 256 : e0;
      e1 = e1 >= 128 ? e1 - 256 : e1;
   }
   float scale = snorm ? 127.0f : 255.0f;
   float f0 = (float)e0 / scale, f1 = (float)e1 / scale;
   f0 = f0 > -1.0f ? f0 : -1.0f;
   f1 = f1 > -1.0f ? f1 : -1.0f;
   /* by selects, as in agx_bc_colour */
   float k = (float)i - 1.0f;
   float eight = ((7.0f - k) * f0 + k * f1) / 7.0f;
   float six =
      i >= 7u ? 1.0f : (i >= 6u ? (snorm ? -1.0f : 0.0f) : ((5.0f - k) * f0 + k * f1) / 5.0f);
   float v = e0 > e1 ? eight : six;
   return i >= 2u ? v : (i >= 1u ? f1 : f0);
}

/* ---- BPTC tables ----------------------------------------------------------------------- */

/* Two-subset shapes: bit t set = texel t in subset 1. */
constant uint16_t agx_bptc_shape2[64] = {
   0xCCCC, 0x8888, 0xEEEE, 0xECC8, 0xC880, 0xFEEC, 0xFEC8, 0xEC80, 0xC800, 0xFFEC, 0xFE80,
   0xE800, 0xFFE8, 0xFF00, 0xFFF0, 0xF000, 0xF710, 0x008E, 0x7100, 0x08CE, 0x008C, 0x7310,
   0x3100, 0x8CCE, 0x088C, 0x3110, 0x6666, 0x366C, 0x17E8, 0x0FF0, 0x718E, 0x399C, 0xAAAA,
   0xF0F0, 0x5A5A, 0x33CC, 0x3C3C, 0x55AA, 0x9696, 0xA55A, 0x73CE, 0x13C8, 0x324C, 0x3BDC,
   0x6996, 0xC33C, 0x9966, 0x0660, 0x0272, 0x04E4, 0x4E40, 0x2720, 0xC936, 0x936C, 0x39C6,
   0x639C, 0x9336, 0x9CC6, 0x817E, 0xE718, 0xCCF0, 0x0FCC, 0x7744, 0xEE22};
/* Three-subset shapes: bits 2t..2t+1 = the subset of texel t. */
constant uint32_t agx_bptc_shape3[64] = {
   0xAA685050, 0x6A5A5040, 0x5A5A4200, 0x5450A0A8, 0xA5A50000, 0xA0A05050, 0x5555A0A0, 0x5A5A5050,
   0xAA550000, 0xAA555500, 0xAAAA5500, 0x90909090, 0x94949494, 0xA4A4A4A4, 0xA9A59450, 0x2A0A4250,
   0xA5945040, 0x0A425054, 0xA5A5A500, 0x55A0A0A0, 0xA8A85454, 0x6A6A4040, 0xA4A45000, 0x1A1A0500,
   0x0050A4A4, 0xAAA59090, 0x14696914, 0x69691400, 0xA08585A0, 0xAA821414, 0x50A4A450, 0x6A5A0200,
   0xA9A58000, 0x5090A0A8, 0xA8A09050, 0x24242424, 0x00AA5500, 0x24924924, 0x24499224, 0x50A50A50,
   0x500AA550, 0xAAAA4444, 0x66660000, 0xA5A0A5A0, 0x50A050A0, 0x69286928, 0x44AAAA44, 0x66666600,
   0xAA444444, 0x54A854A8, 0x95809580, 0x96969600, 0xA85454A8, 0x80959580, 0xAA141414, 0x96960000,
   0xAAAA1414, 0xA05050A0, 0xA0A5A5A0, 0x96000000, 0x40804080, 0xA9A8A9A8, 0xAAAAAA44, 0x2A4A5254};
/* Anchor texels (stored with one index bit less; texel 0 always is one): subset 1 of two,
 * subsets 1 and 2 of three. */
constant uint8_t agx_bptc_fix2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2, 2, 8,
   8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8, 2, 2,
   2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15};
constant uint8_t agx_bptc_fix3a[64] = {3, 3,  15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
                                       3, 3,  8,  15, 3, 3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
                                       8, 15, 3,  5,  6, 10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
                                       3, 15, 5,  5,  5, 8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
constant uint8_t agx_bptc_fix3b[64] = {
   15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
   15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
   3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};
/* Interpolation weights (of 64) for 2-, 3- and 4-bit indices. */
constant uint8_t agx_bptc_w2[4] = {0, 21, 43, 64};
constant uint8_t agx_bptc_w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
constant uint8_t agx_bptc_w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

static uint32_t
agx_bptc_subset(uint32_t ns, uint32_t shape, uint32_t t)
{
   if (ns >= 3u)
      return (agx_bptc_shape3[shape] >> (2u * t)) & 3u;
   if (ns >= 2u)
      return ((uint32_t)agx_bptc_shape2[shape] >> t) & 1u;
   return 0u;
}

/* Index of texel t: `ib` bits each from bit `start`, anchors one bit less. */
static uint32_t
agx_bptc_index(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t start, uint32_t ib,
               uint32_t ns, uint32_t shape, uint32_t t)
{
   uint32_t a1 = 16u, a2 = 16u; /* anchors of subsets 1 and 2 (16: none) */
   if (ns >= 3u) {
      a1 = agx_bptc_fix3a[shape];
      a2 = agx_bptc_fix3b[shape];
   } else if (ns >= 2u) {
      a1 = agx_bptc_fix2[shape];
   }
   uint32_t off = start + t * ib;
   off -= (t > 0u ? 1u : 0u) + (a1 < t ? 1u : 0u) + (a2 < t ? 1u : 0u);
   bool anchor = t == 0u || t == a1 || t == a2;
   return agx_bc_bits(w0, w1, w2, w3, off, anchor ? ib - 1u : ib);
}

static int32_t
agx_bptc_interp(int32_t e0, int32_t e1, uint32_t index, uint32_t ib)
{
   int32_t w = ib >= 4u   ? (int32_t)agx_bptc_w4[index]
               : ib >= 3u ? (int32_t)agx_bptc_w3[index & 7u]
                          : (int32_t)agx_bptc_w2[index & 3u];
   return (e0 * (64 - w) + e1 * w + 32) >> 6;
}

/* ---- BC7 ------------------------------------------------------------------------------- */

/* Per mode: subsets, partition bits, rotation bits, index-selection bits, colour bits,
 * alpha bits, per-endpoint P-bits, shared P-bits, index bits, secondary index bits. */
constant uint8_t agx_bc7_modes[8][10] = {
   {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
   {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
   {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0}};

/* Byte 0 -> mode (its lowest set bit; 8: reserved). */
constant uint8_t agx_bc7_mode_of[256] = {
   8, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   6, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   7, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   6, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
   5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
};

/* An endpoint of n bits (P-bit included) widened to 8 by replicating its high bits. */
static int32_t
agx_bc7_expand(uint32_t v, uint32_t n)
{
   return (int32_t)(((v << (8u - n)) | (v >> (2u * n - 8u))) & 0xFFu);
}

static inline __attribute__((always_inline)) void
agx_bc7(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t t, float *r, float *g,
        float *b, float *a)
{
   /* the mode is the lowest set bit of byte 0 (a table: a one-block loop here comes out of
    * llvm-spirv-15 with an invalid loop merge) */
   uint32_t mode = agx_bc7_mode_of[w0 & 0xFFu];
   *r = *g = *b = *a = 0.0f;
   if (mode >= 8u)
      return; /* reserved */
   uint32_t ns = agx_bc7_modes[mode][0], pb = agx_bc7_modes[mode][1];
   uint32_t rb = agx_bc7_modes[mode][2], isbb = agx_bc7_modes[mode][3];
   uint32_t cb = agx_bc7_modes[mode][4], ab = agx_bc7_modes[mode][5];
   uint32_t epb = agx_bc7_modes[mode][6], spb = agx_bc7_modes[mode][7];
   uint32_t ib = agx_bc7_modes[mode][8], ib2 = agx_bc7_modes[mode][9];
   uint32_t pos = mode + 1u;
   uint32_t shape = agx_bc_bits(w0, w1, w2, w3, pos, pb);
   pos += pb;
   uint32_t rot = agx_bc_bits(w0, w1, w2, w3, pos, rb);
   pos += rb;
   uint32_t isb = agx_bc_bits(w0, w1, w2, w3, pos, isbb);
   pos += isbb;
   uint32_t s = agx_bptc_subset(ns, shape, t), nep = 2u * ns;
   /* endpoints 2s, 2s + 1: R of every endpoint, then G, B, then A */
   uint32_t apos = pos + 3u * nep * cb, ppos = apos + nep * ab;
   uint32_t p0 = 0u, p1 = 0u, np = 0u;
   if (epb) {
      p0 = agx_bc_bits(w0, w1, w2, w3, ppos + 2u * s, 1u);
      p1 = agx_bc_bits(w0, w1, w2, w3, ppos + 2u * s + 1u, 1u);
      np = nep;
   } else if (spb) {
      p0 = p1 = agx_bc_bits(w0, w1, w2, w3, ppos + s, 1u);
      np = ns;
   }
   uint32_t pbit = epb | spb, n = cb + pbit, an = ab ? ab + pbit : 0u;
   uint32_t ipos = ppos + np;
   uint32_t i1 = agx_bptc_index(w0, w1, w2, w3, ipos, ib, ns, shape, t);
   uint32_t i2 = ib2 ? agx_bptc_index(w0, w1, w2, w3, ipos + 16u * ib - ns, ib2, 1u, 0u, t) : i1;
   uint32_t ci = i1, cib = ib, ai = i1, aib = ib;
   if (ib2) {
      ci = isb ? i2 : i1, cib = isb ? ib2 : ib;
      ai = isb ? i1 : i2, aib = isb ? ib : ib2;
   }
   float o0 = 0.0f, o1 = 0.0f, o2 = 0.0f, o3 = 1.0f;
   for (uint32_t k = 0u; k < 3u; k++) {
      uint32_t e0 = agx_bc_bits(w0, w1, w2, w3, pos + (k * nep + 2u * s) * cb, cb);
      uint32_t e1 = agx_bc_bits(w0, w1, w2, w3, pos + (k * nep + 2u * s + 1u) * cb, cb);
      if (pbit) {
         e0 = (e0 << 1) | p0;
         e1 = (e1 << 1) | p1;
      }
      float f =
         (float)agx_bptc_interp(agx_bc7_expand(e0, n), agx_bc7_expand(e1, n), ci, cib) / 255.0f;
      o0 = k == 0u ? f : o0;
      o1 = k == 1u ? f : o1;
      o2 = k >= 2u ? f : o2;
   }
   if (ab) {
      uint32_t e0 = agx_bc_bits(w0, w1, w2, w3, apos + 2u * s * ab, ab);
      uint32_t e1 = agx_bc_bits(w0, w1, w2, w3, apos + (2u * s + 1u) * ab, ab);
      if (pbit) {
         e0 = (e0 << 1) | p0;
         e1 = (e1 << 1) | p1;
      }
      o3 = (float)agx_bptc_interp(agx_bc7_expand(e0, an), agx_bc7_expand(e1, an), ai, aib) / 255.0f;
   }
   /* rotation: A swaps with R, G or B */
   float x = rot == 1u ? o0 : (rot == 2u ? o1 : o2);
   if (rot) {
      o0 = rot == 1u ? o3 : o0;
      o1 = rot == 2u ? o3 : o1;
      o2 = rot == 3u ? o3 : o2;
      o3 = x;
   }
   *r = o0, *g = o1, *b = o2, *a = o3;
}

/* ---- BC6H ------------------------------------------------------------------------------ */

/* Per mode (the specification's order): mode value (2 bits for the first two, else 5),
 * transformed (delta) endpoints, regions, endpoint bits, delta bits of R, G, B. */
constant uint8_t agx_bc6_modes[14][7] = {
   {0x00, 1, 2, 10, 5, 5, 5},    {0x01, 1, 2, 7, 6, 6, 6},  {0x02, 1, 2, 11, 5, 4, 4},
   {0x03, 0, 1, 10, 10, 10, 10}, {0x06, 1, 2, 11, 4, 5, 4}, {0x07, 1, 1, 11, 9, 9, 9},
   {0x0A, 1, 2, 11, 4, 4, 5},    {0x0B, 1, 1, 12, 8, 8, 8}, {0x0E, 1, 2, 9, 5, 5, 5},
   {0x0F, 1, 1, 16, 4, 4, 4},    {0x12, 1, 2, 8, 6, 5, 5},  {0x16, 1, 2, 8, 5, 6, 5},
   {0x1A, 1, 2, 8, 5, 5, 6},     {0x1E, 0, 2, 6, 6, 6, 6},
};
/* The 5 low bits of a block -> its mode (modes 0 and 1 use 2 bits; 14: reserved). */
constant uint8_t agx_bc6_mode_of[32] = {0, 1, 2,  3,  0, 1, 4,  5,  0, 1, 6,  7,  0, 1, 8,  9,
                                        0, 1, 10, 14, 0, 1, 11, 14, 0, 1, 12, 14, 0, 1, 13, 14};
/* Where header bit 2 + i goes: endpoint << 6 | channel (R, G, B) << 4 | bit; 0xFF: mode
 * bits or past the header. */
constant uint8_t agx_bc6_layout[14][75] = {
   /* 0x00 */ {0x94, 0xA4, 0xE4, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x44, 0xD4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE3},
   /* 0x01 */ {0x95, 0xD4, 0xD5, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xE0, 0xE1, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0xA5, 0xE2, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0xE3, 0xE5, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0x85, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5},
   /* 0x02 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x44, 0x0A,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x1A, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x2A, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE3},
   /* 0x03 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x46, 0x47, 0x48, 0x49, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
               0x59, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xFF, 0xFF,
               0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
   /* 0x06 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x0A, 0xD4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0x1A, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x2A, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0xE0, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0x94, 0xE3},
   /* 0x07 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x46, 0x47, 0x48, 0x0A, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
               0x1A, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x2A, 0xFF, 0xFF,
               0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
   /* 0x0A */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x0A, 0xA4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x1A, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0x2A, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0xE1, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xE4, 0xE3},
   /* 0x0B */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x46, 0x47, 0x0B, 0x0A, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x1B,
               0x1A, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x2B, 0x2A, 0xFF, 0xFF,
               0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
   /* 0x0E */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0xD4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE3},
   /* 0x0F */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x40, 0x41, 0x42, 0x43, 0x0F, 0x0E,
               0x0D, 0x0C, 0x0B, 0x0A, 0x50, 0x51, 0x52, 0x53, 0x1F, 0x1E, 0x1D, 0x1C, 0x1B,
               0x1A, 0x60, 0x61, 0x62, 0x63, 0x2F, 0x2E, 0x2D, 0x2C, 0x2B, 0x2A, 0xFF, 0xFF,
               0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
   /* 0x12 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0xD4, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0xE2, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0xE3, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0x85, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5},
   /* 0x16 */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0xE0, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x95, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0xD5, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0xD4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0xE1, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE3},
   /* 0x1A */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0xE1, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0xA5, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0x26, 0x27, 0xE5, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0xD4,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0xE0, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0xE2, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE3},
   /* 0x1E */ {0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0xD4, 0xE0, 0xE1, 0xA4,
               0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x95, 0xA5, 0xE2, 0x94, 0x20, 0x21, 0x22,
               0x23, 0x24, 0x25, 0xD5, 0xE3, 0xE5, 0xE4, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45,
               0x90, 0x91, 0x92, 0x93, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0xD0, 0xD1, 0xD2,
               0xD3, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0xA0, 0xA1, 0xA2, 0xA3, 0x80, 0x81,
               0x82, 0x83, 0x84, 0x85, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5},
};

static int32_t
agx_bc6_sext(uint32_t v, uint32_t n)
{
   return n >= 32u ? (int32_t)v : ((int32_t)(v << (32u - n))) >> (32u - n);
}

/* An n-bit endpoint to 16 bits (17 with the sign). */
static int32_t
agx_bc6_unquantize(int32_t v, uint32_t n, bool sgn)
{
   if (!sgn) {
      if (n >= 15u || v == 0)
         return v;
      return v == (int32_t)((1u << n) - 1u) ? 0xFFFF
                                            : (int32_t)((((uint32_t)v << 16) + 0x8000u) >> n);
   }
   if (n >= 16u)
      return v;
   int32_t m = v < 0 ? -v : v;
   m = m == 0 ? 0
       : m >= (int32_t)((1u << (n - 1u)) - 1u)
          ? 0x7FFF
          : (int32_t)((((uint32_t)m << 15) + 0x4000u) >> (n - 1u));
   return v < 0 ? -m : m;
}

/* One channel of the texel: endpoints A, B of its region (E0 the block's first), as the
 * 16-bit half the format stores. */
static float
agx_bc6_channel(uint32_t e0, uint32_t ea, uint32_t eb, bool first_region, uint32_t transformed,
                uint32_t n, uint32_t delta, bool sgn, uint32_t index, uint32_t ib)
{
   uint32_t mask = agx_blit_mask(n);
   if (transformed) {
      ea = first_region ? e0 : (e0 + (uint32_t)agx_bc6_sext(ea, delta)) & mask;
      eb = (e0 + (uint32_t)agx_bc6_sext(eb, delta)) & mask;
   }
   int32_t a = sgn ? agx_bc6_sext(ea, n) : (int32_t)ea;
   int32_t b = sgn ? agx_bc6_sext(eb, n) : (int32_t)eb;
   int32_t v =
      agx_bptc_interp(agx_bc6_unquantize(a, n, sgn), agx_bc6_unquantize(b, n, sgn), index, ib);
   uint32_t h;
   if (!sgn)
      h = (uint32_t)(v * 31) >> 6;
   else
      h = v < 0 ? 0x8000u | ((uint32_t)(-v * 31) >> 5) : (uint32_t)(v * 31) >> 5;
   return agx_blit_half_to_float(h);
}

static inline __attribute__((always_inline)) void
agx_bc6h(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t t, bool sgn, float *r,
         float *g, float *b, float *a)
{
   *r = *g = *b = 0.0f;
   *a = 1.0f;
   uint32_t mode = agx_bc6_mode_of[w0 & 31u];
   if (mode >= 14u)
      return; /* reserved */
   uint32_t transformed = agx_bc6_modes[mode][1], ns = agx_bc6_modes[mode][2];
   uint32_t n = agx_bc6_modes[mode][3];
   uint32_t shape = ns >= 2u ? agx_bc_bits(w0, w1, w2, w3, 77u, 5u) : 0u;
   uint32_t s = agx_bptc_subset(ns, shape, t), ea = 2u * s, eb = ea + 1u;
   /* endpoint 0, A and B of R, G, B gathered from the header bits */
   uint32_t e0r = 0u, e0g = 0u, e0b = 0u, ar = 0u, ag = 0u, ab = 0u, br = 0u, bg = 0u, bb = 0u;
   for (uint32_t i = 0u; i < 75u; i++) {
      uint32_t ent = agx_bc6_layout[mode][i];
      if (ent == 0xFFu)
         continue;
      uint32_t bit = agx_bc_bits(w0, w1, w2, w3, 2u + i, 1u) << (ent & 15u);
      uint32_t e = ent >> 6, ch = (ent >> 4) & 3u;
      e0r |= e == 0u && ch == 0u ? bit : 0u;
      e0g |= e == 0u && ch == 1u ? bit : 0u;
      e0b |= e == 0u && ch == 2u ? bit : 0u;
      ar |= e == ea && ch == 0u ? bit : 0u;
      ag |= e == ea && ch == 1u ? bit : 0u;
      ab |= e == ea && ch == 2u ? bit : 0u;
      br |= e == eb && ch == 0u ? bit : 0u;
      bg |= e == eb && ch == 1u ? bit : 0u;
      bb |= e == eb && ch == 2u ? bit : 0u;
   }
   uint32_t ib = ns >= 2u ? 3u : 4u;
   uint32_t index = agx_bptc_index(w0, w1, w2, w3, ns >= 2u ? 82u : 65u, ib, ns, shape, t);
   *r =
      agx_bc6_channel(e0r, ar, br, s == 0u, transformed, n, agx_bc6_modes[mode][4], sgn, index, ib);
   *g =
      agx_bc6_channel(e0g, ag, bg, s == 0u, transformed, n, agx_bc6_modes[mode][5], sgn, index, ib);
   *b =
      agx_bc6_channel(e0b, ab, bb, s == 0u, transformed, n, agx_bc6_modes[mode][6], sgn, index, ib);
}

#include "agx_blit_etc2.h"
#include "agx_blit_astc.h"

/* ---- the texel ------------------------------------------------------------------------- */

/* Texel t (x + block width * y) of the block w0..w3 (8-byte blocks in w0, w1) of kind `bc`
 * (AGX_BLIT_BC*, with its flags) as R, G, B, A; missing channels read 0, 0, 0, 1. */
static inline __attribute__((always_inline)) void
agx_bc_texel(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t bc, uint32_t t, float *r,
             float *g, float *b, float *a)
{
   uint32_t kind = bc & AGX_BLIT_BC_KIND;
   bool sgn = (bc & AGX_BLIT_BC_SIGNED) != 0u;
   *r = *g = *b = 0.0f;
   *a = 1.0f;
   if (kind >= AGX_BLIT_ASTC) {
      uint32_t bw = (bc >> AGX_BLIT_BC_BW_SHIFT) & 15u, bh = (bc >> AGX_BLIT_BC_BH_SHIFT) & 15u;
      uint32_t ty = agx_blit_div(t, bw);
      agx_astc_texel(w0, w1, w2, w3, bw, bh, t - ty * bw, ty, (bc & AGX_BLIT_BC_SRGB) != 0u, r, g,
                     b, a);
   } else if (kind >= AGX_BLIT_ETC2_RGB8) {
      agx_etc2_texel(w0, w1, w2, w3, kind, sgn, t, r, g, b, a);
   } else if (kind >= AGX_BLIT_BC7) {
      agx_bc7(w0, w1, w2, w3, t, r, g, b, a);
   } else if (kind >= AGX_BLIT_BC6H) {
      agx_bc6h(w0, w1, w2, w3, t, sgn, r, g, b, a);
   } else if (kind >= AGX_BLIT_BC4) {
      *r = agx_bc_channel(w0, w1, t, sgn);
      *g = kind >= AGX_BLIT_BC5 ? agx_bc_channel(w2, w3, t, sgn) : 0.0f;
   } else if (kind >= AGX_BLIT_BC2) {
      agx_bc_colour(w2, w3, t, true, true, r, g, b, a);
      *a = kind >= AGX_BLIT_BC3 ? agx_bc_channel(w0, w1, t, false)
                                : (float)agx_bc_bits(w0, w1, w2, w3, 4u * t, 4u) / 15.0f;
   } else {
      agx_bc_colour(w0, w1, t, false, (bc & AGX_BLIT_BC_OPAQUE) != 0u, r, g, b, a);
   }
}

#endif
