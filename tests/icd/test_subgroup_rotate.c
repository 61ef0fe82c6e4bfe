/*
 * VK_KHR_shader_subgroup_rotate through the loader: shaders/sg_rotate.spvasm
 * rotates x = 7i + 1 across each subgroup by constant and dynamic (push
 * constant) deltas, and within clusters of 4 and 8, in two workgroups of
 * 64. Each invocation also reports its subgroup id, lane and the subgroup
 * size, so the CPU model groups invocations exactly as the device did:
 * lane l of cluster size cs reads lane (l mod cs + delta) mod cs + (l - l
 * mod cs) of its subgroup. Only rotations landing on an invocation of the
 * same workgroup are defined here (all lanes are active and subgroups are
 * full when the workgroup size is a multiple of the subgroup size).
 * A device without the extension skips with the reference driver (77);
 * under --validation the layer's messages about the extension it predates
 * are printed, not counted.
 * test_subgroup_rotate SG_ROTATE.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"
#include "agxv_vk_newer.h"

#define WG 64    /* invocations per workgroup (the shader's local size) */
#define GROUPS 2 /* workgroups dispatched */
#define W 8      /* words per invocation */

/* The value the model expects at word k (3..7) of invocation `inv`. */
static uint32_t
expect(const uint32_t *out, unsigned inv, unsigned k, uint32_t delta)
{
   static const struct {
      unsigned cluster; /* 0: the whole subgroup */
      bool dynamic;
      uint32_t delta;
   } ops[5] = {{0, false, 1}, {0, false, 5}, {0, true, 0}, {4, false, 3}, {8, true, 0}};
   unsigned wg_base = inv / WG * WG;
   uint32_t sg = out[inv * W], lane = out[inv * W + 1], size = out[inv * W + 2];
   unsigned cs = ops[k - 3].cluster ? ops[k - 3].cluster : size;
   uint32_t d = ops[k - 3].dynamic ? delta : ops[k - 3].delta;
   uint32_t src_lane = (lane % cs + d) % cs + (lane - lane % cs);
   for (unsigned j = wg_base; j < wg_base + WG; j++)
      if (out[j * W] == sg && out[j * W + 1] == src_lane)
         return (j - wg_base) * 7u + 1u;
   fprintf(stderr, "invocation %u: no lane %u in subgroup %u\n", inv, src_lane, sg);
   exit(1);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *ext = VK_KHR_SHADER_SUBGROUP_ROTATE_EXTENSION_NAME;
   if (c.reference && !agx_vk_ctx_has_extension(&c, ext)) {
      printf("reference driver without %s: skipped\n", ext);
      return 77;
   }
   CHECK(agx_vk_ctx_has_extension(&c, ext));
   /* The 1.3.239 validation layer predates the extension: it reports its
    * SPIR-V capability and SPIR-V extension as unknown (valid usage it
    * cannot check; printed, not counted; agx_vk_ctx.c does the same for
    * the feature structure). */
   static const char *const predates[] = {"VUID-VkShaderModuleCreateInfo-pCode-01090",
                                          "VUID-VkShaderModuleCreateInfo-pCode-04146", NULL};
   c.layer_predates = predates;

   VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_ROTATE_FEATURES_KHR};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.shaderSubgroupRotate && have.shaderSubgroupRotateClustered);
   VkPhysicalDeviceSubgroupProperties sp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &sp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   CHECK(sp.supportedOperations & VK_SUBGROUP_FEATURE_ROTATE_BIT_KHR);
   CHECK(sp.supportedOperations & VK_SUBGROUP_FEATURE_ROTATE_CLUSTERED_BIT_KHR);
   CHECK(WG % sp.subgroupSize == 0 && sp.subgroupSize >= 8);

   VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_ROTATE_FEATURES_KHR,
      .shaderSubgroupRotate = VK_TRUE,
      .shaderSubgroupRotateClustered = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 1, &ext);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p,
                   &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 1, .push_size = 4});
   struct agx_vk_buffer buf = agx_vk_buffer(&c, GROUPS * WG * W * 4);
   uint32_t *out = (uint32_t *)buf.map;
   agx_vk_pipeline_bind(&c, &p, &buf.buf);

   /* deltas below, at and above the subgroup size (rotations wrap) */
   static const uint32_t deltas[] = {0, 3, 31, 32, 45, 0xfffffffeu};
   unsigned checked = 0;
   for (unsigned t = 0; t < sizeof(deltas) / sizeof(deltas[0]); t++) {
      memset(out, 0xcd, GROUPS * WG * W * 4);
      VK_OK(agx_vk_dispatch(&c, &p, &deltas[t], GROUPS, 1, 1));
      for (unsigned inv = 0; inv < GROUPS * WG; inv++) {
         /* the invocation wrote its own index-derived value into the model's source */
         if (out[inv * W + 2] != sp.subgroupSize) {
            fprintf(stderr, "invocation %u: subgroup size %u (id %u, lane %u)\n", inv,
                    out[inv * W + 2], out[inv * W], out[inv * W + 1]);
            return 1;
         }
         for (unsigned k = 3; k < W; k++) {
            uint32_t want_v = expect(out, inv, k, deltas[t]);
            if (out[inv * W + k] != want_v) {
               fprintf(stderr, "delta %u: invocation %u word %u = %u, expected %u\n", deltas[t],
                       inv, k, out[inv * W + k], want_v);
               return 1;
            }
            checked++;
         }
      }
   }
   printf("subgroup rotations ok (%u results, subgroup size %u)\n", checked, sp.subgroupSize);

   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &buf);
   return agx_vk_ctx_finish(&c);
}
