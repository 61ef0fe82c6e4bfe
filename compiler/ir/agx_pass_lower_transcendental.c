/* Lowers float operations AGX has no instruction for to ones it has
 * (rcp, rsqrt, exp2, log2, sin/cos, floor/ceil/trunc, fma). Assumes SSA form
 * and 16/32-bit floats (64-bit float ops are left alone: AGX has no fp64);
 * fp16 operations are computed in fp32 and rounded once at the end.
 * Accuracy targets the Vulkan precision table (division 2.5 ULP, sqrt as
 * inversesqrt inverted, atan family ~1e-5 absolute, far inside 4096 ULP):
 *   fdiv a,b   -> a * rcp(b)              fsqrt x   -> rcp(rsq(x))
 *   fpow a,b   -> exp2(log2(a) * b)       ftan x    -> sin(x) * rcp(cos(x))
 *   fmod/frem  -> a - b * floor/trunc(a * rcp(b))
 *   fsinh/fcosh/ftanh via exp2 (tanh clamps |x| <= 10 first)
 *   fasinh/facosh/fatanh via log2 and sqrt
 *   fatan      -> odd minimax polynomial on [0,1] with 1/x reduction
 *   fatan2     -> same on min/max ratio (both scaled down when huge) with
 *                 quadrant fix-ups
 *   fasin/facos -> atan2 with sqrt(1 - x*x) */
#include <math.h>
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_ir_eval_helpers.h"
#include "agx_passes.h"

static agx_instr *
fk(agx_builder *b, agx_type t, double v)
{
   uint64_t x = agx_from_double(v, t.bits);
   uint64_t vals[4] = {x, x, x, x};
   return agx_const(b, t, vals);
}

static agx_instr *
atan_01(agx_builder *b, agx_instr *x)
{
   /* atan(x) for x in [0, 1]: x * P(x^2) */
   static const double c[6] = {0.99997726,  -0.33262347, 0.19354346,
                               -0.11643287, 0.05265332,  -0.01172120};
   agx_type t = x->type;
   agx_instr *x2 = agx_fmul(b, x, x);
   agx_instr *p = fk(b, t, c[5]);
   for (int k = 4; k >= 0; k--)
      p = agx_ffma(b, p, x2, fk(b, t, c[k]));
   return agx_fmul(b, x, p);
}

static agx_instr *
fsel_neg(agx_builder *b, agx_instr *cond, agx_instr *v)
{
   return agx_bcsel(b, cond, agx_fneg(b, v), v);
}

static agx_instr *
atan2_l(agx_builder *b, agx_instr *y, agx_instr *x)
{
   agx_type t = x->type;
   agx_instr *ax = agx_fabs(b, x), *ay = agx_fabs(b, y);
   agx_instr *mx = agx_fmax(b, ax, ay), *mn = agx_fmin(b, ax, ay);
   /* rcp(mx) is subnormal, hence flushed to zero, once mx passes 2^126
    * (2^14 for fp16): scale both down by 2^-64 (2^-8) when mx is that big.
    * Exact, and mn stays normal whenever the ratio itself is normal. */
   int sh = t.bits == 16 ? 8 : 64;
   agx_instr *big = agx_fge(b, mx, fk(b, t, ldexp(1.0, sh)));
   agx_instr *sc = agx_bcsel(b, big, fk(b, t, ldexp(1.0, -sh)), fk(b, t, 1.0));
   mx = agx_fmul(b, mx, sc);
   mn = agx_fmul(b, mn, sc);
   agx_instr *r = atan_01(b, agx_fmul(b, mn, agx_frcp(b, mx)));
   r = agx_bcsel(b, agx_flt(b, ax, ay), agx_fsub(b, fk(b, t, M_PI_2), r), r);
   r = agx_bcsel(b, agx_flt(b, x, fk(b, t, 0.0)), agx_fsub(b, fk(b, t, M_PI), r), r);
   return fsel_neg(b, agx_flt(b, y, fk(b, t, 0.0)), r);
}

static agx_instr *
exp_l(agx_builder *b, agx_instr *x)
{
   return agx_fexp2(b, agx_fmul(b, x, fk(b, x->type, M_LOG2E)));
}

static agx_instr *
log_l(agx_builder *b, agx_instr *x)
{
   return agx_fmul(b, agx_flog2(b, x), fk(b, x->type, M_LN2));
}

static agx_instr *
sqrt_l(agx_builder *b, agx_instr *x)
{
   return agx_frcp(b, agx_frsq(b, x));
}

static agx_instr *
lower(agx_builder *b, enum agx_op op, agx_type t, agx_instr *x, agx_instr *y)
{
   switch (op) {
   case AGX_OP_FDIV:
      return agx_fmul(b, x, agx_frcp(b, y));
   case AGX_OP_FSQRT:
      return sqrt_l(b, x);
   case AGX_OP_FPOW:
      return agx_fexp2(b, agx_fmul(b, agx_flog2(b, x), y));
   case AGX_OP_FTAN:
      return agx_fmul(b, agx_fsin(b, x), agx_frcp(b, agx_fcos(b, x)));
   case AGX_OP_FMOD:
      return agx_fsub(b, x, agx_fmul(b, y, agx_ffloor(b, agx_fmul(b, x, agx_frcp(b, y)))));
   case AGX_OP_FREM:
      return agx_fsub(b, x, agx_fmul(b, y, agx_ftrunc(b, agx_fmul(b, x, agx_frcp(b, y)))));
   case AGX_OP_FSINH:
   case AGX_OP_FCOSH: {
      agx_instr *e = exp_l(b, x), *ei = agx_frcp(b, e);
      agx_instr *s = op == AGX_OP_FSINH ? agx_fsub(b, e, ei) : agx_fadd(b, e, ei);
      return agx_fmul(b, s, fk(b, t, 0.5));
   }
   case AGX_OP_FTANH: {
      agx_instr *c = agx_fmin(b, agx_fmax(b, x, fk(b, t, -10.0)), fk(b, t, 10.0));
      agx_instr *e = exp_l(b, agx_fmul(b, c, fk(b, t, 2.0)));
      return agx_fmul(b, agx_fsub(b, e, fk(b, t, 1.0)), agx_frcp(b, agx_fadd(b, e, fk(b, t, 1.0))));
   }
   case AGX_OP_FASINH: {
      agx_instr *ax = agx_fabs(b, x);
      agx_instr *r = log_l(b, agx_fadd(b, ax, sqrt_l(b, agx_ffma(b, x, x, fk(b, t, 1.0)))));
      return fsel_neg(b, agx_flt(b, x, fk(b, t, 0.0)), r);
   }
   case AGX_OP_FACOSH:
      return log_l(b, agx_fadd(b, x, sqrt_l(b, agx_ffma(b, x, x, fk(b, t, -1.0)))));
   case AGX_OP_FATANH: {
      agx_instr *q =
         agx_fmul(b, agx_fadd(b, fk(b, t, 1.0), x), agx_frcp(b, agx_fsub(b, fk(b, t, 1.0), x)));
      return agx_fmul(b, log_l(b, q), fk(b, t, 0.5));
   }
   case AGX_OP_FATAN: {
      agx_instr *ax = agx_fabs(b, x);
      agx_instr *big = agx_flt(b, fk(b, t, 1.0), ax);
      agx_instr *r = atan_01(b, agx_bcsel(b, big, agx_frcp(b, ax), ax));
      r = agx_bcsel(b, big, agx_fsub(b, fk(b, t, M_PI_2), r), r);
      return fsel_neg(b, agx_flt(b, x, fk(b, t, 0.0)), r);
   }
   case AGX_OP_FATAN2:
      return atan2_l(b, x, y);
   case AGX_OP_FASIN:
   case AGX_OP_FACOS: {
      agx_instr *c =
         sqrt_l(b, agx_fmax(b, agx_ffma(b, agx_fneg(b, x), x, fk(b, t, 1.0)), fk(b, t, 0.0)));
      return op == AGX_OP_FASIN ? atan2_l(b, x, c) : atan2_l(b, c, x);
   }
   default:
      return NULL;
   }
}

static bool
lowered(enum agx_op op)
{
   switch (op) {
   case AGX_OP_FDIV:
   case AGX_OP_FSQRT:
   case AGX_OP_FPOW:
   case AGX_OP_FTAN:
   case AGX_OP_FMOD:
   case AGX_OP_FREM:
   case AGX_OP_FSINH:
   case AGX_OP_FCOSH:
   case AGX_OP_FTANH:
   case AGX_OP_FASINH:
   case AGX_OP_FACOSH:
   case AGX_OP_FATANH:
   case AGX_OP_FATAN:
   case AGX_OP_FATAN2:
   case AGX_OP_FASIN:
   case AGX_OP_FACOS:
      return true;
   default:
      return false;
   }
}

static agx_instr *
lower_if_alu(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   if (agx_info(I)->kind != AGX_OPK_ALU || !lowered(I->op) ||
       (I->type.bits != 16 && I->type.bits != 32))
      return NULL;
   agx_instr *x = I->src[0], *y = I->num_srcs > 1 ? I->src[1] : NULL;
   if (I->type.bits == 32)
      return lower(b, I->op, I->type, x, y);
   /* fp16: the sequences' intermediate rounding (exp2 of a scaled argument,
    * polynomial steps) costs several fp16 ULPs (dEQP-VK float16 tanh), so
    * they run in fp32, whose every step is exact enough, and round once. */
   agx_type t32 = agx_type_make(32, I->type.comps);
   agx_instr *r = lower(b, I->op, t32, agx_f2f(b, 32, x), y ? agx_f2f(b, 32, y) : NULL);
   return agx_f2f(b, 16, r);
}

bool
agx_pass_lower_transcendental(agx_shader *s)
{
   return agx_lower_each(s, lower_if_alu, NULL);
}
