/*
 * Descriptor indexing on images (issue 22): shaders/desc_images.comp reads an array of 4
 * combined image samplers (non-uniform and push-constant indices), an array of 4 sampled
 * images with an array of 2 samplers (both non-uniform), and loads and stores a
 * variable-count, partially bound array of storage images (4 in the layout, 3 allocated and
 * written) with non-uniform indices. The combined-image-sampler binding is update-after-bind:
 * element 3 is rewritten after the command buffer was recorded and the shader must see the
 * new image. Values are checked against C; lavapipe (Mesa 22.3) lacks descriptor indexing,
 * so the reference run is skipped there.
 * shaders/desc_large.comp: vkd3d-proton's bindless heaps (VKD3D_MIN_VIEW_DESCRIPTOR_COUNT):
 * one set with 1,000,000-element update-after-bind, partially bound arrays of sampled
 * images, storage images and storage buffers, written at 4 indices from 0 to 999,999
 * after recording and read at those indices non-uniformly.
 *
 * test_desc_images SHADER.spv LARGE.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;

struct img {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static struct img
make_image(uint32_t h, VkImageUsageFlags usage)
{
   struct img m;
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = VK_FORMAT_R32_UINT,
                           .extent = {8, h, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &m.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, m.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &m.mem));
   VK_OK(vkBindImageMemory(C.dev, m.image, m.mem, 0));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = m.image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D,
                               .format = VK_FORMAT_R32_UINT,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &m.view));
   return m;
}

static void
free_image(struct img *m)
{
   vkDestroyImageView(C.dev, m->view, NULL);
   vkDestroyImage(C.dev, m->image, NULL);
   vkFreeMemory(C.dev, m->mem, NULL);
}

static void
to_general(VkCommandBuffer cb, VkImage image, VkImageLayout from)
{
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                             .dstAccessMask =
                                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
                             .oldLayout = from,
                             .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

/* Fills image rows with base + y * 8 + x (rows >= `rows`: 0). */
static void
fill(struct img *m, uint32_t h, uint32_t rows, uint32_t base)
{
   struct agx_vk_buffer b = agx_vk_buffer(&C, 8 * h * 4);
   uint32_t *v = b.ptr;
   for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < 8; x++)
         v[y * 8 + x] = y < rows ? base + y * 8 + x : 0;
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, m->image, VK_IMAGE_LAYOUT_UNDEFINED);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {8, h, 1}};
   vkCmdCopyBufferToImage(cb, b.buf, m->image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   to_general(cb, m->image, VK_IMAGE_LAYOUT_GENERAL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &b);
}

#define HEAP 1000000u

/* The 1,000,000-descriptor set (see the header). */
static void
large(const char *spv)
{
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p12};
   vkGetPhysicalDeviceProperties2(C.pdev, &p2);
   CHECK(p12.maxPerStageDescriptorUpdateAfterBindSampledImages >= HEAP);
   CHECK(p12.maxPerStageDescriptorUpdateAfterBindStorageImages >= HEAP);
   CHECK(p12.maxPerStageDescriptorUpdateAfterBindStorageBuffers >= HEAP);
   CHECK(p12.maxPerStageUpdateAfterBindResources >= 3 * HEAP + 2);
   struct img tex[4], st[4];
   struct agx_vk_buffer bufs[4];
   for (unsigned n = 0; n < 4; n++) {
      tex[n] = make_image(8, VK_IMAGE_USAGE_SAMPLED_BIT);
      fill(&tex[n], 8, 8, 1000 * (n + 1));
      st[n] = make_image(8, VK_IMAGE_USAGE_STORAGE_BIT);
      fill(&st[n], 8, 8, 2000 * (n + 1));
      bufs[n] = agx_vk_buffer(&C, 16);
      ((uint32_t *)bufs[n].ptr)[0] = 3000 * (n + 1);
   }
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
   VkSampler samp;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));
   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkDescriptorSetLayoutBinding b[5] = {{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
                                        {1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, HEAP, cs, NULL},
                                        {2, VK_DESCRIPTOR_TYPE_SAMPLER, 1, cs, NULL},
                                        {3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, HEAP, cs, NULL},
                                        {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, HEAP, cs, NULL}};
   const VkDescriptorBindingFlags heap =
      VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT | VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT;
   VkDescriptorBindingFlags bf[5] = {0, heap, 0, heap, heap};
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 5,
      .pBindingFlags = bf};
   VkDescriptorSetLayoutCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &bfi,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
      .bindingCount = 5,
      .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &dsl));
   VkPushConstantRange pr = {cs, 0, 16};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   VkShaderModule mod = agx_vk_shader(&C, spv);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, HEAP + 1},
                                   {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, HEAP},
                                   {VK_DESCRIPTOR_TYPE_SAMPLER, 1},
                                   {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, HEAP}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                                     .maxSets = 1,
                                     .poolSizeCount = 4,
                                     .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   struct agx_vk_buffer out = agx_vk_buffer(&C, 64 * 16);
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo si = {samp, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
   VkWriteDescriptorSet w[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = &bi},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 2,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER,
                                 .pImageInfo = &si}};
   vkUpdateDescriptorSets(C.dev, 2, w, 0, NULL);
   const uint32_t idx[4] = {0, 1, 499999, HEAP - 1};
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, cs, 0, 16, idx);
   vkCmdDispatch(cb, 1, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   /* the heap entries are written after recording (update after bind) */
   for (unsigned n = 0; n < 4; n++) {
      VkDescriptorImageInfo ti = {VK_NULL_HANDLE, tex[n].view, VK_IMAGE_LAYOUT_GENERAL};
      VkDescriptorImageInfo ii = {VK_NULL_HANDLE, st[n].view, VK_IMAGE_LAYOUT_GENERAL};
      VkDescriptorBufferInfo bb = {bufs[n].buf, 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet hw[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .dstSet = set,
                                     .dstBinding = 1,
                                     .dstArrayElement = idx[n],
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
                                     .pImageInfo = &ti},
                                    {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .dstSet = set,
                                     .dstBinding = 3,
                                     .dstArrayElement = idx[n],
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                     .pImageInfo = &ii},
                                    {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .dstSet = set,
                                     .dstBinding = 4,
                                     .dstArrayElement = idx[n],
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     .pBufferInfo = &bb}};
      vkUpdateDescriptorSets(C.dev, 3, hw, 0, NULL);
   }
   VK_OK(agx_vk_submit_wait(&C, cb));
   unsigned bad = 0;
   const uint32_t *o = out.ptr;
   for (uint32_t i = 0; i < 64; i++) {
      uint32_t n = i % 4;
      uint32_t want[4] = {1000 * (n + 1), 2000 * (n + 1), 3000 * (n + 1), idx[n]};
      for (unsigned c = 0; c < 4; c++)
         if (o[4 * i + c] != want[c] && bad++ < 16)
            fprintf(stderr, "heap: invocation %u component %u: %u, expected %u\n", i, c,
                    o[4 * i + c], want[c]);
   }
   printf("1,000,000-descriptor heaps: %u mismatches\n", bad);
   CHECK(bad == 0);
   agx_vk_buffer_free(&C, &out);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, dsl, NULL);
   vkDestroySampler(C.dev, samp, NULL);
   for (unsigned n = 0; n < 4; n++) {
      free_image(&tex[n]);
      free_image(&st[n]);
      agx_vk_buffer_free(&C, &bufs[n]);
   }
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceVulkan12Features h12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &h12};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   bool all = f2.features.shaderSampledImageArrayDynamicIndexing &&
              f2.features.shaderStorageImageArrayDynamicIndexing &&
              h12.shaderSampledImageArrayNonUniformIndexing &&
              h12.shaderStorageImageArrayNonUniformIndexing &&
              h12.descriptorBindingSampledImageUpdateAfterBind &&
              h12.descriptorBindingVariableDescriptorCount && h12.descriptorBindingPartiallyBound &&
              h12.runtimeDescriptorArray && h12.descriptorIndexing;
   if (C.reference && !all) {
      printf("the reference driver lacks some of these features: skipped\n");
      return 77;
   }
   CHECK(all);
   VkPhysicalDeviceVulkan12Features e12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .descriptorIndexing = VK_TRUE,
                                           .descriptorBindingStorageImageUpdateAfterBind = VK_TRUE,
                                           .descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
                                           .shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
                                           .shaderSampledImageArrayNonUniformIndexing = VK_TRUE,
                                           .shaderStorageImageArrayNonUniformIndexing = VK_TRUE,
                                           .descriptorBindingSampledImageUpdateAfterBind = VK_TRUE,
                                           .descriptorBindingVariableDescriptorCount = VK_TRUE,
                                           .descriptorBindingPartiallyBound = VK_TRUE,
                                           .runtimeDescriptorArray = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.shaderSampledImageArrayDynamicIndexing = VK_TRUE,
                                   .shaderStorageImageArrayDynamicIndexing = VK_TRUE,
                                   .shaderStorageBufferArrayDynamicIndexing = VK_TRUE};
   agx_vk_ctx_device_features(&C, &e12, &f10, 0, NULL);

   struct img tex[5], st[3];
   for (unsigned n = 0; n < 5; n++) {
      tex[n] = make_image(8, VK_IMAGE_USAGE_SAMPLED_BIT);
      fill(&tex[n], 8, 8, 1000 * n);
   }
   for (unsigned n = 0; n < 3; n++) {
      st[n] = make_image(16, VK_IMAGE_USAGE_STORAGE_BIT);
      fill(&st[n], 16, 8, 100000 * n);
   }
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE};
   VkSampler samp[2];
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp[0]));
   sci.addressModeU = sci.addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp[1]));

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkDescriptorSetLayoutBinding b[5] = {{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
                                        {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4, cs, NULL},
                                        {2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 4, cs, NULL},
                                        {3, VK_DESCRIPTOR_TYPE_SAMPLER, 2, cs, NULL},
                                        {4, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 4, cs, NULL}};
   VkDescriptorBindingFlags bf[5] = {0, VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT, 0, 0,
                                     VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT |
                                        VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT};
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 5,
      .pBindingFlags = bf};
   VkDescriptorSetLayoutCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &bfi,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
      .bindingCount = 5,
      .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &dsl));
   VkPushConstantRange pr = {cs, 0, 4};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   VkShaderModule mod = agx_vk_shader(&C, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1},
                                   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4},
                                   {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 4},
                                   {VK_DESCRIPTOR_TYPE_SAMPLER, 2},
                                   {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 4}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                                     .maxSets = 1,
                                     .poolSizeCount = 5,
                                     .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   uint32_t count = 3;
   VkDescriptorSetVariableDescriptorCountAllocateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
      .descriptorSetCount = 1,
      .pDescriptorCounts = &count};
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .pNext = &vci,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));

   struct agx_vk_buffer out = agx_vk_buffer(&C, 192 * 16);
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ci[4], si[4], sm[2], ii[3];
   for (unsigned n = 0; n < 4; n++) {
      ci[n] = (VkDescriptorImageInfo){samp[0], tex[n].view, VK_IMAGE_LAYOUT_GENERAL};
      si[n] = (VkDescriptorImageInfo){VK_NULL_HANDLE, tex[n].view, VK_IMAGE_LAYOUT_GENERAL};
   }
   for (unsigned n = 0; n < 2; n++)
      sm[n] = (VkDescriptorImageInfo){samp[n], VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
   for (unsigned n = 0; n < 3; n++)
      ii[n] = (VkDescriptorImageInfo){VK_NULL_HANDLE, st[n].view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet w[5] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = &bi},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 1,
                                 .descriptorCount = 4,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                 .pImageInfo = ci},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 2,
                                 .descriptorCount = 4,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
                                 .pImageInfo = si},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 3,
                                 .descriptorCount = 2,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER,
                                 .pImageInfo = sm},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 4,
                                 .descriptorCount = 3,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                 .pImageInfo = ii}};
   vkUpdateDescriptorSets(C.dev, 5, w, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   uint32_t k = 2;
   vkCmdPushConstants(cb, layout, cs, 0, 4, &k);
   vkCmdDispatch(cb, 3, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
   struct agx_vk_buffer back = agx_vk_buffer(&C, 3 * 8 * 16 * 4);
   for (unsigned n = 0; n < 3; n++) {
      VkBufferImageCopy r = {.bufferOffset = n * 8 * 16 * 4,
                             .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                             .imageExtent = {8, 16, 1}};
      vkCmdCopyImageToBuffer(cb, st[n].image, VK_IMAGE_LAYOUT_GENERAL, back.buf, 1, &r);
   }
   VkMemoryBarrier hb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &hb,
                        0, NULL, 0, NULL);
   /* update after bind: element 3 of the combined binding now names image 4 */
   VkDescriptorImageInfo repl = {samp[0], tex[4].view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = set,
                              .dstBinding = 1,
                              .dstArrayElement = 3,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                              .pImageInfo = &repl};
   vkUpdateDescriptorSets(C.dev, 1, &wr, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned bad = 0;
   const uint32_t *o = out.ptr, *s = back.ptr;
   for (uint32_t i = 0; i < 192; i++) {
      uint32_t a = i % 4, bb = i % 3, j = i / 3;
      uint32_t p = (i % 8) + 8 * ((i / 8) % 8), q = (j % 8) + 8 * (j / 8);
      uint32_t want[4] = {1000 * (a == 3 ? 4 : a) + p, 1000 * a + p, 2000 + p, 100000 * bb + q};
      for (unsigned c = 0; c < 4; c++)
         if (o[4 * i + c] != want[c] && bad++ < 16)
            fprintf(stderr, "invocation %u component %u: %u, expected %u\n", i, c, o[4 * i + c],
                    want[c]);
      uint32_t stored = s[bb * 128 + 64 + q];
      if (stored != want[3] + 7 && bad++ < 16)
         fprintf(stderr, "storage image %u texel %u: %u, expected %u\n", bb, 64 + q, stored,
                 want[3] + 7);
   }
   printf("image descriptor arrays: %u mismatches\n", bad);
   CHECK(bad == 0);
   agx_vk_buffer_free(&C, &out);
   agx_vk_buffer_free(&C, &back);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, dsl, NULL);
   for (unsigned n = 0; n < 2; n++)
      vkDestroySampler(C.dev, samp[n], NULL);
   for (unsigned n = 0; n < 5; n++)
      free_image(&tex[n]);
   for (unsigned n = 0; n < 3; n++)
      free_image(&st[n]);
   if (argc >= 3 && argv[2][0] != '-')
      large(argv[2]);
   return agx_vk_ctx_finish(&C);
}
