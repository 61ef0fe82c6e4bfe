/* GroupNonUniform (subgroup) instructions. Assumes subgroup scope only and a
 * subgroup size of 32 (the AGX SIMD width), so ballots use the first 32 bits
 * of the uvec4 mask. Quad operations are shuffles within the lane's group
 * of four, rotations (SPV_KHR_subgroup_rotate) shuffles within the lane's
 * cluster; clustered reductions carry their cluster size to
 * agx_pass_lower_subgroup, which also widens non-32-bit and vector forms. */
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

static const struct {
   uint16_t spv, op;
} reductions[] = {
   {SpvOpGroupNonUniformIAdd, AGX_OP_IADD},       {SpvOpGroupNonUniformFAdd, AGX_OP_FADD},
   {SpvOpGroupNonUniformIMul, AGX_OP_IMUL},       {SpvOpGroupNonUniformFMul, AGX_OP_FMUL},
   {SpvOpGroupNonUniformSMin, AGX_OP_IMIN},       {SpvOpGroupNonUniformUMin, AGX_OP_UMIN},
   {SpvOpGroupNonUniformFMin, AGX_OP_FMIN},       {SpvOpGroupNonUniformSMax, AGX_OP_IMAX},
   {SpvOpGroupNonUniformUMax, AGX_OP_UMAX},       {SpvOpGroupNonUniformFMax, AGX_OP_FMAX},
   {SpvOpGroupNonUniformBitwiseAnd, AGX_OP_IAND}, {SpvOpGroupNonUniformBitwiseOr, AGX_OP_IOR},
   {SpvOpGroupNonUniformBitwiseXor, AGX_OP_IXOR}, {SpvOpGroupNonUniformLogicalAnd, AGX_OP_IAND},
   {SpvOpGroupNonUniformLogicalOr, AGX_OP_IOR},   {SpvOpGroupNonUniformLogicalXor, AGX_OP_IXOR},
};

static agx_instr *
lane_id(struct vtn_ctx *c)
{
   return agx_intrin(&c->b, AGX_OP_LOAD_SUBGROUP_INVOCATION, agx_type_make(32, 1), 0, NULL, NULL,
                     NULL, 0, 0, 0);
}

static agx_instr *
u32_index(struct vtn_ctx *c, agx_instr *v)
{
   if (v->type.comps != 1 || v->type.bits == 1)
      vtn_fail(c, "lane index must be an integer scalar");
   return agx_resize(&c->b, v, 32, false);
}

static agx_instr *
mask_word(struct vtn_ctx *c, agx_instr *v)
{
   if (v->type.bits != 32 || v->type.comps != 4)
      vtn_fail(c, "ballot value must be a uvec4");
   return agx_extract(&c->b, v, 0);
}

/* The lane masks: bit k of word 0 for lane k of the 32 (words 1-3 are 0,
 * as there are no lanes 32-127; a ballot's bit count reads word 0 only). */
agx_instr *
vtn_subgroup_mask(struct vtn_ctx *c, unsigned builtin)
{
   agx_builder *b = &c->b;
   agx_instr *l = lane_id(c), *one = agx_imm(b, 32, 1), *m;
   switch (builtin) {
   case SpvBuiltInSubgroupEqMask:
      m = agx_ishl(b, one, l);
      break;
   case SpvBuiltInSubgroupGeMask:
      m = agx_ishl(b, agx_imm(b, 32, 0xffffffffu), l);
      break;
   case SpvBuiltInSubgroupGtMask: /* lane 31: none */
      m = agx_ishl(b, agx_imm(b, 32, 0xfffffffeu), l);
      break;
   case SpvBuiltInSubgroupLeMask: /* (2 << l) - 1, all 32 bits for lane 31 */
      m = agx_isub(b, agx_ishl(b, agx_imm(b, 32, 2), l), one);
      break;
   case SpvBuiltInSubgroupLtMask:
      m = agx_isub(b, agx_ishl(b, one, l), one);
      break;
   default:
      return NULL;
   }
   agx_instr *zero = agx_imm(b, 32, 0);
   agx_instr *w[4] = {m, zero, zero, zero};
   return agx_vec(b, 4, w);
}

bool
vtn_handle_subgroup(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   if ((op < SpvOpGroupNonUniformElect || op > SpvOpGroupNonUniformQuadSwap) &&
       op != SpvOpGroupNonUniformRotateKHR)
      return false;
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   if (vtn_const_u64(c, vtn_word(c, i, 3)) != SpvScopeSubgroup)
      vtn_fail(c, "only subgroup scope is supported");
   agx_builder *b = &c->b;
   agx_type dt = vtn_ir_type(c, t);
   agx_type bt = agx_type_make(1, 1);
   agx_instr *r;
   switch (op) {
   case SpvOpGroupNonUniformElect:
      r = agx_intrin(b, AGX_OP_SUBGROUP_ELECT, bt, 0, NULL, NULL, NULL, 0, 0, 0);
      break;
   case SpvOpGroupNonUniformAll:
   case SpvOpGroupNonUniformAny:
   case SpvOpGroupNonUniformAllEqual: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      struct vtn_type *vt = vtn_ssa_of(c, vtn_word(c, i, 4))->type;
      if (op == SpvOpGroupNonUniformAllEqual &&
          (vt->base == VTN_FLOAT || (vt->base == VTN_VECTOR && vt->elem->base == VTN_FLOAT))) {
         /* floats compare as floats (-0 equals +0; ordered, so a NaN
          * equals nothing, which the specification leaves open) */
         agx_instr *first =
            agx_intrin(b, AGX_OP_SUBGROUP_BROADCAST_FIRST, v->type, 1, v, NULL, NULL, 0, 0, 0);
         agx_instr *eq = agx_feq(b, v, first);
         agx_instr *same = agx_extract(b, eq, 0);
         for (unsigned k = 1; k < v->type.comps; k++)
            same = agx_iand(b, same, agx_extract(b, eq, k));
         r = agx_intrin(b, AGX_OP_SUBGROUP_ALL, bt, 1, same, NULL, NULL, 0, 0, 0);
         break;
      }
      if (op != SpvOpGroupNonUniformAllEqual && (v->type.bits != 1 || v->type.comps != 1))
         vtn_fail(c, "predicate must be a boolean");
      r = agx_intrin(b,
                     op == SpvOpGroupNonUniformAll   ? AGX_OP_SUBGROUP_ALL
                     : op == SpvOpGroupNonUniformAny ? AGX_OP_SUBGROUP_ANY
                                                     : AGX_OP_SUBGROUP_ALL_EQUAL,
                     bt, 1, v, NULL, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformBroadcast:
   case SpvOpGroupNonUniformShuffle:
   case SpvOpGroupNonUniformShuffleXor:
   case SpvOpGroupNonUniformShuffleUp:
   case SpvOpGroupNonUniformShuffleDown: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      agx_instr *k = u32_index(c, vtn_def(c, vtn_word(c, i, 5)));
      if (op == SpvOpGroupNonUniformShuffleXor)
         k = agx_ixor(b, lane_id(c), k);
      else if (op == SpvOpGroupNonUniformShuffleUp)
         k = agx_isub(b, lane_id(c), k);
      else if (op == SpvOpGroupNonUniformShuffleDown)
         k = agx_iadd(b, lane_id(c), k);
      r = agx_intrin(b,
                     op == SpvOpGroupNonUniformBroadcast ? AGX_OP_SUBGROUP_BROADCAST
                                                         : AGX_OP_SUBGROUP_SHUFFLE,
                     v->type, 2, v, k, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformRotateKHR: {
      /* SPV_KHR_subgroup_rotate: the value of lane
       * ((l mod cs) + delta) mod cs + (l - l mod cs), cs the ClusterSize
       * (a power of two; absent: the subgroup). A cluster larger than the
       * subgroup is undefined only when executed (as for clustered
       * reductions below), so it compiles as the whole subgroup. */
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      agx_instr *delta = u32_index(c, vtn_def(c, vtn_word(c, i, 5)));
      uint64_t cs = 32;
      if (c->ins[i].wc >= 7) {
         cs = vtn_const_u64(c, vtn_word(c, i, 6));
         if (cs == 0 || (cs & (cs - 1)))
            vtn_fail(c, "cluster size %llu is not a power of two", (unsigned long long)cs);
         if (cs > 32)
            cs = 32;
      }
      agx_instr *l = lane_id(c);
      agx_instr *k = agx_iand(b, agx_iadd(b, l, delta), agx_imm(b, 32, (uint32_t)cs - 1));
      if (cs < 32)
         k = agx_ior(b, k, agx_iand(b, l, agx_imm(b, 32, ~((uint32_t)cs - 1))));
      r = agx_intrin(b, AGX_OP_SUBGROUP_SHUFFLE, v->type, 2, v, k, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformQuadBroadcast:
   case SpvOpGroupNonUniformQuadSwap: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      agx_instr *k = u32_index(c, vtn_def(c, vtn_word(c, i, 5)));
      agx_instr *l = lane_id(c);
      if (op == SpvOpGroupNonUniformQuadBroadcast) /* lane (l & ~3) | index */
         k = agx_ior(b, agx_iand(b, l, agx_imm(b, 32, ~3u)), agx_iand(b, k, agx_imm(b, 32, 3)));
      else /* direction 0, 1, 2: horizontal, vertical, diagonal = l ^ 1, 2, 3 */
         k = agx_ixor(b, l, agx_iadd(b, agx_iand(b, k, agx_imm(b, 32, 3)), agx_imm(b, 32, 1)));
      r = agx_intrin(b, AGX_OP_SUBGROUP_SHUFFLE, v->type, 2, v, k, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformBroadcastFirst: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      r = agx_intrin(b, AGX_OP_SUBGROUP_BROADCAST_FIRST, v->type, 1, v, NULL, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformBallot: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      if (v->type.bits != 1 || v->type.comps != 1)
         vtn_fail(c, "predicate must be a boolean");
      r = agx_intrin(b, AGX_OP_SUBGROUP_BALLOT, agx_type_make(32, 4), 1, v, NULL, NULL, 0, 0, 0);
      break;
   }
   case SpvOpGroupNonUniformInverseBallot:
   case SpvOpGroupNonUniformBallotBitExtract: {
      agx_instr *m = mask_word(c, vtn_def(c, vtn_word(c, i, 4)));
      agx_instr *k = op == SpvOpGroupNonUniformInverseBallot
                        ? lane_id(c)
                        : u32_index(c, vtn_def(c, vtn_word(c, i, 5)));
      r = agx_ine(b, agx_iand(b, agx_ushr(b, m, k), agx_imm(b, 32, 1)), agx_imm(b, 32, 0));
      r = agx_bcsel(b, agx_ult(b, k, agx_imm(b, 32, 32)), r, agx_imm(b, 1, 0));
      break;
   }
   case SpvOpGroupNonUniformBallotBitCount: {
      unsigned gop = vtn_word(c, i, 4);
      agx_instr *m = mask_word(c, vtn_def(c, vtn_word(c, i, 5)));
      if (gop == SpvGroupOperationInclusiveScan || gop == SpvGroupOperationExclusiveScan) {
         agx_instr *l = lane_id(c);
         if (gop == SpvGroupOperationInclusiveScan)
            l = agx_iadd(b, l, agx_imm(b, 32, 1));
         /* bits below lane l: (1 << l) - 1, with l == 32 meaning all */
         agx_instr *below = agx_isub(b, agx_ishl(b, agx_imm(b, 32, 1), l), agx_imm(b, 32, 1));
         below = agx_bcsel(b, agx_uge(b, l, agx_imm(b, 32, 32)), agx_imm(b, 32, 0xffffffff), below);
         m = agx_iand(b, m, below);
      } else if (gop != SpvGroupOperationReduce) {
         vtn_fail(c, "group operation %u not supported", gop);
      }
      r = agx_bit_count(b, 32, m);
      break;
   }
   case SpvOpGroupNonUniformBallotFindLSB:
   case SpvOpGroupNonUniformBallotFindMSB: {
      agx_instr *m = mask_word(c, vtn_def(c, vtn_word(c, i, 4)));
      r =
         op == SpvOpGroupNonUniformBallotFindLSB ? agx_find_lsb(b, 32, m) : agx_ufind_msb(b, 32, m);
      break;
   }
   default: {
      unsigned k;
      for (k = 0; k < sizeof(reductions) / sizeof(reductions[0]); k++)
         if (reductions[k].spv == op)
            break;
      if (k == sizeof(reductions) / sizeof(reductions[0]))
         vtn_fail(c, "subgroup operation not supported");
      unsigned gop = vtn_word(c, i, 4), cluster = 0;
      if (gop == SpvGroupOperationClusteredReduce) {
         if (c->ins[i].wc < 7)
            vtn_fail(c, "clustered reduction without a cluster size");
         /* A cluster size above the subgroup size is undefined behaviour
          * only when executed (SPIR-V, OpGroupNonUniform* ClusterSize), so
          * the module is valid: dEQP-VK.subgroups.clustered has the sizes
          * up to 128 in every shader, behind `if (clusterSize <=
          * gl_SubgroupSize)`. Those compile as whole-subgroup reductions;
          * a size that is not a power of two is refused. */
         uint64_t cs = vtn_const_u64(c, vtn_word(c, i, 6));
         if (cs == 0 || (cs & (cs - 1)))
            vtn_fail(c, "cluster size %llu is not a power of two", (unsigned long long)cs);
         cluster = cs >= 32 ? 0 : (unsigned)cs;
         gop = SpvGroupOperationReduce;
      } else if (gop > SpvGroupOperationExclusiveScan) {
         vtn_fail(c, "group operation %u not supported", gop);
      }
      agx_instr *v = vtn_def(c, vtn_word(c, i, 5));
      bool fl = op == SpvOpGroupNonUniformFAdd || op == SpvOpGroupNonUniformFMul ||
                op == SpvOpGroupNonUniformFMin || op == SpvOpGroupNonUniformFMax;
      bool logical = op >= SpvOpGroupNonUniformLogicalAnd;
      if ((fl && v->type.bits < 16) || (logical != (v->type.bits == 1)))
         vtn_fail(c, "operand type does not fit the operation");
      r = agx_intrin(b, AGX_OP_SUBGROUP_REDUCE, v->type, 1, v, NULL, NULL, reductions[k].op, gop,
                     cluster);
      break;
   }
   }
   if (!agx_type_eq(r->type, dt))
      vtn_fail(c, "result type does not match the operation");
   vtn_push_def(c, id, t, r);
   return true;
}
