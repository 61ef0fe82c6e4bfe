/*
 * Load ops of attachments a subpass only preserves (dEQP-VK.glsl.
 * helper_invocations.output_variables' render pass): two R32_UINT 8x8
 * attachments, both loadOp CLEAR (21 and 30) and storeOp STORE; subpass 0
 * writes attachment 0 and preserves attachment 1, subpass 1 writes
 * attachment 1. A preserved attachment is "not used" by the subpass
 * (Vulkan VkSubpassDescription), so attachment 1 is cleared when subpass 1
 * begins. No draws: both images must hold their clear values after the
 * pass (copied to a buffer). A second pass preserves attachment 1 in the
 * last subpass after using it in the first (storeOp STORE still applies).
 *
 * test_rp_preserve [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define N 8

static struct agx_vk_ctx c;

struct att {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static void
make_att(struct att *a)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R32_UINT,
                            .extent = {N, N, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(c.dev, &ici, NULL, &a->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c.dev, a->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &a->mem));
   VK_OK(vkBindImageMemory(c.dev, a->image, a->mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = a->image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R32_UINT,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c.dev, &vci, NULL, &a->view));
}

/* A two-subpass pass over attachments 0 and 1; `late`: subpass 0 writes
 * both and subpass 1 writes 0 and preserves 1; else subpass 0 writes 0 and
 * preserves 1, subpass 1 writes 1. */
static VkRenderPass
make_pass(bool late)
{
   VkAttachmentDescription ad = {0,
                                 VK_FORMAT_R32_UINT,
                                 VK_SAMPLE_COUNT_1_BIT,
                                 VK_ATTACHMENT_LOAD_OP_CLEAR,
                                 VK_ATTACHMENT_STORE_OP_STORE,
                                 VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                 VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                 VK_IMAGE_LAYOUT_UNDEFINED,
                                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
   VkAttachmentDescription atts[2] = {ad, ad};
   VkAttachmentReference r0 = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkAttachmentReference r01[2] = {r0, {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL}};
   uint32_t keep = 1;
   VkSubpassDescription sp[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = late ? 2 : 1,
       .pColorAttachments = r01,
       .preserveAttachmentCount = late ? 0 : 1,
       .pPreserveAttachments = &keep},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 1,
       .pColorAttachments = late ? &r01[0] : &r01[1],
       .preserveAttachmentCount = late ? 1 : 0,
       .pPreserveAttachments = &keep},
   };
   VkSubpassDependency dep = {0,
                              1,
                              VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                              VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                              0};
   VkRenderPassCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                .attachmentCount = 2,
                                .pAttachments = atts,
                                .subpassCount = 2,
                                .pSubpasses = sp,
                                .dependencyCount = 1,
                                .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c.dev, &ci, NULL, &rp));
   return rp;
}

/* Runs the pass with clear values 21 / 30 and checks both images. */
static unsigned
run(bool late, struct att *a, struct agx_vk_buffer *out)
{
   VkRenderPass rp = make_pass(late);
   VkImageView views[2] = {a[0].view, a[1].view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = N,
                                  .height = N,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c.dev, &fci, NULL, &fb));
   memset(out->map, 0xEE, 2 * N * N * 4);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearValue cv[2] = {{.color.uint32 = {21, 0, 0, 0}}, {.color.uint32 = {30, 0, 0, 0}}};
   VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                               .renderPass = rp,
                               .framebuffer = fb,
                               .renderArea = {{0, 0}, {N, N}},
                               .clearValueCount = 2,
                               .pClearValues = cv};
   vkCmdBeginRenderPass(cb, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdEndRenderPass(cb);
   VkBufferImageCopy copy = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                             .imageExtent = {N, N, 1}};
   for (unsigned i = 0; i < 2; i++) {
      copy.bufferOffset = i * N * N * 4;
      vkCmdCopyImageToBuffer(cb, a[i].image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out->buf, 1,
                             &copy);
   }
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
   VK_OK(agx_vk_submit_wait(&c, cb));
   const uint32_t *px = (const uint32_t *)out->map;
   unsigned bad = 0;
   for (unsigned i = 0; i < 2 * N * N; i++) {
      uint32_t want = i < N * N ? 21 : 30;
      if (px[i] != want && bad++ < 4)
         fprintf(stderr, "%s: attachment %u texel %u: %u, want %u\n",
                 late ? "preserved last" : "preserved first", i / (N * N), i % (N * N), px[i],
                 want);
   }
   printf("%s: %u wrong texels\n", late ? "preserved last" : "preserved first", bad);
   vkDestroyFramebuffer(c.dev, fb, NULL);
   vkDestroyRenderPass(c.dev, rp, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct att a[2];
   make_att(&a[0]);
   make_att(&a[1]);
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(&c, 2 * N * N * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   unsigned bad = run(false, a, &out) + run(true, a, &out);
   agx_vk_buffer_free(&c, &out);
   for (unsigned i = 0; i < 2; i++) {
      vkDestroyImageView(c.dev, a[i].view, NULL);
      vkDestroyImage(c.dev, a[i].image, NULL);
      vkFreeMemory(c.dev, a[i].mem, NULL);
   }
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
