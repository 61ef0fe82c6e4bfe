/*
 * Descriptor indexing on buffers through the loader
 * (shaders/desc_nonuniform.comp): an array of 4 uniform buffers and a
 * variable-count array of storage buffers (3 allocated) indexed
 * non-uniformly; the uniform-buffer binding is update-after-bind and one
 * of its descriptors is rewritten after the command buffer was recorded;
 * the storage binding is partially bound (a 4th element never written).
 * Results are compared with C (and the run on lavapipe). Also
 * vkGetDescriptorSetLayoutSupport's variable descriptor counts.
 * test_desc_indexing SHADER.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 256

/* vkGetDescriptorSetLayoutSupport of one binding (`variable`: with
 * VARIABLE_DESCRIPTOR_COUNT, update-after-bind), after a fixed binding of
 * 4 storage buffers; returns supported and *max (maxVariableDescriptorCount). */
static bool
layout_support(struct agx_vk_ctx *c, VkDescriptorType type, uint32_t count, bool variable,
               uint32_t *max)
{
   VkDescriptorSetLayoutBinding b[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, type, count, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorBindingFlags f[2] = {0, variable
                                          ? VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT |
                                               VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
                                               VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT
                                          : 0};
   VkDescriptorSetLayoutBindingFlagsCreateInfo fi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 2,
      .pBindingFlags = f};
   VkDescriptorSetLayoutCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &fi,
      .flags = variable ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT : 0,
      .bindingCount = 2,
      .pBindings = b};
   VkDescriptorSetVariableDescriptorCountLayoutSupport v = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT,
      .maxVariableDescriptorCount = 12345};
   VkDescriptorSetLayoutSupport sup = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT,
                                       .pNext = &v};
   vkGetDescriptorSetLayoutSupport(c->dev, &ci, &sup);
   *max = v.maxVariableDescriptorCount;
   return sup.supported;
}

/* VkDescriptorSetVariableDescriptorCountLayoutSupport as Vulkan states it
 * (and dEQP-VK.api.maintenance3_check): 0 without a variable-count
 * binding; otherwise the same whatever the binding's own count, and a
 * layout with that many is supported. agx-vk: at least 1,000,000 sampled
 * images (vkd3d-proton's VKD3D_MIN_VIEW_DESCRIPTOR_COUNT). */
static void
check_layout_support(struct agx_vk_ctx *c)
{
   uint32_t m0, m1, mmax;
   CHECK(layout_support(c, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 16, false, &m0));
   CHECK(m0 == 0);
   CHECK(layout_support(c, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, true, &m1));
   CHECK(layout_support(c, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 0, true, &m0));
   CHECK(m0 == m1 && m1 > 0);
   CHECK(layout_support(c, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, m1, true, &mmax));
   CHECK(mmax == m1);
   printf("maxVariableDescriptorCount (sampled images): %u\n", m1);
   if (!c->reference) {
      CHECK(m1 >= 1000000);
      /* a fixed binding past the set limit is not supported */
      CHECK(!layout_support(c, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1u << 26, false, &m0));
   }
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features h12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &h12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   bool all = f2.features.shaderUniformBufferArrayDynamicIndexing &&
              f2.features.shaderStorageBufferArrayDynamicIndexing &&
              h12.shaderUniformBufferArrayNonUniformIndexing &&
              h12.shaderStorageBufferArrayNonUniformIndexing &&
              h12.descriptorBindingUniformBufferUpdateAfterBind &&
              h12.descriptorBindingStorageBufferUpdateAfterBind &&
              h12.descriptorBindingVariableDescriptorCount && h12.descriptorBindingPartiallyBound &&
              h12.descriptorBindingUpdateUnusedWhilePending && h12.runtimeDescriptorArray;
   if (c.reference && !all) {
      /* lavapipe of Mesa 22.3 lacks non-uniform uniform-buffer indexing */
      printf("the reference driver lacks some of these features: skipped\n");
      return 77;
   }
   CHECK(all);
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .shaderUniformBufferArrayNonUniformIndexing = VK_TRUE,
                                           .shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
                                           .descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE,
                                           .descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
                                           .descriptorBindingVariableDescriptorCount = VK_TRUE,
                                           .descriptorBindingPartiallyBound = VK_TRUE,
                                           .descriptorBindingUpdateUnusedWhilePending = VK_TRUE,
                                           .runtimeDescriptorArray = VK_TRUE};
   VkPhysicalDeviceFeatures w10 = {.shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
                                   .shaderStorageBufferArrayDynamicIndexing = VK_TRUE};
   agx_vk_ctx_device_features(&c, &w12, &w10, 0, NULL);

   VkDescriptorSetLayoutBinding lb[2] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorBindingFlags bflags[2] = {VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
                                            VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT,
                                         VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT |
                                            VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT};
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 2,
      .pBindingFlags = bflags};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(
      c.dev,
      &(VkDescriptorSetLayoutCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .pNext = &bfi,
         .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
         .bindingCount = 2,
         .pBindings = lb},
      NULL, &dsl));
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4},
                                 {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16}};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(
      c.dev,
      &(VkDescriptorPoolCreateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                                    .maxSets = 1,
                                    .poolSizeCount = 2,
                                    .pPoolSizes = ps},
      NULL, &pool));
   uint32_t count = 4; /* three used, the 4th partially bound: never written */
   VkDescriptorSetVariableDescriptorCountAllocateInfo vc = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
      .descriptorSetCount = 1,
      .pDescriptorCounts = &count};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(
      c.dev,
      &(VkDescriptorSetAllocateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .pNext = &vc,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl},
      &set));

   /* ubo[k].v[j].x = 100 * k + 10 * j; ubo[4] replaces ubo[2] later: 100 * 2 + 10 * j + 7 */
   struct agx_vk_buffer ubo[5], out[3];
   for (unsigned k = 0; k < 5; k++) {
      ubo[k] = agx_vk_buffer(&c, 64);
      uint32_t *w = ubo[k].ptr;
      for (unsigned j = 0; j < 4; j++)
         w[4 * j] = 100 * (k == 4 ? 2 : k) + 10 * j + (k == 4 ? 7 : 0);
   }
   for (unsigned s = 0; s < 3; s++)
      out[s] = agx_vk_buffer(&c, N * 4);
   VkDescriptorBufferInfo ub[4], sb[3];
   for (unsigned k = 0; k < 4; k++)
      ub[k] = (VkDescriptorBufferInfo){ubo[k].buf, 0, VK_WHOLE_SIZE};
   for (unsigned s = 0; s < 3; s++)
      sb[s] = (VkDescriptorBufferInfo){out[s].buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 0,
                                  .descriptorCount = 4,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                  .pBufferInfo = ub},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 1,
                                  .descriptorCount = 3,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = sb}};
   vkUpdateDescriptorSets(c.dev, 2, wr, 0, NULL);

   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(
      c.dev,
      &(VkPipelineLayoutCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                    .setLayoutCount = 1,
                                    .pSetLayouts = &dsl},
      NULL, &layout));
   VkShaderModule module = agx_vk_shader(&c, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&c, layout, module, NULL, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, N / 64, 1, 1);
   /* update after bind: uniform buffer 2 is replaced before submission */
   VkDescriptorBufferInfo later = {ubo[4].buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w2 = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = set,
                              .dstBinding = 0,
                              .dstArrayElement = 2,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                              .pBufferInfo = &later};
   vkUpdateDescriptorSets(c.dev, 1, &w2, 0, NULL);
   VK_OK(agx_vk_submit_wait(&c, cb));

   unsigned failures = 0;
   for (unsigned i = 0; i < N; i++) {
      unsigned u = i % 4, s = (i / 4) % 3, j = (i / 16) % 4;
      uint32_t want = 100 * u + 10 * j + (u == 2 ? 7 : 0) + s * 1000;
      for (unsigned t = 0; t < 3; t++) {
         uint32_t got = ((const uint32_t *)out[t].ptr)[i];
         uint32_t expect = t == s ? want : 0;
         if (got != expect && failures++ < 20)
            fprintf(stderr, "ssbo %u [%u]: got %u, expected %u\n", t, i, got, expect);
      }
   }
   printf("non-uniform UBO/SSBO indexing, variable count, update after bind: %u mismatches\n",
          failures);
   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyDescriptorPool(c.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c.dev, dsl, NULL);
   for (unsigned k = 0; k < 5; k++)
      agx_vk_buffer_free(&c, &ubo[k]);
   for (unsigned s = 0; s < 3; s++)
      agx_vk_buffer_free(&c, &out[s]);
   check_layout_support(&c);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
