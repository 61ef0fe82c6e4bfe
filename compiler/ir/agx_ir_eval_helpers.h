/* Scalar helpers used by the generated evaluator (agx_ir_opcodes.c): bit-size
 * aware masking, sign extension, float packing (including IEEE half) and the
 * integer operations whose C expressions would otherwise be undefined.
 * Assumes values are carried as raw bit patterns in the low bits of uint64_t. */
#pragma once
#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t
agx_mask(uint64_t v, unsigned bits)
{
   return bits >= 64 ? v : (v & ((UINT64_C(1) << bits) - 1));
}

static inline int64_t
agx_sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   if (bits == 1)
      return (int64_t)(v & 1); /* booleans are 0/1, never -1 */
   uint64_t m = UINT64_C(1) << (bits - 1);
   v = agx_mask(v, bits);
   return (int64_t)((v ^ m) - m);
}

static inline float
agx_half_to_float(uint16_t h)
{
   unsigned s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
   float v;
   if (e == 0)
      v = ldexpf((float)m, -24);
   else if (e == 31)
      v = m ? NAN : INFINITY;
   else
      v = ldexpf((float)(m | 0x400), (int)e - 25);
   return s ? -v : v;
}

/* Round-to-nearest-even conversion from float to IEEE half. */
static inline uint16_t
agx_float_to_half(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   uint16_t sign = (x >> 16) & 0x8000;
   int e = (int)((x >> 23) & 0xff);
   uint32_t m = x & 0x7fffff;
   if (e == 255)
      return sign | 0x7c00 | (m ? 0x200 : 0);
   int he = e - 127 + 15;
   if (he >= 31)
      return sign | 0x7c00;
   if (he <= 0) {
      if (he < -10)
         return sign;
      m |= 0x800000;
      unsigned shift = (unsigned)(14 - he);
      uint32_t r = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
      if (rem > half || (rem == half && (r & 1)))
         r++;
      return sign | (uint16_t)r;
   }
   uint32_t r = ((uint32_t)he << 10) | (m >> 13), rem = m & 0x1fff;
   if (rem > 0x1000 || (rem == 0x1000 && (r & 1)))
      r++; /* may carry into the exponent, which is the correct result */
   return sign | (uint16_t)r;
}

static inline double
agx_to_double(uint64_t v, unsigned bits)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &v, 8);
      return d;
   } else if (bits == 32) {
      /* fp32 denormals are zero to the ALU (it flushes them, keeping the
       * sign), so they are to folding and the interpreter too */
      uint32_t u = (uint32_t)v;
      if ((u & 0x7f800000u) == 0)
         u &= 0x80000000u;
      float f;
      memcpy(&f, &u, 4);
      return f;
   } else if (bits == 16) {
      return agx_half_to_float((uint16_t)v);
   }
   return 0.0;
}

static inline uint64_t
agx_from_double(double d, unsigned bits)
{
   if (bits == 64) {
      uint64_t v;
      memcpy(&v, &d, 8);
      return v;
   } else if (bits == 32) {
      /* results below the smallest normal flush to a signed zero */
      float f = fabs(d) < 0x1p-126 ? (signbit(d) ? -0.0f : 0.0f) : (float)d;
      uint32_t u;
      memcpy(&u, &f, 4);
      return u;
   } else if (bits == 16) {
      return agx_float_to_half((float)d);
   }
   return 0;
}

static inline uint64_t
agx_sc_umul_high(uint64_t a, uint64_t b, unsigned bits)
{
   if (bits == 64)
      return (uint64_t)(((unsigned __int128)a * b) >> 64);
   return (a * b) >> bits;
}

static inline uint64_t
agx_sc_imul_high(int64_t a, int64_t b, unsigned bits)
{
   if (bits == 64)
      return (uint64_t)(((__int128)a * b) >> 64);
   return (uint64_t)((a * b) >> bits);
}

/* Signed division with x/0 = 0 and INT_MIN/-1 = INT_MIN (wrapping). */
static inline uint64_t
agx_sc_idiv(int64_t a, int64_t b)
{
   if (b == 0)
      return 0;
   if (b == -1)
      return 0 - (uint64_t)a;
   return (uint64_t)(a / b);
}

static inline uint64_t
agx_sc_irem(int64_t a, int64_t b)
{
   if (b == 0)
      return (uint64_t)a;
   if (b == -1)
      return 0;
   return (uint64_t)(a % b);
}

static inline uint64_t
agx_sc_imod(int64_t a, int64_t b)
{
   if (b == 0)
      return (uint64_t)a;
   if (b == -1)
      return 0;
   int64_t r = a % b;
   if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
   return (uint64_t)r;
}

static inline uint64_t
agx_sc_bit_reverse(uint64_t a, unsigned bits)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < bits; i++)
      if (a & (UINT64_C(1) << i))
         r |= UINT64_C(1) << (bits - 1 - i);
   return r;
}

static inline uint64_t
agx_sc_field_mask(uint64_t count)
{
   return count >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << count) - 1);
}

static inline uint64_t
agx_sc_ubfe(uint64_t base, uint64_t off, uint64_t count, unsigned bits)
{
   off &= 0xff;
   count &= 0xff;
   if (count == 0 || off >= bits)
      return 0;
   return (base >> off) & agx_sc_field_mask(count);
}

static inline uint64_t
agx_sc_ibfe(uint64_t base, uint64_t off, uint64_t count, unsigned bits)
{
   off &= 0xff;
   count &= 0xff;
   if (count == 0 || off >= bits)
      return 0;
   uint64_t v = (base >> off) & agx_sc_field_mask(count);
   if (count >= 64)
      return v;
   /* not agx_sext: its 1-bit case is for booleans, a 1-bit field of 1 is -1 */
   uint64_t sign = UINT64_C(1) << (count - 1);
   return (v ^ sign) - sign;
}

static inline uint64_t
agx_sc_bfi(uint64_t base, uint64_t ins, uint64_t off, uint64_t count, unsigned bits)
{
   off &= 0xff;
   count &= 0xff;
   if (count == 0 || off >= bits)
      return base;
   uint64_t m = agx_sc_field_mask(count) << off;
   return (base & ~m) | ((ins << off) & m);
}

static inline uint64_t
agx_sc_ifind_msb(int64_t a)
{
   uint64_t u = a < 0 ? ~(uint64_t)a : (uint64_t)a;
   return u ? (uint64_t)(63 - __builtin_clzll(u)) : (uint64_t)-1;
}

static inline double
agx_sc_ffma(double a, double b, double c, unsigned bits)
{
   if (bits == 32)
      return fmaf((float)a, (float)b, (float)c);
   return fma(a, b, c);
}

/* Float to integer conversions saturate; NaN converts to 0. */
static inline uint64_t
agx_sc_f2i(double f, unsigned bits)
{
   if (isnan(f))
      return 0;
   double lim = ldexp(1.0, (int)bits - 1);
   if (f >= lim)
      return (UINT64_C(1) << (bits - 1)) - 1;
   if (f < -lim)
      return UINT64_C(1) << (bits - 1);
   return (uint64_t)(int64_t)f;
}

static inline uint64_t
agx_sc_f2u(double f, unsigned bits)
{
   if (isnan(f) || f <= 0)
      return 0;
   double lim = ldexp(1.0, (int)bits);
   if (f >= lim)
      return agx_sc_field_mask(bits);
   return (uint64_t)f;
}
