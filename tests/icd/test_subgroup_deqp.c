/*
 * Reproductions of the dEQP-VK.subgroups compute cases issue 16 lists as
 * failing on agx-vk (pipeline creation returned VK_ERROR_UNKNOWN, or the
 * results were wrong), shaped as dEQP shapes them: shaders/sg_deqp_like.comp
 * compiled per case (sg_deqp_<case>_<type>.spv) computes every expected
 * value in the shader and writes 1 per invocation when all hold. Each runs
 * with workgroups of 1, 32, 100 (private arrays of 100 invocations do not
 * fit threadgroup memory), 4x8x3 and 1x1x64 invocations, those whose width
 * is a multiple of the subgroup size also with the size required and full
 * subgroups; the data are random nonzero bytes (dEQP's InitializeNonZero).
 * test_subgroup_deqp SPV_DIR [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define MAX_WG 128

static const char *const cases[] = {
   "1_u64vec4", /* subgroupclusteredmin_u64vec4(_requiredsubgroupsize) */
   "1_i8vec4",  /* clustered on 8-bit vectors */
   "1_u16vec3", /* clustered on 16-bit vectors */
   "2_u64vec4", /* subgroupbroadcast_u64vec4: 128 x 32-byte private array */
   "2_i16vec3", /* subgroupbroadcast_i16vec3 */
   "3_int64_t", /* exclusive/inclusive min/max of int64_t */
   "3_u64vec4", /* ... and of u64vec4 */
   "4_uint",    /* subgroupltmask(_requiredsubgroupsize) */
};

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   static struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Properties p13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES};
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES,
      .pNext = &p13};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   unsigned size = p11.subgroupSize;
   CHECK(size >= 4 && size <= MAX_WG);

   VkPhysicalDeviceVulkan13Features w13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .subgroupSizeControl = VK_TRUE,
                                           .computeFullSubgroups = VK_TRUE};
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &w13,
                                           .shaderInt8 = VK_TRUE,
                                           .storageBuffer8BitAccess = VK_TRUE,
                                           .shaderSubgroupExtendedTypes = VK_TRUE};
   VkPhysicalDeviceVulkan11Features w11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &w12,
                                           .storageBuffer16BitAccess = VK_TRUE};
   VkPhysicalDeviceFeatures base = {.shaderInt64 = VK_TRUE, .shaderInt16 = VK_TRUE};
   agx_vk_ctx_device_features(&c, &w11, &base, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.buffers = 2});
   struct agx_vk_buffer res = agx_vk_buffer(&c, MAX_WG * 4);
   struct agx_vk_buffer data = agx_vk_buffer(&c, MAX_WG * 32);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[2]){res.buf, data.buf});
   for (unsigned i = 0; i < MAX_WG * 32; i++)
      data.map[i] = (uint8_t)(agx_vk_hash(i) % 255u + 1u);

   /* workgroup sizes (dEQP tries 1-, 2- and 3-dimensional ones) */
   static const uint32_t sizes[][3] = {{1, 1, 1}, {32, 1, 1}, {100, 1, 1}, {4, 8, 3}, {1, 1, 64}};
   unsigned runs = 0;
   for (unsigned ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) {
      /* lavapipe has no clustered operations (cases 1_*) */
      bool clustered = p11.subgroupSupportedOperations & VK_SUBGROUP_FEATURE_CLUSTERED_BIT;
      if (cases[ci][0] == '1' && !clustered) {
         CHECK(c.reference);
         continue;
      }
      char path[1024];
      snprintf(path, sizeof(path), "%s/sg_deqp_%s.spv", argv[1], cases[ci]);
      VkShaderModule m = agx_vk_shader(&c, path);
      for (unsigned wi = 0; wi < sizeof(sizes) / sizeof(sizes[0]); wi++) {
         const uint32_t *sz = sizes[wi];
         uint32_t wg = sz[0] * sz[1] * sz[2];
         for (unsigned req = 0; req < 2; req++) {
            /* full subgroups need the width to be a multiple of the size */
            if (req && sz[0] % p13.maxSubgroupSize)
               continue;
            VkSpecializationMapEntry e[3] = {{0, 0, 4}, {1, 4, 4}, {2, 8, 4}};
            VkSpecializationInfo si = {3, e, 12, sz};
            VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rs = {
               .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
               .requiredSubgroupSize = size};
            p.pipeline = agx_vk_compute_pipeline(
               &c, p.layout, m, &si,
               req ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT : 0,
               req ? &rs : NULL);
            memset(res.map, 0xcd, MAX_WG * 4);
            VK_OK(agx_vk_dispatch(&c, &p, NULL, 1, 1, 1));
            const uint32_t *r = (const uint32_t *)res.ptr;
            for (uint32_t i = 0; i < wg; i++) {
               if (r[i] != 1) {
                  fprintf(stderr, "%s size %ux%ux%u%s: invocation %u wrote %#x\n", cases[ci], sz[0],
                          sz[1], sz[2], req ? " (required size)" : "", i, r[i]);
                  return 1;
               }
            }
            vkDestroyPipeline(c.dev, p.pipeline, NULL);
            p.pipeline = VK_NULL_HANDLE;
            runs++;
         }
      }
      vkDestroyShaderModule(c.dev, m, NULL);
      printf("sg_deqp_%s ok\n", cases[ci]);
   }
   printf("subgroup dEQP-shaped cases ok (%u pipelines)\n", runs);
   agx_vk_buffer_free(&c, &res);
   agx_vk_buffer_free(&c, &data);
   agx_vk_pipeline_free(&c, &p);
   return agx_vk_ctx_finish(&c);
}
