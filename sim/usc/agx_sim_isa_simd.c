/*
 * SIMD-group-wide instructions: ballots, shuffles, and SIMD/quad reductions
 * and prefix operations. Unlike the ALU classes these read other lanes.
 *
 * Assumes: the semantics documented at each instruction (applegpu's
 * hardware-validated model for ballots and shuffles; Mesa's lowering for
 * the prefix forms); inactive lanes contribute nothing to ballots and
 * reductions but can be read by shuffles.
 */
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_isa.h"

/* p[0] = cc, p[1] = ccn, p[2] = float */
static const struct agx_sim_insn *
x_ballot(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t m;
   bool ok = I->p[2] ? agx_sim_fcmp(w, sg, I, &I->s[0], &I->s[1], I->p[0], I->p[1], &m)
                     : agx_sim_icmp(w, sg, I, &I->s[0], &I->s[1], I->p[0], I->p[1], &m);
   if (!ok)
      return NULL;
   uint64_t r[AGX_SIM_LANES];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      r[l] = m & sg->exec;
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/*
 * SIMD shuffles (applegpu's hardware-validated model): the low two bits of
 * B are OR-ed over each quad (active or not) and permute the quad's values
 * first; then lane t takes from the quad holding its target lane, at its
 * own position in that quad. Targets outside the SIMD-group read A[t].
 * Quad shuffles (quad_shuffle, quad_shuffle_xor): Mesa's agx_compile.c
 * emits them for quad_broadcast (B = the lane within the quad) and
 * quad_swap_horizontal/vertical/diagonal (B = 1, 2, 3). Assumption (no
 * public model): the same per-quad step with the target quad always the
 * lane's own, i.e. lane t reads A[(t & ~3) | comb] (quad_shuffle) or
 * A[(t & ~3) | ((t & 3) ^ comb)] (quad_shuffle_xor), comb the OR of the
 * low two bits of B over the quad. The quad up/down/rotate forms are not
 * modelled. p[0] = SHUF_*.
 */
enum { SHUF_INDEX, SHUF_DOWN, SHUF_UP, SHUF_ROTATE_UP, SHUF_XOR, SHUF_QUAD, SHUF_QUAD_XOR };

static const struct agx_sim_insn *
x_shuffle(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint32_t e = sg->exec;
   /* B is read in every lane of the quads of active lanes */
   uint32_t quads = 0;
   for (unsigned l = 0; l < AGX_SIM_LANES; l += 4)
      if (e & (0xFu << l))
         quads |= 0xFu << l;
   sg->exec = quads & sg->live;
   bool ok = agx_sim_src32(w, sg, I, &I->s[1], b);
   sg->exec = e;
   if (!ok)
      return NULL;

   unsigned op = I->p[0];
   uint8_t src[8][4];
   for (unsigned q = 0; q < 8; q++) {
      unsigned comb = 0;
      for (unsigned t = 4 * q; t < 4 * q + 4; t++)
         comb |= b[t] & 3;
      for (unsigned i = 0; i < 4; i++) {
         unsigned k;
         switch (op) {
         case SHUF_INDEX:
            k = comb;
            break;
         case SHUF_DOWN:
            k = (i + comb) & 3;
            break;
         case SHUF_XOR:
         case SHUF_QUAD_XOR:
            k = (i ^ comb) & 3;
            break;
         case SHUF_QUAD:
            k = comb;
            break;
         default:
            k = (i - comb) & 3;
            break;
         }
         src[q][i] = (uint8_t)(4 * q + k);
      }
   }
   /* source lane of every active lane */
   uint8_t from[AGX_SIM_LANES];
   uint32_t need = 0;
   for (unsigned t = 0; t < AGX_SIM_LANES; t++) {
      uint32_t idx = b[t] & 0xFFFF;
      int64_t target;
      switch (op) {
      case SHUF_QUAD:
         target = t & ~3u;
         break;
      case SHUF_QUAD_XOR:
         target = t;
         break;
      case SHUF_INDEX:
         target = idx;
         break;
      case SHUF_DOWN:
         target = (int64_t)t + idx;
         break;
      case SHUF_UP:
         target = (int64_t)t - idx;
         break;
      case SHUF_ROTATE_UP:
         target = ((int64_t)t - idx) & 31;
         break;
      default:
         target = t ^ idx;
         break;
      }
      if (target < 0 || target >= AGX_SIM_LANES)
         from[t] = (uint8_t)t;
      else
         from[t] =
            op == SHUF_INDEX || op == SHUF_QUAD ? src[target >> 2][0] : src[target >> 2][t & 3];
      if (e & (1u << t))
         need |= 1u << from[t];
   }
   /* a source lane that is itself inactive (or past the end of the
    * workgroup) gives whatever its register holds, which the APIs leave
    * undefined (SPIR-V: shuffling from an inactive invocation); strict
    * mode checks that the active source lanes were written */
   sg->exec = need & e;
   ok = agx_sim_src32(w, sg, I, &I->s[0], a);
   sg->exec = e;
   if (!ok)
      return NULL;
   uint64_t r[AGX_SIM_LANES];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      r[l] = a[from[l]];
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/*
 * SIMD-group and quad reductions and prefix operations over the active
 * lanes. Assumes (Mesa lowers exclusive_scan to simd_prefix_iadd): the
 * prefix forms are exclusive, giving the identity to the first active lane;
 * values combine in lane order; float forms round each step like the
 * corresponding f32 instruction, and min/max let a NaN lose.
 * p[0] = RED_*, p[1] = prefix, p[2] = group size (4 or 32).
 */
enum {
   RED_AND,
   RED_OR,
   RED_XOR,
   RED_IADD,
   RED_FADD,
   RED_FMUL,
   RED_UMIN,
   RED_UMAX,
   RED_SMIN,
   RED_SMAX,
   RED_FMIN,
   RED_FMAX
};

static uint32_t
red_identity(unsigned op)
{
   switch (op) {
   case RED_AND:
   case RED_UMIN:
      return 0xFFFFFFFFu;
   case RED_FMUL:
      return 0x3F800000u;
   case RED_SMIN:
      return 0x7FFFFFFFu;
   case RED_SMAX:
      return 0x80000000u;
   case RED_FMIN:
      return 0x7F800000u;
   case RED_FMAX:
      return 0xFF800000u;
   default:
      return 0;
   }
}

static uint32_t
red_apply(unsigned op, uint32_t x, uint32_t y)
{
   switch (op) {
   case RED_AND:
      return x & y;
   case RED_OR:
      return x | y;
   case RED_XOR:
      return x ^ y;
   case RED_IADD:
      return x + y;
   case RED_FADD:
      return agx_sim_f32_out(agx_sim_fma_odd(agx_sim_f32_in(x), 1.0, agx_sim_f32_in(y)));
   case RED_FMUL:
      return agx_sim_f32_out(agx_sim_fma_odd(agx_sim_f32_in(x), agx_sim_f32_in(y), 0.0));
   case RED_UMIN:
      return x < y ? x : y;
   case RED_UMAX:
      return x > y ? x : y;
   case RED_SMIN:
      return (int32_t)x < (int32_t)y ? x : y;
   case RED_SMAX:
      return (int32_t)x > (int32_t)y ? x : y;
   default: {
      double a = agx_sim_f32_in(x), b = agx_sim_f32_in(y);
      if (a != a)
         return b != b ? 0x7FC00000u : agx_sim_f32_out(b);
      if (b != b)
         return agx_sim_f32_out(a);
      bool take_a = op == RED_FMIN ? a <= b : a >= b;
      return agx_sim_f32_out(take_a ? a : b);
   }
   }
}

static const struct agx_sim_insn *
x_reduce(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a))
      return NULL;
   unsigned op = I->p[0], gsize = I->p[2];
   uint32_t e = sg->exec;
   for (unsigned g = 0; g < AGX_SIM_LANES; g += gsize) {
      uint32_t acc = red_identity(op);
      for (unsigned l = g; l < g + gsize; l++) {
         if (!(e & (1u << l)))
            continue;
         if (I->p[1])
            r[l] = acc;
         acc = red_apply(op, acc, a[l]);
      }
      if (!I->p[1])
         for (unsigned l = g; l < g + gsize; l++)
            r[l] = acc;
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

static const struct {
   uint16_t op;
   uint8_t red, prefix, group;
} reductions[] = {
   {AGX_OP_SIMD_AND, RED_AND, 0, 32},
   {AGX_OP_SIMD_OR, RED_OR, 0, 32},
   {AGX_OP_SIMD_XOR, RED_XOR, 0, 32},
   {AGX_OP_SIMD_IADD, RED_IADD, 0, 32},
   {AGX_OP_SIMD_FADD, RED_FADD, 0, 32},
   {AGX_OP_SIMD_FMUL, RED_FMUL, 0, 32},
   {AGX_OP_SIMD_MIN_U, RED_UMIN, 0, 32},
   {AGX_OP_SIMD_MAX_U, RED_UMAX, 0, 32},
   {AGX_OP_SIMD_MIN_S, RED_SMIN, 0, 32},
   {AGX_OP_SIMD_MAX_S, RED_SMAX, 0, 32},
   {AGX_OP_SIMD_MIN_F, RED_FMIN, 0, 32},
   {AGX_OP_SIMD_MAX_F, RED_FMAX, 0, 32},
   {AGX_OP_SIMD_PREFIX_IADD, RED_IADD, 1, 32},
   {AGX_OP_SIMD_PREFIX_FADD, RED_FADD, 1, 32},
   {AGX_OP_SIMD_PREFIX_FMUL, RED_FMUL, 1, 32},
   {AGX_OP_SIMD_PREFIX_AND, RED_AND, 1, 32},
   {AGX_OP_SIMD_PREFIX_OR, RED_OR, 1, 32},
   {AGX_OP_SIMD_PREFIX_XOR, RED_XOR, 1, 32},
   {AGX_OP_SIMD_PREFIX_MIN_S, RED_SMIN, 1, 32},
   {AGX_OP_SIMD_PREFIX_MIN_U, RED_UMIN, 1, 32},
   {AGX_OP_SIMD_PREFIX_MAX_S, RED_SMAX, 1, 32},
   {AGX_OP_SIMD_PREFIX_MAX_U, RED_UMAX, 1, 32},
   {AGX_OP_QUAD_AND, RED_AND, 0, 4},
   {AGX_OP_QUAD_OR, RED_OR, 0, 4},
   {AGX_OP_QUAD_XOR, RED_XOR, 0, 4},
   {AGX_OP_QUAD_IADD, RED_IADD, 0, 4},
   {AGX_OP_QUAD_FADD, RED_FADD, 0, 4},
   {AGX_OP_QUAD_FMUL, RED_FMUL, 0, 4},
   {AGX_OP_QUAD_PREFIX_IADD, RED_IADD, 1, 4},
   {AGX_OP_QUAD_PREFIX_FADD, RED_FADD, 1, 4},
   {AGX_OP_QUAD_PREFIX_FMUL, RED_FMUL, 1, 4},
   {AGX_OP_QUAD_MIN_U, RED_UMIN, 0, 4},
   {AGX_OP_QUAD_MAX_U, RED_UMAX, 0, 4},
   {AGX_OP_QUAD_MIN_S, RED_SMIN, 0, 4},
   {AGX_OP_QUAD_MAX_S, RED_SMAX, 0, 4},
   {AGX_OP_QUAD_MIN_F, RED_FMIN, 0, 4},
   {AGX_OP_QUAD_MAX_F, RED_FMAX, 0, 4},
};

static void
ops(struct agx_sim_insn *I, const struct agx_isa_instr *in, unsigned d, int s0, int s1)
{
   agx_sim_opnd_from_isa(in, d, &I->d);
   if (s0 >= 0)
      agx_sim_opnd_from_isa(in, (unsigned)s0, &I->s[0]);
   if (s1 >= 0)
      agx_sim_opnd_from_isa(in, (unsigned)s1, &I->s[1]);
}

bool
agx_sim_decode_simd(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   switch (in->op) {
   case AGX_OP_ICMP_BALLOT:
   case AGX_OP_FCMP_BALLOT:
      ops(I, in, 0, 2, 3);
      I->p[0] = (uint32_t)agx_sim_field(in, "cc");
      I->p[1] = (uint32_t)agx_sim_field(in, "ccn");
      I->p[2] = in->op == AGX_OP_FCMP_BALLOT;
      I->exec = x_ballot;
      return true;
   case AGX_OP_SIMD_SHUFFLE:
   case AGX_OP_SIMD_SHUFFLE_DOWN:
   case AGX_OP_SIMD_SHUFFLE_UP:
   case AGX_OP_SIMD_SHUFFLE_ROTATE_UP:
   case AGX_OP_SIMD_SHUFFLE_XOR:
      ops(I, in, 0, 1, 2);
      I->p[0] = in->op == AGX_OP_SIMD_SHUFFLE             ? SHUF_INDEX
                : in->op == AGX_OP_SIMD_SHUFFLE_DOWN      ? SHUF_DOWN
                : in->op == AGX_OP_SIMD_SHUFFLE_UP        ? SHUF_UP
                : in->op == AGX_OP_SIMD_SHUFFLE_ROTATE_UP ? SHUF_ROTATE_UP
                                                          : SHUF_XOR;
      I->exec = x_shuffle;
      return true;
   case AGX_OP_QUAD_SHUFFLE:
   case AGX_OP_QUAD_SHUFFLE_XOR:
      ops(I, in, 0, 1, 2);
      if (I->s[0].kind == AGX_SIM_O_R64 || I->s[0].kind == AGX_SIM_O_U64 ||
          I->s[1].kind == AGX_SIM_O_R64 || I->s[1].kind == AGX_SIM_O_U64)
         return false; /* 64-bit forms not modelled */
      I->p[0] = in->op == AGX_OP_QUAD_SHUFFLE ? SHUF_QUAD : SHUF_QUAD_XOR;
      I->exec = x_shuffle;
      return true;
   default:
      for (unsigned i = 0; i < sizeof(reductions) / sizeof(reductions[0]); i++) {
         if (reductions[i].op == in->op) {
            ops(I, in, 0, 1, -1);
            if (I->s[0].kind == AGX_SIM_O_R64 || I->s[0].kind == AGX_SIM_O_U64)
               return false; /* 64-bit forms not modelled */
            I->p[0] = reductions[i].red;
            I->p[1] = reductions[i].prefix;
            I->p[2] = reductions[i].group;
            I->exec = x_reduce;
            return true;
         }
      }
      return false;
   }
}
