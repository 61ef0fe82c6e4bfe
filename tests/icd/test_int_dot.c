/*
 * shaderIntegerDotProduct through the loader: shaders/dot.spvasm runs the
 * six dot-product instructions on packed 4x8-bit operands and on 32-bit
 * vectors (with and without saturating accumulation) and every result is
 * compared with a 64-bit CPU computation; the operands include the extreme
 * bytes and accumulators next to the saturation limits. Also checks the
 * "accelerated" properties, which agx-vk reports as all false (no
 * dot-product instruction is used).
 * test_int_dot DOT.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 256 /* invocations */
#define R 12  /* results per invocation */

static int64_t
byte(uint32_t v, unsigned k, bool sign)
{
   uint8_t x = (uint8_t)(v >> (8 * k));
   return sign ? (int64_t)(int8_t)x : (int64_t)x;
}

static int64_t
packed(uint32_t a, uint32_t b, bool sa, bool sb)
{
   int64_t s = 0;
   for (unsigned k = 0; k < 4; k++)
      s += byte(a, k, sa) * byte(b, k, sb);
   return s;
}

static uint32_t
sat(int64_t dot, uint32_t acc, bool sign)
{
   if (sign) {
      int64_t s = (int64_t)(int32_t)(uint32_t)dot + (int32_t)acc; /* dot taken as a 32-bit value */
      return (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
   }
   uint64_t s = (uint64_t)(uint32_t)dot + acc;
   return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* Low 32 bits of a dot product of 32-bit components (wrapping). */
static uint32_t
dot32(const uint32_t *x, const uint32_t *y, unsigned n)
{
   uint32_t s = 0;
   for (unsigned k = 0; k < n; k++)
      s += x[k] * y[k];
   return s;
}

static void
expect(uint32_t a, uint32_t b, uint32_t acc, uint32_t out[R])
{
   uint32_t va[3] = {a, b, acc}, vb[3] = {b, acc, a}, ua[2] = {a, b}, ub[2] = {acc, a};
   out[0] = (uint32_t)packed(a, b, true, true);
   out[1] = (uint32_t)packed(a, b, false, false);
   out[2] = (uint32_t)packed(a, b, true, false);
   out[3] = sat(packed(a, b, true, true), acc, true);
   out[4] = sat(packed(a, b, false, false), acc, false);
   out[5] = sat(packed(a, b, true, false), acc, true);
   out[6] = dot32(va, vb, 3);
   out[7] = sat(dot32(ua, ub, 2), acc, false);
   out[8] = dot32(va, vb, 3); /* signed x unsigned: the same low bits */
   out[9] = sat(dot32(va, vb, 3), acc, true);
   out[10] = dot32(ua, ub, 2);
   out[11] = sat(dot32(va, vb, 3), acc, true);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);

   VkPhysicalDeviceVulkan13Features have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.shaderIntegerDotProduct == VK_TRUE);
   VkPhysicalDeviceShaderIntegerDotProductProperties dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &dp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   if (strstr(p2.properties.deviceName, "Apple")) {
      /* Every member after sType/pNext is a VkBool32 "accelerated" flag. */
      const VkBool32 *flag = &dp.integerDotProduct8BitUnsignedAccelerated;
      unsigned count =
         (unsigned)((sizeof(dp) - offsetof(VkPhysicalDeviceShaderIntegerDotProductProperties,
                                           integerDotProduct8BitUnsignedAccelerated)) /
                    sizeof(VkBool32));
      CHECK(count == 30);
      for (unsigned k = 0; k < count; k++)
         CHECK(flag[k] == VK_FALSE);
   }

   VkPhysicalDeviceVulkan13Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .shaderIntegerDotProduct = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer bufs[2] = {agx_vk_buffer(&c, N * 3 * 4), agx_vk_buffer(&c, N * R * 4)};
   uint32_t *in = (uint32_t *)bufs[0].map, *out = (uint32_t *)bufs[1].map;
   static const uint32_t edge[] = {0x7f7f7f7fu, 0x80808080u, 0xffffffffu,
                                   0x01020304u, 0,           0x807f01ffu};
   static const uint32_t accs[] = {0x7fffffffu, 0x80000000u, 0xffffffffu, 0,
                                   0x7ffffff0u, 0xfffffff0u, 0x80000010u, 0xffff0000u};
   for (uint32_t i = 0; i < N; i++) {
      if (i < 6 * 6 * 8) {
         in[3 * i] = edge[i % 6];
         in[3 * i + 1] = edge[(i / 6) % 6];
         in[3 * i + 2] = accs[(i / 36) % 8];
      }
      if (i >= 6 * 6 * 8 || i % 7 == 6) {
         in[3 * i] = agx_vk_hash(i * 3);
         in[3 * i + 1] = agx_vk_hash(i * 3 + 1);
         in[3 * i + 2] = i & 1 ? agx_vk_hash(i * 3 + 2) : accs[i % 8] ^ (i & 0xff);
      }
   }
   memset(out, 0xcd, N * R * 4);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){bufs[0].buf, bufs[1].buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, N / 64, 1, 1));

   unsigned saturated = 0;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t want[R];
      expect(in[3 * i], in[3 * i + 1], in[3 * i + 2], want);
      for (unsigned k = 0; k < R; k++) {
         if (out[i * R + k] != want[k]) {
            fprintf(stderr,
                    "invocation %u (a %08x b %08x acc %08x) result %u = %08x, expected %08x\n", i,
                    in[3 * i], in[3 * i + 1], in[3 * i + 2], k, out[i * R + k], want[k]);
            return 1;
         }
         saturated += (k == 3 || k == 4 || k == 5 || k == 7 || k == 9 || k == 11) &&
                      (want[k] == 0x7fffffffu || want[k] == 0x80000000u || want[k] == 0xffffffffu);
      }
   }
   printf("integer dot products ok (%u results, %u saturated)\n", N * R, saturated);
   CHECK(saturated >= 20);

   agx_vk_pipeline_free(&c, &p);
   for (unsigned i = 0; i < 2; i++)
      agx_vk_buffer_free(&c, &bufs[i]);
   return agx_vk_ctx_finish(&c);
}
