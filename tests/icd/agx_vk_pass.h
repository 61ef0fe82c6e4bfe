/*
 * Render-pass scaffolding shared by the loader tests (on top of agx_vk_gfx.h):
 * VkRenderPass objects of one colour attachment, their framebuffers, and
 * secondary command buffers that continue a render pass or dynamic rendering
 * (the inheritance a test describes field by field).
 *
 * Assumes: a device made by agx_vk_ctx_device (secondaries come from the
 * context's command pool, freed with it or by the test), Vulkan 1.3
 * dynamicRendering for secondaries without a render pass. As with
 * agx_vk_gfx.h, only what the test describes is built: what is recorded and
 * what is expected stays in the test.
 */
#ifndef AGX_VK_PASS_H
#define AGX_VK_PASS_H

#include "agx_vk_gfx.h"

/* A render pass of one subpass writing one single-sample colour attachment
 * of `format`: loadOp `load`, storeOp STORE, from `initial` to `layout`,
 * which the subpass uses too; with `self_dep` (not NULL) that subpass
 * self-dependency. */
VkRenderPass agx_vk_color_render_pass(struct agx_vk_ctx *c, VkFormat format,
                                      VkAttachmentLoadOp load, VkImageLayout initial,
                                      VkImageLayout layout, const VkSubpassDependency *self_dep);

/* A framebuffer of `count` views for `rp`, w x h, `layers` layers. */
VkFramebuffer agx_vk_framebuffer(struct agx_vk_ctx *c, VkRenderPass rp, uint32_t count,
                                 const VkImageView *views, uint32_t w, uint32_t h, uint32_t layers);

/* What a secondary inherits: a render pass and subpass (framebuffer may be
 * VK_NULL_HANDLE), or, with no render pass, dynamic rendering of colour
 * formats colors[color_count], depth and stencil formats (UNDEFINED: none),
 * samples (0: one), view_mask and rendering flags; occlusion queries and
 * pipeline statistics. */
struct agx_vk_inheritance {
   VkRenderPass render_pass;
   uint32_t subpass;
   VkFramebuffer framebuffer;
   uint32_t color_count;
   const VkFormat *colors;
   VkFormat depth, stencil;
   VkSampleCountFlagBits samples;
   uint32_t view_mask;
   VkRenderingFlags rendering_flags;
   bool occlusion_query;
   VkQueryControlFlags query_flags;
   VkQueryPipelineStatisticFlags statistics;
};

/* A secondary command buffer from the context's pool, begun with usage
 * `flags` (RENDER_PASS_CONTINUE to continue a pass) and inheritance `inh`. */
VkCommandBuffer agx_vk_begin_secondary(struct agx_vk_ctx *c, VkCommandBufferUsageFlags flags,
                                       const struct agx_vk_inheritance *inh);

#endif
