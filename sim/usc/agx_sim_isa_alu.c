/*
 * Integer ALU semantics: moves, special registers, iadd/imadd, shifts and
 * bitfields, bit operations, compare-and-select (SIMD-wide operations are
 * in agx_sim_isa_simd.c).
 *
 * Assumes (applegpu's hardware-validated emulator, shared/reference/isa.md):
 * sources are zero-extended unless their sx bit asks for sign extension;
 * 8-bit immediates are zero-extended 16-bit values; results are truncated
 * to the destination size (16, 32 or 64 bits); saturation clamps to the
 * destination range, signed when any source has its sx bit set; only
 * active lanes are written (inactive lanes keep their registers).
 */
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"
#include "agx_sim_isa.h"

/* ---- helpers ----------------------------------------------------------- */

bool
agx_sim_load_int(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                 const struct agx_sim_opnd *o, int64_t out[AGX_SIM_LANES])
{
   uint64_t raw[AGX_SIM_LANES];
   if (!agx_sim_src64(w, sg, I, o, raw))
      return false;
   unsigned bits = agx_sim_opnd_bits(o);
   bool sx = (o->mods & AGX_SIM_OM_SX) && o->kind != AGX_SIM_O_IMM;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      out[l] = sx ? agx_sim_sext(raw[l], bits) : (int64_t)raw[l];
   return true;
}

static inline unsigned
dst_bits(const struct agx_sim_insn *I)
{
   return agx_sim_opnd_bits(&I->d);
}

static __int128
saturate_int(__int128 v, unsigned bits, bool is_signed)
{
   __int128 lo, hi;
   if (is_signed) {
      lo = -((__int128)1 << (bits - 1));
      hi = ((__int128)1 << (bits - 1)) - 1;
   } else {
      lo = 0;
      hi = ((__int128)1 << bits) - 1;
   }
   return v < lo ? lo : v > hi ? hi : v;
}

/* ---- moves ------------------------------------------------------------- */

static const struct agx_sim_insn *
x_mov_imm(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint64_t v[AGX_SIM_LANES];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      v[l] = I->s[0].v;
   if (!agx_sim_dst(w, sg, I, v))
      return NULL;
   return agx_sim_next(w, I);
}

uint32_t
agx_sim_special_reg(struct agx_sim_worker *w, struct agx_sim_sg *sg, unsigned sr, unsigned lane,
                    bool *known)
{
   const struct agx_sim_dispatch *d = w->d;
   if (w->in_helper) {
      /* the helper program's thread: core and mailbox registers only */
      uint32_t v = 0;
      *known = agx_sim_helper_sr(w, sr, &v) || sr == 20 || sr == 21 || sr == 52;
      return sr == 52 ? lane : v;
   }
   uint32_t gv;
   if (d->batch && agx_sim_graphics_sr(w, sg, sr, lane, &gv)) {
      *known = true;
      return gv;
   }
   uint32_t sz[3], pos[3] = {0, 0, 0};
   for (unsigned i = 0; i < 3; i++) {
      uint64_t left = d->global[i] - (uint64_t)w->tg[i] * d->local[i];
      sz[i] = left < d->local[i] ? (uint32_t)left : d->local[i];
   }
   uint32_t tid = sg->tid[lane];
   if ((sr >= 48 && sr <= 50) || (sr >= 80 && sr <= 82)) { /* divides: only when asked */
      pos[0] = tid % sz[0];
      pos[1] = (tid / sz[0]) % sz[1];
      pos[2] = tid / (sz[0] * sz[1]);
   }
   uint32_t active = sg->exec & sg->live;
   *known = true;
   switch (sr) {
   case 0:
   case 1:
   case 2:
      return w->tg[sr];
   case 4:
   case 5:
   case 6:
      return sz[sr - 4];
   case 8:
   case 9:
   case 10:
      return d->local[sr - 8];
   case 20:
      return 0; /* core_index: one simulated core */
   case 21:
      return 0; /* vm_slot */
   case 48:
   case 49:
   case 50:
      return pos[sr - 48];
   case 51:
      return tid;
   case 52:
      return lane;
   case 53:
      return sg->index;
   case 56:
      return (uint32_t)__builtin_popcount(active & ((1u << lane) - 1) & (0xFu << (lane & ~3u)));
   case 57:
      return (uint32_t)__builtin_popcount(active & (0xFu << (lane & ~3u)));
   case 58:
      return (uint32_t)__builtin_popcount(active & ((1u << lane) - 1));
   case 59:
      return (uint32_t)__builtin_popcount(active);
   case 63:
      return 1;
   case 80:
   case 81:
   case 82:
      return w->tg[sr - 80] * d->local[sr - 80] + pos[sr - 80];
   default:
      *known = false;
      return 0;
   }
}

static const struct agx_sim_insn *
x_get_sr(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint64_t v[AGX_SIM_LANES];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      bool known;
      v[l] = agx_sim_special_reg(w, sg, I->p[0], l, &known);
      if (!known) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "special register sr%u is not modelled",
                           I->p[0]);
         return NULL;
      }
   }
   if (!agx_sim_dst(w, sg, I, v))
      return NULL;
   return agx_sim_next(w, I);
}

/* ---- integer arithmetic ------------------------------------------------- */

/* p[0] = S, p[1] = N, p[2] = shift, p[3] = any source sx field set */
static const struct agx_sim_insn *
x_iadd(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   int64_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_load_int(w, sg, I, &I->s[0], a) || !agx_sim_load_int(w, sg, I, &I->s[1], b))
      return NULL;
   unsigned db = dst_bits(I);
   bool sat = I->p[0] && I->p[2] == 0 && agx_sim_opnd_bits(&I->s[0]) <= 32 &&
              agx_sim_opnd_bits(&I->s[1]) <= 32 && db <= 32;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      __int128 bb = b[l];
      if (I->p[1])
         bb = -bb;
      bb = I->p[2] < 5 ? bb * ((__int128)1 << I->p[2]) : 0;
      __int128 res = (__int128)a[l] + bb;
      if (sat)
         res = saturate_int(res, db, I->p[3] != 0);
      r[l] = (uint64_t)res;
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* Fast path: 32-bit registers/immediates, no shift/saturate/sx. */
static const struct agx_sim_insn *
x_iadd32(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a) || !agx_sim_src32(w, sg, I, &I->s[1], b))
      return NULL;
   if (I->p[1])
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         r[l] = a[l] - b[l];
   else
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         r[l] = a[l] + b[l];
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

static const struct agx_sim_insn *
x_imadd(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   int64_t a[AGX_SIM_LANES], b[AGX_SIM_LANES], c[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_load_int(w, sg, I, &I->s[0], a) || !agx_sim_load_int(w, sg, I, &I->s[1], b) ||
       !agx_sim_load_int(w, sg, I, &I->s[2], c))
      return NULL;
   unsigned db = dst_bits(I);
   bool sat = I->p[0] && I->p[2] == 0 && agx_sim_opnd_bits(&I->s[2]) <= 32 && db <= 32;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      __int128 cc = c[l];
      if (I->p[1])
         cc = -cc;
      cc = I->p[2] < 5 ? cc * ((__int128)1 << I->p[2]) : 0;
      /* 64-bit operands multiply modulo 2^128; only the low bits are kept */
      __int128 res =
         (__int128)((unsigned __int128)(__int128)a[l] * (unsigned __int128)(__int128)b[l]) + cc;
      if (sat)
         res = saturate_int(res, db, I->p[3] != 0);
      r[l] = (uint64_t)res;
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* ---- shifts and bitfields ---------------------------------------------- */

/* p[0] = bitfield op kind, p[1] = m (mask width, 0 = 32) */
enum { BF_BFI, BF_BFEIL, BF_EXTR, BF_SHLHI, BF_SHRHI, BF_ASR, BF_ASRH };

static const struct agx_sim_insn *
x_bitfield(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES], c[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   bool three = I->p[0] < BF_ASR;
   if (!agx_sim_src32(w, sg, I, &I->s[0], a) || !agx_sim_src32(w, sg, I, &I->s[1], b) ||
       (three && !agx_sim_src32(w, sg, I, &I->s[2], c)))
      return NULL;
   unsigned asz = agx_sim_opnd_bits(&I->s[0]);
   unsigned __int128 mask = I->p[1] ? (((unsigned __int128)1 << I->p[1]) - 1) : 0xFFFFFFFFu;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      unsigned __int128 A = a[l], B = b[l], res;
      unsigned sh;
      switch (I->p[0]) {
      case BF_BFI:
         sh = c[l] & 0x7F;
         res = (A & ~(mask << sh)) | ((B & mask) << sh);
         break;
      case BF_BFEIL:
         sh = c[l] & 0x7F;
         res = (A & ~mask) | ((B >> sh) & mask);
         break;
      case BF_EXTR:
         sh = c[l] & 0x7F;
         res = (((B << 32) | A) >> sh) & mask;
         break;
      case BF_SHLHI: {
         sh = c[l] & 0x7F;
         unsigned __int128 smask = mask << (sh > 32 ? sh - 32 : 0);
         res = (((B << sh) >> 32) & smask) | (A & ~smask);
         break;
      }
      case BF_SHRHI: {
         sh = c[l] & 0x7F;
         unsigned __int128 smask = (mask << 32) >> (sh < 32 ? sh : 32);
         res = (((B << 32) >> sh) & smask) | (A & ~smask);
         break;
      }
      case BF_ASR: {
         sh = b[l] & 0x7F;
         __int128 s = agx_sim_sext(a[l], asz);
         res = (unsigned __int128)(s >> (sh > 126 ? 126 : sh));
         break;
      }
      default: { /* BF_ASRH */
         sh = b[l] & 0x7F;
         __int128 s = (__int128)agx_sim_sext(a[l], asz) * ((__int128)1 << 32);
         res = (unsigned __int128)(s >> (sh > 126 ? 126 : sh));
         break;
      }
      }
      r[l] = (uint64_t)res;
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* p[0] = truth table (bit i = tt_i) */
static const struct agx_sim_insn *
x_bitop(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a) || !agx_sim_src32(w, sg, I, &I->s[1], b))
      return NULL;
   unsigned tt = I->p[0];
   if (tt == 0xC || tt == 0x3) {
      /* undefined tables; the hardware-validated model yields A */
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         r[l] = a[l];
   } else {
      uint32_t m0 = tt & 1 ? ~0u : 0, m1 = tt & 2 ? ~0u : 0;
      uint32_t m2 = tt & 4 ? ~0u : 0, m3 = tt & 8 ? ~0u : 0;
      for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
         uint32_t A = a[l], B = b[l];
         r[l] = (m0 & ~A & ~B) | (m1 & A & ~B) | (m2 & ~A & B) | (m3 & A & B);
      }
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* p[0]: 0 bitrev, 1 popcount, 2 ffs (index of the highest set bit), 3 intl */
static const struct agx_sim_insn *
x_iunary(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a))
      return NULL;
   if (I->p[0] == 3 && !agx_sim_src32(w, sg, I, &I->s[1], b))
      return NULL;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      uint32_t x = a[l], res = 0;
      switch (I->p[0]) {
      case 0:
         for (unsigned i = 0; i < 32; i++)
            if (x & (1u << i))
               res |= 1u << (31 - i);
         break;
      case 1:
         res = (uint32_t)__builtin_popcount(x);
         break;
      case 2:
         res = x ? 31u - (uint32_t)__builtin_clz(x) : 0xFFFFFFFFu;
         break;
      default:
         for (unsigned i = 0; i < 16; i++) {
            res |= ((x >> i) & 1u) << (2 * i);
            res |= ((b[l] >> i) & 1u) << (2 * i + 1);
         }
         break;
      }
      r[l] = res;
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* ---- comparisons ------------------------------------------------------- */

bool
agx_sim_icmp(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
             const struct agx_sim_opnd *oa, const struct agx_sim_opnd *ob, unsigned cc, bool neg,
             uint32_t *mask)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, oa, a) || !agx_sim_src32(w, sg, I, ob, b))
      return false;
   if ((cc & 3) == 3) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "integer condition %u is not defined", cc);
      return false;
   }
   unsigned abits = agx_sim_opnd_bits(oa), bbits = agx_sim_opnd_bits(ob);
   uint32_t m = 0;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      int64_t x = a[l], y = b[l];
      if (cc & 4) {
         x = agx_sim_sext((uint64_t)x, abits);
         y = agx_sim_sext((uint64_t)y, bbits);
      }
      bool t = (cc & 3) == 0 ? x == y : (cc & 3) == 1 ? x < y : x > y;
      if (t != neg)
         m |= 1u << l;
   }
   *mask = m;
   return true;
}

bool
agx_sim_load_float(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                   const struct agx_sim_opnd *o, double out[AGX_SIM_LANES])
{
   uint32_t raw[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, o, raw))
      return false;
   switch (o->kind) {
   case AGX_SIM_O_FIMM:
   case AGX_SIM_O_IMM: {
      double v = agx_sim_fimm(o->v & 0xFF);
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = v;
      break;
   }
   case AGX_SIM_O_R16:
   case AGX_SIM_O_U16:
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = agx_sim_f16_in((uint16_t)raw[l]);
      break;
   default:
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = agx_sim_f32_in(raw[l]);
      break;
   }
   if (o->mods & AGX_SIM_OM_ABS)
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = __builtin_fabs(out[l]);
   if (o->mods & AGX_SIM_OM_NEG)
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = -out[l];
   return true;
}

bool
agx_sim_fcmp(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
             const struct agx_sim_opnd *oa, const struct agx_sim_opnd *ob, unsigned cc, bool neg,
             uint32_t *mask)
{
   double a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   if (!agx_sim_load_float(w, sg, I, oa, a) || !agx_sim_load_float(w, sg, I, ob, b))
      return false;
   if (cc == 4) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "float condition %u is not defined", cc);
      return false;
   }
   uint32_t m = 0;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      double x = a[l], y = b[l];
      bool t;
      switch (cc) {
      case 0:
         t = x == y;
         break;
      case 1:
         t = x < y;
         break;
      case 2:
         t = x > y;
         break;
      case 3:
         t = x < y || (y != y && x == x);
         break; /* ltn: NaN loses */
      case 5:
         t = x >= y;
         break;
      case 6:
         t = x <= y;
         break;
      default:
         t = x > y || (y != y && x == x);
         break; /* gtn */
      }
      if (t != neg)
         m |= 1u << l;
   }
   *mask = m;
   return true;
}

/* p[0] = cc, p[1] = 1 for fcmpsel */
static const struct agx_sim_insn *
x_cmpsel(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t m, x[AGX_SIM_LANES], y[AGX_SIM_LANES];
   bool ok = I->p[1] ? agx_sim_fcmp(w, sg, I, &I->s[0], &I->s[1], I->p[0], false, &m)
                     : agx_sim_icmp(w, sg, I, &I->s[0], &I->s[1], I->p[0], false, &m);
   if (!ok)
      return NULL;
   /* only the selected source of each lane is read */
   uint32_t e = sg->exec;
   sg->exec = e & m;
   ok = agx_sim_src32(w, sg, I, &I->s[2], x);
   sg->exec = e & ~m;
   ok = ok && agx_sim_src32(w, sg, I, &I->s[3], y);
   sg->exec = e;
   if (!ok)
      return NULL;
   uint64_t r[AGX_SIM_LANES];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      r[l] = (m >> l) & 1 ? x[l] : y[l];
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* ---- decode -------------------------------------------------------------- */

static void
ops(struct agx_sim_insn *I, const struct agx_isa_instr *in, unsigned d, int s0, int s1, int s2,
    int s3)
{
   agx_sim_opnd_from_isa(in, d, &I->d);
   int s[4] = {s0, s1, s2, s3};
   for (unsigned i = 0; i < 4; i++)
      if (s[i] >= 0)
         agx_sim_opnd_from_isa(in, (unsigned)s[i], &I->s[i]);
}

bool
agx_sim_decode_alu(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   switch (in->op) {
   case AGX_OP_MOV_IMM16:
   case AGX_OP_MOV_IMM32:
      ops(I, in, 0, 1, -1, -1, -1);
      I->exec = x_mov_imm;
      return true;
   case AGX_OP_GET_SR:
      agx_sim_opnd_from_isa(in, 0, &I->d);
      I->p[0] = (uint32_t)agx_sim_field(in, "SR");
      I->exec = x_get_sr;
      return true;
   case AGX_OP_IADD:
      ops(I, in, 0, 1, 2, -1, -1);
      I->p[0] = (uint32_t)agx_sim_field(in, "S");
      I->p[1] = (uint32_t)agx_sim_field(in, "N");
      I->p[2] = (uint32_t)agx_sim_field(in, "s");
      I->p[3] = (uint32_t)(agx_sim_field(in, "As") | agx_sim_field(in, "Bs"));
      I->exec = x_iadd;
      if (!I->p[0] && !I->p[2] && I->d.kind == AGX_SIM_O_R32 && !(I->s[0].mods & AGX_SIM_OM_SX) &&
          !(I->s[1].mods & AGX_SIM_OM_SX) &&
          (I->s[0].kind == AGX_SIM_O_R32 || I->s[0].kind == AGX_SIM_O_U32 ||
           I->s[0].kind == AGX_SIM_O_IMM) &&
          (I->s[1].kind == AGX_SIM_O_R32 || I->s[1].kind == AGX_SIM_O_U32 ||
           I->s[1].kind == AGX_SIM_O_IMM))
         I->exec = x_iadd32;
      return true;
   case AGX_OP_IMADD:
      ops(I, in, 0, 1, 2, 3, -1);
      I->p[0] = (uint32_t)agx_sim_field(in, "S");
      I->p[1] = (uint32_t)agx_sim_field(in, "N");
      I->p[2] = (uint32_t)agx_sim_field(in, "s");
      I->p[3] =
         (uint32_t)(agx_sim_field(in, "As") | agx_sim_field(in, "Bs") | agx_sim_field(in, "Cs"));
      I->exec = x_imadd;
      return true;
   case AGX_OP_BFI:
   case AGX_OP_BFEIL:
   case AGX_OP_EXTR:
   case AGX_OP_SHLHI:
   case AGX_OP_SHRHI:
      ops(I, in, 0, 1, 2, 3, -1);
      I->p[0] = in->op == AGX_OP_BFI     ? BF_BFI
                : in->op == AGX_OP_BFEIL ? BF_BFEIL
                : in->op == AGX_OP_EXTR  ? BF_EXTR
                : in->op == AGX_OP_SHLHI ? BF_SHLHI
                                         : BF_SHRHI;
      I->p[1] = (uint32_t)agx_sim_field(in, "m");
      I->exec = x_bitfield;
      return true;
   case AGX_OP_ASR:
   case AGX_OP_ASRH:
      ops(I, in, 0, 1, 2, -1, -1);
      I->p[0] = in->op == AGX_OP_ASR ? BF_ASR : BF_ASRH;
      I->exec = x_bitfield;
      return true;
   case AGX_OP_BITOP:
      ops(I, in, 1, 2, 3, -1, -1);
      I->p[0] = (uint32_t)(agx_sim_field(in, "tt0") | (agx_sim_field(in, "tt1") << 1) |
                           (agx_sim_field(in, "tt2") << 2) | (agx_sim_field(in, "tt3") << 3));
      I->exec = x_bitop;
      return true;
   case AGX_OP_BITREV:
   case AGX_OP_POPCOUNT:
   case AGX_OP_FFS:
      ops(I, in, 0, 1, -1, -1, -1);
      I->p[0] = in->op == AGX_OP_BITREV ? 0 : in->op == AGX_OP_POPCOUNT ? 1 : 2;
      I->exec = x_iunary;
      return true;
   case AGX_OP_INTL:
      ops(I, in, 0, 1, 2, -1, -1);
      I->p[0] = 3;
      I->exec = x_iunary;
      return true;
   case AGX_OP_ICMPSEL:
   case AGX_OP_FCMPSEL:
      ops(I, in, 1, 2, 3, 4, 5);
      I->p[0] = (uint32_t)agx_sim_field(in, "cc");
      I->p[1] = in->op == AGX_OP_FCMPSEL;
      I->exec = x_cmpsel;
      return true;
   default:
      return false;
   }
}
