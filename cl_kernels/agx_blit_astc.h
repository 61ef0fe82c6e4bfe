/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * ASTC LDR texels for the blit kernel (agx_blit_bc.h #includes this; agx_bc_bits and
 * agx_blit_mask come before it): the texel (x, y) of a W x H block decoded in software, so
 * vkCmdBlitImage reads ASTC sources (BLIT_SRC, required by textureCompressionASTC_LDR).
 * Written from the Khronos Data Format Specification 1.3, chapter "ASTC Compressed Texture
 * Image Formats" (2D block modes, void extent, integer sequence encoding with bits, trits
 * and quints, 1-4 partitions and the partition hash, dual plane, endpoint modes 0-15 with
 * the HDR ones as the error colour, weight infill); driver code, separate from the
 * simulator's decoder. The blit kernel decodes in software, like BC and ETC2, because the
 * helper kernels are OpenCL C with plain addresses: they have no texture descriptors or
 * sampler state, so they cannot ask the texture unit to decode (Honeykrisp blits with a
 * draw that samples the source, graphics.md section 9).
 * Results: UNORM formats decode_float16 (C == 65535 -> 1.0, else C / 65536 rounded to zero
 * to 11 significant bits), sRGB formats the top 8 bits (the caller linearises R, G, B); the
 * error colour is opaque magenta. Only what the texel needs is decoded: its partition's
 * endpoint values and the four grid weights around it, one integer-sequence value at a
 * time. No private arrays and no switch statements (see agx_blit_bc.h): selects and
 * straight-line code. GPU only.
 */
#ifndef AGX_BLIT_ASTC_H
#define AGX_BLIT_ASTC_H

/* Colour endpoint ranges in increasing size (0..1 ... 0..255) as (0 bits / 3 trit / 5 quint,
 * bits). */
constant uint8_t agx_astc_colour_ranges[21][2] = {
   {0, 1}, {3, 0}, {0, 2}, {5, 0}, {3, 1}, {0, 3}, {5, 1}, {3, 2}, {0, 4}, {5, 2}, {3, 3},
   {0, 5}, {5, 3}, {3, 4}, {0, 6}, {5, 4}, {3, 5}, {0, 7}, {5, 5}, {3, 6}, {0, 8}};

/* Bytes bit-reversed (a table: shifts and masks that reverse a word come out of clang as
 * llvm.bitreverse, whose OpBitReverse needs the Shader capability). */
#define AGX_ASTC_R2(n) n, n + 128, n + 64, n + 192
#define AGX_ASTC_R4(n) AGX_ASTC_R2(n), AGX_ASTC_R2(n + 32), AGX_ASTC_R2(n + 16), AGX_ASTC_R2(n + 48)
#define AGX_ASTC_R6(n) AGX_ASTC_R4(n), AGX_ASTC_R4(n + 8), AGX_ASTC_R4(n + 4), AGX_ASTC_R4(n + 12)
constant uint8_t agx_astc_rev8[256] = {AGX_ASTC_R6(0), AGX_ASTC_R6(2), AGX_ASTC_R6(1),
                                       AGX_ASTC_R6(3)};
#undef AGX_ASTC_R2
#undef AGX_ASTC_R4
#undef AGX_ASTC_R6

/* n bits (n <= 8) at stream position pos, those at or past `end` reading 0: the colour
 * stream is the block from bit 0 up, the weight stream (rev) from bit 127 down. */
static uint32_t
agx_astc_read(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t pos, uint32_t n,
              uint32_t end, bool rev)
{
   if (pos >= end || pos >= 128u)
      return 0u;
   uint32_t keep = end - pos < n ? end - pos : n;
   uint32_t v;
   if (rev) /* stream bits pos .. pos + 7 are block bits 127 - pos down to 120 - pos */
      v = pos <= 120u
             ? agx_astc_rev8[agx_bc_bits(w0, w1, w2, w3, 120u - pos, 8u)]
             : agx_astc_rev8[(agx_bc_bits(w0, w1, w2, w3, 0u, 8u) << (pos - 120u)) & 0xFFu];
   else
      v = agx_bc_bits(w0, w1, w2, w3, pos, n);
   return v & agx_blit_mask(keep);
}

/* Trit j (0..4) of the packed trits T (the specification's unpacking). */
static uint32_t
agx_astc_trit(uint32_t T, uint32_t j)
{
   bool c7 = (T & 0x1Cu) >= 0x1Cu;
   uint32_t C = c7 ? ((T >> 5) << 2) | (T & 3u) : T & 31u;
   bool hi3 = ((T >> 5) & 3u) >= 3u;
   uint32_t t4 = c7 ? 2u : (hi3 ? 2u : (T >> 7) & 1u);
   uint32_t t3 = c7 ? 2u : (hi3 ? (T >> 7) & 1u : (T >> 5) & 3u);
   bool ca = (C & 3u) >= 3u, cb = ((C >> 2) & 3u) >= 3u;
   uint32_t c0 = C & 1u, c1 = (C >> 1) & 1u, c2 = (C >> 2) & 1u, c3 = (C >> 3) & 1u,
            c4 = (C >> 4) & 1u;
   uint32_t t2 = ca || cb ? 2u : c4;
   uint32_t t1 = ca ? c4 : (cb ? 2u : (C >> 2) & 3u);
   uint32_t t0 = ca ? (c3 << 1) | (c2 & (c3 ^ 1u)) : (cb ? C & 3u : (c1 << 1) | (c0 & (c1 ^ 1u)));
   return j >= 2u ? (j >= 4u ? t4 : (j >= 3u ? t3 : t2)) : (j >= 1u ? t1 : t0);
}

/* Quint j (0..2) of the packed quints Q. */
static uint32_t
agx_astc_quint(uint32_t Q, uint32_t j)
{
   uint32_t q0b = Q & 1u, q3b = (Q >> 3) & 1u, q4b = (Q >> 4) & 1u;
   bool ones = ((Q >> 1) & 3u) >= 3u, zero65 = ((Q >> 5) & 3u) < 1u;
   if (ones && zero65) {
      uint32_t q2 = (q0b << 2) | ((q4b & (q0b ^ 1u)) << 1) | (q3b & (q0b ^ 1u));
      return j >= 2u ? q2 : 4u;
   }
   uint32_t q2 = ones ? 4u : (Q >> 5) & 3u;
   uint32_t C = ones ? (((Q >> 3) & 3u) << 3) | ((((Q >> 5) & 3u) ^ 3u) << 1) | q0b : Q & 31u;
   bool c5 = (C & 7u) >= 5u && (C & 7u) < 6u;
   uint32_t q1 = c5 ? 4u : (C >> 3) & 3u, q0 = c5 ? (C >> 3) & 3u : C & 7u;
   return j >= 2u ? q2 : (j >= 1u ? q1 : q0);
}

/* Bits an integer sequence of n values takes (tq: 0 bits only, 3 trits, 5 quints). */
static uint32_t
agx_astc_ise_size(uint32_t n, uint32_t tq, uint32_t nb)
{
   uint32_t extra = tq >= 5u ? (7u * n + 2u) / 3u : (tq >= 3u ? (8u * n + 4u) / 5u : 0u);
   return n * nb + extra;
}

/* Value k of the sequence (range tq, nb) starting at bit `start` of s0..s3 and ending at
 * `end`: its trit or quint in bits nb and up, its low bits below. */
static uint32_t
agx_astc_ise(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3, uint32_t start, uint32_t end,
             uint32_t tq, uint32_t nb, uint32_t k, bool rev)
{
   if (tq < 3u)
      return agx_astc_read(s0, s1, s2, s3, start + k * nb, nb, end, rev);
   if (tq < 5u) {
      uint32_t g = agx_blit_div(k, 5u), j = k - 5u * g, p = start + g * (8u + 5u * nb);
      uint32_t T = agx_astc_read(s0, s1, s2, s3, p + nb, 2u, end, rev) |
                   agx_astc_read(s0, s1, s2, s3, p + 2u * nb + 2u, 2u, end, rev) << 2 |
                   agx_astc_read(s0, s1, s2, s3, p + 3u * nb + 4u, 1u, end, rev) << 4 |
                   agx_astc_read(s0, s1, s2, s3, p + 4u * nb + 5u, 2u, end, rev) << 5 |
                   agx_astc_read(s0, s1, s2, s3, p + 5u * nb + 7u, 1u, end, rev) << 7;
      uint32_t moff = j * nb + (j >= 2u ? (j >= 4u ? 7u : (j >= 3u ? 5u : 4u)) : 2u * j);
      return agx_astc_trit(T, j) << nb | agx_astc_read(s0, s1, s2, s3, p + moff, nb, end, rev);
   }
   uint32_t g = agx_blit_div(k, 3u), j = k - 3u * g, p = start + g * (7u + 3u * nb);
   uint32_t Q = agx_astc_read(s0, s1, s2, s3, p + nb, 3u, end, rev) |
                agx_astc_read(s0, s1, s2, s3, p + 2u * nb + 3u, 2u, end, rev) << 3 |
                agx_astc_read(s0, s1, s2, s3, p + 3u * nb + 5u, 2u, end, rev) << 5;
   uint32_t moff = j * nb + (j >= 2u ? 5u : 3u * j);
   return agx_astc_quint(Q, j) << nb | agx_astc_read(s0, s1, s2, s3, p + moff, nb, end, rev);
}

/* v (n bits, 1..8) replicated from the top into `to` (6 or 8) bits. */
static uint32_t
agx_astc_replicate(uint32_t v, uint32_t n, uint32_t to)
{
   uint32_t r = v << (to - n);
   r |= r >> n;
   r |= r >> (2u * n);
   r |= r >> (4u * n);
   return r & agx_blit_mask(to);
}

/* An endpoint value to 0..255 (the specification's A, B, C, D unquantization). */
static uint32_t
agx_astc_unq_colour(uint32_t v, uint32_t tq, uint32_t nb)
{
   uint32_t m = v & agx_blit_mask(nb), d = v >> nb, x = m >> 1;
   if (tq < 3u)
      return agx_astc_replicate(m, nb, 8u);
   uint32_t A = (m & 1u) ? 0x1FFu : 0u, B, C;
   if (tq < 5u) { /* trits: 1..6 bits */
      C = nb >= 4u ? (nb >= 6u ? 5u : (nb >= 5u ? 11u : 22u))
                   : (nb >= 3u ? 44u : (nb >= 2u ? 93u : 204u));
      B = nb >= 4u
             ? (nb >= 6u ? (x << 4) | (x >> 4) : (nb >= 5u ? (x << 5) | (x >> 2) : (x << 6) | x))
             : (nb >= 3u ? (x << 7) | (x << 2) | x : (nb >= 2u ? x * 0x116u : 0u));
   } else { /* quints: 1..5 bits */
      C = nb >= 4u ? (nb >= 5u ? 6u : 13u) : (nb >= 3u ? 26u : (nb >= 2u ? 54u : 113u));
      B = nb >= 4u ? (nb >= 5u ? (x << 5) | (x >> 3) : (x << 6) | (x >> 1))
                   : (nb >= 3u ? (x << 7) | (x << 1) | (x >> 1) : (nb >= 2u ? x * 0x10Cu : 0u));
   }
   uint32_t u = (d * C + B) ^ A;
   return ((A & 0x80u) | (u >> 2)) & 0xFFu;
}

/* A weight to 0..64. */
static uint32_t
agx_astc_unq_weight(uint32_t v, uint32_t tq, uint32_t nb)
{
   uint32_t m = v & agx_blit_mask(nb), d = v >> nb, x = m >> 1, u;
   if (tq < 3u) {
      u = agx_astc_replicate(m, nb, 6u);
   } else if (nb < 1u) {
      /* 0..2: 0, 32, 63; 0..4: 0, 16, 32, 47, 63 */
      u = tq < 5u ? (d >= 2u ? 63u : d * 32u) : (d >= 3u ? d * 16u - 1u : d * 16u);
   } else {
      uint32_t A = (m & 1u) ? 0x7Fu : 0u, B, C;
      if (tq < 5u) {
         C = nb >= 3u ? 11u : (nb >= 2u ? 23u : 50u);
         B = nb >= 3u ? (x << 5) | x : (nb >= 2u ? x * 0x45u : 0u);
      } else {
         C = nb >= 2u ? 13u : 28u;
         B = nb >= 2u ? x * 0x42u : 0u;
      }
      u = (d * C + B) ^ A;
      u = ((A & 0x20u) | (u >> 2)) & 0x3Fu;
   }
   return u > 32u ? u + 1u : u;
}

static uint32_t
agx_astc_hash52(uint32_t p)
{
   p ^= p >> 15;
   p -= p << 17;
   p += p << 7;
   p += p << 4;
   p ^= p >> 5;
   p += p << 16;
   p ^= p >> 7;
   p ^= p >> 3;
   p ^= p << 6;
   p ^= p >> 17;
   return p;
}

/* Seed i (0..7) of rnum, squared and shifted. */
static uint32_t
agx_astc_seed(uint32_t rnum, uint32_t i, uint32_t sh)
{
   uint32_t s = (rnum >> (4u * i)) & 15u;
   return (s * s) >> sh;
}

/* The partition of texel (x, y) (z 0). */
static uint32_t
agx_astc_partition(uint32_t seed, uint32_t x, uint32_t y, uint32_t parts, bool small)
{
   x = small ? x << 1 : x;
   y = small ? y << 1 : y;
   seed += (parts - 1u) * 1024u;
   uint32_t rnum = agx_astc_hash52(seed);
   bool three = parts >= 3u && parts < 4u;
   uint32_t sh1 = (seed & 1u) ? ((seed & 2u) ? 4u : 5u) : (three ? 6u : 5u);
   uint32_t sh2 = (seed & 1u) ? (three ? 6u : 5u) : ((seed & 2u) ? 4u : 5u);
   uint32_t a =
      (agx_astc_seed(rnum, 0u, sh1) * x + agx_astc_seed(rnum, 1u, sh2) * y + (rnum >> 14)) & 63u;
   uint32_t b =
      (agx_astc_seed(rnum, 2u, sh1) * x + agx_astc_seed(rnum, 3u, sh2) * y + (rnum >> 10)) & 63u;
   uint32_t c =
      (agx_astc_seed(rnum, 4u, sh1) * x + agx_astc_seed(rnum, 5u, sh2) * y + (rnum >> 6)) & 63u;
   uint32_t d =
      (agx_astc_seed(rnum, 6u, sh1) * x + agx_astc_seed(rnum, 7u, sh2) * y + (rnum >> 2)) & 63u;
   c = parts >= 3u ? c : 0u;
   d = parts >= 4u ? d : 0u;
   if (a >= b && a >= c && a >= d)
      return 0u;
   if (b >= c && b >= d)
      return 1u;
   return c >= d ? 2u : 3u;
}

static int32_t
agx_astc_clamp8(int32_t v)
{
   return v < 0 ? 0 : (v > 255 ? 255 : v);
}

/* bit_transfer_signed: *a becomes -32..31, *b takes a's top bit. */
static inline __attribute__((always_inline)) void
agx_astc_transfer(int32_t *a, int32_t *b)
{
   *b = (*b >> 1) | (*a & 0x80);
   int32_t t = (*a >> 1) & 0x3F;
   *a = t >= 0x20 ? t - 0x40 : t;
}

/* Component c (0..3) of both endpoints of an LDR mode from its values v0..v7: e0 in bits
 * 0-7, e1 in bits 8-15. Modes 0, 1, 4, 5, 6, 8, 9, 10, 12, 13 only (the caller rejects the
 * HDR ones). */
static uint32_t
agx_astc_endpoint(uint32_t cem, int32_t v0, int32_t v1, int32_t v2, int32_t v3, int32_t v4,
                  int32_t v5, int32_t v6, int32_t v7, uint32_t c)
{
   uint32_t cls = cem >> 2, sub = cem & 3u;
   int32_t p0, p1, a0 = 255, a1 = 255; /* channel c of e0, e1 before alpha */
   if (cls < 1u) {
      int32_t l0 = v0, l1 = v1;
      if (sub >= 1u) { /* 1: base + offset */
         l0 = (v0 >> 2) | (v1 & 0xC0);
         l1 = l0 + (v1 & 0x3F);
         l1 = l1 > 255 ? 255 : l1;
      }
      p0 = l0, p1 = l1;
   } else if (cls < 2u && sub < 2u) {
      if (sub >= 1u) { /* 5: base + offset */
         agx_astc_transfer(&v1, &v0);
         agx_astc_transfer(&v3, &v2);
         v1 += v0;
         v3 += v2;
      }
      p0 = v0, p1 = v1, a0 = v2, a1 = v3;
   } else if ((cls < 2u) || (cls < 3u && sub >= 2u)) { /* 6, 10: base + scale */
      int32_t base = c >= 2u ? v2 : (c >= 1u ? v1 : v0);
      p1 = base;
      p0 = (base * v3) >> 8;
      a0 = cls >= 2u ? v4 : 255;
      a1 = cls >= 2u ? v5 : 255;
   } else if (sub < 1u) { /* 8, 12: direct */
      int32_t al0 = cls >= 3u ? v6 : 255, al1 = cls >= 3u ? v7 : 255;
      bool contract = v1 + v3 + v5 < v0 + v2 + v4;
      int32_t x0 = c >= 2u ? v4 : (c >= 1u ? v2 : v0);
      int32_t x1 = c >= 2u ? v5 : (c >= 1u ? v3 : v1);
      if (contract) { /* blue contraction with the endpoints swapped */
         p0 = c >= 2u ? v5 : (x1 + v5) >> 1;
         p1 = c >= 2u ? v4 : (x0 + v4) >> 1;
         a0 = al1, a1 = al0;
      } else {
         p0 = x0, p1 = x1, a0 = al0, a1 = al1;
      }
   } else { /* 9, 13: base + offset */
      agx_astc_transfer(&v1, &v0);
      agx_astc_transfer(&v3, &v2);
      agx_astc_transfer(&v5, &v4);
      int32_t al0 = 255, ald = 0;
      if (cls >= 3u) {
         agx_astc_transfer(&v7, &v6);
         al0 = v6, ald = v7;
      }
      int32_t b0 = c >= 2u ? v4 : (c >= 1u ? v2 : v0), d0 = c >= 2u ? v5 : (c >= 1u ? v3 : v1);
      if (v1 + v3 + v5 >= 0) {
         p0 = b0, p1 = b0 + d0, a0 = al0, a1 = al0 + ald;
      } else {
         int32_t blue = v4 + v5;
         p0 = c >= 2u ? blue : (b0 + d0 + blue) >> 1;
         p1 = c >= 2u ? v4 : (b0 + v4) >> 1;
         a0 = al0 + ald, a1 = al0;
      }
   }
   int32_t r0 = c >= 3u ? a0 : p0, r1 = c >= 3u ? a1 : p1;
   return (uint32_t)agx_astc_clamp8(r0) | (uint32_t)agx_astc_clamp8(r1) << 8;
}

/* A UNORM16 result: sRGB the top 8 bits / 255, else decode_float16. */
static float
agx_astc_finish(uint32_t C, bool srgb)
{
   if (srgb)
      return (float)(C >> 8) / 255.0f;
   if (C >= 65535u)
      return 1.0f;
   /* bits below the 11 most significant ones (C < 65535: at most 16 bits) */
   uint32_t drop = C >= 0x2000u ? (C >= 0x8000u ? 5u : (C >= 0x4000u ? 4u : 3u))
                                : (C >= 0x1000u ? 2u : (C >= 0x800u ? 1u : 0u));
   return (float)((C >> drop) << drop) / 65536.0f;
}

/* Texel (x, y) of the W x H (bw x bh) ASTC block w0..w3 as R, G, B, A. */
static inline __attribute__((always_inline)) void
agx_astc_texel(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t bw, uint32_t bh,
               uint32_t x, uint32_t y, bool srgb, float *r, float *g, float *b, float *a)
{
   *r = 1.0f, *g = 0.0f, *b = 1.0f, *a = 1.0f; /* the error colour */
   uint32_t mode = w0 & 0x7FFu;
   if ((mode & 0x1FFu) >= 0x1FCu && (mode & 0x1FFu) < 0x1FDu) { /* void extent */
      uint32_t s0 = agx_bc_bits(w0, w1, w2, w3, 12u, 13u),
               s1 = agx_bc_bits(w0, w1, w2, w3, 25u, 13u);
      uint32_t t0 = agx_bc_bits(w0, w1, w2, w3, 38u, 13u),
               t1 = agx_bc_bits(w0, w1, w2, w3, 51u, 13u);
      bool ones = (s0 & s1 & t0 & t1) >= 0x1FFFu;
      if ((mode & 0x200u) || (mode & 0x400u) < 0x400u || (w0 & 0x800u) < 0x800u ||
          (!ones && (s0 >= s1 || t0 >= t1)))
         return;
      *r = agx_astc_finish(w2 & 0xFFFFu, srgb);
      *g = agx_astc_finish(w2 >> 16, srgb);
      *b = agx_astc_finish(w3 & 0xFFFFu, srgb);
      *a = agx_astc_finish(w3 >> 16, srgb);
      return;
   }
   /* block mode: grid gw x gh, weight range (rho, P), dual plane */
   uint32_t A = (mode >> 5) & 3u, B = (mode >> 7) & 3u, lo = mode & 3u, mid = (mode >> 2) & 3u;
   uint32_t P = (mode >> 9) & 1u, D = (mode >> 10) & 1u, rho, gw, gh;
   if (lo >= 1u) {
      rho = ((mode >> 4) & 1u) | lo << 1;
      bool wide = (mode & 0x100u) != 0u;
      gw = mid >= 2u ? (mid >= 3u ? (wide ? ((mode >> 7) & 1u) + 2u : A + 2u) : A + 2u)
                     : (mid >= 1u ? B + 8u : B + 4u);
      gh = mid >= 2u ? (mid >= 3u ? (wide ? A + 2u : ((mode >> 7) & 1u) + 6u) : B + 8u) : A + 2u;
   } else {
      if (mid < 1u)
         return; /* reserved */
      rho = ((mode >> 4) & 1u) | mid << 1;
      if (B >= 3u && A >= 2u)
         return; /* reserved */
      gw = B >= 2u ? (B >= 3u ? (A >= 1u ? 10u : 6u) : A + 6u) : (B >= 1u ? A + 2u : 12u);
      gh = B >= 2u ? (B >= 3u ? (A >= 1u ? 6u : 10u) : ((mode >> 9) & 3u) + 6u)
                   : (B >= 1u ? 12u : A + 2u);
      P = B >= 2u && B < 3u ? 0u : P;
      D = B >= 2u && B < 3u ? 0u : D;
   }
   /* weight range: (tq, nb) by rho 2..7 and P */
   uint32_t wtq = rho >= 5u ? (rho >= 7u ? 0u : (rho >= 6u ? 3u : 5u))
                            : (rho >= 4u ? 0u : (rho >= 3u ? 3u : (P ? 5u : 0u)));
   uint32_t wnb = rho >= 5u ? (rho >= 7u ? 3u + 2u * P : (rho >= 6u ? 1u + 2u * P : 2u * P))
                            : (rho >= 4u ? 2u + 2u * P : (rho >= 3u ? 2u * P : 1u));
   uint32_t planes = D + 1u, nw = gw * gh * planes, wbits = agx_astc_ise_size(nw, wtq, wnb);
   uint32_t parts = ((w0 >> 11) & 3u) + 1u;
   if (nw > 64u || wbits < 24u || wbits > 96u || gw > bw || gh > bh || (D && parts >= 4u))
      return;

   /* the texel's partition and endpoint mode; the values before its own */
   uint32_t part = 0u, cem, first = 0u, nv, start = 29u, extra = 0u;
   if (parts < 2u) {
      cem = (w0 >> 13) & 15u;
      nv = 2u * ((cem >> 2) + 1u);
      start = 17u;
   } else {
      uint32_t seed = (w0 >> 13) & 0x3FFu, sel = (w0 >> 23) & 3u;
      part = agx_astc_partition(seed, x, y, parts, bw * bh < 31u);
      if (sel < 1u) {
         cem = (w0 >> 25) & 15u;
         nv = parts * 2u * ((cem >> 2) + 1u);
         first = part * 2u * ((cem >> 2) + 1u);
      } else {
         extra = 3u * parts - 4u;
         uint32_t full =
            ((w0 >> 23) & 63u) | agx_bc_bits(w0, w1, w2, w3, 128u - wbits - extra, extra) << 6;
         /* class bits C_i at 2 + i, mode bits M_i at 2 + parts + 2 i */
         uint32_t cls_bits = (full >> 2) & agx_blit_mask(parts);
         uint32_t mine = (full >> (2u + part)) & 1u;
         cem = ((sel - 1u + mine) << 2) | ((full >> (2u + parts + 2u * part)) & 3u);
         /* values: 2 (class + 1) per partition */
         uint32_t before = cls_bits & agx_blit_mask(part);
         nv = 2u * parts * sel + 2u * ((cls_bits & 1u) + ((cls_bits >> 1) & 1u) +
                                       ((cls_bits >> 2) & 1u) + ((cls_bits >> 3) & 1u));
         first =
            2u * part * sel + 2u * ((before & 1u) + ((before >> 1) & 1u) + ((before >> 2) & 1u));
      }
   }
   uint32_t below = 128u - wbits - extra - 2u * D;
   if (nv > 18u || below < start)
      return;
   bool hdr = cem >= 14u || (cem >= 2u && cem < 4u) || ((cem & 3u) >= 3u && cem >= 4u);
   if (hdr)
      return;
   /* the largest colour range whose sequence fits (0..5 at least): the last that fits going
    * up, sizes growing with the range (a loop without early exits: llvm-spirv-15 cannot
    * structure those) */
   uint32_t avail = below - start, ctq = 0u, cnb = 0u;
   bool found = false;
   for (uint32_t i = 4u; i < 21u; i++) {
      uint32_t tq = agx_astc_colour_ranges[i][0], nb = agx_astc_colour_ranges[i][1];
      bool fits = agx_astc_ise_size(nv, tq, nb) <= avail;
      ctq = fits ? tq : ctq;
      cnb = fits ? nb : cnb;
      found = found || fits;
   }
   if (!found)
      return;
   /* this partition's endpoint values, one integer-sequence decoder for all (loops kept
    * rolled: every inlined copy costs the compiler) */
   uint32_t end = start + agx_astc_ise_size(nv, ctq, cnb);
   int32_t v0 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0, v6 = 0, v7 = 0;
#pragma clang loop unroll(disable)
   for (uint32_t k = 0u; k < 8u; k++) {
      uint32_t idx = first + k < nv ? first + k : 0u;
      int32_t val = (int32_t)agx_astc_unq_colour(
         agx_astc_ise(w0, w1, w2, w3, start, end, ctq, cnb, idx, false), ctq, cnb);
      v0 = k < 1u ? val : v0;
      v1 = k >= 1u && k < 2u ? val : v1;
      v2 = k >= 2u && k < 3u ? val : v2;
      v3 = k >= 3u && k < 4u ? val : v3;
      v4 = k >= 4u && k < 5u ? val : v4;
      v5 = k >= 5u && k < 6u ? val : v5;
      v6 = k >= 6u && k < 7u ? val : v6;
      v7 = k >= 7u ? val : v7;
   }

   /* the four grid weights around the texel per plane (weights run from bit 127 down)
    * and their infill */
   uint32_t ds = (1024u + bw / 2u) / (bw - 1u), dt = (1024u + bh / 2u) / (bh - 1u);
   uint32_t gs = (ds * x * (gw - 1u) + 32u) >> 6, gt = (dt * y * (gh - 1u) + 32u) >> 6;
   uint32_t js = gs >> 4, fs = gs & 15u, jt = gt >> 4, ft = gt & 15u;
   uint32_t f11 = (fs * ft + 8u) >> 4, f10 = ft - f11, f01 = fs - f11, f00 = 16u - fs - ft + f11;
   uint32_t g00 = (js + jt * gw) * planes, sum0 = 0u, sum1 = 0u;
#pragma clang loop unroll(disable)
   for (uint32_t k = 0u; k < 8u; k++) {
      uint32_t corner = k & 3u, pl = k >> 2;
      uint32_t f = corner >= 2u ? (corner >= 3u ? f11 : f10) : (corner >= 1u ? f01 : f00);
      uint32_t idx = g00 + ((corner & 1u) ? planes : 0u) + ((corner & 2u) ? gw * planes : 0u) + pl;
      bool use = f > 0u && pl < planes;
      uint32_t wv =
         agx_astc_unq_weight(
            agx_astc_ise(w0, w1, w2, w3, 0u, wbits, wtq, wnb, use ? idx : 0u, true), wtq, wnb) *
         f;
      wv = use ? wv : 0u;
      sum0 += pl < 1u ? wv : 0u;
      sum1 += pl >= 1u ? wv : 0u;
   }
   uint32_t i0 = (sum0 + 8u) >> 4, i1 = D ? (sum1 + 8u) >> 4 : i0;
   uint32_t ccs = D ? agx_bc_bits(w0, w1, w2, w3, below, 2u) : 4u;

   /* each component: its endpoints interpolated with its plane's weight */
   float o0 = 0.0f, o1 = 0.0f, o2 = 0.0f, o3 = 0.0f;
#pragma clang loop unroll(disable)
   for (uint32_t c = 0u; c < 4u; c++) {
      uint32_t pair = agx_astc_endpoint(cem, v0, v1, v2, v3, v4, v5, v6, v7, c);
      uint32_t e0 = pair & 0xFFu, e1 = pair >> 8, wgt = ccs >= c && ccs <= c ? i1 : i0;
      uint32_t c0 = srgb ? e0 * 256u + 128u : e0 * 257u, c1 = srgb ? e1 * 256u + 128u : e1 * 257u;
      float f = agx_astc_finish((c0 * (64u - wgt) + c1 * wgt + 32u) >> 6, srgb);
      o0 = c < 1u ? f : o0;
      o1 = c >= 1u && c < 2u ? f : o1;
      o2 = c >= 2u && c < 3u ? f : o2;
      o3 = c >= 3u ? f : o3;
   }
   *r = o0, *g = o1, *b = o2, *a = o3;
}

#endif
