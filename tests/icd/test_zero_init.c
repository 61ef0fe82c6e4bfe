/*
 * shaderZeroInitializeWorkgroupMemory through the loader: a shader whose
 * workgroup variables (an array longer than the workgroup, a vector, a
 * struct, a scalar) have null initializers copies every shared word it
 * sees to a buffer pre-filled with a marker; all must read zero, in every
 * workgroup. (The GPU model, like lavapipe, starts workgroups with zeroed
 * memory; tests/compiler shader_zero_init dirties shared memory first to
 * show the compiler's zero-fill itself.)
 * test_zero_init ZERO_INIT.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"

#define WGS 3
#define STRIDE 320 /* words per workgroup (zero_init.comp) */
#define USED 309

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
   CHECK(have.shaderZeroInitializeWorkgroupMemory == VK_TRUE);

   VkPhysicalDeviceVulkan13Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .shaderZeroInitializeWorkgroupMemory = VK_TRUE,
      .maintenance4 = VK_TRUE}; /* LocalSizeId (SPIR-V 1.6) */
   agx_vk_ctx_device(&c, &want, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(
      &c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 1, .first_binding = 1});
   struct agx_vk_buffer buf = agx_vk_buffer(&c, WGS * STRIDE * 4);
   uint32_t *out = (uint32_t *)buf.map;
   for (unsigned i = 0; i < WGS * STRIDE; i++)
      out[i] = 0xdeadbeefu;
   agx_vk_pipeline_bind(&c, &p, &buf.buf);
   VK_OK(agx_vk_dispatch(&c, &p, NULL, WGS, 1, 1));

   for (unsigned wg = 0; wg < WGS; wg++)
      for (unsigned k = 0; k < STRIDE; k++) {
         uint32_t want = k < USED ? 0 : 0xdeadbeefu;
         if (out[wg * STRIDE + k] != want) {
            fprintf(stderr, "workgroup %u word %u = %08x, expected %08x\n", wg, k,
                    out[wg * STRIDE + k], want);
            return 1;
         }
      }
   printf("zero-initialised workgroup memory ok (%u workgroups)\n", WGS);

   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &buf);
   return agx_vk_ctx_finish(&c);
}
