/*
 * CPU expectations for shaders/atomics_float.comp (VK_EXT_shader_atomic_float),
 * shared by tests/compiler (IR interpreter) and tests/icd (the driver).
 * Assumes the shader's layout: In { float v[] }, Acc { total, chain, bins[8],
 * wg[16 * 8], stored[] } (std430, all floats), Out { vec4 r[] }, 64
 * invocations per workgroup, at most 16 workgroups. Every sum is of small
 * integers or halves, so it is exact in any order; the values the adds and
 * exchanges return are checked as sets (each possible prefix exactly once).
 */
#ifndef ATOMICS_FLOAT_REF_H
#define ATOMICS_FLOAT_REF_H

#include <stdio.h>
#include <stdlib.h>

#define AF_LOCAL 64
#define AF_MAX_GROUPS 16
#define AF_TOTAL 0
#define AF_CHAIN 1
#define AF_BINS 2
#define AF_WG 10
#define AF_STORED (AF_WG + AF_MAX_GROUPS * 8)

/* Floats of the Acc buffer for `groups` workgroups. */
static inline unsigned
af_acc_floats(unsigned groups)
{
   return AF_STORED + groups * AF_LOCAL;
}

/* Inputs (0..15) and the initial accumulators: zero, the chain -1. */
static inline void
af_init(float *in, float *acc, unsigned groups)
{
   for (unsigned i = 0; i < groups * AF_LOCAL; i++)
      in[i] = (float)((i * 7u + 3u) % 16u);
   for (unsigned k = 0; k < af_acc_floats(groups); k++)
      acc[k] = 0.0f;
   acc[AF_CHAIN] = -1.0f;
}

static inline unsigned
af_mismatch(unsigned *failures, const char *what, unsigned idx, float got, float want)
{
   if (got == want)
      return 0;
   if ((*failures)++ < 20)
      fprintf(stderr, "%s[%u]: got %g, expected %g\n", what, idx, got, want);
   return 1;
}

/* Marks value index k (0 <= k < n) as returned; a value outside the set or
 * returned twice is a failure. */
static inline void
af_mark(unsigned *failures, const char *what, unsigned idx, float v, float step, float base,
        unsigned n, unsigned char *seen)
{
   float q = (v - base) / step;
   unsigned k = (unsigned)q;
   if (q < 0.0f || q != (float)k || k >= n || seen[k]++) {
      if ((*failures)++ < 20)
         fprintf(stderr, "%s[%u]: returned %g, not a new value of %g + %g * k, k < %u\n", what, idx,
                 v, base, step, n);
   }
}

/* Number of mismatches (the first 20 are printed). */
static inline unsigned
af_check(const float *in, const float *acc, const float *out, unsigned groups)
{
   unsigned n = groups * AF_LOCAL, failures = 0;
   unsigned char *seen = calloc(n + 1, 1);
   float total = 0.0f;
   for (unsigned i = 0; i < n; i++)
      total += in[i];
   af_mismatch(&failures, "buffer total", 0, acc[AF_TOTAL], total);
   for (unsigned b = 0; b < 8; b++) {
      float w = (float)(b + 1);
      af_mismatch(&failures, "buffer bin", b, acc[AF_BINS + b], w * (float)(n / 8));
      for (unsigned k = 0; k <= n; k++)
         seen[k] = 0;
      for (unsigned i = b; i < n; i += 8)
         af_mark(&failures, "buffer bin add", i, out[4 * i], w, 0.0f, n / 8, seen);
   }
   /* exchanges: the returned values and the final one are -1 and every i once */
   for (unsigned k = 0; k <= n; k++)
      seen[k] = 0;
   for (unsigned i = 0; i < n; i++)
      af_mark(&failures, "buffer exchange", i, out[4 * i + 1], 1.0f, -1.0f, n + 1, seen);
   af_mark(&failures, "buffer exchange final", 0, acc[AF_CHAIN], 1.0f, -1.0f, n + 1, seen);
   for (unsigned g = 0; g < groups; g++) {
      float sum = 0.0f;
      for (unsigned l = 0; l < AF_LOCAL; l++)
         sum += in[g * AF_LOCAL + l];
      af_mismatch(&failures, "shared sum (exchange result)", g, acc[AF_WG + 8 * g], sum);
      af_mismatch(&failures, "shared value after exchange", g, acc[AF_WG + 8 * g + 1], -1.0f);
      for (unsigned b = 0; b < 4; b++) {
         af_mismatch(&failures, "shared bin", 4 * g + b, acc[AF_WG + 8 * g + 2 + b],
                     0.5f * (AF_LOCAL / 4));
         for (unsigned k = 0; k <= n; k++)
            seen[k] = 0;
         for (unsigned l = b; l < AF_LOCAL; l += 4)
            af_mark(&failures, "shared bin add", g * AF_LOCAL + l, out[4 * (g * AF_LOCAL + l) + 2],
                    0.5f, 0.0f, AF_LOCAL / 4, seen);
      }
   }
   for (unsigned i = 0; i < n; i++) {
      af_mismatch(&failures, "atomic load", i, out[4 * i + 3], in[i]);
      af_mismatch(&failures, "atomic store", i, acc[AF_STORED + i], (float)i * 0.25f + in[i]);
   }
   free(seen);
   return failures;
}

#endif
