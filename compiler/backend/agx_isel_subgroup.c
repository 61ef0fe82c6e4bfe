/* Instruction selection for subgroup operations (a subgroup is a 32-lane
 * SIMD-group). Assumes 32-bit values and, as Vulkan defines them, only the
 * active lanes taking part:
 *   reduce        simd_<op> (sums, bitwise, integer and float min/max, fmul)
 *   exclusive     simd_prefix_<op> (exclusive prefix on the GPU model, as
 *                 Mesa uses it); inclusive = exclusive combined with x
 *   ballot        icmp_ballot nueq c, 0 (lanes 32-127 of the mask are 0)
 *   any / all     a ballot compared with 0
 *   elect         lane index == lowest set bit of the active-lane ballot
 *   broadcast(_first) an OR reduction where only the source lane (a
 *                 constant, or the lowest active lane) contributes
 *   shuffle       (per-lane index) 32 broadcasts, one per source lane, each
 *                 kept by the lanes whose index names it (a simd_shuffle
 *                 ORs the low index bits over each quad, so it cannot do
 *                 an arbitrary permutation); an index that is the lane
 *                 XOR a constant (ShuffleXor, QuadSwap) is one
 *                 simd_shuffle_xor with an immediate mask, the same in
 *                 every lane, so the quad OR is the mask itself;
 *                 a mask below 4 (QuadSwap*) stays inside the quad and is
 *                 quad_shuffle_xor, an index (lane & ~3) | c with a
 *                 constant c (QuadBroadcast) is quad_shuffle with B = c
 *                 (Mesa agx_compile.c: quad_swap_* and quad_broadcast)
 *   all_equal     booleans: the ballot is 0 or every active lane; 32-bit:
 *                 no active lane differs (bitwise) from the first one */
#include "agx_isel_priv.h"

static struct mval
imm(unsigned halves, uint64_t x)
{
   struct mval v = {.kind = MV_IMM, .halves = (uint8_t)halves, .imm = x};
   return v;
}

static const struct {
   uint16_t irop, reduce, prefix;
} red_table[] = {
   {AGX_OP_IADD, AGX_OP_SIMD_IADD, AGX_OP_SIMD_PREFIX_IADD},
   {AGX_OP_IAND, AGX_OP_SIMD_AND, AGX_OP_SIMD_PREFIX_AND},
   {AGX_OP_IOR, AGX_OP_SIMD_OR, AGX_OP_SIMD_PREFIX_OR},
   {AGX_OP_IXOR, AGX_OP_SIMD_XOR, AGX_OP_SIMD_PREFIX_XOR},
   {AGX_OP_UMIN, AGX_OP_SIMD_MIN_U, AGX_OP_SIMD_PREFIX_MIN_U},
   {AGX_OP_UMAX, AGX_OP_SIMD_MAX_U, AGX_OP_SIMD_PREFIX_MAX_U},
   {AGX_OP_IMIN, AGX_OP_SIMD_MIN_S, AGX_OP_SIMD_PREFIX_MIN_S},
   {AGX_OP_IMAX, AGX_OP_SIMD_MAX_S, AGX_OP_SIMD_PREFIX_MAX_S},
   {AGX_OP_FADD, AGX_OP_SIMD_FADD, AGX_OP_SIMD_PREFIX_FADD},
   {AGX_OP_FMUL, AGX_OP_SIMD_FMUL, AGX_OP_SIMD_PREFIX_FMUL},
   {AGX_OP_FMIN, AGX_OP_SIMD_MIN_F, 0},
   {AGX_OP_FMAX, AGX_OP_SIMD_MAX_F, 0},
};

/* The register operand is materialised before the instruction is pushed:
 * a move pushed after it would land behind it (and may move it). */
static void
unary(struct isel *c, enum agx_isa_op op, struct mval d, struct mval a)
{
   struct mval r = isel_reg(c, a);
   struct agx_minstr *mi = isel_emit(c, op);
   isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 1, r, false, false);
}

/* 32-bit mask of the active lanes where a `cc` 0 holds (the ballot's
 * condition has a negation bit; icmpsel's below does not). */
static struct mval
ballot(struct isel *c, const char *cc, struct mval a)
{
   struct mval m = isel_new(c, 2);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_ICMP_BALLOT);
   isel_def(c, mi, 0, m.vreg, 0, 2, 1);
   isel_set(c, mi, 1, agx_isa_str(cc));
   isel_use(c, &mi, 2, a, false, false);
   isel_set(c, mi, 3, agx_isa_imm(0));
   return m;
}

static struct mval
sel(struct isel *c, const char *cc, struct mval a, struct mval b, struct mval x, struct mval y,
    unsigned halves)
{
   struct mval d = isel_new(c, halves);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_ICMPSEL);
   isel_set(c, mi, 0, agx_isa_str(cc));
   isel_def(c, mi, 1, d.vreg, 0, halves, 1);
   isel_use(c, &mi, 2, a, false, false);
   isel_use(c, &mi, 3, b, false, false);
   isel_use(c, &mi, 4, x, false, false);
   isel_use(c, &mi, 5, y, false, false);
   return d;
}

/* Index of the lowest active lane (uniform over the subgroup). */
static struct mval
first_lane(struct isel *c)
{
   struct mval m = ballot(c, "ueq", imm(2, 0)); /* every active lane */
   struct mval n = isel_new(c, 2), low = isel_new(c, 2), idx = isel_new(c, 2);
   struct agx_minstr *mi = isel_emit(c, AGX_ISAOP_IADD);
   isel_def(c, mi, 0, n.vreg, 0, 2, 1);
   isel_set(c, mi, 1, agx_isa_imm(0));
   isel_use(c, &mi, 2, m, false, false);
   mi->I.f[AGX_F_IADD_N] = 1;
   mi = isel_emit(c, AGX_OP_BITOP);
   isel_set(c, mi, 0, agx_isa_str("0001"));
   isel_def(c, mi, 1, low.vreg, 0, 2, 1);
   isel_use(c, &mi, 2, m, false, false);
   isel_use(c, &mi, 3, n, false, false);
   unary(c, AGX_OP_FFS, idx, low); /* ffs: index of the highest set bit */
   return idx;
}

/* d = v of lane `lane` (an active lane): every lane but that one
 * contributes 0 to an OR reduction. A simd_shuffle would read the index
 * operand of the inactive lanes of each quad too (applegpu's model), which
 * hold unrelated values in divergent code. */
static void
broadcast(struct isel *c, struct mval d, struct mval v, struct mval lane)
{
   struct mval me = isel_new(c, 2);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_GET_SR);
   isel_def(c, mi, 0, me.vreg, 0, 2, 1);
   isel_set(c, mi, 1, agx_isa_reg(AGX_SR, 52, 1));
   struct mval t = sel(c, "ueq", me, lane, isel_reg(c, v), imm(2, 0), 2);
   unary(c, AGX_OP_SIMD_OR, d, t);
}

/* d = v of lane idx (a register, per lane): one broadcast per lane k,
 * kept where idx == k. */
static void
shuffle(struct isel *c, struct mval d, struct mval v, struct mval idx)
{
   idx = isel_reg(c, idx);
   v = isel_reg(c, v);
   struct mval r = imm(2, 0);
   for (unsigned k = 0; k < 32; k++) {
      struct mval t = isel_new(c, 2);
      broadcast(c, t, v, imm(2, k));
      r = sel(c, "ueq", idx, imm(2, k), t, r, 2);
   }
   isel_copy(c, d, r);
}

/* Mask m (0-31) if idx is gl_SubgroupInvocationID ^ m for a constant m. */
static bool
lane_xor_const(const agx_instr *idx, uint32_t *m)
{
   if (idx->op != AGX_OP_IXOR || idx->num_srcs != 2 || idx->type.comps != 1)
      return false;
   for (unsigned s = 0; s < 2; s++) {
      const agx_instr *l = idx->src[s], *k = idx->src[1 - s];
      if (l->op == AGX_OP_LOAD_SUBGROUP_INVOCATION && k->op == AGX_OP_CONST && k->type.comps == 1 &&
          k->value[0] < 32) {
         *m = (uint32_t)k->value[0];
         return true;
      }
   }
   return false;
}

static bool
is_const(const agx_instr *I, uint64_t *v)
{
   if (I->op != AGX_OP_CONST || I->type.comps != 1)
      return false;
   *v = I->value[0];
   return true;
}

/* Quad lane c (0-3) if idx is (gl_SubgroupInvocationID & ~3) | c, the
 * front end's QuadBroadcast with a constant index. */
static bool
quad_lane_const(const agx_instr *idx, uint32_t *c)
{
   if (idx->op != AGX_OP_IOR || idx->num_srcs != 2 || idx->type.comps != 1)
      return false;
   for (unsigned s = 0; s < 2; s++) {
      const agx_instr *a = idx->src[s];
      uint64_t k, m;
      if (!is_const(idx->src[1 - s], &k) || k > 3 || a->op != AGX_OP_IAND || a->num_srcs != 2)
         continue;
      for (unsigned t = 0; t < 2; t++) {
         if (a->src[t]->op == AGX_OP_LOAD_SUBGROUP_INVOCATION && is_const(a->src[1 - t], &m) &&
             (uint32_t)m == ~3u) {
            *c = (uint32_t)k;
            return true;
         }
      }
   }
   return false;
}

/* d = v of lane (lane ^ m) with an immediate B, which every lane (active
 * or not) reads as m, so applegpu's per-quad OR of the low index bits is
 * m & 3 and each lane reads lane ^ m exactly: quad_shuffle_xor when m
 * stays in the quad, simd_shuffle_xor otherwise. */
static void
shuffle_xor(struct isel *c, struct mval d, struct mval v, uint32_t m)
{
   struct mval r = isel_reg(c, v);
   struct agx_minstr *mi = isel_emit(c, m < 4 ? AGX_OP_QUAD_SHUFFLE_XOR : AGX_OP_SIMD_SHUFFLE_XOR);
   isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 1, r, false, false);
   isel_use(c, &mi, 2, imm(1, m), false, false);
}

/* d = v of lane (lane & ~3) | q: quad_shuffle with an immediate B = q. */
static void
quad_broadcast(struct isel *c, struct mval d, struct mval v, uint32_t q)
{
   struct mval r = isel_reg(c, v);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_QUAD_SHUFFLE);
   isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 1, r, false, false);
   isel_use(c, &mi, 2, imm(1, q), false, false);
}

bool
isel_subgroup(struct isel *c, agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_SUBGROUP_REDUCE:
   case AGX_OP_SUBGROUP_BALLOT:
   case AGX_OP_SUBGROUP_ANY:
   case AGX_OP_SUBGROUP_ALL:
   case AGX_OP_SUBGROUP_ELECT:
   case AGX_OP_SUBGROUP_BROADCAST:
   case AGX_OP_SUBGROUP_BROADCAST_FIRST:
   case AGX_OP_SUBGROUP_SHUFFLE:
   case AGX_OP_SUBGROUP_ALL_EQUAL:
      break;
   default:
      return false;
   }
   struct mval a = I->num_srcs > 0 ? isel_src(c, I, 0, 0) : imm(2, 0);
   switch (I->op) {
   case AGX_OP_SUBGROUP_REDUCE: {
      if (I->type.bits != 32 || I->type.comps != 1)
         break;
      unsigned irop = I->c[0], kind = I->c[1];
      for (unsigned i = 0; i < sizeof(red_table) / sizeof(red_table[0]); i++) {
         if (red_table[i].irop != irop || (kind && !red_table[i].prefix))
            continue;
         struct mval d = isel_dst(c, I, 0);
         if (kind == 0) {
            unary(c, red_table[i].reduce, d, a);
         } else if (kind == 2) {
            unary(c, red_table[i].prefix, d, a);
         } else {
            struct mval t = isel_new(c, 2);
            unary(c, red_table[i].prefix, t, a);
            isel_combine(c, irop, d, t, a);
         }
         return true;
      }
      isel_fail(c, "unsupported: subgroup %s of %s", I->c[1] ? "scan" : "reduction",
                I->c[0] < AGX_NUM_OPS ? agx_op_infos[I->c[0]].name : "?");
      return true;
   }
   case AGX_OP_SUBGROUP_BALLOT: {
      if (I->type.bits != 32)
         break;
      c->map[I->index][0] = ballot(c, "nueq", a);
      for (unsigned k = 1; k < I->type.comps && k < 4; k++)
         c->map[I->index][k] = imm(2, 0);
      return true;
   }
   case AGX_OP_SUBGROUP_ANY:
   case AGX_OP_SUBGROUP_ALL: {
      bool any = I->op == AGX_OP_SUBGROUP_ANY;
      struct mval m = ballot(c, any ? "nueq" : "ueq", a);
      /* any: some lane true (m != 0); all: no lane false (m == 0) */
      c->map[I->index][0] = sel(c, "ueq", m, imm(2, 0), imm(1, !any), imm(1, any), 1);
      return true;
   }
   case AGX_OP_SUBGROUP_ELECT: {
      struct mval first = first_lane(c), lane = isel_new(c, 2);
      struct agx_minstr *mi = isel_emit(c, AGX_OP_GET_SR);
      isel_def(c, mi, 0, lane.vreg, 0, 2, 1);
      isel_set(c, mi, 1, agx_isa_reg(AGX_SR, 52, 1));
      c->map[I->index][0] = sel(c, "ueq", lane, first, imm(1, 1), imm(1, 0), 1);
      return true;
   }
   case AGX_OP_SUBGROUP_BROADCAST:
   case AGX_OP_SUBGROUP_BROADCAST_FIRST: {
      if (I->type.bits != 32 || I->type.comps != 1)
         break;
      struct mval lane;
      if (I->op == AGX_OP_SUBGROUP_BROADCAST) {
         lane = isel_src(c, I, 1, 0);
         if (lane.kind != MV_IMM) { /* dynamically uniform: a shuffle */
            shuffle(c, isel_dst(c, I, 0), a, lane);
            return true;
         }
         lane.imm &= 31;
      } else {
         lane = first_lane(c);
      }
      broadcast(c, isel_dst(c, I, 0), a, lane);
      return true;
   }
   case AGX_OP_SUBGROUP_SHUFFLE: {
      if (I->type.bits != 32 || I->type.comps != 1)
         break;
      uint32_t m;
      if (lane_xor_const(I->src[1], &m)) {
         shuffle_xor(c, isel_dst(c, I, 0), a, m);
         return true;
      }
      if (quad_lane_const(I->src[1], &m)) {
         quad_broadcast(c, isel_dst(c, I, 0), a, m);
         return true;
      }
      struct mval idx = isel_src(c, I, 1, 0);
      if (idx.kind == MV_IMM) {
         idx.imm &= 31;
         broadcast(c, isel_dst(c, I, 0), a, idx);
         return true;
      }
      shuffle(c, isel_dst(c, I, 0), a, idx);
      return true;
   }
   case AGX_OP_SUBGROUP_ALL_EQUAL: {
      unsigned sb = I->src[0]->type.bits;
      struct mval d;
      if (sb == 1) {
         struct mval m = ballot(c, "nueq", a), all = ballot(c, "ueq", imm(2, 0));
         struct mval same = sel(c, "ueq", m, all, imm(1, 1), imm(1, 0), 1);
         d = sel(c, "ueq", m, imm(2, 0), imm(1, 1), same, 1);
      } else if (sb == 32 && I->src[0]->type.comps == 1) {
         struct mval first = isel_new(c, 2);
         broadcast(c, first, a, first_lane(c));
         struct mval diff = sel(c, "ueq", a, first, imm(2, 0), imm(2, 1), 2);
         struct mval m = ballot(c, "nueq", diff);
         d = sel(c, "ueq", m, imm(2, 0), imm(1, 1), imm(1, 0), 1);
      } else {
         isel_fail(c, "unsupported: subgroup all_equal of %u-bit values", sb);
         return true;
      }
      c->map[I->index][0] = d;
      return true;
   }
   default:
      return false;
   }
   isel_fail(c, "unsupported: %u-bit %s", I->type.bits, agx_op_infos[I->op].name);
   return true;
}
