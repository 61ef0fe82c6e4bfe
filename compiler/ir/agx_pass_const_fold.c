/* Constant folding. Assumes: sources are SSA values; an instruction whose
 * sources are all `const` and whose opcode is pure (ALU with an evaluation rule
 * from agx_ir_ops.py, vec, extract, mov) is rewritten in place into a `const`
 * with the same SSA index, so no uses need rewriting. A bcsel with a constant
 * condition becomes a mov of the chosen source (copy propagation removes it). */
#include "agx_passes.h"

static bool all_const(const agx_instr *I)
{
   for (unsigned i = 0; i < I->num_srcs; i++)
      if (I->src[i]->op != AGX_OP_CONST)
         return false;
   return true;
}

static void fold_block(agx_block *b, void *data)
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
      if (!(info->foldable || I->op == AGX_OP_VEC || I->op == AGX_OP_EXTRACT || I->op == AGX_OP_MOV))
         continue;
      if (!all_const(I))
         continue;
      uint64_t src[4][4] = { { 0 } }, out[4] = { 0, 0, 0, 0 };
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

bool agx_pass_const_fold(agx_shader *s)
{
   bool progress = false;
   agx_foreach_block(&s->body, fold_block, &progress);
   return progress;
}
