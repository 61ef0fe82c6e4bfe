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
 *                   barriers, a loop left by a break after a store.
 * test_basic_ops SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static char spv_path[4096];

static const char *spv(const char *dir, const char *name)
{
   snprintf(spv_path, sizeof(spv_path), "%s/%s.spv", dir, name);
   return spv_path;
}

static unsigned failures;

static void check_u32(const char *what, unsigned n, unsigned k, uint32_t got, uint32_t want)
{
   if (got != want && failures++ < 20)
      fprintf(stderr, "%s: invocation %u result %u = 0x%08x, expected 0x%08x\n", what, n, k, got, want);
}

/* Runs `name` with a zeroed output buffer of out_size bytes after `in`. */
static void run(struct agx_vk_ctx *c, const char *dir, const char *name, const void *in, size_t in_size,
                void *out, size_t out_size, uint32_t groups)
{
   struct agx_vk_pipeline p;
   agx_vk_pipeline(c, &p, &(struct agx_vk_pipeline_desc){.spv = spv(dir, name), .buffers = in ? 2 : 1});
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

#define EXT_N 256
#define EXT_R 24

static void ext_expect(uint32_t x, uint32_t y, uint32_t r[EXT_R])
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

static void test_ext_arith(struct agx_vk_ctx *c, const char *dir)
{
   static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xfffffffeu, 0x10000u};
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

static void test_device_index(struct agx_vk_ctx *c, const char *dir)
{
   uint32_t out[4];
   run(c, dir, "ops_device_index", NULL, 0, out, sizeof(out), 1);
   for (unsigned k = 0; k < 4; k++)
      check_u32("device_index", k, 0, out[k], 7 + 100 * k);
   printf("gl_DeviceIndex: 0\n");
}

#define NC_N 64

/* NMin/NMax: a NaN operand gives the other operand. */
static float nmin(float a, float b) { return isnan(a) ? b : isnan(b) ? a : b < a ? b : a; }
static float nmax(float a, float b) { return isnan(a) ? b : isnan(b) ? a : b > a ? b : a; }

static void check_f32(const char *what, unsigned n, unsigned k, float got, float want)
{
   bool ok = isnan(want) ? isnan(got) : got == want;
   if (!ok && failures++ < 20)
      fprintf(stderr, "%s: invocation %u result %u = %g, expected %g\n", what, n, k, got, want);
}

static void test_nclamp(struct agx_vk_ctx *c, const char *dir)
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

static void test_sparse_ids(struct agx_vk_ctx *c, const char *dir)
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

static void test_control(struct agx_vk_ctx *c, const char *dir)
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
   if (failures)
      fprintf(stderr, "%u mismatches\n", failures);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
