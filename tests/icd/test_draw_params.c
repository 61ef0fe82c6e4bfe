/*
 * Shader draw parameters (VK_KHR_shader_draw_parameters, core 1.1
 * shaderDrawParameters) through the loader: gl_BaseVertex, gl_BaseInstance
 * and gl_DrawID of vkCmdDraw (firstVertex), vkCmdDrawIndexed (vertexOffset,
 * two instances), and two-record vkCmdDrawIndirect /
 * vkCmdDrawIndexedIndirect (DrawID 0 and 1, bases from the records), read
 * back from a 64x16 R8G8B8A8_UNORM attachment and compared with the
 * colours the Vulkan specification implies for each rectangle
 * (draw_params.vert: rectangle gl_VertexIndex / 6, colour from the
 * parameters). The same program runs on lavapipe (--reference) and under
 * the validation layer.
 *
 * test_draw_params DRAW_PARAMS_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 16

struct rect {
   uint32_t base_vertex, base_instance, instances, draw_id;
};

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_PARAMS_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f13};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f11.shaderDrawParameters) {
      printf("shaderDrawParameters is not supported\n");
      return 1;
   }
   f11 = (VkPhysicalDeviceVulkan11Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .shaderDrawParameters = VK_TRUE};
   f13 = (VkPhysicalDeviceVulkan13Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = &f11,
      .synchronization2 = VK_TRUE,
      .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.multiDrawIndirect = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);

   /* The draws; rectangle r covers the vertices 6r..6r+5. */
   const struct rect rects[8] = {
      {0, 0, 1, 0},   /* unused slot: no draw reaches vertices 0..5 */
      {6, 3, 1, 0},   /* vkCmdDraw firstVertex 6, firstInstance 3 */
      {12, 5, 2, 0},  /* vkCmdDrawIndexed vertexOffset 12, firstInstance 5, 2 instances */
      {18, 7, 1, 0},  /* vkCmdDrawIndirect record 0 */
      {24, 9, 1, 1},  /* record 1 */
      {30, 11, 1, 0}, /* vkCmdDrawIndexedIndirect record 0 */
      {36, 13, 1, 1}, /* record 1 */
      {0, 0, 0, 0},   /* no draw */
   };
   struct agx_vk_buffer ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   struct agx_vk_buffer ind = agx_vk_buffer_usage(&c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *idx = ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;
   VkDrawIndirectCommand *di = ind.ptr;
   di[0] = (VkDrawIndirectCommand){6, 1, 18, 7};
   di[1] = (VkDrawIndirectCommand){6, 1, 24, 9};
   VkDrawIndexedIndirectCommand *dii = (VkDrawIndexedIndirectCommand *)((uint8_t *)ind.ptr + 64);
   dii[0] = (VkDrawIndexedIndirectCommand){6, 1, 0, 30, 11};
   dii[1] = (VkDrawIndexedIndirectCommand){6, 1, 0, 36, 13};
   memset(out.ptr, 0xCD, W * H * 4);

   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VkImage image;
   VK_OK(vkCreateImage(c.dev, &ici, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c.dev, image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&c, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &mem));
   VK_OK(vkBindImageMemory(c.dev, image, mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   VK_OK(vkCreateImageView(c.dev, &vci, NULL, &view));

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &layout));
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
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
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
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &gci, NULL, &pipe));

   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_NONE,
                              .dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                              .dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cmd, &dep);
   VkRenderingAttachmentInfo catt = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                     .imageView = view,
                                     .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .clearValue.color.float32 = {0, 0, 0, 1}};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &catt};
   vkCmdBeginRendering(cmd, &rinfo);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindIndexBuffer(cmd, ib.buf, 0, VK_INDEX_TYPE_UINT32);
   vkCmdDraw(cmd, 6, 1, 6, 3);
   vkCmdDrawIndexed(cmd, 6, 2, 0, 12, 5);
   vkCmdDrawIndirect(cmd, ind.buf, 0, 2, sizeof(VkDrawIndirectCommand));
   vkCmdDrawIndexedIndirect(cmd, ind.buf, 64, 2, sizeof(VkDrawIndexedIndirectCommand));
   vkCmdEndRendering(cmd);
   b.srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
   b.srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
   b.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
   b.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
   b.oldLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   vkCmdPipelineBarrier2(cmd, &dep);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out.buf, 1, &r);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo hdep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                            .memoryBarrierCount = 1,
                            .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cmd, &hdep);
   VK_OK(agx_vk_submit_wait(&c, cmd));

   /* Expected: each drawn rectangle's pixels (x in 8r+1..8r+6, y in 1..14)
    * take its colour; everything else the clear colour. */
   unsigned bad = 0, shown = 0;
   const uint8_t *px = out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int rr = x / 8;
         bool in = x % 8 >= 1 && x % 8 <= 6 && y >= 1 && y <= 14 && rects[rr].instances;
         if (rr == 0)
            in = false;
         const struct rect *q = &rects[rr];
         uint8_t want[4] = {0, 0, 0, 255};
         if (in) {
            want[0] = (uint8_t)q->base_vertex;
            want[1] = (uint8_t)(q->base_instance + 16 * (q->instances - 1));
            want[2] = (uint8_t)(64 * q->draw_id);
         }
         const uint8_t *g = px + 4 * (y * W + x);
         if (memcmp(g, want, 4)) {
            bad++;
            if (shown++ < 8)
               printf("pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", x, y, g[0], g[1], g[2],
                      g[3], want[0], want[1], want[2], want[3]);
         }
      }
   printf("draw parameters: %d pixels, %u mismatches\n", W * H, bad);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   vkDestroyImageView(c.dev, view, NULL);
   vkDestroyImage(c.dev, image, NULL);
   vkFreeMemory(c.dev, mem, NULL);
   agx_vk_buffer_free(&c, &ib);
   agx_vk_buffer_free(&c, &ind);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
