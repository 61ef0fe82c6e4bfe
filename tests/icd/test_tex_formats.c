/*
 * Sampling and blitting VK_KHR_maintenance5's two formats (issue 22): A1B5G5R5_UNORM_PACK16
 * (R in bits 0-4, G 5-9, B 10-14, A bit 15) and A8_UNORM (one byte read as alpha, RGB 0).
 * An 8x6 image of random bytes per format is read by shaders/bc_fetch.comp (texelFetch, a
 * NEAREST textureLod at texel centres, a LINEAR textureLod at the corner between four
 * texels) and blitted NEAREST 1:1 into an R32G32B32A32_SFLOAT image; results are compared
 * with a CPU decoding of the bytes written here. Format properties: both formats sampled,
 * filtered, copied and blit sources; A8 is no colour attachment and has no buffer features.
 * Needs VK_KHR_maintenance5 (lavapipe 22.3 lacks it: the reference run only says so).
 *
 * test_tex_formats BC_FETCH.spv [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>

#include "agx_vk_ctx.h"
#include "agxv_vk_newer.h"

static struct agx_vk_ctx C;
static unsigned failures;

#define W 8u
#define H 6u

struct tfmt {
   VkFormat vk;
   const char *name;
   unsigned bytes;
};

static const struct tfmt formats[] = {
   {VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR, "A1B5G5R5_UNORM_PACK16", 2},
   {VK_FORMAT_A8_UNORM_KHR, "A8_UNORM", 1},
};

/* Texel (x, y) (clamped to the image) decoded from the bytes. */
static void
decode(const struct tfmt *f, const uint8_t *data, int x, int y, float v[4])
{
   x = x < 0 ? 0 : x >= (int)W ? (int)W - 1 : x;
   y = y < 0 ? 0 : y >= (int)H ? (int)H - 1 : y;
   const uint8_t *p = data + ((unsigned)y * W + (unsigned)x) * f->bytes;
   if (f->vk == VK_FORMAT_A8_UNORM_KHR) {
      v[0] = v[1] = v[2] = 0.0f;
      v[3] = (float)p[0] / 255.0f;
      return;
   }
   unsigned t = p[0] | (unsigned)p[1] << 8;
   v[0] = (float)(t & 31u) / 31.0f;
   v[1] = (float)((t >> 5) & 31u) / 31.0f;
   v[2] = (float)((t >> 10) & 31u) / 31.0f;
   v[3] = (float)(t >> 15);
}

static void
compare(const struct tfmt *f, unsigned x, unsigned y, const char *what, const float *got,
        const float *want, float tol)
{
   for (int c = 0; c < 4; c++) {
      if (fabsf(got[c] - want[c]) <= tol)
         continue;
      if (failures++ < 30)
         fprintf(stderr, "%s (%u, %u) %s: component %d = %g, expected %g\n", f->name, x, y, what, c,
                 got[c], want[c]);
   }
}

static void
properties(const struct tfmt *f)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(C.pdev, f->vk, &fp);
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
      VK_FORMAT_FEATURE_BLIT_SRC_BIT;
   CHECK((fp.optimalTilingFeatures & need) == need);
   if (!C.reference && f->vk == VK_FORMAT_A8_UNORM_KHR) {
      CHECK(fp.optimalTilingFeatures == need);
      CHECK(fp.bufferFeatures == 0);
   }
}

static VkImage
make_image(VkFormat format, VkImageUsageFlags usage, VkDeviceMemory *mem)
{
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {W, H, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, mem));
   VK_OK(vkBindImageMemory(C.dev, image, *mem, 0));
   return image;
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from)
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

struct pipe {
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkSampler nearest, linear;
};

static struct pipe
make_pipe(const char *spv)
{
   struct pipe p;
   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, cs, NULL},
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, cs, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = b};
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &p.dsl));
   VkPushConstantRange pr = {cs, 0, 8};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &p.dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &p.layout));
   VkShaderModule mod = agx_vk_shader(&C, spv);
   p.pipeline = agx_vk_compute_pipeline(&C, p.layout, mod, NULL, 0, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4},
                                   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 4,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = sizes};
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &p.pool));
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE};
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &p.nearest));
   sci.magFilter = sci.minFilter = VK_FILTER_LINEAR;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &p.linear));
   return p;
}

static void
free_pipe(struct pipe *p)
{
   vkDestroySampler(C.dev, p->nearest, NULL);
   vkDestroySampler(C.dev, p->linear, NULL);
   vkDestroyDescriptorPool(C.dev, p->pool, NULL);
   vkDestroyPipeline(C.dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(C.dev, p->layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, p->dsl, NULL);
}

static void
test_format(struct pipe *p, const struct tfmt *f)
{
   properties(f);
   VkDeviceMemory smem, dmem;
   VkImage src = make_image(f->vk,
                            VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                               VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                            &smem);
   VkImage dst =
      make_image(VK_FORMAT_R32G32B32A32_SFLOAT,
                 VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &dmem);
   struct agx_vk_buffer up = agx_vk_buffer(&C, (size_t)W * H * f->bytes);
   struct agx_vk_buffer out = agx_vk_buffer(&C, (size_t)W * H * 48);
   struct agx_vk_buffer blit = agx_vk_buffer(&C, (size_t)W * H * 16);
   for (unsigned i = 0; i < W * H * f->bytes; i++)
      up.map[i] = (uint8_t)agx_vk_hash(i * 31u + f->bytes);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = src,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                                .format = f->vk,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   VK_OK(vkCreateImageView(C.dev, &vci, NULL, &view));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = p->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &p->dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii[2] = {{p->nearest, view, VK_IMAGE_LAYOUT_GENERAL},
                                  {p->linear, view, VK_IMAGE_LAYOUT_GENERAL}};
   VkWriteDescriptorSet wr[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
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
                                  .pImageInfo = &ii[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii[1]}};
   vkUpdateDescriptorSets(C.dev, 3, wr, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, src, VK_IMAGE_LAYOUT_UNDEFINED);
   barrier(cb, dst, VK_IMAGE_LAYOUT_UNDEFINED);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, src, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   barrier(cb, src, VK_IMAGE_LAYOUT_GENERAL);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &set, 0, NULL);
   int32_t push[2] = {0, 0};
   vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
   vkCmdDispatch(cb, (W * H + 63) / 64, 1, 1);
   VkImageBlit region = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                         .srcOffsets = {{0, 0, 0}, {W, H, 1}},
                         .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                         .dstOffsets = {{0, 0, 0}, {W, H, 1}}};
   vkCmdBlitImage(cb, src, VK_IMAGE_LAYOUT_GENERAL, dst, VK_IMAGE_LAYOUT_GENERAL, 1, &region,
                  VK_FILTER_NEAREST);
   barrier(cb, dst, VK_IMAGE_LAYOUT_GENERAL);
   vkCmdCopyImageToBuffer(cb, dst, VK_IMAGE_LAYOUT_GENERAL, blit.buf, 1, &r);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned before = failures;
   const float *o = out.ptr, *bl = blit.ptr;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         unsigned i = y * W + x;
         float want[4], lin[4] = {0, 0, 0, 0}, spread = 0.0f;
         decode(f, up.map, (int)x, (int)y, want);
         compare(f, x, y, "texelFetch", o + 12 * i, want, 1e-6f);
         compare(f, x, y, "textureLod nearest", o + 12 * i + 4, want, 1e-6f);
         compare(f, x, y, "blit", bl + 4 * i, want, 1e-6f);
         for (int k = 0; k < 4; k++) {
            float t[4];
            decode(f, up.map, (int)x + (k & 1), (int)y + (k >> 1), t);
            for (int c = 0; c < 4; c++) {
               lin[c] += t[c] / 4.0f;
               spread = fmaxf(spread, fabsf(t[c] - want[c]));
            }
         }
         /* filter weights of 8 bits or fewer (Vulkan: subTexelPrecisionBits >= 4) */
         compare(f, x, y, "textureLod linear", o + 12 * i + 8, lin,
                 1.0f / 255.0f + spread * 2.0f / 256.0f);
      }
   printf("%-22s sampled and blitted: %u mismatches\n", f->name, failures - before);
   vkDestroyImageView(C.dev, view, NULL);
   agx_vk_buffer_free(&C, &up);
   agx_vk_buffer_free(&C, &out);
   agx_vk_buffer_free(&C, &blit);
   vkDestroyImage(C.dev, src, NULL);
   vkDestroyImage(C.dev, dst, NULL);
   vkFreeMemory(C.dev, smem, NULL);
   vkFreeMemory(C.dev, dmem, NULL);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s BC_FETCH.spv [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&C, argc, argv);
   if (!agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_5_EXTENSION_NAME)) {
      printf("skipped: the device offers no VK_KHR_maintenance5\n");
      agx_vk_ctx_device(&C, NULL, 0, NULL);
      int ret = agx_vk_ctx_finish(&C);
      return C.reference ? ret : 1; /* this driver offers it */
   }
   /* The 1.3.239 layer does not know the two formats. */
   static const char *const predates[] = {
      "VUID-vkGetPhysicalDeviceFormatProperties-format-parameter",
      "VUID-VkImageCreateInfo-format-parameter",
      "VUID-VkImageViewCreateInfo-format-parameter",
      NULL,
   };
   C.layer_predates = predates;
   VkPhysicalDeviceMaintenance5FeaturesKHR f5 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
      .maintenance5 = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = &f5,
      .dynamicRendering = VK_TRUE}; /* maintenance5's dependency */
   const char *exts[] = {VK_KHR_MAINTENANCE_5_EXTENSION_NAME};
   agx_vk_ctx_device(&C, &f13, 1, exts);
   struct pipe p = make_pipe(argv[1]);
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      test_format(&p, &formats[i]);
   free_pipe(&p);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
