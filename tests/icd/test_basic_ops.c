/*
 * Shader operations that dEQP-VK's compute.pipeline.basic, glsl integer
 * builtin and spirv_assembly groups found broken, each run through the
 * loader and checked against values computed here:
 *   ops_ext_arith   uaddCarry / usubBorrow / umulExtended / imulExtended
 *                   (scalar and vector) against 64-bit C arithmetic;
 *   ops_device_index gl_DeviceIndex, 0 on a one-device group;
 *   ops_nclamp      NClamp / NMin / NMax with NaN operands (SPIR-V asm);
 *   ops_sparse_ids  result ids up to ~4M in a tiny module (SPIR-V asm);
 *   ops_control     a barrier in a branch, shared atomics between
 *                   barriers, a loop left by a break after a store;
 *   ops_quantize    OpQuantizeToF16 (rounding, overflow, flush, NaN);
 *   ops_module_mix  a vertex entry point's Output variable beside the
 *                   compute one, an unused OpUndef image, an OpPhi of a
 *                   struct (SPIR-V asm);
 *   ops_spec_groups decoration groups, spec-constant CompositeInsert /
 *                   CompositeExtract / VectorShuffle, default and
 *                   specialized (SPIR-V asm).
 * test_basic_ops SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static char spv_path[4096];

static const char *
spv(const char *dir, const char *name)
{
   snprintf(spv_path, sizeof(spv_path), "%s/%s.spv", dir, name);
   return spv_path;
}

static unsigned failures;

static void
check_u32(const char *what, unsigned n, unsigned k, uint32_t got, uint32_t want)
{
   if (got != want && failures++ < 20)
      fprintf(stderr, "%s: invocation %u result %u = 0x%08x, expected 0x%08x\n", what, n, k, got,
              want);
}

/* Runs `name` (specialized by `spec`, may be NULL) with a zeroed output
 * buffer of out_size bytes after `in`. */
static void
run_spec(struct agx_vk_ctx *c, const char *dir, const char *name, const VkSpecializationInfo *spec,
         const void *in, size_t in_size, void *out, size_t out_size, uint32_t groups)
{
   struct agx_vk_pipeline p;
   agx_vk_pipeline(
      c, &p,
      &(struct agx_vk_pipeline_desc){.spv = spv(dir, name), .buffers = in ? 2 : 1, .spec = spec});
   struct agx_vk_buffer bin = {0}, bout = agx_vk_buffer(c, out_size);
   if (in) {
      bin = agx_vk_buffer(c, in_size);
      memcpy(bin.map, in, in_size);
      agx_vk_pipeline_bind(c, &p, (VkBuffer[2]){bin.buf, bout.buf});
   } else {
      agx_vk_pipeline_bind(c, &p, (VkBuffer[1]){bout.buf});
   }
   VK_OK(agx_vk_dispatch(c, &p, NULL, groups, 1, 1));
   memcpy(out, bout.map, out_size);
   agx_vk_pipeline_free(c, &p);
   agx_vk_buffer_free(c, &bout);
   if (in)
      agx_vk_buffer_free(c, &bin);
}

static void
run(struct agx_vk_ctx *c, const char *dir, const char *name, const void *in, size_t in_size,
    void *out, size_t out_size, uint32_t groups)
{
   run_spec(c, dir, name, NULL, in, in_size, out, out_size, groups);
}

#define EXT_N 256
#define EXT_R 24

static void
ext_expect(uint32_t x, uint32_t y, uint32_t r[EXT_R])
{
   uint64_t um = (uint64_t)x * y;
   int64_t sm = (int64_t)(int32_t)x * (int32_t)y;
   r[0] = x + y;
   r[1] = x + y < x;
   r[2] = x - y;
   r[3] = x < y;
   r[4] = (uint32_t)(um >> 32);
   r[5] = (uint32_t)um;
   r[6] = (uint32_t)((uint64_t)sm >> 32);
   r[7] = (uint32_t)sm;
   uint32_t a[3] = {x, y, x ^ y}, b[3] = {y, x, x + y};
   for (unsigned k = 0; k < 3; k++) {
      r[8 + k] = a[k] + b[k];
      r[11 + k] = a[k] + b[k] < a[k];
      r[14 + k] = a[k] - b[k];
      r[17 + k] = a[k] < b[k];
   }
   int64_t sv = (int64_t)(int32_t)y * (int32_t)(x ^ y);
   uint64_t uv = (uint64_t)y * (x ^ y);
   r[20] = (uint32_t)((uint64_t)sv >> 32);
   r[21] = (uint32_t)sv;
   r[22] = (uint32_t)(uv >> 32);
   r[23] = (uint32_t)uv;
}

static void
test_ext_arith(struct agx_vk_ctx *c, const char *dir)
{
   static const uint32_t edge[] = {0,           1,           0xffffffffu, 0x80000000u,
                                   0x7fffffffu, 0xfffffffeu, 0x10000u};
   static uint32_t in[EXT_N * 2], out[EXT_N * EXT_R];
   for (uint32_t n = 0; n < EXT_N; n++) {
      in[2 * n] = n < 49 ? edge[n % 7] : agx_vk_hash(2 * n);
      in[2 * n + 1] = n < 49 ? edge[n / 7] : agx_vk_hash(2 * n + 1);
   }
   run(c, dir, "ops_ext_arith", in, sizeof(in), out, sizeof(out), EXT_N / 64);
   unsigned carries = 0;
   for (uint32_t n = 0; n < EXT_N; n++) {
      uint32_t want[EXT_R];
      ext_expect(in[2 * n], in[2 * n + 1], want);
      for (unsigned k = 0; k < EXT_R; k++)
         check_u32("ext_arith", n, k, out[n * EXT_R + k], want[k]);
      carries += want[1] + want[3];
   }
   CHECK(carries > 50); /* both flag values are exercised */
   printf("extended arithmetic: %u results\n", EXT_N * EXT_R);
}

static void
test_device_index(struct agx_vk_ctx *c, const char *dir)
{
   uint32_t out[4];
   run(c, dir, "ops_device_index", NULL, 0, out, sizeof(out), 1);
   for (unsigned k = 0; k < 4; k++)
      check_u32("device_index", k, 0, out[k], 7 + 100 * k);
   printf("gl_DeviceIndex: 0\n");
}

#define NC_N 64

/* NMin/NMax: a NaN operand gives the other operand. */
static float
nmin(float a, float b)
{
   return isnan(a) ? b : isnan(b) ? a : b < a ? b : a;
}
static float
nmax(float a, float b)
{
   return isnan(a) ? b : isnan(b) ? a : b > a ? b : a;
}

static void
check_f32(const char *what, unsigned n, unsigned k, float got, float want)
{
   bool ok = isnan(want) ? isnan(got) : got == want;
   if (!ok && failures++ < 20)
      fprintf(stderr, "%s: invocation %u result %u = %g, expected %g\n", what, n, k, got, want);
}

static void
test_nclamp(struct agx_vk_ctx *c, const char *dir)
{
   static const float vals[] = {NAN, 0.5f, -3.0f, 7.0f, 1.0f, -INFINITY, INFINITY, 0.25f};
   static float in[NC_N * 4], out[NC_N * 5];
   for (unsigned n = 0; n < NC_N; n++) {
      in[4 * n] = vals[n % 8];
      in[4 * n + 1] = n % 5 == 4 ? NAN : -1.0f; /* lo */
      in[4 * n + 2] = n % 7 == 6 ? NAN : 2.0f;  /* hi */
      in[4 * n + 3] = vals[(n / 8) % 8];
   }
   run(c, dir, "ops_nclamp", in, sizeof(in), out, sizeof(out), NC_N / 64);
   unsigned nans = 0;
   for (unsigned n = 0; n < NC_N; n++) {
      float x = in[4 * n], lo = in[4 * n + 1], hi = in[4 * n + 2], y = in[4 * n + 3];
      float want[5] = {nmin(nmax(x, lo), hi), nmin(x, y), nmax(x, y), nmin(nmax(y, 0), 1),
                       nmin(nmax(y, 0), 1)};
      for (unsigned k = 0; k < 5; k++)
         check_f32("nclamp", n, k, out[5 * n + k], want[k]);
      nans += isnan(x) || isnan(y);
   }
   printf("NClamp/NMin/NMax: %u invocations, %u with NaN operands\n", NC_N, nans);
}

static void
test_sparse_ids(struct agx_vk_ctx *c, const char *dir)
{
   uint32_t in[128], out[64];
   for (unsigned k = 0; k < 128; k++)
      in[k] = agx_vk_hash(k + 1000);
   run(c, dir, "ops_sparse_ids", in, sizeof(in), out, sizeof(out), 1);
   for (unsigned k = 0; k < 64; k++)
      check_u32("sparse_ids", k, 0, out[k], in[k] + in[64 + k]);
   printf("sparse ids: 64 sums\n");
}

/* ops_control.comp's input block and result block. */
struct control_in {
   uint32_t sel[64], val[64], base;
};
struct control_out {
   uint32_t y[256], sum[2], flow[4];
};

static void
test_control(struct agx_vk_ctx *c, const char *dir)
{
   static struct control_in in;
   static struct control_out out;
   in.base = 42;
   for (unsigned k = 0; k < 32; k++) {
      /* Workgroup 0: sel alternates, val is 0 where sel is 1 (no barrier
       * taken). Workgroup 1: every invocation takes the barrier path. */
      in.sel[k] = k & 1;
      in.val[k] = k & 1 ? 0 : agx_vk_hash(k) % 9;
      in.sel[32 + k] = 1;
      in.val[32 + k] = 1 + agx_vk_hash(k + 77) % 9;
   }
   run(c, dir, "ops_control", &in, sizeof(in), &out, sizeof(out), 2);
   for (unsigned g = 0; g < 256; g++) {
      unsigned wg = g / 128, i = g % 128, slot = (i & 31) + 32 * wg;
      uint32_t want;
      if (in.sel[slot] == 0)
         want = 2;
      else if (in.val[slot] == 0)
         want = 3;
      else
         want = 42 + in.val[((127 - i) & 31) + 32 * wg];
      check_u32("branch_barrier", g, 0, out.y[g], want);
   }
   for (unsigned wg = 0; wg < 2; wg++) {
      check_u32("shared_atomics", wg, 0, out.sum[wg], 7 + wg + 128);
      check_u32("loop_break", wg, 0, out.flow[2 * wg], 2 + wg);
      check_u32("loop_break", wg, 1, out.flow[2 * wg + 1], 1);
   }
   printf("barrier in a branch, shared atomics, loop break: ok\n");
}

/* OpQuantizeToF16 in C: round to half (nearest even), zero below the
 * smallest normal half; the shader may give either zero sign. */
static float
quantize(float x)
{
   if (isnan(x))
      return x;
   float q = (float)(_Float16)x;
   return fabsf(q) < 0x1p-14f ? 0.0f : q;
}

static void
test_quantize(struct agx_vk_ctx *c, const char *dir)
{
   static const float edge[] = {1.0f,
                                65504.0f,
                                65519.0f,
                                65520.0f,
                                1e6f,
                                -1e6f,
                                INFINITY,
                                -INFINITY,
                                NAN,
                                0x1p-14f,
                                0x1p-15f,
                                0x1.ffcp-15f,
                                -0x1p-20f,
                                1.0f + 0x1p-11f,
                                1.0f + 0x1.8p-11f,
                                0.1f,
                                -3.14159f,
                                0.0f};
   static float in[64], out[128];
   for (unsigned n = 0; n < 64; n++) {
      uint32_t h = agx_vk_hash(n + 500);
      in[n] = n < 18 ? edge[n] : ((float)(h & 0xffffff) / 256.0f - 32768.0f) * 1.0009765f;
   }
   run(c, dir, "ops_quantize", in, sizeof(in), out, sizeof(out), 1);
   unsigned flushed = 0;
   for (unsigned n = 0; n < 64; n++) {
      float w0 = quantize(in[n]), w1 = quantize(-in[n]);
      check_f32("quantize", n, 0, out[2 * n], w0);
      check_f32("quantize", n, 1, out[2 * n + 1], w1);
      flushed += w0 == 0.0f && in[n] != 0.0f;
   }
   CHECK(flushed >= 2);
   printf("OpQuantizeToF16: 128 results, %u flushed to zero\n", flushed);
}

static uint32_t
f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
test_module_mix(struct agx_vk_ctx *c, const char *dir)
{
   uint32_t in[64], out[256];
   for (unsigned n = 0; n < 64; n++)
      in[n] = agx_vk_hash(n + 900) & 0xffff;
   run(c, dir, "ops_module_mix", in, sizeof(in), out, sizeof(out), 1);
   for (unsigned n = 0; n < 64; n++) {
      uint32_t x = in[n];
      bool odd = x & 1;
      uint32_t want[4] = {odd ? x : n, odd ? n : x, f32_bits(odd ? (float)x : 1.0f),
                          f32_bits(odd ? 2.5f : (float)n)};
      for (unsigned k = 0; k < 4; k++)
         check_u32("module_mix", n, k, out[4 * n + k], want[k]);
   }
   printf("struct OpPhi beside a vertex entry point: ok\n");
}

static void
test_spec_groups(struct agx_vk_ctx *c, const char *dir)
{
   static const int32_t values[2] = {7, -2};
   static const VkSpecializationMapEntry map[2] = {{0, 0, 4}, {1, 4, 4}};
   const VkSpecializationInfo spec = {2, map, sizeof(values), values};
   uint32_t in[64], out[320];
   for (unsigned n = 0; n < 64; n++)
      in[n] = agx_vk_hash(n + 1300) & 0xffffff;
   for (unsigned pass = 0; pass < 2; pass++) {
      run_spec(c, dir, "ops_spec_groups", pass ? &spec : NULL, in, sizeof(in), out, sizeof(out), 1);
      int32_t sc0 = pass ? values[0] : 3, sc1 = pass ? values[1] : 4;
      const int32_t want[5] = {sc0, sc1, 30, 10, 0};
      for (unsigned n = 0; n < 64; n++)
         for (unsigned k = 0; k < 5; k++)
            check_u32(pass ? "spec_groups (specialized)" : "spec_groups", n, k, out[5 * n + k],
                      in[n] + (uint32_t)want[k]);
   }
   printf("decoration groups and spec-constant composites: ok\n");
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   const char *dir = argv[1];
   test_ext_arith(&c, dir);
   test_device_index(&c, dir);
   test_nclamp(&c, dir);
   test_sparse_ids(&c, dir);
   test_control(&c, dir);
   test_quantize(&c, dir);
   test_module_mix(&c, dir);
   /* Debian 12's validation layer crashes specializing a VectorShuffle
    * spec constant with an undefined (0xFFFFFFFF) component. */
   if (!c.validation)
      test_spec_groups(&c, dir);
   if (failures)
      fprintf(stderr, "%u mismatches\n", failures);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
