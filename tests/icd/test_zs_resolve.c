/*
 * Depth/stencil resolve attachment of a render pass with stencil resolve
 * mode NONE (dEQP-VK.renderpasses.renderpass2.depth_stencil_resolve.
 * image_2d_49_13.samples_4.d32_sfloat_s8_uint_separate_layouts.
 * depth_zero_stencil_none_testing_stencil_samplemask): the resolve
 * attachment is a used attachment of the subpass, so its CLEAR load op
 * applies to its render area even where no resolve writes it.
 * A 49x13 D32_SFLOAT_S8_UINT resolve image is first filled with depth 0.75
 * and stencil 0x77 by vkCmdClearDepthStencilImage; a render pass over the
 * area (10,5)+(20,8) clears a 4-sample D32_SFLOAT_S8_UINT attachment to
 * depth 0.25 / stencil 9 and the resolve attachment (load op CLEAR) to
 * depth 0.5 / stencil 5, with depth resolve SAMPLE_ZERO and stencil
 * resolve NONE, and nothing drawn. The CPU model: inside the area depth
 * 0.25 (resolved) and stencil 5 (the load op), outside 0.75 and 0x77.
 * The same program runs on lavapipe (--reference) and under validation.
 *
 * test_zs_resolve [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 49
#define H 13
static const VkRect2D area = {{10, 5}, {20, 8}};

static bool
inside(int x, int y)
{
   return x >= area.offset.x && x < area.offset.x + (int)area.extent.width && y >= area.offset.y &&
          y < area.offset.y + (int)area.extent.height;
}

static VkRenderPass
render_pass(struct agx_vk_ctx *c)
{
   const VkFormat f = VK_FORMAT_D32_SFLOAT_S8_UINT;
   VkAttachmentDescription2 att[2] = {
      {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
       .format = f,
       .samples = VK_SAMPLE_COUNT_4_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
       .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL},
      {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
       .format = f,
       .samples = VK_SAMPLE_COUNT_1_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
       .initialLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
       .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
   };
   VkAttachmentReference2 ms = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                .attachment = 0,
                                .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                                .aspectMask =
                                   VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT};
   VkAttachmentReference2 ss = ms;
   ss.attachment = 1;
   VkSubpassDescriptionDepthStencilResolve dr = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
      .depthResolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT,
      .stencilResolveMode = VK_RESOLVE_MODE_NONE,
      .pDepthStencilResolveAttachment = &ss};
   VkSubpassDescription2 sp = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
                               .pNext = &dr,
                               .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                               .pDepthStencilAttachment = &ms};
   /* the resolve (a colour attachment write, Vulkan spec) before the copy */
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                          .srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};
   VkSubpassDependency2 dep = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
                               .pNext = &mb,
                               .srcSubpass = 0,
                               .dstSubpass = VK_SUBPASS_EXTERNAL};
   VkRenderPassCreateInfo2 ci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
                                 .attachmentCount = 2,
                                 .pAttachments = att,
                                 .subpassCount = 1,
                                 .pSubpasses = &sp,
                                 .dependencyCount = 1,
                                 .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass2(c->dev, &ci, NULL, &rp));
   return rp;
}

static unsigned
scene(struct agx_vk_ctx *c)
{
   const VkFormat f = VK_FORMAT_D32_SFLOAT_S8_UINT;
   const VkImageAspectFlags all = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   struct agx_vk_image msi, res;
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = f,
                                  .width = W,
                                  .height = H,
                                  .samples = VK_SAMPLE_COUNT_4_BIT,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                  .aspect = all},
      &msi);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = f,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                  .aspect = all},
      &res);
   VkRenderPass rp = render_pass(c);
   VkImageView views[2] = {msi.view, res.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageSubresourceRange range = {all, 0, 1, 0, 1};
   agx_vk_barrier(cb, res.image, all, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_CLEAR_WRITE);
   VkClearDepthStencilValue before = {0.75f, 0x77};
   vkCmdClearDepthStencilImage(cb, res.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &before, 1,
                               &range);
   agx_vk_barrier(cb, res.image, all, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_CLEAR_WRITE,
                  AGX_VK_DEPTH_RW);
   VkClearValue clears[2];
   clears[0].depthStencil = (VkClearDepthStencilValue){0.25f, 9};
   clears[1].depthStencil = (VkClearDepthStencilValue){0.5f, 5};
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = area,
                                .clearValueCount = 2,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdEndRenderPass(cb);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 5, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_ASPECT_DEPTH_BIT,
                         0, out.buf, 0);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_IMAGE_ASPECT_STENCIL_BIT, 0, out.buf, W * H * 4);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   const float *dz = (const float *)out.map;
   const uint8_t *st = (const uint8_t *)out.map + W * H * 4;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = inside(x, y);
         float want_d = in ? 0.25f : 0.75f;
         unsigned want_s = in ? 5 : 0x77;
         float d = dz[y * W + x];
         unsigned s = st[y * W + x];
         if ((fabsf(d - want_d) > 1e-6f || s != want_s) && bad++ < 5)
            fprintf(stderr, "(%d, %d): depth %g stencil 0x%x, want %g 0x%x\n", x, y, d, s, want_d,
                    want_s);
      }
   if (bad)
      fprintf(stderr, "%u of %d resolve texels differ\n", bad, W * H);
   else
      printf("depth SAMPLE_ZERO + stencil NONE resolve, partial area: ok\n");
   agx_vk_buffer_free(c, &out);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &msi);
   agx_vk_image_free(c, &res);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   VkPhysicalDeviceDepthStencilResolveProperties dsr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &dsr};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   unsigned bad = 0;
   if (!dsr.independentResolveNone)
      printf("independentResolveNone not supported: skipped\n");
   else
      bad = scene(&c);
   int status = agx_vk_ctx_finish(&c);
   return bad ? 1 : status;
}
