/*
 * shaderFloat16 through the loader (shaders/float16.comp), checked against
 * C on the host:
 *   products keep the sign of zero (-5 * 0 = -0) in fp16 and fp32, which
 *     the reported shaderSignedZeroInfNanPreserveFloat16/32 promise;
 *   frexp of fp16 values, denormals included (kept: DenormPreserveFloat16);
 *   tanh, determinant and inverse of an f16mat2 within fp16 tolerances, a
 *     singular matrix giving infinities of the right sign;
 *   a function returning a struct of fp16 values;
 *   ldexp with results down to denormals and zero.
 * Also checks the float-controls properties the device reports (agx only).
 * test_float16 SHADER.spv [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 64

static unsigned failures;

static float
h2f(uint16_t h)
{
   unsigned s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
   float v = e == 0x1f ? (m ? NAN : INFINITY)
             : e       ? ldexpf((float)(m | 0x400), (int)e - 25)
                       : ldexpf((float)m, -24);
   return s ? -v : v;
}

/* Round to nearest even; NaN as 0x7e00. */
static uint16_t
f2h(double x)
{
   if (isnan(x))
      return 0x7e00;
   uint16_t s = signbit(x) ? 0x8000 : 0;
   double a = fabs(x);
   if (a >= 65520.0)
      return s | 0x7c00;
   int e;
   frexp(a, &e);
   int q = e - 11 < -24 ? -24 : e - 11; /* quantum exponent */
   double m = nearbyint(ldexp(a, -q));
   double r = ldexp(m, q);
   if (r >= 65520.0)
      return s | 0x7c00;
   if (r < 0x1p-14)
      return s | (uint16_t)ldexp(r, 24);
   frexp(r, &e);
   return s | (uint16_t)((e + 14) << 10) | (uint16_t)(ldexp(r, 11 - e) - 1024.0);
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
bits16(const char *what, unsigned i, uint16_t got, uint16_t want)
{
   if (got != want && failures++ < 30)
      fprintf(stderr, "%s[%u]: got 0x%04x, expected 0x%04x\n", what, i, got, want);
}

static void
near16(const char *what, unsigned i, uint16_t got, double want, double tol)
{
   float g = h2f(got);
   bool ok = isinf(want) ? g == want : fabs(g - want) <= tol * fmax(1.0, fabs(want));
   if (!ok && failures++ < 30)
      fprintf(stderr, "%s[%u]: got %g (0x%04x), expected %g\n", what, i, g, got, want);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);

   VkPhysicalDeviceVulkan11Features h11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan12Features h12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &h11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &h12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(h12.shaderFloat16 && h11.storageBuffer16BitAccess);

   VkPhysicalDeviceFloatControlsProperties fc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &fc};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   if (!c.reference) {
      /* What the ALU does (sim/agx_sim_float.c), nothing more */
      CHECK(fc.shaderSignedZeroInfNanPreserveFloat16 && fc.shaderSignedZeroInfNanPreserveFloat32);
      CHECK(fc.shaderDenormPreserveFloat16 && !fc.shaderDenormFlushToZeroFloat16);
      CHECK(fc.shaderDenormFlushToZeroFloat32 && !fc.shaderDenormPreserveFloat32);
      CHECK(fc.shaderRoundingModeRTEFloat16 && fc.shaderRoundingModeRTEFloat32);
      CHECK(!fc.shaderRoundingModeRTZFloat16 && !fc.shaderRoundingModeRTZFloat32);
      CHECK(!fc.shaderDenormPreserveFloat64 && !fc.shaderSignedZeroInfNanPreserveFloat64);
   }

   VkPhysicalDeviceVulkan11Features w11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .storageBuffer16BitAccess = VK_TRUE};
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &w11,
                                           .shaderFloat16 = VK_TRUE};
   agx_vk_ctx_device(&c, &w12, 0, NULL);

   /* (a, b, c, d): f16mat2(a, b, c, d) has columns (a, b) and (c, d). */
   static const uint16_t edge[][4] = {
      {0xc500, 0x0000, 0x4500, 0x0000}, /* -5, 0, 5, 0: singular, -0 products */
      {0x0001, 0x03ff, 0x8000, 0x4200}, /* smallest and largest denormal; -0 * 3 */
      {0x8000, 0x4200, 0x4000, 0x8000}, /* -0 * 3, 2 * -0 */
      {0x3c00, 0x0000, 0x0000, 0x3c00}, /* identity */
      {0x7bff, 0x4000, 0x0400, 0x3800}, /* overflowing product: 65504 * 2 */
   };
   const unsigned n_edge = sizeof(edge) / sizeof(edge[0]);
   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 4});
   struct agx_vk_buffer in = agx_vk_buffer(&c, N * 8), out = agx_vk_buffer(&c, N * 32),
                        out32 = agx_vk_buffer(&c, N * 16), outexp = agx_vk_buffer(&c, N * 16);
   uint16_t *v = in.ptr;
   for (unsigned i = 0; i < N; i++)
      for (unsigned k = 0; k < 4; k++) {
         uint32_t h = agx_vk_hash(i * 4 + k + 1);
         /* random values in (-4, 4), some small */
         float r = (float)((int)(h % 8001) - 4000) / 1000.0f;
         v[4 * i + k] = i < n_edge ? edge[i][k] : f2h((h >> 20) % 7 == 0 ? r / 512.0f : r);
      }
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[4]){in.buf, out.buf, out32.buf, outexp.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, N / 32, 1, 1));

   const uint16_t *o = out.ptr;
   const float *o32 = out32.ptr;
   const int32_t *oe = outexp.ptr;
   unsigned singular_inf = 0;
   for (unsigned i = 0; i < N; i++) {
      float a = h2f(v[4 * i]), b = h2f(v[4 * i + 1]), cc = h2f(v[4 * i + 2]), d = h2f(v[4 * i + 3]);
      const uint16_t *r = &o[16 * i];
      bits16("a*b", i, r[0], f2h((double)a * b));
      bits16("c*d", i, r[1], f2h((double)cc * d));
      for (unsigned k = 0; k < 2; k++) {
         float x = k ? b : a;
         /* lavapipe does not keep fp16 denormals (nor claims to) */
         if (fabsf(x) < 0x1p-14f && x != 0.0f && !fc.shaderDenormPreserveFloat16)
            continue;
         int e;
         double m = frexp(x, &e);
         bits16("frexp mantissa", i, r[2 + k], f2h(m));
         if (oe[4 * i + k] != e && failures++ < 30)
            fprintf(stderr, "frexp exponent[%u.%u]: got %d, expected %d\n", i, k, oe[4 * i + k], e);
      }
      near16("tanh(a)", i, r[4], tanh(a), 2e-3);
      near16("tanh(c)", i, r[5], tanh(cc), 2e-3);
      double det = (double)a * d - (double)cc * b;
      /* an implementation may round each product to fp16 first (lavapipe) */
      double slack = 0x1p-10 * (fabs((double)a * d) + fabs((double)cc * b));
      if (det == 0.0)
         bits16("det (zero)", i, r[6], f2h(det));
      else
         near16("det", i, r[6], det, 2e-3 + slack / fmax(1.0, fabs(det)));
      /* struct return: lo, hi, (c + d, c - d) */
      bits16("struct lo", i, r[7], f2h(fmin(cc, d)));
      bits16("struct hi", i, r[12], f2h(fmax(cc, d)));
      bits16("struct sum", i, r[13], f2h((double)cc + d));
      bits16("struct diff", i, r[14], f2h((double)cc - d));
      int le = i < 8 ? -38 - (int)i : (int)(i % 61) - 40; /* 65504 * 2^-42 rounds to 0 */
      if (fc.shaderDenormPreserveFloat16 || fabs(ldexp(a, le)) >= 0x1p-14)
         bits16("ldexp", i, r[15], f2h(ldexp(a, le)));
      if (fabs(det) >= 0.25) {
         double inv[4] = {d / det, -b / det, -cc / det, a / det};
         for (unsigned k = 0; k < 4; k++)
            near16("inverse", i, r[8 + k], inv[k], 1e-2 + slack / fabs(det));
      } else if (det == 0.0 && v[4 * i] == 0xc500) {
         /* (-5, 0, 5, 0): det = -0, so -c / det = a / det = +inf */
         bits16("inverse (singular)", i, r[10], 0x7c00);
         bits16("inverse (singular)", i, r[11], 0x7c00);
         singular_inf++;
      }
      /* fp32 */
      uint32_t want[4] = {fbits(a * b), fbits(cc * d), fbits(-a * b), fbits(a / b)};
      for (unsigned k = 0; k < 4; k++)
         if (fbits(o32[4 * i + k]) != want[k] &&
             !(isnan(o32[4 * i + k]) && want[k] == fbits(NAN)) &&
             !(k == 3 && fabsf(o32[4 * i + k] - a / b) <= 3e-7f * fabsf(a / b)) && failures++ < 30)
            fprintf(stderr, "fp32[%u.%u]: got %a (0x%08x), expected 0x%08x\n", i, k, o32[4 * i + k],
                    fbits(o32[4 * i + k]), want[k]);
   }
   CHECK(singular_inf == 1);
   CHECK(fbits(o32[0]) == 0x80000000u && o[0] == 0x8000); /* -5 * 0 */
   printf("fp16 products, frexp, tanh, det, inverse, struct return on %u inputs\n", N);
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &out);
   agx_vk_buffer_free(&c, &out32);
   agx_vk_buffer_free(&c, &outexp);
   if (failures)
      fprintf(stderr, "%u mismatches\n", failures);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
