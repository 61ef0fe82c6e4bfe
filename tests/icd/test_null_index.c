/*
 * VK_KHR_maintenance6's null index buffer (issue 22): with maintenance6 and nullDescriptor
 * enabled, vkCmdBindIndexBuffer(VK_NULL_HANDLE) makes every index fetched read 0. One-texel
 * points (shaders/draw.vert without PointSize: maintenance5's size 1.0) are blended
 * additively (ONE + ONE) into an R32_SFLOAT attachment, each adding 0.125 at the pixel of
 * the vertex it is: an indexed draw of 5 indices with vertexOffset 2 must draw vertex 2
 * five times (0.625 there), one of 3 indices from firstIndex 7 with 16-bit indices and
 * vertexOffset 1 vertex 1 three times, an indexed indirect draw of 2 vertex 0 twice; a
 * non-indexed draw of vertex 3 checks the pipeline. Every other pixel stays 0. Needs
 * VK_KHR_maintenance5/6 (lavapipe 22.3 lacks them: the reference run only says so). The
 * validation layer (1.3.239, older than maintenance6) crashes in its draw checks once a
 * null index buffer is bound: under --validation the device is made and the draws skipped.
 *
 * test_null_index VERT.spv FRAG.spv [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agxv_vk_newer.h"

static struct agx_vk_ctx C;
static const char *vert_spv, *frag_spv;

#define W 8
#define H 4

/* The points: pixel of vertex i (its centre in clip space) */
static const int pts[4][2] = {{1, 1}, {3, 1}, {5, 2}, {7, 3}};

static VkShaderModule
module(const char *path)
{
   size_t size;
   uint32_t *code = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = code};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(C.dev, &ci, NULL, &m));
   free(code);
   return m;
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                             .dstAccessMask =
                                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
                             .oldLayout = from,
                             .newLayout = to,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

static unsigned
draw_null_index(void)
{
   const VkFormat format = VK_FORMAT_R32_SFLOAT;
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VkImage image;
   VK_OK(vkCreateImage(C.dev, &ici, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, &mem));
   VK_OK(vkBindImageMemory(C.dev, image, mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   VK_OK(vkCreateImageView(C.dev, &vci, NULL, &view));

   /* draw.vert: vertex i reads position and colour from a storage buffer */
   struct agx_vk_buffer vb = agx_vk_buffer(&C, 4 * 8 * 4);
   for (unsigned i = 0; i < 4; i++) {
      float *p = (float *)vb.ptr + 8 * i;
      p[0] = (pts[i][0] + 0.5f) * 2.0f / W - 1;
      p[1] = (pts[i][1] + 0.5f) * 2.0f / H - 1;
      p[2] = 0, p[3] = 1;
      p[4] = 0.125f, p[5] = p[6] = 0, p[7] = 1;
   }
   /* an indexed indirect record: 2 indices, 1 instance, firstIndex 0, vertexOffset 0 */
   struct agx_vk_buffer ind = agx_vk_buffer_usage(&C, 32, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   const VkDrawIndexedIndirectCommand rec = {2, 1, 0, 0, 0};
   memcpy(ind.ptr, &rec, sizeof(rec));

   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
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
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &dpool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = dpool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &sl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   VkDescriptorBufferInfo bi = {vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &bi};
   vkUpdateDescriptorSets(C.dev, 1, &w, 0, NULL);

   VkShaderModule vs = module(vert_spv), fs = module(frag_spv);
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST};
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
   VkPipelineColorBlendAttachmentState att = {.blendEnable = VK_TRUE,
                                              .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                              .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                              .colorBlendOp = VK_BLEND_OP_ADD,
                                              .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                              .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                              .alphaBlendOp = VK_BLEND_OP_ADD,
                                              .colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   VkGraphicsPipelineCreateInfo gci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                       .pNext = &ri,
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

   struct agx_vk_buffer out = agx_vk_buffer_usage(&C, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cmd = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
   VkRenderingAttachmentInfo catt = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                     .imageView = view,
                                     .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &catt};
   vkCmdBeginRendering(cmd, &rinfo);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
   const float offset[4] = {0};
   vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, offset);
   vkCmdBindIndexBuffer(cmd, VK_NULL_HANDLE, 0, VK_INDEX_TYPE_UINT32);
   vkCmdDrawIndexed(cmd, 5, 1, 0, 2, 0);            /* vertex 2, five times */
   vkCmdDrawIndexedIndirect(cmd, ind.buf, 0, 1, 0); /* vertex 0, twice */
   vkCmdBindIndexBuffer(cmd, VK_NULL_HANDLE, 0, VK_INDEX_TYPE_UINT16);
   vkCmdDrawIndexed(cmd, 3, 1, 7, 1, 0); /* vertex 1, three times */
   vkCmdDraw(cmd, 1, 1, 3, 0);           /* vertex 3 */
   vkCmdEndRendering(cmd);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out.buf, 1, &r);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cmd));

   const float hits[4] = {2 * 0.125f, 3 * 0.125f, 5 * 0.125f, 0.125f};
   unsigned bad = 0;
   const float *px = out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         float want = 0.0f;
         for (unsigned i = 0; i < 4; i++)
            if (x == pts[i][0] && y == pts[i][1])
               want = hits[i];
         if (px[y * W + x] != want && bad++ < 8)
            fprintf(stderr, "pixel (%d, %d): %g, expected %g\n", x, y, px[y * W + x], want);
      }
   printf("null index buffer draws (direct 32/16-bit, indirect): %d pixels, %u wrong\n", W * H,
          bad);

   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, fs, NULL);
   vkDestroyDescriptorPool(C.dev, dpool, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyImageView(C.dev, view, NULL);
   vkDestroyImage(C.dev, image, NULL);
   vkFreeMemory(C.dev, mem, NULL);
   agx_vk_buffer_free(&C, &vb);
   agx_vk_buffer_free(&C, &ind);
   agx_vk_buffer_free(&C, &out);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VERT.spv FRAG.spv [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   vert_spv = argv[1];
   frag_spv = argv[2];
   agx_vk_ctx_unwrapped_handles();
   agx_vk_ctx_instance(&C, argc, argv);
   if (!agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_5_EXTENSION_NAME) ||
       !agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_6_EXTENSION_NAME)) {
      printf("skipped: the device offers no VK_KHR_maintenance5/6\n");
      agx_vk_ctx_device(&C, NULL, 0, NULL);
      int ret = agx_vk_ctx_finish(&C);
      return C.reference ? ret : 1; /* this driver offers both */
   }
   /* What the 1.3.239 layer does not know: a null index buffer (maintenance6), points
    * without PointSize (maintenance5). */
   static const char *const predates[] = {
      "VUID-vkCmdBindIndexBuffer-buffer-parameter",
      "VUID-vkCmdDrawIndexed-None-07312",
      "VUID-vkCmdDrawIndexedIndirect-None-07312",
      "VUID-VkGraphicsPipelineCreateInfo-Vertex-07722",
      NULL,
   };
   C.layer_predates = predates;
   VkPhysicalDeviceMaintenance6FeaturesKHR f6 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR,
      .maintenance6 = VK_TRUE};
   VkPhysicalDeviceMaintenance5FeaturesKHR f5 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
      .pNext = &f6,
      .maintenance5 = VK_TRUE};
   VkPhysicalDeviceRobustness2FeaturesEXT rb2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .pNext = &f5,
      .nullDescriptor = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &rb2,
                                           .dynamicRendering = VK_TRUE};
   const char *exts[] = {VK_KHR_MAINTENANCE_5_EXTENSION_NAME, VK_KHR_MAINTENANCE_6_EXTENSION_NAME,
                         VK_EXT_ROBUSTNESS_2_EXTENSION_NAME};
   agx_vk_ctx_device(&C, &f13, 3, exts);
   if (C.validation) {
      printf("skipped the draws: the 1.3.239 validation layer crashes on a null index buffer\n");
      return agx_vk_ctx_finish(&C);
   }
   unsigned bad = draw_null_index();
   int r = agx_vk_ctx_finish(&C);
   return bad ? 1 : r;
}
