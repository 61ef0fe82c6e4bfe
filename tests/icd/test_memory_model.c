/*
 * The Vulkan memory model through the loader (vulkanMemoryModel and
 * vulkanMemoryModelDeviceScope): shaders/memory_model.comp declares
 * OpMemoryModel Vulkan and uses coherent (NonPrivatePointer,
 * MakePointerAvailable/Visible) buffer accesses, workgroup- and
 * device-scope control barriers with MakeAvailable/MakeVisible semantics,
 * a device-scope atomic counter shared by every workgroup, and a
 * queue-family-scope release store / device-scope acquire load. Checks
 * every value. (The GPU model is coherent: memory accesses complete before
 * the waits the compiler puts ahead of barriers, so visibility needs no
 * cache maintenance there; Mesa's AGX driver exposes the same two features
 * on single-die G13/G14.)
 * test_memory_model MEMORY_MODEL.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define WGS 4
#define N (WGS * 64)

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);

   VkPhysicalDeviceVulkan12Features have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.vulkanMemoryModel == VK_TRUE && have.vulkanMemoryModelDeviceScope == VK_TRUE);

   VkPhysicalDeviceVulkan13Features want13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .maintenance4 = VK_TRUE}; /* LocalSizeId (SPIR-V 1.6) */
   VkPhysicalDeviceVulkan12Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &want13,
      .vulkanMemoryModel = VK_TRUE,
      .vulkanMemoryModelDeviceScope = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p,
                   &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 3, .push_size = 4});
   /* data (2N words, zeroed), out (4N words), counter (zeroed) */
   struct agx_vk_buffer bufs[3] = {agx_vk_buffer(&c, 2 * N * 4), agx_vk_buffer(&c, 4 * N * 4),
                                   agx_vk_buffer(&c, 4)};
   uint32_t *data = (uint32_t *)bufs[0].map, *out = (uint32_t *)bufs[1].map,
            *count = (uint32_t *)bufs[2].map;
   memset(out, 0xcd, 4 * N * 4);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[3]){bufs[0].buf, bufs[1].buf, bufs[2].buf});
   const uint32_t total = N;
   VK_OK(agx_vk_dispatch(&c, &p, &total, WGS, 1, 1));

   static bool seen[N];
   for (uint32_t g = 0; g < N; g++) {
      uint32_t wg = g / 64, l = g % 64;
      uint32_t want[4] = {(wg * 64 + (l ^ 33)) * 7 + 1, (wg * 64 + 63 - l) * 3 + 2, 0, g ^ 0x5a5au};
      const uint32_t *o = out + 4 * g;
      for (unsigned k = 0; k < 4; k++) {
         if (k == 2)
            continue;
         if (o[k] != want[k]) {
            fprintf(stderr, "invocation %u result %u = %08x, expected %08x\n", g, k, o[k], want[k]);
            return 1;
         }
      }
      CHECK(o[2] < N && !seen[o[2]]); /* the counter values are a permutation */
      seen[o[2]] = true;
      CHECK(data[N + g] == (g ^ 0x5a5au));
   }
   CHECK(*count == N);
   printf("memory model ok (%u invocations)\n", N);

   agx_vk_pipeline_free(&c, &p);
   for (unsigned i = 0; i < 3; i++)
      agx_vk_buffer_free(&c, &bufs[i]);
   return agx_vk_ctx_finish(&c);
}
