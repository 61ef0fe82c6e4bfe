/*
 * robustImageAccess2 (VK_EXT_robustness2, issue 22): shaders/robust_image.comp reads an
 * R32_UINT and an RGBA8 2D array (8x8, 2 layers, 2 levels) with texelFetch and their storage
 * views with imageLoad at in-bounds coordinates and at coordinates, layers and levels
 * outside them, and stores at out-of-bounds coordinates. Out-of-bounds reads must return
 * zero with the format's missing components (R32_UINT: (0, 0, 0, 1); RGBA8: (0, 0, 0, 0)),
 * stores must change nothing. Checked against C, also on lavapipe.
 *
 * test_robust_image SHADER.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;

#define W 8
#define LAYERS 2
#define LEVELS 2

struct img {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view, sview;
};

static uint32_t
texel_u(int x, int y, int layer, int level)
{
   return (uint32_t)(layer * 1000 + level * 100 + y * 8 + x);
}

static uint32_t
texel_rgba(int x, int y, int layer, int level)
{
   return (uint32_t)(x * 16 + 1) | (uint32_t)(y * 16 + 2) << 8 |
          (uint32_t)(layer * 64 + level * 8) << 16 | 0x80u << 24;
}

static struct img
make_image(VkFormat format, bool rgba)
{
   struct img m;
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {W, W, 1},
                           .mipLevels = LEVELS,
                           .arrayLayers = LAYERS,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                    VK_IMAGE_USAGE_STORAGE_BIT};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &m.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, m.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &m.mem));
   VK_OK(vkBindImageMemory(C.dev, m.image, m.mem, 0));
   VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = m.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, LEVELS, 0, LAYERS}};
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &m.view));
   vi.subresourceRange.levelCount = 1; /* storage views: one level */
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &m.sview));
   struct agx_vk_buffer b = agx_vk_buffer(&C, W * W * LAYERS * 4 * 2);
   VkBufferImageCopy r[LEVELS];
   uint32_t *v = b.ptr, n = 0;
   for (int l = 0; l < LEVELS; l++) {
      int w = W >> l;
      r[l] = (VkBufferImageCopy){
         .bufferOffset = n * 4,
         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, (uint32_t)l, 0, LAYERS},
         .imageExtent = {(uint32_t)w, (uint32_t)w, 1}};
      for (int z = 0; z < LAYERS; z++)
         for (int y = 0; y < w; y++)
            for (int x = 0; x < w; x++)
               v[n++] = rgba ? texel_rgba(x, y, z, l) : texel_u(x, y, z, l);
   }
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = m.image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, LEVELS, 0, LAYERS}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &ib);
   vkCmdCopyBufferToImage(cb, b.buf, m.image, VK_IMAGE_LAYOUT_GENERAL, LEVELS, r);
   ib.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &ib);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &b);
   return m;
}

static const int32_t coords[][4] = {
   /* in bounds */
   {0, 0, 0, 0},
   {7, 7, 1, 0},
   {3, 2, 1, 1},
   {5, 6, 0, 0},
   /* outside: x, y, negative, layer, level, level-1 size, huge */
   {8, 0, 0, 0},
   {0, 8, 1, 0},
   {-1, 3, 0, 0},
   {2, -1, 1, 0},
   {1, 1, 2, 0},
   {1, 1, -1, 0},
   {1, 1, 0, 2},
   {4, 0, 0, 1},
   {100000, 5, 0, 0},
   {-100000, -7, 1, 0},
   /* stores (level -1: also an out-of-bounds level for the reads) */
   {8, 8, 0, -1},
   {-1, 0, 1, -1},
   {0, 0, 2, -1},
   {9, 1, 1, -1}};
#define NC (sizeof(coords) / sizeof(coords[0]))

static bool
inside(const int32_t *c, bool storage)
{
   int l = storage ? 0 : c[3], w = W >> (l > 0 && l < LEVELS ? l : 0);
   if (!storage && (c[3] < 0 || c[3] >= LEVELS))
      return false;
   return c[0] >= 0 && c[0] < w && c[1] >= 0 && c[1] < w && c[2] >= 0 && c[2] < LAYERS;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceRobustness2FeaturesEXT r2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &r2};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   CHECK(r2.robustImageAccess2);
   VkPhysicalDeviceRobustness2FeaturesEXT en = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .robustImageAccess2 = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.shaderStorageImageExtendedFormats = VK_TRUE};
   const char *ext = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
   agx_vk_ctx_device_features(&C, &en, f2.features.shaderStorageImageExtendedFormats ? &f10 : NULL,
                              1, &ext);
   struct img u = make_image(VK_FORMAT_R32_UINT, false),
              f = make_image(VK_FORMAT_R8G8B8A8_UNORM, true);
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .maxLod = 16.0f};
   VkSampler samp;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkDescriptorSetLayoutBinding b[6] = {{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
                                        {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, cs, NULL},
                                        {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, cs, NULL},
                                        {3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, cs, NULL},
                                        {4, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, cs, NULL},
                                        {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 6,
                                          .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &dsl));
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &dsl};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   VkShaderModule mod = agx_vk_shader(&C, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2},
                                   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2},
                                   {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 3,
                                     .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   struct agx_vk_buffer out = agx_vk_buffer(&C, NC * 64), in = agx_vk_buffer(&C, 16 + NC * 16);
   ((uint32_t *)in.ptr)[0] = NC;
   memcpy(in.map + 16, coords, sizeof(coords));
   VkDescriptorBufferInfo bo = {out.buf, 0, VK_WHOLE_SIZE}, bi = {in.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii[4] = {{samp, u.view, VK_IMAGE_LAYOUT_GENERAL},
                                  {samp, f.view, VK_IMAGE_LAYOUT_GENERAL},
                                  {VK_NULL_HANDLE, u.sview, VK_IMAGE_LAYOUT_GENERAL},
                                  {VK_NULL_HANDLE, f.sview, VK_IMAGE_LAYOUT_GENERAL}};
   VkWriteDescriptorSet w[6];
   for (unsigned k = 0; k < 6; k++)
      w[k] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = set,
                                    .dstBinding = k,
                                    .descriptorCount = 1,
                                    .descriptorType = b[k].descriptorType,
                                    .pBufferInfo = k == 0 ? &bo : &bi,
                                    .pImageInfo = k >= 1 && k <= 4 ? &ii[k - 1] : NULL};
   vkUpdateDescriptorSets(C.dev, 6, w, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
   struct agx_vk_buffer back = agx_vk_buffer(&C, 2 * W * W * LAYERS * 4);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS},
                          .imageExtent = {W, W, 1}};
   vkCmdCopyImageToBuffer(cb, u.image, VK_IMAGE_LAYOUT_GENERAL, back.buf, 1, &r);
   r.bufferOffset = W * W * LAYERS * 4;
   vkCmdCopyImageToBuffer(cb, f.image, VK_IMAGE_LAYOUT_GENERAL, back.buf, 1, &r);
   VkMemoryBarrier hb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &hb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned bad = 0;
   const uint32_t *o = out.ptr;
   for (unsigned i = 0; i < NC; i++) {
      const int32_t *c = coords[i];
      for (unsigned k = 0; k < 4; k++) {
         bool storage = k >= 2, rgba = k & 1;
         uint32_t want[4];
         if (inside(c, storage)) {
            int l = storage ? 0 : c[3];
            if (rgba) {
               uint32_t t = texel_rgba(c[0], c[1], c[2], l);
               for (int ch = 0; ch < 4; ch++) {
                  float v = (float)((t >> (8 * ch)) & 255) / 255.0f;
                  memcpy(&want[ch], &v, 4);
               }
            } else {
               want[0] = texel_u(c[0], c[1], c[2], l), want[1] = want[2] = 0, want[3] = 1;
            }
         } else { /* zero, with alpha 1 where the format has no alpha */
            want[0] = want[1] = want[2] = want[3] = 0;
            if (!rgba)
               want[3] = 1;
         }
         const uint32_t *got = o + 16 * i + 4 * k;
         bool same = true;
         for (int ch = 0; ch < 4; ch++) { /* unorm8 -> float: within an ulp (lavapipe) */
            float g, e;
            memcpy(&g, &got[ch], 4);
            memcpy(&e, &want[ch], 4);
            same &= rgba ? (g - e <= 1e-6f && e - g <= 1e-6f) : got[ch] == want[ch];
         }
         if (!same && bad++ < 16)
            fprintf(stderr,
                    "(%d, %d, layer %d, level %d) %s %s: %08x %08x %08x %08x, expected %08x "
                    "%08x %08x %08x\n",
                    c[0], c[1], c[2], c[3], storage ? "imageLoad" : "texelFetch",
                    rgba ? "rgba8" : "r32ui", got[0], got[1], got[2], got[3], want[0], want[1],
                    want[2], want[3]);
      }
   }
   const uint32_t *s = back.ptr;
   for (int z = 0; z < LAYERS; z++)
      for (int y = 0; y < W; y++)
         for (int x = 0; x < W; x++) {
            unsigned n = (unsigned)((z * W + y) * W + x);
            if ((s[n] != texel_u(x, y, z, 0) || s[W * W * LAYERS + n] != texel_rgba(x, y, z, 0)) &&
                bad++ < 16)
               fprintf(stderr, "texel (%d, %d, layer %d) changed by an out-of-bounds store\n", x, y,
                       z);
         }
   printf("out-of-bounds image accesses: %u mismatches\n", bad);
   CHECK(bad == 0);
   agx_vk_buffer_free(&C, &out);
   agx_vk_buffer_free(&C, &in);
   agx_vk_buffer_free(&C, &back);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, dsl, NULL);
   vkDestroySampler(C.dev, samp, NULL);
   struct img *imgs[2] = {&u, &f};
   for (unsigned k = 0; k < 2; k++) {
      vkDestroyImageView(C.dev, imgs[k]->view, NULL);
      vkDestroyImageView(C.dev, imgs[k]->sview, NULL);
      vkDestroyImage(C.dev, imgs[k]->image, NULL);
      vkFreeMemory(C.dev, imgs[k]->mem, NULL);
   }
   return agx_vk_ctx_finish(&C);
}
