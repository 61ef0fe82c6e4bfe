/*
 * ASTC LDR formats, a block encoder and the expected texels for test_astc (and its blit
 * test): every block is drawn from known parameters (block mode with weight grid, weight
 * range of bits/trits/quints, dual plane and its colour component, 1-4 partitions with a
 * partition seed, colour endpoint modes, raw endpoint and weight values; or a void-extent
 * block; or an error block: reserved block mode, HDR endpoint mode, HDR void extent),
 * encoded into the 128 bits, and remembered by its bytes. decode_texel() computes a texel
 * from those parameters, never from the bits: the encoder here and the decoder under test
 * are inverses, so a misread field on either side shows. Written from the Khronos Data
 * Format Specification 1.3, chapter "ASTC Compressed Texture Image Formats"; shares no code
 * with the simulator. Expected values: sRGB formats the top 8 bits of the interpolation
 * (linearised), UNORM formats decode_float16 (Vulkan's default decode mode); the error
 * colour is magenta.
 */
#ifndef ASTC_GEN_H
#define ASTC_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct fmt {
   VkFormat vk;
   const char *name;
   unsigned bw, bh;
   bool srgb;
};

#define F(w, h)                                                                       \
   {VK_FORMAT_ASTC_##w##x##h##_UNORM_BLOCK, "ASTC_" #w "x" #h "_UNORM", w, h, false}, \
   {                                                                                  \
      VK_FORMAT_ASTC_##w##x##h##_SRGB_BLOCK, "ASTC_" #w "x" #h "_SRGB", w, h, true    \
   }
static const struct fmt formats[] = {F(4, 4),  F(5, 4),   F(5, 5),   F(6, 5),  F(6, 6),
                                     F(8, 5),  F(8, 6),   F(8, 8),   F(10, 5), F(10, 6),
                                     F(10, 8), F(10, 10), F(12, 10), F(12, 12)};
#undef F
#define NFMT (sizeof(formats) / sizeof(formats[0]))

#define CT_BLOCK_W(f) ((f)->bw)
#define CT_BLOCK_H(f) ((f)->bh)

static unsigned
block_bytes(const struct fmt *f)
{
   (void)f;
   return 16;
}

/* ---- value ranges ---------------------------------------------------------------------- */

struct qrange {
   unsigned tq; /* 0: bits only, 3: a trit, 5: a quint */
   unsigned bits;
};

/* the colour ranges in increasing size (0..1 ... 0..255) */
static const struct qrange g_colour[21] = {{0, 1}, {3, 0}, {0, 2}, {5, 0}, {3, 1}, {0, 3}, {5, 1},
                                           {3, 2}, {0, 4}, {5, 2}, {3, 3}, {0, 5}, {5, 3}, {3, 4},
                                           {0, 6}, {5, 4}, {3, 5}, {0, 7}, {5, 5}, {3, 6}, {0, 8}};

static unsigned
g_levels(struct qrange r)
{
   return (r.tq ? r.tq : 1) << r.bits;
}

static unsigned
g_ise_size(unsigned n, struct qrange r)
{
   unsigned s = n * r.bits;
   if (r.tq == 3)
      s += (n * 8 + 4) / 5;
   if (r.tq == 5)
      s += (n * 7 + 2) / 3;
   return s;
}

/* ---- block parameters ------------------------------------------------------------------ */

enum { G_NORMAL, G_VOID, G_ERROR };

struct gparams {
   unsigned kind;
   uint16_t vcol[4]; /* void extent: UNORM16 RGBA */
   unsigned gw, gh, dual, ccs, parts, seed, cem[4];
   struct qrange wr, cr;
   uint8_t cv[18], wv[64]; /* raw values (trit/quint << bits | low bits) */
};

/* Blocks made so far, found again by their bytes (open addressing). */
#define G_SLOTS (1u << 17)
static struct gslot {
   uint8_t bytes[16];
   bool used;
   struct gparams p;
} *g_table;
static unsigned g_counts[8]; /* void, error, trits, quints, dual, parts 2, 3, 4 */

static unsigned
g_hash(const uint8_t *b)
{
   uint32_t h = 2166136261u;
   for (unsigned i = 0; i < 16; i++)
      h = (h ^ b[i]) * 16777619u;
   return h & (G_SLOTS - 1);
}

static void
g_remember(const uint8_t *b, const struct gparams *p)
{
   if (!g_table)
      g_table = calloc(G_SLOTS, sizeof(*g_table));
   for (unsigned h = g_hash(b);; h = (h + 1) & (G_SLOTS - 1)) {
      if (!g_table[h].used) {
         g_table[h].used = true;
         memcpy(g_table[h].bytes, b, 16);
         g_table[h].p = *p;
         return;
      }
      if (!memcmp(g_table[h].bytes, b, 16))
         return; /* the same bits decode the same */
   }
}

static const struct gparams *
g_find(const uint8_t *b)
{
   for (unsigned h = g_hash(b); g_table && g_table[h].used; h = (h + 1) & (G_SLOTS - 1))
      if (!memcmp(g_table[h].bytes, b, 16))
         return &g_table[h].p;
   return NULL;
}

/* ---- bit writing ----------------------------------------------------------------------- */

static void
g_put(uint8_t *b, unsigned pos, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, pos++) {
      b[pos / 8] &= (uint8_t) ~(1u << (pos % 8));
      b[pos / 8] |= (uint8_t)(((v >> i) & 1u) << (pos % 8));
   }
}

/* weight stream bits grow down from bit 127 */
static void
g_put_rev(uint8_t *b, unsigned pos, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      g_put(b, 127 - (pos + i), (v >> i) & 1u, 1);
}

/* Trit / quint packings: the encoding of each (t0..t4) / (q0..q2), found by running the
 * specification's unpacking over all 256 / 128 codes. */
static uint8_t g_trit_code[243], g_quint_code[125];

static void
g_unpack_trits(unsigned T, unsigned t[5])
{
#define GB(x, i) (((x) >> (i)) & 1u)
   unsigned C;
   if ((T & 0x1C) == 0x1C) {
      C = ((T >> 5) << 2) | (T & 3);
      t[4] = 2, t[3] = 2;
   } else {
      C = T & 31;
      if ((T & 0x60) == 0x60)
         t[4] = 2, t[3] = GB(T, 7);
      else
         t[4] = GB(T, 7), t[3] = (T >> 5) & 3;
   }
   if ((C & 3) == 3)
      t[2] = 2, t[1] = GB(C, 4), t[0] = 2 * GB(C, 3) + (GB(C, 2) & (GB(C, 3) ^ 1));
   else if ((C & 12) == 12)
      t[2] = 2, t[1] = 2, t[0] = C & 3;
   else
      t[2] = GB(C, 4), t[1] = (C >> 2) & 3, t[0] = 2 * GB(C, 1) + (GB(C, 0) & (GB(C, 1) ^ 1));
}

static void
g_unpack_quints(unsigned Q, unsigned q[3])
{
   unsigned C;
   if ((Q & 6) == 6 && (Q & 0x60) == 0) {
      q[2] = 4 * GB(Q, 0) + 2 * (GB(Q, 4) & (GB(Q, 0) ^ 1)) + (GB(Q, 3) & (GB(Q, 0) ^ 1));
      q[1] = 4, q[0] = 4;
      return;
   }
   if ((Q & 6) == 6)
      q[2] = 4, C = (((Q >> 3) & 3) << 3) | ((3 - ((Q >> 5) & 3)) << 1) | (Q & 1);
   else
      q[2] = (Q >> 5) & 3, C = Q & 31;
   if ((C & 7) == 5)
      q[1] = 4, q[0] = (C >> 3) & 3;
   else
      q[1] = (C >> 3) & 3, q[0] = C & 7;
#undef GB
}

static void
g_init_codes(void)
{
   for (int T = 255; T >= 0; T--) { /* lowest code last wins */
      unsigned t[5];
      g_unpack_trits((unsigned)T, t);
      g_trit_code[t[0] + 3 * (t[1] + 3 * (t[2] + 3 * (t[3] + 3 * t[4])))] = (uint8_t)T;
   }
   for (int Q = 127; Q >= 0; Q--) {
      unsigned q[3];
      g_unpack_quints((unsigned)Q, q);
      g_quint_code[q[0] + 5 * (q[1] + 5 * q[2])] = (uint8_t)Q;
   }
}

/* Writes n values of range r as an integer sequence from stream bit `at`. */
static void
g_ise(uint8_t *b, bool rev, unsigned at, const uint8_t *v, unsigned n, struct qrange r)
{
   unsigned nb = r.bits, mask = (1u << nb) - 1;
   void (*put)(uint8_t *, unsigned, unsigned, unsigned) = rev ? g_put_rev : g_put;
   if (!r.tq) {
      for (unsigned i = 0; i < n; i++)
         put(b, at + i * nb, v[i], nb);
      return;
   }
   unsigned group = r.tq == 3 ? 5 : 3, gbits = r.tq == 3 ? 8 + 5 * nb : 7 + 3 * nb;
   unsigned total = g_ise_size(n, r);
   for (unsigned g = 0; g * group < n; g++) {
      unsigned hi[5] = {0}, code = 0, pos = at + g * gbits;
      for (unsigned k = 0; k < group && g * group + k < n; k++)
         hi[k] = v[g * group + k] >> nb;
      if (r.tq == 3)
         code = g_trit_code[hi[0] + 3 * (hi[1] + 3 * (hi[2] + 3 * (hi[3] + 3 * hi[4])))];
      else
         code = g_quint_code[hi[0] + 5 * (hi[1] + 5 * hi[2])];
      /* (low bits, code bits) pairs in stream order; trits: T1:0, T3:2, T4, T6:5, T7;
       * quints: Q2:0, Q4:3, Q6:5 */
      static const unsigned tsplit[5][2] = {{0, 2}, {2, 2}, {4, 1}, {5, 2}, {7, 1}};
      static const unsigned qsplit[3][2] = {{0, 3}, {3, 2}, {5, 2}};
      for (unsigned k = 0; k < group; k++) {
         unsigned low = g * group + k < n ? v[g * group + k] & mask : 0;
         const unsigned *sp = r.tq == 3 ? tsplit[k] : qsplit[k];
         unsigned cbits = (code >> sp[0]) & ((1u << sp[1]) - 1);
         /* the stream ends at `total`: bits past it are not written (they read as 0) */
         for (unsigned i = 0; i < nb; i++, pos++)
            if (pos - at < total)
               put(b, pos, (low >> i) & 1u, 1);
         for (unsigned i = 0; i < sp[1]; i++, pos++)
            if (pos - at < total)
               put(b, pos, (cbits >> i) & 1u, 1);
      }
   }
}

/* Block mode bits for a gw x gh grid, weight range (P, r), dual plane; -1 if no layout
 * of the specification's table holds it. */
static int
g_block_mode(unsigned gw, unsigned gh, unsigned P, unsigned r, unsigned D)
{
   unsigned hi = P << 9 | D << 10, r0 = r & 1, r21 = r >> 1; /* rho2 rho1 */
   unsigned low = r21 | r0 << 4;                             /* layouts with bits 1:0 != 0 */
   if (gw >= 4 && gw <= 7 && gh >= 2 && gh <= 5)
      return (int)(hi | (gw - 4) << 7 | (gh - 2) << 5 | low);
   if (gw >= 8 && gw <= 11 && gh >= 2 && gh <= 5)
      return (int)(hi | (gw - 8) << 7 | (gh - 2) << 5 | 1 << 2 | low);
   if (gw >= 2 && gw <= 5 && gh >= 8 && gh <= 11)
      return (int)(hi | (gh - 8) << 7 | (gw - 2) << 5 | 2 << 2 | low);
   if (gw >= 2 && gw <= 5 && gh >= 6 && gh <= 7)
      return (int)(hi | (gh - 6) << 7 | (gw - 2) << 5 | 3 << 2 | low);
   if (gw >= 2 && gw <= 3 && gh >= 2 && gh <= 5)
      return (int)(hi | 1 << 8 | (gw - 2) << 7 | (gh - 2) << 5 | 3 << 2 | low);
   unsigned low0 = r21 << 2 | r0 << 4; /* layouts with bits 1:0 == 0 */
   if (gw == 12 && gh >= 2 && gh <= 5)
      return (int)(hi | 0 << 7 | (gh - 2) << 5 | low0);
   if (gh == 12 && gw >= 2 && gw <= 5)
      return (int)(hi | 1 << 7 | (gw - 2) << 5 | low0);
   if (gw == 6 && gh == 10)
      return (int)(hi | 3 << 7 | 0 << 5 | low0);
   if (gw == 10 && gh == 6)
      return (int)(hi | 3 << 7 | 1 << 5 | low0);
   if (!P && !D && gw >= 6 && gw <= 9 && gh >= 6 && gh <= 9)
      return (int)((gh - 6) << 9 | 2 << 7 | (gw - 6) << 5 | low0);
   return -1;
}

static uint32_t
g_rand(uint32_t *s)
{
   *s = *s * 1664525u + 1013904223u;
   return *s >> 8;
}

static bool
g_hdr(unsigned cem)
{
   return cem == 2 || cem == 3 || cem == 7 || cem == 11 || cem == 14 || cem == 15;
}

/* A normal block drawn from s; false when the draw is not a legal encoding. */
static bool
g_normal(const struct fmt *f, uint32_t *s, struct gparams *p, uint8_t *b)
{
   static const unsigned ldr[4][3] = {{0, 1, 1}, {4, 5, 6}, {8, 9, 10}, {12, 13, 13}};
   memset(p, 0, sizeof(*p));
   p->kind = G_NORMAL;
   p->gw = 2 + g_rand(s) % (f->bw - 1);
   p->gh = 2 + g_rand(s) % (f->bh - 1);
   unsigned P = g_rand(s) & 1, r = 2 + g_rand(s) % 6;
   p->dual = g_rand(s) % 4 == 0;
   p->parts = 1 + g_rand(s) % 4;
   if (p->dual && p->parts == 4)
      return false;
   int mode = g_block_mode(p->gw, p->gh, P, r, p->dual);
   if (mode < 0)
      return false;
   static const struct qrange wr[2][8] = {
      {{0, 0}, {0, 0}, {0, 1}, {3, 0}, {0, 2}, {5, 0}, {3, 1}, {0, 3}},
      {{0, 0}, {0, 0}, {5, 1}, {3, 2}, {0, 4}, {5, 2}, {3, 3}, {0, 5}}};
   p->wr = wr[P][r];
   unsigned nw = p->gw * p->gh * (p->dual + 1), wbits = g_ise_size(nw, p->wr);
   if (nw > 64 || wbits < 24 || wbits > 96)
      return false;
   /* endpoint modes: one for all, or per partition within two neighbouring classes; now
    * and then an HDR one (its texels decode to the error colour) */
   bool same = p->parts == 1 || g_rand(s) % 3 == 0;
   unsigned base = g_rand(s) % 3;
   for (unsigned i = 0; i < p->parts; i++) {
      unsigned cls = same ? base + (g_rand(s) & 1) : base + (g_rand(s) & 1);
      p->cem[i] = ldr[cls][g_rand(s) % 3];
      if (g_rand(s) % 24 == 0)
         p->cem[i] = (p->cem[i] & ~3u) | (cls == 0 ? 2 + (g_rand(s) & 1) : cls == 1 ? 3 : 3);
      if (same)
         break;
   }
   if (same)
      for (unsigned i = 1; i < p->parts; i++)
         p->cem[i] = p->cem[0];
   unsigned config = p->parts == 1 ? 17 : same ? 29 : 25 + 3 * p->parts;
   if (p->dual)
      config += 2;
   if (config + wbits > 128)
      return false;
   unsigned remaining = 128 - config - wbits, nv = 0;
   for (unsigned i = 0; i < p->parts; i++)
      nv += 2 * (p->cem[i] / 4 + 1);
   if (nv > 18)
      return false;
   int ci = 20;
   while (ci >= 0 && g_ise_size(nv, g_colour[ci]) > remaining)
      ci--;
   if (ci < 4)
      return false;
   p->cr = g_colour[ci];
   p->ccs = g_rand(s) % 4;
   p->seed = g_rand(s) % 1024;
   for (unsigned i = 0; i < nv; i++)
      p->cv[i] = (uint8_t)(g_rand(s) % g_levels(p->cr));
   for (unsigned i = 0; i < nw; i++)
      p->wv[i] = (uint8_t)(g_rand(s) % g_levels(p->wr));

   /* the bits: fill the unallocated ones with noise first (the decoder must ignore them) */
   for (unsigned i = 0; i < 16; i++)
      b[i] = (uint8_t)g_rand(s);
   g_put(b, 0, (unsigned)mode, 11);
   g_put(b, 11, p->parts - 1, 2);
   unsigned below = 128 - wbits;
   if (p->parts == 1) {
      g_put(b, 13, p->cem[0], 4);
   } else {
      g_put(b, 13, p->seed, 10);
      if (same) {
         g_put(b, 23, 0, 2);
         g_put(b, 25, p->cem[0], 4);
      } else {
         unsigned lo = 2; /* the lower class of the pair: 0..2 (selector 1..3) */
         for (unsigned i = 0; i < p->parts; i++)
            lo = p->cem[i] / 4 < lo ? p->cem[i] / 4 : lo;
         /* selector, class bits C_i, mode bits M_i; 6 bits at 23, the rest below the
          * weights */
         unsigned full = lo + 1;
         for (unsigned i = 0; i < p->parts; i++) {
            full |= (p->cem[i] / 4 - lo) << (2 + i);
            full |= (p->cem[i] & 3) << (2 + p->parts + 2 * i);
         }
         g_put(b, 23, full & 63, 6);
         unsigned extra = 3 * p->parts - 4;
         below -= extra;
         g_put(b, below, full >> 6, extra);
      }
   }
   if (p->dual) {
      below -= 2;
      g_put(b, below, p->ccs, 2);
   }
   g_ise(b, false, p->parts == 1 ? 17 : 29, p->cv, nv, p->cr);
   g_ise(b, true, 0, p->wv, nw, p->wr);
   g_counts[2] += p->wr.tq == 3 || p->cr.tq == 3;
   g_counts[3] += p->wr.tq == 5 || p->cr.tq == 5;
   g_counts[4] += p->dual;
   g_counts[3 + p->parts] += p->parts > 1;
   return true;
}

/* Block n of a level drawn from `seed`: normal blocks mostly, void-extent and error blocks
 * now and then. */
static void
make_block(const struct fmt *f, uint32_t seed, unsigned n, uint8_t *b)
{
   static bool init;
   if (!init) {
      g_init_codes();
      init = true;
   }
   uint32_t s = seed * 2654435761u + n * 40503u + 7;
   struct gparams p;
   unsigned pick = g_rand(&s) % 32;
   if (pick < 3) { /* void extent: all-ones or a real extent; one in 3 HDR (error) */
      memset(&p, 0, sizeof(p));
      p.kind = G_VOID;
      g_put(b, 0, 0x1FC, 9);
      g_put(b, 9, pick == 2, 1);
      g_put(b, 10, 3, 2);
      if (g_rand(&s) & 1) {
         g_put(b, 12, 0x1FFF, 13), g_put(b, 25, 0x1FFF, 13);
         g_put(b, 38, 0x1FFF, 13), g_put(b, 51, 0x1FFF, 13);
      } else {
         unsigned s0 = g_rand(&s) % 4096, t0 = g_rand(&s) % 4096;
         g_put(b, 12, s0, 13), g_put(b, 25, s0 + 1 + g_rand(&s) % 4000, 13);
         g_put(b, 38, t0, 13), g_put(b, 51, t0 + 1 + g_rand(&s) % 4000, 13);
      }
      for (unsigned c = 0; c < 4; c++) {
         p.vcol[c] = (uint16_t)g_rand(&s);
         g_put(b, 64 + 16 * c, p.vcol[c], 16);
      }
      if (pick == 2)
         p.kind = G_ERROR;
      g_counts[pick == 2 ? 1 : 0]++;
   } else if (pick == 3) { /* reserved block mode: bits [3:0] zero */
      memset(&p, 0, sizeof(p));
      p.kind = G_ERROR;
      for (unsigned i = 0; i < 16; i++)
         b[i] = (uint8_t)g_rand(&s);
      b[0] &= 0xF0;
      g_counts[1]++;
   } else {
      while (!g_normal(f, &s, &p, b))
         ;
   }
   g_remember(b, &p);
}

/* ---- expected texels ------------------------------------------------------------------- */

static uint32_t
g_hash52(uint32_t p)
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

static unsigned
g_partition(unsigned seed, unsigned x, unsigned y, unsigned parts, bool small)
{
   if (small) {
      x *= 2;
      y *= 2;
   }
   seed += (parts - 1) * 1024;
   uint32_t rn = g_hash52(seed);
   uint8_t sd[8];
   for (unsigned i = 0; i < 8; i++) {
      uint8_t v = (uint8_t)((rn >> (4 * i)) & 15);
      v = (uint8_t)(v * v);
      unsigned sh1 = (seed & 1) ? ((seed & 2) ? 4 : 5) : (parts == 3 ? 6 : 5);
      unsigned sh2 = (seed & 1) ? (parts == 3 ? 6 : 5) : ((seed & 2) ? 4 : 5);
      sd[i] = (uint8_t)(v >> ((i % 2) ? sh2 : sh1));
   }
   int a = (int)((sd[0] * x + sd[1] * y + (rn >> 14)) & 63);
   int bb = (int)((sd[2] * x + sd[3] * y + (rn >> 10)) & 63);
   int c = parts >= 3 ? (int)((sd[4] * x + sd[5] * y + (rn >> 6)) & 63) : 0;
   int d = parts >= 4 ? (int)((sd[6] * x + sd[7] * y + (rn >> 2)) & 63) : 0;
   if (a >= bb && a >= c && a >= d)
      return 0;
   if (bb >= c && bb >= d)
      return 1;
   return c >= d ? 2 : 3;
}

/* Raw colour value -> 0..255 */
static int
g_unq_colour(struct qrange r, unsigned v)
{
   unsigned m = v & ((1u << r.bits) - 1), d = v >> r.bits;
   if (!r.tq) { /* bit replication to 8 bits */
      unsigned out = 0;
      for (unsigned i = 0; i < 8; i++) /* bit i: bit bits-1 of m at the top, repeating */
         out |= ((m >> (r.bits - 1 - (7 - i) % r.bits)) & 1u) << i;
      return (int)out;
   }
   /* A, B, C of the specification's table, B built bit by bit from the letters */
   const char *pat;
   unsigned C;
   if (r.tq == 3) {
      static const char *const pats[7] = {"",          "000000000", "b000b0bb0", "cb000cbcb",
                                          "dcb000dcb", "edcb000ed", "fedcb000f"};
      static const unsigned cs[7] = {0, 204, 93, 44, 22, 11, 5};
      pat = pats[r.bits], C = cs[r.bits];
   } else {
      static const char *const pats[6] = {"",          "000000000", "b0000bb00",
                                          "cb0000cbc", "dcb0000dc", "edcb0000e"};
      static const unsigned cs[6] = {0, 113, 54, 26, 13, 6};
      pat = pats[r.bits], C = cs[r.bits];
   }
   unsigned B = 0;
   for (unsigned i = 0; i < 9; i++) {
      char ch = pat[i];
      unsigned bitv = ch == '0' ? 0 : (m >> (unsigned)(ch - 'a')) & 1u;
      B |= bitv << (8 - i);
   }
   unsigned A = (m & 1) ? 0x1FF : 0;
   unsigned t = ((d * C + B) ^ A);
   return (int)(((A & 0x80) | (t >> 2)) & 0xFF);
}

/* Raw weight -> 0..64 */
static unsigned
g_unq_weight(struct qrange r, unsigned v)
{
   unsigned m = v & ((1u << r.bits) - 1), d = v >> r.bits, out;
   if (!r.tq) {
      out = 0;
      for (unsigned i = 0; i < 6; i++)
         out |= ((m >> (r.bits - 1 - (5 - i) % r.bits)) & 1u) << i;
   } else if (!r.bits) {
      out = r.tq == 3 ? (d == 0 ? 0 : d == 1 ? 32 : 63) : (d * 16 - (d >= 3));
   } else {
      const char *pat;
      unsigned C;
      if (r.tq == 3) {
         static const char *const pats[4] = {"", "0000000", "b000b0b", "cb000cb"};
         static const unsigned cs[4] = {0, 50, 23, 11};
         pat = pats[r.bits], C = cs[r.bits];
      } else {
         static const char *const pats[3] = {"", "0000000", "b0000b0"};
         static const unsigned cs[3] = {0, 28, 13};
         pat = pats[r.bits], C = cs[r.bits];
      }
      unsigned B = 0;
      for (unsigned i = 0; i < 7; i++) {
         char ch = pat[i];
         B |= (ch == '0' ? 0 : (m >> (unsigned)(ch - 'a')) & 1u) << (6 - i);
      }
      unsigned A = (m & 1) ? 0x7F : 0, t = (d * C + B) ^ A;
      out = ((A & 0x20) | (t >> 2)) & 0x3F;
   }
   return out > 32 ? out + 1 : out;
}

static int
g_clamp(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* (a, b) -> a: -32..31 offset, b: base with a's top bit */
static void
g_transfer(int *a, int *b)
{
   int top = *a & 0x80;
   *b = (*b >> 1) | top;
   *a = (*a >> 1) & 0x3F;
   if (*a >= 32)
      *a -= 64;
}

/* Endpoints of an LDR mode (0..255 RGBA each). */
static void
g_endpoints(unsigned cem, const int *in, int e[2][4])
{
   int v[8];
   for (unsigned i = 0; i < 8; i++)
      v[i] = i < 2 * (cem / 4 + 1) ? in[i] : 0;
   int r0, g0, b0, a0, r1, g1, b1, a1;
   switch (cem) {
   case 0:
      r0 = g0 = b0 = v[0], r1 = g1 = b1 = v[1], a0 = a1 = 255;
      break;
   case 1: {
      int l0 = (v[0] >> 2) | (v[1] & 0xC0), l1 = l0 + (v[1] & 0x3F);
      r0 = g0 = b0 = l0, r1 = g1 = b1 = l1 > 255 ? 255 : l1, a0 = a1 = 255;
      break;
   }
   case 4:
      r0 = g0 = b0 = v[0], r1 = g1 = b1 = v[1], a0 = v[2], a1 = v[3];
      break;
   case 5:
      g_transfer(&v[1], &v[0]);
      g_transfer(&v[3], &v[2]);
      r0 = g0 = b0 = v[0], a0 = v[2];
      r1 = g1 = b1 = v[0] + v[1], a1 = v[2] + v[3];
      break;
   case 6:
   case 10:
      r0 = (v[0] * v[3]) >> 8, g0 = (v[1] * v[3]) >> 8, b0 = (v[2] * v[3]) >> 8;
      r1 = v[0], g1 = v[1], b1 = v[2];
      a0 = cem == 10 ? v[4] : 255, a1 = cem == 10 ? v[5] : 255;
      break;
   case 8:
   case 12: {
      int al0 = cem == 12 ? v[6] : 255, al1 = cem == 12 ? v[7] : 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
         r0 = v[0], g0 = v[2], b0 = v[4], a0 = al0;
         r1 = v[1], g1 = v[3], b1 = v[5], a1 = al1;
      } else { /* blue contraction, endpoints swapped */
         r0 = (v[1] + v[5]) >> 1, g0 = (v[3] + v[5]) >> 1, b0 = v[5], a0 = al1;
         r1 = (v[0] + v[4]) >> 1, g1 = (v[2] + v[4]) >> 1, b1 = v[4], a1 = al0;
      }
      break;
   }
   default: { /* 9, 13 */
      g_transfer(&v[1], &v[0]);
      g_transfer(&v[3], &v[2]);
      g_transfer(&v[5], &v[4]);
      int al0 = 255, ald = 0;
      if (cem == 13) {
         g_transfer(&v[7], &v[6]);
         al0 = v[6], ald = v[7];
      }
      if (v[1] + v[3] + v[5] >= 0) {
         r0 = v[0], g0 = v[2], b0 = v[4], a0 = al0;
         r1 = v[0] + v[1], g1 = v[2] + v[3], b1 = v[4] + v[5], a1 = al0 + ald;
      } else {
         int r = v[0] + v[1], g = v[2] + v[3], b = v[4] + v[5];
         r0 = (r + b) >> 1, g0 = (g + b) >> 1, b0 = b, a0 = al0 + ald;
         r1 = (v[0] + v[4]) >> 1, g1 = (v[2] + v[4]) >> 1, b1 = v[4], a1 = al0;
      }
      break;
   }
   }
   int t[2][4] = {{r0, g0, b0, a0}, {r1, g1, b1, a1}};
   for (unsigned k = 0; k < 2; k++)
      for (unsigned c = 0; c < 4; c++)
         e[k][c] = g_clamp(t[k][c]);
}

/* The decoded value of a UNORM16 interpolation result. */
static float
g_finish(unsigned c16, bool srgb, unsigned comp)
{
   if (srgb) {
      float v = (float)(c16 >> 8) / 255.0f;
      if (comp == 3)
         return v;
      return v <= 0.04045f ? v / 12.92f : powf((v + 0.055f) / 1.055f, 2.4f);
   }
   if (c16 == 65535)
      return 1.0f;
   /* FP16, rounded towards zero: 11 significant bits */
   unsigned keep = c16;
   unsigned top = 0;
   for (unsigned i = 0; i < 16; i++)
      if (c16 >> i)
         top = i;
   if (top > 10)
      keep = (c16 >> (top - 10)) << (top - 10);
   return (float)keep / 65536.0f;
}

/* Texel i (y * bw + x) of a block made by make_block. */
static void
decode_texel(const struct fmt *f, const uint8_t *block, unsigned i, float v[4])
{
   const struct gparams *p = g_find(block);
   static const float magenta[4] = {1, 0, 1, 1};
   if (!p) {
      fprintf(stderr, "astc_gen: block not made by make_block\n");
      exit(1);
   }
   if (p->kind == G_ERROR) {
      memcpy(v, magenta, sizeof(magenta));
      return;
   }
   if (p->kind == G_VOID) {
      for (unsigned c = 0; c < 4; c++)
         v[c] = g_finish(p->vcol[c], f->srgb, c);
      return;
   }
   unsigned x = i % f->bw, y = i / f->bw;
   unsigned part = p->parts > 1 ? g_partition(p->seed, x, y, p->parts, f->bw * f->bh < 31) : 0;
   if (g_hdr(p->cem[part])) {
      memcpy(v, magenta, sizeof(magenta));
      return;
   }
   unsigned first = 0;
   for (unsigned k = 0; k < part; k++)
      first += 2 * (p->cem[k] / 4 + 1);
   int vals[8], e[2][4];
   for (unsigned k = 0; k < 2 * (p->cem[part] / 4 + 1); k++)
      vals[k] = g_unq_colour(p->cr, p->cv[first + k]);
   g_endpoints(p->cem[part], vals, e);
   /* weight infill */
   unsigned ds = (1024 + f->bw / 2) / (f->bw - 1), dt = (1024 + f->bh / 2) / (f->bh - 1);
   unsigned gs = (ds * x * (p->gw - 1) + 32) >> 6, gt = (dt * y * (p->gh - 1) + 32) >> 6;
   unsigned fs = gs & 15, ft = gt & 15, planes = p->dual + 1;
   unsigned w11 = (fs * ft + 8) >> 4;
   unsigned wt[4] = {16 - fs - ft + w11, fs - w11, ft - w11, w11};
   unsigned eff[2];
   for (unsigned pl = 0; pl < planes; pl++) {
      unsigned sum = 0;
      for (unsigned k = 0; k < 4; k++) {
         unsigned gx = (gs >> 4) + (k & 1), gy = (gt >> 4) + (k >> 1);
         if (!wt[k])
            continue; /* a corner past the grid has no weight */
         sum += g_unq_weight(p->wr, p->wv[(gy * p->gw + gx) * planes + pl]) * wt[k];
      }
      eff[pl] = (sum + 8) >> 4;
   }
   for (unsigned c = 0; c < 4; c++) {
      unsigned w = p->dual && c == p->ccs ? eff[1] : eff[0];
      unsigned c0 = f->srgb ? (unsigned)e[0][c] * 256 + 128 : (unsigned)e[0][c] * 257;
      unsigned c1 = f->srgb ? (unsigned)e[1][c] * 256 + 128 : (unsigned)e[1][c] * 257;
      v[c] = g_finish((c0 * (64 - w) + c1 * w + 32) / 64, f->srgb, c);
   }
}

#endif
