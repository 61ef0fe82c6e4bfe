/*
 * Geometry shader vertex streams (VK_EXT_transform_feedback geometryStreams,
 * transformFeedbackRasterizationStreamSelect; issue 23) through the loader,
 * against CPU-computed captures. xfb_streams.geom turns each of three points
 * (v = 0, 1, 2, from xfb_drawid.vert) into vertices of streams 1, 0, 3, 1
 * (interleaved), each stream captured into its own buffer:
 *  - buffer 0 (stream 0, stride 16): (v, 0, 0, 1) per point;
 *  - buffer 1 (stream 1, stride 8): (v, 10), (v, 11) per point;
 *  - buffer 3 (stream 3, stride 4), bound with room for 2 of 3: v + 100;
 *  - four stream queries (vkCmdBeginQueryIndexedEXT index 0..3): written /
 *    needed 3/3, 6/6, 0/0, 2/3, and every offset advanced by its stream's
 *    primitives only (the counters after End);
 *  - rasterizationStream 1: stream 1's points (pixel (v, k)) are drawn, no
 *    other pixel is (lavapipe, without transformFeedbackRasterizationStreamSelect:
 *    rasterizer discard instead, not checked).
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_xfb_streams VERT_SPV GEOM_SPV FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 16
#define H 16

static unsigned failures;

#define CHECK_EQ(what, got, want)                                             \
   do {                                                                       \
      if ((uint64_t)(got) != (uint64_t)(want)) {                              \
         printf("%s: %llu, expected %llu\n", what, (unsigned long long)(got), \
                (unsigned long long)(want));                                  \
         failures++;                                                          \
      }                                                                       \
   } while (0)

/* Compares `words` words; prints the first mismatches. */
static void
compare(const char *what, const uint32_t *got, const uint32_t *want, uint32_t words)
{
   unsigned bad = 0;
   for (uint32_t i = 0; i < words; i++)
      if (got[i] != want[i] && bad++ < 8)
         printf("%s: word %u: 0x%08x, expected 0x%08x\n", what, i, got[i], want[i]);
   printf("%s: %u words, %u mismatches\n", what, words, bad);
   failures += bad;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static VkPipeline
make_pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout, const VkShaderModule m[3], bool raster)
{
   const VkShaderStageFlagBits st[3] = {VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
                                        VK_SHADER_STAGE_FRAGMENT_BIT};
   VkPipelineShaderStageCreateInfo stages[3];
   for (unsigned k = 0; k < 3; k++)
      stages[k] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = st[k],
         .module = m[k],
         .pName = "main"};
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
   VkPipelineRasterizationStateStreamCreateInfoEXT rstream = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT,
      .rasterizationStream = 1};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .pNext = raster ? &rstream : NULL,
      .rasterizerDiscardEnable = !raster,
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
                                       .stageCount = 3,
                                       .pStages = stages,
                                       .pVertexInputState = &vi,
                                       .pInputAssemblyState = &ia,
                                       .pViewportState = &vps,
                                       .pRasterizationState = &rs,
                                       .pMultisampleState = &ms,
                                       .pColorBlendState = &cb,
                                       .layout = layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &gci, NULL, &p));
   return p;
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
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
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cmd, &dep);
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr, "usage: %s VERT_SPV GEOM_SPV FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   if (!agx_vk_ctx_has_extension(&c, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) {
      printf("VK_EXT_transform_feedback is not supported\n");
      return 1;
   }
   VkPhysicalDeviceTransformFeedbackPropertiesEXT xp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &xp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xh = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &xh};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   bool raster = xp.transformFeedbackRasterizationStreamSelect;
   if (!xh.geometryStreams || xp.maxTransformFeedbackStreams < 4 ||
       xp.maxTransformFeedbackBuffers < 4 || (!raster && !c.reference) ||
       !xp.transformFeedbackQueries || !f2.features.geometryShader) {
      printf("geometryStreams %u, %u streams, %u buffers, stream select %u, queries %u, GS %u\n",
             xh.geometryStreams, xp.maxTransformFeedbackStreams, xp.maxTransformFeedbackBuffers,
             xp.transformFeedbackRasterizationStreamSelect, xp.transformFeedbackQueries,
             f2.features.geometryShader);
      return 1;
   }
   VkPhysicalDeviceFeatures want = {.geometryShader = VK_TRUE};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
      .geometryStreams = VK_TRUE};
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &xf,
                                           .shaderDrawParameters = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   const char *exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   agx_vk_ctx_device_features(&c, &f13, &want, 1, exts);
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb =
      (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
         c.dev, "vkCmdBindTransformFeedbackBuffersEXT");
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb =
      (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev,
                                                              "vkCmdBeginTransformFeedbackEXT");
   PFN_vkCmdEndTransformFeedbackEXT end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev, "vkCmdEndTransformFeedbackEXT");
   PFN_vkCmdBeginQueryIndexedEXT begin_qi =
      (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(c.dev, "vkCmdBeginQueryIndexedEXT");
   PFN_vkCmdEndQueryIndexedEXT end_qi =
      (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(c.dev, "vkCmdEndQueryIndexedEXT");
   if (!bind_xfb || !begin_xfb || !end_xfb || !begin_qi || !end_qi) {
      printf("transform feedback entry points missing\n");
      return 1;
   }
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &layout));
   VkShaderModule m[3];
   for (unsigned k = 0; k < 3; k++)
      m[k] = agx_vk_shader(&c, argv[1 + k]);
   VkPipeline pipe = make_pipeline(&c, layout, m, raster);

   /* the colour target */
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

   const VkBufferUsageFlags xusage =
      VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
   struct agx_vk_buffer xb[4];
   for (unsigned b = 0; b < 4; b++) {
      xb[b] = agx_vk_buffer_usage(&c, 256, xusage);
      memset(xb[b].ptr, 0xA5, 256);
   }
   struct agx_vk_buffer cnt =
      agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT);
   memset(cnt.ptr, 0xA5, 64);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
                                .queryCount = 4};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c.dev, &qci, NULL, &qp));

   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cmd, qp, 0, 4);
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
   VkBuffer bufs[4] = {xb[0].buf, xb[1].buf, xb[2].buf, xb[3].buf};
   VkDeviceSize offs[4] = {0, 0, 0, 0}, sizes[4] = {256, 256, 256, 8};
   bind_xfb(cmd, 0, 4, bufs, offs, sizes);
   begin_xfb(cmd, 0, 0, NULL, NULL);
   for (uint32_t s = 0; s < 4; s++)
      begin_qi(cmd, qp, s, 0, s);
   vkCmdDraw(cmd, 3, 1, 0, 0);
   for (uint32_t s = 0; s < 4; s++)
      end_qi(cmd, qp, s, s);
   VkBuffer cbufs[4] = {cnt.buf, cnt.buf, cnt.buf, cnt.buf};
   VkDeviceSize coffs[4] = {0, 4, 8, 12};
   end_xfb(cmd, 0, 4, cbufs, coffs);
   vkCmdEndRendering(cmd);
   image_barrier(cmd, image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out.buf, 1, &r);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cmd, &dep);
   VK_OK(agx_vk_submit_wait(&c, cmd));

   /* the captures */
   uint32_t want0[16], want1[16], want3[4];
   memset(want0, 0xA5, sizeof(want0));
   memset(want1, 0xA5, sizeof(want1));
   memset(want3, 0xA5, sizeof(want3));
   for (uint32_t v = 0; v < 3; v++) {
      const uint32_t r0[4] = {fbits((float)v), fbits(0), fbits(0), fbits(1)};
      memcpy(want0 + 4 * v, r0, 16);
      for (uint32_t k = 0; k < 2; k++) {
         want1[4 * v + 2 * k] = fbits((float)v);
         want1[4 * v + 2 * k + 1] = fbits(10.0f + (float)k);
      }
      if (v < 2)
         want3[v] = fbits((float)v + 100.0f);
   }
   compare("stream 0 (buffer 0)", xb[0].ptr, want0, 16);
   compare("stream 1 (buffer 1)", xb[1].ptr, want1, 16);
   const uint32_t untouched[4] = {0xA5A5A5A5u, 0xA5A5A5A5u, 0xA5A5A5A5u, 0xA5A5A5A5u};
   compare("buffer 2 (no stream writes it)", xb[2].ptr, untouched, 4);
   compare("stream 3 (buffer 3, room for 2)", xb[3].ptr, want3, 4);
   const uint32_t *cv = cnt.ptr;
   CHECK_EQ("counter 0 (bytes)", cv[0], 3 * 16);
   CHECK_EQ("counter 1 (bytes)", cv[1], 6 * 8);
   CHECK_EQ("counter 2 (bytes)", cv[2], 0);
   CHECK_EQ("counter 3 (bytes)", cv[3], 2 * 4);
   /* the stream queries */
   uint64_t q[4][2];
   VK_OK(vkGetQueryPoolResults(c.dev, qp, 0, 4, sizeof(q), q, 16,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   const uint64_t wq[4][2] = {{3, 3}, {6, 6}, {0, 0}, {2, 3}};
   for (unsigned s = 0; s < 4; s++) {
      printf("stream %u query: written %llu, needed %llu\n", s, (unsigned long long)q[s][0],
             (unsigned long long)q[s][1]);
      CHECK_EQ("primitives written", q[s][0], wq[s][0]);
      CHECK_EQ("primitives needed", q[s][1], wq[s][1]);
   }
   /* the rasterized stream: pixel (v, k) for v < 3, k < 2 */
   unsigned bad = 0, lit = 0;
   const uint32_t *px = out.ptr;
   for (uint32_t y = 0; raster && y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         bool want_lit = x < 3 && y < 2;
         bool got = px[y * W + x] != 0;
         lit += got;
         if (want_lit != got && bad++ < 6)
            printf("rasterization stream 1: pixel (%u, %u) = 0x%08x\n", x, y, px[y * W + x]);
      }
   printf("rasterization stream 1: %u pixels lit, %u mismatches\n", lit, bad);
   failures += bad;

   vkDestroyQueryPool(c.dev, qp, NULL);
   for (unsigned b = 0; b < 4; b++)
      agx_vk_buffer_free(&c, &xb[b]);
   agx_vk_buffer_free(&c, &cnt);
   agx_vk_buffer_free(&c, &out);
   vkDestroyImageView(c.dev, view, NULL);
   vkDestroyImage(c.dev, image, NULL);
   vkFreeMemory(c.dev, mem, NULL);
   vkDestroyPipeline(c.dev, pipe, NULL);
   for (unsigned k = 0; k < 3; k++)
      vkDestroyShaderModule(c.dev, m[k], NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   int ret = agx_vk_ctx_finish(&c);
   printf("test_xfb_streams: %u failures\n", failures);
   return failures || ret ? 1 : 0;
}
