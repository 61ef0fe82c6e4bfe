/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * 16.16 fixed-point subdivision of one axis (an edge or an inner direction) of a patch, as the
 * D3D11 tessellator defines it: half the level is placed on each side of the middle, each half
 * blends the point locations of the neighbouring whole segment counts by the level's
 * fraction, and points past the middle mirror those before it (1 - x) so an edge gives the
 * same points from either end.
 * Assumes: included by tessellator.cl only (C11 or OpenCL C), after agx_tess.h; levels are
 * already clamped into [1, 64] and converted with agx_tess_to_fixed.
 */
#ifndef AGX_TESS_AXIS_H
#define AGX_TESS_AXIS_H

#ifdef __OPENCL_C_VERSION__
#define AGX_BITS(f) as_uint(f)
#else
#include <string.h>
static inline uint32_t
agx_tess_float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}
#define AGX_BITS(f) agx_tess_float_bits(f)
#endif

#define FX_ONE 0x10000u
#define FX_HALF 0x8000u
#define FX_ONE_THIRD 0x5555u  /* triangle centre */
#define FX_TWO_THIRDS 0xaaaau /* scale from edge distance to barycentric distance */

/* One subdivided axis (an edge or an inner direction) after level processing. */
struct agx_tess_axis {
   int32_t odd;         /* parity of the subdivision */
   int32_t points;      /* points along the axis, both ends included */
   int32_t half_points; /* points on each half before the middle */
   int32_t split;       /* last index that is shared by the floor and the ceiling layouts */
   uint32_t frac;       /* blend weight of the ceiling layout, 0.16 */
   uint32_t inv_floor;  /* 1 / segments of the floor layout, 0.16 */
   uint32_t inv_ceil;   /* 1 / segments of the ceiling layout, 0.16 */
};

/* ---- 16.16 helpers ---------------------------------------------------------------------- */

/* Float level (already clamped into [1, 64]) to 16.16, rounding to nearest even. */
static uint32_t
agx_tess_to_fixed(float f)
{
   uint32_t bits = AGX_BITS(f);
   int32_t exp = (int32_t)((bits >> 23) & 0xff) - 127;
   uint32_t mant = (bits & 0x7fffffu) | 0x800000u;
   if (exp < -17)
      return 0;
   if (exp > 14)
      return 0x7fffffffu;
   int32_t drop = 7 - exp; /* mantissa has 23 fraction bits, we keep 16 */
   if (drop <= 0)
      return mant << -drop;
   uint32_t lsb = 1u << drop, tie = lsb >> 1;
   if ((mant & lsb) || (mant & (lsb - 1)) > tie)
      mant += tie;
   return mant >> drop;
}

static uint32_t
agx_tess_fx_floor(uint32_t x)
{
   return x & 0x7fff0000u;
}

static uint32_t
agx_tess_fx_ceil(uint32_t x)
{
   return (x & 0xffffu) ? agx_tess_fx_floor(x) + FX_ONE : x;
}

/* Round-to-nearest 1/n in 0.16 for 1 <= n <= 64. */
static uint32_t
agx_tess_reciprocal(int32_t n)
{
   return (2u * FX_ONE + (uint32_t)n) / (2u * (uint32_t)n);
}

static int32_t
agx_tess_clear_top_bit(int32_t v)
{
   uint32_t m = (uint32_t)v;
   m |= m >> 1;
   m |= m >> 2;
   m |= m >> 4;
   m |= m >> 8;
   m |= m >> 16;
   return (int32_t)((uint32_t)v & ~(m ^ (m >> 1)));
}

/* ---- one axis --------------------------------------------------------------------------- */

static struct agx_tess_axis
agx_tess_make_axis(uint32_t level, int32_t odd)
{
   struct agx_tess_axis a;
   uint32_t halfway = (level + 1) >> 1; /* half the level, 16.16 */
   a.odd = odd;
   /* Odd layouts are centred on a segment; a level of one with even parity behaves as two. */
   if (odd || halfway == FX_HALF)
      halfway += FX_HALF;
   uint32_t lo = agx_tess_fx_floor(halfway), hi = agx_tess_fx_ceil(halfway);
   a.frac = halfway - lo;
   a.half_points = (int32_t)(hi >> 16);
   if (lo == hi)
      a.split = a.half_points + 1; /* no fractional part: nothing to blend */
   else if (odd)
      a.split = lo == FX_ONE ? 0 : (agx_tess_clear_top_bit((int32_t)(lo >> 16) - 1) << 1) + 1;
   else
      a.split = (agx_tess_clear_top_bit((int32_t)(lo >> 16)) << 1) + 1;
   a.inv_floor = agx_tess_reciprocal((int32_t)(lo >> 15) - odd);
   a.inv_ceil = agx_tess_reciprocal((int32_t)(hi >> 15) - odd);
   if (odd)
      a.points = (int32_t)(agx_tess_fx_ceil(FX_HALF + ((level + 1) >> 1)) >> 15);
   else
      a.points = (int32_t)(agx_tess_fx_ceil((level + 1) >> 1) >> 15) + 1;
   return a;
}

/* Location (16.16) of point k along the axis, 0 <= k < points. */
static uint32_t
agx_tess_place(const struct agx_tess_axis *a, int32_t k)
{
   int32_t mirrored = k >= a->half_points;
   if (mirrored)
      k = 2 * a->half_points - k - a->odd;
   if (k == a->half_points)
      return FX_HALF;
   int32_t k_floor = k > a->split ? k - 1 : k;
   uint32_t on_floor = (uint32_t)k_floor * a->inv_floor;
   uint32_t on_ceil = (uint32_t)k * a->inv_ceil;
   uint32_t x = (on_floor * (FX_ONE - a->frac) + on_ceil * a->frac + FX_HALF) >> 16;
   return mirrored ? FX_ONE - x : x;
}

#endif
