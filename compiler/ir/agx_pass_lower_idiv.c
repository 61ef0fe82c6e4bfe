/* Integer division lowering (AGX has no integer divider). Assumes SSA form
 * and scalar or vector integer operands of 8 to 64 bits.
 *  - unsigned 32-bit division/modulo by a constant: power of two -> shift /
 *    mask; otherwise the Granlund-Montgomery multiply-high sequence
 *    t = umul_high(n, m); q = (t + ((n - t) >> 1)) >> (l - 1), l = ceil(log2 d),
 *    m = floor(2^32 * (2^l - d) / d) + 1, which is exact for every n;
 *  - 32-bit division/modulo by a variable: a float reciprocal estimate of 1/d
 *    scaled to 32 bits, one Newton-Raphson step in integers, the quotient
 *    estimate umul_high(n, rcp) and two correction steps (the sequence of
 *    AMD's expandDivRem32 / Mesa nir_lower_idiv, exact for every n and d >= 1
 *    when rcp errs by at most a few ulp; about 15 instructions instead of ~320);
 *  - everything else: an unrolled restoring shift-subtract division (one step
 *    per bit), then x/0 = 0 and x%0 = x as agx_ir_ops.py defines them, and sign
 *    fix-ups for idiv (truncating), irem (sign of the dividend) and imod (sign
 *    of the divisor). */
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_passes.h"

static bool
is_div(unsigned op)
{
   return op == AGX_OP_UDIV || op == AGX_OP_UMOD || op == AGX_OP_IDIV || op == AGX_OP_IREM ||
          op == AGX_OP_IMOD;
}

static bool
const_scalar(const agx_instr *v, uint64_t *out)
{
   if (v->op != AGX_OP_CONST)
      return false;
   for (unsigned c = 1; c < v->type.comps; c++)
      if (v->value[c] != v->value[0])
         return false;
   *out = v->value[0];
   return true;
}

static agx_instr *
splat(agx_builder *b, agx_type t, uint64_t v)
{
   uint64_t vals[4] = {v, v, v, v};
   return agx_const(b, t, vals);
}

/* Unsigned division by a constant d (32-bit). Returns NULL if not handled. */
static agx_instr *
udiv_const(agx_builder *b, agx_instr *n, uint64_t d)
{
   agx_type t = n->type;
   if (t.bits != 32 || d == 0)
      return NULL;
   if ((d & (d - 1)) == 0)
      return agx_ushr(b, n, splat(b, t, (uint64_t)__builtin_ctzll(d)));
   unsigned l = 64 - (unsigned)__builtin_clzll(d - 1); /* ceil(log2 d), d >= 3 */
   uint64_t m = ((((UINT64_C(1) << l) - d) << 32) / d) + 1;
   agx_instr *tt = agx_umul_high(b, n, splat(b, t, m & 0xffffffffu));
   agx_instr *q = agx_iadd(b, tt, agx_ushr(b, agx_isub(b, n, tt), splat(b, t, 1)));
   return agx_ushr(b, q, splat(b, t, l - 1));
}

/* Restoring division of unsigned n by d: returns quotient and remainder. */
static void
udivmod(agx_builder *b, agx_instr *n, agx_instr *d, agx_instr **q, agx_instr **r)
{
   agx_type t = n->type;
   agx_instr *one = splat(b, t, 1), *zero = splat(b, t, 0);
   agx_instr *quot = zero, *rem = zero;
   for (int i = t.bits - 1; i >= 0; i--) {
      agx_instr *bit = agx_iand(b, agx_ushr(b, n, splat(b, t, (uint64_t)i)), one);
      /* rem < d here, so rem*2+bit cannot overflow when d fits; guard the
       * top bit explicitly for divisors with the high bit set. */
      agx_instr *top = agx_ine(b, agx_ushr(b, rem, splat(b, t, t.bits - 1)), zero);
      rem = agx_ior(b, agx_ishl(b, rem, one), bit);
      agx_instr *ge = agx_ior(b, top, agx_uge(b, rem, d));
      rem = agx_bcsel(b, ge, agx_isub(b, rem, d), rem);
      quot = agx_ior(b, quot, agx_bcsel(b, ge, agx_ishl(b, one, splat(b, t, (uint64_t)i)), zero));
   }
   *q = quot;
   *r = rem;
}

/* 32-bit unsigned n / d for d >= 1 (d = 0 gives some value; callers select).
 * z = f2u(rcp(float(d)) * (2^32 - 512)) underestimates 2^32 / d; one Newton-
 * Raphson step z += umul_high(z, z * -d) brings it within 1 or 2 of it, so the
 * quotient umul_high(n, z) is at most 2 too small: two steps of "r >= d:
 * q + 1, r - d" finish it. */
static void
udivmod32(agx_builder *b, agx_instr *n, agx_instr *d, agx_instr **q, agx_instr **r)
{
   agx_type t = n->type;
   agx_instr *rcp = agx_frcp(b, agx_u2f(b, 32, d));
   agx_instr *z = agx_f2u(b, 32, agx_fmul(b, rcp, splat(b, t, 0x4f7ffffeu /* 2^32 - 512 */)));
   z = agx_iadd(b, z, agx_umul_high(b, z, agx_imul(b, z, agx_ineg(b, d))));
   agx_instr *quot = agx_umul_high(b, n, z);
   agx_instr *rem = agx_isub(b, n, agx_imul(b, quot, d));
   agx_instr *one = splat(b, t, 1);
   for (unsigned k = 0; k < 2; k++) {
      agx_instr *ge = agx_uge(b, rem, d);
      quot = agx_bcsel(b, ge, agx_iadd(b, quot, one), quot);
      rem = agx_bcsel(b, ge, agx_isub(b, rem, d), rem);
   }
   *q = quot;
   *r = rem;
}

static agx_instr *
lower(agx_builder *b, agx_instr *I)
{
   agx_instr *n = I->src[0], *d = I->src[1];
   agx_type t = I->type;
   uint64_t dc;
   if ((I->op == AGX_OP_UDIV || I->op == AGX_OP_UMOD) && const_scalar(d, &dc)) {
      agx_instr *q = udiv_const(b, n, dc);
      if (q)
         return I->op == AGX_OP_UDIV ? q : agx_isub(b, n, agx_imul(b, q, d));
   }
   agx_instr *zero = splat(b, t, 0);
   agx_instr *dz = agx_ieq(b, d, zero);
   bool sign = I->op != AGX_OP_UDIV && I->op != AGX_OP_UMOD;
   agx_instr *nn = sign ? agx_iabs(b, n) : n, *dd = sign ? agx_iabs(b, d) : d;
   agx_instr *q, *r;
   if (t.bits == 32)
      udivmod32(b, nn, dd, &q, &r);
   else
      udivmod(b, nn, dd, &q, &r);
   agx_instr *res;
   switch (I->op) {
   case AGX_OP_UDIV:
      return agx_bcsel(b, dz, zero, q);
   case AGX_OP_UMOD:
      return agx_bcsel(b, dz, n, r);
   case AGX_OP_IDIV: {
      agx_instr *neg = agx_ixor(b, agx_ilt(b, n, zero), agx_ilt(b, d, zero));
      res = agx_bcsel(b, neg, agx_ineg(b, q), q);
      return agx_bcsel(b, dz, zero, res);
   }
   case AGX_OP_IREM:
      res = agx_bcsel(b, agx_ilt(b, n, zero), agx_ineg(b, r), r);
      return agx_bcsel(b, dz, n, res);
   default: { /* IMOD: remainder with the sign of the divisor */
      agx_instr *rr = agx_bcsel(b, agx_ilt(b, n, zero), agx_ineg(b, r), r);
      agx_instr *fix =
         agx_iand(b, agx_ine(b, rr, zero), agx_ixor(b, agx_ilt(b, rr, zero), agx_ilt(b, d, zero)));
      res = agx_bcsel(b, fix, agx_iadd(b, rr, d), rr);
      return agx_bcsel(b, dz, n, res);
   }
   }
}

static agx_instr *
lower_if_div(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   return is_div(I->op) ? lower(b, I) : NULL;
}

bool
agx_pass_lower_idiv(agx_shader *s)
{
   return agx_lower_each(s, lower_if_div, NULL);
}
