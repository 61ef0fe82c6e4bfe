/*
 * The shader integer types agx-vk advertises, through the loader:
 * shaderInt8/16/64 arithmetic, conversions and bitcasts,
 * 8/16-bit storage buffer access and the scalar block layout, in one
 * dispatch of shaders/types.comp whose every result is compared with a CPU
 * computation. Inputs include 64-bit values past 2^32, floats whose integer
 * part needs more than 32 bits and negative 8/16-bit values; fp16 is only
 * stored and converted (shaderFloat16 stays off). RTZ.spv converts f32 to
 * f16 with the RTZ and RTE rounding-mode decorations.
 * test_types TYPES.spv RTZ.spv [--validation] [--reference]
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 64

/* Mirrors of the shader's blocks (scalar layout, falling element size). */
struct in_block {
   int64_t q[N][4];
   float x[N];
   float v[N][3];
   uint32_t u[N];
   int16_t h[N];
   uint16_t f[N]; /* fp16 bits */
   int8_t b[N];
};

struct out_block {
   int64_t q_sum[N], f2i64[N];
   uint64_t f2u64[N];
   int64_t h2i64[N];
   uint64_t b2u64[N];
   int32_t i8x3[N];
   float b2f[N], vsum[N], f16to32[N];
   uint32_t bytes[N], repack[N];
   uint16_t fma16[N];
   int16_t h3[N];
   int8_t f2i8[N];
   uint8_t badd[N];
};

/* fp16 bits of k / 4 for |k| < 4096 (exact: at most 11 significant bits). */
static uint16_t
half_quarter(int k)
{
   if (k == 0)
      return 0;
   uint16_t sign = k < 0 ? 0x8000 : 0;
   unsigned m = (unsigned)(k < 0 ? -k : k), e = 0;
   while ((m >> e) > 1)
      e++;
   /* value = m * 2^-2 = 1.f * 2^(e - 2) */
   unsigned frac = (m << (10 - e)) & 0x3ff;
   return (uint16_t)(sign | ((e - 2 + 15) << 10) | frac);
}

/* k / 4 back from half_quarter's bits (normal numbers and zero only). */
static float
half_value(uint16_t h)
{
   unsigned e = (h >> 10) & 0x1f, frac = h & 0x3ff;
   float v = e ? ldexpf(1.0f + (float)frac / 1024.0f, (int)e - 15) : 0.0f;
   return h & 0x8000 ? -v : v;
}

/* f32 -> f16 bits for values of normal f16 exponent or larger: truncated
 * (rtz: overflow to the largest finite value) or to nearest even (overflow
 * to infinity). */
static uint16_t
half_round(float x, bool rtz)
{
   uint32_t b;
   memcpy(&b, &x, 4);
   uint16_t sign = (uint16_t)(b >> 16 & 0x8000);
   int e = (int)(b >> 23 & 0xff) - 127;
   uint32_t mant = b & 0x7fffff;
   CHECK(e >= -14);
   if (e > 15)
      return sign | (rtz ? 0x7bff : 0x7c00);
   uint16_t h = (uint16_t)(sign | (unsigned)(e + 15) << 10 | mant >> 13);
   uint32_t rem = mant & 0x1fff;
   if (!rtz && (rem > 0x1000 || (rem == 0x1000 && (h & 1))))
      h++; /* a carry into the exponent gives the right result, up to infinity */
   return h;
}

/* The rounding-mode decorations on OpFConvert (16-bit storage). */
static void
test_rtz(struct agx_vk_ctx *c, const char *spv)
{
   struct agx_vk_pipeline p;
   agx_vk_pipeline(c, &p, &(struct agx_vk_pipeline_desc){.spv = spv, .buffers = 2});
   struct agx_vk_buffer bufs[2] = {agx_vk_buffer(c, N * 4), agx_vk_buffer(c, 2 * N * 2)};
   float *in = (float *)bufs[0].map;
   uint16_t *out = (uint16_t *)bufs[1].map;
   for (int i = 0; i < N; i++) {
      uint32_t r = agx_vk_hash((uint32_t)i + 1000);
      in[i] = ldexpf(1.0f + (float)(r & 0x7fffff) / 8388608.0f, (int)(r >> 24) % 30 - 14) *
              (i & 1 ? -1.0f : 1.0f);
   }
   in[0] = 65519.0f;        /* rte: 65504; rtz: 65504 */
   in[1] = -65520.0f;       /* rte: -inf; rtz: -65504 */
   in[2] = 1.0e6f;          /* overflow */
   in[3] = 1.0f + 0x1p-11f; /* a tie: rte to even (1.0) */
   in[4] = 0.5f;            /* exact */
   agx_vk_pipeline_bind(c, &p, (VkBuffer[2]){bufs[0].buf, bufs[1].buf});
   VK_OK(agx_vk_dispatch(c, &p, NULL, 1, 1, 1));
   unsigned bad = 0, differ = 0;
   for (int i = 0; i < N; i++) {
      uint16_t z = half_round(in[i], true), e = half_round(in[i], false);
      if (out[i] != z || out[N + i] != e) {
         fprintf(stderr, "%a: rtz %04x rte %04x, expected %04x %04x\n", (double)in[i], out[i],
                 out[N + i], z, e);
         bad++;
      }
      differ += z != e;
   }
   CHECK(bad == 0);
   CHECK(differ >= 20);
   printf("rounding modes ok (%u of %d results differ between rtz and rte)\n", differ, N);
   agx_vk_pipeline_free(c, &p);
   for (unsigned i = 0; i < 2; i++)
      agx_vk_buffer_free(c, &bufs[i]);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 3);
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
   CHECK(f2.features.shaderInt64 && f2.features.shaderInt16);
   CHECK(h12.shaderInt8 && h12.scalarBlockLayout);
   CHECK(h12.storageBuffer8BitAccess && h12.uniformAndStorageBuffer8BitAccess);
   CHECK(h11.storageBuffer16BitAccess && h11.uniformAndStorageBuffer16BitAccess);
   static const char *const exts[] = {"VK_KHR_8bit_storage", "VK_KHR_16bit_storage",
                                      "VK_KHR_shader_float16_int8", "VK_EXT_scalar_block_layout"};
   for (unsigned k = 0; k < 4; k++)
      CHECK(agx_vk_ctx_has_extension(&c, exts[k]));

   VkPhysicalDeviceVulkan13Features w13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .maintenance4 = VK_TRUE}; /* LocalSizeId (SPIR-V 1.6) */
   VkPhysicalDeviceVulkan11Features w11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &w13,
                                           .storageBuffer16BitAccess = VK_TRUE};
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &w11,
                                           .shaderInt8 = VK_TRUE,
                                           .storageBuffer8BitAccess = VK_TRUE,
                                           .scalarBlockLayout = VK_TRUE};
   VkPhysicalDeviceFeatures w10 = {.shaderInt64 = VK_TRUE, .shaderInt16 = VK_TRUE};
   agx_vk_ctx_device_features(&c, &w12, &w10, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer bufs[2] = {agx_vk_buffer(&c, sizeof(struct in_block)),
                                   agx_vk_buffer(&c, sizeof(struct out_block))};
   struct in_block *in = (struct in_block *)bufs[0].map;
   struct out_block *out = (struct out_block *)bufs[1].map;
   for (int i = 0; i < N; i++) {
      uint32_t r = agx_vk_hash((uint32_t)i);
      for (unsigned k = 0; k < 4; k++)
         in->q[i][k] = (int64_t)((uint64_t)agx_vk_hash(r + k) << (k * 9)) - (int64_t)(i * 977);
      /* integer parts from a few bits to 2^62, both signs */
      in->x[i] = ldexpf((float)(r & 0xffffff) + 0.75f, (int)(i % 40) - 2) * (i & 1 ? -1.0f : 1.0f);
      for (unsigned k = 0; k < 3; k++)
         in->v[i][k] = (float)(i * 3 + (int)k) * 0.5f - 7.0f;
      in->u[i] = agx_vk_hash(r ^ 0x5555u);
      in->h[i] = (int16_t)(r >> 8);
      in->f[i] = half_quarter(i * 11 - 300);
      in->b[i] = (int8_t)(r >> 24);
   }
   in->b[0] = -128;
   in->b[1] = 127;
   in->u[2] = 0xffffffffu;
   in->h[0] = INT16_MIN;
   memset(out, 0xcd, sizeof(*out));
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){bufs[0].buf, bufs[1].buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, 1, 1, 1));

   unsigned bad = 0;
#define EXPECT(field, want, fmt)                                                      \
   do {                                                                               \
      if (out->field[i] != (want)) {                                                  \
         fprintf(stderr, "invocation %d " #field " = " fmt ", expected " fmt "\n", i, \
                 out->field[i], (want));                                              \
         bad++;                                                                       \
      }                                                                               \
   } while (0)
   unsigned past32 = 0;
   for (int i = 0; i < N; i++) {
      const int64_t *q = in->q[i];
      int64_t qs = (int64_t)((uint64_t)q[0] + (uint64_t)q[1] * (uint64_t)q[2] - (uint64_t)q[3]);
      EXPECT(q_sum, qs, "%" PRId64);
      float x = in->x[i];
      EXPECT(f2i64, (int64_t)x, "%" PRId64);
      EXPECT(f2u64, (uint64_t)fabsf(x), "%" PRIu64);
      past32 += fabsf(x) >= 4294967296.0f;
      EXPECT(h2i64, (int64_t)in->h[i], "%" PRId64);
      EXPECT(b2u64, (uint64_t)(uint8_t)in->b[i], "%" PRIu64);
      EXPECT(i8x3, (int32_t)in->b[i] * 3, "%d");
      EXPECT(b2f, (float)in->b[i], "%g");
      EXPECT(vsum, in->v[i][0] + 2.0f * in->v[i][1] + 4.0f * in->v[i][2], "%g");
      uint16_t lo = (uint16_t)in->u[i], hi = (uint16_t)(in->u[i] >> 16);
      EXPECT(f16to32, half_value(in->f[i]) * 4.0f + 1.0f, "%g");
      uint32_t u = in->u[i];
      EXPECT(bytes, (u & 0xff) + 2 * ((u >> 8) & 0xff) + 4 * ((u >> 16) & 0xff) + 8 * (u >> 24),
             "%u");
      EXPECT(repack, (uint32_t)(uint16_t)(hi + 1) | (uint32_t)(uint16_t)(lo + 2) << 16, "%08x");
      /* (i*11-300)/4 * 2 + 0.5 = ((i*11-300)*2 + 2) / 4: still k/4 with |k| < 4096 */
      EXPECT(fma16, half_quarter((i * 11 - 300) * 2 + 2), "%04x");
      EXPECT(h3, (int16_t)(in->h[i] * 3), "%d");
      EXPECT(f2i8, (int8_t)in->v[i][1], "%d"); /* -6.5 .. 88: in range */
      EXPECT(badd, (uint8_t)((uint8_t)in->b[i] + 200), "%u");
   }
   CHECK(bad == 0);
   CHECK(past32 >= 10);
   printf("types ok (%d invocations, %u float->64-bit conversions past 2^32)\n", N, past32);

   test_rtz(&c, argv[2]);

   agx_vk_pipeline_free(&c, &p);
   for (unsigned i = 0; i < 2; i++)
      agx_vk_buffer_free(&c, &bufs[i]);
   return agx_vk_ctx_finish(&c);
}
