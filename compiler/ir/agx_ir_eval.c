/* Evaluation of pure instructions on known source values, component-wise,
 * through the generated scalar evaluator. Assumes sources are masked to their
 * bit size (the builder and interpreter keep them so). */
#include "agx_passes.h"

bool
agx_eval_instr(const agx_instr *I, const uint64_t (*src)[4], uint64_t out[4])
{
   const struct agx_op_info *info = agx_info(I);
   switch (I->op) {
   case AGX_OP_MOV:
      for (unsigned c = 0; c < 4; c++)
         out[c] = src[0][c];
      return true;
   case AGX_OP_VEC:
      for (unsigned c = 0; c < I->num_srcs && c < 4; c++)
         out[c] = src[c][0];
      return true;
   case AGX_OP_EXTRACT:
      out[0] = src[0][I->c[0] & 3];
      return true;
   case AGX_OP_CONST:
      for (unsigned c = 0; c < 4; c++)
         out[c] = I->value[c];
      return true;
   case AGX_OP_PACK_64_2X32:
      out[0] = (src[0][0] & 0xffffffffu) | (src[0][1] << 32);
      return true;
   case AGX_OP_UNPACK_64_2X32:
      out[0] = src[0][0] & 0xffffffffu;
      out[1] = src[0][0] >> 32;
      return true;
   default:
      break;
   }
   if (!info->foldable)
      return false;
   unsigned B = I->src[0]->type.bits;
   for (unsigned c = 0; c < I->type.comps; c++) {
      uint64_t s[4] = {0, 0, 0, 0};
      for (unsigned i = 0; i < I->num_srcs && i < 4; i++)
         s[i] = src[i][I->src[i]->type.comps == 1 ? 0 : c];
      if (!agx_eval_scalar(I->op, B, I->type.bits, s, &out[c]))
         return false;
   }
   return true;
}
