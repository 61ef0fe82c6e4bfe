/* Subgroup lowering: rewrites the subgroup intrinsics a back end only has
 * 32-bit scalar forms of into those forms. Runs at the end of the SPIR-V
 * front end (it only replaces intrinsics' results, so SSA or not);
 * assumes a subgroup size of 32 and a back end that implements, for
 * 32-bit scalars: broadcast (constant or dynamically uniform lane),
 * broadcast_first, shuffle, ballot, all/any, all_equal of booleans, and
 * reductions/scans of iadd, fadd, fmul, iand/ior/ixor, integer min/max
 * plus the float min/max reduction (no float min/max scan, no imul).
 *
 *  - vectors: one operation per component;
 *  - 1/8/16-bit broadcasts and shuffles: widened to 32 bits and narrowed
 *    back; 64-bit ones: two 32-bit halves;
 *  - all_equal of anything but a 1-bit scalar: every component compared
 *    with the first active lane's, then subgroup_all;
 *  - logical (1-bit) reductions: on 0/1 in 32 bits;
 *  - 8/16-bit integer reductions: in 32 bits (sign-extended for signed
 *    min/max, where the order needs it, and clamped to the narrow range so
 *    an exclusive scan's identity is the narrow type's) and truncated,
 *    which is exact for wrapping add/mul and bitwise ops; 16-bit float
 *    ones in 32-bit float, rounded once at the end;
 *  - 64-bit and/or/xor/add reductions and scans and min/max reductions
 *    over the whole subgroup: from 32-bit ones (reduce64_native);
 *  - the rest (clustered reductions, imul, float min/max scans, 64-bit
 *    min/max scans): the 32 lanes' values are fetched by constant-lane broadcasts
 *    and combined in lane order by the lanes they concern (active source,
 *    in the same cluster, at or below / below the lane for scans), starting
 *    from the operation's identity.
 * c[2] of subgroup_reduce is the cluster size (0 = the whole subgroup). */
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_passes.h"

/* A broadcast, broadcast_first or shuffle (op) of scalar v of any bit size,
 * built from 32-bit ones; s1 is the lane source (NULL for broadcast_first). */
static agx_instr *
move_scalar(agx_builder *b, unsigned op, agx_instr *v, agx_instr *s1)
{
   unsigned bits = v->type.bits, n = s1 ? 2 : 1;
   if (bits == 32)
      return agx_intrin(b, (enum agx_op)op, v->type, n, v, s1, NULL, 0, 0, 0);
   if (bits == 64) {
      agx_instr *halves =
         agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, v, NULL, NULL, NULL);
      agx_instr *h[2];
      for (unsigned i = 0; i < 2; i++)
         h[i] = move_scalar(b, op, agx_extract(b, halves, i), s1);
      return agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1, agx_vec(b, 2, h), NULL,
                       NULL, NULL);
   }
   agx_instr *zero = agx_imm(b, 32, 0);
   if (bits == 1)
      return agx_ine(b, move_scalar(b, op, agx_bcsel(b, v, agx_imm(b, 32, 1), zero), s1), zero);
   return agx_u2u(b, bits, move_scalar(b, op, agx_u2u(b, 32, v), s1));
}

static bool
reduce_native(unsigned op, unsigned kind, unsigned cluster)
{
   if (cluster != 0 && cluster < 32)
      return false;
   switch (op) {
   case AGX_OP_IADD:
   case AGX_OP_FADD:
   case AGX_OP_FMUL:
   case AGX_OP_IAND:
   case AGX_OP_IOR:
   case AGX_OP_IXOR:
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_UMIN:
   case AGX_OP_UMAX:
      return true;
   case AGX_OP_FMIN:
   case AGX_OP_FMAX:
      return kind == 0;
   default:
      return false;
   }
}

static uint64_t
identity(unsigned op, unsigned bits)
{
   uint64_t all = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
   uint64_t sign = UINT64_C(1) << (bits - 1);
   switch (op) {
   case AGX_OP_IMUL:
      return 1;
   case AGX_OP_IAND:
   case AGX_OP_UMIN:
      return all;
   case AGX_OP_IMIN:
      return all >> 1;
   case AGX_OP_IMAX:
      return sign;
   case AGX_OP_FADD: /* -0.0 */
      return sign;
   case AGX_OP_FMUL:
      return bits == 64 ? 0x3ff0000000000000ull : bits == 32 ? 0x3f800000 : 0x3c00;
   case AGX_OP_FMIN: /* +inf */
      return bits == 64 ? 0x7ff0000000000000ull : bits == 32 ? 0x7f800000 : 0x7c00;
   case AGX_OP_FMAX: /* -inf */
      return bits == 64 ? 0xfff0000000000000ull : bits == 32 ? 0xff800000 : 0xfc00;
   default:
      return 0; /* iadd, ior, ixor, umax */
   }
}

/* acc op x; 64-bit min/max as a compare and a select (what back ends
 * without 64-bit min/max instructions have). */
static agx_instr *
combine(agx_builder *b, unsigned op, agx_instr *acc, agx_instr *x)
{
   if (acc->type.bits == 64 &&
       (op == AGX_OP_IMIN || op == AGX_OP_IMAX || op == AGX_OP_UMIN || op == AGX_OP_UMAX)) {
      bool sign = op == AGX_OP_IMIN || op == AGX_OP_IMAX;
      bool min = op == AGX_OP_IMIN || op == AGX_OP_UMIN;
      agx_instr *lt = sign ? agx_ilt(b, x, acc) : agx_ult(b, x, acc);
      return min ? agx_bcsel(b, lt, x, acc) : agx_bcsel(b, lt, acc, x);
   }
   return agx_build(b, (enum agx_op)op, acc->type, 2, acc, x, NULL, NULL);
}

/* Reduction or scan of scalar v by lane-order combination (see above). */
static agx_instr *
reduce_by_lanes(agx_builder *b, agx_instr *v, unsigned op, unsigned kind, unsigned cluster)
{
   agx_type t = v->type;
   agx_instr *active = agx_extract(b,
                                   agx_intrin(b, AGX_OP_SUBGROUP_BALLOT, agx_type_make(32, 4), 1,
                                              agx_imm(b, 1, 1), NULL, NULL, 0, 0, 0),
                                   0);
   agx_instr *lane = agx_intrin(b, AGX_OP_LOAD_SUBGROUP_INVOCATION, agx_type_make(32, 1), 0, NULL,
                                NULL, NULL, 0, 0, 0);
   agx_instr *zero = agx_imm(b, 32, 0);
   unsigned csize = cluster == 0 || cluster > 32 ? 32 : cluster;
   agx_instr *my_cluster = agx_iand(b, lane, agx_imm(b, 32, ~(uint64_t)(csize - 1) & 0xffffffffu));
   agx_instr *acc = agx_imm(b, t.bits, identity(op, t.bits));
   for (unsigned k = 0; k < 32; k++) {
      agx_instr *x = move_scalar(b, AGX_OP_SUBGROUP_BROADCAST, v, agx_imm(b, 32, k));
      agx_instr *cond = agx_ine(b, agx_iand(b, active, agx_imm(b, 32, UINT64_C(1) << k)), zero);
      if (kind == 1) /* inclusive: k <= lane */
         cond = agx_iand(b, cond, agx_uge(b, lane, agx_imm(b, 32, k)));
      else if (kind == 2) /* exclusive: k < lane */
         cond = agx_iand(b, cond, agx_uge(b, lane, agx_imm(b, 32, k + 1)));
      if (csize < 32)
         cond = agx_iand(b, cond, agx_ieq(b, my_cluster, agx_imm(b, 32, k & ~(csize - 1))));
      agx_instr *c = combine(b, op, acc, x);
      acc = agx_bcsel(b, cond, c, acc);
   }
   return acc;
}

static bool
is_signed_order(unsigned op)
{
   return op == AGX_OP_IMIN || op == AGX_OP_IMAX;
}

static bool
is_float(unsigned op)
{
   return op == AGX_OP_FADD || op == AGX_OP_FMUL || op == AGX_OP_FMIN || op == AGX_OP_FMAX;
}

/* A 32-bit reduction/scan the back end has (reduce_native). */
static agx_instr *
native32(agx_builder *b, unsigned op, unsigned kind, agx_instr *v)
{
   return agx_intrin(b, AGX_OP_SUBGROUP_REDUCE, v->type, 1, v, NULL, NULL, op, kind, 0);
}

/* 64-bit forms built from 32-bit native ones over the whole subgroup, or
 * NULL: bitwise ops half by half; add as four sums of 16-bit chunks (each
 * below 2^21 for 32 lanes, so exact) recombined with shifts; min/max
 * reductions (not scans) as the extreme high word, then the extreme low
 * word among the lanes that hold it. */
static agx_instr *
reduce64_native(agx_builder *b, unsigned op, unsigned kind, agx_instr *v)
{
   agx_instr *u = agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, v, NULL, NULL, NULL);
   agx_instr *lo = agx_extract(b, u, 0), *hi = agx_extract(b, u, 1), *w[2];
   switch (op) {
   case AGX_OP_IAND:
   case AGX_OP_IOR:
   case AGX_OP_IXOR:
      w[0] = native32(b, op, kind, lo);
      w[1] = native32(b, op, kind, hi);
      break;
   case AGX_OP_IADD: {
      agx_instr *part[4] = {lo, agx_ushr(b, lo, agx_imm(b, 32, 16)), hi,
                            agx_ushr(b, hi, agx_imm(b, 32, 16))};
      agx_instr *sum = NULL;
      for (unsigned k = 0; k < 4; k++) {
         agx_instr *chunk = k % 2 ? part[k] : agx_iand(b, part[k], agx_imm(b, 32, 0xffff));
         agx_instr *s = agx_u2u(b, 64, native32(b, AGX_OP_IADD, kind, chunk));
         if (k)
            s = agx_ishl(b, s, agx_imm(b, 32, 16 * k));
         sum = sum ? agx_iadd(b, sum, s) : s;
      }
      return sum;
   }
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_UMIN:
   case AGX_OP_UMAX: {
      if (kind != 0)
         return NULL;
      bool min = op == AGX_OP_IMIN || op == AGX_OP_UMIN;
      w[1] = native32(b, op, 0, hi);
      agx_instr *other = agx_imm(b, 32, min ? 0xffffffffu : 0);
      agx_instr *cand = agx_bcsel(b, agx_ieq(b, hi, w[1]), lo, other);
      w[0] = native32(b, min ? AGX_OP_UMIN : AGX_OP_UMAX, 0, cand);
      break;
   }
   default:
      return NULL;
   }
   return agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1, agx_vec(b, 2, w), NULL, NULL,
                    NULL);
}

/* Scalar reduction/scan. */
static agx_instr *
reduce_scalar(agx_builder *b, agx_instr *I, agx_instr *v)
{
   unsigned op = I->c[0], kind = I->c[1], cluster = I->c[2];
   unsigned bits = v->type.bits;
   if (bits == 1) {
      agx_instr *w = agx_bcsel(b, v, agx_imm(b, 32, 1), agx_imm(b, 32, 0));
      agx_instr *r = reduce_scalar(b, I, w);
      return agx_ine(b, r, agx_imm(b, 32, 0));
   }
   if (bits == 8 || bits == 16) {
      agx_instr *w, *r;
      if (is_float(op)) {
         w = agx_f2f(b, 32, v);
         r = reduce_scalar(b, I, w);
         return agx_f2f(b, bits, r);
      }
      w = is_signed_order(op) ? agx_i2i(b, 32, v) : agx_u2u(b, 32, v);
      r = reduce_scalar(b, I, w);
      if (is_signed_order(op)) {
         /* An exclusive scan's first lane gets the 32-bit identity
          * (INT32_MAX for imin, INT32_MIN for imax), which truncates to -1
          * or 0: clamped to the narrow type's range it becomes its identity
          * (every real value is inside that range already). */
         uint32_t lim = op == AGX_OP_IMIN ? (1u << (bits - 1)) - 1 : ~((1u << (bits - 1)) - 1);
         r = agx_build(b, op == AGX_OP_IMIN ? AGX_OP_IMIN : AGX_OP_IMAX, r->type, 2, r,
                       agx_imm(b, 32, lim), NULL, NULL);
      }
      return agx_u2u(b, bits, r);
   }
   if (bits == 32 && reduce_native(op, kind, cluster))
      return native32(b, op, kind, v);
   if (bits == 64 && (cluster == 0 || cluster >= 32)) {
      agx_instr *r = reduce64_native(b, op, kind, v);
      if (r)
         return r;
   }
   return reduce_by_lanes(b, v, op, kind, cluster);
}

/* One scalar operation of I's kind on v (other sources taken from I). */
static agx_instr *
one_op(agx_builder *b, agx_instr *I, agx_instr *v)
{
   switch (I->op) {
   case AGX_OP_SUBGROUP_REDUCE:
      return reduce_scalar(b, I, v);
   case AGX_OP_SUBGROUP_ALL_EQUAL:
      if (v->type.bits == 1)
         return agx_intrin(b, AGX_OP_SUBGROUP_ALL_EQUAL, agx_type_make(1, 1), 1, v, NULL, NULL, 0,
                           0, 0);
      if (v->type.bits < 32) /* compared in 32 bits (few 8-bit compares exist) */
         v = agx_u2u(b, 32, v);
      return agx_ieq(b, v, move_scalar(b, AGX_OP_SUBGROUP_BROADCAST_FIRST, v, NULL));
   default: /* broadcast, broadcast_first, shuffle */
      return move_scalar(b, I->op, v, I->num_srcs > 1 ? I->src[1] : NULL);
   }
}

static bool
needs_lowering(const agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_SUBGROUP_REDUCE:
   case AGX_OP_SUBGROUP_ALL_EQUAL:
   case AGX_OP_SUBGROUP_BROADCAST:
   case AGX_OP_SUBGROUP_BROADCAST_FIRST:
   case AGX_OP_SUBGROUP_SHUFFLE:
      break;
   default:
      return false;
   }
   agx_type t = I->src[0]->type;
   switch (I->op) {
   case AGX_OP_SUBGROUP_REDUCE:
      return t.comps > 1 || t.bits != 32 || !reduce_native(I->c[0], I->c[1], I->c[2]) ||
             I->c[2] != 0;
   case AGX_OP_SUBGROUP_ALL_EQUAL:
      return t.comps > 1 || t.bits != 1;
   case AGX_OP_SUBGROUP_BROADCAST:
   case AGX_OP_SUBGROUP_BROADCAST_FIRST:
   case AGX_OP_SUBGROUP_SHUFFLE:
      return t.comps > 1 || t.bits != 32;
   default:
      return false;
   }
}

static agx_instr *
lower(agx_builder *b, agx_instr *I)
{
   agx_instr *v = I->src[0];
   unsigned n = v->type.comps;
   agx_instr *comps[4] = {NULL, NULL, NULL, NULL}; /* n >= 1; keeps gcc quiet */
   for (unsigned c = 0; c < n; c++)
      comps[c] = one_op(b, I, n > 1 ? agx_extract(b, v, c) : v);
   if (I->op == AGX_OP_SUBGROUP_ALL_EQUAL) {
      if (n == 1 && v->type.bits == 1)
         return comps[0];
      agx_instr *same = comps[0];
      for (unsigned c = 1; c < n; c++)
         same = agx_iand(b, same, comps[c]);
      return agx_intrin(b, AGX_OP_SUBGROUP_ALL, agx_type_make(1, 1), 1, same, NULL, NULL, 0, 0, 0);
   }
   return n > 1 ? agx_vec(b, n, comps) : comps[0];
}

static agx_instr *
lower_if_needed(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   return needs_lowering(I) ? lower(b, I) : NULL;
}

bool
agx_pass_lower_subgroup(agx_shader *s)
{
   return agx_lower_each(s, lower_if_needed, NULL);
}
