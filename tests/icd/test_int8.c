/*
 * 8-bit integer arithmetic beyond add/sub/mul/logic (shaderInt8): signed
 * and unsigned compares, min/max, arithmetic and logical shifts, division,
 * remainder and abs, checked against C for all 256 values of a against a
 * hash of b (and the edge pairs -128/-1, -128/127, 0/0).
 *
 * Then 8-bit shared memory at odd byte offsets (int8_shared.comp).
 *
 * test_int8 INT8_OPS.spv INT8_SHARED.spv [--validation] [--reference]
 */
#include <stdint.h>
#include <stdlib.h>

#include "agx_vk_ctx.h"

#define N 256

static void
expected(int8_t a, int8_t b, int r[12])
{
   uint8_t ua = (uint8_t)a, ub = (uint8_t)b, s = ub & 7;
   r[0] = a < b;
   r[1] = ua < ub;
   r[2] = a < b ? a : b;
   r[3] = ua > ub ? ua : ub;
   r[4] = (int8_t)(a >> s);
   r[5] = ua >> s;
   r[6] = (uint8_t)(ua << s);
   r[7] = b ? (int8_t)(a / b) : 0;     /* -128 / -1 wraps to -128 */
   r[8] = a >= 0 && b > 0 ? a % b : 0; /* GLSL leaves % of negatives undefined */
   r[9] = ub ? ua / ub : 0;
   r[10] = (int8_t)(a < 0 ? -a : a); /* abs(-128) = -128 */
   r[11] = a == b ? 1 : (a >= b ? 2 : 0);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 3);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .shaderInt8 = VK_TRUE,
                                           .storageBuffer8BitAccess = VK_TRUE};
   agx_vk_ctx_device_features(&c, &w12, NULL, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer in = agx_vk_buffer(&c, 2 * N), out = agx_vk_buffer(&c, N * 12 * 4);
   int8_t *a = (int8_t *)in.map, *b = a + N;
   for (int i = 0; i < N; i++) {
      a[i] = (int8_t)i;
      b[i] = (int8_t)(agx_vk_hash((uint32_t)i) >> 13);
   }
   b[0x80] = -1; /* -128 / -1 */
   b[0x81] = 127;
   a[0x82] = -128;
   b[0x82] = 127;
   b[0] = 0; /* 0 / 0 guarded */
   b[5] = 5; /* equal */
   memset(out.map, 0xcd, N * 12 * 4);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){in.buf, out.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, N / 64, 1, 1));

   const int *r = (const int *)out.map;
   unsigned bad = 0;
   for (int i = 0; i < N; i++) {
      int e[12];
      expected(a[i], b[i], e);
      for (int k = 0; k < 12; k++) {
         if (r[i * 12 + k] != e[k] && bad++ < 20)
            fprintf(stderr, "a=%d b=%d op %d: %d, expected %d\n", a[i], b[i], k, r[i * 12 + k],
                    e[k]);
      }
   }
   CHECK(bad == 0);
   printf("int8: %d x 12 results match C\n", N);
   agx_vk_pipeline_free(&c, &p);

   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[2], .buffers = 2});
   memset(out.map, 0xcd, N * 4);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){in.buf, out.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, N / 64, 1, 1));
   for (int i = 0; i < N; i++) {
      int g = i & ~63, want = a[g + ((i + 1) & 63)] + a[g + 3];
      if (r[i] != want && bad++ < 20)
         fprintf(stderr, "shared: invocation %d: %d, expected %d\n", i, r[i], want);
   }
   CHECK(bad == 0);
   printf("int8: shared memory bytes at odd offsets ok\n");
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &out);
   return agx_vk_ctx_finish(&c);
}
