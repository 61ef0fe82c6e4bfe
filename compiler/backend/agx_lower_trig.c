/* Lowers fsin/fcos to AGX arithmetic (the GPU model has no sin_pt_1/2, so
 * the hardware's own sequence cannot be checked; this one can).
 *
 * Assumes SSA IR after agx_pass_lower_transcendental (which turns tan into
 * sin/cos) and before scalarization (vector types are fine: every op here
 * is component-wise). 16-bit sin/cos are computed in f32 and rounded once.
 *
 * Range reduction in turns: t = x / 2pi (+ 1/4 for cos, since
 * cos x = sin(x + pi/2)), u = t - rint(t) in [-1/2, 1/2], folded into
 * [-1/4, 1/4] with sin(pi - a) = sin a, then sin(2 pi u) by its Taylor
 * series to degree 11 (truncation error below 6e-8 on [-pi/2, pi/2]).
 * The error grows with |x| only through the rounding of x / 2pi (one f32
 * ulp of t); measured in tests/backend/test_backend_trig.c. */
#include <math.h>
#include <stdlib.h>

#include "agx_backend_priv.h"
#include "agx_builder.h"
#include "agx_ir_eval_helpers.h"

static agx_instr *
k32(agx_builder *b, agx_type t, double v)
{
   uint64_t x = agx_from_double(v, 32);
   uint64_t vals[4] = {x, x, x, x};
   return agx_const(b, agx_type_make(32, t.comps), vals);
}

static agx_instr *
sin_turns(agx_builder *b, agx_instr *t)
{
   agx_type ty = t->type;
   agx_instr *u = agx_fsub(b, t, agx_fround_even(b, t));
   /* |u| > 1/4: u -> +-1/2 - u */
   agx_instr *half =
      agx_bcsel(b, agx_flt(b, u, k32(b, ty, 0.0)), k32(b, ty, -0.5), k32(b, ty, 0.5));
   agx_instr *far = agx_flt(b, k32(b, ty, 0.25), agx_fabs(b, u));
   u = agx_bcsel(b, far, agx_fsub(b, half, u), u);
   agx_instr *a = agx_fmul(b, u, k32(b, ty, 2.0 * M_PI));
   agx_instr *a2 = agx_fmul(b, a, a);
   /* odd Taylor terms: a * (1 - a2/3! + a2^2/5! - ... - a2^5/11!) */
   static const double c[6] = {1.0,         -1.0 / 6,     1.0 / 120,
                               -1.0 / 5040, 1.0 / 362880, -1.0 / 39916800};
   agx_instr *p = k32(b, ty, c[5]);
   for (int i = 4; i >= 0; i--)
      p = agx_ffma(b, p, a2, k32(b, ty, c[i]));
   return agx_fmul(b, a, p);
}

static agx_instr *
lower_one(agx_builder *b, agx_instr *I)
{
   agx_instr *x = I->src[0];
   if (I->type.bits == 16)
      x = agx_f2f(b, 32, x);
   agx_instr *t = agx_fmul(b, x, k32(b, x->type, 1.0 / (2.0 * M_PI)));
   if (I->op == AGX_OP_FCOS)
      t = agx_fadd(b, t, k32(b, x->type, 0.25));
   agx_instr *r = sin_turns(b, t);
   return I->type.bits == 16 ? agx_f2f(b, 16, r) : r;
}

bool
agx_backend_lower_trig(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all), limit = s->next_index;
   agx_instr **map = NULL;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if ((I->op != AGX_OP_FSIN && I->op != AGX_OP_FCOS) ||
          (I->type.bits != 16 && I->type.bits != 32))
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *r = lower_one(&b, I);
      if (!map && !(map = calloc(limit, sizeof(*map))))
         abort();
      map[I->index] = r;
      agx_instr_remove(I);
   }
   if (!map) /* `all` lives in the shader's arena */
      return false;
   agx_instr **full = calloc(s->next_index, sizeof(*full));
   if (!full)
      abort();
   for (unsigned i = 0; i < limit; i++)
      full[i] = map[i];
   agx_rewrite_uses_map(s, full);
   free(full);
   free(map);
   return true;
}
