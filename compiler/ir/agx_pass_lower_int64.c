/* Lowers 64-bit integer ALU operations to 32-bit halves, for back ends
 * without 64-bit integer arithmetic. Assumes SSA form, scalar 64-bit
 * operations (run agx_pass_scalarize first; vector 64-bit ops are left as
 * they are) and that divisions were lowered already (agx_pass_lower_idiv).
 * A 64-bit value is split with unpack_64_2x32 into (lo, hi) and rebuilt with
 * pack_64_2x32; copy propagation removes pack/unpack pairs between lowered
 * operations. Loads, stores, phis, conversions to/from float and bitcasts
 * keep their 64-bit types.
 *   add/sub: carry/borrow from an unsigned compare of the low halves
 *   mul: lo*lo (+ umul_high) + cross products
 *   shifts: select between the < 32 and >= 32 forms (count masked to 63)
 *   compares: high halves decide, low halves break ties (unsigned)
 *   min/max/bcsel: via compares and per-half selects
 *   i2i/u2u to and from 64 bits: sign/zero halves */
#include "agx_builder.h"
#include "agx_passes.h"

struct halves {
   agx_instr *lo, *hi;
};

static struct halves
split(agx_builder *b, agx_instr *v)
{
   agx_instr *u = agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, v, NULL, NULL, NULL);
   struct halves h = {agx_extract(b, u, 0), agx_extract(b, u, 1)};
   return h;
}

static agx_instr *
join(agx_builder *b, agx_instr *lo, agx_instr *hi)
{
   agx_instr *c[2] = {lo, hi};
   return agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1, agx_vec(b, 2, c), NULL, NULL,
                    NULL);
}

static agx_instr *
k32(agx_builder *b, uint32_t v)
{
   return agx_imm(b, 32, v);
}

static agx_instr *
b2i(agx_builder *b, agx_instr *c)
{
   return agx_bcsel(b, c, k32(b, 1), k32(b, 0));
}

static agx_instr *
ult64(agx_builder *b, struct halves x, struct halves y, bool sign)
{
   agx_instr *hi_lt = sign ? agx_ilt(b, x.hi, y.hi) : agx_ult(b, x.hi, y.hi);
   return agx_ior(b, hi_lt, agx_iand(b, agx_ieq(b, x.hi, y.hi), agx_ult(b, x.lo, y.lo)));
}

static agx_instr *
shift64(agx_builder *b, enum agx_op op, struct halves x, agx_instr *count)
{
   agx_instr *s = agx_iand(b, agx_resize(b, count, 32, false), k32(b, 63));
   agx_instr *big = agx_uge(b, s, k32(b, 32));
   agx_instr *sm = agx_iand(b, s, k32(b, 31)); /* shift within a half */
   agx_instr *zero = agx_ieq(b, sm, k32(b, 0));
   agx_instr *inv = agx_isub(b, k32(b, 32), sm); /* 1..32, only used when sm != 0 */
   agx_instr *lo, *hi;
   if (op == AGX_OP_ISHL) {
      agx_instr *carry = agx_bcsel(b, zero, k32(b, 0), agx_ushr(b, x.lo, inv));
      agx_instr *hs = agx_ior(b, agx_ishl(b, x.hi, sm), carry);
      lo = agx_bcsel(b, big, k32(b, 0), agx_ishl(b, x.lo, sm));
      hi = agx_bcsel(b, big, agx_ishl(b, x.lo, sm), hs);
   } else {
      bool arith = op == AGX_OP_ISHR;
      agx_instr *fill = arith ? agx_ishr(b, x.hi, k32(b, 31)) : k32(b, 0);
      agx_instr *carry = agx_bcsel(b, zero, k32(b, 0), agx_ishl(b, x.hi, inv));
      agx_instr *ls = agx_ior(b, agx_ushr(b, x.lo, sm), carry);
      agx_instr *hsh = arith ? agx_ishr(b, x.hi, sm) : agx_ushr(b, x.hi, sm);
      lo = agx_bcsel(b, big, hsh, ls);
      hi = agx_bcsel(b, big, fill, hsh);
   }
   return join(b, lo, hi);
}

static agx_instr *
lower(agx_builder *b, agx_instr *I)
{
   const struct agx_op_info *info = agx_info(I);
   if (I->type.comps != 1 || info->kind != AGX_OPK_ALU)
      return NULL;
   agx_instr *s0 = I->num_srcs > 0 ? I->src[0] : NULL;
   /* conversions into and out of 64 bits */
   if (I->op == AGX_OP_U2U || I->op == AGX_OP_I2I) {
      bool sign = I->op == AGX_OP_I2I;
      if (I->type.bits == 64 && s0->type.bits < 64) {
         agx_instr *lo = agx_resize(b, s0, 32, sign);
         return join(b, lo, sign ? agx_ishr(b, lo, k32(b, 31)) : k32(b, 0));
      }
      if (s0->type.bits == 64 && I->type.bits < 64)
         return agx_resize(b, split(b, s0).lo, I->type.bits, false);
      return NULL;
   }
   bool cmp = info->rule == AGX_RULE_CMP && info->src_class == 'i';
   if (!(I->type.bits == 64 || (cmp && s0->type.bits == 64)))
      return NULL;
   if (info->src_class != 'i' || info->dst_class != 'i')
      return NULL;
   struct halves x = split(b, s0), y = {NULL, NULL};
   if (I->num_srcs > 1 && I->op != AGX_OP_ISHL && I->op != AGX_OP_ISHR && I->op != AGX_OP_USHR &&
       I->op != AGX_OP_BCSEL)
      y = split(b, I->src[1]);
   switch (I->op) {
   case AGX_OP_IADD: {
      agx_instr *lo = agx_iadd(b, x.lo, y.lo);
      agx_instr *hi = agx_iadd(b, agx_iadd(b, x.hi, y.hi), b2i(b, agx_ult(b, lo, x.lo)));
      return join(b, lo, hi);
   }
   case AGX_OP_ISUB: {
      agx_instr *lo = agx_isub(b, x.lo, y.lo);
      agx_instr *hi = agx_isub(b, agx_isub(b, x.hi, y.hi), b2i(b, agx_ult(b, x.lo, y.lo)));
      return join(b, lo, hi);
   }
   case AGX_OP_INEG: {
      agx_instr *lo = agx_ineg(b, x.lo);
      agx_instr *hi = agx_isub(b, agx_inot(b, x.hi), b2i(b, agx_ine(b, x.lo, k32(b, 0))));
      hi = agx_iadd(b, hi, k32(b, 1));
      return join(b, lo, hi);
   }
   case AGX_OP_IMUL: {
      agx_instr *lo = agx_imul(b, x.lo, y.lo);
      agx_instr *hi = agx_iadd(b, agx_umul_high(b, x.lo, y.lo),
                               agx_iadd(b, agx_imul(b, x.lo, y.hi), agx_imul(b, x.hi, y.lo)));
      return join(b, lo, hi);
   }
   case AGX_OP_IAND:
      return join(b, agx_iand(b, x.lo, y.lo), agx_iand(b, x.hi, y.hi));
   case AGX_OP_IOR:
      return join(b, agx_ior(b, x.lo, y.lo), agx_ior(b, x.hi, y.hi));
   case AGX_OP_IXOR:
      return join(b, agx_ixor(b, x.lo, y.lo), agx_ixor(b, x.hi, y.hi));
   case AGX_OP_INOT:
      return join(b, agx_inot(b, x.lo), agx_inot(b, x.hi));
   case AGX_OP_ISHL:
   case AGX_OP_ISHR:
   case AGX_OP_USHR:
      return shift64(b, (enum agx_op)I->op, x, I->src[1]);
   case AGX_OP_IEQ:
      return agx_iand(b, agx_ieq(b, x.lo, y.lo), agx_ieq(b, x.hi, y.hi));
   case AGX_OP_INE:
      return agx_ior(b, agx_ine(b, x.lo, y.lo), agx_ine(b, x.hi, y.hi));
   case AGX_OP_ULT:
      return ult64(b, x, y, false);
   case AGX_OP_UGE:
      return agx_inot(b, ult64(b, x, y, false));
   case AGX_OP_ILT:
      return ult64(b, x, y, true);
   case AGX_OP_IGE:
      return agx_inot(b, ult64(b, x, y, true));
   case AGX_OP_UMIN:
   case AGX_OP_UMAX:
   case AGX_OP_IMIN:
   case AGX_OP_IMAX: {
      bool sign = I->op == AGX_OP_IMIN || I->op == AGX_OP_IMAX;
      bool min = I->op == AGX_OP_UMIN || I->op == AGX_OP_IMIN;
      agx_instr *lt = ult64(b, x, y, sign);
      struct halves r1 = min ? x : y, r2 = min ? y : x;
      return join(b, agx_bcsel(b, lt, r1.lo, r2.lo), agx_bcsel(b, lt, r1.hi, r2.hi));
   }
   default:
      return NULL;
   }
}

static agx_instr *
lower_sel(agx_builder *b, agx_instr *I)
{
   if (I->op != AGX_OP_BCSEL || I->type.bits != 64 || I->type.comps != 1)
      return NULL;
   struct halves x = split(b, I->src[1]), y = split(b, I->src[2]);
   return join(b, agx_bcsel(b, I->src[0], x.lo, y.lo), agx_bcsel(b, I->src[0], x.hi, y.hi));
}

static agx_instr *
lower_any(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   return I->op == AGX_OP_BCSEL ? lower_sel(b, I) : lower(b, I);
}

bool
agx_pass_lower_int64(agx_shader *s)
{
   return agx_lower_each(s, lower_any, NULL);
}
