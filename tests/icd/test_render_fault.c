/*
 * Render commands through the loader, two things the simulator's render
 * path must get right for a driver (issue 17 items 6 and 8):
 * - a graphics pipeline without a fragment shader still honours the static
 *   sample mask (Vulkan "Sample Mask Test": samples outside pSampleMask[0]
 *   are not covered): a 4-sample depth-only pass (D32, compare ALWAYS,
 *   write on) covering a 32x32 framebuffer counts 32 x 32 x popcount(mask
 *   & 0xF) samples with a precise occlusion query (masks 0x5, 0xF and 0x8;
 *   dEQP-VK.pipeline.*.empty_fs.masked_samples); the model is the
 *   specification's, so lavapipe checks it too;
 * - a fragment shader that stores through a buffer reference to an address
 *   nothing is mapped at makes the render command fault: on agx-vk the
 *   submission's wait reports VK_ERROR_DEVICE_LOST, the device stays lost
 *   (vkDeviceWaitIdle) and the process carries on to a clean exit.
 *
 * test_render_fault COVER_FAR_VERT_SPV FAULT_STORE_FRAG_SPV [--validation] [--reference]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 32
#define H 32

static struct agx_vk_ctx C;

struct image {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static struct image
make_image(VkFormat format, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
           VkImageAspectFlags aspect)
{
   struct image im;
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {W, H, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = samples,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage,
                           .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &im.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, im.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &im.mem));
   VK_OK(vkBindImageMemory(C.dev, im.image, im.mem, 0));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = im.image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D,
                               .format = format,
                               .subresourceRange = {aspect, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &im.view));
   return im;
}

static void
free_image(struct image *im)
{
   vkDestroyImageView(C.dev, im->view, NULL);
   vkDestroyImage(C.dev, im->image, NULL);
   vkFreeMemory(C.dev, im->mem, NULL);
}

static VkShaderModule
module(const char *path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(C.dev, &ci, NULL, &m));
   free(words);
   return m;
}

/* The full-screen triangle, with a fragment shader `fs` (or none) writing
 * colour `color` (VK_FORMAT_UNDEFINED: none), depth D32 `depth` (ALWAYS,
 * write), `samples`, pSampleMask `mask` (NULL: all). */
static VkPipeline
pipeline(VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs, VkFormat color, bool depth,
         VkSampleCountFlagBits samples, const VkSampleMask *mask)
{
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
   VkViewport viewport = {0, 0, W, H, 0, 1};
   VkRect2D scissor = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &viewport,
                                           .scissorCount = 1,
                                           .pScissors = &scissor};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = samples,
      .pSampleMask = mask};
   VkPipelineDepthStencilStateCreateInfo zs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = depth,
      .depthWriteEnable = depth,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = color != VK_FORMAT_UNDEFINED,
      .pAttachments = &att};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = color != VK_FORMAT_UNDEFINED,
                                       .pColorAttachmentFormats = &color,
                                       .depthAttachmentFormat =
                                          depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = fs ? 2 : 1,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pDepthStencilState = &zs,
                                      .pColorBlendState = &cb,
                                      .layout = layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(C.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
to_attachment(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect, VkImageLayout layout)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask =
                                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = layout,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {aspect, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

/* Samples a depth-only 4-sample pass without a fragment shader counts. */
static uint64_t
masked_pass(VkPipelineLayout layout, VkShaderModule vs, const VkSampleMask *mask)
{
   struct image z =
      make_image(VK_FORMAT_D32_SFLOAT, VK_SAMPLE_COUNT_4_BIT,
                 VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT);
   VkPipeline p =
      pipeline(layout, vs, VK_NULL_HANDLE, VK_FORMAT_UNDEFINED, true, VK_SAMPLE_COUNT_4_BIT, mask);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_OCCLUSION,
                                .queryCount = 1};
   VkQueryPool pool;
   VK_OK(vkCreateQueryPool(C.dev, &qci, NULL, &pool));
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, pool, 0, 1);
   to_attachment(cb, z.image, VK_IMAGE_ASPECT_DEPTH_BIT,
                 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
   VkRenderingAttachmentInfo da = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = z.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .clearValue = {.depthStencil = {0.0f, 0}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .pDepthAttachment = &da};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBeginQuery(cb, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndQuery(cb, pool, 0);
   vkCmdEndRendering(cb);
   VK_OK(agx_vk_submit_wait(&C, cb));
   uint64_t n = UINT64_MAX;
   VK_OK(vkGetQueryPoolResults(C.dev, pool, 0, 1, sizeof(n), &n, sizeof(n),
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   vkDestroyQueryPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, p, NULL);
   free_image(&z);
   return n;
}

static unsigned
test_masks(VkShaderModule vs)
{
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   const VkSampleMask masks[] = {0x5, 0xF, 0x8};
   unsigned bad = 0;
   for (unsigned i = 0; i < 3; i++) {
      uint64_t n = masked_pass(layout, vs, &masks[i]);
      uint64_t want = (uint64_t)W * H * (unsigned)__builtin_popcount(masks[i] & 0xF);
      printf("no fragment shader, sample mask 0x%x: %llu samples counted (want %llu)%s\n", masks[i],
             (unsigned long long)n, (unsigned long long)want, n == want ? "" : "  WRONG");
      bad += n != want;
   }
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   return bad;
}

/* A fragment shader storing to an unmapped address: device lost. */
static unsigned
test_fault(VkShaderModule vs, VkShaderModule fs)
{
   VkPushConstantRange pr = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, 8};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   struct image col = make_image(VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_1_BIT,
                                 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
   VkPipeline p =
      pipeline(layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM, false, VK_SAMPLE_COUNT_1_BIT, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_attachment(cb, col.image, VK_IMAGE_ASPECT_COLOR_BIT,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = col.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   uint64_t bad_address = 0x100000; /* the never-mapped low range (test_bda) */
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 8, &bad_address);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   VkResult r = agx_vk_submit_wait(&C, cb);
   VkResult idle = vkDeviceWaitIdle(C.dev);
   bool ok = r == VK_ERROR_DEVICE_LOST && idle == VK_ERROR_DEVICE_LOST;
   printf("fragment shader fault: submission %d, vkDeviceWaitIdle %d (want %d)%s\n", r, idle,
          VK_ERROR_DEVICE_LOST, ok ? "" : "  WRONG");
   vkDestroyPipeline(C.dev, p, NULL);
   free_image(&col);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   return !ok;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 3);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .bufferDeviceAddress = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures want = {.occlusionQueryPrecise = VK_TRUE};
   agx_vk_ctx_device_features(&C, &f13, &want, 0, NULL);
   VkShaderModule vs = module(argv[1]), fs = module(argv[2]);
   unsigned bad = test_masks(vs);
   if (!C.reference)
      bad += test_fault(vs, fs);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, fs, NULL);
   int rc = agx_vk_ctx_finish(&C);
   return bad || rc ? 1 : 0;
}
