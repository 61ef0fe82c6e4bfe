/*
 * ASTC texels of the simulated texture unit: Channels "ASTC 4x4" 0x60 ... "ASTC 12x12" 0x6D
 * (genxml agx_texture.xml; Mesa src/asahi/layout/formats.c pairs them with Unorm, the sRGB
 * bit for the _SRGB formats, Float for HDR, which is not modelled). Written from the Khronos
 * Data Format Specification 1.3, chapter "ASTC Compressed Texture Image Formats", LDR
 * profile, 2D blocks only: block modes, void-extent blocks, integer sequence encoding
 * (bits, trits, quints), 1-4 partitions with the partition hash, dual plane, colour
 * endpoint modes 0-15 (the HDR ones give the error colour), weight infill.
 * Blocks are 128 bits, bit 0 the least significant bit of byte 0; weights are stored from
 * bit 127 downwards.
 * Assumes (not public): the hardware decodes UNORM formats with the specification's
 * decode_float16 mode (Vulkan's default without VK_EXT_astc_decode_mode: C == 65535 -> 1.0,
 * else C / 65536 rounded to zero in FP16) and sRGB formats with 8-bit results; the error
 * colour is opaque magenta.
 */
#include <string.h>

#include "agx_sim_texel_format.h"

/* Bit i of the block (0 beyond 127). */
static unsigned
bit(const uint8_t *b, unsigned i)
{
   return i < 128 ? (b[i >> 3] >> (i & 7)) & 1 : 0;
}

/* n bits from bit lo up, least significant first. */
static unsigned
bits(const uint8_t *b, unsigned lo, unsigned n)
{
   unsigned v = 0;
   for (unsigned i = 0; i < n; i++)
      v |= bit(b, lo + i) << i;
   return v;
}

/* ---- integer sequence encoding -------------------------------------------------------- */

/* A value range: trits or quints (0/1) and bits per value. */
struct range {
   uint8_t trits, quints, bits;
};

/* Colour ranges, smallest first: 0..1, 0..2, 0..3, 0..4, 0..5, ... 0..255. */
static const struct range colour_ranges[21] = {
   {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}, {0, 1, 1},
   {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3}, {0, 0, 5}, {0, 1, 3}, {1, 0, 4},
   {0, 0, 6}, {0, 1, 4}, {1, 0, 5}, {0, 0, 7}, {0, 1, 5}, {1, 0, 6}, {0, 0, 8},
};

static unsigned
ise_bits(unsigned n, struct range r)
{
   return n * r.bits + (r.trits ? (8 * n + 4) / 5 : 0) + (r.quints ? (7 * n + 2) / 3 : 0);
}

/* A stream of `len` bits of the block from `start` (bits past len read 0). */
struct stream {
   const uint8_t *b;
   bool reversed; /* weights: stream bit i is block bit 127 - i */
   unsigned start, len;
};

static unsigned
sbits(const struct stream *s, unsigned lo, unsigned n)
{
   unsigned v = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned p = lo + i;
      if (p >= s->len)
         break;
      p += s->start;
      v |= (s->reversed ? bit(s->b, 127 - p) : bit(s->b, p)) << i;
   }
   return v;
}

/* The five trits of T[7:0] (specification, "Integer Sequence Encoding"). */
static void
trits_of(unsigned T, unsigned t[5])
{
   unsigned C;
#define B(x, i) (((x) >> (i)) & 1u)
   if (((T >> 2) & 7) == 7) {
      C = ((T >> 5) & 7) << 2 | (T & 3);
      t[4] = t[3] = 2;
   } else {
      C = T & 0x1F;
      if (((T >> 5) & 3) == 3) {
         t[4] = 2;
         t[3] = B(T, 7);
      } else {
         t[4] = B(T, 7);
         t[3] = (T >> 5) & 3;
      }
   }
   if ((C & 3) == 3) {
      t[2] = 2;
      t[1] = B(C, 4);
      t[0] = B(C, 3) << 1 | (B(C, 2) & ~B(C, 3) & 1);
   } else if (((C >> 2) & 3) == 3) {
      t[2] = t[1] = 2;
      t[0] = C & 3;
   } else {
      t[2] = B(C, 4);
      t[1] = (C >> 2) & 3;
      t[0] = B(C, 1) << 1 | (B(C, 0) & ~B(C, 1) & 1);
   }
}

/* The three quints of Q[6:0]. */
static void
quints_of(unsigned Q, unsigned q[3])
{
   unsigned C;
   if (((Q >> 1) & 3) == 3 && ((Q >> 5) & 3) == 0) {
      q[2] = B(Q, 0) << 2 | (B(Q, 4) & ~B(Q, 0) & 1) << 1 | (B(Q, 3) & ~B(Q, 0) & 1);
      q[1] = q[0] = 4;
      return;
   }
   if (((Q >> 1) & 3) == 3) {
      q[2] = 4;
      C = ((Q >> 3) & 3) << 3 | ((~Q >> 5) & 3) << 1 | (Q & 1);
   } else {
      q[2] = (Q >> 5) & 3;
      C = Q & 0x1F;
   }
   if ((C & 7) == 5) {
      q[1] = 4;
      q[0] = (C >> 3) & 3;
   } else {
      q[1] = (C >> 3) & 3;
      q[0] = C & 7;
   }
#undef B
}

/* Values 0..n-1 of the sequence: value i's trit/quint in tq[i], its low bits in m[i]. */
static void
ise_decode(const struct stream *s, unsigned n, struct range r, unsigned *tq, unsigned *m)
{
   unsigned b = r.bits;
   if (r.trits) {
      for (unsigned j = 0; j * 5 < n; j++) {
         unsigned p = j * (8 + 5 * b);
         static const unsigned tpos[5][2] = {{0, 2}, {2, 2}, {4, 1}, {5, 2}, {7, 1}};
         const unsigned moff[5] = {0, b + 2, 2 * b + 4, 3 * b + 5, 4 * b + 7};
         unsigned T = 0, t[5];
         for (unsigned k = 0; k < 5; k++) {
            /* T bits follow each m field: T[1:0] after m0, T[3:2] after m1, T[4] after
             * m2, T[6:5] after m3, T[7] after m4 */
            T |= sbits(s, p + moff[k] + b, tpos[k][1]) << tpos[k][0];
         }
         trits_of(T, t);
         for (unsigned k = 0; k < 5 && j * 5 + k < n; k++) {
            tq[j * 5 + k] = t[k];
            m[j * 5 + k] = sbits(s, p + moff[k], b);
         }
      }
   } else if (r.quints) {
      for (unsigned j = 0; j * 3 < n; j++) {
         unsigned p = j * (7 + 3 * b);
         static const unsigned qpos[3][2] = {{0, 3}, {3, 2}, {5, 2}};
         const unsigned moff[3] = {0, b + 3, 2 * b + 5};
         unsigned Q = 0, q[3];
         for (unsigned k = 0; k < 3; k++)
            Q |= sbits(s, p + moff[k] + b, qpos[k][1]) << qpos[k][0];
         quints_of(Q, q);
         for (unsigned k = 0; k < 3 && j * 3 + k < n; k++) {
            tq[j * 3 + k] = q[k];
            m[j * 3 + k] = sbits(s, p + moff[k], b);
         }
      }
   } else {
      for (unsigned i = 0; i < n; i++) {
         tq[i] = 0;
         m[i] = sbits(s, i * b, b);
      }
   }
}

/* v (n bits) replicated into `to` bits from the most significant end. */
static unsigned
replicate(unsigned v, unsigned n, unsigned to)
{
   unsigned r = 0;
   int s = (int)to - (int)n;
   for (; s > -(int)n; s -= (int)n)
      r |= s >= 0 ? v << s : v >> -s;
   return r & ((1u << to) - 1);
}

/* Colour endpoint value to 0..255 ("Endpoint Unquantization"). */
static unsigned
unquant_colour(struct range r, unsigned tq, unsigned m)
{
   if (!r.trits && !r.quints)
      return replicate(m, r.bits, 8);
   unsigned A = (m & 1) ? 0x1FF : 0, x = m >> 1, B = 0, C;
   if (r.trits) {
      static const unsigned cs[7] = {0, 204, 93, 44, 22, 11, 5};
      C = cs[r.bits];
      switch (r.bits) {
      case 2:
         B = x * 0x116;
         break; /* b000b0bb0 */
      case 3:
         B = x << 7 | x << 2 | x;
         break; /* cb000cbcb */
      case 4:
         B = x << 6 | x;
         break; /* dcb000dcb */
      case 5:
         B = x << 5 | x >> 2;
         break; /* edcb000ed */
      case 6:
         B = x << 4 | x >> 4;
         break; /* fedcb000f */
      default:
         break;
      }
   } else {
      static const unsigned cs[6] = {0, 113, 54, 26, 13, 6};
      C = cs[r.bits];
      switch (r.bits) {
      case 2:
         B = x * 0x10C;
         break; /* b0000bb00 */
      case 3:
         B = x << 7 | x << 1 | x >> 1;
         break; /* cb0000cbc */
      case 4:
         B = x << 6 | x >> 1;
         break; /* dcb0000dc */
      case 5:
         B = x << 5 | x >> 3;
         break; /* edcb0000e */
      default:
         break;
      }
   }
   unsigned u = (tq * C + B) ^ A;
   return ((A & 0x80) | (u >> 2)) & 0xFF;
}

/* Weight to 0..64 ("Weight Unquantization"). */
static unsigned
unquant_weight(struct range r, unsigned tq, unsigned m)
{
   unsigned u;
   if (!r.trits && !r.quints) {
      u = replicate(m, r.bits, 6);
   } else if (r.bits == 0) {
      static const unsigned t3[3] = {0, 32, 63}, q5[5] = {0, 16, 32, 47, 63};
      u = r.trits ? t3[tq] : q5[tq];
   } else {
      unsigned A = (m & 1) ? 0x7F : 0, x = m >> 1, B = 0, C;
      if (r.trits) {
         C = r.bits == 1 ? 50 : r.bits == 2 ? 23 : 11;
         B = r.bits == 2 ? x * 0x45 : r.bits == 3 ? (x << 5 | x) : 0; /* b000b0b, cb000cb */
      } else {
         C = r.bits == 1 ? 28 : 13;
         B = r.bits == 2 ? x * 0x42 : 0; /* b0000b0 */
      }
      u = (tq * C + B) ^ A;
      u = ((A & 0x20) | (u >> 2)) & 0x3F;
   }
   return u > 32 ? u + 1 : u;
}

/* ---- block mode ------------------------------------------------------------------------ */

struct block_mode {
   unsigned gw, gh; /* weight grid */
   bool dual;
   struct range wr;
};

/* The 2D block mode of bits [10:0]; false for reserved modes. */
static bool
decode_block_mode(unsigned m, struct block_mode *bm)
{
   unsigned p = (m >> 9) & 1, d = (m >> 10) & 1, a = (m >> 5) & 3, b = (m >> 7) & 3, r;
   if (m & 3) {
      r = ((m >> 4) & 1) | (m & 3) << 1;
      switch ((m >> 2) & 3) {
      case 0:
         bm->gw = b + 4, bm->gh = a + 2;
         break;
      case 1:
         bm->gw = b + 8, bm->gh = a + 2;
         break;
      case 2:
         bm->gw = a + 2, bm->gh = b + 8;
         break;
      default:
         if (m & 0x100)
            bm->gw = ((m >> 7) & 1) + 2, bm->gh = a + 2;
         else
            bm->gw = a + 2, bm->gh = ((m >> 7) & 1) + 6;
         break;
      }
   } else {
      if (((m >> 2) & 3) == 0)
         return false; /* bits [3:0] zero: reserved */
      r = ((m >> 4) & 1) | ((m >> 2) & 3) << 1;
      switch (b) {
      case 0:
         bm->gw = 12, bm->gh = a + 2;
         break;
      case 1:
         bm->gw = a + 2, bm->gh = 12;
         break;
      case 2:
         bm->gw = a + 6, bm->gh = ((m >> 9) & 3) + 6;
         p = d = 0;
         break;
      default:
         if (a == 0)
            bm->gw = 6, bm->gh = 10;
         else if (a == 1)
            bm->gw = 10, bm->gh = 6;
         else
            return false; /* void extent is handled before; the rest is reserved */
         break;
      }
   }
   /* weight ranges by P and r (r 2..7): trits, quints, bits */
   static const struct range wranges[2][8] = {
      {{0}, {0}, {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}},
      {{0}, {0}, {0, 1, 1}, {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3}, {0, 0, 5}},
   };
   bm->wr = wranges[p][r];
   bm->dual = d;
   return true;
}

/* ---- partitions ------------------------------------------------------------------------ */

static uint32_t
hash52(uint32_t p)
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

/* The partition of texel (x, y) (z = 0), "Partition Pattern Generation". */
static unsigned
partition_of(unsigned seed, unsigned x, unsigned y, unsigned count, bool small)
{
   if (small)
      x <<= 1, y <<= 1;
   seed += (count - 1) * 1024;
   uint32_t rnum = hash52(seed);
   unsigned s[12];
   static const unsigned shifts[12] = {0, 4, 8, 12, 16, 20, 24, 28, 18, 22, 26, 30};
   for (unsigned i = 0; i < 12; i++) {
      uint32_t v = i == 11 ? ((rnum >> 30) | (rnum << 2)) : rnum >> shifts[i];
      s[i] = (v & 0xF) * (v & 0xF);
   }
   unsigned sh1, sh2;
   if (seed & 1) {
      sh1 = seed & 2 ? 4 : 5;
      sh2 = count == 3 ? 6 : 5;
   } else {
      sh1 = count == 3 ? 6 : 5;
      sh2 = seed & 2 ? 4 : 5;
   }
   unsigned sh3 = (seed & 0x10) ? sh1 : sh2;
   for (unsigned i = 0; i < 8; i++)
      s[i] >>= (i & 1) ? sh2 : sh1;
   for (unsigned i = 8; i < 12; i++)
      s[i] >>= sh3;
   /* z = 0: seeds 9-12 (s[8..11]) multiply z */
   unsigned a = (s[0] * x + s[1] * y + (rnum >> 14)) & 0x3F;
   unsigned b = (s[2] * x + s[3] * y + (rnum >> 10)) & 0x3F;
   unsigned c = (s[4] * x + s[5] * y + (rnum >> 6)) & 0x3F;
   unsigned d = (s[6] * x + s[7] * y + (rnum >> 2)) & 0x3F;
   if (count < 4)
      d = 0;
   if (count < 3)
      c = 0;
   if (a >= b && a >= c && a >= d)
      return 0;
   if (b >= c && b >= d)
      return 1;
   return c >= d ? 2 : 3;
}

/* ---- endpoints ------------------------------------------------------------------------- */

static int
clamp8(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

static void
bit_transfer_signed(int *a, int *b)
{
   *b >>= 1;
   *b |= *a & 0x80;
   *a >>= 1;
   *a &= 0x3F;
   if (*a & 0x20)
      *a -= 0x40;
}

static void
set4(int e[4], int r, int g, int b, int a)
{
   e[0] = r, e[1] = g, e[2] = b, e[3] = a;
}

/* (r + b) / 2, (g + b) / 2, b, a */
static void
blue_contract(int e[4], int r, int g, int b, int a)
{
   set4(e, (r + b) >> 1, (g + b) >> 1, b, a);
}

/* Endpoints e0, e1 (0..255) of an LDR mode from its values; false for HDR modes. */
static bool
endpoints(unsigned cem, const unsigned *uv, int e0[4], int e1[4])
{
   int v[8];
   for (unsigned i = 0; i < 8; i++)
      v[i] = i < 2 * ((cem >> 2) + 1) ? (int)uv[i] : 0;
   switch (cem) {
   case 0:
      set4(e0, v[0], v[0], v[0], 255);
      set4(e1, v[1], v[1], v[1], 255);
      return true;
   case 1: {
      int l0 = (v[0] >> 2) | (v[1] & 0xC0), l1 = l0 + (v[1] & 0x3F);
      l1 = l1 > 255 ? 255 : l1;
      set4(e0, l0, l0, l0, 255);
      set4(e1, l1, l1, l1, 255);
      return true;
   }
   case 4:
      set4(e0, v[0], v[0], v[0], v[2]);
      set4(e1, v[1], v[1], v[1], v[3]);
      return true;
   case 5:
      bit_transfer_signed(&v[1], &v[0]);
      bit_transfer_signed(&v[3], &v[2]);
      set4(e0, v[0], v[0], v[0], v[2]);
      set4(e1, v[0] + v[1], v[0] + v[1], v[0] + v[1], v[2] + v[3]);
      break;
   case 6:
   case 10:
      set4(e0, v[0] * v[3] >> 8, v[1] * v[3] >> 8, v[2] * v[3] >> 8, cem == 10 ? v[4] : 255);
      set4(e1, v[0], v[1], v[2], cem == 10 ? v[5] : 255);
      return true;
   case 8:
   case 12: {
      int a0 = cem == 12 ? v[6] : 255, a1 = cem == 12 ? v[7] : 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
         set4(e0, v[0], v[2], v[4], a0);
         set4(e1, v[1], v[3], v[5], a1);
      } else {
         blue_contract(e0, v[1], v[3], v[5], a1);
         blue_contract(e1, v[0], v[2], v[4], a0);
      }
      return true;
   }
   case 9:
   case 13:
      bit_transfer_signed(&v[1], &v[0]);
      bit_transfer_signed(&v[3], &v[2]);
      bit_transfer_signed(&v[5], &v[4]);
      if (cem == 13) {
         bit_transfer_signed(&v[7], &v[6]);
      } else {
         v[6] = 255;
         v[7] = 0;
      }
      if (v[1] + v[3] + v[5] >= 0) {
         set4(e0, v[0], v[2], v[4], v[6]);
         set4(e1, v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
      } else {
         blue_contract(e0, v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
         blue_contract(e1, v[0], v[2], v[4], v[6]);
      }
      break;
   default: /* 2, 3, 7, 11, 14, 15: HDR */
      return false;
   }
   for (unsigned c = 0; c < 4; c++) {
      e0[c] = clamp8(e0[c]);
      e1[c] = clamp8(e1[c]);
   }
   return true;
}

/* ---- the texel ------------------------------------------------------------------------- */

/* A UNORM16 interpolation result to the channel's value: sRGB formats take the top 8 bits
 * (their EOTF is applied by the caller), others decode_float16. */
static double
finish(unsigned C, bool srgb)
{
   if (srgb)
      return (C >> 8) / 255.0;
   if (C >= 65535)
      return 1.0;
   /* C / 65536 in FP16, rounded to zero: keep 11 significant bits (subnormals, C < 4, are
    * exact) */
   unsigned e = 0;
   while ((C >> (e + 1)) != 0)
      e++;
   if (e > 10)
      C &= ~((1u << (e - 10)) - 1);
   return C / 65536.0;
}

/* Decodes texel (x, y); false for an error block or texel (magenta). */
static bool
decode(const uint8_t *b, unsigned bw, unsigned bh, unsigned x, unsigned y, bool srgb, double v[4])
{
   unsigned mode = bits(b, 0, 11);
   if ((mode & 0x1FF) == 0x1FC) { /* void extent */
      if (bit(b, 9) || bits(b, 10, 2) != 3)
         return false; /* HDR (error in LDR) or reserved bits not 1 */
      unsigned s0 = bits(b, 12, 13), s1 = bits(b, 25, 13), t0 = bits(b, 38, 13),
               t1 = bits(b, 51, 13);
      bool all_ones = s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF;
      if (!all_ones && (s0 >= s1 || t0 >= t1))
         return false;
      for (unsigned c = 0; c < 4; c++)
         v[c] = finish(bits(b, 64 + 16 * c, 16), srgb);
      return true;
   }
   struct block_mode bm;
   if (!decode_block_mode(mode, &bm))
      return false;
   unsigned planes = bm.dual ? 2 : 1, nw = bm.gw * bm.gh * planes;
   unsigned wbits = ise_bits(nw, bm.wr);
   unsigned parts = bits(b, 11, 2) + 1;
   if (nw > 64 || wbits < 24 || wbits > 96 || bm.gw > bw || bm.gh > bh || (bm.dual && parts == 4))
      return false;

   /* colour endpoint modes */
   unsigned cem[4], start, extra = 0, seed = 0;
   if (parts == 1) {
      cem[0] = bits(b, 13, 4);
      start = 17;
   } else {
      seed = bits(b, 13, 10);
      unsigned sel = bits(b, 23, 2);
      start = 29;
      if (sel == 0) {
         for (unsigned p = 0; p < parts; p++)
            cem[p] = bits(b, 25, 4);
      } else {
         /* the rest of the field sits directly below the weights */
         extra = 3 * parts - 4;
         unsigned full = bits(b, 23, 6) | bits(b, 128 - wbits - extra, extra) << 6;
         for (unsigned p = 0; p < parts; p++) {
            unsigned cls = sel - 1 + ((full >> (2 + p)) & 1);
            cem[p] = cls << 2 | ((full >> (2 + parts + 2 * p)) & 3);
         }
      }
   }
   unsigned below = 128 - wbits - extra - (bm.dual ? 2 : 0); /* CCS lives at `below` */
   unsigned nv = 0, first[4];
   for (unsigned p = 0; p < parts; p++) {
      first[p] = nv;
      nv += 2 * ((cem[p] >> 2) + 1);
   }
   if (nv > 18 || below < start)
      return false;
   unsigned avail = below - start;
   int ri = 20;
   while (ri >= 4 && ise_bits(nv, colour_ranges[ri]) > avail)
      ri--;
   if (ri < 4)
      return false; /* fewer bits than 0..5 needs */

   /* this texel's partition and its endpoints */
   unsigned part = parts > 1 ? partition_of(seed, x, y, parts, bw * bh < 31) : 0;
   /* the sequence's own length: bits past it (unallocated) read as 0 */
   struct stream cs = {b, false, start, ise_bits(nv, colour_ranges[ri])};
   unsigned tq[18], m[18], uv[18];
   ise_decode(&cs, nv, colour_ranges[ri], tq, m);
   for (unsigned i = 0; i < nv; i++)
      uv[i] = unquant_colour(colour_ranges[ri], tq[i], m[i]);
   int e0[4], e1[4];
   if (!endpoints(cem[part], uv + first[part], e0, e1))
      return false;

   /* weights, infilled to the texel */
   struct stream ws = {b, true, 0, wbits};
   unsigned wtq[64], wm[64], w[64];
   ise_decode(&ws, nw, bm.wr, wtq, wm);
   for (unsigned i = 0; i < nw; i++)
      w[i] = unquant_weight(bm.wr, wtq[i], wm[i]);
   unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
   unsigned gs = (ds * x * (bm.gw - 1) + 32) >> 6, gt = (dt * y * (bm.gh - 1) + 32) >> 6;
   unsigned js = gs >> 4, fs = gs & 15, jt = gt >> 4, ft = gt & 15;
   unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
   unsigned iw[2];
   for (unsigned p = 0; p < planes; p++) {
      unsigned g = js + jt * bm.gw, pw[4];
      const unsigned off[4] = {0, 1, bm.gw, bm.gw + 1};
      for (unsigned k = 0; k < 4; k++) {
         unsigned idx = (g + off[k]) * planes + p;
         pw[k] = idx < nw ? w[idx] : 0;
      }
      iw[p] = (pw[0] * w00 + pw[1] * w01 + pw[2] * w10 + pw[3] * w11 + 8) >> 4;
   }
   unsigned ccs = bm.dual ? bits(b, below, 2) : 4;
   for (unsigned c = 0; c < 4; c++) {
      unsigned i = c == ccs ? iw[1] : iw[0];
      unsigned c0 = srgb ? (unsigned)e0[c] << 8 | 0x80 : (unsigned)e0[c] * 257;
      unsigned c1 = srgb ? (unsigned)e1[c] << 8 | 0x80 : (unsigned)e1[c] * 257;
      v[c] = finish((c0 * (64 - i) + c1 * i + 32) / 64, srgb);
   }
   return true;
}

void
agx_sim_texel_decode_astc(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                          const uint8_t *block, unsigned x, unsigned y, struct agx_sim_texel *out)
{
   double v[4];
   if (!decode(block, fmt->block, fmt->block_h, x, y, srgb_mask != 0, v)) {
      v[0] = v[2] = v[3] = 1.0; /* the error colour: opaque magenta */
      v[1] = 0.0;
   }
   for (unsigned c = 0; c < 4; c++) {
      out->f[c] = (srgb_mask >> c) & 1 ? agx_sim_srgb_to_linear(v[c]) : v[c];
      out->u[c] = 0;
   }
}
