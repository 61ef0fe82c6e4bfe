/* 8-bit integer lowering. Assumes SSA form, scalar or vector operands, and
 * that the back end selects 8-bit iadd/isub/imul/ineg/iand/ior/ixor/inot
 * itself (their low 8 result bits depend on the low 8 source bits only; the
 * register's bits 8-15 are unspecified). Every other 8-bit integer operation
 * this pass knows is done in 32 bits: sources sign- or zero-extended as the
 * operation's signedness says, the result narrowed back to 8 bits (compares
 * keep their boolean result). Shift amounts are masked to 0-7 first, as the
 * IR defines 8-bit shifts. Runs before lower_idiv so widened divisions are
 * lowered as 32-bit ones. */
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_passes.h"

enum kind { NONE, SIGNED, UNSIGNED, SHIFT_SIGNED, SHIFT_UNSIGNED, MUL_HIGH_S, MUL_HIGH_U };

static enum kind
kind_of(unsigned op)
{
   switch (op) {
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_IABS:
   case AGX_OP_ISIGN:
   case AGX_OP_IDIV:
   case AGX_OP_IREM:
   case AGX_OP_IMOD:
   case AGX_OP_ILT:
   case AGX_OP_IGE:
      return SIGNED;
   case AGX_OP_UMIN:
   case AGX_OP_UMAX:
   case AGX_OP_UDIV:
   case AGX_OP_UMOD:
   case AGX_OP_ULT:
   case AGX_OP_UGE:
   case AGX_OP_IEQ:
   case AGX_OP_INE:
      return UNSIGNED;
   case AGX_OP_ISHR:
      return SHIFT_SIGNED;
   case AGX_OP_ISHL:
   case AGX_OP_USHR:
      return SHIFT_UNSIGNED;
   case AGX_OP_IMUL_HIGH:
      return MUL_HIGH_S;
   case AGX_OP_UMUL_HIGH:
      return MUL_HIGH_U;
   default:
      return NONE;
   }
}

static bool
is_cmp(unsigned op)
{
   return op == AGX_OP_IEQ || op == AGX_OP_INE || op == AGX_OP_ILT || op == AGX_OP_IGE ||
          op == AGX_OP_ULT || op == AGX_OP_UGE;
}

static agx_instr *
splat(agx_builder *b, agx_type t, uint64_t v)
{
   uint64_t vals[4] = {v, v, v, v};
   return agx_const(b, t, vals);
}

static agx_instr *
lower(agx_builder *b, agx_instr *I, enum kind k)
{
   agx_instr *a = I->src[0];
   agx_type w = agx_type_make(32, a->type.comps);
   bool sign = k == SIGNED || k == SHIFT_SIGNED || k == MUL_HIGH_S;
   agx_instr *a32 = agx_resize(b, a, 32, sign);
   agx_instr *r;
   switch (k) {
   case SHIFT_SIGNED:
   case SHIFT_UNSIGNED: {
      agx_instr *s = I->src[1];
      agx_instr *s32 = s->type.bits == 32 ? s : agx_resize(b, s, 32, false);
      s32 = agx_iand(b, s32, splat(b, agx_type_make(32, s32->type.comps), 7));
      r = agx_build(b, (enum agx_op)I->op, w, 2, a32, s32, NULL, NULL);
      break;
   }
   case MUL_HIGH_S:
   case MUL_HIGH_U: {
      agx_instr *p = agx_imul(b, a32, agx_resize(b, I->src[1], 32, sign));
      agx_instr *eight = splat(b, w, 8);
      r = sign ? agx_ishr(b, p, eight) : agx_ushr(b, p, eight);
      break;
   }
   default: {
      unsigned n = I->num_srcs;
      agx_instr *s[2] = {a32, NULL};
      if (n > 1)
         s[1] = agx_resize(b, I->src[1], 32, sign);
      if (is_cmp(I->op))
         return agx_build(b, (enum agx_op)I->op, I->type, n, s[0], s[1], NULL, NULL);
      r = agx_build(b, (enum agx_op)I->op, w, n, s[0], s[1], NULL, NULL);
      break;
   }
   }
   return agx_resize(b, r, 8, false);
}

static agx_instr *
lower_if_int8(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   enum kind k = kind_of(I->op);
   if (k == NONE || I->num_srcs < 1 || I->src[0]->type.bits != 8)
      return NULL;
   return lower(b, I, k);
}

bool
agx_pass_lower_int8(agx_shader *s)
{
   return agx_lower_each(s, lower_if_int8, NULL);
}
