/*
 * Floating-point ALU semantics: fadd/fmul/fmadd (16 and 32 bit), the
 * floating-point unary group and convert.
 *
 * Assumes (applegpu's hardware-validated emulator, see agx_sim_float.c):
 * 32-bit operations round the exact result once to f32 with denormal
 * results flushed, then saturate (.sat), then round again when the
 * destination is a 16-bit register; 16-bit operations round once to f16
 * keeping denormals. Transcendentals (rcp, rsqrt, log2, exp2) are computed
 * in double and rounded to f32: the hardware's exact error behaviour is not
 * publicly documented, so only their correctly rounded value is modelled.
 * convert's float-to-integer modes saturate and map NaN to 0 (assumption,
 * matching the GPU-typical behaviour Mesa relies on).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_isa.h"

/* Finish a 32-bit-class float result: f32 rounding, saturation, dest. */
static inline uint32_t
finish32(double x, bool sat, bool dst16)
{
   uint32_t bits = agx_sim_f32_out(x);
   if (!sat && !dst16)
      return bits;
   double v = agx_sim_f32_in(bits);
   if (bits == 0x7FC00000u)
      v = NAN;
   if (sat)
      v = agx_sim_saturate(v);
   return dst16 ? agx_sim_f16_out(v) : agx_sim_f32_out(v);
}

static inline uint32_t
finish16(double x, bool sat)
{
   if (sat)
      x = agx_sim_saturate(x);
   return agx_sim_f16_out(x);
}

enum { F_FMA, F_ADD, F_MUL };

/* p[0] = S, p[1] = F_*, p[2] = 16-bit operation */
static const struct agx_sim_insn *
x_farith(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   double a[AGX_SIM_LANES], b[AGX_SIM_LANES], c[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_load_float(w, sg, I, &I->s[0], a) || !agx_sim_load_float(w, sg, I, &I->s[1], b) ||
       (I->p[1] == F_FMA && !agx_sim_load_float(w, sg, I, &I->s[2], c)))
      return NULL;
   bool sat = I->p[0], dst16 = I->d.kind == AGX_SIM_O_R16;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      double x;
      switch (I->p[1]) {
      case F_FMA:
         x = agx_sim_fma_odd(a[l], b[l], c[l]);
         break;
      case F_ADD:
         x = agx_sim_fma_odd(a[l], 1.0, b[l]);
         break;
      default:
         x = agx_sim_fma_odd(a[l], b[l], 0.0);
         break;
      }
      r[l] = I->p[2] ? finish16(x, sat) : finish32(x, sat, dst16);
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* Fast path: f32 add/mul into a 32-bit register without .sat; lanes with
 * results that need flushing or NaN canonicalisation take the exact path. */
static const struct agx_sim_insn *
x_farith32(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES], b[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a) || !agx_sim_src32(w, sg, I, &I->s[1], b))
      return NULL;
   uint32_t na = (I->s[0].mods & AGX_SIM_OM_NEG) ? 0x80000000u : 0;
   uint32_t nb = (I->s[1].mods & AGX_SIM_OM_NEG) ? 0x80000000u : 0;
   uint32_t aa = (I->s[0].mods & AGX_SIM_OM_ABS) ? 0x7FFFFFFFu : ~0u;
   uint32_t ab = (I->s[1].mods & AGX_SIM_OM_ABS) ? 0x7FFFFFFFu : ~0u;
   bool add = I->p[1] == F_ADD;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      uint32_t x = ((a[l] & aa) ^ na), y = ((b[l] & ab) ^ nb);
      if ((x & 0x7F800000u) == 0)
         x &= 0x80000000u;
      if ((y & 0x7F800000u) == 0)
         y &= 0x80000000u;
      float fx, fy, fr;
      memcpy(&fx, &x, 4);
      memcpy(&fy, &y, 4);
      fr = add ? fx + fy : fx * fy;
      if (__builtin_expect(fabsf(fr) > FLT_MIN, 1)) {
         uint32_t bits;
         memcpy(&bits, &fr, 4);
         r[l] = (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x7FFFFF) ? 0x7FC00000u : bits;
      } else {
         r[l] = agx_sim_f32_out(add ? agx_sim_fma_odd(fx, 1.0, fy) : agx_sim_fma_odd(fx, fy, 0.0));
      }
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

enum {
   U_FLOOR,
   U_CEIL,
   U_TRUNC,
   U_RINT,
   U_RCP,
   U_RSQRT,
   U_RSQRT_SPECIAL,
   U_LOG2,
   U_EXP2,
   U_DFDX,
   U_DFDY
};

/* p[0] = S, p[1] = U_* */
static const struct agx_sim_insn *
x_funary(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   double a[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   /* dfdx / dfdy read the whole quad of every active lane (the load takes
    * all lanes); strict mode checks the active lanes' registers only: a
    * quad neighbour switched off by non-uniform control flow gives an
    * undefined derivative in Vulkan, not a fault */
   if (!agx_sim_load_float(w, sg, I, &I->s[0], a))
      return NULL;
   bool dst16 = I->d.kind == AGX_SIM_O_R16;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      double x = a[l], y;
      switch (I->p[1]) {
      case U_FLOOR:
         y = floor(x);
         break;
      case U_CEIL:
         y = ceil(x);
         break;
      case U_TRUNC:
         y = trunc(x);
         break;
      case U_RINT:
         y = nearbyint(x);
         break;
      case U_RCP:
         y = 1.0 / x;
         break;
      case U_RSQRT:
      case U_RSQRT_SPECIAL:
         y = 1.0 / sqrt(x);
         break;
      case U_LOG2:
         y = log2(x);
         break;
      case U_EXP2:
         y = exp2(x);
         break;
      case U_DFDX: {
         unsigned base = l & ~3u, row = base + (l & 2);
         y = a[row + 1] - a[row];
         break;
      }
      default: {
         unsigned base = l & ~3u, col = base + (l & 1);
         y = a[col + 2] - a[col];
         break;
      }
      }
      r[l] = finish32(y, I->p[0], dst16);
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

/* Round x to f32 (or f16) with round-to-zero when rtz. */
static uint32_t
round_to(double x, bool f16, bool rtz)
{
   if (f16) {
      uint16_t h = agx_sim_f16_out(x);
      if (rtz && fabs(agx_sim_f16_in(h)) > fabs(x))
         h = (uint16_t)(h - 1);
      return h;
   }
   float f = (float)x;
   if (rtz && fabs((double)f) > fabs(x))
      f = nextafterf(f, 0.0f);
   uint32_t b;
   memcpy(&b, &f, 4);
   return b;
}

/* p[0] = mode, p[1] = round (0 rtz, 1 rte) */
static const struct agx_sim_insn *
x_convert(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t a[AGX_SIM_LANES];
   uint64_t r[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], a))
      return NULL;
   bool f16src = agx_sim_opnd_bits(&I->s[0]) == 16;
   bool dst16 = I->d.kind == AGX_SIM_O_R16;
   bool rtz = I->p[1] == 0;
   unsigned mode = I->p[0];
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      uint32_t v = a[l];
      double x;
      switch (mode) {
      case 0:
         x = (double)(v & 0xFF);
         break;
      case 1:
         x = (double)(int8_t)(v & 0xFF);
         break;
      case 6:
         x = (double)(v & 0xFFFF);
         break;
      case 7:
         x = (double)(int16_t)(v & 0xFFFF);
         break;
      case 10:
         x = (double)v;
         break;
      case 11:
         x = (double)(int32_t)v;
         break;
      default: {
         /* float to integer */
         double f = f16src ? agx_sim_f16_in((uint16_t)v) : agx_sim_f32_in(v);
         f = rtz ? trunc(f) : nearbyint(f);
         double lo, hi;
         switch (mode) {
         case 4:
            lo = 0;
            hi = 65535;
            break;
         case 5:
            lo = -32768;
            hi = 32767;
            break;
         case 8:
            lo = 0;
            hi = 4294967295.0;
            break;
         default:
            lo = -2147483648.0;
            hi = 2147483647.0;
            break;
         }
         if (f != f)
            f = 0;
         f = f < lo ? lo : f > hi ? hi : f;
         r[l] = (uint64_t)(int64_t)f;
         continue;
      }
      }
      r[l] = round_to(x, dst16, rtz);
   }
   if (!agx_sim_dst(w, sg, I, r))
      return NULL;
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_float(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   unsigned nsrc;
   switch (in->op) {
   case AGX_OP_FMADD32:
   case AGX_OP_FMADD16:
      I->p[1] = F_FMA;
      nsrc = 3;
      break;
   case AGX_OP_FADD32:
   case AGX_OP_FADD16:
      I->p[1] = F_ADD;
      nsrc = 2;
      break;
   case AGX_OP_FMUL32:
   case AGX_OP_FMUL16:
      I->p[1] = F_MUL;
      nsrc = 2;
      break;
   case AGX_OP_CONVERT: {
      static const bool valid[16] = {[0] = 1, [1] = 1, [4] = 1, [5] = 1,  [6] = 1,
                                     [7] = 1, [8] = 1, [9] = 1, [10] = 1, [11] = 1};
      agx_sim_opnd_from_isa(in, 1, &I->d);
      agx_sim_opnd_from_isa(in, 2, &I->s[0]);
      I->p[0] = (uint32_t)agx_sim_field(in, "mode");
      I->p[1] = (uint32_t)agx_sim_field(in, "round");
      if (I->p[0] >= 16 || !valid[I->p[0]])
         return false;
      I->exec = x_convert;
      return true;
   }
   default: {
      static const struct {
         uint16_t op;
         uint8_t u;
      } un[] = {
         {AGX_OP_FLOOR, U_FLOOR},
         {AGX_OP_CEIL, U_CEIL},
         {AGX_OP_TRUNC, U_TRUNC},
         {AGX_OP_RINT, U_RINT},
         {AGX_OP_RCP, U_RCP},
         {AGX_OP_RSQRT, U_RSQRT},
         {AGX_OP_RSQRT_SPECIAL, U_RSQRT_SPECIAL},
         {AGX_OP_LOG2, U_LOG2},
         {AGX_OP_EXP2, U_EXP2},
         {AGX_OP_DFDX, U_DFDX},
         {AGX_OP_DFDY, U_DFDY},
      };
      for (unsigned i = 0; i < sizeof(un) / sizeof(un[0]); i++) {
         if (un[i].op == in->op) {
            agx_sim_opnd_from_isa(in, 0, &I->d);
            agx_sim_opnd_from_isa(in, 1, &I->s[0]);
            I->p[0] = (uint32_t)agx_sim_field(in, "S");
            I->p[1] = un[i].u;
            I->exec = x_funary;
            return true;
         }
      }
      return false;
   }
   }
   agx_sim_opnd_from_isa(in, 0, &I->d);
   for (unsigned i = 0; i < nsrc; i++)
      agx_sim_opnd_from_isa(in, 1 + i, &I->s[i]);
   I->p[0] = (uint32_t)agx_sim_field(in, "S");
   I->p[2] = in->op == AGX_OP_FMADD16 || in->op == AGX_OP_FADD16 || in->op == AGX_OP_FMUL16;
   I->exec = x_farith;
   if (!I->p[0] && !I->p[2] && I->p[1] != F_FMA && I->d.kind == AGX_SIM_O_R32 &&
       (I->s[0].kind == AGX_SIM_O_R32 || I->s[0].kind == AGX_SIM_O_U32) &&
       (I->s[1].kind == AGX_SIM_O_R32 || I->s[1].kind == AGX_SIM_O_U32))
      I->exec = x_farith32;
   return true;
}
