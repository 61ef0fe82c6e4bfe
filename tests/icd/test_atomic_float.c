/*
 * VK_EXT_shader_atomic_float through the loader (tests/compiler/shaders/
 * atomics_float.comp): 32-bit float atomicAdd, atomicExchange, atomicLoad
 * and atomicStore on buffer and shared memory, from several workgroups of
 * 64 invocations, against the CPU expectations of
 * tests/compiler/atomics_float_ref.h (exact sums of small integers and
 * halves; returned values checked as sets). Then shaders/atomic_float_image.comp:
 * imageAtomicAdd on an R32_SFLOAT storage image (optimal tiling, a size
 * that is not a whole number of tiles) and imageAtomicAdd/Exchange on an
 * R32_SFLOAT storage texel buffer. Also checks which features the device
 * advertises: 32-bit buffer, shared and image ones; no float64 or sparse
 * on agx-vk.
 * test_atomic_float SHADER.spv IMAGE_SHADER.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"
#include "atomics_float_ref.h"

#define GROUPS 8
#define W 40
#define H 30
#define Z 4 /* adds per image texel (2 per workgroup) */

static unsigned
fmismatch(unsigned *bad, const char *what, unsigned idx, float got, float want)
{
   if (got == want)
      return 0;
   if ((*bad)++ < 20)
      fprintf(stderr, "%s[%u]: got %g, expected %g\n", what, idx, got, want);
   return 1;
}

static void
to_general(VkCommandBuffer cb, VkImage image, VkImageLayout old)
{
   VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                       VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = old,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &ib);
}

/* The image part: returns the number of mismatches. */
static unsigned
image_atomics(struct agx_vk_ctx *c, const char *spv)
{
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = VK_FORMAT_R32_SFLOAT,
                           .extent = {W, H, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_STORAGE_BIT};
   VkImage image;
   VK_OK(vkCreateImage(c->dev, &ci, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c->dev, &ai, NULL, &mem));
   VK_OK(vkBindImageMemory(c->dev, image, mem, 0));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D,
                               .format = VK_FORMAT_R32_SFLOAT,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   VK_OK(vkCreateImageView(c->dev, &vi, NULL, &view));

   const unsigned n = W * H;
   struct agx_vk_buffer stage = agx_vk_buffer(c, n * 4), out = agx_vk_buffer(c, n * Z * 8);
   struct agx_vk_buffer tb = agx_vk_buffer_usage(c, (64 + n) * 4,
                                                 VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT |
                                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   float *init = stage.ptr, *tbf = tb.ptr;
   float want_img[W * H];
   for (unsigned i = 0; i < n; i++) {
      init[i] = (float)(i % W + 2 * (i / W));
      want_img[i] = init[i] + Z * (float)(i % W % 4 + 1);
      tbf[64 + i] = -(float)i;
   }
   VkBufferViewCreateInfo bvi = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                 .buffer = tb.buf,
                                 .format = VK_FORMAT_R32_SFLOAT,
                                 .range = VK_WHOLE_SIZE};
   VkBufferView bview;
   VK_OK(vkCreateBufferView(c->dev, &bvi, NULL, &bview));

   VkDescriptorSetLayoutBinding lb[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dli = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dli, NULL, &dsl));
   VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &dsl};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c->dev, &pli, NULL, &layout));
   VkDescriptorPoolSize ps[3] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1},
                                 {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1},
                                 {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
   VkDescriptorPoolCreateInfo dpi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 3,
                                     .pPoolSizes = ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(c->dev, &dpi, NULL, &dpool));
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &sai, &set));
   VkDescriptorImageInfo ii = {VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                 .pImageInfo = &ii},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 1,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
                                 .pTexelBufferView = &bview},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 2,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = &bi}};
   vkUpdateDescriptorSets(c->dev, 3, w, 0, NULL);
   VkShaderModule module = agx_vk_shader(c, spv);
   VkPipeline pipe = agx_vk_compute_pipeline(c, layout, module, NULL, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, image, VK_IMAGE_LAYOUT_UNDEFINED);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyBufferToImage(cb, stage.buf, image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   to_general(cb, image, VK_IMAGE_LAYOUT_GENERAL);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, (W + 3) / 4, (H + 3) / 4, Z / 2);
   to_general(cb, image, VK_IMAGE_LAYOUT_GENERAL);
   vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_GENERAL, stage.buf, 1, &r);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   const float *res = out.ptr, *img = stage.ptr;
   for (unsigned i = 0; i < n; i++) {
      fmismatch(&bad, "image texel", i, img[i], want_img[i]);
      /* the Z adds of a texel returned init + k * a, each k < Z once */
      float a = (float)(i % W % 4 + 1), base = want_img[i] - Z * a;
      unsigned seen = 0;
      for (unsigned z = 0; z < Z; z++) {
         float q = (res[2 * (z * n + i)] - base) / a;
         unsigned k = (unsigned)q;
         if (q < 0.0f || q != (float)k || k >= Z || (seen & (1u << k))) {
            if (bad++ < 20)
               fprintf(stderr, "image add [%u] slice %u returned %g\n", i, z, res[2 * (z * n + i)]);
         } else {
            seen |= 1u << k;
         }
      }
      fmismatch(&bad, "texel buffer exchange result", i, res[2 * i + 1], -(float)i);
      fmismatch(&bad, "texel buffer exchanged", i, tbf[64 + i], (float)i + 0.5f);
   }
   for (unsigned k = 0; k < 4; k++)
      fmismatch(&bad, "texel buffer add", k, tbf[k], 0.25f * (float)((n - k + 3) / 4));
   printf("image float atomics: %ux%u r32f image x %u adds, texel buffer: %u mismatches\n", W, H, Z,
          bad);

   vkDestroyPipeline(c->dev, pipe, NULL);
   vkDestroyShaderModule(c->dev, module, NULL);
   vkDestroyDescriptorPool(c->dev, dpool, NULL);
   vkDestroyPipelineLayout(c->dev, layout, NULL);
   vkDestroyDescriptorSetLayout(c->dev, dsl, NULL);
   vkDestroyBufferView(c->dev, bview, NULL);
   vkDestroyImageView(c->dev, view, NULL);
   vkDestroyImage(c->dev, image, NULL);
   vkFreeMemory(c->dev, mem, NULL);
   agx_vk_buffer_free(c, &stage);
   agx_vk_buffer_free(c, &out);
   agx_vk_buffer_free(c, &tb);
   return bad;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 3);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *ext = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
   if (c.reference && !agx_vk_ctx_has_extension(&c, ext)) {
      printf("the reference driver lacks %s: skipped\n", ext);
      return 77;
   }
   CHECK(agx_vk_ctx_has_extension(&c, ext));
   VkPhysicalDeviceShaderAtomicFloatFeaturesEXT have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.shaderBufferFloat32Atomics && have.shaderBufferFloat32AtomicAdd &&
         have.shaderSharedFloat32Atomics && have.shaderSharedFloat32AtomicAdd &&
         have.shaderImageFloat32Atomics && have.shaderImageFloat32AtomicAdd);
   if (!c.reference) /* what agx-vk does not claim (see agxv_physical_device.c) */
      CHECK(!have.shaderBufferFloat64Atomics && !have.shaderBufferFloat64AtomicAdd &&
            !have.shaderSharedFloat64Atomics && !have.shaderSharedFloat64AtomicAdd &&
            !have.sparseImageFloat32Atomics && !have.sparseImageFloat32AtomicAdd);
   VkPhysicalDeviceShaderAtomicFloatFeaturesEXT want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
      .shaderBufferFloat32Atomics = VK_TRUE,
      .shaderBufferFloat32AtomicAdd = VK_TRUE,
      .shaderSharedFloat32Atomics = VK_TRUE,
      .shaderSharedFloat32AtomicAdd = VK_TRUE,
      .shaderImageFloat32Atomics = VK_TRUE,
      .shaderImageFloat32AtomicAdd = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 1, &ext);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 3});
   const unsigned n = GROUPS * AF_LOCAL;
   struct agx_vk_buffer in = agx_vk_buffer(&c, n * 4);
   struct agx_vk_buffer acc = agx_vk_buffer(&c, af_acc_floats(GROUPS) * 4);
   struct agx_vk_buffer out = agx_vk_buffer(&c, n * 16);
   af_init(in.ptr, acc.ptr, GROUPS);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[3]){in.buf, acc.buf, out.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, GROUPS, 1, 1));
   unsigned failures = af_check(in.ptr, acc.ptr, out.ptr, GROUPS);
   printf("float atomics: %u workgroups of %u invocations, %u mismatches\n", GROUPS, AF_LOCAL,
          failures);
   failures += image_atomics(&c, argv[2]);
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &acc);
   agx_vk_buffer_free(&c, &out);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
