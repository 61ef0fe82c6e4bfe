/* Lowers integer operations the AGX selection has no direct form for into
 * 32-bit IR operations it has:
 *   - ubfe/ibfe/bfi with a non-constant offset or count (the hardware's
 *     bitfield instructions take the field width as an immediate): shifts
 *     and masks, with the IR's rules (offset and count masked to 8 bits,
 *     count 0 or offset >= 32 gives 0 / the base);
 *   - 64-bit shifts by a non-constant count: the (lo, hi) halves, selecting
 *     between the < 32 and >= 32 forms (count masked to 63);
 *   - u2f/i2f from 64 bits: the 32 leading bits from the first set bit,
 *     with a sticky bit for the rest, converted once by u32_to_f (rte) and
 *     scaled by an exact power of two, so the f32 result is correctly
 *     rounded (a 16-bit result is rounded again from f32);
 *   - 64-bit integer min/max (GLSL.std.450 SMin/UMin/SMax/UMax on int64):
 *     a 64-bit compare (two halves, agx_isel_alu.c cmp64) and a select;
 *   - 16/64-bit integer sign (SSign): two compares with 0 and selects;
 *     16-bit abs (SAbs): a compare with 0 and a select of the negation.
 * Assumes SSA IR, scalarized (runs after agx_pass_scalarize), and 32-bit
 * shifts that mask their count (the IR's and the back end's rule). */
#include <stdlib.h>

#include "agx_backend_priv.h"
#include "agx_builder.h"

static agx_instr *
k(agx_builder *b, unsigned bits, uint64_t v)
{
   uint64_t vals[4] = {v, v, v, v};
   return agx_const(b, agx_type_make(bits, 1), vals);
}

static bool
is_const(const agx_instr *I)
{
   return I->op == AGX_OP_CONST;
}

static agx_instr *
bitfield(agx_builder *b, agx_instr *I)
{
   bool bfi = I->op == AGX_OP_BFI;
   unsigned ci = bfi ? 2 : 1;
   agx_instr *x = I->src[0], *off = I->src[ci], *cnt = I->src[ci + 1];
   agx_instr *o = agx_iand(b, off, k(b, 32, 0xff)), *n = agx_iand(b, cnt, k(b, 32, 0xff));
   agx_instr *bad = agx_ior(b, agx_ieq(b, n, k(b, 32, 0)), agx_uge(b, o, k(b, 32, 32)));
   agx_instr *nc = agx_umin(b, n, k(b, 32, 32));
   agx_instr *inv = agx_isub(b, k(b, 32, 32), nc); /* 32 - count, in [0, 31] */
   agx_instr *m = agx_ushr(b, k(b, 32, 0xffffffffu), inv);
   if (bfi) {
      agx_instr *fm = agx_ishl(b, m, o);
      agx_instr *r =
         agx_ior(b, agx_iand(b, x, agx_inot(b, fm)), agx_iand(b, agx_ishl(b, I->src[1], o), fm));
      return agx_bcsel(b, bad, x, r);
   }
   agx_instr *v = agx_iand(b, agx_ushr(b, x, o), m);
   if (I->op == AGX_OP_IBFE)
      v = agx_ishr(b, agx_ishl(b, v, inv), inv);
   return agx_bcsel(b, bad, k(b, 32, 0), v);
}

static agx_instr *
pack(agx_builder *b, agx_instr *lo, agx_instr *hi)
{
   agx_instr *c[2] = {lo, hi};
   agx_instr *v = agx_vec(b, 2, c);
   return agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1, v, NULL, NULL, NULL);
}

static void
unpack(agx_builder *b, agx_instr *v, agx_instr **lo, agx_instr **hi)
{
   agx_instr *u = agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, v, NULL, NULL, NULL);
   *lo = agx_extract(b, u, 0);
   *hi = agx_extract(b, u, 1);
}

static agx_instr *
shift64(agx_builder *b, agx_instr *I)
{
   agx_instr *lo, *hi, *c = I->src[1];
   unpack(b, I->src[0], &lo, &hi);
   if (c->type.bits == 64) {
      agx_instr *clo, *chi;
      unpack(b, c, &clo, &chi);
      c = clo;
   } else if (c->type.bits != 32) {
      return NULL;
   }
   agx_instr *n = agx_iand(b, c, k(b, 32, 63));
   agx_instr *small = agx_ult(b, n, k(b, 32, 32)), *zero = agx_ieq(b, n, k(b, 32, 0));
   agx_instr *nb = agx_isub(b, n, k(b, 32, 32)); /* n - 32 (masked by the shift) */
   agx_instr *rn = agx_isub(b, k(b, 32, 32), n); /* 32 - n, used when 0 < n < 32 */
   agx_instr *z = k(b, 32, 0), *rlo, *rhi;
   if (I->op == AGX_OP_ISHL) {
      agx_instr *carry = agx_bcsel(b, zero, z, agx_ushr(b, lo, rn));
      rlo = agx_bcsel(b, small, agx_ishl(b, lo, n), z);
      rhi = agx_bcsel(b, small, agx_ior(b, agx_ishl(b, hi, n), carry), agx_ishl(b, lo, nb));
   } else {
      bool sgn = I->op == AGX_OP_ISHR;
      agx_instr *carry = agx_bcsel(b, zero, z, agx_ishl(b, hi, rn));
      agx_instr *fill = sgn ? agx_ishr(b, hi, k(b, 32, 31)) : z;
      rlo = agx_bcsel(b, small, agx_ior(b, agx_ushr(b, lo, n), carry),
                      sgn ? agx_ishr(b, hi, nb) : agx_ushr(b, hi, nb));
      rhi = agx_bcsel(b, small, sgn ? agx_ishr(b, hi, n) : agx_ushr(b, hi, n), fill);
   }
   return pack(b, rlo, rhi);
}

/* unsigned (lo, hi) -> f32, correctly rounded */
static agx_instr *
u64_to_f32(agx_builder *b, agx_instr *lo, agx_instr *hi)
{
   agx_instr *s = agx_isub(b, k(b, 32, 31), agx_ufind_msb(b, 32, hi)); /* clz(hi), hi != 0 */
   agx_instr *carry = agx_bcsel(b, agx_ieq(b, s, k(b, 32, 0)), k(b, 32, 0),
                                agx_ushr(b, lo, agx_isub(b, k(b, 32, 32), s)));
   agx_instr *top = agx_ior(b, agx_ishl(b, hi, s), carry);
   agx_instr *sticky =
      agx_bcsel(b, agx_ine(b, agx_ishl(b, lo, s), k(b, 32, 0)), k(b, 32, 1), k(b, 32, 0));
   agx_instr *f = agx_u2f(b, 32, agx_ior(b, top, sticky));
   /* times 2^(32 - s) = 2^(31 - s) * 2, both exact */
   agx_instr *p = agx_u2f(b, 32, agx_ishl(b, k(b, 32, 1), agx_isub(b, k(b, 32, 31), s)));
   agx_instr *big = agx_fmul(b, agx_fmul(b, f, p), k(b, 32, 0x40000000u));
   return agx_bcsel(b, agx_ieq(b, hi, k(b, 32, 0)), agx_u2f(b, 32, lo), big);
}

static agx_instr *
int64_to_float(agx_builder *b, agx_instr *I)
{
   agx_instr *lo, *hi;
   unpack(b, I->src[0], &lo, &hi);
   agx_instr *r;
   if (I->op == AGX_OP_I2F) {
      agx_instr *neg = agx_ilt(b, hi, k(b, 32, 0));
      /* |x| on the halves: -lo, ~hi + (lo == 0) */
      agx_instr *nlo = agx_ineg(b, lo);
      agx_instr *nhi = agx_iadd(
         b, agx_inot(b, hi), agx_bcsel(b, agx_ieq(b, lo, k(b, 32, 0)), k(b, 32, 1), k(b, 32, 0)));
      r = u64_to_f32(b, agx_bcsel(b, neg, nlo, lo), agx_bcsel(b, neg, nhi, hi));
      r = agx_bcsel(b, neg, agx_fneg(b, r), r);
   } else {
      r = u64_to_f32(b, lo, hi);
   }
   return I->type.bits == 16 ? agx_f2f(b, 16, r) : r;
}

/* min(x, y) = x < y ? x : y; max(x, y) = x < y ? y : x. */
static agx_instr *
minmax64(agx_builder *b, agx_instr *I)
{
   agx_instr *x = I->src[0], *y = I->src[1];
   bool sign = I->op == AGX_OP_IMIN || I->op == AGX_OP_IMAX;
   bool min = I->op == AGX_OP_IMIN || I->op == AGX_OP_UMIN;
   agx_instr *lt = sign ? agx_ilt(b, x, y) : agx_ult(b, x, y);
   return min ? agx_bcsel(b, lt, x, y) : agx_bcsel(b, lt, y, x);
}

static agx_instr *
lower_one(agx_builder *b, agx_instr *I)
{
   if (I->type.comps != 1)
      return NULL;
   switch (I->op) {
   case AGX_OP_UBFE:
   case AGX_OP_IBFE:
   case AGX_OP_BFI: {
      unsigned ci = I->op == AGX_OP_BFI ? 2 : 1;
      if (I->type.bits != 32 || (is_const(I->src[ci]) && is_const(I->src[ci + 1])))
         return NULL;
      return bitfield(b, I);
   }
   case AGX_OP_ISHL:
   case AGX_OP_USHR:
   case AGX_OP_ISHR:
      if (I->type.bits != 64 || is_const(I->src[1]))
         return NULL;
      return shift64(b, I);
   case AGX_OP_I2F:
   case AGX_OP_U2F:
      if (I->src[0]->type.bits != 64 || (I->type.bits != 32 && I->type.bits != 16))
         return NULL;
      return int64_to_float(b, I);
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_UMIN:
   case AGX_OP_UMAX:
      if (I->type.bits != 64)
         return NULL;
      return minmax64(b, I);
   case AGX_OP_IABS: {
      if (I->type.bits != 16)
         return NULL;
      agx_instr *x = I->src[0];
      return agx_bcsel(b, agx_ilt(b, x, k(b, 16, 0)), agx_ineg(b, x), x);
   }
   case AGX_OP_ISIGN: {
      unsigned bits = I->type.bits;
      if (bits != 16 && bits != 64)
         return NULL;
      agx_instr *x = I->src[0], *zero = k(b, bits, 0);
      agx_instr *pos = agx_bcsel(b, agx_ilt(b, zero, x), k(b, bits, 1), zero);
      return agx_bcsel(b, agx_ilt(b, x, zero), k(b, bits, ~UINT64_C(0) >> (64 - bits)), pos);
   }
   default:
      return NULL;
   }
}

bool
agx_backend_lower_alu(agx_shader *s)
{
   agx_instr **all; /* in the shader's arena */
   unsigned n = agx_collect_instrs(s, &all), limit = s->next_index;
   agx_instr **map = NULL;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (agx_info(I)->kind != AGX_OPK_ALU)
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *r = lower_one(&b, I);
      if (!r)
         continue;
      if (!map && !(map = calloc(limit, sizeof(*map))))
         abort();
      map[I->index] = r;
      agx_instr_remove(I);
   }
   if (!map)
      return false;
   agx_instr **full = calloc(s->next_index, sizeof(*full));
   if (!full)
      abort();
   for (unsigned i = 0; i < limit; i++)
      full[i] = map[i];
   agx_rewrite_uses_map(s, full);
   free(full);
   free(map);
   return true;
}
