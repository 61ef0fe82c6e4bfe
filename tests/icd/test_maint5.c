/*
 * VK_KHR_maintenance5 and VK_KHR_maintenance6 through the loader (issue 22
 * item 4; DXVK requires both):
 *   - the feature and property structures are filled (booleans 0/1, a
 *     combined-image-sampler count of at least 1) and the device enables
 *     both features;
 *   - every command resolves through vkGetDeviceProcAddr (the loader hands
 *     out names it does not know to the driver), and the descriptor-buffer
 *     forms, which need VK_EXT_descriptor_buffer, do not;
 *   - VkBindMemoryStatusKHR receives each bind's result;
 *   - vkGetImageSubresourceLayout2KHR and vkGetDeviceImageSubresourceLayoutKHR
 *     give what vkGetImageSubresourceLayout gives, for each level and layer
 *     of a linear image;
 *   - vkGetRenderingAreaGranularityKHR gives a usable granularity;
 *   - VkPipelineCreateFlags2CreateInfoKHR replaces the legacy flags (its
 *     FAIL_ON_PIPELINE_COMPILE_REQUIRED makes an uncached compile fail, the
 *     legacy bit alone is then ignored), with the shader module chained into
 *     the stage (no VkShaderModule) and a buffer whose usage comes from
 *     VkBufferUsageFlags2CreateInfoKHR;
 *   - vkCmdBindDescriptorSets2KHR, vkCmdPushConstants2KHR,
 *     vkCmdPushDescriptorSet2KHR and ...WithTemplate2KHR on a compute
 *     dispatch, checked against a CPU computation; graphics-only stage
 *     flags leave the compute bind point alone;
 *   - a draw into a VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR attachment with the
 *     index buffer bound by vkCmdBindIndexBuffer2KHR (an offset and a size),
 *     the set and push constants bound by the *2KHR commands for the vertex
 *     stage and the vertex/fragment modules chained into their stages,
 *     compared texel by texel with a CPU rasterisation of two
 *     pixel-aligned rectangles, and four points from a vertex shader that
 *     does not write PointSize (one texel each: maintenance5's default
 *     size 1.0);
 *   - buffer/image copies with layerCount VK_REMAINING_ARRAY_LAYERS.
 * Lavapipe (Mesa 22.3) offers neither extension: the --reference run checks
 * that and skips. Under --validation the layer (1.3.239) predates both
 * extensions: its "not supported by this layer" and unknown-structure
 * messages are not counted (agx_vk_ctx.c), it runs without handle wrapping
 * (it would hand its own handles to the commands it does not know), and
 * the checks it cannot let through are skipped: VkBindMemoryStatusKHR
 * (dropped from its copies of the bind infos) and VK_REMAINING_ARRAY_LAYERS
 * in copies (flagged as invalid).
 *
 * Assumes include/agxv_vk_newer.h for the definitions the system headers
 * lack.
 *
 * test_maint5 DRAW_VERT_SPV DRAW_FRAG_SPV MAINT6_COMP_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agxv_vk_newer.h"

static struct agx_vk_ctx C;
static const char *vert_spv, *frag_spv, *comp_spv;

static PFN_vkCmdBindIndexBuffer2KHR bind_index_buffer2;
static PFN_vkGetRenderingAreaGranularityKHR rendering_area_granularity;
static PFN_vkGetDeviceImageSubresourceLayoutKHR device_image_subresource_layout;
static PFN_vkGetImageSubresourceLayout2KHR image_subresource_layout2;
static PFN_vkCmdBindDescriptorSets2KHR bind_descriptor_sets2;
static PFN_vkCmdPushConstants2KHR push_constants2;
static PFN_vkCmdPushDescriptorSet2KHR push_descriptor_set2;
static PFN_vkCmdPushDescriptorSetWithTemplate2KHR push_descriptor_set_with_template2;

static unsigned failures;

#define EXPECT(cond)                                                \
   do {                                                             \
      if (!(cond)) {                                                \
         printf("%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
         failures++;                                                \
      }                                                             \
   } while (0)

static PFN_vkVoidFunction
device_proc(const char *name)
{
   return vkGetDeviceProcAddr(C.dev, name);
}

static void
check_features_properties(void)
{
   VkPhysicalDeviceMaintenance6FeaturesKHR f6 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR};
   VkPhysicalDeviceMaintenance5FeaturesKHR f5 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
      .pNext = &f6};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f5};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   EXPECT(f5.maintenance5 == VK_TRUE && f6.maintenance6 == VK_TRUE);
   EXPECT(f5.pNext == &f6 && f6.pNext == NULL);

   /* Poisoned first: every member must be written. */
   VkPhysicalDeviceMaintenance6PropertiesKHR p6;
   VkPhysicalDeviceMaintenance5PropertiesKHR p5;
   memset(&p6, 0xAA, sizeof(p6));
   memset(&p5, 0xAA, sizeof(p5));
   p6.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_PROPERTIES_KHR;
   p6.pNext = NULL;
   p5.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_PROPERTIES_KHR;
   p5.pNext = &p6;
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p5};
   vkGetPhysicalDeviceProperties2(C.pdev, &p2);
   const VkBool32 b5[] = {p5.earlyFragmentMultisampleCoverageAfterSampleCounting,
                          p5.earlyFragmentSampleMaskTestBeforeSampleCounting,
                          p5.depthStencilSwizzleOneSupport,
                          p5.polygonModePointSize,
                          p5.nonStrictSinglePixelWideLinesUseParallelogram,
                          p5.nonStrictWideLinesUseParallelogram};
   for (unsigned i = 0; i < sizeof(b5) / sizeof(b5[0]); i++)
      EXPECT(b5[i] == VK_TRUE || b5[i] == VK_FALSE);
   EXPECT(p6.blockTexelViewCompatibleMultipleLayers <= VK_TRUE);
   EXPECT(p6.fragmentShadingRateClampCombinerInputs <= VK_TRUE);
   EXPECT(p6.maxCombinedImageSamplerDescriptorCount >= 1 &&
          p6.maxCombinedImageSamplerDescriptorCount <= 3);
   EXPECT(p5.pNext == &p6 && p6.pNext == NULL);
   /* Without wide lines or large points the line and point answers follow
    * (lineWidthRange / pointSizeRange {1, 1} on this device). */
   if (p2.properties.limits.pointSizeRange[1] == 1.0f)
      EXPECT(p5.polygonModePointSize == VK_FALSE);
   if (p2.properties.limits.lineWidthRange[1] == 1.0f)
      EXPECT(p5.nonStrictWideLinesUseParallelogram == VK_FALSE);
   printf("maintenance5 properties: %u %u %u %u %u %u; maintenance6: %u %u %u\n", b5[0], b5[1],
          b5[2], b5[3], b5[4], b5[5], p6.blockTexelViewCompatibleMultipleLayers,
          p6.maxCombinedImageSamplerDescriptorCount, p6.fragmentShadingRateClampCombinerInputs);
}

static void
resolve_commands(void)
{
   bind_index_buffer2 = (PFN_vkCmdBindIndexBuffer2KHR)device_proc("vkCmdBindIndexBuffer2KHR");
   rendering_area_granularity =
      (PFN_vkGetRenderingAreaGranularityKHR)device_proc("vkGetRenderingAreaGranularityKHR");
   device_image_subresource_layout =
      (PFN_vkGetDeviceImageSubresourceLayoutKHR)device_proc("vkGetDeviceImageSubresourceLayoutKHR");
   image_subresource_layout2 =
      (PFN_vkGetImageSubresourceLayout2KHR)device_proc("vkGetImageSubresourceLayout2KHR");
   bind_descriptor_sets2 =
      (PFN_vkCmdBindDescriptorSets2KHR)device_proc("vkCmdBindDescriptorSets2KHR");
   push_constants2 = (PFN_vkCmdPushConstants2KHR)device_proc("vkCmdPushConstants2KHR");
   push_descriptor_set2 = (PFN_vkCmdPushDescriptorSet2KHR)device_proc("vkCmdPushDescriptorSet2KHR");
   push_descriptor_set_with_template2 = (PFN_vkCmdPushDescriptorSetWithTemplate2KHR)device_proc(
      "vkCmdPushDescriptorSetWithTemplate2KHR");
   CHECK(bind_index_buffer2 && rendering_area_granularity && device_image_subresource_layout &&
         image_subresource_layout2 && bind_descriptor_sets2 && push_constants2 &&
         push_descriptor_set2 && push_descriptor_set_with_template2);
   /* maintenance6's descriptor-buffer commands need VK_EXT_descriptor_buffer,
    * which the device does not offer. */
   if (!agx_vk_ctx_has_extension(&C, "VK_EXT_descriptor_buffer")) {
      EXPECT(device_proc("vkCmdSetDescriptorBufferOffsets2EXT") == NULL);
      EXPECT(device_proc("vkCmdBindDescriptorBufferEmbeddedSamplers2EXT") == NULL);
   }
}

static void
test_bind_memory_status(void)
{
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 256,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer bufs[2];
   VK_OK(vkCreateBuffer(C.dev, &bci, NULL, &bufs[0]));
   VK_OK(vkCreateBuffer(C.dev, &bci, NULL, &bufs[1]));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(C.dev, bufs[0], &req);
   VkDeviceSize stride = (req.size + req.alignment - 1) / req.alignment * req.alignment;
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 2 * stride,
                               .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, &mem));
   VkResult status[2] = {VK_ERROR_UNKNOWN, VK_ERROR_UNKNOWN};
   VkBindMemoryStatusKHR st[2];
   VkBindBufferMemoryInfo bind[2];
   for (unsigned i = 0; i < 2; i++) {
      st[i] = (VkBindMemoryStatusKHR){.sType = VK_STRUCTURE_TYPE_BIND_MEMORY_STATUS_KHR,
                                      .pResult = &status[i]};
      bind[i] = (VkBindBufferMemoryInfo){.sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
                                         .pNext = &st[i],
                                         .buffer = bufs[i],
                                         .memory = mem,
                                         .memoryOffset = i * stride};
   }
   VK_OK(vkBindBufferMemory2(C.dev, 2, bind));
   /* the 1.3.239 layer drops the structure it does not know */
   bool layer_drops = C.validation;
   EXPECT(layer_drops || (status[0] == VK_SUCCESS && status[1] == VK_SUCCESS));

   /* The same for an image. */
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {16, 16, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ici, NULL, &image));
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo imai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size,
                                .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VkDeviceMemory imem;
   VK_OK(vkAllocateMemory(C.dev, &imai, NULL, &imem));
   VkResult istatus = VK_ERROR_UNKNOWN;
   VkBindMemoryStatusKHR ist = {.sType = VK_STRUCTURE_TYPE_BIND_MEMORY_STATUS_KHR,
                                .pResult = &istatus};
   VkBindImageMemoryInfo ibind = {.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
                                  .pNext = &ist,
                                  .image = image,
                                  .memory = imem};
   VK_OK(vkBindImageMemory2(C.dev, 1, &ibind));
   EXPECT(layer_drops || istatus == VK_SUCCESS);
   vkDestroyImage(C.dev, image, NULL);
   vkFreeMemory(C.dev, imem, NULL);
   vkDestroyBuffer(C.dev, bufs[0], NULL);
   vkDestroyBuffer(C.dev, bufs[1], NULL);
   vkFreeMemory(C.dev, mem, NULL);
   printf(layer_drops ? "bind memory status: not checked (the layer drops the structure)\n"
                      : "bind memory status ok\n");
}

static bool
same_layout(const VkSubresourceLayout *a, const VkSubresourceLayout *b)
{
   return a->offset == b->offset && a->size == b->size && a->rowPitch == b->rowPitch &&
          a->arrayPitch == b->arrayPitch && a->depthPitch == b->depthPitch;
}

/* Linear images (one level, one layer: what linear tiling allows here) of
 * a few formats and sizes: the *2KHR queries must repeat
 * vkGetImageSubresourceLayout. */
static void
test_subresource_layout(void)
{
   const struct {
      VkFormat format;
      uint32_t w, h, texel;
   } cases[] = {
      {VK_FORMAT_R8G8B8A8_UNORM, 37, 19, 4},
      {VK_FORMAT_R16_UINT, 5, 64, 2},
      {VK_FORMAT_R32G32B32A32_SFLOAT, 129, 3, 16},
   };
   unsigned checked = 0;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                               .imageType = VK_IMAGE_TYPE_2D,
                               .format = cases[i].format,
                               .extent = {cases[i].w, cases[i].h, 1},
                               .mipLevels = 1,
                               .arrayLayers = 1,
                               .samples = VK_SAMPLE_COUNT_1_BIT,
                               .tiling = VK_IMAGE_TILING_LINEAR,
                               .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                        VK_IMAGE_USAGE_TRANSFER_DST_BIT};
      VkImage image;
      VK_OK(vkCreateImage(C.dev, &ici, NULL, &image));
      VkImageSubresource sub = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
      VkSubresourceLayout want;
      vkGetImageSubresourceLayout(C.dev, image, &sub, &want);
      VkImageSubresource2KHR sub2 = {.sType = VK_STRUCTURE_TYPE_IMAGE_SUBRESOURCE_2_KHR,
                                     .imageSubresource = sub};
      VkSubresourceLayout2KHR got, dev_got;
      memset(&got, 0xAA, sizeof(got));
      memset(&dev_got, 0xAA, sizeof(dev_got));
      got.sType = dev_got.sType = VK_STRUCTURE_TYPE_SUBRESOURCE_LAYOUT_2_KHR;
      got.pNext = dev_got.pNext = NULL;
      image_subresource_layout2(C.dev, image, &sub2, &got);
      VkDeviceImageSubresourceInfoKHR info = {
         .sType = VK_STRUCTURE_TYPE_DEVICE_IMAGE_SUBRESOURCE_INFO_KHR,
         .pCreateInfo = &ici,
         .pSubresource = &sub2};
      device_image_subresource_layout(C.dev, &info, &dev_got);
      EXPECT(same_layout(&got.subresourceLayout, &want));
      EXPECT(same_layout(&dev_got.subresourceLayout, &want));
      /* rows hold every texel, the level every row */
      EXPECT(want.rowPitch >= cases[i].w * cases[i].texel &&
             want.size >= want.rowPitch * (cases[i].h - 1) + cases[i].w * cases[i].texel);
      if (!same_layout(&got.subresourceLayout, &want))
         printf("layout 2: offset %llu size %llu row %llu; expected %llu %llu %llu\n",
                (unsigned long long)got.subresourceLayout.offset,
                (unsigned long long)got.subresourceLayout.size,
                (unsigned long long)got.subresourceLayout.rowPitch, (unsigned long long)want.offset,
                (unsigned long long)want.size, (unsigned long long)want.rowPitch);
      vkDestroyImage(C.dev, image, NULL);
      checked++;
   }
   printf("subresource layout 2: %u linear images match vkGetImageSubresourceLayout\n", checked);
}

static void
test_granularity(void)
{
   VkFormat formats[2] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR};
   VkRenderingAreaInfoKHR info = {.sType = VK_STRUCTURE_TYPE_RENDERING_AREA_INFO_KHR,
                                  .colorAttachmentCount = 2,
                                  .pColorAttachmentFormats = formats,
                                  .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT};
   VkExtent2D g = {0, 0};
   rendering_area_granularity(C.dev, &info, &g);
   EXPECT(g.width >= 1 && g.height >= 1 && g.width <= 256 && g.height <= 256);
   if (!C.reference) /* the driver renders any area alike (agxv_render_pass.c) */
      EXPECT(g.width == 1 && g.height == 1);
   printf("rendering area granularity %ux%u\n", g.width, g.height);
}

/* ---- compute: flags2, chained module, usage2, the *2 binding commands ---- */

struct compute {
   VkDescriptorSetLayout set_layouts[2];
   VkPipelineLayout layout;
   VkPipeline pipe;
   VkDescriptorPool dpool;
   VkDescriptorSet sets[2];
   VkDescriptorUpdateTemplate tmpl;
   uint32_t *spv;
   size_t spv_size;
};

static void
compute_layouts(struct compute *k)
{
   VkDescriptorSetLayoutBinding b = {.binding = 0,
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &k->set_layouts[0]));
   lci.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &k->set_layouts[1]));
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 8};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 2,
                                      .pSetLayouts = k->set_layouts,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &range};
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &k->layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &k->dpool));
   VkDescriptorSetLayout both[2] = {k->set_layouts[0], k->set_layouts[0]};
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = k->dpool,
                                     .descriptorSetCount = 2,
                                     .pSetLayouts = both};
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, k->sets));
   VkDescriptorUpdateTemplateEntry entry = {.dstBinding = 0,
                                            .descriptorCount = 1,
                                            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                            .stride = sizeof(VkDescriptorBufferInfo)};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &entry,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE,
      .pipelineLayout = k->layout,
      .set = 1};
   VK_OK(vkCreateDescriptorUpdateTemplate(C.dev, &tci, NULL, &k->tmpl));
}

/* A compute pipeline of maint6.comp with the module chained into the stage
 * and the flags given as legacy flags and/or flags2 (flags2_on: chained). */
static VkResult
compute_pipeline(struct compute *k, VkPipelineCreateFlags legacy, bool flags2_on,
                 VkPipelineCreateFlags2KHR flags2, VkPipeline *out)
{
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = k->spv_size,
                                    .pCode = k->spv};
   VkPipelineCreateFlags2CreateInfoKHR f2 = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR,
      .flags = flags2};
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .pNext = flags2_on ? &f2 : NULL,
      .flags = legacy,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .pNext = &smci,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = VK_NULL_HANDLE,
                .pName = "main"},
      .layout = k->layout,
   };
   *out = VK_NULL_HANDLE;
   return vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &cpci, NULL, out);
}

/* A buffer whose usage is given only by VkBufferUsageFlags2CreateInfoKHR. */
static struct agx_vk_buffer
usage2_buffer(VkDeviceSize size)
{
   struct agx_vk_buffer b = {.size = size};
   VkBufferUsageFlags2CreateInfoKHR u2 = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO_KHR,
      .usage = VK_BUFFER_USAGE_2_STORAGE_BUFFER_BIT_KHR | VK_BUFFER_USAGE_2_TRANSFER_DST_BIT_KHR};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .pNext = &u2,
                             .size = size,
                             .usage = 0};
   VK_OK(vkCreateBuffer(C.dev, &bci, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(C.dev, b.buf, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex =
                                  agx_vk_memory_type(&C, req.memoryTypeBits,
                                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, &b.mem));
   VK_OK(vkBindBufferMemory(C.dev, b.buf, b.mem, 0));
   VK_OK(vkMapMemory(C.dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.ptr));
   memset(b.ptr, 0, size);
   return b;
}

static void
host_barrier(VkCommandBuffer cmd)
{
   VkMemoryBarrier2 mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
      .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_2_HOST_BIT,
      .dstAccessMask =
         VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT | VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cmd, &dep);
}

#define N 128

static void
test_compute(void)
{
   struct compute k = {0};
   k.spv = agx_vk_read_spv(comp_spv, &k.spv_size);
   compute_layouts(&k);

   /* flags2 replaces the legacy flags: FAIL_ON_PIPELINE_COMPILE_REQUIRED
    * in flags2 fails an uncached compile; in the legacy flags alone, with
    * flags2 chained as 0, it is ignored. */
   VkPipeline pipe;
   VkResult r = compute_pipeline(
      &k, 0, true, VK_PIPELINE_CREATE_2_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT_KHR, &pipe);
   EXPECT(r == VK_PIPELINE_COMPILE_REQUIRED && pipe == VK_NULL_HANDLE);
   if (pipe)
      vkDestroyPipeline(C.dev, pipe, NULL);
   VK_OK(compute_pipeline(&k, VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT, true, 0,
                          &k.pipe));
   EXPECT(k.pipe != VK_NULL_HANDLE);

   struct agx_vk_buffer in[2], out[3];
   for (unsigned i = 0; i < 2; i++) {
      in[i] = agx_vk_buffer(&C, 4 * N);
      for (uint32_t j = 0; j < N; j++)
         ((uint32_t *)in[i].ptr)[j] = agx_vk_hash(j + 1000 * i) & 0xFFFF;
   }
   for (unsigned i = 0; i < 3; i++)
      out[i] = usage2_buffer(4 * N);
   VkDescriptorBufferInfo obi[2] = {{out[0].buf, 0, VK_WHOLE_SIZE}, {out[1].buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[2];
   for (unsigned i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = k.sets[i],
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &obi[i]};
   vkUpdateDescriptorSets(C.dev, 2, w, 0, NULL);

   VkCommandBuffer cmd = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, k.pipe);
   /* Dispatch 1: set 0 = sets[0] (out[0]), set 1 pushed = in[0], x*3+7. */
   VkBindDescriptorSetsInfoKHR bdi = {.sType = VK_STRUCTURE_TYPE_BIND_DESCRIPTOR_SETS_INFO_KHR,
                                      .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
                                      .layout = k.layout,
                                      .firstSet = 0,
                                      .descriptorSetCount = 1,
                                      .pDescriptorSets = &k.sets[0]};
   bind_descriptor_sets2(cmd, &bdi);
   VkDescriptorBufferInfo ibi = {in[0].buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet pw = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstBinding = 0,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &ibi};
   VkPushDescriptorSetInfoKHR pdi = {.sType = VK_STRUCTURE_TYPE_PUSH_DESCRIPTOR_SET_INFO_KHR,
                                     .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
                                     .layout = k.layout,
                                     .set = 1,
                                     .descriptorWriteCount = 1,
                                     .pDescriptorWrites = &pw};
   push_descriptor_set2(cmd, &pdi);
   uint32_t pc[2] = {3, 7};
   VkPushConstantsInfoKHR pci = {.sType = VK_STRUCTURE_TYPE_PUSH_CONSTANTS_INFO_KHR,
                                 .layout = k.layout,
                                 .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
                                 .offset = 0,
                                 .size = 8,
                                 .pValues = pc};
   push_constants2(cmd, &pci);
   vkCmdDispatch(cmd, N / 64, 1, 1);
   host_barrier(cmd);
   /* Dispatch 2: set 0 = sets[1] (out[1]), in[1] pushed through the
    * template, only "add" pushed again (mul stays 3): x*3+11. */
   bdi.pDescriptorSets = &k.sets[1];
   bind_descriptor_sets2(cmd, &bdi);
   VkDescriptorBufferInfo tbi = {in[1].buf, 0, VK_WHOLE_SIZE};
   VkPushDescriptorSetWithTemplateInfoKHR pti = {
      .sType = VK_STRUCTURE_TYPE_PUSH_DESCRIPTOR_SET_WITH_TEMPLATE_INFO_KHR,
      .descriptorUpdateTemplate = k.tmpl,
      .layout = k.layout,
      .set = 1,
      .pData = &tbi};
   push_descriptor_set_with_template2(cmd, &pti);
   uint32_t add = 11;
   pci.offset = 4;
   pci.size = 4;
   pci.pValues = &add;
   push_constants2(cmd, &pci);
   vkCmdDispatch(cmd, N / 64, 1, 1);
   host_barrier(cmd);
   /* Dispatch 3: graphics-only stage flags must not touch the compute bind
    * point: set 0 stays sets[1] (out[1]). */
   bdi.stageFlags = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   bdi.pDescriptorSets = &k.sets[0];
   bind_descriptor_sets2(cmd, &bdi);
   /* out[1] <- in[1]*3+11 again, then copy out[1] to out[2] */
   vkCmdDispatch(cmd, N / 64, 1, 1);
   host_barrier(cmd);
   VkBufferCopy cp = {0, 0, 4 * N};
   vkCmdCopyBuffer(cmd, out[1].buf, out[2].buf, 1, &cp);
   host_barrier(cmd);
   VK_OK(agx_vk_submit_wait(&C, cmd));

   unsigned bad = 0;
   for (uint32_t j = 0; j < N; j++) {
      uint32_t a = ((uint32_t *)in[0].ptr)[j], b = ((uint32_t *)in[1].ptr)[j];
      uint32_t want[3] = {a * 3 + 7, b * 3 + 11, b * 3 + 11};
      for (unsigned i = 0; i < 3; i++) {
         uint32_t got = ((uint32_t *)out[i].ptr)[j];
         if (got != want[i] && bad++ < 8)
            printf("dispatch %u element %u: %u, expected %u\n", i, j, got, want[i]);
      }
   }
   EXPECT(bad == 0);
   printf("compute with the *2KHR binding commands: %u values, %u mismatches\n", 3 * N, bad);

   for (unsigned i = 0; i < 2; i++)
      agx_vk_buffer_free(&C, &in[i]);
   for (unsigned i = 0; i < 3; i++)
      agx_vk_buffer_free(&C, &out[i]);
   vkDestroyPipeline(C.dev, k.pipe, NULL);
   vkDestroyDescriptorUpdateTemplate(C.dev, k.tmpl, NULL);
   vkDestroyDescriptorPool(C.dev, k.dpool, NULL);
   vkDestroyPipelineLayout(C.dev, k.layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, k.set_layouts[0], NULL);
   vkDestroyDescriptorSetLayout(C.dev, k.set_layouts[1], NULL);
   free(k.spv);
}

/* ---- a draw into an A1B5G5R5 attachment ---- */

#define W 32
#define H 16

static uint16_t
a1b5g5r5(const float c[4])
{
   /* R in bits 0-4, G 5-9, B 10-14, A 15 (the format's name lists the most
    * significant field first). */
   uint16_t r = (uint16_t)(c[0] * 31.0f + 0.5f), g = (uint16_t)(c[1] * 31.0f + 0.5f),
            b = (uint16_t)(c[2] * 31.0f + 0.5f), a = c[3] >= 0.5f ? 1 : 0;
   return (uint16_t)(r | g << 5 | b << 10 | a << 15);
}

static VkImage
make_image(VkFormat format, VkImageUsageFlags usage, uint32_t w, uint32_t h, uint32_t layers,
           VkDeviceMemory *mem)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {w, h, 1},
                            .mipLevels = 1,
                            .arrayLayers = layers,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ici, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, mem));
   VK_OK(vkBindImageMemory(C.dev, image, *mem, 0));
   return image;
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
              uint32_t layers)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask =
                                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .oldLayout = from,
                              .newLayout = to,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers}};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cmd, &dep);
}

static void
test_draw(void)
{
   const VkFormat format = VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR;
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(C.pdev, format, &fp);
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)) {
      EXPECT(C.reference); /* this device renders to it */
      printf("skipped A1B5G5R5 draw: no COLOR_ATTACHMENT\n");
      return;
   }
   VkDeviceMemory mem;
   VkImage image = make_image(
      format, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, W, H, 1, &mem);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   VK_OK(vkCreateImageView(C.dev, &vci, NULL, &view));

   /* Two rectangles (instances 0 and 1, moved by the pushed offset), each
    * two triangles of clip-space vertices; colours k/31 are exact in 5 bits. */
   const float colour[4] = {10 / 31.0f, 20 / 31.0f, 31 / 31.0f, 1.0f};
   struct agx_vk_buffer vb = agx_vk_buffer(&C, 4 * 4 * 2 * 4);
   float *v = vb.ptr;
   /* pixels x 2..9, y 4..11 of 32x16: clip x = px/16 - 1, y = py/8 - 1 */
   const float x0 = 2 / 16.0f - 1, x1 = 10 / 16.0f - 1, y0 = 4 / 8.0f - 1, y1 = 12 / 8.0f - 1;
   const float corners[4][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
   for (unsigned i = 0; i < 4; i++) {
      float *p = v + 8 * i;
      p[0] = corners[i][0];
      p[1] = corners[i][1];
      p[2] = 0;
      p[3] = 1;
      memcpy(p + 4, colour, sizeof(colour));
   }
   /* index buffer: 4 junk indices, then the 6 real ones, then junk; bound at
    * offset 16 with size 24 */
   struct agx_vk_buffer ib = agx_vk_buffer_usage(&C, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   uint32_t *idx = ib.ptr;
   const uint32_t real[6] = {0, 1, 2, 2, 1, 3};
   for (unsigned i = 0; i < 16; i++)
      idx[i] = 3;
   memcpy(idx + 4, real, sizeof(real));

   size_t vs_size, fs_size;
   uint32_t *vs_code = agx_vk_read_spv(vert_spv, &vs_size);
   uint32_t *fs_code = agx_vk_read_spv(frag_spv, &fs_size);
   VkShaderModuleCreateInfo vsm = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                   .codeSize = vs_size,
                                   .pCode = vs_code};
   VkShaderModuleCreateInfo fsm = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                   .codeSize = fs_size,
                                   .pCode = fs_code};
   VkDescriptorSetLayoutBinding b = {.binding = 0,
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     .stageFlags = VK_SHADER_STAGE_VERTEX_BIT};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VkDescriptorSetLayout sl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &sl));
   VkPushConstantRange range = {VK_SHADER_STAGE_VERTEX_BIT, 0, 16};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &range};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &dpool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = dpool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &sl};
   VkDescriptorSet set, pts_set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &pts_set));
   /* Points at pixel centres, drawn by a vertex shader that never writes
    * PointSize: maintenance5 makes their size 1.0, one texel each. */
   const int pts[4][2] = {{30, 1}, {0, 15}, {12, 14}, {27, 13}};
   const float pcol[4] = {31 / 31.0f, 0, 15 / 31.0f, 1.0f};
   struct agx_vk_buffer pb = agx_vk_buffer(&C, 4 * 8 * 4);
   for (unsigned i = 0; i < 4; i++) {
      float *p = (float *)pb.ptr + 8 * i;
      p[0] = (pts[i][0] + 0.5f) / 16.0f - 1;
      p[1] = (pts[i][1] + 0.5f) / 8.0f - 1;
      p[2] = 0;
      p[3] = 1;
      memcpy(p + 4, pcol, sizeof(pcol));
   }
   VkDescriptorBufferInfo bi[2] = {{vb.buf, 0, VK_WHOLE_SIZE}, {pb.buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[2];
   for (unsigned i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = i ? pts_set : set,
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &bi[i]};
   vkUpdateDescriptorSets(C.dev, 2, w, 0, NULL);

   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .pNext = &vsm,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .pNext = &fsm,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vp = {0, 0, W, H, 0, 1};
   VkRect2D sc = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &vp,
      .scissorCount = 1,
      .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   /* flags2 chained (DISABLE_OPTIMIZATION: allowed to be ignored) */
   VkPipelineCreateFlags2CreateInfoKHR f2 = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR,
      .pNext = &ri,
      .flags = VK_PIPELINE_CREATE_2_DISABLE_OPTIMIZATION_BIT_KHR};
   VkGraphicsPipelineCreateInfo gci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                       .pNext = &f2,
                                       .stageCount = 2,
                                       .pStages = stages,
                                       .pVertexInputState = &vi,
                                       .pInputAssemblyState = &ia,
                                       .pViewportState = &vps,
                                       .pRasterizationState = &rs,
                                       .pMultisampleState = &ms,
                                       .pColorBlendState = &cb,
                                       .layout = layout};
   VkPipeline pipe;
   VK_OK(vkCreateGraphicsPipelines(C.dev, VK_NULL_HANDLE, 1, &gci, NULL, &pipe));
   VkPipeline pts_pipe;
   ia.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   VK_OK(vkCreateGraphicsPipelines(C.dev, VK_NULL_HANDLE, 1, &gci, NULL, &pts_pipe));

   struct agx_vk_buffer out = agx_vk_buffer_usage(&C, W * H * 2, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(out.ptr, 0xCD, W * H * 2);
   VkCommandBuffer cmd = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 1);
   VkRenderingAttachmentInfo catt = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                     .imageView = view,
                                     .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .clearValue.color.float32 = {0, 0, 0, 0}};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &catt};
   vkCmdBeginRendering(cmd, &rinfo);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   VkBindDescriptorSetsInfoKHR bdi = {.sType = VK_STRUCTURE_TYPE_BIND_DESCRIPTOR_SETS_INFO_KHR,
                                      .stageFlags = VK_SHADER_STAGE_VERTEX_BIT,
                                      .layout = layout,
                                      .descriptorSetCount = 1,
                                      .pDescriptorSets = &set};
   bind_descriptor_sets2(cmd, &bdi);
   /* instance 1 moves 16 pixels right: clip 1.0 */
   const float offset[4] = {1.0f, 0, 0, 0};
   VkPushConstantsInfoKHR pci2 = {.sType = VK_STRUCTURE_TYPE_PUSH_CONSTANTS_INFO_KHR,
                                  .layout = layout,
                                  .stageFlags = VK_SHADER_STAGE_VERTEX_BIT,
                                  .size = 16,
                                  .pValues = offset};
   push_constants2(cmd, &pci2);
   bind_index_buffer2(cmd, ib.buf, 16, 24, VK_INDEX_TYPE_UINT32);
   vkCmdDrawIndexed(cmd, 6, 2, 0, 0, 0);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pts_pipe);
   bdi.pDescriptorSets = &pts_set;
   bind_descriptor_sets2(cmd, &bdi);
   vkCmdDraw(cmd, 4, 1, 0, 0);
   vkCmdEndRendering(cmd);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 1);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out.buf, 1, &r);
   host_barrier(cmd);
   VK_OK(agx_vk_submit_wait(&C, cmd));

   const uint16_t fg = a1b5g5r5(colour), pfg = a1b5g5r5(pcol);
   unsigned bad = 0, covered = 0;
   const uint16_t *px = out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = (x >= 2 && x < 10) || (x >= 18 && x < 26);
         in = in && y >= 4 && y < 12;
         uint16_t want = in ? fg : 0;
         for (unsigned i = 0; i < 4; i++)
            if (x == pts[i][0] && y == pts[i][1])
               want = pfg;
         covered += in;
         if (px[y * W + x] != want && bad++ < 8)
            printf("A1B5G5R5 texel (%d, %d): 0x%04x, expected 0x%04x\n", x, y, px[y * W + x], want);
      }
   EXPECT(bad == 0 && covered == 2 * 64);
   printf("A1B5G5R5 draw (BindIndexBuffer2 offset 16 size 24, chained modules, 1-texel points "
          "without PointSize): %d texels, %u mismatches\n",
          W * H, bad);

   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipeline(C.dev, pts_pipe, NULL);
   agx_vk_buffer_free(&C, &pb);
   vkDestroyDescriptorPool(C.dev, dpool, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyImageView(C.dev, view, NULL);
   vkDestroyImage(C.dev, image, NULL);
   vkFreeMemory(C.dev, mem, NULL);
   agx_vk_buffer_free(&C, &vb);
   agx_vk_buffer_free(&C, &ib);
   agx_vk_buffer_free(&C, &out);
   free(vs_code);
   free(fs_code);
}

/* ---- VK_REMAINING_ARRAY_LAYERS in buffer/image copies ---- */

static void
test_remaining_layers(void)
{
   if (C.validation) {
      /* The layer (1.3.239) predates maintenance5 and flags the value. */
      printf("skipped VK_REMAINING_ARRAY_LAYERS copies under the 1.3.239 validation layer\n");
      return;
   }
   const uint32_t w = 8, h = 4, layers = 4, texel = 4, layer_bytes = w * h * texel;
   VkDeviceMemory mem;
   VkImage image = make_image(VK_FORMAT_R8G8B8A8_UINT,
                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, w,
                              h, layers, &mem);
   struct agx_vk_buffer src = agx_vk_buffer(&C, layer_bytes * layers);
   struct agx_vk_buffer dst = agx_vk_buffer(&C, layer_bytes * layers);
   for (uint32_t i = 0; i < layer_bytes * layers; i++)
      src.map[i] = (uint8_t)agx_vk_hash(i);
   memset(dst.ptr, 0xEE, layer_bytes * layers);
   VkCommandBuffer cmd = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, layers);
   /* layers 1..3 from the buffer's first three layers */
   VkBufferImageCopy up = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, VK_REMAINING_ARRAY_LAYERS},
      .imageExtent = {w, h, 1}};
   vkCmdCopyBufferToImage(cmd, src.buf, image, VK_IMAGE_LAYOUT_GENERAL, 1, &up);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL, layers);
   /* layers 2..3 back to the buffer's layers 0..1 */
   VkBufferImageCopy down = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, VK_REMAINING_ARRAY_LAYERS},
      .imageExtent = {w, h, 1}};
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, dst.buf, 1, &down);
   host_barrier(cmd);
   VK_OK(agx_vk_submit_wait(&C, cmd));
   /* image layer L holds buffer layer L-1; dst layer j holds image layer
    * j+2 = src layer j+1; dst layers 2..3 untouched */
   unsigned bad = 0;
   for (uint32_t i = 0; i < layer_bytes * layers; i++) {
      uint32_t j = i / layer_bytes;
      uint8_t want = j < 2 ? src.map[i + layer_bytes] : 0xEE;
      if (dst.map[i] != want && bad++ < 8)
         printf("remaining layers byte %u: 0x%02x, expected 0x%02x\n", i, dst.map[i], want);
   }
   EXPECT(bad == 0);
   printf("VK_REMAINING_ARRAY_LAYERS copies: %u bytes, %u mismatches\n", layer_bytes * layers, bad);
   vkDestroyImage(C.dev, image, NULL);
   vkFreeMemory(C.dev, mem, NULL);
   agx_vk_buffer_free(&C, &src);
   agx_vk_buffer_free(&C, &dst);
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV MAINT6_COMP_SPV [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   vert_spv = argv[1];
   frag_spv = argv[2];
   comp_spv = argv[3];
   agx_vk_ctx_unwrapped_handles();
   agx_vk_ctx_instance(&C, argc, argv);
   bool m5 = agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_5_EXTENSION_NAME);
   bool m6 = agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_6_EXTENSION_NAME);
   if (!m5 || !m6) {
      printf("skipped: the device offers %s%s%s\n", m5 ? "" : "no VK_KHR_maintenance5",
             !m5 && !m6 ? " and " : "", m6 ? "" : "no VK_KHR_maintenance6");
      /* this driver offers both; another (lavapipe 22.3) may not */
      agx_vk_ctx_device(&C, NULL, 0, NULL);
      int ret = agx_vk_ctx_finish(&C);
      return C.reference ? ret : 1;
   }
   /* What the 1.3.239 layer reports about valid maintenance5/6 usage it
    * does not know: a stage whose module is chained (maintenance5), a
    * buffer whose usage is only in VkBufferUsageFlags2CreateInfoKHR (and
    * descriptors and copies of it), the A1B5G5R5 format, and sets, push
    * constants and the index buffer bound by the *2KHR commands it does not
    * see (so the draw or dispatch looks unbound). */
   static const char *const predates[] = {
      "VUID-VkPipelineShaderStageCreateInfo-stage-06847",
      "VUID-VkBufferCreateInfo-usage-requiredbitmask",
      "VUID-VkWriteDescriptorSet-descriptorType-00331",
      "VUID-vkCmdCopyBuffer-srcBuffer-00118",
      "VUID-vkCmdCopyBuffer-dstBuffer-00120",
      "VUID-vkGetPhysicalDeviceFormatProperties-format-parameter",
      "VUID-VkImageCreateInfo-format-parameter",
      "VUID-VkImageViewCreateInfo-format-parameter",
      "VUID-VkGraphicsPipelineCreateInfo-renderPass-06579",
      "VUID-VkGraphicsPipelineCreateInfo-renderPass-06580",
      "VUID-vkCmdDrawIndexed-None-07312",
      /* points without PointSize: valid with maintenance5 (size 1.0) */
      "VUID-VkGraphicsPipelineCreateInfo-Vertex-07722",
      "VUID-vkCmdDraw-None-02697",
      "VUID-vkCmdDispatch-None-02697",
      "VUID-vkCmdDispatch-maintenance4-06425",
      "VUID-vkCmdDrawIndexed-None-02697",
      "VUID-vkCmdDrawIndexed-maintenance4-06425",
      NULL,
   };
   C.layer_predates = predates;
   check_features_properties();

   VkPhysicalDeviceMaintenance6FeaturesKHR f6 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR,
      .maintenance6 = VK_TRUE};
   VkPhysicalDeviceMaintenance5FeaturesKHR f5 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
      .pNext = &f6,
      .maintenance5 = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f5,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE,
                                           .maintenance4 = VK_TRUE,
                                           .pipelineCreationCacheControl = VK_TRUE};
   const char *exts[] = {VK_KHR_MAINTENANCE_5_EXTENSION_NAME, VK_KHR_MAINTENANCE_6_EXTENSION_NAME,
                         VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
   agx_vk_ctx_device(&C, &f13, 3, exts);
   resolve_commands();
   test_bind_memory_status();
   test_subresource_layout();
   test_granularity();
   test_compute();
   test_draw();
   test_remaining_layers();
   int ret = agx_vk_ctx_finish(&C);
   printf("maintenance5/6: %u failures\n", failures);
   return failures || ret ? 1 : 0;
}
