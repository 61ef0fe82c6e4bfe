/*
 * Float built-ins at the edges of the range that dEQP-VK's
 * glsl.builtin.precision atan2 / ldexp_subnormals cases found wrong, run
 * through the loader and checked against C (atan2f, ldexpf):
 *   atan(y, x)  with max(|x|, |y|) above 2^126, where 1 / max is
 *               subnormal and the hardware flushes it to zero;
 *   ldexp(z, e) with 2^e itself out of range (ldexp(0, 128) was NaN,
 *               ldexp(2^-10, 135) was inf, ldexp(2^100, -220) was 0),
 *               as a vec2 so the per-component lowering is covered.
 * Results below 2^-125 may be flushed to zero (of either sign).
 * test_float_edges SHADER.spv [--validation] [--reference]
 */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 128

static unsigned failures;

static bool
close_rel(float got, float want, float rel)
{
   if (isinf(want) || want == 0.0f)
      return got == want;
   /* at and just above the smallest normal, rounding may flush */
   if (fabsf(want) < 2.0f * FLT_MIN && got == 0.0f)
      return true;
   return fabsf(got - want) <= rel * fabsf(want);
}

static void
check(const char *what, unsigned n, float got, float want, float rel)
{
   if (!close_rel(got, want, rel) && failures++ < 20)
      fprintf(stderr, "%s: input %u = %a, expected %a\n", what, n, got, want);
}

static float
bits_f(int32_t i)
{
   float f;
   memcpy(&f, &i, 4);
   return f;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   /* (y, x) for atan and (z, e) for ldexp; the rest is random. */
   static const float atan_edge[][2] = {
      {0x1.1166e2p78f, 0x1.db7014p126f},
      {7.2f, 0x1.4e2d30p127f},
      {-0x1.15039ap127f, 0x1.f93c80p127f},
      {-1.35f, 0x1.000002p126f},
      {3.0f, -0x1.8p127f},
      {0x1.8p127f, 0x1.8p127f},
      {-0x1p127f, -0x1p126f},
      {0x1.fffffep127f, 2.0f},
      {0x1.2c4542p106f, 0x1.d433f8p126f},
      {0.5f, 0.25f},
      {-0.5f, 4.0f},
      {1e-30f, -1e30f},
   };
   static const struct {
      float z;
      int32_t e;
   } ldexp_edge[] = {
      {0.0f, 128},      {0.0f, -2181},          {0.0f, 3305725},   {1.5f, 127},
      {0x1p-10f, 135},  {0x1p100f, -220},       {1.0f, -126},      {3.0f, 200},
      {-3.0f, 200},     {1.0f, -200},           {1.75f, 0},        {0x1p-126f, 253},
      {0x1p127f, -240}, {-2.5f, INT32_MIN + 1}, {5.0f, INT32_MAX},
   };
   const unsigned n_atan = sizeof(atan_edge) / sizeof(atan_edge[0]);
   const unsigned n_ldexp = sizeof(ldexp_edge) / sizeof(ldexp_edge[0]);
   static float in[N * 4], out[N * 4];
   for (unsigned n = 0; n < N; n++) {
      uint32_t h = agx_vk_hash(n + 77), g = agx_vk_hash(n + 7777);
      /* random sign, exponent in [-100, 127], mantissa */
      float ry = ldexpf(1.0f + (float)(h & 0xffff) / 65536.0f, (int)(h >> 16) % 228 - 100);
      float rx = ldexpf(1.0f + (float)(g & 0xffff) / 65536.0f, (int)(g >> 16) % 228 - 100);
      in[4 * n + 0] = n < n_atan ? atan_edge[n][0] : (h & 1 ? -ry : ry);
      in[4 * n + 1] = n < n_atan ? atan_edge[n][1] : (g & 1 ? -rx : rx);
      in[4 * n + 2] = n < n_ldexp
                         ? ldexp_edge[n].z
                         : ldexpf(1.0f + (float)(g & 0xfff) / 4096.0f, (int)(h % 200) - 100);
      in[4 * n + 3] = bits_f(n < n_ldexp ? ldexp_edge[n].e : (int32_t)(g % 601) - 300);
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer bin = agx_vk_buffer(&c, sizeof(in)), bout = agx_vk_buffer(&c, sizeof(out));
   memcpy(bin.map, in, sizeof(in));
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){bin.buf, bout.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, N / 64, 1, 1));
   memcpy(out, bout.map, sizeof(out));
   unsigned tiny = 0;
   for (unsigned n = 0; n < N; n++) {
      float y = in[4 * n], x = in[4 * n + 1], z = in[4 * n + 2];
      int32_t e;
      memcpy(&e, &in[4 * n + 3], 4);
      /* the lowering's polynomial is good to ~2.3e-5 relative, far inside
       * the 4096 ULP Vulkan allows for atan */
      check("atan(y, x)", n, out[4 * n], atan2f(y, x), 1e-4f);
      check("atan(-y, -x)", n, out[4 * n + 3], atan2f(-y, -x), 1e-4f);
      check("ldexp(z, e)", n, out[4 * n + 1], ldexpf(z, e), 0.0f);
      check("ldexp(-z, -e)", n, out[4 * n + 2], ldexpf(-z, e == INT32_MIN ? INT32_MAX : -e), 0.0f);
      tiny += fabsf(atan2f(y, x)) < 0x1p-100f && atan2f(y, x) != 0.0f;
   }
   CHECK(tiny >= 3);
   printf("atan(y, x) and ldexp on %u inputs (%u atan results below 2^-100)\n", N, tiny);
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &bin);
   agx_vk_buffer_free(&c, &bout);
   if (failures)
      fprintf(stderr, "%u mismatches\n", failures);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
