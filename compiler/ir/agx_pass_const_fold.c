/* Constant folding. Assumes: sources are SSA values; an instruction whose
 * sources are all `const` and whose opcode is pure (ALU with an evaluation rule
 * from agx_ir_ops.py, vec, extract, mov) is rewritten in place into a `const`
 * with the same SSA index, so no uses need rewriting. A bcsel with a constant
 * condition becomes a mov of the chosen source (copy propagation removes it).
 * Integer identities (x+0, x-0, x*1, x*0, x&0, x&~0, x|0, x^0, shifts by 0,
 * x/1, bcsel(c, x, x), (x+y)-x) and the float identity x*1.0 (fp16/fp64: fp32
 * flushes denormals, so there it is no identity) are simplified the same
 * way. */
#include "agx_passes.h"

static bool
all_const(const agx_instr *I)
{
   for (unsigned i = 0; i < I->num_srcs; i++)
      if (I->src[i]->op != AGX_OP_CONST)
         return false;
   return true;
}

static bool
is_splat(const agx_instr *v, uint64_t value)
{
   if (v->op != AGX_OP_CONST)
      return false;
   uint64_t m = v->type.bits >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << v->type.bits) - 1);
   for (unsigned c = 0; c < v->type.comps; c++)
      if (v->value[c] != (value & m))
         return false;
   return true;
}

static void
to_mov(agx_instr *I, agx_instr *src)
{
   I->op = AGX_OP_MOV;
   I->src[0] = src;
   I->num_srcs = 1;
}

static void
to_zero(agx_instr *I)
{
   I->op = AGX_OP_CONST;
   I->num_srcs = 0;
   for (unsigned c = 0; c < 4; c++)
      I->value[c] = 0;
}

/* Returns true if an identity applied. */
static bool
simplify(agx_instr *I)
{
   if (I->num_srcs < 2)
      return false;
   agx_instr *a = I->src[0], *b = I->src[1];
   /* (x + y) - x = y: robust buffer access takes an address apart again */
   if (I->op == AGX_OP_ISUB && a->op == AGX_OP_IADD && agx_type_eq(a->type, I->type)) {
      agx_instr *y = a->src[0] == b ? a->src[1] : a->src[1] == b ? a->src[0] : NULL;
      if (y && agx_type_eq(y->type, I->type)) {
         to_mov(I, y);
         return true;
      }
   }
   bool comm = agx_info(I)->commutative;
   for (unsigned pass = 0; pass < (comm ? 2u : 1u); pass++) {
      switch (I->op) {
      case AGX_OP_IADD:
      case AGX_OP_IOR:
      case AGX_OP_IXOR:
      case AGX_OP_ISUB:
      case AGX_OP_ISHL:
      case AGX_OP_ISHR:
      case AGX_OP_USHR:
         if (is_splat(b, 0) && agx_type_eq(a->type, I->type)) {
            to_mov(I, a);
            return true;
         }
         break;
      case AGX_OP_IMUL:
      case AGX_OP_UDIV:
      case AGX_OP_IDIV:
         if (is_splat(b, 1) && agx_type_eq(a->type, I->type)) {
            to_mov(I, a);
            return true;
         }
         if (I->op == AGX_OP_IMUL && is_splat(b, 0)) {
            to_zero(I);
            return true;
         }
         break;
      case AGX_OP_IAND:
         if (is_splat(b, ~UINT64_C(0))) {
            to_mov(I, a);
            return true;
         }
         if (is_splat(b, 0)) {
            to_zero(I);
            return true;
         }
         break;
      case AGX_OP_FMUL: {
         /* not for fp32, where x * 1.0 flushes a denormal x */
         uint64_t one = I->type.bits == 64 ? UINT64_C(0x3ff0000000000000) : 0x3c00u;
         if (I->type.bits != 32 && is_splat(b, one)) {
            to_mov(I, a);
            return true;
         }
         break;
      }
      case AGX_OP_BCSEL:
         if (I->src[1] == I->src[2]) {
            to_mov(I, I->src[1]);
            return true;
         }
         break;
      default:
         break;
      }
      agx_instr *t = a;
      a = b;
      b = t;
   }
   return false;
}

static void
fold_block(agx_block *b, void *data)
{
   bool *progress = data;
   agx_foreach_instr(b, I) {
      if (I->op == AGX_OP_CONST || I->op == AGX_OP_PHI || I->num_srcs == 0 || I->num_srcs > 4)
         continue;
      const struct agx_op_info *info = agx_info(I);
      if (I->op == AGX_OP_BCSEL && I->src[0]->op == AGX_OP_CONST && I->src[0]->type.comps == 1) {
         agx_instr *pick = (I->src[0]->value[0] & 1) ? I->src[1] : I->src[2];
         I->op = AGX_OP_MOV;
         I->src[0] = pick;
         I->num_srcs = 1;
         *progress = true;
         continue;
      }
      if (!(info->foldable || I->op == AGX_OP_VEC || I->op == AGX_OP_EXTRACT ||
            I->op == AGX_OP_MOV || I->op == AGX_OP_PACK_64_2X32 || I->op == AGX_OP_UNPACK_64_2X32))
         continue;
      if (!all_const(I)) {
         *progress |= simplify(I);
         continue;
      }
      uint64_t src[4][4] = {{0}}, out[4] = {0, 0, 0, 0};
      for (unsigned i = 0; i < I->num_srcs; i++)
         for (unsigned c = 0; c < 4; c++)
            src[i][c] = I->src[i]->value[c];
      if (!agx_eval_instr(I, (const uint64_t(*)[4])src, out))
         continue;
      I->op = AGX_OP_CONST;
      I->num_srcs = 0;
      for (unsigned c = 0; c < 4; c++)
         I->value[c] = c < I->type.comps ? out[c] : 0;
      *progress = true;
   }
}

bool
agx_pass_const_fold(agx_shader *s)
{
   bool progress = false;
   agx_foreach_block(&s->body, fold_block, &progress);
   return progress;
}
