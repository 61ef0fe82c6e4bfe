/*
 * Gathers (shaderImageGatherExtended, issue 22): shaders/gather.comp gathers each component
 * of a 16x16 RGBA8 2D array (2 layers, REPEAT) at the corners between texels, with a
 * constant offset, a dynamic offset (push constant) and textureGatherOffsets (four offsets,
 * each result component from the i0j0 texel of its own footprint). Results are compared with
 * C: footprint (i0, j0) = floor(uv * size - 0.5), returned as (i0j1, i1j1, i1j0, i0j0).
 * The same runs on lavapipe.
 *
 * test_gather SHADER.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;

#define S 16
#define LAYERS 2

static uint32_t
texel(int x, int y, int z)
{
   x = ((x % S) + S) % S;
   y = ((y % S) + S) % S;
   return agx_vk_hash((uint32_t)((z * S + y) * S + x) + 77u);
}

static float
channel(uint32_t t, int c)
{
   return (float)((t >> (8 * c)) & 255) / 255.0f;
}

/* Gather of component c at footprint origin (i0, j0) of layer z. */
static void
gather(int i0, int j0, int z, int c, float out[4])
{
   out[0] = channel(texel(i0, j0 + 1, z), c);
   out[1] = channel(texel(i0 + 1, j0 + 1, z), c);
   out[2] = channel(texel(i0 + 1, j0, z), c);
   out[3] = channel(texel(i0, j0, z), c);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceFeatures feat;
   vkGetPhysicalDeviceFeatures(C.pdev, &feat);
   CHECK(feat.shaderImageGatherExtended);
   VkPhysicalDeviceFeatures en = {.shaderImageGatherExtended = VK_TRUE};
   agx_vk_ctx_device_features(&C, NULL, &en, 0, NULL);

   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = VK_FORMAT_R8G8B8A8_UNORM,
                           .extent = {S, S, 1},
                           .mipLevels = 1,
                           .arrayLayers = LAYERS,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, &mem));
   VK_OK(vkBindImageMemory(C.dev, image, mem, 0));
   struct agx_vk_buffer up = agx_vk_buffer(&C, S * S * LAYERS * 4);
   for (int z = 0; z < LAYERS; z++)
      for (int y = 0; y < S; y++)
         for (int x = 0; x < S; x++)
            ((uint32_t *)up.ptr)[(z * S + y) * S + x] = texel(x, y, z);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier ib = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                              .srcAccessMask = 0,
                              .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 0, NULL, 1, &ib);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS},
                          .imageExtent = {S, S, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   ib.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   ib.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
   ib.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                        0, NULL, 0, NULL, 1, &ib);
   VK_OK(agx_vk_submit_wait(&C, cb));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                               .format = VK_FORMAT_R8G8B8A8_UNORM,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS}};
   VkImageView view;
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &view));
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_LINEAR,
                              .minFilter = VK_FILTER_LINEAR,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT};
   VkSampler samp;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkDescriptorSetLayoutBinding lb[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, cs, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 2,
                                          .pBindings = lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &dsl));
   VkPushConstantRange pr = {cs, 0, 8};
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
                                   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   struct agx_vk_buffer out = agx_vk_buffer(&C, 64 * 8 * 16);
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii = {samp, view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet w[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = &bi},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 1,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                 .pImageInfo = &ii}};
   vkUpdateDescriptorSets(C.dev, 2, w, 0, NULL);
   const int32_t dyn[2] = {3, -4};
   cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, cs, 0, 8, dyn);
   vkCmdDispatch(cb, 1, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   static const char *const what[7] = {"gather r", "gather g",         "gather b",
                                       "gather a", "offset (-2, 1) g", "dynamic offset r",
                                       "offsets b"};
   static const int offsets[4][2] = {{0, 0}, {1, -1}, {-3, 2}, {7, -8}};
   unsigned bad = 0;
   const float *o = out.ptr;
   for (int i = 0; i < 64; i++) {
      int i0 = 2 * (i % 8), j0 = 2 * ((i / 8) % 4), z = i / 32;
      for (int k = 0; k < 7; k++) {
         float want[4];
         if (k < 4)
            gather(i0, j0, z, k, want);
         else if (k == 4)
            gather(i0 - 2, j0 + 1, z, 1, want);
         else if (k == 5)
            gather(i0 + dyn[0], j0 + dyn[1], z, 0, want);
         else
            for (int q = 0; q < 4; q++) {
               float g[4];
               gather(i0 + offsets[q][0], j0 + offsets[q][1], z, 2, g);
               want[q] = g[3];
            }
         const float *got = o + 32 * i + 4 * k;
         for (int c = 0; c < 4; c++)
            if ((got[c] - want[c] > 1e-6f || want[c] - got[c] > 1e-6f) && bad++ < 16)
               fprintf(stderr, "invocation %d %s component %d: %g, expected %g\n", i, what[k], c,
                       got[c], want[c]);
      }
   }
   printf("gathers: %u mismatches\n", bad);
   CHECK(bad == 0);
   agx_vk_buffer_free(&C, &out);
   agx_vk_buffer_free(&C, &up);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, dsl, NULL);
   vkDestroySampler(C.dev, samp, NULL);
   vkDestroyImageView(C.dev, view, NULL);
   vkDestroyImage(C.dev, image, NULL);
   vkFreeMemory(C.dev, mem, NULL);
   return agx_vk_ctx_finish(&C);
}
