/* Integer dot products (SPV_KHR_integer_dot_product, core in SPIR-V 1.6):
 * OpSDot, OpUDot, OpSUDot and their AccSat forms, on integer vectors or on
 * 32-bit scalars holding four 8-bit components (PackedVectorFormat4x8Bit).
 * AGX has no dot-product instruction: the components are extended to the
 * result width (sign-extended for the signed operand), multiplied and
 * summed there, which gives the low bits of the exact result as the
 * specification asks; the AccSat forms then add the accumulator with
 * saturation to the result type's range. Widths below 32 are computed in
 * 32 bits and narrowed at the end (the back end has few 8-bit ops).
 * Assumes the result width is at least the component width (validated
 * SPIR-V). */
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

/* Component k of a dot-product operand, extended to `bits`. */
static agx_instr *
component(struct vtn_ctx *c, agx_instr *v, bool packed, unsigned k, bool sign, unsigned bits)
{
   agx_builder *b = &c->b;
   if (packed) {
      /* byte k moved to the top, then shifted down (arithmetically if signed) */
      agx_instr *top = agx_ishl(b, v, agx_imm(b, 32, 24 - 8 * k));
      agx_instr *x =
         sign ? agx_ishr(b, top, agx_imm(b, 32, 24)) : agx_ushr(b, top, agx_imm(b, 32, 24));
      return agx_resize(b, x, bits, sign);
   }
   agx_instr *x = v->type.comps > 1 ? agx_extract(b, v, k) : v;
   return agx_resize(b, x, bits, sign);
}

/* x + y saturated to the signed or unsigned range of n bits; x and y are
 * w-bit values (w = n, or 32 for n < 32) holding n-bit quantities extended
 * by their signedness. */
static agx_instr *
add_sat(struct vtn_ctx *c, agx_instr *x, agx_instr *y, bool sign, unsigned n)
{
   agx_builder *b = &c->b;
   unsigned w = x->type.bits;
   agx_instr *s = agx_iadd(b, x, y);
   if (n < w) { /* the exact sum fits in w bits: clamp it */
      if (sign) {
         s = agx_imax(b, s, agx_imm(b, w, ~((UINT64_C(1) << (n - 1)) - 1) & 0xffffffffu));
         return agx_imin(b, s, agx_imm(b, w, (UINT64_C(1) << (n - 1)) - 1));
      }
      return agx_umin(b, s, agx_imm(b, w, (UINT64_C(1) << n) - 1));
   }
   uint64_t all = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
   agx_instr *zero = agx_imm(b, w, 0);
   if (!sign) /* carry out: s < x */
      return agx_bcsel(b, agx_ult(b, s, x), agx_imm(b, w, all), s);
   /* overflow when x and y share a sign that s does not have */
   agx_instr *ovf = agx_ilt(b, agx_iand(b, agx_ixor(b, x, s), agx_ixor(b, y, s)), zero);
   agx_instr *sat = agx_bcsel(b, agx_ilt(b, x, zero), agx_imm(b, w, UINT64_C(1) << (w - 1)),
                              agx_imm(b, w, all >> 1));
   return agx_bcsel(b, ovf, sat, s);
}

bool
vtn_handle_integer_dot(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   if (op < SpvOpSDot || op > SpvOpSUDotAccSat)
      return false;
   bool accsat = op >= SpvOpSDotAccSat;
   unsigned base = accsat ? op - (SpvOpSDotAccSat - SpvOpSDot) : op;
   bool sign1 = base != SpvOpUDot, sign2 = base == SpvOpSDot;
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   agx_type rt = vtn_ir_type(c, t);
   if (rt.comps != 1 || rt.bits < 8)
      vtn_fail(c, "dot product result must be an integer scalar");
   agx_instr *v1 = vtn_def(c, vtn_word(c, i, 3)), *v2 = vtn_def(c, vtn_word(c, i, 4));
   agx_instr *acc = accsat ? vtn_def(c, vtn_word(c, i, 5)) : NULL;
   unsigned fmt_word = accsat ? 6 : 5;
   bool packed = c->ins[i].wc > fmt_word;
   if (packed && vtn_word(c, i, fmt_word) != SpvPackedVectorFormatPackedVectorFormat4x8Bit)
      vtn_fail(c, "unknown packed vector format %u", vtn_word(c, i, fmt_word));
   unsigned n = packed ? 4 : v1->type.comps;
   if (packed ? (v1->type.bits != 32 || v1->type.comps != 1)
              : (v1->type.bits < 8 || v1->type.bits > rt.bits))
      vtn_fail(c, "dot product operand type does not fit the result");
   if (!agx_type_eq(v1->type, v2->type))
      vtn_fail(c, "dot product operands differ in type");
   if (acc && !agx_type_eq(acc->type, rt))
      vtn_fail(c, "accumulator type differs from the result type");
   unsigned w = rt.bits < 32 ? 32 : rt.bits;
   agx_builder *b = &c->b;
   agx_instr *sum = agx_imm(b, w, 0);
   for (unsigned k = 0; k < n; k++)
      sum = agx_iadd(
         b, sum,
         agx_imul(b, component(c, v1, packed, k, sign1, w), component(c, v2, packed, k, sign2, w)));
   /* The result is signed unless both operands are unsigned. */
   bool rsign = sign1;
   if (accsat) {
      if (w != rt.bits) /* the dot product as an rt-bit value, extended */
         sum = agx_resize(b, agx_resize(b, sum, rt.bits, false), w, rsign);
      sum = add_sat(c, sum, agx_resize(b, acc, w, rsign), rsign, rt.bits);
   }
   agx_instr *r = agx_resize(b, sum, rt.bits, false);
   vtn_push_def(c, id, t, r);
   return true;
}
