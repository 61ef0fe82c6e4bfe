/*
 * Floating-point rounding rules of the AGX ALU.
 *
 * Assumes (applegpu's hardware-validated model): 32-bit float inputs are
 * flushed to zero (keeping the sign), 16-bit inputs are not; arithmetic is
 * computed exactly and rounded once; 32-bit results whose unrounded
 * magnitude is below 2^-126 are flushed to signed zero, 16-bit results keep
 * denormals; any NaN result is the default quiet NaN (0x7FC00000 /
 * 0x7E00); saturation maps NaN and negative values (including -0) to +0
 * and clamps at 1.0. Values travel as doubles, which hold every f16/f32
 * value and every product of two of them exactly; sums are made exact
 * enough by rounding to odd, so the final RNE rounding equals a single
 * rounding of the exact result.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "agx_sim_gpu.h"

double
agx_sim_f32_in(uint32_t bits)
{
   if ((bits & 0x7F800000u) == 0)
      bits &= 0x80000000u; /* denormal -> signed zero */
   float f;
   memcpy(&f, &bits, 4);
   return (double)f;
}

double
agx_sim_f16_in(uint16_t bits)
{
   unsigned s = bits >> 15, e = (bits >> 10) & 0x1F, m = bits & 0x3FF;
   double v;
   if (e == 0x1F)
      v = m ? NAN : INFINITY;
   else if (e == 0)
      v = ldexp((double)m, -24);
   else
      v = ldexp((double)(m | 0x400), (int)e - 25);
   return s ? -v : v;
}

uint32_t
agx_sim_f32_out(double x)
{
   if (isnan(x))
      return 0x7FC00000u;
   if (fabs(x) < (double)FLT_MIN)
      return signbit(x) ? 0x80000000u : 0;
   float f = (float)x; /* RNE; overflow gives inf */
   uint32_t b;
   memcpy(&b, &f, 4);
   return b;
}

uint16_t
agx_sim_f16_out(double x)
{
   if (isnan(x))
      return 0x7E00;
   uint16_t s = signbit(x) ? 0x8000 : 0;
   double a = fabs(x);
   if (isinf(a))
      return s | 0x7C00;
   if (a == 0)
      return s;
   int e;
   frexp(a, &e);    /* a = f * 2^e, f in [0.5, 1) */
   int exp = e - 1; /* a in [2^exp, 2^(exp+1)) */
   if (exp < -14)
      exp = -14; /* denormal range: quantum 2^-24 */
   double q = ldexp(1.0, exp - 10);
   double m = nearbyint(a / q); /* exact scaling, RNE in default mode */
   double r = m * q;
   if (r >= 65520.0 || r > 65504.0)
      return s | 0x7C00;
   /* encode r */
   if (r < ldexp(1.0, -14))
      return s | (uint16_t)(r / ldexp(1.0, -24));
   int re;
   double f = frexp(r, &re);
   unsigned be = (unsigned)(re - 1 + 15);
   unsigned mant = (unsigned)((f * 2.0 - 1.0) * 1024.0);
   return s | (uint16_t)(be << 10) | (uint16_t)mant;
}

double
agx_sim_saturate(double x)
{
   if (isnan(x) || signbit(x))
      return 0.0;
   return x > 1.0 ? 1.0 : x;
}

double
agx_sim_fimm(unsigned enc)
{
   unsigned s = (enc >> 7) & 1, e = (enc >> 4) & 7, m = enc & 0xF;
   double v = e ? ldexp((double)(16 + m), (int)e - 7) : (double)m / 64.0;
   return s ? -v : v;
}
