/*
 * VK_KHR_workgroup_memory_explicit_layout through the loader
 * (shaders/wg_explicit.comp): Block variables in shared memory alias from
 * its start, with their explicit layouts; words written through one are
 * read back as bytes and (from an explicit member Offset) 16-bit halves,
 * compared with the same reinterpretation on the host (little endian).
 * test_wg_explicit SHADER.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"

#define GROUPS 4
#define N (GROUPS * 32)

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *ext = "VK_KHR_workgroup_memory_explicit_layout";
   if (c.reference && !agx_vk_ctx_has_extension(&c, ext)) {
      printf("the reference driver lacks %s: skipped\n", ext); /* lavapipe of Mesa 22.3 */
      return 77;
   }
   CHECK(agx_vk_ctx_has_extension(&c, ext));
   VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.workgroupMemoryExplicitLayout && have.workgroupMemoryExplicitLayout8BitAccess &&
         have.workgroupMemoryExplicitLayout16BitAccess);
   VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR,
      .workgroupMemoryExplicitLayout = VK_TRUE,
      .workgroupMemoryExplicitLayout8BitAccess = VK_TRUE,
      .workgroupMemoryExplicitLayout16BitAccess = VK_TRUE};
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &want,
                                           .shaderInt8 = VK_TRUE};
   VkPhysicalDeviceFeatures w10 = {.shaderInt16 = VK_TRUE};
   agx_vk_ctx_device_features(&c, &w12, &w10, 1, &ext);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer in = agx_vk_buffer(&c, N * 4), out = agx_vk_buffer(&c, N * 16);
   uint32_t *v = in.ptr;
   for (unsigned n = 0; n < N; n++)
      v[n] = agx_vk_hash(n + 1);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){in.buf, out.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, GROUPS, 1, 1));

   const uint32_t *r = out.ptr;
   unsigned failures = 0;
   for (unsigned g = 0; g < GROUPS; g++) {
      const uint8_t *bytes = (const uint8_t *)&v[g * 32];
      for (unsigned i = 0; i < 32; i++) {
         unsigned j = (i * 7) % 128, k = (i * 5) % 32;
         uint16_t half;
         memcpy(&half, bytes + 64 + 2 * k, 2);
         uint32_t want3[3] = {bytes[j], half, v[g * 32 + 31 - i]};
         for (unsigned q = 0; q < 3; q++)
            if (r[4 * (g * 32 + i) + q] != want3[q] && failures++ < 20)
               fprintf(stderr, "group %u invocation %u value %u: got 0x%x, expected 0x%x\n", g, i,
                       q, r[4 * (g * 32 + i) + q], want3[q]);
      }
   }
   printf("aliased shared blocks: %u invocations, %u mismatches\n", N, failures);
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &out);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
