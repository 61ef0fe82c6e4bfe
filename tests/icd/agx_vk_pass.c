/*
 * Render-pass scaffolding of the loader tests (see agx_vk_pass.h): one-colour
 * render passes, framebuffers, secondaries continuing a pass. Plain Vulkan
 * 1.3 calls; every failed call is a failed check (VK_OK).
 */
#include "agx_vk_pass.h"

VkRenderPass
agx_vk_color_render_pass(struct agx_vk_ctx *c, VkFormat format, VkAttachmentLoadOp load,
                         VkImageLayout initial, VkImageLayout layout,
                         const VkSubpassDependency *self_dep)
{
   VkAttachmentDescription ad = {.format = format,
                                 .samples = VK_SAMPLE_COUNT_1_BIT,
                                 .loadOp = load,
                                 .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                 .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                 .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                 .initialLayout = initial,
                                 .finalLayout = layout};
   VkAttachmentReference ref = {0, layout};
   VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = 1,
                              .pColorAttachments = &ref};
   VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .attachmentCount = 1,
                                 .pAttachments = &ad,
                                 .subpassCount = 1,
                                 .pSubpasses = &sp,
                                 .dependencyCount = self_dep ? 1 : 0,
                                 .pDependencies = self_dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rci, NULL, &rp));
   return rp;
}

VkFramebuffer
agx_vk_framebuffer(struct agx_vk_ctx *c, VkRenderPass rp, uint32_t count, const VkImageView *views,
                   uint32_t w, uint32_t h, uint32_t layers)
{
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = count,
                                  .pAttachments = views,
                                  .width = w,
                                  .height = h,
                                  .layers = layers};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   return fb;
}

VkCommandBuffer
agx_vk_begin_secondary(struct agx_vk_ctx *c, VkCommandBufferUsageFlags flags,
                       const struct agx_vk_inheritance *inh)
{
   VkCommandBufferInheritanceRenderingInfo iri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .flags = inh->rendering_flags,
      .viewMask = inh->view_mask,
      .colorAttachmentCount = inh->color_count,
      .pColorAttachmentFormats = inh->colors,
      .depthAttachmentFormat = inh->depth,
      .stencilAttachmentFormat = inh->stencil,
      .rasterizationSamples = inh->samples ? inh->samples : VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo ii = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                        .pNext = inh->render_pass ? NULL : &iri,
                                        .renderPass = inh->render_pass,
                                        .subpass = inh->subpass,
                                        .framebuffer = inh->framebuffer,
                                        .occlusionQueryEnable = inh->occlusion_query,
                                        .queryFlags = inh->query_flags,
                                        .pipelineStatistics = inh->statistics};
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = c->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = flags,
                                  .pInheritanceInfo = &ii};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   return cb;
}
