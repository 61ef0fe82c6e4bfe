/* End-to-end tests: GLSL compute shaders (compiled by glslangValidator at
 * build time) go through the SPIR-V front end in three pipelines (raw,
 * optimised, optimised + lowered) and run on the IR interpreter with random
 * inputs; every output is compared with a C reference implementation.
 * A TEST_NAME ending in _opt runs the same test on the module after
 * spirv-opt -O (phis, one-trip switches, CSE'd values across constructs).
 * Usage: test_compiler_shaders SPV_DIR TEST_NAME */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_builder.h"
#include "atomics_float_ref.h"
#include "cfg_shapes_model.h"
#include "const_table_ref.h"
#include "harness.h"

static int32_t
smod(int32_t a, int32_t b)
{
   int32_t r = (int32_t)((int64_t)a % b);
   if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
   return r;
}

static uint32_t
u(int32_t v)
{
   return (uint32_t)v;
}

static uint32_t
bitrev32(uint32_t v)
{
   uint32_t r = 0;
   for (int i = 0; i < 32; i++)
      if (v & (1u << i))
         r |= 1u << (31 - i);
   return r;
}

static int
find_msb_s(int32_t v)
{
   uint32_t x = v < 0 ? ~(uint32_t)v : (uint32_t)v;
   return x ? 31 - __builtin_clz(x) : -1;
}

/* --- arith ----------------------------------------------------------------- */

static void
test_arith(const char *spv)
{
   const unsigned N = 64;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, spv, (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 0x1234567 + mode;
      int32_t *a = h_buffer(&h, 0, 0, 0, N * 4), *b = h_buffer(&h, 0, 1, 0, N * 4);
      float *f = h_buffer(&h, 0, 2, 0, N * 4);
      int32_t *oi = h_buffer(&h, 0, 3, 0, N * 24 * 4);
      float *of = h_buffer(&h, 0, 4, 0, N * 12 * 4);
      for (unsigned i = 0; i < N; i++) {
         a[i] = (int32_t)(h_rand(&seed) % 2000001) - 1000000;
         b[i] = (int32_t)(h_rand(&seed) % 2001) - 1000;
         if (i % 7 == 0)
            b[i] = 0;
         if (i % 5 == 0)
            a[i] = (int32_t)h_rand(&seed) >> 2;
         f[i] = ((float)(h_rand(&seed) % 200001) - 100000.0f) / 97.0f;
      }
      if (h_run(&h, N / 32, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            int32_t A = a[i], B = b[i], bz = B == 0 ? 1 : B;
            uint32_t ua = u(A), ub = u(B);
            float F = f[i];
            uint32_t want[24] = {
               ua + ub,
               ua - ub,
               ua * ub,
               u(A / bz),
               u(smod(A, bz)),
               ua / u(bz),
               ua % u(bz),
               u(A >> (B & 31)),
               ua >> (ub & 31),
               ua << (B & 31),
               (ua & ub) ^ (ua | ~ub),
               u(A < B ? A : B) * 3 + u(A > B ? A : B),
               (ua < ub ? ua : ub) ^ (ua > ub ? ua : ub),
               u(abs(A) + (B > 0) - (B < 0)),
               (A < B ? 1u : 0) | (ua < ub ? 2u : 0) | (A >= B ? 4u : 0) | (A == B ? 8u : 0),
               u((int32_t)F),
               (uint32_t)fabsf(F),
               u(__builtin_popcount(ua) + find_msb_s(A) * 64 +
                 (ub ? __builtin_ctz(ub) : -1) * 4096),
               bitrev32(ua),
               u((int32_t)(((int32_t)(ua << (32 - 12))) >> (32 - 9)) + (int32_t)((ua >> 5) & 0x7f)),
               (ua & ~0xff0u) | ((ub << 4) & 0xff0u),
               u(A < -1000 ? -1000 : (A > 1000 ? 1000 : A)),
               0,
               (F < 0.5f ? 1u : 0) | (F >= -0.25f ? 2u : 0) | (isnan(F / 0.0f) ? 4u : 0),
            };
            uint32_t fb;
            memcpy(&fb, &F, 4);
            want[22] = fb ^ 0x5a5a;
            for (unsigned k = 0; k < 24; k++)
               h_check_u32("arith int", i * 24 + k, u(oi[i * 24 + k]), want[k]);
            float fw[12] = {
               F * 2.5f + 1.0f,
               F / 3.0f - (float)A * 0.5f,
               sqrtf(fabsf(F)),
               floorf(F) + ceilf(F) * 10.0f,
               F - floorf(F),
               (float)A + (float)ua * 0.125f,
               fminf(fmaxf(F, -1.0f), 2.0f),
               F + ((float)B - F) * 0.25f,
               fminf(F, 0.5f) + fmaxf(F, -0.5f),
               fabsf(F) * (float)((F > 0) - (F < 0)),
               truncf(F) + nearbyintf(F) * 100.0f,
               -F + 1.0f,
            };
            for (unsigned k = 0; k < 12; k++)
               h_check_f32("arith float", i * 12 + k, of[i * 12 + k], fw[k], 1e-6f);
         }
      }
      h_finish(&h);
   }
}

/* --- control flow ------------------------------------------------------------ */

static void
control_ref(uint32_t x, uint32_t out[4])
{
   if (x == 0) {
      out[0] = 0xdead;
      return;
   }
   uint32_t n = x, steps = 0;
   while (n != 1) {
      if (steps >= 200)
         break;
      if ((n & 1) == 0) {
         n /= 2;
         continue;
      }
      n = 3 * n + 1;
      steps++;
   }
   out[0] = steps;
   uint32_t s = 0;
   for (uint32_t a = 0; a < (x % 7) + 1; a++) {
      for (uint32_t b = 0; b < 10; b++) {
         if (b == a + 2)
            break;
         if (((a + b) & 1) == 1)
            continue;
         s += a * 10 + b;
      }
      if (s > 1000)
         break;
   }
   out[1] = s;
   uint32_t k = 0, acc = x;
   do {
      acc = acc * 1103515245u + 12345u;
      k++;
   } while ((acc >> 28) != (x & 15) && k < 50);
   out[2] = k;
   out[3] = x < 100 ? x * 2 : (x < 1000 ? x + 7 : x ^ 0xff);
}

static void
test_control(void)
{
   const unsigned N = 64;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "control", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 99 + mode;
      uint32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *out = h_buffer(&h, 0, 1, 0, N * 16);
      for (unsigned i = 0; i < N; i++)
         in[i] = i % 9 == 0 ? 0 : (i % 3 ? h_rand(&seed) % 5000 : h_rand(&seed));
      if (h_run(&h, N / 16, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            uint32_t want[4] = {0, 0, 0, 0};
            control_ref(in[i], want);
            for (unsigned k = 0; k < 4; k++)
               h_check_u32("control", i * 4 + k, out[i * 4 + k], want[k]);
         }
      }
      h_finish(&h);
   }
}

/* --- shared memory --------------------------------------------------------------- */

static void
test_shared(void)
{
   const unsigned G = 3, N = 64 * G;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "shared", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 7 + mode;
      uint32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *sums = h_buffer(&h, 0, 1, 0, G * 4);
      uint32_t *rev = h_buffer(&h, 0, 2, 0, N * 4);
      for (unsigned i = 0; i < N; i++)
         in[i] = h_rand(&seed);
      if (h_run(&h, G, 1, 1)) {
         for (unsigned g = 0; g < G; g++) {
            uint32_t s = 0;
            for (unsigned l = 0; l < 64; l++) {
               s += in[g * 64 + l];
               h_check_u32("shared rev", g * 64 + l, rev[g * 64 + l], in[g * 64 + 63 - l] * 3);
            }
            h_check_u32("shared sum", g, sums[g], s);
         }
      }
      h_finish(&h);
   }
}

/* --- const_table ------------------------------------------------------------------ */

/* Constant arrays indexed dynamically (glslang copies them into Function variables): the
 * front end puts them in the constant data once each, so the shader needs no threadgroup
 * or scratch memory for them. */
static void
test_const_table(void)
{
   const unsigned G = 2, N = 64 * G;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "const_table", (enum h_mode)mode, NULL))
         continue;
      h_check_u32("const_table shared bytes", 0, h.s->cs.shared_size, 0);
      h_check_u32("const_table scratch bytes", 0, h.s->scratch_size, 0);
      h_check_u32("const_table constant bytes", 0, h.s->const_data_size, CONST_TABLE_DATA_SIZE);
      uint64_t seed = 11 + mode;
      uint32_t *idx = h_buffer(&h, 0, 0, 0, N * 4), *val = h_buffer(&h, 0, 1, 0, N * 16);
      for (unsigned i = 0; i < N; i++)
         idx[i] = h_rand(&seed);
      if (h_run(&h, G, 1, 1))
         for (unsigned i = 0; i < N; i++)
            for (unsigned w = 0; w < 4; w++)
               h_check_u32("const_table", 4 * i + w, val[4 * i + w], const_table_ref(idx[i], w));
      h_finish(&h);
   }
}

/* --- atomics ---------------------------------------------------------------------- */

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

static void
test_atomics(void)
{
   const unsigned N = 96;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "atomics", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 31 + mode;
      uint32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *cnt = h_buffer(&h, 0, 1, 0, 22 * 4);
      uint32_t *slots = h_buffer(&h, 0, 2, 0, N * 4);
      cnt[2] = 0xffffffffu;
      cnt[4] = 0x7fffffff;
      for (unsigned i = 0; i < N; i++)
         in[i] = h_rand(&seed) % 300000;
      if (h_run(&h, N / 32, 1, 1)) {
         uint32_t mx = 0, mn = ~0u, orv = 0, low = 0, hist[16] = {0};
         int32_t smin = 0x7fffffff;
         for (unsigned i = 0; i < N; i++) {
            mx = in[i] > mx ? in[i] : mx;
            mn = in[i] < mn ? in[i] : mn;
            orv |= 1u << (in[i] & 31);
            low += in[i] & 0xff;
            hist[in[i] & 15]++;
            int32_t sv = (int32_t)in[i] - 100000;
            smin = sv < smin ? sv : smin;
         }
         h_check_u32("atomic add", 0, cnt[0], N);
         h_check_u32("atomic max", 0, cnt[1], mx);
         h_check_u32("atomic min", 0, cnt[2], mn);
         h_check_u32("atomic or", 0, cnt[3], orv);
         h_check_u32("atomic smin", 0, cnt[4], (uint32_t)smin);
         h_check_u32("atomic shared xchg sum", 0, cnt[5], low);
         for (unsigned k = 0; k < 16; k++)
            h_check_u32("atomic hist", k, cnt[6 + k], hist[k]);
         uint32_t *a = malloc(N * 4), *b = malloc(N * 4);
         memcpy(a, in, N * 4);
         memcpy(b, slots, N * 4);
         qsort(a, N, 4, cmp_u32);
         qsort(b, N, 4, cmp_u32);
         for (unsigned i = 0; i < N; i++)
            h_check_u32("atomic slots", i, b[i], a[i]);
         free(a);
         free(b);
      }
      h_finish(&h);
   }
}

/* VK_EXT_shader_atomic_float (shaders/atomics_float.comp): the AGX has no
 * float atomic opcode, so each of the four atomicAdds is a compare-exchange
 * loop (two on buffers, two on shared memory), each around one fadd; the
 * exchanges stay native xchg. Results against atomics_float_ref.h. */
static void
test_atomics_float(void)
{
   const unsigned groups = 3, n = groups * AF_LOCAL;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "atomics_float", (enum h_mode)mode, NULL))
         continue;
      H_CHECK(h_count_ops(h.s, AGX_OP_ATOMIC_GLOBAL_CMPXCHG) == 2, "mode %d: %u global cmpxchg",
              mode, h_count_ops(h.s, AGX_OP_ATOMIC_GLOBAL_CMPXCHG));
      H_CHECK(h_count_ops(h.s, AGX_OP_ATOMIC_SHARED_CMPXCHG) == 2, "mode %d: %u shared cmpxchg",
              mode, h_count_ops(h.s, AGX_OP_ATOMIC_SHARED_CMPXCHG));
      H_CHECK(h_count_ops(h.s, AGX_OP_ATOMIC_GLOBAL) == 1 &&
                 h_count_ops(h.s, AGX_OP_ATOMIC_SHARED) == 1,
              "mode %d: one native exchange each on buffer and shared memory", mode);
      H_CHECK(h_count_ops(h.s, AGX_OP_BREAK) >= 4, "mode %d: a loop exit per float add", mode);
      float *in = h_buffer(&h, 0, 0, 0, n * 4),
            *acc = h_buffer(&h, 0, 1, 0, af_acc_floats(groups) * 4);
      float *out = h_buffer(&h, 0, 2, 0, n * 16);
      af_init(in, acc, groups);
      if (h_run(&h, groups, 1, 1)) {
         unsigned bad = af_check(in, acc, out, groups);
         H_CHECK(bad == 0, "mode %d: %u float atomic mismatches", mode, bad);
      }
      h_finish(&h);
   }
}

/* --- structs, arrays, matrices ----------------------------------------------------- */

static void
test_structs(const char *spv)
{
   const unsigned N = 16;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, spv, (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 5 + mode;
      uint8_t *ubo = h_buffer(&h, 0, 0, 0, 144);
      uint8_t *items = h_buffer(&h, 0, 1, 0, N * 48);
      float *dst = h_buffer(&h, 0, 2, 0, N * 3 * 16);
      uint8_t *rm = h_buffer(&h, 0, 3, 0, 80);
      float xf[16], bias[3], scale = 0.75f, table[4];
      for (int k = 0; k < 16; k++)
         xf[k] = (float)(h_rand(&seed) % 100) / 10.0f - 5.0f;
      for (int k = 0; k < 3; k++)
         bias[k] = (float)(h_rand(&seed) % 10);
      for (int k = 0; k < 4; k++)
         table[k] = (float)k * 1.5f + 0.25f;
      memcpy(ubo, xf, 64);
      memcpy(ubo + 64, bias, 12);
      memcpy(ubo + 76, &scale, 4);
      for (int k = 0; k < 4; k++)
         memcpy(ubo + 80 + 16 * k, &table[k], 4);
      for (unsigned i = 0; i < N; i++) {
         float v[8];
         int32_t ids[3];
         for (int k = 0; k < 8; k++)
            v[k] = (float)(h_rand(&seed) % 1000) / 100.0f - 5.0f;
         for (int k = 0; k < 3; k++)
            ids[k] = (int32_t)(h_rand(&seed) % 41) - 20;
         memcpy(items + i * 48, v, 16);          /* pos + w */
         memcpy(items + i * 48 + 16, v + 4, 16); /* mat2: columns 8 bytes apart */
         memcpy(items + i * 48 + 32, ids, 12);
      }
      float m3[9], inv[3];
      for (int k = 0; k < 9; k++)
         m3[k] = (float)(k + 1) * 0.5f; /* m3[r*3+c] = M[r][c] */
      for (int r = 0; r < 3; r++)
         memcpy(rm + r * 16, &m3[r * 3], 12);
      inv[0] = 1.0f, inv[1] = -2.0f, inv[2] = 0.5f;
      memcpy(rm + 48, inv, 12);
      if (h_run(&h, N / 8, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            float pos[3], w, m[4];
            int32_t ids[3];
            memcpy(pos, items + i * 48, 12);
            memcpy(&w, items + i * 48 + 12, 4);
            memcpy(m, items + i * 48 + 16, 16);
            memcpy(ids, items + i * 48 + 32, 12);
            float in4[4] = {pos[0], pos[1], pos[2], 1.0f}, p[4];
            for (int r = 0; r < 4; r++) {
               p[r] = 0;
               for (int c = 0; c < 4; c++)
                  p[r] += xf[c * 4 + r] * in4[c];
            }
            for (int r = 0; r < 3; r++)
               p[r] += bias[r];
            for (int r = 0; r < 4; r++)
               p[r] *= scale;
            float q[2] = {m[0] * w + m[2], m[1] * w + m[3]};
            int k = smod(ids[i % 3], 5);
            if (k < 0)
               k = -k;
            float want[12] = {p[0],
                              p[1],
                              p[2],
                              p[3],
                              q[0],
                              q[1],
                              (float)(k * k) + w,
                              table[i % 4],
                              1.0f + (float)(ids[0] + ids[1] + ids[2]),
                              2.0f + (float)i + (float)(ids[0] + ids[1] + ids[2]),
                              3.0f + (float)(ids[0] + ids[1] + ids[2]),
                              4.0f + (float)(ids[0] + ids[1] + ids[2])};
            for (int c = 0; c < 12; c++)
               h_check_f32("structs", i * 12 + c, dst[i * 12 + c], want[c], 1e-5f);
         }
         float outv[3];
         memcpy(outv, rm + 64, 12);
         for (int r = 0; r < 3; r++) {
            float want = 0;
            for (int c = 0; c < 3; c++)
               want += m3[r * 3 + c] * inv[c];
            h_check_f32("row-major mat3 * vec3", r, outv[r], want, 1e-6f);
         }
      }
      h_finish(&h);
   }
}

/* --- push constants and descriptor sets -------------------------------------------- */

static void
test_push_sets(void)
{
   const unsigned N = 48;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      for (uint32_t which = 0; which < 2; which++) {
         struct harness h;
         if (!h_compile(&h, "push_sets", (enum h_mode)mode, NULL))
            continue;
         uint64_t seed = 77 + mode;
         int32_t *a = h_buffer(&h, 0, 0, 0, N * 4);
         int32_t *b0 = h_buffer(&h, 1, 2, 0, N * 4), *b1 = h_buffer(&h, 1, 2, 1, N * 4);
         float *o = h_buffer(&h, 1, 0, 0, N * 4);
         struct {
            uint32_t count;
            int32_t bias;
            float fscale;
            uint32_t which;
         } pc = {40, -17, 0.5f, which};
         h_push(&h, &pc, sizeof(pc));
         for (unsigned i = 0; i < N; i++) {
            a[i] = (int32_t)(h_rand(&seed) % 1000) - 500;
            b0[i] = (int32_t)(h_rand(&seed) % 1000);
            b1[i] = (int32_t)(h_rand(&seed) % 1000) - 1000;
         }
         if (h_run(&h, N / 16, 1, 1)) {
            for (unsigned i = 0; i < N; i++) {
               int32_t *bw = which ? b1 : b0, *bo = which ? b0 : b1;
               float want =
                  i < pc.count ? (float)(a[i] + bw[i] * 2 + bo[i] + pc.bias) * pc.fscale : 0.0f;
               if (i == 47)
                  want = (float)(N + N * 1000); /* a.v.length() + bufs[1].v.length() * 1000 */
               h_check_f32("push/sets", i, o[i], want, 0);
            }
         }
         h_finish(&h);
      }
   }
}

/* --- function calls ------------------------------------------------------------------ */

static int32_t
ffm(int32_t x, int32_t m)
{
   for (int32_t k = 1; k < 100; k++)
      for (int32_t j = 0; j < 2; j++)
         if (smod((int32_t)((uint32_t)x * (uint32_t)k + (uint32_t)j), m) == 0)
            return k * 10 + j;
   return -1;
}

static void
accumulate(int32_t *acc, int32_t v)
{
   if (v < 0) {
      *acc -= v;
      return;
   }
   *acc += v * 2;
}

static int32_t
twice(int32_t v)
{
   int32_t r = 0;
   accumulate(&r, v);
   return r;
}

static void
test_funcs(void)
{
   const unsigned N = 32;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "funcs", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 1234 + mode;
      int32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *out = h_buffer(&h, 0, 1, 0, N * 12);
      for (unsigned i = 0; i < N; i++)
         in[i] = (int32_t)(h_rand(&seed) % 2001) - 1000;
      if (h_run(&h, N / 16, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            int32_t acc = 5;
            accumulate(&acc, in[i]);
            accumulate(&acc, -in[i]);
            h_check_u32("funcs inout", i, u(out[i * 3]), u(acc));
            h_check_u32("funcs loop return", i, u(out[i * 3 + 1]), u(ffm(in[i], 7)));
            h_check_u32("funcs nested", i, u(out[i * 3 + 2]), u(twice(twice(in[i]))));
         }
      }
      h_finish(&h);
   }
}

/* --- 64/16/8-bit types ------------------------------------------------------------------ */

static void
test_wide(void)
{
   const unsigned N = 16;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "wide", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 4242 + mode;
      uint64_t *in = h_buffer(&h, 0, 0, 0, N * 16), *o64 = h_buffer(&h, 0, 1, 0, N * 48);
      uint32_t *o32 = h_buffer(&h, 0, 2, 0, N * 16);
      double *od = h_buffer(&h, 0, 3, 0, N * 8);
      for (unsigned i = 0; i < 2 * N; i++)
         in[i] = ((uint64_t)h_rand(&seed) << 40) ^ ((uint64_t)h_rand(&seed) << 20) ^ h_rand(&seed);
      in[3] = ~UINT64_C(0);
      if (h_run(&h, N / 8, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            uint64_t a = in[2 * i], b = in[2 * i + 1], bo = b | 1;
            int64_t sa = (int64_t)a, sb = (int64_t)bo;
            uint64_t sdiv = (sb == -1) ? (uint64_t)0 - a : (uint64_t)(sa / sb);
            uint64_t want[6] = {a + b,  a * b,
                                a / bo, (a >> 7) ^ (b << 13),
                                sdiv,   (uint64_t)(int64_t)(int32_t)(uint32_t)a};
            for (int k = 0; k < 6; k++)
               h_check_u64("wide u64", i * 6 + k, o64[i * 6 + k], want[k]);
            uint16_t hh = (uint16_t)a, kk = (uint16_t)b;
            int8_t c = (int8_t)(uint8_t)(a >> 8);
            uint32_t w32[4] = {(uint16_t)((uint32_t)hh * kk + 3), (uint32_t)((int32_t)c * 3),
                               (uint32_t)(int32_t)((int16_t)hh >> 3), (uint32_t)((a & 1023) * 4)};
            for (int k = 0; k < 4; k++)
               h_check_u32("wide small", i * 4 + k, o32[i * 4 + k], w32[k]);
            double d = (double)(a & 0xfffff) / 7.0;
            h_check_f64("wide double", i, od[i], d * d + 1.0, 1e-15);
         }
      }
      h_finish(&h);
   }
}

/* --- specialisation constants -------------------------------------------------------- */

static void
run_specid(const char *spv, const struct agx_spirv_options *opts, uint32_t size, uint32_t mul,
           bool neg)
{
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, spv, (enum h_mode)mode, opts))
         continue;
      if (h.s->cs.local_size[0] != size) {
         fprintf(stderr, "  %s: local size %u, want %u\n", spv, h.s->cs.local_size[0], size);
         h_failures++;
      }
      const unsigned G = 2, N = G * size;
      int32_t *o = h_buffer(&h, 0, 0, 0, N * 4);
      if (h_run(&h, G, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            int32_t r = (int32_t)(i * mul + mul * 2 + 1) + (int32_t)size * 1000;
            h_check_u32("specid", i, u(o[i]), u(neg ? -r : r));
         }
      }
      h_finish(&h);
   }
}

static void
test_specid(const char *spv)
{
   run_specid(spv, NULL, 1, 3, false);
   struct agx_spirv_spec_value sv[3] = {{0, 32}, {1, 5}, {2, 1}};
   struct agx_spirv_options opts = {.spec = sv, .num_spec = 3};
   run_specid(spv, &opts, 32, 5, true);
}

/* --- physical storage buffers ------------------------------------------------------------ */

static void
test_psb(void)
{
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "psb", (enum h_mode)mode, NULL))
         continue;
      uint64_t nodes_addr, data_addr;
      uint8_t *nodes = h_memory(&h, 9 * 16, &nodes_addr);
      float *data = h_memory(&h, 16 * 4, &data_addr);
      for (unsigned k = 0; k < 9; k++) {
         uint32_t v = 100 + k * 7;
         uint64_t next = nodes_addr + (k + 1) * 16;
         memcpy(nodes + k * 16, &v, 4);
         memcpy(nodes + k * 16 + 8, &next, 8);
      }
      struct {
         uint64_t head, data, raw;
      } pc = {nodes_addr, data_addr, 0x123456789abcull};
      h_push(&h, &pc, sizeof(pc));
      if (h_run(&h, 1, 1, 1)) {
         for (unsigned i = 0; i < 8; i++) {
            h_check_f32("psb list", i, data[i], (float)(100 + i * 7) + (float)(pc.raw & 0xffff), 0);
            h_check_f32("psb cast", i, data[8 + i], (float)i, 0);
         }
      }
      h_finish(&h);
   }
}

/* --- switch ------------------------------------------------------------------------ */

static int32_t
classify(int32_t x)
{
   switch (x & 7) {
   case 0:
      return 100;
   case 1:
   case 2:
      x += 10;
      /* fall through */
   case 3:
      x *= 2;
      break;
   default:
      x = -x;
      break;
   case 6:
      return 600 + x;
   }
   return x;
}

static int32_t
switch_loop(int32_t x)
{
   int32_t acc = 0;
   for (int32_t k = 0; k < 8; k++) {
      int32_t s = smod(x + k, 4); /* GLSL % on int is OpSMod */
      switch (s) {
      case 0:
         continue;
      case 1:
         acc += k;
         if (acc > 20)
            break;
         acc += 1;
         /* fall through */
      case 2:
         acc += 100;
         break;
      default:
         acc -= 1;
      }
      acc *= 2;
   }
   return acc;
}

static void
test_switch(void)
{
   const unsigned N = 64;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "switch", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 555 + mode;
      int32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *out = h_buffer(&h, 0, 1, 0, N * 8);
      for (unsigned i = 0; i < N; i++)
         in[i] = (int32_t)(h_rand(&seed) % 200) - 100;
      if (h_run(&h, N / 16, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            h_check_u32("switch in loop", i, u(out[2 * i]), u(switch_loop(in[i])));
            h_check_u32("switch with returns", i, u(out[2 * i + 1]), u(classify(in[i])));
         }
      }
      h_finish(&h);
   }
}

/* --- zero-initialised workgroup memory ------------------------------------------------- */

/* Shared memory starts zeroed in the interpreter (and in the GPU model), so
 * first every invocation fills all of it with a marker and meets the others
 * at a barrier (code put in front of the compiled shader): the zero-fill
 * must then clear the initialised variables, and the control shader (no
 * initializers) must see the marker. */
static void
dirty_shared_first(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   if (!n)
      return;
   agx_builder b = agx_builder_before(s, all[0]);
   for (uint32_t off = 0; off + 4 <= s->cs.shared_size; off += 4)
      agx_intrin(&b, AGX_OP_STORE_SHARED, agx_type_make(0, 0), 2, agx_imm(&b, 32, off),
                 agx_imm(&b, 32, 0xdeadbeef), NULL, 4, 0, 0);
   agx_intrin(&b, AGX_OP_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL, 2, 2, 0x108);
}

static void
test_zero_init(void)
{
   static const char *const names[] = {"zero_init", "zero_init_control"};
   for (unsigned v = 0; v < 2; v++) {
      for (int mode = 0; mode < H_NUM_MODES; mode++) {
         struct harness h;
         if (!h_compile(&h, names[v], (enum h_mode)mode, NULL))
            continue;
         dirty_shared_first(h.s);
         uint32_t *o = h_buffer(&h, 0, 1, 0, 2 * 320 * 4);
         if (h_run(&h, 2, 1, 1)) {
            for (unsigned wg = 0; wg < 2; wg++)
               for (unsigned k = 0; k < 309; k++)
                  h_check_u32(names[v], wg * 320 + k, o[wg * 320 + k], v ? 0xdeadbeefu : 0);
         }
         h_finish(&h);
      }
   }
}

/* --- subgroups ------------------------------------------------------------------------ */

static void
test_subgroup(void)
{
   const unsigned G = 2, N = 64 * G;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "subgroup", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 8080 + mode;
      uint32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *o = h_buffer(&h, 0, 1, 0, N * 44);
      for (unsigned i = 0; i < N; i++)
         in[i] = h_rand(&seed) % (i < 64 ? 900 : 5000);
      in[70] = 7;
      if (h_run(&h, G, 1, 1)) {
         for (unsigned sg = 0; sg < N / 32; sg++) {
            const uint32_t *x = &in[sg * 32];
            uint32_t sum = 0, bal = 0, mn = ~0u, mn_first = 32;
            bool all = true, any = false;
            for (unsigned l = 0; l < 32; l++) {
               sum += x[l];
               bal |= (x[l] & 1) << l;
               all &= x[l] < 1000;
               any |= x[l] == 7;
               if (x[l] & 1) {
                  mn = x[l] < mn ? x[l] : mn;
                  mn_first = mn_first == 32 ? l : mn_first;
               }
            }
            uint32_t incl = 0, exmax = 0;
            for (unsigned l = 0; l < 32; l++) {
               unsigned i = sg * 32 + l;
               incl += x[l];
               uint32_t want[11] = {
                  sum,
                  incl,
                  exmax,
                  bal,
                  x[5],
                  x[l ^ 1],
                  l == 0,
                  32 * 1000 + (sg % 2) * 100 + 2,
                  (x[l] & 1) ? mn + (l == mn_first ? 1000000u : 0) : 0xffffffffu,
                  (all ? 1u : 0) | (any ? 2u : 0) | ((x[(l + 1) & 31] & 0xff) << 8),
                  (uint32_t)__builtin_popcount(bal & ((1u << l) - 1)) +
                     (uint32_t)__builtin_popcount(bal) * 100 + ((bal >> 3) & 1 ? 10000u : 0),
               };
               exmax = x[l] > exmax ? x[l] : exmax;
               for (unsigned k = 0; k < 11; k++)
                  h_check_u32("subgroup", i * 11 + k, o[i * 11 + k], want[k]);
            }
         }
      }
      h_finish(&h);
   }
}

/* --- GLSL.std.450 and matrices ------------------------------------------------------- */

static double
dotn(const double *a, const double *b, int n)
{
   double s = 0;
   for (int k = 0; k < n; k++)
      s += a[k] * b[k];
   return s;
}

static void
glsl450_ref(unsigned i, const float *fa, const float *fb, double *w)
{
   double a[4], b[4];
   for (int k = 0; k < 4; k++)
      a[k] = fa[k], b[k] = fb[k];
   double x = a[0], y = a[1];
   w[0] = sin(x) + cos(y) * 2;
   w[1] = tan(x * 0.5);
   w[2] = asin(x * 0.4) + acos(x * 0.3);
   w[3] = atan2(x, y) + atan(x * 3);
   w[4] = sinh(x) + cosh(x) + tanh(x * 4);
   w[5] = asinh(x) + acosh(y + 1) + atanh(x * 0.45);
   w[6] = pow(y, x) + exp(x) + log(y) + exp2(x) + log2(y);
   w[7] = sqrt(y) + 1 / sqrt(y);
   w[8] = x * 90 * M_PI / 180 + x * 180 / M_PI;
   double t = fmin(fmax((x + 1) / 2, 0), 1);
   w[9] = (x < 0.5 ? 0 : 1) + t * t * (3 - 2 * t) * 10;
   w[10] = x * y + 0.25 + (x + (y - x) * 0.75);
   w[11] = x * 7 - y * floor(x * 7 / y) + ((x > 0) - (x < 0)) * 100.0;
   w[12] = sqrt(dotn(a, a, 3)) + hypot(a[0] - b[0], a[1] - b[1]) * 10;
   w[13] = dotn(a, b, 4);
   w[14] = a[1] * b[2] - a[2] * b[1];
   w[15] = a[2] * b[0] - a[0] * b[2];
   w[16] = a[0] * b[1] - a[1] * b[0];
   double len = sqrt(dotn(b, b, 3)), n[3] = {b[0] / len, b[1] / len, b[2] / len};
   w[17] = n[0] + n[1] * 10 + n[2] * 100;
   double dn = dotn(n, a, 3);
   w[18] = (a[0] - 2 * dn * n[0]) + (a[1] - 2 * dn * n[1]) + (a[2] - 2 * dn * n[2]);
   double nref[3] = {a[2], a[1], a[0]};
   w[19] = dotn(nref, b, 3) < 0 ? a[1] : -a[1];
   double m[3][3] = {{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {x, y, 1}}; /* m[col][row] */
   double v[3] = {b[2], b[1], b[0]};
   for (int r = 0; r < 3; r++)
      w[20 + r] = m[0][r] * v[0] + m[1][r] * v[1] + m[2][r] * v[2];
   for (int c = 0; c < 3; c++)
      w[23 + c] = dotn(v, m[c], 3);
   w[26] = m[0][0] * m[0][0] + m[1][0] * m[1][0] + m[2][0] * m[2][0];
   w[27] = m[0][2] * m[0][1] + m[1][2] * m[1][1] + m[2][2] * m[2][1];
   w[28] = w[27];
   w[29] = a[1] * b[2] + a[0] * b[3] * 10;
   w[30] = 3 * a[1] * b[3];
   int ms = find_msb_s((int32_t)i - 8);
   w[31] = (double)__builtin_ctz(i + 8) + ms * 10.0;
   int ix = (int)(float)(fa[0] * 10.0f), iy = (int)(float)(fa[1] * 10.0f);
   w[32] = abs(ix) + ((ix > 0) - (ix < 0)) * 1000 + (iy < 5 ? 5 : iy > 20 ? 20 : iy) * 10000;
   w[33] = (double)((i > 5 ? i : 5) + (i < 2 ? (int)i : 2));
   w[34] = nearbyint((float)(fa[0] * 3.0f)) + nearbyint((float)(fa[1] * 2.0f + 0.25f)) * 10;
   float x3 = fa[0] * 3.0f;
   w[35] = (x3 - floorf(x3)) + truncf(x3) * 10 + ceil(y) * 100;
   w[36] = fmin(x, y) + fmax(x, y) * 10 + fmin(fmax(x, -0.5), 0.5) * 100;
   w[37] = fabs(x) + floor(y);
   w[38] = 11;
   w[39] = -x;
}

static void
test_glsl450(void)
{
   const unsigned N = 32;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "glsl450", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 2718 + mode;
      float *in = h_buffer(&h, 0, 0, 0, N * 32), *o = h_buffer(&h, 0, 1, 0, N * 160);
      for (unsigned i = 0; i < N; i++) {
         float *a = &in[i * 8], *b = a + 4;
         a[0] = (float)(h_rand(&seed) % 40000) / 10000.0f - 2.0f;
         a[1] = (float)(h_rand(&seed) % 39000) / 10000.0f + 0.1f;
         for (int k = 2; k < 8; k++)
            a[k] = (float)(h_rand(&seed) % 60000) / 10000.0f - 3.0f;
         b[0] += 0.01f;
      }
      if (h_run(&h, N / 16, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            double w[40];
            glsl450_ref(i, &in[i * 8], &in[i * 8 + 4], w);
            for (int k = 0; k < 40; k++)
               h_check_f32(h_mode_names[mode], i * 40 + k, o[i * 40 + k], (float)w[k], 2e-4f);
         }
      }
      h_finish(&h);
   }
}

/* --- memory forms ----------------------------------------------------------------------- */

struct mem_s {
   int32_t p[2];
   float f;
   bool flag;
};

static void
test_memory(void)
{
   const unsigned G = 2, N = 32 * G;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "memory", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 1618 + mode;
      uint16_t *in16 = h_buffer(&h, 0, 0, 0, N * 2);
      int8_t *in8 = h_buffer(&h, 0, 1, 0, N);
      int32_t *o = h_buffer(&h, 0, 2, 0, N * 32);
      uint16_t *o16 = h_buffer(&h, 0, 3, 0, N * 2);
      for (unsigned i = 0; i < N; i++) {
         in16[i] = (uint16_t)h_rand(&seed);
         in8[i] = (int8_t)h_rand(&seed);
      }
      if (h_run(&h, G, 1, 1)) {
         for (unsigned g = 0; g < N; g++) {
            unsigned i = g % 32, base = g - i;
            int32_t hh = in16[g], c = in8[g];
            struct mem_s s = {{hh, c}, (float)c * 0.5f, c < 0};
            unsigned tg = base + 31 - i;
            struct mem_s t = {{in16[tg], in8[tg]}, (float)in8[tg] * 0.5f, in8[tg] < 0};
            bool fl[4];
            int32_t v[4];
            for (int k = 0; k < 4; k++) {
               fl[k] = in16[base + ((i + k) & 31)] & 1;
               v[k] = fl[k] ? k + 1 : -k;
            }
            int dyn = (int)(i & 3);
            v[dyn] += 100;
            float col[3] = {0, 0, 0};
            col[dyn % 3] = 1.0f;
            col[(dyn + 1) % 3] = (float)c;
            struct mem_s arr[3] = {t, s, {{7, 8}, 9.0f, true}}, pick = arr[dyn % 3];
            int32_t sw[4] = {v[3] + v[0], v[2] + v[0], v[1] + v[1], v[0] + v[1]};
            int32_t want[8] = {
               t.p[0] + t.p[1] * 1000 + (t.flag ? 1000000 : 0),
               v[0] + v[1] * 10 + v[2] * 100 + v[3] * 1000,
               (int32_t)(col[0] + col[1] * 10.0f + col[2] * 100.0f),
               pick.p[0] + pick.p[1] * 100 + (int32_t)(pick.f * 4.0f) * 10000 + pick.flag,
               sw[0] + sw[1] * 3 + sw[2] * 5 + sw[3] * 7,
               v[(dyn + 1) & 3],
               (int32_t)(t.f * 2.0f),
               (hh & 1) + (fl[3] ? 2 : 0),
            };
            for (int k = 0; k < 8; k++)
               h_check_u32("memory", g * 8 + k, u(o[g * 8 + k]), u(want[k]));
            h_check_u32("memory 16-bit store", g, o16[g], (uint16_t)(hh * 3 + c));
         }
      }
      h_finish(&h);
   }
}

/* --- GLSL.std.450 packing and matrices ---------------------------------------------- */

static uint32_t
half_bits(float f)
{
   _Float16 h = (_Float16)f; /* the compiler's own IEEE conversion */
   uint16_t u;
   memcpy(&u, &h, 2);
   return u;
}

static float
half_value(uint32_t bits)
{
   uint16_t u = (uint16_t)bits;
   _Float16 h;
   memcpy(&h, &u, 2);
   return (float)h;
}

static uint32_t
pack_norm_ref(const float *v, unsigned n, bool sign)
{
   unsigned w = 32 / n;
   float scale = sign ? (float)((1u << (w - 1)) - 1) : (float)((1u << w) - 1);
   uint32_t r = 0;
   for (unsigned k = 0; k < n; k++) {
      float c = fminf(fmaxf(v[k], sign ? -1.0f : 0.0f), 1.0f);
      int32_t q = (int32_t)nearbyintf(c * scale);
      r |= ((uint32_t)q & ((1u << w) - 1)) << (k * w);
   }
   return r;
}

static double
det3(const double m[3][3])
{
   return m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2]) -
          m[1][0] * (m[0][1] * m[2][2] - m[2][1] * m[0][2]) +
          m[2][0] * (m[0][1] * m[1][2] - m[1][1] * m[0][2]);
}

static double
det4(const double m[4][4])
{
   double r = 0;
   for (int k = 0; k < 4; k++) {
      double sub[3][3];
      for (int c = 0, cj = 0; c < 4; c++) {
         if (c == k)
            continue;
         for (int row = 1; row < 4; row++)
            sub[cj][row - 1] = m[c][row];
         cj++;
      }
      r += (k & 1 ? -1 : 1) * m[k][0] * det3(sub);
   }
   return r;
}

static void
test_glsl450_pack(void)
{
   const unsigned N = 32;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "glsl450_pack", (enum h_mode)mode, NULL))
         continue;
      uint64_t seed = 31337 + mode;
      float *in = h_buffer(&h, 0, 0, 0, N * 32);
      uint32_t *ou = h_buffer(&h, 0, 1, 0, N * 32);
      float *of = h_buffer(&h, 0, 2, 0, N * 96);
      for (unsigned i = 0; i < N * 8; i++)
         in[i] = (float)(h_rand(&seed) % 20001) / 10000.0f - 1.0f;
      if (!h_run(&h, N / 16, 1, 1)) {
         h_finish(&h);
         continue;
      }
      for (unsigned i = 0; i < N; i++) {
         const float *a = &in[i * 8], *b = a + 4;
         float t4[4], t2[2];
         uint32_t *U = &ou[i * 8];
         float *F = &of[i * 24];
         h_check_u32("packHalf2x16", i, U[0], half_bits(a[0]) | half_bits(a[1]) << 16);
         for (int k = 0; k < 4; k++)
            t4[k] = a[k] * 0.5f + 0.5f;
         uint32_t pu8 = pack_norm_ref(t4, 4, false);
         h_check_u32("packUnorm4x8", i, U[1], pu8);
         for (int k = 0; k < 4; k++)
            t4[k] = b[k] * 0.4f;
         h_check_u32("packSnorm4x8", i, U[2], pack_norm_ref(t4, 4, true));
         t2[0] = a[2] * 0.3f + 0.5f, t2[1] = a[3] * 0.3f + 0.5f;
         h_check_u32("packUnorm2x16", i, U[3], pack_norm_ref(t2, 2, false));
         t2[0] = b[0] * 0.3f, t2[1] = b[1] * 0.3f;
         h_check_u32("packSnorm2x16", i, U[4], pack_norm_ref(t2, 2, true));
         int e;
         float m = frexpf(a[0] * 100.0f, &e);
         h_check_u32("frexp exponent", i, U[5], (uint32_t)(e + 1000));
         h_check_u32("packDouble2x32 round trip", i, U[6], i + 100);
         h_check_f32("frexp mantissa", i, F[0], m, 0);
         float whole, frac = modff(a[1] * 10.0f, &whole);
         h_check_f32("modf", i, F[1], frac, 1e-6f);
         h_check_f32("modf whole", i, F[2], whole, 0);
         h_check_f32("ldexp", i, F[3], ldexpf(a[2], (int)i - 8), 1e-6f);
         h_check_f32("unpackHalf2x16 x", i, F[4], half_value(half_bits(a[2])), 0);
         h_check_f32("unpackHalf2x16 y", i, F[5], half_value(half_bits(a[3])), 0);
         uint32_t x8 = pu8 ^ 0x5a5a5a5au;
         float u8 = 0, s8 = 0, scale = 1;
         uint32_t sv = i * 2654435761u;
         for (int k = 0; k < 4; k++, scale *= 10) {
            u8 += (float)((x8 >> (8 * k)) & 0xff) / 255.0f * scale;
            s8 += fmaxf((float)(int8_t)(sv >> (8 * k)) / 127.0f, -1.0f) * scale;
         }
         h_check_f32("unpackUnorm4x8", i, F[6], u8, 1e-5f);
         h_check_f32("unpackSnorm4x8", i, F[7], s8, 1e-5f);
         double m3[3][3] = {{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {1, a[3], b[3]}};
         double m4[4][4] = {{a[0], a[1], a[2], a[3]},
                            {b[0], b[1], b[2], b[3]},
                            {a[1] + 2.0, a[2], a[3], a[0]},
                            {b[3], b[2] + 3.0, b[1], b[0]}};
         double d2 = (double)a[0] * b[1] - (double)b[0] * a[1], d3 = det3(m3), d4 = det4(m4);
         h_check_f32("determinant 2", i, F[8], (float)d2, 1e-5f);
         h_check_f32("determinant 3", i, F[9], (float)d3, 1e-5f);
         h_check_f32("determinant 4", i, F[10], (float)d4, 1e-4f);
         if (fabs(d3) > 0.05)
            h_check_f32("inverse 3", i, F[11], 111.0f, 1e-3f);
         if (fabs(d4) > 0.05)
            h_check_f32("inverse 4", i, F[12], 1111.0f, 1e-3f);
         if (fabs(d2) > 0.05) {
            h_check_f32("inverse 2", i, F[13], (float)(b[1] / d2), 1e-4f);
            h_check_f32("inverse 2", i, F[14], (float)(-a[1] / d2), 1e-4f);
            h_check_f32("inverse 2", i, F[15], (float)(-b[0] / d2), 1e-4f);
            h_check_f32("inverse 2", i, F[16], (float)(a[0] / d2), 1e-4f);
         }
         double la = sqrt((double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2]);
         double lb = sqrt((double)b[0] * b[0] + (double)b[1] * b[1] + (double)b[2] * b[2]);
         double I[3] = {a[0] / la, a[1] / la, a[2] / la}, Nn[3] = {b[0] / lb, b[1] / lb, b[2] / lb};
         double dd = I[0] * Nn[0] + I[1] * Nn[1] + I[2] * Nn[2], eta = 0.66f;
         double kk = 1 - eta * eta * (1 - dd * dd);
         for (int c = 0; c < 3; c++) {
            double want = kk < 0 ? 0 : eta * I[c] - (eta * dd + sqrt(kk)) * Nn[c];
            h_check_f32("refract", i * 3 + c, F[17 + c], (float)want, 1e-4f);
         }
         h_check_f32("refract total internal reflection", i, F[20], 0.0f, 0);
      }
      h_finish(&h);
   }
}

/* --- OpenCL C kernel ----------------------------------------------------------------- */

/* Generic pointers decided at compile time (kernels/generic.cl): the select of two
 * __local addresses and the loop's phi read threadgroup memory directly: no device or
 * private loads (the run-time tag test would bring both), and the results match C. */
static unsigned
count_op(agx_shader *s, unsigned op)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all), k = 0;
   for (unsigned i = 0; i < n; i++)
      k += all[i]->op == op;
   return k;
}

static void
test_kernel_generic(void)
{
   const unsigned G = 16, N = 32;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      for (uint32_t salt = 0; salt < 8; salt++) {
         struct harness h;
         if (!h_compile(&h, "kernel_generic", (enum h_mode)mode, NULL))
            continue;
         h_check_u32("generic: load_global count", 0, count_op(h.s, AGX_OP_LOAD_GLOBAL), 0);
         h_check_u32("generic: load_scratch count", 0, count_op(h.s, AGX_OP_LOAD_SCRATCH), 0);
         uint64_t out_addr;
         uint32_t *out = h_memory(&h, N * 4, &out_addr);
         uint8_t args[12];
         memcpy(args, &out_addr, 8);
         memcpy(args + 8, &salt, 4);
         h_push(&h, args, sizeof(args));
         if (h_run(&h, N / G, 1, 1)) {
            for (uint32_t g = 0; g < N; g++) {
               uint32_t tile[4], sum = 0, first = salt & 1 ? 0 : 1, len = (salt >> 1) % 4;
               for (uint32_t k = 0; k < 4; k++)
                  tile[k] = g * 7 + k + salt;
               for (uint32_t k = 0; k < len; k++) /* first + len <= 4: its own tile */
                  sum = sum * 31 + tile[first + k];
               h_check_u32("generic out", g, out[g], sum);
            }
         }
         h_finish(&h);
      }
   }
}

static void
test_kernel_basic(void)
{
   const unsigned N = 48, G = 16;
   struct agx_spirv_options opts = {.local_size = {G, 1, 1}};
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      for (int32_t n = 0; n < 7; n += 3) {
         struct harness h;
         if (!h_compile(&h, "kernel_basic", (enum h_mode)mode, &opts))
            continue;
         uint64_t seed = 99 + mode + (uint64_t)n;
         uint64_t a_addr, out_addr, f_addr;
         int32_t *a = h_memory(&h, (N + 8) * 4, &a_addr), *out = h_memory(&h, N * 4, &out_addr);
         float *f = h_memory(&h, N * 4, &f_addr);
         for (unsigned i = 0; i < N + 8; i++)
            a[i] = (int32_t)(h_rand(&seed) % 801) - 400;
         uint8_t args[32];
         float scale = 0.125f;
         memcpy(args, &a_addr, 8);
         memcpy(args + 8, &out_addr, 8);
         memcpy(args + 16, &f_addr, 8);
         memcpy(args + 24, &n, 4);
         memcpy(args + 28, &scale, 4);
         h_push(&h, args, sizeof(args));
         if (h_run(&h, N / G, 1, 1)) {
            for (unsigned i = 0; i < N; i++) {
               int32_t s = 0;
               for (int32_t j = 0; j < n; j++)
                  s += a[i + j] * (j + 1);
               if (s > 1000)
                  s = 1000 + (s & 7);
               else if (s < -1000)
                  s = -1000;
               int32_t cl = s < -900 ? -900 : s > 900 ? 900 : s;
               int32_t want =
                  s * 3 + cl + (a[i] > 3 ? a[i] : 3) * 10000 + (int32_t)(i % G) * 1000000;
               h_check_u32("kernel out", i, u(out[i]), u(want));
               float x = (float)a[i] * scale;
               h_check_f32("kernel f", i, f[i], x * 0.5f + 1.0f + fminf(x, 2.0f) + sqrtf(fabsf(x)),
                           1e-6f);
            }
         }
         h_finish(&h);
      }
   }
}

static void
test_kernel_byval(void)
{
   const unsigned N = 10;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "kernel_byval", (enum h_mode)mode, NULL))
         continue;
      uint64_t out_addr;
      int32_t *out = h_memory(&h, 12 * 4, &out_addr);
      /* first @0, struct @8 (aligned to its 8-byte pointer): out @8, count @16, scale @20,
       * bias @24..35, big @40. */
      uint8_t args[48] = {0};
      uint32_t first = 5, count = N;
      float scale = 1.5f;
      int32_t bias[3] = {100, -200, 300};
      uint64_t big = (uint64_t)7 << 40;
      memcpy(args, &first, 4);
      memcpy(args + 8, &out_addr, 8);
      memcpy(args + 16, &count, 4);
      memcpy(args + 20, &scale, 4);
      memcpy(args + 24, bias, 12);
      memcpy(args + 40, &big, 8);
      h_push(&h, args, sizeof(args));
      if (h_run(&h, 3, 1, 1)) {
         for (unsigned i = 0; i < 12; i++) {
            int32_t want = i < N ? (int32_t)((float)(i + first) * scale) + bias[i % 3] + 7 : 0;
            h_check_u32("byval out", i, u(out[i]), u(want));
         }
      }
      h_finish(&h);
   }
}

/* OpenCL.std erf/cbrt/atan/tanh from libclc (linked at the SPIR-V level) against host libm in
 * double precision, within OpenCL 2.0's full-profile ULP bounds (erf 16, cbrt 2, atan 5,
 * tanh 5). */
static uint32_t
ulps_from(float got, double want)
{
   float w = (float)want;
   if (isnan(w))
      return isnan(got) ? 0 : UINT32_MAX;
   if (got == w)
      return 0;
   /* Distance in representable floats, through the ordered integer encoding. */
   int32_t a, b;
   memcpy(&a, &got, 4);
   memcpy(&b, &w, 4);
   if (a < 0)
      a = INT32_MIN - a;
   if (b < 0)
      b = INT32_MIN - b;
   int64_t d = (int64_t)a - b;
   return (uint32_t)(d < 0 ? -d : d);
}

static void
test_kernel_libclc_math(void)
{
   static const float inputs[] = {0.0f,  -0.0f,  0.5f,  -0.75f, 1.0f,   2.5f, -3.0f,   10.0f,
                                  1e-3f, -1e-5f, 27.0f, -8.0f,  100.0f, 1e6f, -2e-20f, 0.3333f};
   const unsigned N = sizeof(inputs) / sizeof(inputs[0]), G = 8;
   static const uint32_t bound[4] = {16, 2, 5, 5};
   static const char *const names[4] = {"erf", "cbrt", "atan", "tanh"};
   unsigned compiled = 0;
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      struct agx_spirv_options opts = {.entry = "agx_libclc_math"};
      if (!h_compile(&h, "kernel_libclc_math", (enum h_mode)mode, &opts))
         continue;
      compiled++;
      uint64_t in_addr, out_addr;
      float *in = h_memory(&h, N * 4, &in_addr), *out = h_memory(&h, N * 16, &out_addr);
      memcpy(in, inputs, sizeof(inputs));
      uint8_t args[20];
      uint32_t n = N;
      memcpy(args, &out_addr, 8);
      memcpy(args + 8, &in_addr, 8);
      memcpy(args + 16, &n, 4);
      h_push(&h, args, sizeof(args));
      if (h_run(&h, N / G, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            double x = inputs[i];
            const double want[4] = {erf(x), cbrt(x), atan(x), tanh(x)};
            for (unsigned f = 0; f < 4; f++) {
               uint32_t d = ulps_from(out[4 * i + f], want[f]);
               if (d > bound[f] || getenv("AGX_TEST_VERBOSE"))
                  fprintf(stderr, "%s(%g) = %.9g, libm %.9g: %u ulp\n", names[f], x, out[4 * i + f],
                          want[f], d);
               h_check_u32(names[f], i, d <= bound[f], 1);
            }
         }
      }
      h_finish(&h);
   }
   h_check_u32("libclc kernel compiled in every mode", 0, compiled, H_NUM_MODES);
}

static int32_t
first_multiple(int32_t x, int32_t m)
{
   int32_t k = 1;
   while (k < 50) {
      if ((int32_t)((uint32_t)x * (uint32_t)k) % m == 0)
         break;
      k++;
   }
   return k;
}

static void
test_kernel_shapes(void)
{
   const unsigned N = 64, G = 32;
   struct agx_spirv_options opts = {.local_size = {G, 1, 1}};
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "kernel_shapes", (enum h_mode)mode, &opts))
         continue;
      uint64_t seed = 4040 + mode;
      uint64_t in_addr, out_addr, wide_addr;
      int32_t *in = h_memory(&h, N * 4, &in_addr), *out = h_memory(&h, N * 12, &out_addr);
      int64_t *wide = h_memory(&h, N * 8, &wide_addr);
      for (unsigned i = 0; i < N; i++)
         in[i] = (int32_t)(h_rand(&seed) % 1001) - 500;
      int32_t n = 5;
      uint8_t args[28];
      memcpy(args, &in_addr, 8);
      memcpy(args + 8, &out_addr, 8);
      memcpy(args + 16, &wide_addr, 8);
      memcpy(args + 24, &n, 4);
      h_push(&h, args, sizeof(args));
      if (h_run(&h, N / G, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            int32_t x = in[i], w0 = -1, w1 = -1, w2 = -1;
            int64_t ww = 0;
            if (x >= -300) {
               int32_t acc = 0;
               for (int32_t a = 0; a < n; a++)
                  for (int32_t b = 0; b <= a; b++)
                     acc += (a ^ b) * x;
               w0 = acc;
               w1 = first_multiple(x, 7);
               w2 = (int32_t)(N * 100 + G);
               ww = (int64_t)x * 0x100000001LL + (int64_t)i;
            }
            h_check_u32("kernel shapes acc", i, u(out[i * 3]), u(w0));
            h_check_u32("kernel shapes search", i, u(out[i * 3 + 1]), u(w1));
            h_check_u32("kernel shapes sizes", i, u(out[i * 3 + 2]), u(w2));
            h_check_u64("kernel shapes 64-bit", i, (uint64_t)wide[i], (uint64_t)ww);
         }
      }
      h_finish(&h);
   }
}

static void
test_cfg_shapes(void)
{
   const unsigned N = 256;
   struct agx_spirv_options opts = {.local_size = {32, 1, 1}};
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "cfg_shapes", (enum h_mode)mode, &opts))
         continue;
      uint64_t seed = 777 + mode, in_addr, out_addr;
      uint32_t *in = h_memory(&h, N * 4, &in_addr), *out = h_memory(&h, N * 16, &out_addr);
      for (unsigned i = 0; i < N; i++)
         in[i] = i < 64 ? i : h_rand(&seed);
      uint8_t args[16];
      memcpy(args, &in_addr, 8);
      memcpy(args + 8, &out_addr, 8);
      h_push(&h, args, sizeof(args));
      if (h_run(&h, N / 32, 1, 1)) {
         for (unsigned i = 0; i < N; i++) {
            h_check_u32("cfg switch", i, out[i * 4], cfg_switch(in[i]));
            h_check_u32("cfg search", i, out[i * 4 + 1], cfg_search(in[i]));
            h_check_u32("cfg nest", i, out[i * 4 + 2], cfg_nest(in[i]));
            h_check_u32("cfg latches", i, out[i * 4 + 3], cfg_latches(in[i]));
         }
      }
      h_finish(&h);
   }
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s SPV_DIR TEST\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   char name[64];
   snprintf(name, sizeof(name), "%s", argv[2]);
   size_t len = strlen(name);
   if (len > 4 && !strcmp(name + len - 4, "_opt")) {
      name[len - 4] = 0; /* same test on the spirv-opt -O module */
      h_spv_suffix = "_opt";
   }
   const char *t = name;
   if (!strcmp(t, "arith"))
      test_arith("arith");
   else if (!strcmp(t, "arith_vk12"))
      test_arith("arith_vk12");
   else if (!strcmp(t, "arith_vk10"))
      test_arith("arith_vk10");
   else if (!strcmp(t, "structs_vk11"))
      test_structs("structs_vk11");
   else if (!strcmp(t, "control"))
      test_control();
   else if (!strcmp(t, "shared"))
      test_shared();
   else if (!strcmp(t, "atomics"))
      test_atomics();
   else if (!strcmp(t, "atomics_float"))
      test_atomics_float();
   else if (!strcmp(t, "structs"))
      test_structs("structs");
   else if (!strcmp(t, "push_sets"))
      test_push_sets();
   else if (!strcmp(t, "funcs"))
      test_funcs();
   else if (!strcmp(t, "wide"))
      test_wide();
   else if (!strcmp(t, "specid"))
      test_specid("specid");
   else if (!strcmp(t, "specid_vk12"))
      test_specid("specid_vk12");
   else if (!strcmp(t, "psb"))
      test_psb();
   else if (!strcmp(t, "switch"))
      test_switch();
   else if (!strcmp(t, "subgroup"))
      test_subgroup();
   else if (!strcmp(t, "zero_init"))
      test_zero_init();
   else if (!strcmp(t, "glsl450"))
      test_glsl450();
   else if (!strcmp(t, "memory"))
      test_memory();
   else if (!strcmp(t, "glsl450_pack"))
      test_glsl450_pack();
   else if (!strcmp(t, "const_table"))
      test_const_table();
   else if (!strcmp(t, "kernel_basic"))
      test_kernel_basic();
   else if (!strcmp(t, "cfg_shapes"))
      test_cfg_shapes();
   else if (!strcmp(t, "kernel_shapes"))
      test_kernel_shapes();
   else if (!strcmp(t, "kernel_byval"))
      test_kernel_byval();
   else if (!strcmp(t, "kernel_generic"))
      test_kernel_generic();
   else if (!strcmp(t, "kernel_libclc_math"))
      test_kernel_libclc_math();
   else {
      fprintf(stderr, "unknown test %s\n", t);
      return 2;
   }
   if (h_failures) {
      fprintf(stderr, "%s%s: %u failures\n", t, h_spv_suffix, h_failures);
      return 1;
   }
   printf("%s%s: ok\n", t, h_spv_suffix);
   return 0;
}
